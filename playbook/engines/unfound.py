"""The exact search's second question, in numba: the fewest answers of a set that no tree
finds within the turns (where no tree finds them all), by branch and bound on the same
kernels as :mod:`playbook.engines.solve`."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.clock import now
from playbook.engines.constants import ABORT, INF
from playbook.engines.layout import lay_out, layout_buffers
from playbook.engines.memo import set_key
from playbook.engines.order import guess_order
from playbook.engines.scan import parts_of, perfect, scan


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
def _popcount(x):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The number of set bits of the 64-bit ``x``."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@numba.njit(cache=True, nogil=True)
def _core(sep, P, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Writes to ``out`` a few answers of ``P`` (sorted columns, 3+, not told apart by any one
    guess) that no guess tells apart either, and returns how many: from the pair the fewest
    guesses tell apart, each time the answer that leaves the fewest guesses telling all
    apart (``sep``: :func:`separators`, not empty)."""
    n = P.shape[0]
    words = sep.shape[2]
    fewest = np.int64(1 << 62)
    for i in range(n):
        for j in range(i + 1, n):
            r = sep[P[i], P[j]]
            c = np.int64(0)
            for w in range(words):
                c += _popcount(r[w])
            if c < fewest:
                fewest, out[0], out[1] = c, P[i], P[j]
    # tell[i]: the guesses that tell the answers taken and P[i] apart, each from each
    tell = np.empty((n, words), dtype=np.uint64)
    taken = np.zeros(n, dtype=np.bool_)
    r = sep[out[0], out[1]]
    for i in range(n):
        e = P[i]
        if e == out[0] or e == out[1]:
            taken[i] = True
            continue
        ra = sep[min(out[0], e), max(out[0], e)]
        rb = sep[min(out[1], e), max(out[1], e)]
        for w in range(words):
            tell[i, w] = ra[w] & rb[w] & r[w]
    k = 2
    while fewest > 0 and k < n:
        fewest = np.int64(1 << 62)
        chosen = -1
        for i in range(n):
            if not taken[i]:
                c = np.int64(0)
                for w in range(words):
                    c += _popcount(tell[i, w])
                if c < fewest:
                    fewest, chosen = c, i
        taken[chosen] = True
        x = P[chosen]
        out[k] = x
        k += 1
        for i in range(n):
            if not taken[i]:
                e = P[i]
                r = sep[min(x, e), max(x, e)]
                for w in range(words):
                    tell[i, w] &= r[w] & tell[chosen, w]
    if fewest > 0:
        out[:n] = P
        return n
    return k


