"""Building blocks of the search kernels, written for two targets: numba compiles this module
for the CPU when it is imported, and :mod:`playbook.engines.cover_gpu` loads the same source a
second time with CUDA device functions as ``jit`` (nothing here allocates, so that it runs in
a GPU thread as it is).

A split is described by the statistics below; a partition of the answers by ``order`` (answer
columns grouped by class) with class boundaries ``starts``/``ends``.
"""

from __future__ import annotations

import math
from typing import Any

import numba
import numpy as np

jit: Any = globals().get("_JIT") or numba.njit(cache=True, nogil=True)
"""The compiler of this copy of the module: numba's CPU jit, or CUDA device functions."""

LARGEST, PARTS, SUMSQ, SLOG, N_IN = 1, 2, 3, 4, 5
"""Statistics of a split, as a ranking's keys: the largest part (smaller first), the number
of parts (more first), the sum of squared part sizes (smaller first), the sum of k*log2 k
(smaller first: more information) and how many of the moves may be the answer (more first)."""
SLOG_SCALE = 1e9
"""The sum of k*log2 k is compared as ``rint(slog * SLOG_SCALE)``: equal splits summed in
another order compare equal."""
INFEASIBLE = 2147483647
"""Largest part of a split rejected at a bound (the int32 maximum)."""
EXACT_MAX = 6
"""Classes up to this size get the exact mask of third words (every witness in them)."""


@jit
def slog_key(slog):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The comparable form of a sum of k*log2 k: rint(slog * SLOG_SCALE), halves to even."""
    x = slog * SLOG_SCALE
    r = math.floor(x)
    d = x - r
    if d > 0.5 or (d == 0.5 and r % 2 == 1):
        r += 1.0
    return r


@jit
def compare(keys, mx_a, parts_a, sq_a, slog_a, nin_a, mx_b, parts_b, sq_b, slog_b, nin_b):  # type: ignore[no-untyped-def]  # numba types it at the call
    """-1 if split a ranks before b under ``keys``, 1 if after, 0 if tied (the caller breaks
    ties by index)."""
    for i in range(keys.shape[0]):
        k = keys[i]
        if k == LARGEST:
            if mx_a != mx_b:
                return -1 if mx_a < mx_b else 1
        elif k == PARTS:
            if parts_a != parts_b:
                return -1 if parts_a > parts_b else 1
        elif k == SUMSQ:
            if sq_a != sq_b:
                return -1 if sq_a < sq_b else 1
        elif k == SLOG:
            la = slog_key(slog_a)
            lb = slog_key(slog_b)
            if la != lb:
                return -1 if la < lb else 1
        elif nin_a != nin_b:  # N_IN
            return -1 if nin_a > nin_b else 1
    return 0


@jit
def scan(F, g, order, starts, ends, n_cls, bound, counts, stamp, cur):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Stats of refining the first ``n_cls`` classes by guess ``g``: (largest, parts, sum of
    squares, sum of k*log2 k, cur); largest = INFEASIBLE once a part > bound. ``stamp`` marks
    the codes seen in the class numbered ``cur``."""
    mx = 0
    parts = 0
    sq = 0
    slog = 0.0
    row = F[g]
    for c in range(n_cls):
        cur += 1
        s = starts[c]
        e = ends[c]
        if e - s == 1:
            parts += 1
            sq += 1
            if mx < 1:
                mx = 1
            continue
        for t in range(s, e):
            code = row[order[t]]
            if stamp[code] != cur:
                stamp[code] = cur
                counts[code] = 1
                parts += 1
            else:
                counts[code] += 1
                if counts[code] > bound:
                    return INFEASIBLE, 0, 0, 0.0, cur
        for t in range(s, e):
            code = row[order[t]]
            k = counts[code]
            if k > 0:
                sq += k * k
                slog += k * math.log2(k)
                if k > mx:
                    mx = k
                counts[code] = 0
    return mx, parts, sq, slog, cur


@jit
def refine_into(F, g, order, starts, ends, n_cls, out, s_out, e_out, counts, pos):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Split the first ``n_cls`` classes by the codes of ``g`` (counting sort per class) into
    ``out``/``s_out``/``e_out`` (classes in no particular order); returns how many.
    ``counts`` must be zero and is left so."""
    row = F[g]
    k = 0
    for c in range(n_cls):
        s = starts[c]
        e = ends[c]
        for t in range(s, e):
            counts[row[order[t]]] += 1
        p = s
        for t in range(s, e):
            code = row[order[t]]
            if counts[code] > 0:
                pos[code] = p
                s_out[k] = p
                e_out[k] = p + counts[code]
                p += counts[code]
                k += 1
                counts[code] = 0
        for t in range(s, e):
            code = row[order[t]]
            out[pos[code]] = order[t]
            pos[code] += 1
    return k


# ------------------------------------------------------------- sets of guesses as bitsets


@jit
def popcount(x):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Bits set in a uint64."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = x + (x >> np.uint64(8))
    x = x + (x >> np.uint64(16))
    x = x + (x >> np.uint64(32))
    return int(x & np.uint64(0x7F))


@jit
def pair_index(a, b, n):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Row of the answer pair {a, b} (a != b) in the agreement table."""
    if a > b:
        a, b = b, a
    return a * n - a * (a + 1) // 2 + (b - a - 1)


