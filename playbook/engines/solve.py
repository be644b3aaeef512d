"""The exact search below the root, in numba: values of answer sets by depth-first branch and
bound, with counting lower bounds, memoised by a hash of the set (see
:mod:`playbook.search.optimal` for the method and how the root drives it), and the walk that
lays the best tree out from the memo."""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.typed import Dict

from playbook.engines.bounds import scan_bounds, weigh, weighted_bound
from playbook.engines.clock import tick
from playbook.engines.constants import ABORT, INF, MISS, SHIFT
from playbook.engines.hashset import hash_set
from playbook.engines.layout import (
    laid_codes,
    layout_buffers,
    split_by_code,
)
from playbook.engines.memo import memo_guess, set_key, store
from playbook.engines.order import distinct_splits, next_bound, with_bound, worth_trying
from playbook.engines.parts import part_at, parts_in_order, settle
from playbook.engines.scan import (
    describe,
    first_apart,
    first_perfect,
    parts_of,
    scan,
    telling_apart,
)
from playbook.engines.symmetry import node_guesses


class Exact(NamedTuple):
    """What the exact search of one group works with, as one value numba takes whole (a
    tuple: its fields are read as the arguments they were, at no cost)."""

    F: np.ndarray
    """The feedback matrix (a row per guess, a column per answer)."""
    col_row: np.ndarray
    """Each answer's row as a guess."""
    allrows: np.ndarray
    """Every row: the candidates of a search with a symmetry (which keeps one of each class
    of guesses alike)."""
    lbtab: np.ndarray
    """:func:`~playbook.engines.bounds.counting_table` of the group."""
    zob: np.ndarray
    """Each answer's 64-bit key (memo keys and partition hashes)."""
    memo: Dict
    """Set key -> packed entry (:mod:`playbook.engines.memo`)."""
    stats: np.ndarray
    """[nodes, aborted, stamp, node limit (0: the clock; :func:`~playbook.engines.clock.tick`)]."""
    deadline: float
    """When the clock stops the search (``ABORT``)."""
    solved: int
    """The code that says the guess is the answer."""
    n_codes: int
    symbols: np.ndarray
    """The game's symmetry (:func:`~playbook.engines.symmetry.kernel_args`; no rows: none)."""
    positions: np.ndarray
    n_symbols: int
    hist: np.ndarray
    """The guesses that led to the set searched (room for each turn)."""
    classes: Dict
    """:func:`~playbook.engines.symmetry.class_cache`: the classes of each history met."""
    lean: tuple[np.ndarray, int, int]
    """:func:`~playbook.engines.layout.by_answer`'s copy of the matrix that a search with a
    symmetry scans, or :data:`~playbook.engines.layout.NO_LEAN`."""
    w: np.ndarray
    """Each answer's weight (whole numbers; empty: all 1)."""


