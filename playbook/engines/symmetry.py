"""One guess per class of guesses that are alike at a node of the search (numba).

A game with a :class:`~playbook.games.Symmetry` (Mastermind) keeps its feedback under any
permutation of the symbols and of the positions, applied to guess and answer alike. At a node
of the search reached by the guesses ``history``:

* the permutations that map every guess of the history onto itself map the answers still
  possible onto themselves, so two guesses one of them maps onto the other split those
  answers alike (the *stabiliser* of the history; its symbols never played are free);
* a symbol that no answer still possible holds (an *excluded* symbol) scores nothing against
  any of them, so two guesses that differ only in which excluded symbols they play split the
  answers alike.

:func:`canonical` keeps guesses in two steps, as fancidev's mmstrat does (a filter of the
history, then one of the answers):

1. :func:`stabilised`, the least guess of each class under the stabiliser: each guess is
   mapped by every element of it (its positions enumerated, its free symbols renamed in
   order of first appearance, which gives the least image of all their renamings) and kept
   when no image is below its own code. It depends on the guesses played only, so every node
   reached by the same guesses shares it (:func:`node_guesses` keeps it in a cache).
2. :func:`merged`, of those, the first of each class of guesses that differ only in excluded
   symbols.

Each class keeps at least one guess, and the search loses nothing (the values of a node's
guesses are those of the kept ones); a class that needs both steps to meet its least guess
may keep two (Mastermind 4x6's optimum scans 1,737,611 guesses, where one step that took
both at once scanned 1,729,761; that step had taken a third of the search's time, the two
steps an eighth). The ideas are those of the Mastermind
literature (Neuwirth 1982, Koyama and Lai 1993: equivalent guesses; fancidev's notes on
colour and constraint equivalence); the code is ours.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from playbook.engines.hashset import first_seen, hash_set
from playbook.games import Symmetry


@numba.njit(cache=True, nogil=True)
def stabilised(symbols, positions, n_symbols, hist, nh):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Rows of the least guess of each class under the stabiliser of ``hist[:nh]`` (the
    first step of :func:`canonical`, which does not look at the answers: every node reached
    by the same guesses shares it).

    ``symbols``: each guess row as symbol indices; ``positions``: the position
    permutations. Each image is compared digit by digit with the guess, from the first: the
    first digit that differs decides."""
    rows, p = symbols.shape
    used = np.zeros(n_symbols, dtype=np.bool_)
    for k in range(nh):
        for i in range(p):
            used[symbols[hist[k], i]] = True
    n_free = 0
    free = np.empty(n_symbols, dtype=np.int64)
    for c in range(n_symbols):
        if not used[c]:
            free[n_free] = c
            n_free += 1
    # the stabiliser's position permutations, each with its map of the symbols played
    n_perm = positions.shape[0]
    maps = np.full((n_perm, n_symbols), -1, dtype=np.int64)
    keep = np.zeros(n_perm, dtype=np.bool_)
    n_keep = 0
    inv = np.empty(n_symbols, dtype=np.int64)
    for q in range(n_perm):
        inv[:] = -1
        ok = True
        for k in range(nh):
            h = hist[k]
            for i in range(p):
                a = symbols[h, positions[q, i]]
                b = symbols[h, i]
                if maps[q, a] < 0 and inv[b] < 0:
                    maps[q, a] = b
                    inv[b] = a
                elif maps[q, a] != b or inv[b] != a:
                    ok = False
        if ok:
            keep[q] = True
            n_keep += 1
    out = np.empty(rows, dtype=np.int64)
    # the permutations to try on each guess: the identity maps a guess onto itself unless
    # it has free symbols to rename
    kept = np.empty(n_keep, dtype=np.int64)
    nk = 0
    for q in range(n_perm):
        if keep[q] and not (n_free <= 1 and _identity(positions, q)):
            kept[nk] = q
            nk += 1
    if nk == 0:
        for g in range(rows):
            out[g] = g
        return out
    rename = np.empty(n_symbols, dtype=np.int64)
    no = 0
    for g in range(rows):
        mine = True
        k = 0
        while mine and k < nk:
            q = kept[k]
            for i in range(p):
                rename[symbols[g, i]] = -1
            nf = 0
            for i in range(p):
                c = symbols[g, positions[q, i]]
                if used[c]:
                    y = maps[q, c]
                else:
                    if rename[c] < 0:
                        rename[c] = free[nf]
                        nf += 1
                    y = rename[c]
                d = symbols[g, i]
                if y != d:
                    mine = y > d  # the image is below the guess: another keeps the class
                    break
            k += 1
        if mine:
            out[no] = g
            no += 1
    return out[:no]