@numba.njit(cache=True, nogil=True)
def _tells_apart(S, F, allrows, sep, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether one of the guesses ``allrows`` gives each answer of ``S`` its own code (with
    ``sep``, :func:`told_apart`)."""
    if sep.shape[0] > 0:
        return told_apart(sep, F, S, seen, stats)
    for j in range(allrows.shape[0]):
        stats[2] += 1
        if perfect(F[allrows[j]], S, seen, stats[2]):
            return True
    return False


@numba.njit(cache=True, nogil=True)
def _keepers(sep, core, k, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """ORs into ``out`` the guesses that give the ``k`` answers of ``core`` one code (those
    that tell none of them from its first)."""
    words = sep.shape[2]
    acc = np.empty(words, dtype=np.uint64)
    acc[:] = ~np.uint64(0)
    c0 = core[0]
    for x in range(1, k):
        a, b = min(c0, core[x]), max(c0, core[x])
        r = sep[a, b]
        for w in range(words):
            acc[w] &= ~r[w]
    for w in range(words):
        out[w] |= acc[w]


CORES = 64
"""The most cores (:func:`_core`) a set with three turns left holds."""
POOL = 2048
"""How many of the latest cores the search keeps for the sets that follow."""
POOL_LEN = 16
"""The longest core kept for the sets that follow."""


def core_pool(sep: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty pool of the cores one search learns (:func:`unfound` takes it): (cores, their
    lengths and, last, how many were learned, the guesses keeping each together)."""
    words = sep.shape[2] if sep.shape[0] > 0 else 0
    return (
        np.zeros((POOL, POOL_LEN), dtype=np.int64),
        np.zeros(POOL + 1, dtype=np.int64),
        np.zeros((POOL, words), dtype=np.uint64),
    )


@numba.njit(cache=True, nogil=True)
def _rule_out(out, cores, keep, q, best, sep):  # type: ignore[no-untyped-def]  # numba types it at the call
    """ORs into ``out`` the guesses that core ``q`` (with the cores before it) shows leave at
    least ``best`` (1: those keeping it together; 2: those keeping it and an earlier core
    together apart)."""
    words = out.shape[0]
    if best == 1:
        for w in range(words):
            out[w] |= keep[q, w]
    elif best == 2:
        for p in range(q):
            a, b = min(cores[p, 0], cores[q, 0]), max(cores[p, 0], cores[q, 0])
            r = sep[a, b]
            for w in range(words):
                out[w] |= keep[p, w] & keep[q, w] & r[w]


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
def _tick(stats, deadline):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Counts a node searched; True once the clock has passed ``deadline``."""
    stats[0] += 1
    if (stats[0] & 255) == 0 and now() > deadline:
        stats[1] = 1
    return stats[1] != 0


@numba.njit(cache=True, nogil=True)
def _in_two(S, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`unfound` of ``S`` with two turns left: ``n - parts`` of the guess with the most
    parts; asked only whether none is left, whether a guess tells all apart (most guesses
    fail at their first shared code)."""
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
    if _tick(stats, deadline):
        return np.int64(ABORT)
    seen = np.zeros(n_codes, dtype=np.int64)
    if _tells_apart(S, F, allrows, sep, seen, stats):
        memo[key] = 1
        return np.int64(0)
    if beta <= 1:
        memo[key] = max(got, np.int64(1 << 1))
        return np.int64(1)
    if beta == 2 and sep.shape[0] > 0:
        # one left: some guess tells all apart but one answer, which is in every core
        core = np.empty(n, dtype=np.int64)
        rest = np.empty(n - 1, dtype=np.int64)
        for x in range(_core(sep, S, core)):
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
def _in_three(S, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep, pool):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`unfound` of ``S`` (3+ answers) with three turns left, where ``sep`` is there:
    every guess (row of ``F``) in turn, each part's value with two turns left
    (:func:`_in_two`), the largest part first.

    Each part found not told apart gives a core (:func:`_core`): a guess that keeps a core
    together leaves one of its answers unfound, one that keeps two in two parts two. So while
    the best found leaves one (or two), every guess that keeps a core (two cores apart)
    together is ruled out at once, from a bit set of the guesses. The cores go to ``pool``
    (:func:`core_pool`), and each set starts from the pool's cores within it. On Lingo's g
    under the TV rules the search took 1.03 M nodes and tried 11 M guesses at three turns
    left, each laid out and its largest part looked up; with the cores of each set 0.21 M
    nodes and 0.34 M guesses laid out; with the pool 0.12 M nodes (20.0 s to 2.0 s)."""
    n = S.shape[0]
    rows = F.shape[0]
    words = sep.shape[2]
    best = beta
    out = np.zeros(words, dtype=np.uint64)  # guesses that leave at least best
    cores = np.empty((CORES, n), dtype=np.int64)
    keep = np.zeros((CORES, words), dtype=np.uint64)  # the guesses keeping each together
    nc = 0
    pcores, plen, pkeep = pool
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
            _rule_out(out, cores, keep, nc, best, sep)
            nc += 1
    counts, start, buf, met, pc_buf, pk_buf = layout_buffers(n, n_codes)
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
        by_size = np.argsort(-pk, kind="mergesort")
        acc = np.int64(0)
        for pi in range(pc.shape[0]):
            c = pc[by_size[pi]]
            k = pk[by_size[pi]]
            if k <= 2:
                break
            part = buf[start[c] : start[c] + k]
            v = _in_two(
                part, best - acc, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes,
                sep,
            )  # fmt: skip
            if v == ABORT:
                return np.int64(ABORT)
            if v > 0 and nc < CORES:
                kc = _core(sep, part, cores[nc])
                _keepers(sep, cores[nc], kc, keep[nc])
                _rule_out(out, cores, keep, nc, best, sep)
                if kc <= POOL_LEN:
                    p = plen[POOL] % POOL
                    pcores[p, :kc] = cores[nc, :kc]
                    plen[p] = kc
                    pkeep[p] = keep[nc]
                    plen[POOL] += 1
                nc += 1
            acc += v
            if acc >= best:
                break
        if acc < best:
            best = acc
            if best == 0:
                return np.int64(0)
            for q in range(nc):
                _rule_out(out, cores, keep, q, best, sep)
    return best


@numba.njit(cache=True, nogil=True)
def unfound(S, t, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep, pool):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The fewest answers of ``S`` (sorted columns) that a tree leaves unfound within ``t``
    turns, whatever the guesses it takes, if below ``beta``; else a lower bound of at least
    ``beta``; ``ABORT`` once the clock passes ``deadline``.

    The same depth-first branch and bound as :func:`solve` on a simpler value: a guess
    leaves the sum of what its non-solving parts leave with a turn less; with one turn left
    all but one answer are left, with two ``n - parts`` (the guess with the most parts).
    ``lbtab``: :func:`unfound_table`. Memo entries pack ``(value << 1) | exact``. ``sep``:
    :func:`separators` of ``F`` (an empty array: none), which tells at once whether any guess
    tells a set apart; with it, sets with three turns left go to :func:`_in_three`, which
    keeps the sets it finds that no guess tells apart in ``pool`` (:func:`core_pool`)."""
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
        return _in_two(
            S, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep
        )  # fmt: skip
    lb0 = lbtab[t, n]
    if lb0 >= beta:
        return lb0
    key = set_key(S, t, zob)
    known, got, lb0 = _recall(memo, key, beta, lb0)
    if known >= 0:
        return known
    if _tick(stats, deadline):
        return np.int64(ABORT)
    if t == 3 and sep.shape[0] > 0:
        v = _in_three(
            S, beta, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes, sep, pool
        )  # fmt: skip
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
    counts, start, buf, met, pc_buf, pk_buf = layout_buffers(n, n_codes)
    for oi in range(order.shape[0]):
        j = order[oi]
        total_lb = bound[j] - n
        if total_lb >= best:
            break
        pc, pk = lay_out(F[allrows[j]], S, counts, start, buf, solved, n_codes, met, pc_buf, pk_buf)
        by_size = np.argsort(-pk, kind="mergesort")
        if best >= 2:
            # first which parts must leave any (the cheap question, with the cores), each one
            # more than its counting bound says: enough such parts rule the guess out
            more = np.int64(0)
            for pi in range(pc.shape[0]):
                c = pc[by_size[pi]]
                k = pk[by_size[pi]]
                if lbtab[t - 1, k] > 0:
                    continue
                part = buf[start[c] : start[c] + k]
                v = unfound(
                    part, t - 1, np.int64(1), F, allrows, lbtab, zob, memo, stats, deadline,
                    solved, n_codes, sep, pool,
                )  # fmt: skip
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
        ok = True
        for pi in range(pc.shape[0]):
            c = pc[by_size[pi]]
            k = pk[by_size[pi]]
            rest -= lbtab[t - 1, k]
            cb = best - acc - rest
            part = buf[start[c] : start[c] + k]  # read only below: no copy
            v = unfound(
                part, t - 1, cb, F, allrows, lbtab, zob, memo, stats, deadline, solved, n_codes,
                sep, pool,
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
