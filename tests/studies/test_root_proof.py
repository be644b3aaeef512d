"""The second stage of a root proof: each first guess refuted part by part below a cut-off,
and the re-check that rejects a proof that claims too much."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import BUDGET

from playbook.core.problem import Problem
from playbook.engines.constants import INF
from playbook.games import Mastermind
from playbook.search import optimal
from playbook.studies.root import proof_line, proof_of
from playbook.studies.root_proof import (
    OpeningProof,
    PartBound,
    opening_bound,
    recheck,
    refute_opening,
)


def _problem(pegs: int, colours: int, turns: int) -> Problem:
    game = Mastermind(pegs=pegs, colours=colours, turns=turns)
    codes = game.generated_words()
    return Problem.of(game, codes, codes)


def _searches(p: Problem, limit: int) -> list[optimal.GroupSearch]:
    """A search without the symmetry and one with it (its parts searched after the guess)."""
    sym = p.game.symmetry(p.guesses, p.answer_rows)
    return [
        optimal.GroupSearch(p, limit, float("inf")),
        optimal.GroupSearch(p, limit, float("inf"), sym),
    ]


@pytest.mark.parametrize(("pegs", "colours", "limit"), [(3, 3, 4), (2, 4, 3), (3, 3, 3), (2, 5, 4)])
def test_a_refutation_reaches_the_cutoff_or_is_the_exact_optimum(
    pegs: int, colours: int, limit: int
) -> None:
    """For every first guess and cut-offs around its optimum (answers left unfound included
    where the turns are too few; on 2x5 some parts fail at exactly their cut-off, where a
    proof must not call the figure exact): below the optimum the proof reaches the cut-off and stays
    at or below the optimum; above it, the proof is the exact optimum, every part exact."""
    p = _problem(pegs, colours, limit)
    for search in _searches(p, limit):
        for g in range(len(p.guesses)):
            best = optimal.optimal_tree(p, limit=limit, budget=BUDGET, first=g, symmetry=False)
            value = search.value(best.tree)
            floor, _ = opening_bound(search, g)
            near = range(floor, min(floor + 12, value + 1))  # MISS makes some gaps huge
            for cutoff in sorted({*near, value - 1, value, value + 1, INF}):
                proof = refute_opening(search, g, cutoff)
                assert proof.bound == proof.weight + sum(q.bound for q in proof.parts)
                assert sum(q.size for q in proof.parts) + (p.guesses[g] in p.answers) == len(
                    p.answers
                )
                assert recheck(search, proof) == [], (g, cutoff)  # each part's figure holds
                if cutoff > value:
                    assert proof.exact and proof.bound == value, (g, cutoff)
                else:
                    assert cutoff <= proof.bound <= value, (g, cutoff)


def test_the_recheck_holds_a_proof_and_rejects_one_that_claims_too_much() -> None:
    p = _problem(3, 3, 4)
    search = optimal.GroupSearch(p, 4, float("inf"))
    g = p.guesses.index("112")
    value = search.value(optimal.optimal_tree(p, limit=4, budget=BUDGET, first=g).tree)
    whole = refute_opening(search, g, INF)
    cut = refute_opening(search, g, value)
    assert whole.exact and whole.bound == value and not cut.exact
    for proof in (whole, cut):
        assert recheck(search, proof) == []
        assert proof_of(proof_line(proof, tuple(p.guesses), 0.0, 0)) == proof  # the JSON line
    big = max(range(len(whole.parts)), key=lambda i: whole.parts[i].size)

    def changed(proof: OpeningProof, i: int, **kw: object) -> OpeningProof:
        parts = list(proof.parts)
        parts[i] = dataclasses.replace(parts[i], **kw)  # type: ignore[arg-type]
        return dataclasses.replace(proof, parts=tuple(parts))

    exact_part = whole.parts[big]
    solved = [i for i, q in enumerate(whole.parts) if q.size >= 3]
    assert len(solved) >= 3
    broken = [
        *(changed(whole, i, bound=whole.parts[i].bound + 1) for i in solved),  # exact, too high
        *(changed(whole, i, bound=whole.parts[i].bound - 1) for i in solved),  # or too low
        changed(whole, big, bound=exact_part.bound + 1, exact=False),  # a bound above the value
        changed(whole, big, size=exact_part.size + 1),
        changed(whole, big, code=10**6),
        dataclasses.replace(whole, weight=whole.weight + 1),
        dataclasses.replace(whole, parts=whole.parts[1:]),
        dataclasses.replace(whole, parts=(*whole.parts, PartBound(10**6, 1, 1, True))),
    ]
    for proof in broken:
        assert recheck(search, proof), proof
    # a bound below the value is a true claim, if a weaker one
    assert recheck(search, changed(whole, big, bound=exact_part.bound - 1, exact=False)) == []
