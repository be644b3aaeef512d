"""Replay every word through a playbook using only the game's rules.

Independent of the search: it reads the playbook's words and feedback strings, computes
feedback with the game's plain-Python rule, and counts the turns each word takes.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence

from playbook.games import Game, Planner
from playbook.model import GroupPlan, Method, Playbook, Row, Stats, Table, TryWords, walk_rows
from playbook.replay import Failure, replay_group


@dataclasses.dataclass(frozen=True)
class Report:
    """The outcome of replaying every word."""

    groups: dict[str, Stats]
    overall: Stats
    failures: tuple[Failure, ...]
    """Every word not found within the limit, declared or not."""
    problems: tuple[str, ...]
    """Faults in the file itself: unknown words, rows that cannot occur, wrong claims."""
    unproven: tuple[str, ...] = ()
    """Groups whose openings the file says an exhaustive search proves (best, or no k
    openings meeting the target) and that replaying cannot check: re-decided only by
    ``verify --proofs``."""

    @property
    def undeclared(self) -> tuple[Failure, ...]:
        """Words not found in time that the playbook does not say it cannot guarantee."""
        return tuple(f for f in self.failures if not f.declared)

    @property
    def declared(self) -> tuple[Failure, ...]:
        """Words not found in time, as the playbook declares (``unguaranteed``)."""
        return tuple(f for f in self.failures if f.declared)

    @property
    def ok(self) -> bool:
        """The playbook holds what it claims: every word is found within the limit but those
        it declares not guaranteed, and the file has no faults."""
        return not self.undeclared and not self.problems


def _check_feedback(
    game: Game, row: Row, blocks: int, where: str, problems: list[str], least: int
) -> None:
    """A row's feedback is ``*`` or one valid feedback per move; a group's table may also
    have exception rows keyed by the first ``least`` or more openings."""
    if row.feedback == "*":
        return
    parts = row.feedback.split()
    if not least <= len(parts) <= blocks:
        expected = f"{blocks}" if least == blocks else f"{least} to {blocks}"
        problems.append(
            f"{where} row {row.feedback!r}: {len(parts)} feedback blocks; expected "
            f"{expected} (one per move since the table started"
            + (", or per opening before an exception row)" if least < blocks else ")")
        )
        return
    for part in parts:
        try:
            game.parse(part)
        except ValueError as exc:
            problems.append(f"{where} row {row.feedback!r}: {exc}")
            return


def _check_words(
    table: Table | None,
    pool: frozenset[str],
    where: str,
    problems: list[str],
    answers: frozenset[str] = frozenset(),
    game: Game | None = None,
    blocks: int = 1,
    least: int = 1,
) -> list[Row]:
    """Every word of a table is a guess the rules allow (a word tried as the answer may be any
    answer of the group) and every feedback is valid (``least`` to ``blocks`` blocks);
    returns all rows, nested ones too."""
    rows: list[Row] = []
    for visit in walk_rows(table):
        row = visit.row
        rows.append(row)
        at = where + "".join(f" row {fb!r}" for fb in visit.via)
        if game is not None:
            # a move's own table holds the feedback of that one move
            most, fewest = (blocks, least) if visit.depth == 0 else (1, 1)
            _check_feedback(game, row, most, at, problems, min(fewest, most))
        node = row.node
        tried = isinstance(node, TryWords)
        words = (node.words or ()) if isinstance(node, TryWords) else (node.word,)
        for w in words:
            if w not in pool and not (tried and w in answers):
                problems.append(
                    f"{at} row {row.feedback!r}: {w!r} is not a word of the list "
                    "that may be guessed"
                )
    return rows


def _check_unguaranteed(
    plan: GroupPlan, words: Sequence[str], lost: Sequence[Failure], problems: list[str]
) -> None:
    """A word declared not guaranteed must be a word of the group that is indeed not found
    in time."""
    where = f"groups.{plan.group}.unguaranteed"
    known, failed = set(words), {f.word for f in lost}
    for w in plan.unguaranteed:
        if w not in known:
            problems.append(f"{where}: {w!r} is not a word of the group")
        elif w not in failed:
            problems.append(f"{where}: {w!r} is found in time; it is declared not guaranteed")
    fewest = plan.fewest_unguaranteed
    if fewest is not None and fewest > len(lost):
        problems.append(
            f"groups.{plan.group}.notes.fewest_unguaranteed: says every strategy leaves at "
            f"least {fewest} words, but this plan leaves {len(lost)}"
        )


def _table_words(table: Table | None, where: str) -> Iterator[tuple[str, str]]:
    """Every word of a table with where it stands, nested tables too."""
    for visit in walk_rows(table):
        at = where + "".join(f" row {fb!r}.table" for fb in visit.via)
        here, node = f"{at} row {visit.row.feedback!r}", visit.row.node
        if isinstance(node, TryWords):
            yield from ((w, here + ".try") for w in node.words or ())
        else:
            yield node.word, here + ".move"


def playbook_words(pb: Playbook) -> Iterator[tuple[str, str]]:
    """Every word a playbook names (openings, declared words, tables), with its key."""
    for plan in pb.groups:
        where = f"groups.{plan.group}"
        yield from ((w, f"{where}.openings") for w in plan.openings)
        yield from ((w, f"{where}.unguaranteed") for w in plan.unguaranteed)
        yield from _table_words(plan.table, f"{where}.table")


def _char(c: str) -> str:
    return f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed character')}"


def misshapen_word(pb: Playbook, guesses: Sequence[str], answers: Sequence[str]) -> str | None:
    """The first word of the playbook that cannot be a word of these lists at all (a length
    none has, or a character none uses: an accent, a zero-width space, a capital), named
    with its key and the character; None when every word could be one. Such a file is
    malformed, not merely wrong."""
    chars = set().union(*map(set, (*guesses, *answers)))
    lengths = sorted({len(w) for w in (*guesses, *answers)})
    # the letters these lists use (a small list may not use every letter of a-z)
    alphabet = (
        "a-z"
        if chars == set("abcdefghijklmnopqrstuvwxyz")
        else "the letters " + "".join(sorted(chars))
    )
    span = f"{lengths[0]}" + (f" to {lengths[-1]}" if lengths[-1] != lengths[0] else "")
    allowed = f"words of this list are {span} characters of {alphabet}"
    for word, where in playbook_words(pb):
        odd = next((c for c in word if c not in chars), None)
        if odd is not None:
            return f"{where}: {word!r} has {_char(odd)}; {allowed}"
        if len(word) not in lengths:
            return f"{where}: {word!r} has {len(word)} characters; {allowed}"
    return None


def _check_counts(
    plan: GroupPlan,
    words: Sequence[str],
    largest: int,
    rows: Sequence[Row],
    used: Counter[int],
    problems: list[str],
) -> None:
    """The counts a group states: its words, the largest set after the openings, the words
    at each row (where recorded), and a trivial plan's lack of openings."""
    where = f"groups.{plan.group}"
    if plan.states("words") and plan.words != len(words):
        problems.append(f"{where}.words: recorded {plan.words}, but the group has {len(words)}")
    if plan.states("largest") and plan.largest != largest:
        problems.append(
            f"{where}.largest: recorded {plan.largest}, but the openings leave at most {largest}"
        )
    if plan.method == Method.TRIVIAL and plan.openings:
        problems.append(f"{where}.method: 'trivial' (no search), but it has openings")
    for row in rows:
        if row.words and used[id(row)] and row.words != used[id(row)]:
            problems.append(
                f"{where}.table row {row.feedback!r}: recorded {row.words} words, but "
                f"{used[id(row)]} reach it"
            )


