"""The exhaustive triple search on a CUDA GPU (numba.cuda): one GPU thread per pair of
openings, running the CPU's own per-pair step (:func:`playbook.engines.primitives.pair_best`,
its module loaded a second time with CUDA device functions as its ``jit``).

The host walks the first words as the CPU does (:func:`playbook.engines.cover.search`): for each
it finds the classes and the second words, in batches; the GPU takes every (first, second)
pair of a batch at once. A thread's words to leave out are those of the CPU walk at that pair
(the first words up to its own, and the second words up to its own), so the GPU visits the
same triples; the bound tightens between batches rather than between pairs, which changes how
much is visited but never the best triple. Results equal the CPU's; the tests hold them to it
on the CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``), and on a GPU where there is one.
"""

from __future__ import annotations

import importlib.util
import types
from typing import Any

import numba
import numpy as np
from numba import cuda

from playbook.engines import cover
from playbook.engines.primitives import LARGEST, better

MAX_N = 1024
"""Most answers in a group (a thread's scratch lives in its local memory)."""
MAX_CODES = 729
"""Most feedback codes (six-letter words)."""
MAX_K = 8
"""Most members of a witness (bound + 1)."""
MAX_W = 256
"""Most 64-guess words of a bitset (16,384 guesses)."""
BATCH = 256
"""First words per batch."""
THREADS = 128
"""Threads per block."""


class GPUUnavailable(Exception):
    """No CUDA GPU (or no numba.cuda) here; the message says why."""


def available() -> str | None:
    """None when a CUDA GPU can run the search, else why not (one line)."""
    try:
        if cuda.is_available():
            return None
        return "no CUDA GPU found (numba.cuda.is_available() is false)"
    except Exception as exc:  # a broken driver says so in many ways
        return f"CUDA cannot start: {exc}".splitlines()[0]


def fits(n_answers: int, n_guesses: int, n_codes: int, bound: int) -> str | None:
    """None when a group fits the GPU kernel's fixed scratch, else why not."""
    if n_answers > MAX_N:
        return f"{n_answers} answers (the GPU kernel takes up to {MAX_N})"
    if n_codes > MAX_CODES:
        return f"{n_codes} feedback codes (up to {MAX_CODES})"
    if (n_guesses + 63) // 64 > MAX_W:
        return f"{n_guesses} guesses (up to {MAX_W * 64})"
    if min(bound, n_answers) + 1 > MAX_K:
        return f"a bound of {bound} (up to {MAX_K - 1})"
    return None


_KERNEL: dict[str, Any] = {}
pair_best_dev: Any = None
"""The per-pair step as a CUDA device function (set when the kernel is built)."""


def _pairs_kernel(  # type: ignore[no-untyped-def]  # numba types it at the call
    F, E, sim, keys, in_ans, bound, G1, O1, S1, E1, NCLS, NBIG, FORB, SEC, PB, PG2, OUT, CHECKED
):
    """One thread per pair p: first word G1[PB[p]], second word PG2[p]."""
    p = cuda.grid(1)
    if p >= PB.shape[0]:
        return
    b = PB[p]
    g2 = PG2[p]
    W = FORB.shape[1]
    n = sim.shape[0]
    n_codes = MAX_CODES
    allowed_all = cuda.local.array(MAX_W, numba.uint64)
    allowed = allowed_all[:W]
    last = g2 >> 6
    for w in range(W):
        seen = np.uint64(0)
        if w < last:
            seen = SEC[b, w]
        elif w == last:
            # the second words up to g2 (the CPU walk has left them out by now)
            seen = SEC[b, w] & ((np.uint64(2) << np.uint64(g2 & 63)) - np.uint64(1))
        allowed[w] = ~(FORB[b, w] | seen)
    scratch = cuda.local.array((6, MAX_N), numba.int32)
    codes = cuda.local.array((5, MAX_CODES), numba.int32)
    for c in range(n_codes):
        codes[0, c] = 0
        codes[1, c] = 0
        codes[2, c] = -1
        codes[3, c] = 0
        codes[4, c] = 0
    mem = cuda.local.array(MAX_K, numba.int32)
    row = cuda.local.array(8, numba.float64)
    out = cuda.local.array(8, numba.float64)
    n_cls1 = NCLS[b]
    CHECKED[p] = pair_best_dev(
        F,
        E,
        sim,
        keys,
        in_ans,
        G1[b],
        g2,
        O1[b, :n],
        S1[b, :n_cls1],
        E1[b, :n_cls1],
        n_cls1,
        NBIG[b],
        bound,
        allowed,
        scratch,
        codes,
        mem,
        row,
        out,
    )
    for i in range(8):
        OUT[p, i] = out[i]


