"""The playbook as frozen values: a group's plan (openings, decision table, statistics, what
it claims and how it was found) and the playbook of all groups (see :mod:`playbook.model`)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from playbook.errors import PlaybookError, PlaybookFileError
from playbook.games import Game, from_rules
from playbook.kinds import AnswerModel, values_of
from playbook.model.listing import Words

FORMAT_VERSION = 1

ANSWER_MODELS = values_of(AnswerModel)
"""Which words a plan must find (a config's and a playbook's ``words.answer_model``): ``all``
words of the list, the ``common`` ones (Zipf frequency at least ``min_zipf``, or the
``most_common`` of each length), the likely ``picks`` (a word's chance of being a show's pick
at least ``min_chance``: the model calibrated on real picks), or all of them ``weighted`` by
how often they are used."""

PART_MODELS = (AnswerModel.COMMON, AnswerModel.PICKS)
"""The answer models whose answers are a part of the list: the other words are rarer words,
found by the card's fallback where they can be."""


@dataclasses.dataclass(frozen=True)
class TryWords:
    """Try these words in order, skipping any that the feedback so far rules out."""

    words: tuple[str, ...] | None
    """The words; None means every word of the group still possible, in list order."""


@dataclasses.dataclass(frozen=True)
class Move:
    """Play ``word``; then look its feedback up in ``table`` (None: try every word left)."""

    word: str
    table: Table | None


Node = TryWords | Move


@dataclasses.dataclass(frozen=True)
class Row:
    """One line of a decision table."""

    feedback: str
    """The feedback that selects this row, e.g. ``o.... .x..o``."""
    node: Node
    words: int = 0
    """How many words are still possible at this row (0 if not recorded)."""

    def stops(self, openings: int) -> bool:
        """Whether this row of a group's table is an exception row: keyed by the feedback
        of fewer than the group's ``openings``, it replaces the openings still to come."""
        return self.feedback != "*" and 0 < len(self.feedback.split()) < openings


Table = tuple[Row, ...]


@dataclasses.dataclass(frozen=True)
class Visit:
    """A row met by :func:`walk_rows`: the row, how deep (0: the group's own table) and the
    feedback of the rows whose moves lead to it."""

    row: Row
    depth: int
    via: tuple[str, ...]


def walk_rows(table: Table | None, depth: int = 0, via: tuple[str, ...] = ()) -> Iterator[Visit]:
    """Every row of ``table`` and of the tables of its moves, depth first, each row before
    the rows under it: the one walk over nested tables (verify, memory, the card, ``show``)."""
    for row in table or ():
        yield Visit(row, depth, via)
        if isinstance(row.node, Move):
            yield from walk_rows(row.node.table, depth + 1, (*via, row.feedback))


def without_row(table: Table | None, index: int) -> Table | None:
    """``table`` less the row :func:`walk_rows` meets ``index``-th (0 the first), and the rows
    under it; an empty table is None (the rows left to the card's rule)."""
    count = itertools.count()

    def prune(rows: Table | None) -> Table | None:
        kept = []
        for row in rows or ():
            here = next(count)
            below = row.node.table if isinstance(row.node, Move) else None
            if here == index:
                for _ in walk_rows(below):
                    next(count)
                continue
            if isinstance(row.node, Move):
                row = Row(row.feedback, Move(row.node.word, prune(below)), row.words)
            kept.append(row)
        return tuple(kept) or None

    return prune(table)


@dataclasses.dataclass(frozen=True)
class Stats:
    """Turns needed, over the words of a group or of the whole list."""

    distribution: Mapping[int, int]
    """Number of words found at each turn."""
    failures: int = 0
    """Words not found within the turns."""
    claimed: Mapping[str, Any] | None = dataclasses.field(default=None, compare=False)
    """The figures as a playbook file states them (words, average, worst, distribution,
    failures), for :mod:`playbook.verify` to compare with its own; None when built here."""

    @property
    def words(self) -> int:
        return sum(self.distribution.values()) + self.failures

    @property
    def average(self) -> float:
        n = sum(self.distribution.values())
        return sum(t * c for t, c in self.distribution.items()) / n if n else 0.0

    @property
    def worst(self) -> int:
        return max(self.distribution, default=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": self.words,
            "average": round(self.average, 4),
            "worst": self.worst,
            "distribution": {int(k): int(v) for k, v in sorted(self.distribution.items())},
            "failures": self.failures,
        }