def _check_optimum(plan: GroupPlan, replayed: Stats, problems: list[str]) -> None:
    """An exact optimum's figures (``notes.optimum``): the total it states is the guesses the
    replay counts (of the words found in time), the bound it proved is at most that, and it
    is proven exactly where the two meet (``verify --proofs`` runs the search again)."""
    optimum = plan.notes.get("optimum")
    if not isinstance(optimum, dict):
        return
    where = f"groups.{plan.group}.notes.optimum"
    total = sum(t * n for t, n in replayed.distribution.items())
    if optimum["total"] != total:
        problems.append(f"{where}.total: recorded {optimum['total']}, but replay counts {total}")
    if optimum["lower_bound"] > optimum["total"]:
        problems.append(
            f"{where}.lower_bound: {optimum['lower_bound']} above the total {optimum['total']}"
        )
    if optimum["proven"] != (optimum["lower_bound"] == optimum["total"]):
        problems.append(
            f"{where}.proven: {str(optimum['proven']).lower()}, but the bound "
            f"{optimum['lower_bound']} and the total {optimum['total']} say otherwise"
        )
    first = optimum.get("first")
    if first is not None and plan.openings[:1] != (first,):
        problems.append(f"{where}.first: {first!r}, but the tree opens with {plan.openings!r}")


