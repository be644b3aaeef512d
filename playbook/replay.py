"""Replaying words through a playbook with the game's plain-Python rule: the one replay that
:mod:`playbook.verify` checks a playbook with, and that the figures on words a plan was not
made for (:func:`word_turns`) and the End Game's games (:func:`word_paths`) follow."""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Collection, Sequence

from playbook.games import Game, Planner
from playbook.lookup import Played, walk
from playbook.model import GroupPlan, Playbook, Stats


@dataclasses.dataclass(frozen=True)
class Failure:
    """A word that the playbook does not find within the turns."""

    group: str
    word: str
    path: tuple[str, ...]
    """The moves played, each as ``word=feedback``."""
    reason: str
    declared: bool = False
    """The playbook says so itself: the word is in its group's ``unguaranteed`` list (no
    strategy the search found, within the rules, guarantees it)."""


class Replay:
    """Replays one group's answers with the game's plain rule (feedback cached)."""

    def __init__(self, game: Game, candidates: Sequence[str], early: bool = False) -> None:
        self.game = game
        self.candidates = candidates
        self.turns = game.limit if early else None
        """The limit, where the plan follows the rule of early tries."""
        self.used_rows: Counter[int] = Counter()
        """How many answers reach each row (by id)."""
        self.feedback = functools.lru_cache(maxsize=1 << 20)(game.feedback)
        self._left: dict[tuple[Played, ...], list[str]] = {}

    def consistent(self, word: str, history: Sequence[Played]) -> bool:
        return self.game.fits(word, history, self.feedback)

    def still_possible(self, history: Sequence[Played]) -> list[str]:
        """The group's words consistent with the feedback so far, in list order."""
        key = tuple(history)
        if key not in self._left:
            prev = self.still_possible(history[:-1]) if history else list(self.candidates)
            last = history[-1:]
            self._left[key] = [w for w in prev if self.game.fits(w, last, self.feedback)]
        return self._left[key]

    def unfit(self, history: Sequence[Played]) -> int | None:
        """The first move of ``history`` that does not fit the feedback before it (what hard
        mode forbids), or None."""
        for i, (word, _) in enumerate(history):
            if i and not self.consistent(word, history[:i]):
                return i
        return None

    def path(self, history: Sequence[Played]) -> tuple[str, ...]:
        return tuple(f"{g}={self.game.format(c)}" for g, c in history)

    def replay(self, plan: GroupPlan, answer: str) -> tuple[bool, list[Played], str]:
        """Follow ``plan`` against ``answer``: (found, the moves played, why not found)."""
        history: list[Played] = []
        moves = walk(
            plan,
            fmt=self.game.format,
            consistent=self.consistent,
            possible=self.still_possible,
            words=self.candidates,
            solved=self.game.solved,
            on_row=lambda row: self.used_rows.update((id(row),)),
            turns=self.turns,
        )
        try:
            move = next(moves)
            while True:
                history.append((move, self.feedback(move, answer)))
                if move == answer:
                    return True, history, ""
                move = moves.send(history[-1])
        except StopIteration as stop:
            return False, history, str(stop.value)


def replay_group(
    game: Game, plan: GroupPlan, words: Sequence[str], early: bool = False
) -> tuple[Stats, list[Failure], Counter[int], int]:
    """Replay every word of a group (with the rule of early tries where ``early``): its
    statistics, the words not found in time, the answers reaching each row (by id) and the
    largest set left after the openings."""
    replay = Replay(game, words, early)
    hard = bool(game.rules().get("hard"))
    dist: Counter[int] = Counter()
    failures = []
    declared = set(plan.unguaranteed)
    for answer in words:
        found, history, reason = replay.replay(plan, answer)
        if hard and (bad := replay.unfit(history)) is not None:
            found, history = False, history[: bad + 1]
            reason = (
                f"hard mode: {history[-1][0]} does not fit the feedback before it (every "
                "guess must be a word still possible)"
            )
        if (bad := game.unkept(history)) is not None:
            found, history = False, history[: bad + 1]
            reason = (
                f"Wordle's hard mode: {history[-1][0]} drops what a guess before it revealed "
                "(every letter revealed must be used again)"
            )
        spent = game.spent(history)
        if found and spent <= game.limit:
            dist[spent] += 1
            continue
        if found:
            reason = f"found after {spent} {game.limit_name}, over the limit ({game.limit})"
        path = replay.path(history)
        failures.append(Failure(plan.group, answer, path, reason, answer in declared))
    parts = Counter(tuple(replay.feedback(o, a) for o in plan.openings) for a in words)
    largest = max(parts.values(), default=0)
    return Stats(dict(dist), len(failures)), failures, replay.used_rows, largest


