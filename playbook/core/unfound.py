"""The exact search's second question, in numba: the fewest answers of a set that no tree
finds within the turns (where no tree finds them all), by branch and bound on the same
kernels as :mod:`playbook.core.exact`."""

from __future__ import annotations

import numba
import numpy as np

from playbook.core.exact import (
    ABORT,
    INF,
    guess_order,
    lay_out,
    now,
    parts_of,
    perfect,
    scan,
    set_key,
)


def unfound_table(limit: int, n: int, branching: int) -> np.ndarray:
    """``table[t, k]``: the counting lower bound on the answers of a set of ``k`` that no
    tree finds within ``t`` turns (at most ``1 + b + ... + b ** (t - 1)`` are found)."""
    table = np.zeros((limit + 1, n + 1), dtype=np.int64)
    for t in range(limit + 1):
        cap, level = 0, 1
        for _ in range(t):
            cap = min(cap + level, n + 1)
            level = min(level * max(branching, 1), n + 1)
        for k in range(n + 1):
            table[t, k] = max(0, k - cap)
    return table


SEPARATORS_BYTES = 64 << 20
"""The most memory :func:`separators` may take (a group of 548 answers and as many guesses, as
under the TV rules, needs 21.6 MB; with 5,779 guesses 218 MB, and goes without)."""


