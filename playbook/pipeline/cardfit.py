"""A card that fits what a person can learn: ``search.card_words``.

A plan's card prints every word a contestant must learn (:func:`playbook.memory.card_words`).
Where it prints more than ``card_words``, the exceptions that find the fewest answers per word
they print are dropped, one at a time, until it fits: a dropped exception move or try list
leaves its feedback to the card's rule (the words left, in list order), a dropped exception
row lets the openings go on. The answers an exception found only through it are then words the
plan does not guarantee (declared so, and verified); each drop is the one that costs the least
weight of answers found in time (each answer's chance under the picks model, its frequency
under the common model, one word alike otherwise) for each word it takes off the card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from playbook import memory
from playbook.core.problem import Problem
from playbook.model import GroupPlan, Move, walk_rows
from playbook.model.plan import without_row
from playbook.replay import found_in_time


def _candidates(plan: GroupPlan) -> list[tuple[int, ...]]:
    """What may be dropped: each row (with the rows under it), and for each word the card
    prints for the table, every row that prints it (a word played in two places is off the
    card only when both go)."""
    by_word: dict[str, list[int]] = {}
    count = 0
    for i, visit in enumerate(walk_rows(plan.table)):
        count = i + 1
        node = visit.row.node
        printed = (
            (node.word,)
            if isinstance(node, Move)
            else node.words
            if node.words is not None and list(node.words) != sorted(node.words)
            else ()
        )
        for w in printed:
            by_word.setdefault(w, []).append(i)
    singles = [(i,) for i in range(count)]
    several = sorted({tuple(rows) for rows in by_word.values() if len(rows) > 1})
    return singles + several


@dataclasses.dataclass(frozen=True)
class _Group:
    plan: GroupPlan
    found: float
    """The weight of the answers found in time."""
    printed: int
    """The words the card prints for the group."""


@dataclasses.dataclass(frozen=True)
class _Drop:
    group: str
    rows: tuple[int, ...]
    """The rows dropped: each the how-manieth :func:`playbook.model.walk_rows` meets."""
    cost: float
    """Weight of the answers found in time that the drop loses."""
    saved: int
    """Words the drop takes off the card."""
    after: _Group


def fit(
    problems: Mapping[str, Problem],
    plans: Sequence[GroupPlan],
    card_words: int,
    weights: Callable[[str], np.ndarray | None],
) -> list[GroupPlan]:
    """``plans`` with the exceptions dropped that find the fewest answers per word printed,
    until their card prints at most ``card_words`` words (or no exception is left)."""
    answers = (w for p in problems.values() for w in p.answers)
    game = next(iter(problems.values())).game if problems else None
    few = memory.small_groups(answers, game.group_of, plans) if game else {}
    if game is None or len(memory.card_words(plans, few)) <= card_words:
        return list(plans)

    def weigh(name: str) -> dict[str, float]:
        w = weights(name)
        words = problems[name].answers
        return dict(zip(words, w if w is not None else np.ones(len(words)), strict=True))

    weight = {p.group: weigh(p.group) for p in plans if p.group in problems}

    def state(plan: GroupPlan) -> _Group:
        problem = problems[plan.group]
        found = found_in_time(problem.game, plan, problem.answers, early=True)
        mass = sum(weight[plan.group][w] for w in found)
        lost = tuple(w for w in problem.answers if w not in set(found))
        kept = dataclasses.replace(plan, unguaranteed=lost)
        return _Group(kept, mass, len(memory.printed(kept, few.get(plan.group, ()))))

    def drops(g: _Group) -> list[_Drop]:
        out = []
        small = few.get(g.plan.group, ())
        for rows in _candidates(g.plan):
            table = g.plan.table
            for row in sorted(rows, reverse=True):  # a later row first: the earlier stay put
                table = without_row(table, row)
            shorter = dataclasses.replace(g.plan, table=table)
            if len(memory.printed(shorter, small)) >= g.printed:
                continue  # rows the card does not print: dropping them saves nothing
            after = state(shorter)
            saved = g.printed - after.printed
            out.append(_Drop(g.plan.group, rows, g.found - after.found, saved, after))
        return out

    current = {p.group: state(p) if p.group in problems else None for p in plans}
    options = {name: drops(g) for name, g in current.items() if g is not None}
    by_name = {p.group: p for p in plans}

    def total() -> int:
        kept = [g.plan if g else by_name[n] for n, g in current.items()]
        return len(memory.card_words(kept, few))

    while total() > card_words:
        every = [d for ds in options.values() for d in ds]
        if not every:
            break
        best = min(every, key=lambda d: (d.cost / d.saved, -d.saved, d.group, d.rows))
        current[best.group] = best.after
        options[best.group] = drops(best.after)
    return [g.plan if g else by_name[n] for n, g in current.items()]
