"""Lower bounds of the exact search, in numba: the counting tables (how many answers each
guess can find at most), the weights of a set, and the bounds of every candidate guess of a
set from the codes laid out answer by answer (:func:`scan_bounds`)."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.constants import INF, MISS


def counting_table(limit: int, n: int, branching: int) -> np.ndarray:
    """``table[t, k]``: the counting lower bound for ``k`` answers with ``t`` turns left.

    At most one answer is found with each guess, and each guess has at most ``branching``
    non-solving feedbacks, so at most ``branching ** (d - 1)`` answers are found with guess ``d``;
    the bound fills the levels from the top, and each answer that does not fit costs its ``t``
    guesses and :data:`~playbook.engines.constants.MISS` (a strategy that finds fewer pays ``MISS``
    for each more, which outweighs any guesses it saves).
    """
    table = np.zeros((limit + 1, n + 1), dtype=np.int64)
    k = np.arange(n + 1, dtype=np.int64)
    for t in range(limit + 1):
        cost = np.zeros(n + 1, dtype=np.int64)
        left = k.copy()
        cap = 1
        for d in range(1, t + 1):  # level d takes what fits of the answers left
            take = np.minimum(left, cap)
            cost += d * take
            left -= take
            cap = min(cap * max(branching, 1), n + 1)
        table[t] = cost + left * (t + MISS)
    table[:, 0] = 0
    return table


def branching_of(F: np.ndarray, solved: int) -> int:
    """Number of distinct non-solving feedback codes in ``F`` (at most the children of a guess)."""
    F = np.ascontiguousarray(F)
    seen = codes_met(F.reshape(-1), max(int(F.max(initial=0)), solved) + 1)
    return int(seen.sum() - (1 if seen[solved] else 0))


@numba.njit(cache=True, nogil=True)
def codes_met(codes, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Which of the codes ``0 .. n_codes - 1`` occur in ``codes`` (one pass, no copy: numpy's
    ``bincount`` widens the whole matrix first, 47 ms of Mastermind 4x6's search)."""
    seen = np.zeros(n_codes, dtype=np.bool_)
    for i in range(codes.shape[0]):
        seen[codes[i]] = True
    return seen


@numba.njit(cache=True, nogil=True)
def weigh(S, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(total, least, most) of the weights of the answers ``S``; each weighs 1 where ``w``
    is empty."""
    n = S.shape[0]
    if w.shape[0] == 0:
        return np.int64(n), np.int64(1), np.int64(1)
    total = np.int64(0)
    lo = np.int64(INF)
    hi = np.int64(0)
    for i in range(n):
        x = w[S[i]]
        total += x
        lo = min(lo, x)
        hi = max(hi, x)
    return total, lo, hi


@numba.njit(cache=True, nogil=True)
def weighted_bound(lbtab, t, k, total, lo):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The counting bound of ``k`` answers weighing ``total`` (the lightest ``lo``) with ``t`` turns
    left: each pays its first guess and, for each guess beyond, at least ``lo``; answers no tree can
    find pay :data:`~playbook.engines.constants.MISS` each. ``lbtab[t, k]`` itself for weights of 1.
    Valid while the weights times the turns stay below :data:`~playbook.engines.constants.MISS`."""
    b = lbtab[t, k]
    left = b // MISS
    return left * MISS + total + lo * (b - left * MISS - k)


@numba.njit(cache=True, nogil=True)
def scan_bounds(laid, t, lbtab, solved, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`~playbook.engines.scan.scan`'s (bound, in set, parts) alone, every answer weighing 1,
    of the guesses whose codes are ``laid`` (:func:`~playbook.engines.layout.laid_codes`;
    ``solved``, ``n_codes``: :func:`~playbook.engines.layout.by_answer`'s): for a search that needs
    the other two of the few guesses it tries only (:func:`~playbook.engines.scan.describe`).

    Each guess counts its answers by code and reads all ``n_codes`` counts, with no branch
    and no list of the codes met (on Mastermind 4x6's sets 1.4 to 1.8x faster than
    :func:`~playbook.engines.scan.scan`). The solved part adds no bound (``lbtab[t, 0]`` is 0)."""
    m, n = laid.shape
    bound = np.empty(m, dtype=np.int64)
    ins = np.empty(m, dtype=np.int64)
    parts = np.empty(m, dtype=np.int64)
    below = lbtab[t - 1]
    if n_codes <= 16 and n < 256:
        _packed_bounds(laid, below, solved, n_codes, bound, ins, parts)
        return bound, ins, parts
    counts = np.zeros(n_codes, dtype=np.int64)
    for j in range(m):
        row = laid[j]
        for i in range(n):
            counts[row[i]] += 1
        ks = counts[solved]
        s = n - below[ks]
        nm = 0
        for c in range(n_codes):
            k = counts[c]
            nm += k > 0
            s += below[k]
            counts[c] = 0
        ins[j] = ks > 0
        bound[j] = s
        parts[j] = nm
    return bound, ins, parts


@numba.njit(cache=True, nogil=True)
def _packed_bounds(laid, below, solved, n_codes, bound, ins, parts):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`scan_bounds` for at most 16 codes and 255 answers: each guess counts in a byte
    per code of two 64-bit words held in registers, where counting in memory waits on each
    count written before (on Mastermind 4x6's sets, 3 to 26% faster in five runs)."""
    m, n = laid.shape
    one = np.uint64(1)
    low = np.uint64(7)
    for j in range(m):
        row = laid[j]
        lo = np.uint64(0)
        hi = np.uint64(0)
        for i in range(n):
            c = np.uint64(row[i])
            inc = one << ((c & low) << np.uint64(3))
            up = c >> np.uint64(3)  # 0 or 1
            lo += inc * (one - up)
            hi += inc * up
        s = n
        nm = 0
        ks = 0
        for c in range(n_codes):
            word = lo if c < 8 else hi
            k = np.int64((word >> np.uint64((c & 7) * 8)) & np.uint64(255))
            nm += k > 0
            if c == solved:
                ks = k
            else:
                s += below[k]
        ins[j] = ks > 0
        bound[j] = s
        parts[j] = nm