@numba.njit(cache=True, nogil=True)
def _two_turns(st, S, beta, cands, seen, nh, total):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Value of ``S`` (3+ answers, weighing ``total``) with two turns left, and the guess
    (-1 if none).

    Every answer pays the first guess and each one not found by it the second, so a guess
    that finds the answer at ``at`` and splits ``S`` into ``parts`` (the solved one
    included) costs ``2 total - w[at] + MISS * (n - parts)``: with weights of 1, ``2n - 1``
    for a possible answer that tells all apart and ``2n`` for another guess that does."""
    F, col_row, stats, w = st.F, st.col_row, st.stats, st.w
    n = S.shape[0]
    unit = w.shape[0] == 0
    best_g, heaviest = telling_apart(F, S, col_row, seen, stats, w)
    if best_g >= 0:
        return 2 * total - heaviest, best_g, True
    if 2 * total >= beta:
        return 2 * total, -1, False
    rows = cands
    if nh >= 0 and st.symbols.shape[0] > 0:
        rows = node_guesses(
            st.symbols, st.positions, st.n_symbols, st.hist, nh, S, col_row, st.classes
        )
    best = np.int64(INF)
    for j in range(rows.shape[0]):
        stats[2] += 1
        parts, at = parts_of(F[rows[j]], S, seen, stats[2], st.solved)
        found = np.int64(0) if at < 0 else (np.int64(1) if unit else w[S[at]])
        v = 2 * total - found + MISS * (n - parts)
        if v < best:
            best, best_g = v, rows[j]
            if parts == n:
                break
    return best, best_g, True


@numba.njit(cache=True, nogil=True)
def solve(st, S, t, beta, cands, nh):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Value of answer set ``S`` (sorted columns) with ``t`` turns left, if below ``beta``.

    ``st``: the group's search (:class:`Exact`). Returns the exact value when it is below
    ``beta`` (memoised with its guess), else a lower bound that is at least ``beta``;
    ``ABORT`` once the clock passes ``st.deadline``. Candidate guesses are ``cands``: every
    row, or at least one of each class of guesses that split ``S`` alike
    (:func:`~playbook.engines.order.distinct_splits`, which gives the parts theirs).

    Where the game has a symmetry (``st.symbols`` has rows: :mod:`playbook.engines.symmetry`)
    and the guesses that led here are known (``st.hist[:nh]``; ``nh`` below 0 where they are
    not), only one guess per class of guesses alike is tried, here and further down (a
    search with weights of 1 scans ``st.lean``, the matrix a row per answer).

    ``st.w``: each answer's weight (whole numbers; empty: all 1), what each guess it pays for costs:
    the value is then the weighted sum of guesses (a codemaker who picks answers by these weights),
    with :data:`~playbook.engines.constants.MISS` still for each answer not found in time.
    """
    F, lbtab, zob, memo, stats, w = st.F, st.lbtab, st.zob, st.memo, st.stats, st.w
    solved, n_codes, symbols = st.solved, st.n_codes, st.symbols
    n = S.shape[0]
    if t == 0:
        return np.int64(n * MISS)
    unit = w.shape[0] == 0
    if n == 1:
        return np.int64(1) if unit else w[S[0]]
    total, lo, hi = weigh(S, w)
    if t == 1:  # one of them is found
        return np.int64(total + (n - 1) * MISS)
    if n == 2:  # the heavier first
        return np.int64(3) if unit else total + min(w[S[0]], w[S[1]])
    lb0 = weighted_bound(lbtab, t, n, total, lo)
    if lb0 >= beta:
        return lb0
    key = set_key(S, t, zob)
    got = memo.get(key, np.int64(-1))
    if got >= 0:
        val = got >> SHIFT
        if (got & 1) == 1 or val >= beta:
            return val
        if val > lb0:
            lb0 = val
    if tick(stats, st.deadline):
        return np.int64(ABORT)
    seen = np.zeros(n_codes, dtype=np.int64)
    if t == 2:
        v, g, exact = _two_turns(st, S, beta, cands, seen, nh, total)
        store(memo, key, v, max(g, 0), exact)
        return v
    # a possible answer that tells all others apart: 2n - 1, the least any set can cost (with
    # weights: the heaviest such answer, the least where it is the heaviest of all)
    best = beta
    best_g, heaviest = telling_apart(F, S, st.col_row, seen, stats, w)
    if best_g >= 0 and unit:
        store(memo, key, 2 * n - 1, best_g, True)
        return np.int64(2 * n - 1)
    if best_g >= 0:
        # another possible answer first costs 2 total - hi + lo at least, a guess outside
        # S 2 total: where neither can be less, this one is the least
        if heaviest + lo >= hi:
            store(memo, key, 2 * total - heaviest, best_g, True)
            return 2 * total - heaviest
        floor = 2 * total - hi
        if 2 * total - heaviest < best:
            best = 2 * total - heaviest
        else:
            best_g = -1
    else:
        # none: every tree costs 2 total - hi + lo at least (2n with weights of 1)
        floor = 2 * total - hi + lo
    if floor > lb0:
        lb0 = floor
        if lb0 >= beta:
            store(memo, key, lb0, 0, False)
            return lb0
    if nh >= 0 and symbols.shape[0] > 0:
        cands = node_guesses(
            symbols, st.positions, st.n_symbols, st.hist, nh, S, st.col_row, st.classes
        )
    # with a symmetry the parts keep one guess per class of their own from all rows, so the
    # sums of squares and partition hashes are needed only of the guesses tried (with weights
    # of 1: scan_bounds counts no weights)
    FT, lean_solved, lean_codes = st.lean
    lean_scan = symbols.shape[0] > 0 and unit and FT.shape[0] > 0
    laid = laid_codes(FT, S, cands) if lean_scan else np.empty((0, 0), dtype=np.uint8)
    if lbtab[2, n] == 2 * n - 1:  # few enough to be told apart by one guess: 2 total
        j = first_apart(laid, seen, stats) if lean_scan else first_perfect(F, S, cands, seen, stats)
        if j >= 0:
            if lb0 >= 2 * total:
                store(memo, key, 2 * total, cands[j], True)
                return np.int64(2 * total)
            if 2 * total < best:
                best, best_g = 2 * total, cands[j]
    if lean_scan:
        bound, ins, parts = scan_bounds(laid, t, lbtab, lean_solved, lean_codes)
        sumsq = np.empty(bound.shape[0], dtype=np.int64)
        phash = np.empty(bound.shape[0], dtype=np.uint64)
    else:
        bound, ins, parts, sumsq, phash = scan(F, S, t, cands, lbtab, solved, n_codes, w, zob)
    least = np.int64(INF)
    above = np.int64(INF)
    for j in range(bound.shape[0]):
        if parts[j] > 1 or ins[j] == 1:
            if bound[j] < least:
                least = bound[j]
            if bound[j] >= beta and bound[j] < above:
                above = bound[j]
    if least >= INF:
        store(memo, key, np.int64(INF), 0, True)
        return np.int64(INF)
    if least > lb0:
        lb0 = least
    if lb0 >= best:
        if best_g >= 0:  # the tree found above is as good as any
            store(memo, key, best, best_g, True)
            return best
        store(memo, key, lb0, 0, False)
        return lb0
    keep = worth_trying(bound, ins, parts, best)
    table, used = hash_set(keep.shape[0])
    batch = np.empty(keep.shape[0], dtype=np.int64)
    nb = 0
    bi = 0
    b = np.int64(-1)
    # the parts' candidates: each class of guesses alike on S once (with a symmetry, the
    # parts keep one guess per class of their own from all rows instead)
    kids = st.allrows if symbols.shape[0] > 0 else distinct_splits(cands, ins, parts, phash)
    fail_lb = above
    room = layout_buffers(n, n_codes)
    counts = room[0]
    sig = np.zeros(n_codes if lean_scan else 0, dtype=np.uint64)
    while True:
        if bi == nb:  # the guesses of the next bound
            b = next_bound(bound, keep, b)
            if b >= best:
                if b < fail_lb:
                    fail_lb = b
                break
            if lean_scan:
                describe(F, S, cands, keep, bound, b, zob, counts, sig, sumsq, phash)
            nb = with_bound(bound, ins, sumsq, phash, keep, b, table, used, batch)
            bi = 0
            continue
        j = batch[bi]
        bi += 1
        total_lb = bound[j]
        if total_lb >= best:
            if total_lb < fail_lb:
                fail_lb = total_lb
            break
        g = cands[j]
        # the parts smallest first, each below what is left of the cut-off
        pc, pk, by = parts_in_order(F[g], S, room, solved, n_codes, False)
        acc = total
        rest = total_lb - total
        out = False
        for pi in range(pc.shape[0]):
            part, k = part_at(room, pc, pk, by, pi)
            if unit:
                lbp = lbtab[t - 1, k]
            else:
                pt, plo, _ = weigh(part, w)
                lbp = weighted_bound(lbtab, t - 1, k, pt, plo)
            rest -= lbp
            if k == 1:
                acc += np.int64(1) if unit else w[part[0]]
            elif k == 2:
                acc += np.int64(3) if unit else lbp  # the heavier first: total + the lighter
            else:
                cb = best - acc - rest
                if nh >= 0:
                    st.hist[nh] = g
                v = solve(st, part, t - 1, cb, kids, nh + 1 if nh >= 0 else nh)
                if v == ABORT:
                    return np.int64(ABORT)
                out, acc, fail_lb = settle(v, cb, acc, rest, fail_lb)
                if out:
                    break
        if not out and acc < best:
            best = acc
            best_g = g
    if best_g >= 0:
        store(memo, key, best, best_g, True)
        return best
    if fail_lb < lb0:
        fail_lb = lb0
    store(memo, key, fail_lb, 0, False)
    return fail_lb


