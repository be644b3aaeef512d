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
from collections.abc import Callable, Iterable, Mapping, Sequence

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


SMALL_GROUP = 15
"""Groups of at most this many answers have their words printed on the card (q, x): a
contestant tries them from memory."""


def _printed_table(table: Table | None) -> set[str]:
    """The words the card prints for ``table``: each exception move's word (and its own
    table's), and the words of a try list out of list order (in list order it is the card's
    rule: the words left)."""
    out: set[str] = set()
    for visit in walk_rows(table):
        node = visit.row.node
        if isinstance(node, Move):
            out.add(node.word)
        elif node.words is not None and list(node.words) != sorted(node.words):
            out.update(node.words)
    return out


def printed(plan: GroupPlan, small: Iterable[str] = ()) -> frozenset[str]:
    """Every distinct word the card prints for one group: its openings, its exceptions, the
    try lists it prints (out of list order), and ``small``: the group's answers where the
    group is small enough to print them all (the words not guaranteed are counted, and named
    in the book)."""
    out = set(plan.openings) | _printed_table(plan.table)
    return frozenset(out | set(small))


def small_groups(
    answers: Iterable[str], group_of: Callable[[str], str], plans: Iterable[GroupPlan] = ()
) -> dict[str, list[str]]:
    """The groups of at most :data:`SMALL_GROUP` answers whose plan plays no opening (their
    words are the plan: q, x), with their answers in list order; a group with openings is
    played by them like any other."""
    opened = {p.group for p in plans if p.openings}
    by_group: dict[str, list[str]] = {}
    for w in answers:
        by_group.setdefault(group_of(w), []).append(w)
    return {g: ws for g, ws in by_group.items() if len(ws) <= SMALL_GROUP and g not in opened}


def card_words(
    plans: Iterable[GroupPlan], small: Mapping[str, Sequence[str]] | None = None
) -> frozenset[str]:
    """Every distinct word a card prints for ``plans`` (what a contestant learns: the words
    to learn, counted as the card shows them), the small groups' words (``small``, by group)
    included."""
    out: set[str] = set()
    for plan in plans:
        out |= printed(plan, (small or {}).get(plan.group, ()))
    for words in (small or {}).values():
        out.update(words)
    return frozenset(out)
