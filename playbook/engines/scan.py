"""The exact search's look at a set's candidate guesses, in numba: each guess's bound, parts,
sum of squared part sizes and partition hash (:func:`scan`), and the guesses that tell every
answer apart."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.bounds import weigh, weighted_bound
from playbook.engines.constants import INF


@numba.njit(cache=True, nogil=True)
def perfect(row, S, seen, mark):  # type: ignore[no-untyped-def]  # numba types it at the call
    """True if guess ``row`` gives every answer of ``S`` a different feedback."""
    for i in range(S.shape[0]):
        c = row[S[i]]
        if seen[c] == mark:
            return False
        seen[c] = mark
    return True


@numba.njit(cache=True, nogil=True)
def telling_apart(F, S, col_row, seen, stats, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(guess, weight) of the heaviest possible answer of ``S`` that tells all the others
    apart (the first where every answer weighs 1), or (-1, -1)."""
    heaviest = np.int64(-1)
    best_g = -1
    for i in range(S.shape[0]):
        stats[2] += 1
        g = col_row[S[i]]
        if perfect(F[g], S, seen, stats[2]):
            if w.shape[0] == 0:
                return g, np.int64(1)
            if w[S[i]] > heaviest:
                heaviest, best_g = w[S[i]], g
    return best_g, heaviest


@numba.njit(cache=True, nogil=True)
def parts_of(row, S, seen, mark, solved):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(parts, the place in ``S`` of the answer the guess finds, or -1) of ``S`` under guess
    ``row``; ``seen`` holds ``mark`` for the codes met (a fresh ``mark`` per call)."""
    parts = 0
    at = -1
    for i in range(S.shape[0]):
        c = row[S[i]]
        if seen[c] != mark:
            seen[c] = mark
            parts += 1
            if c == solved:
                at = i
    return parts, at


@numba.njit(cache=True, nogil=True)
def first_apart(laid, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The first row of ``laid`` (:func:`~playbook.engines.layout.laid_codes`) whose codes all
    differ, or -1 (``seen``: one stamp per code, ``stats[2]`` the last stamp)."""
    for j in range(laid.shape[0]):
        stats[2] += 1
        mark = stats[2]
        apart = True
        for i in range(laid.shape[1]):
            c = laid[j, i]
            if seen[c] == mark:
                apart = False
                break
            seen[c] = mark
        if apart:
            return j
    return -1


@numba.njit(cache=True, nogil=True)
def first_perfect(F, S, cands, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The first of ``cands`` that gives every answer of ``S`` a different feedback, or -1."""
    for j in range(cands.shape[0]):
        stats[2] += 1
        if perfect(F[cands[j]], S, seen, stats[2]):
            return j
    return -1


@numba.njit(cache=True, nogil=True)
def scan(F, S, t, cands, lbtab, solved, n_codes, w, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """For each candidate guess on set ``S`` with ``t`` turns left: (bound, in set, parts,
    sum of squared part sizes, partition hash). The bound is the weight of ``S`` (``|S|``
    where ``w`` is empty: every answer weighs 1) plus the counting bound of each non-solving
    part with ``t - 1`` turns (:func:`~playbook.engines.bounds.weighted_bound`).

    The partition hash is the sum over the parts of a mix of each part's signature, the sum
    of its answers' ``zob`` keys: guesses that split ``S`` alike get the same hash whatever
    codes they show. One pass over ``S`` lays the counts and signatures out by code and lists
    the codes met (without a branch), and one over the codes met reads them (over all codes,
    or all of ``S``, it was 15-25% slower on Lingo's sets of 8 to 60 answers); the hash needs
    no chain of multiplications through the answers (1.7x faster on Mastermind 4x6's sets
    than the label-by-first-appearance hash it replaced)."""
    m = cands.shape[0]
    n = S.shape[0]
    unit = w.shape[0] == 0
    wsum = np.zeros(n_codes, dtype=np.int64)
    wlo = np.full(n_codes, INF, dtype=np.int64)
    total, _, _ = weigh(S, w)
    bound = np.empty(m, dtype=np.int64)
    ins = np.zeros(m, dtype=np.int64)
    parts = np.empty(m, dtype=np.int64)
    sumsq = np.empty(m, dtype=np.int64)
    phash = np.empty(m, dtype=np.uint64)
    counts = np.zeros(n_codes, dtype=np.int64)
    sig = np.zeros(n_codes, dtype=np.uint64)
    below = lbtab[t - 1]
    zs = np.empty(n, dtype=np.uint64)  # the answers' keys, read once per set
    for i in range(n):
        zs[i] = zob[S[i]]
    cs = np.empty(n, dtype=np.int64)  # the codes met under the guess
    for j in range(m):
        row = F[cands[j]]
        nm = 0
        for i in range(n):
            c = np.int64(row[S[i]])
            cs[nm] = c
            nm += counts[c] == 0
            counts[c] += 1
            sig[c] += zs[i]
            if not unit:
                x = w[S[i]]
                wsum[c] += x
                if x < wlo[c]:
                    wlo[c] = x
        s = total
        q = 0
        h = np.uint64(0)
        for i in range(nm):
            c = cs[i]
            k = counts[c]
            q += k * k
            h += _mix(sig[c])
            if c == solved:
                ins[j] = 1
            elif unit:
                s += below[k]
            else:
                s += weighted_bound(lbtab, t - 1, k, wsum[c], wlo[c])
            if not unit:
                wsum[c] = 0
                wlo[c] = INF
            counts[c] = 0
            sig[c] = 0
        bound[j] = s
        parts[j] = nm
        sumsq[j] = q
        phash[j] = h
    return bound, ins, parts, sumsq, phash


@numba.njit(cache=True, nogil=True)
def _mix(sig):  # type: ignore[no-untyped-def]  # numba types it at the call
    """What a part of signature ``sig`` adds to a partition hash (:func:`scan`)."""
    x = sig * np.uint64(0x9E3779B97F4A7C15)
    return x ^ (x >> np.uint64(29))


@numba.njit(cache=True, nogil=True)
def describe(F, S, cands, keep, bound, b, zob, counts, sig, sumsq, phash):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Fills :func:`scan`'s sum of squared part sizes and partition hash for the candidates
    ``keep`` of bound ``b`` (``counts``, ``sig``: zeros, one per code, left zero)."""
    n = S.shape[0]
    for i in range(keep.shape[0]):
        j = keep[i]
        if bound[j] != b:
            continue
        row = F[cands[j]]
        for a in range(n):
            c = row[S[a]]
            counts[c] += 1
            sig[c] += zob[S[a]]
        q = 0
        h = np.uint64(0)
        for c in range(counts.shape[0]):
            k = counts[c]
            if k > 0:
                q += k * k
                h += _mix(sig[c])
                counts[c] = 0
                sig[c] = 0
        sumsq[j] = q
        phash[j] = h


def least_bound(F, S, t, cands, lbtab, solved, n_codes, w, zob) -> int:  # type: ignore[no-untyped-def]
    """The least bound :func:`scan` gives any of ``cands`` that splits ``S`` or is in it (its weight
    and its parts' counting bounds): a lower bound of ``S``'s value one level deeper than counting
    (:data:`~playbook.engines.constants.INF` where no candidate does either)."""
    bound, ins, nparts, _, _ = scan(F, S, t, cands, lbtab, solved, n_codes, w, zob)
    useful = bound[(nparts > 1) | (ins == 1)]
    return int(useful.min()) if len(useful) else INF