def walk_room(n: int, t: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Room for :func:`walk` on ``n`` answers with ``t`` turns: (nodes, try lists' answers,
    answers found with their depth, counters)."""
    return (
        np.empty((n * (t + 1) + 1, 5), dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty((n, 2), dtype=np.int64),
        np.zeros(3, dtype=np.int64),
    )


@numba.njit(cache=True, nogil=True)
def walk(st, S, t, depth, g, parent, code, room):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Lays out the tree that plays ``g`` on sorted ``S`` with ``t`` turns and then the memoised
    best guesses (:func:`~playbook.engines.memo.memo_guess`), depth first with the parts in order of
    code: in ``room`` (:func:`walk_room`), a row per node (guess or -1 for a try list past the last
    turn, parent row, code from it, answers, where its try list starts in the second array), each
    answer found with the depth it is found at, and the three counts. Returns False where a set has
    no exact memo entry (one compiled call where a Python recursion took 15 ms of Mastermind 4x6's
    0.2 s)."""
    nodes, tries, found, cnt = room
    solved = st.solved
    k = cnt[0]
    cnt[0] += 1
    nodes[k, 0] = g
    nodes[k, 1] = parent
    nodes[k, 2] = code
    nodes[k, 3] = S.shape[0]
    nodes[k, 4] = -1
    codes, ends, laid = split_by_code(st.F[g], S, st.n_codes)
    for i in range(codes.shape[0]):
        part = laid[0 if i == 0 else ends[i - 1] : ends[i]]
        c = codes[i]
        if c == solved:
            found[cnt[1], 0] = part[0]
            found[cnt[1], 1] = depth
            cnt[1] += 1
        elif t == 1:
            kk = cnt[0]
            cnt[0] += 1
            nodes[kk, 0] = -1
            nodes[kk, 1] = k
            nodes[kk, 2] = c
            nodes[kk, 3] = part.shape[0]
            nodes[kk, 4] = cnt[2]
            tries[cnt[2] : cnt[2] + part.shape[0]] = part
            cnt[2] += part.shape[0]
        else:
            cg = memo_guess(part, t - 1, st.memo, st.zob, st.col_row, st.w)
            if cg < 0 or not walk(st, part, t - 1, depth + 1, cg, k, c, room):
                return False
    return True