@numba.njit(cache=True, nogil=True)
def separators(F):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``sep[a, b]`` for answer columns ``a < b``: the guess rows that give ``a`` and ``b``
    different codes, as a bit set (bit ``g % 64`` of word ``g // 64``)."""
    rows, n = F.shape
    words = (rows + 63) // 64
    sep = np.zeros((n, n, words), dtype=np.uint64)
    for g in range(rows):
        w = g // 64
        bit = np.uint64(1) << np.uint64(g % 64)
        r = F[g]
        for a in range(n):
            ca = r[a]
            for b in range(a + 1, n):
                if r[b] != ca:
                    sep[a, b, w] |= bit
    return sep


@numba.njit(cache=True, nogil=True)
def told_apart(sep, F, S, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether one guess gives each answer of ``S`` (sorted columns, 2+) its own code. Only a
    guess that tells each answer from the next apart can: those are the intersection of
    ``n - 1`` rows of ``sep``, and only they are tried (showing that no strategy finds all of
    Lingo's g under the TV rules took about 350 M guess checks trying every guess, 1.3 M so)."""
    n = S.shape[0]
    acc = sep[S[0], S[1]].copy()
    for i in range(1, n - 1):
        row = sep[S[i], S[i + 1]]
        left = np.uint64(0)
        for w in range(acc.shape[0]):
            acc[w] &= row[w]
            left |= acc[w]
        if left == 0:
            return False
    for w in range(acc.shape[0]):
        bits = acc[w]
        while bits != 0:
            low = bits & (~bits + np.uint64(1))  # the lowest set bit
            g = w * 64 + _bit_index(low)
            bits ^= low
            stats[2] += 1
            if perfect(F[g], S, seen, stats[2]):
                return True
    return False


@numba.njit(cache=True, nogil=True)
def _bit_index(bit):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The index of the one set bit of ``bit``."""
    k = 0
    while bit > np.uint64(1):
        bit >>= np.uint64(1)
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def unfound(S, t, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The fewest answers of ``S`` (sorted columns) that a tree leaves unfound within ``t``
    turns, whatever the guesses it takes, if below ``beta``; else a lower bound of at least
    ``beta``; ``ABORT`` once the clock passes ``deadline``.

    The same depth-first branch and bound as :func:`solve` on a simpler value: a guess
    leaves the sum of what its non-solving parts leave with a turn less; with one turn left
    all but one answer are left, with two ``n - parts`` (the guess with the most parts).
    ``lbtab``: :func:`unfound_table`. Memo entries pack ``(value << 1) | exact``. ``sep``:
    :func:`separators` of ``F`` (an empty array: none), which tells at once whether any guess
    tells a set apart."""
    n = S.shape[0]
    if n <= 1:
        return np.int64(0)
    if t == 0:
        return np.int64(n)
    if t == 1:
        return np.int64(n - 1)
    if n == 2:  # guess one, then the other
        return np.int64(0)
    lb0 = lbtab[t, n]
    if lb0 >= beta:
        return lb0
    key = set_key(S, t, zob)
    got = memo.get(key, np.int64(-1))
    if got >= 0:
        val = got >> 1
        if (got & 1) == 1 or val >= beta:
            return val
        if val > lb0:
            lb0 = val
    stats[0] += 1
    if (stats[0] & 255) == 0 and now() > deadline:
        stats[1] = 1
    if stats[1] != 0:
        return np.int64(ABORT)
    if t == 2:
        # n - parts of the guess with the most; asked only whether none is left, a guess
        # that tells all apart (most guesses fail at their first shared code)
        seen = np.zeros(n_codes, dtype=np.int64)
        if sep.shape[0] > 0:
            if told_apart(sep, F, S, seen, stats):
                memo[key] = 1
                return np.int64(0)
        else:
            for j in range(allrows.shape[0]):
                stats[2] += 1
                if perfect(F[allrows[j]], S, seen, stats[2]):
                    memo[key] = 1
                    return np.int64(0)
        if beta <= 1:
            memo[key] = max(got, np.int64(1 << 1))
            return np.int64(1)
        most = 0
        for j in range(allrows.shape[0]):
            stats[2] += 1
            k, _ = parts_of(F[allrows[j]], S, seen, stats[2], solved)
            if k > most:
                most = k
        memo[key] = ((n - most) << 1) | 1
        return np.int64(n - most)
    # the bound of each guess is |S| plus what its parts must leave (scan counts |S| in)
    bound, ins, parts, sumsq, phash = scan(
        F, S, t, allrows, lbtab, solved, n_codes, np.zeros(0, dtype=np.int64), zob
    )
    least = np.int64(INF)
    for j in range(bound.shape[0]):
        if (parts[j] > 1 or ins[j] == 1) and bound[j] - n < least:
            least = bound[j] - n
    if least > lb0:
        lb0 = least
    if lb0 >= beta:
        memo[key] = max(got, lb0 << 1)
        return lb0
    order = guess_order(bound, ins, parts, sumsq, phash, beta + n)
    best = beta
    fail_lb = np.int64(INF)
    counts = np.zeros(n_codes, dtype=np.int64)
    start = np.zeros(n_codes, dtype=np.int64)
    buf = np.empty(n, dtype=np.int64)
    met = np.empty(n_codes, dtype=np.int64)
    pc_buf = np.empty(n_codes, dtype=np.int64)
    pk_buf = np.empty(n_codes, dtype=np.int64)
    for oi in range(order.shape[0]):
        j = order[oi]
        total_lb = bound[j] - n
        if total_lb >= best:
            break
        pc, pk = lay_out(F[allrows[j]], S, counts, start, buf, solved, n_codes, met, pc_buf, pk_buf)
        by_size = np.argsort(-pk, kind="mergesort")
        acc = np.int64(0)
        rest = total_lb
        ok = True
        for pi in range(pc.shape[0]):
            c = pc[by_size[pi]]
            k = pk[by_size[pi]]
            rest -= lbtab[t - 1, k]
            cb = best - acc - rest
            part = buf[start[c] : start[c] + k]  # read only below: no copy
            v = unfound(
                part, t - 1, cb, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes,
                sep,
            )  # fmt: skip
            if v == ABORT:
                return np.int64(ABORT)
            if v >= cb:
                ok = False
                if acc + v + rest < fail_lb:
                    fail_lb = acc + v + rest
                break
            acc += v
        if ok and acc < best:
            best = acc
            if best <= lb0:
                break
    if best < beta:
        memo[key] = (best << 1) | 1
        return best
    if fail_lb < lb0:
        fail_lb = lb0
    if fail_lb < beta:
        fail_lb = beta
    memo[key] = max(got, fail_lb << 1)
    return fail_lb
