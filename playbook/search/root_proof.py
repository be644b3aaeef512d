"""What a whole group's first guess can do: a proof that a first guess opens no tree below a
total, part by part, that anyone can check.

The root proof of Wordle (issue 30) has two stages. The first bounds every first guess with
:meth:`~playbook.search.optimal.GroupSearch.opening_bound` and rules out most of them. The
second, here, searches each guess left: its parts (the answers each feedback leaves, with a
turn fewer) start from their :meth:`~playbook.search.optimal.GroupSearch.floor`, and are
solved one after another below what is left of the cut-off, until the sum reaches it (the
guess is ruled out) or every part is solved (the guess's exact optimum, below the cut-off).

Each part's figure is either its exact value or a lower bound the search proved, so a proof
is checked by solving its parts again (:func:`recheck`), each one alone: the sum of the
answers and the parts' figures is the bound.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from playbook.core.exact import ABORT
from playbook.search.optimal import GroupSearch


@dataclasses.dataclass(frozen=True)
class PartBound:
    """One part of a first guess: its feedback code, its answers, and what the search proved
    of it with a turn fewer."""

    code: int
    size: int
    bound: int
    """Its value where ``exact``, else a lower bound of it."""
    exact: bool


@dataclasses.dataclass(frozen=True)
class OpeningProof:
    """What every tree that opens with ``guess`` costs at least: the answers' weight and the
    parts' figures; the exact optimum of those trees where every part is exact."""

    guess: int
    weight: int
    parts: tuple[PartBound, ...]

    @property
    def bound(self) -> int:
        return self.weight + sum(p.bound for p in self.parts)

    @property
    def exact(self) -> bool:
        return all(p.exact for p in self.parts)


def refute_opening(search: GroupSearch, g: int, cutoff: int) -> OpeningProof:
    """The proof that trees opening with ``g`` cost at least ``cutoff``, or their exact
    optimum where it is lower. Parts are solved smallest first (their exact values come
    cheaply and leave the least room for the largest); each only below the room left under
    the cut-off, so the search stops at the first part that closes the gap."""
    S = np.arange(search.n, dtype=np.int64)
    t = search.limit - 1
    split = sorted(search.parts(S, g), key=lambda cp: (len(cp[1]), cp[0]))
    figures = [search.floor(part, t) for _, part in split]
    exact = [len(part) <= 2 for _, part in split]
    weight = search.weight(S)
    total = weight + sum(figures)
    for i, (_, part) in enumerate(split):
        if total >= cutoff:
            break
        if exact[i]:
            continue
        beta = figures[i] + cutoff - total
        v = search.solve(part, t, beta, (g,))
        if v == ABORT:
            raise RuntimeError("internal error: the refutation ran out of time")
        v = max(v, figures[i])
        total += v - figures[i]
        figures[i], exact[i] = v, v < beta
    parts = tuple(
        PartBound(int(code), len(part), int(f), bool(e))
        for (code, part), f, e in zip(split, figures, exact, strict=True)
    )
    return OpeningProof(g, weight, parts)


def recheck(search: GroupSearch, proof: OpeningProof) -> list[str]:
    """Each way ``proof`` fails on ``search``'s group (none: it holds): its parts must be the
    guess's, each exact figure the part's value and each other figure a lower bound of it,
    every part solved again by a search of its own (a memo of its own)."""
    S = np.arange(search.n, dtype=np.int64)
    t = search.limit - 1
    found = {code: part for code, part in search.parts(S, proof.guess)}
    weights = None if len(search.w) == 0 else search.w
    fresh = GroupSearch(search.problem, search.limit, float("inf"), search.sym, weights)
    problems = []
    if sorted(found) != sorted(p.code for p in proof.parts):
        problems.append("the parts are not the guess's")
    if proof.weight != search.weight(S):
        problems.append(f"the weight is {search.weight(S)}, not {proof.weight}")
    for p in proof.parts:
        part = found.get(p.code)
        if part is None or len(part) != p.size:
            problems.append(f"part {p.code}: not {p.size} answers")
            continue
        v = fresh.solve(part, t, p.bound + 1 if p.exact else p.bound, (proof.guess,))
        if (p.exact and v != p.bound) or (not p.exact and v < p.bound):
            problems.append(f"part {p.code}: {v}, not {'exactly' if p.exact else 'at least'}")
    return problems
