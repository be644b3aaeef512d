"""Taking over a board (:mod:`playbook.search.chance`): the move of greatest chance, against a
brute force that tries every move at every turn, and the rule's move where all are found."""

from __future__ import annotations

import random

import numpy as np
import pytest

from playbook import words
from playbook.core.problem import Problem
from playbook.games import from_rules
from playbook.search.chance import OutOfTime, best_chance
from playbook.search.greedy import move, rule_order


def _game():  # type: ignore[no-untyped-def]
    return from_rules({"name": "lingo", "length": 5, "turns": 5, "revealed": "first"})


def _problem(seed: int, n: int) -> Problem:
    rng = random.Random(seed)
    listed = [w for w in words.load("opentaal-nl", length=5).words if w[0] == "k"]
    chosen = sorted(rng.sample(listed, n))
    return Problem.of(_game(), chosen, chosen, name="k")


def _brute(p: Problem, cols: tuple[int, ...], t: int) -> int:
    """The most answers of ``cols`` found within ``t`` turns: every move, every turn."""
    if t == 0 or not cols:
        return 0
    best = 0
    for row in range(len(p.guesses)):
        got = 0
        parts: dict[int, list[int]] = {}
        for c in cols:
            parts.setdefault(int(p.F[row, c]), []).append(c)
        for code, part in parts.items():
            if code == p.solved and p.answers[part[0]] == p.guesses[row]:
                got += 1
            else:
                got += _brute(p, tuple(part), t - 1)
        best = max(best, got)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_the_chance_is_what_a_brute_force_finds(seed: int) -> None:
    p = _problem(seed, 14)
    cols = np.arange(len(p.answers), dtype=np.int64)
    for turns in (1, 2, 3):
        got = best_chance(p, cols, turns)
        assert got is not None
        assert got.found == _brute(p, tuple(cols.tolist()), turns)
        # the move: the first in the rule's order of those of greatest value
        order = rule_order(p, "scm", cols, np.arange(len(p.guesses), dtype=np.int64)).tolist()
        values = []
        for row in order:
            parts: dict[int, list[int]] = {}
            for c in cols.tolist():
                parts.setdefault(int(p.F[row, c]), []).append(c)
            values.append(
                sum(
                    1
                    if code == p.solved and p.answers[part[0]] == p.guesses[row]
                    else _brute(p, tuple(part), turns - 1)
                    for code, part in parts.items()
                )
            )
        assert got.row == order[values.index(max(values))]
        assert got.chance == got.found / len(cols)


def test_with_turns_to_spare_it_is_the_rules_move() -> None:
    p = _problem(7, 30)
    cols = np.arange(len(p.answers), dtype=np.int64)
    got = best_chance(p, cols, 5)
    assert got is not None and got.found == got.total == 30
    assert p.guesses[got.row] == move(p, "scm", cols)


def test_nothing_possible_or_no_turn_left_gives_none() -> None:
    p = _problem(1, 10)
    assert best_chance(p, np.array([], dtype=np.int64), 3) is None
    assert best_chance(p, np.arange(10), 0) is None


def test_a_spent_budget_says_so() -> None:
    p = _problem(2, 40)
    with pytest.raises(OutOfTime):
        best_chance(p, np.arange(40), 3, budget=-1.0)
