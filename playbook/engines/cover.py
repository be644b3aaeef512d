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

from playbook.engines.kernels import _n_past, classes_of
from playbook.engines.primitives import (
    LARGEST,
    better,
    grow,
    pair_best,
    pair_index,
    popcount,
    separate,
    witness,
)

WITNESS_TRIES = 32
"""Classes tried for the witness of a first word."""


def pair_bytes(n_answers: int, n_guesses: int) -> int:
    """Memory of :func:`agreement`'s table for a group."""
    return n_answers * (n_answers - 1) // 2 * ((n_guesses + 63) // 64) * 8


@numba.njit(cache=True, nogil=True)
def _agree(Q, n, W, E, first):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``E[pair] (&)= the guesses where both answers have the same byte`` for one byte plane
    ``Q`` of the codes (each answer's bytes as uint64, 8 guesses a word); ``first``: write,
    else AND."""
    low7 = np.uint64(0x7F7F7F7F7F7F7F7F)
    high = np.uint64(0x8080808080808080)
    gather = np.uint64(0x0102040810204080)  # bit 0 of byte i to bit i of the top byte
    for a in range(n):
        qa = Q[a]
        for b in range(a + 1, n):
            qb = Q[b]
            p = pair_index(a, b, n)
            for w in range(W):
                word = np.uint64(0)
                for j in range(8):
                    x = qa[w * 8 + j] ^ qb[w * 8 + j]
                    same = ~(((x & low7) + low7) | x) & high  # top bit of each equal byte
                    word |= ((same >> np.uint64(7)) * gather >> np.uint64(56)) << np.uint64(8 * j)
                E[p, w] = word if first else E[p, w] & word


@numba.njit(cache=True, nogil=True)
def _similarity(E, n, last):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Clear the bits past the last guess; ``sim[a, b]``: how many guesses agree on a, b."""
    sim = np.zeros((n, n), dtype=np.int32)
    W = E.shape[1]
    for a in range(n):
        for b in range(a + 1, n):
            p = pair_index(a, b, n)
            E[p, W - 1] &= last
            s = 0
            for w in range(W):
                s += popcount(E[p, w])
            sim[a, b] = s
            sim[b, a] = s
    return sim


def agreement(FT: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every pair of answers, the guesses that give both one code (a bitset, one row per
    pair, :func:`pair_index`), and how many they are (``sim``, answers x answers). Codes are
    compared a byte plane at a time, eight guesses a 64-bit word (equal bytes found with bit
    tricks); codes of two bytes (beyond five letters) agree where both planes do."""
    n, m = FT.shape
    W = (m + 63) // 64
    E = np.zeros((n * (n - 1) // 2, W), dtype=np.uint64)
    for plane in range(FT.dtype.itemsize):
        codes = np.zeros((n, W * 64), dtype=np.uint8)
        codes[:, :m] = (FT >> (8 * plane)) & 0xFF
        _agree(codes.view(np.uint64), n, W, E, plane == 0)
    tail = m - (W - 1) * 64
    last = np.uint64((1 << tail) - 1)
    return E, _similarity(E, n, last)


@numba.njit(cache=True, nogil=True)
def count(bits):  # type: ignore[no-untyped-def]  # numba types it at the call
    """How many bits are set."""
    c = 0
    for w in range(bits.shape[0]):
        c += popcount(bits[w])
    return c


@numba.njit(cache=True, nogil=True)
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


@numba.njit(cache=True, nogil=True)
def _set(bits, g, on):  # type: ignore[no-untyped-def]  # numba types it at the call
    one = np.uint64(1) << np.uint64(g & 63)
    if on:
        bits[g >> 6] |= one
    else:
        bits[g >> 6] &= ~one


@numba.njit(cache=True, nogil=True)
def _members(bits, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The set bits, ascending, into ``out``; returns how many."""
    k = 0
    for w in range(bits.shape[0]):
        x = bits[w]
        while x:
            low = x & (~x + np.uint64(1))
            out[k] = w * 64 + popcount(low - np.uint64(1))
            k += 1
            x ^= low
    return k


@numba.njit(cache=True, nogil=True)
def _outside(n_g):  # type: ignore[no-untyped-def]  # numba types it at the call
    """A bitset of guesses with the bits past the last guess set."""
    bits = np.zeros((n_g + 63) // 64, dtype=np.uint64)
    for g in range(n_g, bits.shape[0] * 64):
        _set(bits, g, True)
    return bits


@numba.njit(cache=True, nogil=True)
def first_word(F, E, sim, g1, forb, bound, mem, seconds):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The step of a first word ``g1``: its classes (largest first) and how many are past the
    bound; in ``seconds``, its second words: the guesses not in ``forb`` that separate the
    witness among its classes with the fewest such guesses (all of them if no class is past
    the bound)."""
    o1, s1, e1 = classes_of(F[g1])
    n_big1 = _n_past(s1, e1, bound)
    free = ~forb
    if n_big1 > 0:
        pick_witness(E, sim, o1, s1, e1, n_big1, bound + 1, free, WITNESS_TRIES, 8, mem, seconds)
    else:
        seconds[:] = free
    return o1, s1, e1, n_big1


@numba.njit(cache=True, nogil=True)
def search(F, E, sim, firsts, mine, bound, keys, in_ans, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The best triple by ``keys`` (then the smallest sorted triple) among those whose largest
    part is at most ``bound`` and whose first word, in the order ``firsts``, is ``firsts[i]``
    for i in ``mine`` (ascending) with no earlier first word in it. Where the ranking puts
    the largest part first the bound tightens to the best found. ``keys`` must end with N_IN.

    Returns (result row (:func:`primitives.better`), first words, pairs, third words
    checked)."""
    tighten = keys[0] == LARGEST
    n_g, n = F.shape
    forb = _outside(n_g)
    W = forb.shape[0]
    scratch = np.empty((6, n), dtype=np.int64)
    codes = np.zeros((5, n_codes), dtype=np.int64)
    codes[2] = -1
    mem = np.empty(max(min(bound, n) + 1, 3), dtype=np.int64)
    seconds = np.empty(W, dtype=np.uint64)
    allowed = np.empty(W, dtype=np.uint64)
    g2s = np.empty(n_g, dtype=np.int64)
    row = np.empty(8, dtype=np.float64)
    pair = np.empty(8, dtype=np.float64)
    best = np.full(8, -1.0)
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
        o1, s1, e1, n_big1 = first_word(F, E, sim, g1, forb, bound, mem, seconds)
        k2 = _members(seconds, g2s)
        for q2 in range(k2):
            g2 = g2s[q2]
            _set(forb, g2, True)
            n2 += 1
            for w in range(W):
                allowed[w] = ~forb[w]
            n3 += pair_best(
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
                s1.shape[0],
                n_big1,
                bound,
                allowed,
                scratch,
                codes,
                mem,
                row,
                pair,
            )
            if better(keys, pair, best):
                best[:] = pair
                if tighten and best[3] < bound:
                    bound = int(best[3])
                    n_big1 = _n_past(s1, e1, bound)
        for q2 in range(k2):
            _set(forb, g2s[q2], False)
    return best, n1, n2, n3


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
