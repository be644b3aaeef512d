"""How the exact searches lay a set's answers out, in numba: by the code a guess gives them
(:func:`lay_out` for the search, :func:`split_by_code` for building trees), and the matrix
copied a row per answer with its codes renumbered (:func:`by_answer`, :func:`laid_codes`)
for the lean scan."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.bounds import codes_met

LEAN_BYTES = 1 << 28
"""The largest feedback matrix the lean scan copies (:func:`by_answer`; Mastermind 5x5's
is 9.8 MB)."""


NO_LEAN = (np.zeros((0, 0), dtype=np.uint8), 0, 0)
"""What the search gets where it scans the matrix itself (:func:`by_answer`)."""


def by_answer(F: np.ndarray, solved: int) -> tuple[np.ndarray, int, int]:
    """(matrix, solved code, number of codes) for :func:`~playbook.engines.bounds.scan_bounds`:
    ``F`` transposed (a row per answer) with its codes renumbered from 0 in the order of the codes
    met; or :data:`NO_LEAN` where ``F`` is over :data:`LEAN_BYTES`."""
    if F.size > LEAN_BYTES:
        return NO_LEAN
    seen = codes_met(np.ascontiguousarray(F).reshape(-1), max(int(F.max(initial=0)), solved) + 1)
    seen[solved] = True
    used = np.flatnonzero(seen)
    dense = np.zeros(len(seen), dtype=np.uint8)
    dense[used] = np.arange(len(used), dtype=np.uint8)
    FT = np.ascontiguousarray(F.T)  # numpy's transposed copy: 1.5 ms on 4x6, 2x a loop's
    _renumbered(FT.reshape(-1), dense)
    return FT, int(dense[solved]), len(used)


@numba.njit(cache=True, nogil=True)
def _renumbered(codes, dense):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``codes`` (flat) written over with ``dense[codes]``."""
    for i in range(codes.shape[0]):
        codes[i] = dense[codes[i]]


@numba.njit(cache=True, nogil=True)
def laid_codes(FT, S, cands):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The code of each answer of ``S`` under each guess of ``cands`` (a row per guess), from
    :func:`by_answer`'s copy, read answer by answer: each answer's row in order of guess,
    where reading each guess's row in order of answer missed the cache (on Mastermind 5x5's
    sets of about 14 answers and 2,500 guesses, the scan was 2 to 2.5x faster)."""
    m = cands.shape[0]
    n = S.shape[0]
    laid = np.empty((m, n), dtype=np.uint8)
    for i in range(n):
        r = FT[S[i]]
        for j in range(m):
            laid[j, i] = r[cands[j]]
    return laid


@numba.njit(cache=True, nogil=True)
def layout_buffers(n, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The room :func:`lay_out` works in for sets of up to ``n`` answers, made once per set:
    (counts, start, buf, met, pc, pk)."""
    return (
        np.zeros(n_codes, dtype=np.int64),
        np.zeros(n_codes, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
    )


@numba.njit(cache=True, nogil=True)
def lay_out(row, S, counts, start, buf, solved, n_codes, met, pc, pk):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Lay the answers of ``S`` out in ``buf`` by the code guess ``row`` gives them; returns
    the codes and sizes of the non-solving parts in order of code (part of code ``c`` at
    ``buf[start[c]:]``), as views of ``pc`` and ``pk``. ``counts`` is left zero; ``met``,
    ``pc``, ``pk``: room for ``n_codes`` each (nothing is allocated here: this runs for each
    guess tried). Where few codes are met, only they are visited."""
    n = S.shape[0]
    nm = 0
    for i in range(n):
        c = row[S[i]]
        if counts[c] == 0:
            met[nm] = c
            nm += 1
        counts[c] += 1
    if 4 * nm <= n_codes:
        for i in range(1, nm):  # few codes: sort them in place
            c = met[i]
            k = i - 1
            while k >= 0 and met[k] > c:
                met[k + 1] = met[k]
                k -= 1
            met[k + 1] = c
    else:
        nm = 0
        for c in range(n_codes):
            if counts[c] > 0:
                met[nm] = c
                nm += 1
    pos = 0
    npart = 0
    for i in range(nm):
        c = met[i]
        k = counts[c]
        start[c] = pos
        pos += k
        if c != solved:
            pc[npart] = c
            pk[npart] = k
            npart += 1
    for i in range(n):
        c = row[S[i]]
        buf[start[c]] = S[i]
        start[c] += 1
    for i in range(nm):
        c = met[i]
        start[c] -= counts[c]
        counts[c] = 0
    return pc[:npart], pk[:npart]


@numba.njit(cache=True, nogil=True)
def split_by_code(row, S, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(codes, ends, laid): the answers of ``S`` laid out by the code guess ``row`` gives
    them, codes ascending; part ``i`` (code ``codes[i]``) is ``laid[ends[i - 1]:ends[i]]``
    (from 0 for the first), each in the order of ``S``. For building trees from Python: one
    compiled call per node where ``np.unique`` and a mask per code took 0.06 s of
    Mastermind 4x6's tree."""
    counts = np.zeros(n_codes, dtype=np.int64)
    for i in range(S.shape[0]):
        counts[row[S[i]]] += 1
    k = 0
    for c in range(n_codes):
        if counts[c] > 0:
            k += 1
    codes = np.empty(k, dtype=np.int64)
    ends = np.empty(k, dtype=np.int64)
    start = np.empty(n_codes, dtype=np.int64)
    pos = 0
    k = 0
    for c in range(n_codes):
        if counts[c] > 0:
            start[c] = pos
            pos += counts[c]
            codes[k] = c
            ends[k] = pos
            k += 1
    laid = np.empty(S.shape[0], dtype=np.int64)
    for i in range(S.shape[0]):
        c = row[S[i]]
        laid[start[c]] = S[i]
        start[c] += 1
    return codes, ends, laid