class Method:
    """How a group's plan was found (its ``method``): every name a build or strategy writes,
    defined here once. Plain strings, as the file holds them."""

    TRIVIAL: Final = "trivial"
    """So few words that trying them all is the plan: no search."""
    EXHAUSTIVE: Final = "exhaustive"
    """Exhaustive search over single words, pairs or triples: the openings proven best."""
    HILL_CLIMBING: Final = "hill-climbing"
    """Hill-climbing over triples: the best found, not proven."""
    SWAPPED: Final = "swapped"
    """Hill-climbing's openings with one swapped to leave fewer words unguaranteed."""
    LOOKAHEAD: Final = "lookahead"
    """The fast profile's opening found by looking ahead at the tables it makes."""
    REFERENCE: Final = "reference"
    """Taken from a reference playbook (written by hand, such as the 1994 paper's)."""
    EXACT_MINIMAX: Final = "exact minimax"
    """A whole tree proven best by exact minimax (hangman)."""
    GREEDY: Final = "greedy"
    """A whole tree by a greedy rule where the exact search ran out of budget (hangman)."""
    STRATEGY: Final = "strategy "
    """The prefix of a whole strategy's method: ``strategy scm``, ``strategy optimal``."""
    PROVING: Final = frozenset({TRIVIAL, EXHAUSTIVE, EXACT_MINIMAX})
    """The methods that prove the openings (or the tree) best."""

    @staticmethod
    def strategy(rule: str) -> str:
        """The method of a whole strategy played by ``rule``."""
        return Method.STRATEGY + rule


TREE_METHODS = (Method.EXACT_MINIMAX, Method.GREEDY)
"""The methods of a group planned as one tree (hangman's): their notes are :data:`TREE_NOTES`."""
TREE_NOTES = frozenset(
    [
        "exact_misses",
        "lower_bound",
        "greedy_misses",
        "cheating_host_misses",
        "hardest",
        "verdict",
        "seconds",
    ]
)
"""What a tree's exact search records about it (``notes``)."""
NOTES = TREE_NOTES | {"exhaustive_triples", "fewest_unguaranteed", "optimum", "list_words"}
"""Every note a build or a strategy writes."""