@numba.njit(cache=True, nogil=True)
def merged(symbols, n_symbols, pre, S, col_row):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Of the guesses ``pre`` (in order), the first of each class of guesses that differ only
    in symbols no answer of ``S`` holds (the second step of :func:`canonical`): they give
    every answer of ``S`` the same feedback. ``pre`` itself where at most one symbol is out."""
    p = symbols.shape[1]
    present = np.zeros(n_symbols, dtype=np.bool_)
    for i in range(S.shape[0]):
        r = col_row[S[i]]
        for j in range(p):
            present[symbols[r, j]] = True
    first_excluded = -1
    n_excluded = 0
    for c in range(n_symbols):
        if not present[c]:
            n_excluded += 1
            if first_excluded < 0:
                first_excluded = c
    if n_excluded <= 1:
        return pre
    table, used = hash_set(pre.shape[0])
    out = np.empty(pre.shape[0], dtype=np.int64)
    no = 0
    for k in range(pre.shape[0]):
        g = pre[k]
        code = 0
        for i in range(p):
            c = symbols[g, i]
            code = code * n_symbols + (c if present[c] else first_excluded)
        if first_seen(table, used, np.uint64(code)):
            out[no] = g
            no += 1
    return out[:no]


@numba.njit(cache=True, nogil=True)
def canonical(symbols, positions, n_symbols, hist, nh, S, col_row):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Rows of the guesses kept at a node: at least one of each class (module docstring).

    ``symbols``: each guess row as symbol indices; ``positions``: the position permutations;
    ``hist[:nh]``: the rows played so far; ``S``: the answer columns still possible
    (``col_row`` their rows)."""
    pre = stabilised(symbols, positions, n_symbols, hist, nh)
    return merged(symbols, n_symbols, pre, S, col_row)


CACHE_ROWS = 1 << 22
"""The most guess rows :func:`node_guesses` keeps in its cache (32 MB)."""


ROWS = types.int64[:]
"""A cache entry's type: the stabilised rows of one history."""


@numba.njit(cache=True, nogil=True)
def class_cache():  # type: ignore[no-untyped-def]  # numba types it
    """An empty cache for :func:`node_guesses`: the stabilised rows of each history (made in
    compiled code, so that its making is cached on disk, not compiled in every process)."""
    return Dict.empty(types.uint64, ROWS)


@numba.njit(cache=True, nogil=True)
def node_guesses(symbols, positions, n_symbols, hist, nh, S, col_row, cache):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`canonical`, its first step taken from ``cache`` (:func:`class_cache`) where
    the same guesses were met before, in any order (the stabiliser is that of the set of
    guesses; on Mastermind 4x6 most nodes share theirs with a sibling or a cousin)."""
    key = np.uint64(nh) * np.uint64(0xC2B2AE3D27D4EB4F)
    for k in range(nh):
        x = np.uint64(hist[k] + 1) * np.uint64(0x9E3779B97F4A7C15)
        key += x ^ (x >> np.uint64(29))
    pre = cache.get(key)
    if pre is None:
        pre = stabilised(symbols, positions, n_symbols, hist, nh)
        if (len(cache) + 1) * symbols.shape[0] <= CACHE_ROWS:
            cache[key] = pre
    return merged(symbols, n_symbols, pre, S, col_row)


@numba.njit(cache=True, nogil=True)
def _identity(positions, q):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether position permutation ``q`` leaves every position where it is."""
    for i in range(positions.shape[1]):  # noqa: SIM110 (numba compiles loops, not all())
        if positions[q, i] != i:
            return False
    return True


NONE = (np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0), dtype=np.int64), 0)
"""What the search gets for a game without a symmetry."""


def kernel_args(sym: Symmetry | None) -> tuple[np.ndarray, np.ndarray, int]:
    """The arrays the numba search takes for ``sym`` (empty ones where there is none)."""
    if sym is None:
        return NONE
    return sym.symbols, sym.positions, sym.n_symbols


def representatives(
    sym: Symmetry, history: Sequence[int], answers: np.ndarray, col_row: np.ndarray
) -> np.ndarray | None:
    """The guess rows kept after ``history`` where ``answers`` (columns) are still possible,
    or None when every guess is kept."""
    hist = np.asarray(history, dtype=np.int64)
    kept = canonical(
        sym.symbols,
        sym.positions,
        sym.n_symbols,
        hist,
        len(hist),
        np.asarray(answers, dtype=np.int64),
        np.asarray(col_row, dtype=np.int64),
    )
    return None if len(kept) == sym.symbols.shape[0] else kept


def respects(sym: Symmetry, weights: np.ndarray, col_row: np.ndarray) -> bool:
    """Whether ``weights`` (one per answer column) are alike on codes the permutations map
    onto one another: only then do guesses alike cost alike, and may the weighted search
    keep one guess per class."""
    seen: dict[tuple[int, ...], int] = {}
    for a, r in enumerate(np.asarray(col_row).tolist()):
        code = sym.symbols[r]
        key = min(_renamed(code[list(p)]) for p in sym.positions.tolist())
        if seen.setdefault(key, int(weights[a])) != int(weights[a]):
            return False
    return True


def _renamed(code: np.ndarray) -> tuple[int, ...]:
    """``code`` with its symbols renamed in order of first appearance (0, 1, ...)."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(int(c), len(names)) for c in code)
