"""What a plan asks a person to memorise.

A contestant carries the plan in memory: per group the fixed openings, every exception move
with the feedback that triggers it (a move of a table, or an exception row's node), and
every try list whose order is not the list's order (the words of such a list played out of
list order). A
try list in list order (``try: all`` or the words written in list order) costs nothing:
the person tries the words still possible as they come to mind, alphabetically. (A word
list is sorted, :func:`playbook.words.normalise`: list order is the words' order.)
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterable

from playbook.model import GroupPlan, Move, Table, TryWords, walk_rows


@dataclasses.dataclass(frozen=True)
class Memory:
    """Counts of what to memorise (for one group, or summed)."""

    openings: int = 0
    moves: int = 0
    """Exception moves and exception rows (a try list that replaces the openings still to
    come), each with the feedback that triggers it."""
    ordered: int = 0
    """Words of try lists played out of list order (the fewest whose places must be
    learnt: a list's length less its longest run in list order, not necessarily adjacent)."""
    nesting: int = 0
    """How deep triggers nest: 0 where no exception move holds a trigger of its own, 1 where
    one does (``o..o. → bingo [o.x.x → bavet]``), ... (the deepest, for a sum)."""

    @property
    def words(self) -> int:
        """Words to memorise in all."""
        return self.openings + self.moves + self.ordered

    def __add__(self, other: Memory) -> Memory:
        return Memory(
            self.openings + other.openings,
            self.moves + other.moves,
            self.ordered + other.ordered,
            max(self.nesting, other.nesting),
        )


def _displaced(at: list[str]) -> int:
    """How many of the places ``at`` are out of order: their number less the longest
    increasing subsequence."""
    tails: list[str] = []
    for x in at:
        i = bisect.bisect_left(tails, x)
        tails[i : i + 1] = [x]
    return len(at) - len(tails)


def _table(table: Table | None) -> Memory:
    out = Memory()
    for visit in walk_rows(table):
        node = visit.row.node
        if isinstance(node, Move):
            out += Memory(moves=1, nesting=visit.depth)
        elif node.words is not None:
            out += Memory(ordered=_displaced(list(node.words)))
    return out


def of_plan(plan: GroupPlan) -> Memory:
    """What ``plan`` asks to memorise."""
    k = len(plan.openings)
    stops = sum(1 for r in plan.table or () if isinstance(r.node, TryWords) and r.stops(k))
    return Memory(openings=k, moves=stops) + _table(plan.table)


def of_plans(plans: Iterable[GroupPlan]) -> Memory:
    """The sum over ``plans``."""
    total = Memory()
    for p in plans:
        total += of_plan(p)
    return total
