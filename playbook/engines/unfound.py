"""The exact search's second question, in numba: the fewest answers of a set that no tree
finds within the turns (where no tree finds them all), by branch and bound on the same
kernels as :mod:`playbook.engines.solve`."""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.typed import Dict

from playbook.engines.clock import tick
from playbook.engines.constants import ABORT, INF
from playbook.engines.cores import (
    CORES,
    POOL,
    POOL_LEN,
    core_of,
    keepers,
    rule_out,
    tells_apart,
    told_apart,
)
from playbook.engines.layout import lay_out, layout_buffers
from playbook.engines.memo import set_key
from playbook.engines.order import guess_order
from playbook.engines.parts import part_at, parts_in_order, settle
from playbook.engines.scan import parts_of, scan


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


class Unfound(NamedTuple):
    """What the fewest-unfound search of one group works with, as one value numba takes
    whole."""

    F: np.ndarray
    allrows: np.ndarray
    """Every guess row."""
    lbtab: np.ndarray
    """:func:`unfound_table` of the group."""
    zob: np.ndarray
    """Each answer's 64-bit key (memo keys)."""
    memo: Dict
    """Set key -> ``(value << 1) | exact``."""
    stats: np.ndarray
    """[nodes, aborted, stamp, node limit (0: the clock; :func:`~playbook.engines.clock.tick`)]."""
    deadline: float
    solved: int
    n_codes: int
    sep: np.ndarray
    """:func:`~playbook.engines.cores.separators` of ``F`` (an empty array: none)."""
    pool: tuple[np.ndarray, np.ndarray, np.ndarray]
    """:func:`~playbook.engines.cores.core_pool`: the cores the search has met."""


@numba.njit(cache=True, nogil=True)
def _recall(memo, key, beta, lb0):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(the value to return or -1, the memo's entry or -1, the lower bound so far ``lb0``
    raised by the entry) of the set of ``key`` asked below ``beta``."""
    got = memo.get(key, np.int64(-1))
    if got >= 0:
        val = got >> 1
        if (got & 1) == 1 or val >= beta:
            return val, got, lb0
        if val > lb0:
            lb0 = val
    return np.int64(-1), got, lb0


@numba.njit(cache=True, nogil=True)
def _in_two(st, S, beta):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`unfound` of ``S`` with two turns left: ``n - parts`` of the guess with the most
    parts; asked only whether none is left, whether a guess tells all apart (most guesses
    fail at their first shared code)."""
    F, allrows, lbtab, zob, memo, stats = st.F, st.allrows, st.lbtab, st.zob, st.memo, st.stats
    solved, n_codes, sep = st.solved, st.n_codes, st.sep
    n = S.shape[0]
    if n <= 2:
        return np.int64(0)
    lb0 = lbtab[2, n]
    if lb0 >= beta:
        return lb0
    key = set_key(S, 2, zob)
    known, got, lb0 = _recall(memo, key, beta, lb0)
    if known >= 0:
        return known
    if tick(stats, st.deadline):
        return np.int64(ABORT)
    seen = np.zeros(n_codes, dtype=np.int64)
    if tells_apart(S, F, allrows, sep, seen, stats):
        memo[key] = 1
        return np.int64(0)
    if beta <= 1:
        memo[key] = max(got, np.int64(1 << 1))
        return np.int64(1)
    if beta == 2 and sep.shape[0] > 0:
        # one left: some guess tells all apart but one answer, which is in every core
        core = np.empty(n, dtype=np.int64)
        rest = np.empty(n - 1, dtype=np.int64)
        for x in range(core_of(sep, S, core)):
            k = 0
            for i in range(n):
                if S[i] != core[x]:
                    rest[k] = S[i]
                    k += 1
            if told_apart(sep, F, rest, seen, stats):
                memo[key] = (1 << 1) | 1
                return np.int64(1)
        memo[key] = max(got, np.int64(2 << 1))
        return np.int64(2)
    most = 0
    for j in range(allrows.shape[0]):
        stats[2] += 1
        k, _ = parts_of(F[allrows[j]], S, seen, stats[2], solved)
        if k > most:
            most = k
    memo[key] = ((n - most) << 1) | 1
    return np.int64(n - most)


