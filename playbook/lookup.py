"""How a plan is followed: the table-walk rules, written once for ``verify`` and ``play``.

Play the openings in order. Before each opening after the first, an exception row whose
feedback is that of the openings played so far (one block each; exact rows only) says what
to play instead of the rest; where the plan says so (a playbook's ``try_when_fit``), the
openings stop as soon as the words still possible fit in the turns left, and those words
are tried instead, in list order (one word left: play it). After the openings, find the row
of the table whose feedback matches the moves played since the table started (one block per
move) — its exact row, else the ``*`` row — and do what it says: try its words in order,
skipping any that the feedback so far rules out (``try: all``, or no table at all: every
word still possible, in list order), or play its move and look that move's feedback up in
the move's own table.

:func:`walk` is a generator: it yields the move to play and is sent back the move actually
played with its feedback; when the plan has nothing more to play it returns why. ``verify``
drives it with the game's plain rule against every answer; ``play`` replays a person's
history through it to find the next move, or that the history has left the plan. The
play-along page's rules script (``playbook/render/templates/page-rules.js``) repeats these rules in
JavaScript, rule for rule: ``tests/render/test_page_rules.py`` runs it in Node against every path
this walk takes through small playbooks, so a change to one without the other fails.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Sequence

from playbook.model import GroupPlan, Move, Row, Table, TryWords

Played = tuple[str, int]
"""A move and the feedback code it got."""

Walk = Generator[str, Played, str]
"""Yields moves, is sent what was played, returns the reason it stopped."""

OFF_BOOK = "the moves played are not the plan's"
SOLVED = "solved"
NOT_TRIED = "not among the words to try"


def find_row(table: Table, key: str) -> Row | None:
    """The row for feedback ``key``: the exact row, else the ``*`` row, else None."""
    row = next((r for r in table if r.feedback == key), None)
    return row if row is not None else next((r for r in table if r.feedback == "*"), None)


class _Walk:
    """One walk through one plan (see :func:`walk`)."""

    def __init__(
        self,
        plan: GroupPlan,
        fmt: Callable[[int], str],
        consistent: Callable[[str, Sequence[Played]], bool],
        possible: Callable[[Sequence[Played]], Sequence[str]],
        words: Collection[str],
        solved: int | None,
        on_row: Callable[[Row], None] | None,
        turns: int | None,
    ) -> None:
        self.plan = plan
        self.fmt = fmt
        self.consistent = consistent
        self.possible = possible
        self.words = words
        self.solved = solved
        self.on_row = on_row
        self.turns = turns
        self.history: list[Played] = []

    def play(self, word: str) -> Generator[str, Played, bool]:
        """Play ``word``; whether the walk goes on (the word was played and did not win)."""
        played = yield word
        self.history.append(played)
        return played[0] == word and played[1] != self.solved

    def fits(self) -> bool:
        """Whether the rule of early tries applies now: the words still possible fit in the
        turns left (each try costs one turn; the last tried is right)."""
        if self.turns is None:
            return False
        return len(self.possible(self.history)) <= self.turns - len(self.history)

    def run(self) -> Walk:
        table = self.plan.table or ()
        for i, w in enumerate(self.plan.openings):
            if i and table:
                # an exception row keyed by the openings played so far (exact rows only)
                key = " ".join(self.fmt(c) for _, c in self.history)
                row = next((r for r in table if r.feedback == key), None)
                if row is not None:
                    return (yield from self.node(row, f"groups.{self.plan.group}.table"))
            if self.fits():
                return (yield from self.tries(None))
            if not (yield from self.play(w)):
                return self._stop(w)
        return (yield from self.table(self.plan.table, 0, f"groups.{self.plan.group}.table"))

    def _stop(self, word: str) -> str:
        return SOLVED if self.history[-1] == (word, self.solved) else OFF_BOOK

    def table(self, table: Table | None, since: int, where: str) -> Walk:
        """Follow a table keyed by the feedback of the moves played from ``since`` on."""
        if table is None:
            return (yield from self.tries(None))
        key = " ".join(self.fmt(c) for _, c in self.history[since:])
        row = find_row(table, key)
        if row is None:
            return f"no row for feedback {key!r} in {where}"
        return (yield from self.node(row, where))

    def node(self, row: Row, where: str) -> Walk:
        """Do what ``row`` says."""
        if self.on_row is not None:
            self.on_row(row)
        node = row.node
        if isinstance(node, TryWords):
            return (yield from self.tries(node.words))
        assert isinstance(node, Move)
        if not (yield from self.play(node.word)):
            return self._stop(node.word)
        where = f"the table of move {node.word!r}"
        return (yield from self.table(node.table, len(self.history) - 1, where))

    def tries(self, words: Sequence[str] | None) -> Walk:
        """Try ``words`` in order (None: every word still possible, in list order), skipping
        any that the feedback so far rules out; any of them may be played in another order."""
        allowed = self.words if words is None else words
        tried: set[str] = set()
        while True:
            pool = self.possible(self.history) if words is None else words
            nxt = next(
                (w for w in pool if w not in tried and self.consistent(w, self.history)), None
            )
            if nxt is None:
                return NOT_TRIED
            played = yield nxt
            if played[0] not in allowed:
                self.history.append(played)
                return OFF_BOOK
            self.history.append(played)
            tried.add(played[0])
            if played[1] == self.solved:
                return SOLVED


def walk(
    plan: GroupPlan,
    *,
    fmt: Callable[[int], str],
    consistent: Callable[[str, Sequence[Played]], bool],
    possible: Callable[[Sequence[Played]], Sequence[str]],
    words: Collection[str],
    solved: int | None,
    on_row: Callable[[Row], None] | None = None,
    turns: int | None = None,
) -> Walk:
    """The moves of ``plan``, one at a time (see the module docstring).

    ``fmt`` writes a feedback code as a table's rows do; ``consistent(word, history)`` says
    whether a word fits every feedback so far; ``possible(history)`` lists the group's words
    that fit it, in list order; ``words`` are the group's words (what ``try: all`` may play);
    ``solved`` is the code of a guess that is the answer; ``on_row`` is told every row used;
    ``turns``, where given, is the game's limit and turns the rule of early tries on (a plan
    whose playbook says ``try_when_fit``, in a game where every move costs one turn).
    """
    return _Walk(plan, fmt, consistent, possible, words, solved, on_row, turns).run()
