"""Exhaustive search for three opening words, as a hitting-set problem.

Three guesses leave at most ``bound`` answers together exactly when every set of
``bound + 1`` answers (a *witness*) is separated by one of them: some guess gives its members
different codes. So, for any witness ``T`` still together after the moves chosen so far, every
feasible opening contains a guess of ``D(T)``, the guesses that separate ``T``. The search
branches on the members of ``D(T)`` for a witness with few of them, in order, and excludes the
guesses of earlier branches from later ones: every feasible triple is visited exactly once (in
the branch of its first member in that order), and a triple that is never visited cannot meet
the bound. That makes "no triple exists" a proof, and "the best triple" an exact optimum over
the triples visited.

* Root: one witness for the whole group; its separating guesses are the first words
  (:func:`first_words`, computed once and split into work units).
* First word: the witness among its classes with the fewest separating guesses left gives the
  second words.
* First and second word: the third words allowed are those that separate every witness of the
  pair's classes (every witness of a small class, one per large class, more as third words
  fail); only those are scored.

Sets of guesses are bitsets (64 guesses a word). For every pair of answers the guesses that
give both one code are tabled once per group (:func:`agreement`), so the guesses that separate
a witness are an AND over a few rows; answers are "similar" when many guesses agree on them.
The tests hold the search to a plain loop over all triples on small lists.
"""

from __future__ import annotations

import numba
import numpy as np

from playbook.core.kernels import INFEASIBLE, LARGEST, _big_parts, _n_past, _scan, classes_of
from playbook.core.kernels import compare as _compare
from playbook.core.kernels import refine as _refine

EXACT_MAX = 6
"""Classes up to this size get the exact mask of third words (every witness in them)."""
WITNESS_TRIES = 32
"""Classes tried for the witness of a first word."""
MAX_PAIR_BYTES = 1 << 30
"""Most memory for the table of guesses that agree on each pair of answers."""


@numba.njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]  # numba types it at the call
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@numba.njit(cache=True)
def pair_index(a, b, n):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Row of the answer pair {a, b} (a != b) in :func:`agreement`'s table."""
    if a > b:
        a, b = b, a
    return a * n - a * (a + 1) // 2 + (b - a - 1)


def pair_bytes(n_answers: int, n_guesses: int) -> int:
    """Memory of :func:`agreement`'s table for a group."""
    return n_answers * (n_answers - 1) // 2 * ((n_guesses + 63) // 64) * 8


