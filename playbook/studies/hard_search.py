"""The exact search under a hard mode, in numba: each guess must keep what the feedback before
it revealed (Wordle's hard mode as the game enforces it: a letter marked in the right place
stays there, and every letter marked right or elsewhere is used again, as many times).

Which guesses stay allowed depends on the path, not on the answers left alone, so a node is
a set of answers *and* the guesses it allows: both go into the memo's key. The value is what
:mod:`playbook.engines.solve` computes (guesses, and :data:`~playbook.engines.constants.MISS` more
for each answer not found in time), over the allowed guesses only; every answer still possible is
allowed (it keeps everything revealed), so the counting bound stays admissible. Guesses are tried in
order of their bound (the answers, and their parts' counting bounds), possible answers first among
equals; parts are searched smallest first below what is left of the
cut-off, as in the main search.

The rule is read from the game's tables (:meth:`playbook.games.base.Game.revealing`): each
guess's letters, and for each feedback code the positions it marks right and those it marks
right or elsewhere.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.typed import Dict

from playbook.engines.constants import INF, MISS, SHIFT
from playbook.engines.layout import layout_buffers
from playbook.engines.parts import part_at, parts_in_order, settle

PLAIN = 0x9E3779B97F4A7C15
"""Multiplier of the memo key's parts."""


@numba.njit(cache=True, nogil=True)
def keeps(letters, right, shown, g, code, j):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether guess ``j`` keeps what guess ``g`` with feedback ``code`` revealed: its letters
    where ``g``'s were marked right, and each letter ``g`` had marked right or elsewhere as
    many times as it was."""
    L = letters.shape[1]
    r, s = right[code], shown[code]
    for p in range(L):
        if (r >> p) & 1 and letters[j, p] != letters[g, p]:
            return False
    for p in range(L):
        if not (s >> p) & 1:
            continue
        c = letters[g, p]
        need = 0
        for q in range(L):
            if (s >> q) & 1 and letters[g, q] == c:
                need += 1
        have = 0
        for q in range(L):
            if letters[j, q] == c:
                have += 1
        if have < need:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def narrowed(A, letters, right, shown, g, code):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The guesses of ``A`` that keep what ``g`` with ``code`` revealed (in order)."""
    out = np.empty(A.shape[0], dtype=np.int64)
    k = 0
    for i in range(A.shape[0]):
        if keeps(letters, right, shown, g, code, A[i]):
            out[k] = A[i]
            k += 1
    return out[:k]


@numba.njit(cache=True, nogil=True)
def node_key(S, A, t, zob, zrow):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The memo's key of the answers ``S`` with the guesses ``A`` allowed and ``t`` turns."""
    h = np.uint64(t + 1) * np.uint64(PLAIN)
    for i in range(S.shape[0]):
        h ^= zob[S[i]]
    ha = np.uint64(0)
    for i in range(A.shape[0]):
        ha ^= zrow[A[i]]
    return h ^ (ha * np.uint64(PLAIN) + np.uint64(A.shape[0]))


class Hard(NamedTuple):
    """What the search under Wordle's hard mode works with, as one value numba takes whole
    (as :class:`playbook.engines.solve.Exact` is the exact search's)."""

    F: np.ndarray
    """The feedback matrix (a row per guess, a column per answer)."""
    lbtab: np.ndarray
    """:func:`~playbook.engines.bounds.counting_table` of the group."""
    zob: np.ndarray
    """Each answer's 64-bit key."""
    zrow: np.ndarray
    """Each guess's 64-bit key (the allowed guesses are part of a node's key)."""
    memo: Dict
    """Node key -> packed entry."""
    stats: np.ndarray
    """[nodes, -]."""
    solved: int
    """The code that says the guess is the answer."""
    n_codes: int
    letters: np.ndarray
    """:class:`~playbook.games.base.Revealing`'s tables: each guess's letters, and for each
    code the positions it marks right and those it marks right or elsewhere."""
    right: np.ndarray
    shown: np.ndarray


@numba.njit(cache=True, nogil=True)
def hard_solve(st, S, A, t, beta):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The value of the answers ``S`` (sorted columns) with ``t`` turns left where only the
    guesses ``A`` (rows) are allowed, if below ``beta``; else a bound of at least ``beta``.
    The memo keeps (value << SHIFT) | (guess << 1) | exact by the key of (S, A, t)."""
    F, lbtab, zob, zrow, memo, stats = st.F, st.lbtab, st.zob, st.zrow, st.memo, st.stats
    solved, n_codes = st.solved, st.n_codes
    n = S.shape[0]
    if n == 0:
        return np.int64(0)
    if t == 0:
        return np.int64(n * MISS)
    if n == 1 or t == 1:  # a possible answer (always allowed) first; the others unfound
        return lbtab[t, n]
    if n == 2:
        return np.int64(3)
    lb = lbtab[t, n]
    if lb >= beta:
        return lb
    key = node_key(S, A, t, zob, zrow)
    if key in memo:
        e = memo[key]
        v = e >> SHIFT
        if e & 1:
            return v
        if v >= beta:
            return v
        lb = max(lb, v)
    stats[0] += 1
    # each allowed guess's bound: the answers and its parts' counting bounds
    m = A.shape[0]
    bound = np.empty(m, dtype=np.int64)
    order_key = np.empty(m, dtype=np.int64)
    counts = np.zeros(n_codes, dtype=np.int64)
    useful = 0
    for i in range(m):
        g = A[i]
        for k in range(n):
            counts[F[g, S[k]]] += 1
        b = n
        parts = 0
        ins = counts[solved] > 0
        for c in range(n_codes):
            if counts[c] > 0:
                if c != solved:
                    b += lbtab[t - 1, counts[c]]
                parts += 1
                counts[c] = 0
        if parts > 1 or ins:
            bound[useful] = b
            order_key[useful] = (b * 2 + (0 if ins else 1)) * (m + 1) + i
            useful += 1
    if useful == 0:  # no possible answer is allowed: nothing can be found
        memo[key] = (np.int64(INF) << SHIFT) | 1
        return np.int64(INF)
    order = np.argsort(order_key[:useful])
    best = np.int64(INF)
    best_g = -1
    least = np.int64(INF)  # the least bound proven of the guesses that failed
    cut = min(beta, np.int64(INF))
    room = layout_buffers(n, n_codes)
    for oi in range(useful):
        j = order[oi]
        b = bound[j]
        if b >= cut:
            least = min(least, b)
            break
        g = A[order_key[j] % (m + 1)]
        # the parts, smallest first (ties by code)
        pc, pk, by = parts_in_order(F[g], S, room, solved, n_codes, False)
        acc = np.int64(n)
        rest = b - n
        out = False
        for q in range(pc.shape[0]):
            part, size = part_at(room, pc, pk, by, q)
            rest -= lbtab[t - 1, size]
            cb = cut - acc - rest
            A2 = narrowed(A, st.letters, st.right, st.shown, g, pc[by[q]])
            v = hard_solve(st, part, A2, t - 1, cb)
            out, acc, least = settle(v, cb, acc, rest, least)
            if out:
                break
        if not out:
            best = acc
            best_g = g
            cut = min(cut, best)
            if best <= lb:
                break
    if best < beta:
        memo[key] = (best << SHIFT) | (np.int64(best_g) << 1) | 1
        return best
    v = max(lb, min(least, np.int64(INF)))
    if key in memo and (memo[key] >> SHIFT) > v:
        return memo[key] >> SHIFT
    memo[key] = v << SHIFT
    return v
