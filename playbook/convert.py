"""Search results -> playbook plans: the one place where guess rows, answer columns and
feedback codes become words and feedback text.

Tables are written in reading order (:meth:`Game.row_key`): by the feedback of the first
move, then the second, ..., right place before wrong place before absent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from playbook.core.problem import Problem
from playbook.model import GroupPlan, Move, Node, Row, Table, TryWords
from playbook.search.openings import Opening
from playbook.search.tables import Tables
from playbook.search.trees import Node as TreeNode
from playbook.search.trees import Probe, TryList, size


def sorted_table(problem: Problem, rows: Iterable[Row]) -> Table:
    """Rows in the game's reading order."""
    return tuple(problem.game.reading_order(rows))


def node(problem: Problem, n: TreeNode) -> Node:
    """A tree node as a playbook node: the words of a try list; a probe's guess with its
    table (a probe that only finds its own word is that word, tried)."""
    if isinstance(n, TryList):
        return TryWords(tuple(problem.answers[c] for c in n.cols))
    if not n.children:
        return TryWords((problem.guesses[n.row],))
    return Move(problem.guesses[n.row], table(problem, n))


def table(problem: Problem, probe: Probe) -> Table:
    """The table after a probe: a row per feedback of its guess."""
    fmt = problem.game.format
    rows = (Row(fmt(code), node(problem, child), size(child)) for code, child in probe.children)
    return sorted_table(problem, rows)


def tree_plan(
    problem: Problem, root: TreeNode, method: str, notes: Mapping[str, Any] | None = None
) -> GroupPlan:
    """A plan that is a whole tree: its first guess is the opening, the rest the tables (a
    tree that is only a try list has no opening)."""
    if isinstance(root, TryList):
        rows: Table = (Row("", node(problem, root), len(root.cols)),)
        return GroupPlan(
            problem.name, (), rows, len(problem.answers), len(root.cols), method, notes=notes or {}
        )
    rows = table(problem, root)
    # the largest set the first guess leaves (its own word, where it is an answer, a set of
    # one): what verify counts
    _, counts = np.unique(problem.F[root.row], return_counts=True)
    return GroupPlan(
        group=problem.name,
        openings=(problem.guesses[root.row],),
        table=rows,
        words=len(problem.answers),
        largest=int(counts.max(initial=0)),
        method=method,
        notes=notes or {},
    )


def openings_plan(problem: Problem, opening: Opening, tables: Tables) -> GroupPlan:
    """A plan of fixed openings and the tables after them."""
    fmt = problem.game.format
    rows = []
    for part in tables.parts:
        # an exception row that replaces the openings after the first ``depth`` is keyed
        # by their feedback alone
        moves = tables.moves[: part.depth]
        key = " ".join(fmt(int(problem.F[m, part.cols[0]])) for m in moves)
        rows.append(Row(key, node(problem, part.solved.node), len(part.cols)))
    return GroupPlan(
        group=problem.name,
        openings=tuple(problem.guesses[m] for m in tables.moves),
        table=sorted_table(problem, rows),
        words=len(problem.answers),
        largest=opening.score.largest,
        method=opening.method,
        restarts=opening.restarts,
        unguaranteed=tuple(sorted(problem.answers[c] for c in tables.unguaranteed)),
        notes=dict(opening.notes),
    )