@dataclasses.dataclass(frozen=True)
class GroupPlan:
    """The plan for one group (a starting letter, or the whole list)."""

    group: str
    openings: tuple[str, ...]
    table: Table | None
    words: int = 0
    """Answers in the group."""
    largest: int = 0
    """Largest set of words still possible after the openings."""
    method: str = ""
    """How the openings were found: trivial, exhaustive, hill-climbing, or reference."""
    restarts: int = 0
    unguaranteed: tuple[str, ...] = ()
    """Words this plan cannot guarantee within the turns."""
    stats: Stats | None = None
    pages: int = 0
    notes: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Game-specific findings (e.g. hangman's exact verdict), shown in summaries."""
    stated: frozenset[str] | None = dataclasses.field(default=None, compare=False)
    """The keys a playbook file states for the group (a hand-written reference may leave
    out its counts); None for a plan built here, which states them all."""

    def states(self, key: str) -> bool:
        """Whether the plan makes the claim ``key`` (``words``, ``largest``, ...)."""
        return self.stated is None or key in self.stated

    @property
    def proven(self) -> bool:
        """Whether exhaustive search proves the openings best (``trivial``, ``exhaustive``,
        ``exact minimax``) or proves that no three openings meet the target, so that the
        exception moves of these are needed (:attr:`proven_none`)."""
        return self.method in Method.PROVING or self.proven_none or self.proven_optimum

    @property
    def proven_optimum(self) -> bool:
        """Whether an exact search proved the plan's whole tree the fewest guesses
        (``notes.optimum.proven``: the bound it proved meets the total)."""
        optimum = self.notes.get("optimum")
        return isinstance(optimum, Mapping) and optimum.get("proven") is True

    @property
    def timed_out(self) -> bool:
        """Whether an exact search that counts seconds stopped before it proved the plan's
        tree (``notes.optimum`` not proven): such a tree depends on the machine and its
        load, unlike everything else a build decides. A tree that trades turns for words of
        the list (``notes.list_words.trade_turns``) is unproven by choice, not by the
        clock."""
        if not isinstance(self.notes.get("optimum"), Mapping) or self.proven_optimum:
            return False
        widened = self.notes.get("list_words")
        return not (isinstance(widened, Mapping) and widened.get("trade_turns"))

    @property
    def claims_proof(self) -> bool:
        """Whether the plan says a search proves something replaying cannot check: best
        openings, the optimum, that no triple meets the target (unlike ``trivial``), or how
        few words any strategy must leave unguaranteed."""
        return self.claims_openings or self.fewest_unguaranteed is not None

    @property
    def claims_openings(self) -> bool:
        """Whether the plan says a search proves its openings (or tree) best, or that no
        triple meets the target."""
        return self.proven and self.method != Method.TRIVIAL

    @property
    def fewest_unguaranteed(self) -> int | None:
        """How few words every strategy must leave unguaranteed, as an exact search decided
        it (``notes.fewest_unguaranteed``; None where the plan does not say)."""
        v = self.notes.get("fewest_unguaranteed")
        return v if type(v) is int else None

    def odd_notes(self) -> list[str]:
        """Notes no build writes for a plan like this one, one line each (``notes.KEY: ...``):
        an unknown note, a tree's note on a plan of openings, a triple search on a tree."""
        out = []
        tree = self.method in TREE_METHODS
        for key in self.notes:
            if key not in NOTES:
                out.append(
                    f"notes.{key}: not a note a build writes; notes: {', '.join(sorted(NOTES))}"
                )
            elif key in TREE_NOTES and not tree:
                out.append(
                    f"notes.{key}: a finding of an exact tree search (method "
                    f"{' or '.join(TREE_METHODS)}), but the method is {self.method!r}"
                )
            elif key in ("optimum", "list_words") and self.method != Method.strategy("optimal"):
                out.append(
                    f"notes.{key}: a finding about an optimal tree (method "
                    f"{Method.strategy('optimal')!r}), but the method is {self.method!r}"
                )
            elif key == "exhaustive_triples" and (tree or self.method.startswith(Method.STRATEGY)):
                out.append(
                    f"notes.{key}: a search for fixed openings, but the method is {self.method!r}"
                )
        return out

    @property
    def proven_none(self) -> bool:
        """Whether the exhaustive triple search found that no three openings leave at most
        the target number of words (recorded under ``notes.exhaustive_triples``)."""
        triples = self.notes.get("exhaustive_triples")
        if not isinstance(triples, Mapping) or triples.get("exists") is not False:
            return False
        target = triples.get("target")  # what the sheets print: a whole number, or no claim
        return isinstance(target, int) and not isinstance(target, bool)


@dataclasses.dataclass(frozen=True)
class Playbook:
    """A whole playbook: rules, word list and a plan per group."""

    name: str
    game: Game
    """The game's rules, typed (a mapping given here is read as the file's ``game`` section:
    :func:`playbook.games.from_rules`)."""
    words: Words
    """Word lists: how they were named and normalised, their answers, counts and checksums
    (a mapping given here is read as the file's ``words`` section: :meth:`Words.of`)."""
    groups: tuple[GroupPlan, ...]
    profile: str = "simple"
    description: str = ""
    meta: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Tool version, date, search settings, timing: informative only."""
    stats: Stats | None = None
    try_when_fit: bool = False
    """The rule of early tries: stop playing the openings as soon as the words still possible
    fit in the turns left, and try them (:mod:`playbook.lookup`); False in playbooks written
    before the rule (the 1994 paper's plan) and in whole trees, which decide every move."""
    faults: tuple[str, ...] = dataclasses.field(default=(), compare=False)
    """Statements of the file that contradict each other (a group's ``proven`` beside its
    ``method``), found while reading it; :mod:`playbook.verify` reports them as problems."""
    game_section: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """The ``game`` section as the file writes it, checksum aside (the checksum's input; a
    playbook written before a rule was recorded leaves it out): the game's record where the
    playbook is built now."""

    def __post_init__(self) -> None:
        if isinstance(self.words, Mapping):  # the file's section: the record of it
            object.__setattr__(self, "words", Words.of(self.words))
        if isinstance(self.game, Mapping):  # the file's section: the typed rules from it
            section = {k: v for k, v in self.game.items() if k != "rules_sha256"}
            object.__setattr__(self, "game", from_rules(section))
            object.__setattr__(self, "game_section", section)
        elif not self.game_section or not _describes(self.game_section, self.game):
            object.__setattr__(self, "game_section", self.game.record())

    @property
    def fewest_unguaranteed(self) -> int | None:
        """How few words every strategy must leave over all groups: the sum of the groups'
        figures, where each group that leaves words has one (None otherwise)."""
        said = [g.fewest_unguaranteed for g in self.groups if g.unguaranteed]
        return None if None in said else sum(x for x in said if x is not None)

    @property
    def whole_trees(self) -> bool:
        """Whether every group is a whole strategy tree (the ``optimal`` profile, a proven
        tree to follow), not a card of openings and tables to learn."""
        return bool(self.groups) and all(g.method.startswith(Method.STRATEGY) for g in self.groups)

    def group(self, name: str) -> GroupPlan:
        for g in self.groups:
            if g.group == name:
                return g
        raise KeyError(name)


def _describes(section: Mapping[str, Any], game: Game) -> bool:
    """Whether a ``game`` section as written describes ``game`` (a playbook given other rules
    by :func:`dataclasses.replace` writes them, not the section it had)."""
    try:
        return from_rules(section) == game
    except (PlaybookError, ValueError, TypeError, KeyError):
        return False


def group_key(name: str) -> tuple[int, str]:
    """The order of groups everywhere (files, sheets, the page): shorter names first (a
    hangman length of 4 before 10), then by name."""
    return (len(name), name)


def only(pb: Playbook, names: Sequence[str], source: str = "") -> Playbook:
    """The playbook cut to the groups ``names``, its summary the sum of theirs; an unknown
    group is a one-line error naming ``source``."""
    known = [g.group for g in pb.groups]
    if not names:
        raise PlaybookFileError(
            f"{source or pb.name}: no group named; give groups such as 'abc' or 'a,b,c' "
            f"(groups: {', '.join(known)})"
        )
    unknown = sorted(set(names) - set(known))
    if unknown:
        raise PlaybookFileError(
            f"{source or pb.name}: no group {unknown[0]!r}; groups: {', '.join(known)}"
        )
    groups = tuple(g for g in pb.groups if g.group in set(names))
    dist: Counter[int] = Counter()
    failures = 0
    for g in groups:
        if g.stats is not None:
            dist.update(g.stats.distribution)
            failures += g.stats.failures
    stats = Stats(dict(dist), failures) if any(g.stats for g in groups) else None
    return dataclasses.replace(pb, groups=groups, stats=stats)


def rules_sha256(game: Mapping[str, Any]) -> str:
    """Checksum of the rules a playbook was built for (every key but the checksum)."""
    data = {k: v for k, v in game.items() if k not in ("rules_sha256", "notation")}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


# ---------------------------------------------------------------- to YAML