def _check_stats(where: str, recorded: Stats | None, replayed: Stats, problems: list[str]) -> None:
    """Every figure a ``stats`` or ``summary`` states equals the replay's; the line names
    each one that differs."""
    if recorded is None:
        return
    said, found = recorded.claimed or recorded.to_dict(), replayed.to_dict()
    wrong = [k for k in found if k in said and said[k] != found[k]]
    if wrong:
        problems.append(
            f"{where}: "
            + "; ".join(f"recorded {k} {said[k]} but replay gives {found[k]}" for k in wrong)
        )


def partial(pb: Playbook) -> bool:
    """Whether the playbook was built for some groups only (``build --letters``)."""
    return pb.meta.get("letters", "all") != "all"


def verify(
    pb: Playbook,
    game: Game,
    guesses: Sequence[str],
    answers: Sequence[str],
    *,
    check_claims: bool = True,
) -> Report:
    """Replay every answer through ``pb`` and report turns, failures and faults. A partial
    playbook (:func:`partial`) is verified for its own groups."""
    plans = {g.group: g for g in pb.groups}
    by_group: dict[str, list[str]] = {}
    for a in answers:
        group = game.group_of(a)
        if not partial(pb) or group in plans:
            by_group.setdefault(group, []).append(a)
    problems: list[str] = []
    early = pb.try_when_fit and game.planner is Planner.OPENINGS
    if pb.try_when_fit and not early:
        problems.append(
            f"try_when_fit: true, but {game.name}'s guesses are not its answers; the rule "
            "of early tries is for games won by guessing the word (false here)"
        )
    failures: list[Failure] = []
    per_group: dict[str, Stats] = {}
    for name in sorted(set(plans) - set(by_group)):
        problems.append(f"groups.{name}: no word of the list is in this group")
    for name, words in sorted(by_group.items()):
        plan = plans.get(name)
        if plan is None:
            failures += [
                Failure(name, w, (), f"the playbook has no plan for group {name!r}") for w in words
            ]
            per_group[name] = Stats({}, len(words))
            continue
        pool = frozenset(guesses[i] for i in game.pool_rows(guesses, name))
        where = f"groups.{name}"
        for w in plan.openings:
            if w not in pool:
                problems.append(
                    f"{where}.openings: {w!r} is not a word of the list that may be guessed"
                )
        rows = _check_words(
            plan.table,
            pool,
            where + ".table",
            problems,
            frozenset(words),
            game,
            len(plan.openings),
        )
        stats, lost, used, largest = replay_group(game, plan, words, early)
        failures += lost
        if check_claims:
            problems += [f"{where}.{odd}" for odd in plan.odd_notes()]
            _check_optimum(plan, stats, problems)
            _check_unguaranteed(plan, words, lost, problems)
            _check_counts(plan, words, largest, rows, used, problems)
        for row in rows:
            if id(row) not in used:
                # rows under a move are reached only through it; report only unreached rows
                problems.append(
                    f"{where}.table row {row.feedback!r}: no word of the group "
                    "reaches it (a row that cannot occur)"
                )
        per_group[name] = stats
        if check_claims:
            _check_stats(f"{where}.stats", plan.stats, stats, problems)
    total: Counter[int] = Counter()
    for s in per_group.values():
        total.update(s.distribution)
    overall = Stats(dict(total), sum(s.failures for s in per_group.values()))
    if check_claims:
        _check_stats("summary", pb.stats, overall, problems)
        problems += pb.faults
        letters = str(pb.meta.get("letters", "all"))
        if partial(pb) and sorted(letters) != sorted("".join(plans)):
            problems.append(
                f"meta.letters: {letters!r}, but the playbook has groups {', '.join(plans)}"
            )
    unproven = tuple(p.group for p in pb.groups if p.claims_proof and p.group in by_group)
    return Report(per_group, overall, tuple(failures), tuple(problems), unproven)