def _kernel() -> Any:
    """The CUDA kernel, built once per process."""
    if "pairs" not in _KERNEL:
        spec = importlib.util.find_spec("playbook.engines.primitives")
        assert spec is not None and spec.origin is not None
        dev = types.ModuleType("playbook.engines.primitives_cuda")
        dev.__dict__["_JIT"] = cuda.jit(device=True)
        with open(spec.origin, encoding="utf-8") as f:
            exec(compile(f.read(), spec.origin, "exec"), dev.__dict__)
        global pair_best_dev
        pair_best_dev = dev.pair_best
        _KERNEL["pairs"] = cuda.jit(_pairs_kernel)
    return _KERNEL["pairs"]


@numba.njit(cache=True, nogil=True)
def _merge(keys, rows, best):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The best of the result rows into ``best``."""
    for p in range(rows.shape[0]):
        if better(keys, rows[p], best):
            best[:] = rows[p]


def search(
    F: np.ndarray,
    E: np.ndarray,
    sim: np.ndarray,
    firsts: np.ndarray,
    mine: np.ndarray,
    bound: int,
    keys: np.ndarray,
    in_ans: np.ndarray,
    n_codes: int,
) -> tuple[np.ndarray, int, int, int]:
    """:func:`playbook.engines.cover.search` on the GPU: the same arguments and result."""
    kernel = _kernel()
    n_g, n = F.shape
    why = fits(n, n_g, n_codes, bound)
    if why is not None:
        raise GPUUnavailable(f"this group does not fit the GPU kernel: {why}")
    tighten = int(keys[0]) == LARGEST
    d_F, d_E, d_sim = cuda.to_device(F), cuda.to_device(E), cuda.to_device(sim)
    d_keys, d_in = cuda.to_device(keys), cuda.to_device(in_ans)
    prefix = cover._outside(n_g)
    W = prefix.shape[0]
    mem = np.empty(max(min(bound, n) + 1, 3), dtype=np.int64)
    best = np.full(8, -1.0)
    n1 = n2 = n3 = 0
    done = 0
    for start in range(0, len(mine), BATCH):
        batch = mine[start : start + BATCH]
        B = len(batch)
        G1 = np.empty(B, dtype=np.int64)
        O1 = np.zeros((B, n), dtype=np.int64)
        S1 = np.zeros((B, n), dtype=np.int64)
        E1 = np.zeros((B, n), dtype=np.int64)
        NCLS = np.zeros(B, dtype=np.int64)
        NBIG = np.zeros(B, dtype=np.int64)
        FORB = np.empty((B, W), dtype=np.uint64)
        SEC = np.empty((B, W), dtype=np.uint64)
        PB: list[np.ndarray] = []
        PG2: list[np.ndarray] = []
        for k, i in enumerate(batch.tolist()):
            for j in range(done, i + 1):
                cover._set(prefix, firsts[j], True)
            done = i + 1
            g1 = int(firsts[i])
            n1 += 1
            o1, s1, e1, n_big1 = cover.first_word(F, E, sim, g1, prefix, bound, mem, SEC[k])
            G1[k], NCLS[k], NBIG[k] = g1, len(s1), n_big1
            O1[k], S1[k, : len(s1)], E1[k, : len(s1)] = o1, s1, e1
            FORB[k] = prefix
            g2s = np.empty(n_g, dtype=np.int64)
            g2s = g2s[: cover._members(SEC[k], g2s)]
            PB.append(np.full(len(g2s), k, dtype=np.int64))
            PG2.append(g2s)
        pb, pg2 = np.concatenate(PB), np.concatenate(PG2)
        n2 += len(pb)
        if len(pb) == 0:
            continue
        out = np.empty((len(pb), 8), dtype=np.float64)
        checked = np.zeros(len(pb), dtype=np.int64)
        d_out, d_checked = cuda.to_device(out), cuda.to_device(checked)
        blocks = (len(pb) + THREADS - 1) // THREADS
        kernel[blocks, THREADS](
            d_F,
            d_E,
            d_sim,
            d_keys,
            d_in,
            bound,
            cuda.to_device(G1),
            cuda.to_device(O1),
            cuda.to_device(S1),
            cuda.to_device(E1),
            cuda.to_device(NCLS),
            cuda.to_device(NBIG),
            cuda.to_device(FORB),
            cuda.to_device(SEC),
            cuda.to_device(pb),
            cuda.to_device(pg2),
            d_out,
            d_checked,
        )
        out = d_out.copy_to_host()
        n3 += int(d_checked.copy_to_host().sum())
        _merge(keys, out, best)
        if tighten and best[0] >= 0 and best[3] < bound:
            bound = int(best[3])
    return best, n1, n2, n3