def found_in_time(
    game: Game, plan: GroupPlan, words: Sequence[str], early: bool = False
) -> list[str]:
    """The words of a group (its answers, in list order) that ``plan`` finds within the
    limit, replayed as :func:`verify` does."""
    _, failures, _, _ = replay_group(game, plan, words, early)
    lost = {f.word for f in failures}
    return [w for w in words if w not in lost]


def word_paths(
    pb: Playbook, game: Game, answers: Sequence[str]
) -> dict[str, tuple[str, tuple[str, ...], bool]]:
    """Each answer's game following ``pb``: its group, the moves played with their feedback
    (``guess=marks``), and whether it was found within the limit (the End Game's passes
    depend on what the pair has seen: :mod:`playbook.endgame.chances`)."""
    plans = {g.group: g for g in pb.groups}
    early = pb.try_when_fit and game.planner is Planner.OPENINGS
    by_group: dict[str, list[str]] = {}
    for w in answers:
        by_group.setdefault(game.group_of(w), []).append(w)
    out: dict[str, tuple[str, tuple[str, ...], bool]] = {}
    for name, mine in by_group.items():
        plan = plans.get(name)
        if plan is None:
            out.update({w: (name, (), False) for w in mine})
            continue
        replay = Replay(game, mine, early)
        for word in mine:
            found, history, _ = replay.replay(plan, word)
            out[word] = (name, replay.path(history), found and game.spent(history) <= game.limit)
    return out


def word_turns(
    pb: Playbook,
    game: Game,
    answers: Sequence[str],
    others: Sequence[str] = (),
    only: Collection[str] | None = None,
) -> dict[str, int | None]:
    """What each word costs following ``pb`` (turns; None: not found within the limit).
    The ``answers`` are replayed as :func:`verify` does; a word of ``others`` (a word of the
    list the plan was not made for, such as a rare word a show might still play) follows the
    plan while it has a move, then the card's fallback: the words of the list still possible
    (answers and others), in list order, until the limit. ``only``: the words whose turns
    are wanted (every word of ``answers`` and ``others`` still counts as possible)."""
    plans = {g.group: g for g in pb.groups}
    early = pb.try_when_fit and game.planner is Planner.OPENINGS
    by_group: dict[str, tuple[list[str], list[str]]] = {}
    for w in answers:
        by_group.setdefault(game.group_of(w), ([], []))[0].append(w)
    for w in others:
        by_group.setdefault(game.group_of(w), ([], []))[1].append(w)
    out: dict[str, int | None] = {}
    for name, (mine, theirs) in by_group.items():
        plan = plans.get(name)
        if plan is None:
            out.update(dict.fromkeys([*mine, *theirs]))
            continue
        replay = Replay(game, mine, early)
        every = Replay(game, sorted({*mine, *theirs}))
        for word in [*mine, *theirs]:
            if only is not None and word not in only:
                continue
            found, history, _ = replay.replay(plan, word)
            if not found and word in theirs:
                while not found and game.spent(history) < game.limit:
                    played = {g for g, _ in history}
                    left = [w for w in every.still_possible(history) if w not in played]
                    if not left:
                        break
                    history.append((left[0], every.feedback(left[0], word)))
                    found = left[0] == word
            spent = game.spent(history)
            out[word] = spent if found and spent <= game.limit else None
    return out