@numba.njit(cache=True)
def agreement(FT):  # type: ignore[no-untyped-def]  # numba types it at the call
    """For every pair of answers, the guesses that give both one code (a bitset, one row per
    pair, :func:`pair_index`), and how many they are (``sim``, answers x answers)."""
    n, m = FT.shape
    W = (m + 63) // 64
    E = np.zeros((n * (n - 1) // 2, W), dtype=np.uint64)
    sim = np.zeros((n, n), dtype=np.int32)
    for a in range(n):
        ra = FT[a]
        for b in range(a + 1, n):
            rb = FT[b]
            p = pair_index(a, b, n)
            s = 0
            for w in range(W):
                word = np.uint64(0)
                for g in range(w * 64, min(w * 64 + 64, m)):
                    if ra[g] == rb[g]:
                        word |= np.uint64(1) << np.uint64(g - w * 64)
                E[p, w] = word
                s += _popcount(word)
            sim[a, b] = s
            sim[b, a] = s
    return E, sim


@numba.njit(cache=True)
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
        return left != 0
    p2 = pair_index(mem[0], mem[2], n)
    if k == 3:
        for w in range(lo, W):
            v = bits[w] & ~(E[p1, w] & E[p2, w])
            bits[w] = v
            left |= v
        return left != 0
    for w in range(lo, W):
        same = E[p1, w] & E[p2, w]
        for r in range(3, k):
            same &= E[pair_index(mem[0], mem[r], n), w]
        v = bits[w] & ~same
        bits[w] = v
        left |= v
    return left != 0


@numba.njit(cache=True)
def count(bits):  # type: ignore[no-untyped-def]  # numba types it at the call
    """How many bits are set."""
    c = 0
    for w in range(bits.shape[0]):
        c += _popcount(bits[w])
    return c


@numba.njit(cache=True)
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


@numba.njit(cache=True)
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


@numba.njit(cache=True)
def pick_witness(E, sim, order, starts, ends, n_big, k, allowed, tries, per_class, mem, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Of the witnesses tried (the most similar pair of each of the first ``tries`` classes,
    grown; and from each of its first ``per_class`` members with its most similar partner),
    the one that the fewest ``allowed`` guesses separate; its mask in ``out``. Returns the
    count."""
    n = sim.shape[0]
    best = 1 << 40
    cand = np.empty(k, dtype=np.int64)
    scratch = np.empty_like(allowed)
    for c in range(min(n_big, tries)):
        s = starts[c]
        e = ends[c]
        for t in range(min(per_class, e - s) + 1):
            if t == 0:
                witness(sim, order, s, e, k, cand)
            else:
                a = order[s + t - 1]
                cand[0] = a
                v = -1
                for i in range(s, e):
                    if order[i] != a and sim[a, order[i]] > v:
                        v = sim[a, order[i]]
                        cand[1] = order[i]
                grow(sim, order, s, e, k, cand)
            scratch[:] = allowed
            separate(E, n, cand, k, scratch, 0)
            cnt = count(scratch)
            if cnt < best:
                best = cnt
                mem[:k] = cand
                out[:] = scratch
    return best


@numba.njit(cache=True)
def _exact_class(E, n, order, s, e, k, bits, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
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


@numba.njit(cache=True)
def _third_words(  # type: ignore[no-untyped-def]  # numba types it at the call
    F, E, sim, g2, o1, s1, e1, n_big1, bound, allowed, big_o, big_s, big_e, counts, pos, mem
):
    """Split the first word's classes past the bound by ``g2`` (largest first) and narrow
    ``allowed`` to the third words that separate the witnesses of every part past the bound,
    stopping as soon as none is left. Returns (parts past the bound, whether the mask is exact
    for all of them), or (-1, False) when no third word is left."""
    n = sim.shape[0]
    k = bound + 1
    row = F[g2]
    n_big = 0
    p = 0
    exact = True
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
    for b in range(n_big):
        if big_e[b] - big_s[b] > EXACT_MAX or k > 3:
            exact = False
        elif not _exact_class(E, n, big_o, big_s[b], big_e[b], k, allowed, mem):
            return -1, False
    return n_big, exact


@numba.njit(cache=True)
def _breaks(F, g3, big_o, big_s, big_e, n_big, bound, counts, mem):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether ``g3`` leaves more than ``bound`` members of a part together; if so, bound + 1
    of them in ``mem``."""
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


@numba.njit(cache=True)
def _set(bits, g, on):  # type: ignore[no-untyped-def]  # numba types it at the call
    one = np.uint64(1) << np.uint64(g & 63)
    if on:
        bits[g >> 6] |= one
    else:
        bits[g >> 6] &= ~one


@numba.njit(cache=True)
def _has(bits, g):  # type: ignore[no-untyped-def]  # numba types it at the call
    return (bits[g >> 6] >> np.uint64(g & 63)) & np.uint64(1) == np.uint64(1)


@numba.njit(cache=True)
def _members(bits, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The set bits, ascending, into ``out``; returns how many."""
    k = 0
    for w in range(bits.shape[0]):
        x = bits[w]
        while x:
            low = x & (~x + np.uint64(1))
            out[k] = w * 64 + _popcount(low - np.uint64(1))
            k += 1
            x ^= low
    return k


@numba.njit(cache=True)
def _outside(n_g):  # type: ignore[no-untyped-def]  # numba types it at the call
    """A bitset of guesses with the bits past the last guess set."""
    bits = np.zeros((n_g + 63) // 64, dtype=np.uint64)
    for g in range(n_g, bits.shape[0] * 64):
        _set(bits, g, True)
    return bits


@numba.njit(cache=True)
def search(F, E, sim, firsts, mine, bound, keys, in_ans, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The best triple by ``keys`` (then the smallest sorted triple) among those whose largest
    part is at most ``bound`` and whose first word, in the order ``firsts``, is ``firsts[i]``
    for i in ``mine`` (ascending) with no earlier first word in it. Where the ranking puts
    the largest part first the bound tightens to the best found. ``keys`` must end with N_IN.

    Returns (g1, g2, g3, largest, parts, sumsq, slog, first words, pairs, third words
    checked), moves sorted, g1 = -1 if none."""
    tighten = keys[0] == LARGEST
    n_g, n = F.shape
    forb = _outside(n_g)
    W = forb.shape[0]
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    big_o = np.empty(n, dtype=np.int64)
    big_s = np.empty(n, dtype=np.int64)
    big_e = np.empty(n, dtype=np.int64)
    counts2 = np.zeros(n_codes, dtype=np.int64)
    pos2 = np.full(n_codes, -1, dtype=np.int64)
    mem = np.empty(max(min(bound, n) + 1, 3), dtype=np.int64)
    seconds = np.empty(W, dtype=np.uint64)
    allowed = np.empty(W, dtype=np.uint64)
    free = np.empty(W, dtype=np.uint64)
    g2s = np.empty(n_g, dtype=np.int64)
    g3s = np.empty(n_g, dtype=np.int64)
    b1 = -1
    b2 = -1
    b3 = -1
    bmx = INFEASIBLE
    bparts = 0
    bsq = 0
    bslog = 0.0
    bnin = 0
    n1 = 0
    n2 = 0
    n3 = 0
    done = 0
    for ii in range(mine.shape[0]):
        i = mine[ii]
        for j in range(done, i + 1):
            _set(forb, firsts[j], True)
        done = i + 1
        g1 = firsts[i]
        n1 += 1
        o1, s1, e1 = classes_of(F[g1])
        n_big1 = _n_past(s1, e1, bound)
        for w in range(W):
            free[w] = ~forb[w]
        if n_big1 > 0:
            pick_witness(
                E, sim, o1, s1, e1, n_big1, bound + 1, free, WITNESS_TRIES, 8, mem, seconds
            )
        else:
            seconds[:] = free
        k2 = _members(seconds, g2s)
        for q2 in range(k2):
            g2 = g2s[q2]
            _set(forb, g2, True)
            n2 += 1
            for w in range(W):
                allowed[w] = ~forb[w]
            n_big, exact = _third_words(
                F, E, sim, g2, o1, s1, e1, n_big1, bound, allowed,
                big_o, big_s, big_e, counts2, pos2, mem,
            )  # fmt: skip
            if n_big < 0:
                continue
            full = False
            k3 = _members(allowed, g3s)
            for q3 in range(k3):
                g3 = g3s[q3]
                if not _has(allowed, g3):
                    continue
                n3 += 1
                if (
                    n_big > 0
                    and not exact
                    and _breaks(F, g3, big_o, big_s, big_e, n_big, bound, counts2, mem)
                ):
                    # what broke it rules out the later third words that do the same
                    separate(E, n, mem, bound + 1, allowed, (g3 + 1) >> 6)
                    continue
                if not full:
                    o2, s2, e2 = _refine(F, g2, o1, s1, e1, n_codes)
                    full = True
                mx, parts, sq, slog, cur = _scan(F, g3, o2, s2, e2, bound, counts, stamp, cur)
                if mx == INFEASIBLE:
                    continue
                nin = in_ans[g1] + in_ans[g2] + in_ans[g3]
                x = min(g1, g2, g3)
                z = max(g1, g2, g3)
                y = g1 + g2 + g3 - x - z
                better = b1 < 0
                if not better:
                    order = _compare(keys, mx, parts, sq, slog, nin, bmx, bparts, bsq, bslog, bnin)
                    better = order < 0 or (order == 0 and (x, y, z) < (b1, b2, b3))
                if better:
                    b1, b2, b3 = x, y, z
                    bmx, bparts, bsq, bslog, bnin = mx, parts, sq, slog, nin
                    if tighten and bmx < bound:
                        # every mask so far stays a necessary condition; the parts and
                        # their check are made again for the smaller bound
                        bound = bmx
                        n_big1 = _n_past(s1, e1, bound)
                        n_big = _big_parts(
                            F[g2], o1, s1, e1, n_big1, bound, big_o, big_s, big_e, counts2, pos2
                        )
                        exact = False
        for q2 in range(k2):
            _set(forb, g2s[q2], False)
    return b1, b2, b3, bmx, bparts, bsq, bslog, n1, n2, n3


def first_words(
    E: np.ndarray, sim: np.ndarray, n_guesses: int, bound: int, order: np.ndarray
) -> np.ndarray:
    """The first words to branch on: the guesses that separate the root witness (of the
    witnesses grown from each answer and its most similar partner, the one the fewest guesses
    separate), in the order ``order`` (all guesses, best first)."""
    n = sim.shape[0]
    k = bound + 1
    if n <= bound:
        return np.asarray(order, dtype=np.int64)
    everyone = ~_outside(n_guesses)
    mask = np.empty_like(everyone)
    cols = np.arange(n, dtype=np.int64)
    one = np.array([0], dtype=np.int64)
    pick_witness(E, sim, cols, one, one + n, 1, k, everyone, 1, n, np.empty(k, np.int64), mask)
    keep = np.unpackbits(mask.view(np.uint8), bitorder="little")[:n_guesses].astype(bool)
    return np.asarray(order, dtype=np.int64)[keep[order]]