@numba.njit(cache=True, nogil=True)
def _in_three(st, S, beta):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`unfound` of ``S`` (3+ answers) with three turns left, where ``sep`` is there:
    every guess (row of ``F``) in turn, each part's value with two turns left
    (:func:`_in_two`), the largest part first.

    Each part found not told apart gives a core (:func:`~playbook.engines.cores.core_of`): a guess
    that keeps a core together leaves one of its answers unfound, one that keeps two in two parts
    two. So while the best found leaves one (or two), every guess that keeps a core (two cores
    apart) together is ruled out at once, from a bit set of the guesses. The cores go to ``pool``
    (:func:`~playbook.engines.cores.core_pool`), and each set starts from the pool's cores within
    it. On Lingo's g under the TV rules the search took 1.03 M nodes and tried 11 M guesses at three
    turns left, each laid out and its largest part looked up; with the cores of each set 0.21 M
    nodes and 0.34 M guesses laid out; with the pool 0.12 M nodes (20.0 s to 2.0 s)."""
    F, lbtab = st.F, st.lbtab
    solved, n_codes, sep = st.solved, st.n_codes, st.sep
    n = S.shape[0]
    rows = F.shape[0]
    words = sep.shape[2]
    best = beta
    out = np.zeros(words, dtype=np.uint64)  # guesses that leave at least best
    cores = np.empty((CORES, n), dtype=np.int64)
    keep = np.zeros((CORES, words), dtype=np.uint64)  # the guesses keeping each together
    nc = 0
    pcores, plen, pkeep = st.pool
    inside = np.zeros(F.shape[1], dtype=np.bool_)
    for i in range(n):
        inside[S[i]] = True
    for p in range(min(plen[POOL], POOL)):  # the pool's cores within S
        k = plen[p]
        within = True
        for x in range(k):
            if not inside[pcores[p, x]]:
                within = False
                break
        if within and nc < CORES:
            cores[nc, :k] = pcores[p, :k]
            keep[nc] = pkeep[p]
            rule_out(out, cores, keep, nc, best, sep)
            nc += 1
    room = layout_buffers(n, n_codes)
    counts, start, buf, met, pc_buf, pk_buf = room
    for g in range(rows):
        if (out[g >> 6] >> np.uint64(g & 63)) & np.uint64(1):
            continue
        pc, pk = lay_out(F[g], S, counts, start, buf, solved, n_codes, met, pc_buf, pk_buf)
        if pc.shape[0] == 1 and pk[0] == n:  # splits nothing
            continue
        lb = np.int64(0)
        for pi in range(pc.shape[0]):
            lb += lbtab[2, pk[pi]]
        if lb >= best:
            continue
        by_size = np.argsort(-pk, kind="mergesort")  # largest first, as parts_in_order
        acc = np.int64(0)
        over = False
        for pi in range(pc.shape[0]):
            part, k = part_at(room, pc, pk, by_size, pi)
            if k <= 2:
                break
            cb = best - acc  # the parts after it may leave none
            v = _in_two(st, part, cb)
            if v == ABORT:
                return np.int64(ABORT)
            if v > 0 and nc < CORES:
                kc = core_of(sep, part, cores[nc])
                keepers(sep, cores[nc], kc, keep[nc])
                rule_out(out, cores, keep, nc, best, sep)
                if kc <= POOL_LEN:
                    p = plen[POOL] % POOL
                    pcores[p, :kc] = cores[nc, :kc]
                    plen[p] = kc
                    pkeep[p] = keep[nc]
                    plen[POOL] += 1
                nc += 1
            over, acc, _ = settle(v, cb, acc, 0, INF)
            if over:
                break
        if not over and acc < best:
            best = acc
            if best == 0:
                return np.int64(0)
            for q in range(nc):
                rule_out(out, cores, keep, q, best, sep)
    return best


@numba.njit(cache=True, nogil=True)
def unfound(st, S, t, beta):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The fewest answers of ``S`` (sorted columns) that a tree leaves unfound within ``t``
    turns, whatever the guesses it takes, if below ``beta``; else a lower bound of at least
    ``beta``; ``ABORT`` once the clock passes ``st.deadline`` (``st``: :class:`Unfound`).

    The same depth-first branch and bound as :func:`~playbook.engines.solve.solve` on a
    simpler value: a guess leaves the sum of what its non-solving parts leave with a turn
    less; with one turn left all but one answer are left, with two ``n - parts`` (the guess
    with the most parts).
    ``st.lbtab``: :func:`unfound_table`. Memo entries pack ``(value << 1) | exact``.
    ``st.sep``: :func:`~playbook.engines.cores.separators` of ``F`` (an empty array: none),
    which tells at once whether any guess tells a set apart; with it, sets with three turns
    left go to :func:`_in_three`, which keeps the sets it finds that no guess tells apart in
    ``st.pool``."""
    F, allrows, lbtab, zob, memo, stats = st.F, st.allrows, st.lbtab, st.zob, st.memo, st.stats
    solved, n_codes, sep = st.solved, st.n_codes, st.sep
    n = S.shape[0]
    if n <= 1:
        return np.int64(0)
    if t == 0:
        return np.int64(n)
    if t == 1:
        return np.int64(n - 1)
    if n == 2:  # guess one, then the other
        return np.int64(0)
    if t == 2:
        return _in_two(st, S, beta)
    lb0 = lbtab[t, n]
    if lb0 >= beta:
        return lb0
    key = set_key(S, t, zob)
    known, got, lb0 = _recall(memo, key, beta, lb0)
    if known >= 0:
        return known
    if tick(stats, st.deadline):
        return np.int64(ABORT)
    if t == 3 and sep.shape[0] > 0:
        v = _in_three(st, S, beta)
        if v != ABORT:
            memo[key] = (v << 1) | 1 if v < beta else max(got, v << 1)
        return v
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
    room = layout_buffers(n, n_codes)
    for oi in range(order.shape[0]):
        j = order[oi]
        total_lb = bound[j] - n
        if total_lb >= best:
            break
        # the parts largest first, each below what is left of the cut-off
        pc, pk, by = parts_in_order(F[allrows[j]], S, room, solved, n_codes, True)
        if best >= 2:
            # first which parts must leave any (the cheap question, with the cores), each one
            # more than its counting bound says: enough such parts rule the guess out
            more = np.int64(0)
            for pi in range(pc.shape[0]):
                part, k = part_at(room, pc, pk, by, pi)
                if lbtab[t - 1, k] > 0:
                    continue
                v = unfound(st, part, t - 1, np.int64(1))
                if v == ABORT:
                    return np.int64(ABORT)
                if v >= 1:
                    more += 1
                    if total_lb + more >= best:
                        break
            if total_lb + more >= best:
                if total_lb + more < fail_lb:
                    fail_lb = total_lb + more
                continue
        acc = np.int64(0)
        rest = total_lb
        out = False
        for pi in range(pc.shape[0]):
            part, k = part_at(room, pc, pk, by, pi)
            rest -= lbtab[t - 1, k]
            cb = best - acc - rest
            v = unfound(st, part, t - 1, cb)
            if v == ABORT:
                return np.int64(ABORT)
            out, acc, fail_lb = settle(v, cb, acc, rest, fail_lb)
            if out:
                break
        if not out and acc < best:
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
