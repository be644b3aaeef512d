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

:func:`canonical` keeps the guess whose code is the least of its class: each guess is mapped
by every element of the stabiliser (its positions enumerated, its free symbols renamed in
order of first appearance, which gives the least image of all their renamings), each excluded
symbol written as the least excluded one, and the guess is kept when no image is below its own
code. A class keeps exactly one guess, and the search loses nothing (the values of a node's
guesses are those of the kept ones). The ideas are those of the Mastermind literature
(Neuwirth 1982, Koyama and Lai 1993: equivalent guesses; fancidev's notes on colour and
constraint equivalence); the code is ours.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np

from playbook.games import Symmetry


@numba.njit(cache=True, nogil=True)
def canonical(symbols, positions, n_symbols, hist, nh, S, col_row):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Rows of the guesses kept at a node: the least of each class (module docstring).

    ``symbols``: each guess row as symbol indices; ``positions``: the position permutations;
    ``hist[:nh]``: the rows played so far; ``S``: the answer columns still possible
    (``col_row`` their rows). Returns every row when there is nothing to merge."""
    rows, p = symbols.shape
    used = np.zeros(n_symbols, dtype=np.bool_)
    for k in range(nh):
        for i in range(p):
            used[symbols[hist[k], i]] = True
    present = np.zeros(n_symbols, dtype=np.bool_)
    for i in range(S.shape[0]):
        r = col_row[S[i]]
        for j in range(p):
            present[symbols[r, j]] = True
    first_excluded = -1
    n_excluded = 0
    n_free = 0
    free = np.empty(n_symbols, dtype=np.int64)
    for c in range(n_symbols):
        if not present[c]:
            n_excluded += 1
            if first_excluded < 0:
                first_excluded = c
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
    if n_keep <= 1 and n_free <= 1 and n_excluded <= 1:
        for g in range(rows):
            out[g] = g
        return out
    # the permutations to try on each guess: the identity maps a guess onto its own code
    # (the excluded symbols aside, checked first) unless it has free symbols to rename
    kept = np.empty(n_keep, dtype=np.int64)
    nk = 0
    for q in range(n_perm):
        if keep[q] and not (n_free <= 1 and _identity(positions, q)):
            kept[nk] = q
            nk += 1
    rename = np.empty(n_symbols, dtype=np.int64)
    no = 0
    for g in range(rows):
        own = 0
        for i in range(p):
            c = symbols[g, i]
            if not present[c]:
                c = first_excluded
            own = own * n_symbols + c
        mine = True
        if own != _code(symbols, g, n_symbols):
            mine = False  # an excluded symbol other than the least: that guess's class has it
        k = 0
        while mine and k < nk:
            q = kept[k]
            for i in range(p):
                rename[symbols[g, i]] = -1
            nf = 0
            img = 0
            for i in range(p):
                c = symbols[g, positions[q, i]]
                if used[c]:
                    y = maps[q, c]
                else:
                    if rename[c] < 0:
                        rename[c] = free[nf]
                        nf += 1
                    y = rename[c]
                if not present[y]:
                    y = first_excluded
                img = img * n_symbols + y
            if img < own:
                mine = False
            k += 1
        if mine:
            out[no] = g
            no += 1
    return out[:no]


@numba.njit(cache=True, nogil=True)
def _identity(positions, q):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether position permutation ``q`` leaves every position where it is."""
    for i in range(positions.shape[1]):  # noqa: SIM110 (numba compiles loops, not all())
        if positions[q, i] != i:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def _code(symbols, g, n_symbols):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The code of guess row ``g``: its symbols as digits in base ``n_symbols``."""
    v = 0
    for i in range(symbols.shape[1]):
        v = v * n_symbols + symbols[g, i]
    return v


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
        sym.symbols, sym.positions, sym.n_symbols, hist, len(hist),
        np.asarray(answers, dtype=np.int64), np.asarray(col_row, dtype=np.int64),
    )  # fmt: skip
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