@jit
def has(bits, g):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether bit ``g`` is set."""
    return (bits[g >> 6] >> np.uint64(g & 63)) & np.uint64(1) == np.uint64(1)


@jit
def separate(E, n, mem, k, bits, lo):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``bits &=`` the guesses that separate the k answers ``mem[:k]`` (give them more than
    one code), from word ``lo`` of the bitset on; returns whether any stays set there."""
    W = bits.shape[0]
    p1 = pair_index(mem[0], mem[1], n)
    left = np.uint64(0)
    if k == 2:
        for w in range(lo, W):
            v = bits[w] & ~E[p1, w]
            bits[w] = v
            left |= v
        return left != np.uint64(0)
    p2 = pair_index(mem[0], mem[2], n)
    if k == 3:
        for w in range(lo, W):
            v = bits[w] & ~(E[p1, w] & E[p2, w])
            bits[w] = v
            left |= v
        return left != np.uint64(0)
    for w in range(lo, W):
        same = E[p1, w] & E[p2, w]
        for r in range(3, k):
            same &= E[pair_index(mem[0], mem[r], n), w]
        v = bits[w] & ~same
        bits[w] = v
        left |= v
    return left != np.uint64(0)


# ------------------------------------------------------------- witnesses


@jit
def grow(sim, order, s, e, k, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Extend ``mem[:2]`` to ``k`` members of ``order[s:e]``: each time the member most
    similar to all chosen (by its least similarity to them)."""
    for q in range(2, k):
        best = -1
        pick = -1
        for i in range(s, e):
            c = order[i]
            v = 1 << 30
            for r in range(q):
                if mem[r] == c:
                    v = -2
                    break
                v = min(v, sim[mem[r], c])
            if v > best:
                best = v
                pick = c
        mem[q] = pick


@jit
def witness(sim, order, s, e, k, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``k`` members of the class ``order[s:e]`` that few guesses separate: its most similar
    pair, grown greedily."""
    best = -1
    for i in range(s, e):
        a = order[i]
        for j in range(i + 1, e):
            v = sim[a, order[j]]
            if v > best:
                best = v
                mem[0] = a
                mem[1] = order[j]
    grow(sim, order, s, e, k, mem)


@jit
def exact_class(E, n, order, s, e, k, bits, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``bits &=`` the guesses that leave at most k - 1 members of ``order[s:e]`` together
    (every k-subset separated; k is 2 or 3). Returns whether any is left."""
    for i in range(s, e):
        mem[0] = order[i]
        for j in range(i + 1, e):
            mem[1] = order[j]
            if k == 2:
                if not separate(E, n, mem, 2, bits, 0):
                    return False
                continue
            for q in range(j + 1, e):
                mem[2] = order[q]
                if not separate(E, n, mem, 3, bits, 0):
                    return False
    return True


# ------------------------------------------------------------- one pair of openings


@jit
def third_words(  # type: ignore[no-untyped-def]  # numba types it at the call
    F, E, sim, g2, o1, s1, e1, n_big1, bound, allowed, big_o, big_s, big_e, counts, pos, mem
):
    """Split the first word's classes past the bound by ``g2`` (largest first) and narrow
    ``allowed`` to the third words that separate the witnesses of every part past the bound,
    stopping as soon as none is left. Returns (parts past the bound, whether the mask is exact
    for all of them), or (-1, False) when no third word is left. ``counts`` must be zero and
    ``pos`` -1, and are left so."""
    n = sim.shape[0]
    k = bound + 1
    row = F[g2]
    n_big = 0
    p = 0
    for c in range(n_big1):
        s = s1[c]
        e = e1[c]
        for t in range(s, e):
            counts[row[o1[t]]] += 1
        first = n_big
        for t in range(s, e):
            code = row[o1[t]]
            size = counts[code]
            if size > bound:
                pos[code] = p
                big_s[n_big] = p
                big_e[n_big] = p + size
                p += size
                n_big += 1
            counts[code] = 0
        for t in range(s, e):
            code = row[o1[t]]
            if pos[code] >= 0:
                big_o[pos[code]] = o1[t]
                pos[code] += 1
        for t in range(s, e):
            pos[row[o1[t]]] = -1
        for b in range(first, n_big):
            # one witness per part first: most pairs die here, cheaply
            witness(sim, big_o, big_s[b], big_e[b], k, mem)
            if not separate(E, n, mem, k, allowed, 0):
                return -1, False
    exact = True
    for b in range(n_big):
        if big_e[b] - big_s[b] > EXACT_MAX or k > 3:
            exact = False
        elif not exact_class(E, n, big_o, big_s[b], big_e[b], k, allowed, mem):
            return -1, False
    return n_big, exact


@jit
def breaks(F, g3, big_o, big_s, big_e, n_big, bound, counts, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether ``g3`` leaves more than ``bound`` members of a part together; if so, bound + 1
    of them in ``mem``. ``counts`` must be zero and is left so."""
    row = F[g3]
    for b in range(n_big):
        s = big_s[b]
        e = big_e[b]
        hit = -1
        for t in range(s, e):
            code = row[big_o[t]]
            counts[code] += 1
            if counts[code] > bound:
                hit = t
                break
        for t in range(s, e):
            counts[row[big_o[t]]] = 0
        if hit >= 0:
            code = row[big_o[hit]]
            q = 0
            for t in range(s, hit + 1):
                if row[big_o[t]] == code:
                    mem[q] = big_o[t]
                    q += 1
            return True
    return False


@jit
def sorted3(a, b, c):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Three guesses in list order."""
    x = min(a, min(b, c))
    z = max(a, max(b, c))
    return x, a + b + c - x - z, z


@jit
def better(keys, r, q):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether result row ``r`` beats ``q`` (float rows: g1, g2, g3 sorted, largest, parts,
    sum of squares, possible answers, sum of k*log2 k): by ``keys``, then by the sorted triple.
    A row with g1 < 0 is empty."""
    if r[0] < 0:
        return False
    if q[0] < 0:
        return True
    order = compare(keys, r[3], r[4], r[5], r[7], r[6], q[3], q[4], q[5], q[7], q[6])
    if order != 0:
        return order < 0
    for i in range(3):
        if r[i] != q[i]:
            return r[i] < q[i]
    return False


@jit
def row_of(r, q):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Copy result row ``r`` into ``q``."""
    for i in range(8):
        q[i] = r[i]


@jit
def pair_best(  # type: ignore[no-untyped-def]  # numba types it at the call
    F,
    E,
    sim,
    keys,
    in_ans,
    g1,
    g2,
    o1,
    s1,
    e1,
    n_cls1,
    n_big1,
    bound,
    allowed,
    scratch,
    codes,
    mem,
    row,
    out,
):
    """The best triple {g1, g2, g3} with g3 in ``allowed`` whose largest part is at most
    ``bound``, into ``out`` (a result row, see :func:`better`; g1 = -1 if none); returns how
    many third words it checked. ``o1``/``s1``/``e1``: the classes of ``g1``, largest first,
    ``n_big1`` of them past the bound (``n_cls1`` in all). Scratch: ``scratch`` 6 x answers
    ints, ``codes`` 5 x codes ints (zero, zero, -1, zero, any; left so), ``mem`` bound + 1
    ints, ``row`` a result row."""
    n = sim.shape[0]
    big_o = scratch[0]
    big_s = scratch[1]
    big_e = scratch[2]
    o2 = scratch[3]
    s2 = scratch[4]
    e2 = scratch[5]
    counts = codes[0]
    stamp = codes[1]
    pos = codes[2]
    counts2 = codes[3]
    counts3 = codes[4]
    out[0] = -1
    n_big, exact = third_words(
        F, E, sim, g2, o1, s1, e1, n_big1, bound, allowed, big_o, big_s, big_e, counts, pos, mem
    )
    if n_big < 0:
        return 0
    n_cls2 = -1
    cur = 0
    checked = 0
    W = allowed.shape[0]
    for w in range(W):
        x = allowed[w]
        while x != np.uint64(0):
            low = x & (~x + np.uint64(1))
            g3 = w * 64 + popcount(low - np.uint64(1))
            x ^= low
            if not has(allowed, g3):
                continue  # ruled out by what an earlier third word broke
            checked += 1
            if (
                n_big > 0
                and not exact
                and breaks(F, g3, big_o, big_s, big_e, n_big, bound, counts, mem)
            ):
                # what broke it rules out the later third words that do the same
                separate(E, n, mem, bound + 1, allowed, w)
                x &= allowed[w]
                continue
            if n_cls2 < 0:
                n_cls2 = refine_into(F, g2, o1, s1, e1, n_cls1, o2, s2, e2, counts2, pos)
                for c in range(pos.shape[0]):
                    pos[c] = -1
            mx, parts, sq, slog, cur = scan(F, g3, o2, s2, e2, n_cls2, bound, counts3, stamp, cur)
            if mx == INFEASIBLE:
                continue
            a, b, c = sorted3(g1, g2, g3)
            row[0] = a
            row[1] = b
            row[2] = c
            row[3] = mx
            row[4] = parts
            row[5] = sq
            row[6] = in_ans[g1] + in_ans[g2] + in_ans[g3]
            row[7] = slog
            if better(keys, row, out):
                row_of(row, out)
    if n_cls2 >= 0:
        for c in range(stamp.shape[0]):
            stamp[c] = 0
    return checked
