"""Players and hosts: the next move after any history, and games played to the end.

A player answers "what next?" for a history of (guess, feedback) pairs: :class:`BookPlayer`
follows a playbook's openings and tables (falling back on a rule where the history leaves the
book, e.g. after the person played another word), :class:`RulePlayer` applies a greedy rule to
the words still possible. :func:`play_game` runs a player against a host: one that holds a
word, or a cheating host that never commits and keeps the most words alive.

In hard mode (Wordle's) every guess must be consistent with all feedback so far: a word that
could still be the answer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import numpy as np

from playbook.core.problem import Problem
from playbook.core.ranking import RULES
from playbook.games import Code
from playbook.lookup import walk
from playbook.model import GroupPlan
from playbook.names import HOSTS as HOSTS
from playbook.search.greedy import OFF_THE_TREE, move, off_tree_move

History = list[tuple[str, Code]]


class Player(Protocol):
    @property
    def label(self) -> str:
        """Who advises, in running text: ``the playbook``, ``the scm rule``."""

    def next_move(self, history: History) -> str: ...


@dataclasses.dataclass
class RulePlayer:
    """A greedy rule on the words still possible (ties: possible answers, then list order)."""

    problem: Problem
    rule: str = "scm"
    hard: bool = False
    """Only guesses consistent with all feedback so far."""
    _fits: dict[tuple[str, Code], np.ndarray] = dataclasses.field(default_factory=dict, repr=False)

    @property
    def label(self) -> str:
        return f"the {self.rule} rule"

    def allowed(self, history: Sequence[tuple[str, Code]]) -> np.ndarray | None:
        """The guess rows hard mode allows after ``history`` (None: every guess)."""
        if not self.hard or not history:
            return None
        p = self.problem
        mask = np.ones(len(p.guesses), dtype=bool)
        for guess, code in history:
            if (guess, code) not in self._fits:
                self._fits[guess, code] = p.fitting_guesses(guess, code)
            mask &= self._fits[guess, code]
        return mask

    def next_move(self, history: History) -> str:
        p = self.problem
        cols = p.possible(history)
        if len(cols) == 0:
            raise ValueError("no word of the list fits all the feedback")
        rule = self.rule if self.rule in RULES else "scm"
        return move(p, rule, cols, self.allowed(history))


@dataclasses.dataclass
class OffTreePlayer(RulePlayer):
    """Off a whole tree (a word it was not made for): the best move for the words still
    possible worked out on the spot (:func:`~playbook.search.greedy.off_tree_move`: the
    most-parts rule, and on the last turn the likeliest word that may be the answer)."""

    rule: str = OFF_THE_TREE
    chance: np.ndarray | None = None
    """Each answer's chance of being the pick (None: list order decides the last turn)."""

    @classmethod
    def of(
        cls,
        problem: Problem,
        chances: Callable[[Sequence[str]], np.ndarray | None] | None = None,
    ) -> OffTreePlayer:
        """The player for ``problem``'s game: under Wordle's hard mode (``keep_revealed``),
        among the words that fit all the feedback, which keep what it revealed; ``chances``
        gives each of its answers' chance of being the pick (the list's answer model:
        :meth:`playbook.pipeline.session.Session.chances`)."""
        hard = bool(problem.game.rules().get("keep_revealed"))
        chance = chances(problem.answers) if chances is not None else None
        return cls(problem, hard=hard, chance=chance)

    def next_move(self, history: History) -> str:
        p = self.problem
        cols = p.possible(history)
        if len(cols) == 0:
            raise ValueError("no word of the list fits all the feedback")
        return off_tree_move(p, cols, self.last(history), self.allowed(history), self.chance)

    def last(self, history: History) -> bool:
        """Whether the move after ``history`` is the game's last."""
        game = self.problem.game
        return game.spent(history) + game.try_cost >= game.limit


@dataclasses.dataclass
class BookPlayer:
    """Follows a playbook group; where the history leaves the book, ``fallback`` decides."""

    problem: Problem
    plan: GroupPlan
    fallback: Player
    hard: bool = False
    """Only guesses consistent with all feedback so far: a book move that is not is left
    to the fallback."""
    off_book: bool = False
    """Whether the last answer came from the fallback."""
    early: bool = False
    """The plan follows the rule of early tries (its playbook's ``try_when_fit``)."""

    @property
    def label(self) -> str:
        return "the playbook"

    def next_move(self, history: History) -> str:
        move = self.book_move(history)
        if move is not None and self.hard and not self.problem.game.fits(move, history):
            move = None
        self.off_book = move is None
        return move if move is not None else self.fallback.next_move(history)

    def _consistent(self, word: str, history: Sequence[tuple[str, Code]]) -> bool:
        return self.problem.game.fits(word, history)

    def _possible(self, history: Sequence[tuple[str, Code]]) -> list[str]:
        return self.problem.possible_words(history)

    def book_move(self, history: History) -> str | None:
        """The playbook's move, or None if the history is not a path of the book."""
        game = self.problem.game
        moves = walk(
            self.plan,
            fmt=game.format,
            consistent=self._consistent,
            possible=self._possible,
            words=self.problem.answers,
            solved=game.solved,
            turns=game.limit if self.early else None,
        )
        try:
            move = next(moves)
            for played in history:
                move = moves.send(played)
        except StopIteration:
            return None
        return move


@dataclasses.dataclass(frozen=True)
class ListPlayer:
    """The card's fallback for a word the plan was not made for (a rarer word than its
    answers): the words still possible, in list order, each once."""

    problem: Problem

    @property
    def label(self) -> str:
        return "the words that fit, in list order"

    def next_move(self, history: History) -> str:
        played = {w for w, _ in history}
        left = [w for w in self.problem.possible_words(history) if w not in played]
        if not left:
            raise ValueError("no word of the list fits all the feedback")
        return left[0]


class OffTheBook(Exception):
    """The playbook has no move for this history."""


@dataclasses.dataclass(frozen=True)
class NoMove:
    """The fallback of a playbook followed strictly (``simulate --playbook``): none."""

    @property
    def label(self) -> str:
        return "nobody"

    def next_move(self, history: History) -> str:
        raise OffTheBook


def make_player(
    problem: Problem,
    plan: GroupPlan | None,
    rule: str,
    *,
    hard: bool = False,
    early: bool = False,
) -> Player:
    """Follow the plan where given (the rule where it has no answer; ``early``: the plan's
    playbook says ``try_when_fit``), else the rule."""
    fallback = RulePlayer(problem, rule, hard)
    if plan is None:
        return fallback
    return BookPlayer(problem, plan, fallback, hard, early=early)


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """One game played to the end."""

    answer: str | None
    """The host's word (for a cheating host: the word it was left with)."""
    moves: tuple[tuple[str, Code], ...]
    cost: int
    """Turns (or misses) spent."""
    won: bool
    left: tuple[int, ...] = ()
    """Words still possible after each move (the cheating host's path)."""
    off_book: bool = False
    """The playbook had no move at some point (a loss, when it is followed strictly)."""


def play_game(
    problem: Problem,
    player: Player,
    *,
    answer: str | None = None,
    history: Sequence[tuple[str, Code]] = (),
    max_moves: int = 30,
) -> PlayedGame:
    """Play until the word is found, from ``history`` on (moves already played). With
    ``answer`` None the host cheats: after each guess it answers with the feedback that keeps
    the most words possible (a win only when no other answer is left)."""
    game = problem.game
    moves: History = list(history)
    cols = problem.possible(moves)
    left: list[int] = []
    for _ in range(max_moves):
        try:
            guess = player.next_move(moves)
        except OffTheBook:
            cost = game.spent(moves)
            return PlayedGame(answer, tuple(moves), cost, False, tuple(left), off_book=True)
        code = _cheat(problem, guess, cols) if answer is None else game.feedback(guess, answer)
        cols = problem.narrow(cols, guess, code)
        moves.append((guess, code))
        left.append(len(cols))
        done = (
            (guess == answer)
            if answer is not None
            else (len(cols) == 1 and _wins(problem, guess, code, cols, np.array([code])))
        )
        if done:
            break
    cost = game.spent(moves)
    final = answer if answer is not None else problem.answers[int(cols[0])] if len(cols) else None
    found = bool(moves) and moves[-1][0] == final
    return PlayedGame(final, tuple(moves), cost, found and cost <= game.limit, tuple(left))


def _cheat(problem: Problem, guess: str, cols: np.ndarray) -> Code:
    """The cheating host's feedback: the most words left; among equals, not the winning
    answer, then the lowest code."""
    game = problem.game
    codes = np.array([game.feedback(guess, problem.answers[c]) for c in cols])
    values, counts = np.unique(codes, return_counts=True)
    won = [v for v in values.tolist() if _wins(problem, guess, v, cols, codes)]
    best = max(
        zip(counts.tolist(), values.tolist(), strict=True),
        key=lambda cv: (cv[0], cv[1] not in won, -cv[1]),
    )
    return int(best[1])


def _wins(problem: Problem, guess: str, code: Code, cols: np.ndarray, codes: np.ndarray) -> bool:
    """Whether feedback ``code`` to ``guess`` means the guess was the word."""
    return any(problem.answers[c] == guess for c in cols[codes == code])


def plural(n: int, noun: str) -> str:
    """``1 turn``, ``2 turns``, ``1 miss``: ``noun`` is the plural (a game's limit name)."""
    if n != 1:
        return f"{n} {noun}"
    return f"{n} {noun[:-2] if noun.endswith('sses') else noun.removesuffix('s')}"


@dataclasses.dataclass(frozen=True)
class Simulation:
    """Self-play results."""

    games: tuple[PlayedGame, ...]
    groups: tuple[str, ...] = ()
    """The group of each game."""

    @property
    def distribution(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for g in self.games:
            if g.won:
                out[g.cost] = out.get(g.cost, 0) + 1
        return dict(sorted(out.items()))

    @property
    def losses(self) -> int:
        return sum(1 for g in self.games if not g.won)

    @property
    def average(self) -> float:
        won = [g.cost for g in self.games if g.won]
        return sum(won) / len(won) if won else 0.0

    @property
    def worst(self) -> int:
        return max((g.cost for g in self.games), default=0)


def simulate(
    problems: Mapping[str, Problem],
    plans: Mapping[str, GroupPlan] | None,
    rule: str,
    *,
    host: str = "all",
    games: int = 100,
    seed: int = 0,
    hard: bool = False,
    early: bool = False,
) -> Simulation:
    """Self-play: ``all`` answers, ``random`` answers (seeded), or an ``adversarial`` host
    (one game per group); ``hard``: hard mode. With ``plans`` (a playbook) only the playbook
    plays: a game where it has no move (or no plan for the group) is lost, so the figures
    are verify's (``early``: the playbook says ``try_when_fit``); without, the ``rule``."""
    out = []
    todo: list[tuple[str, str | None]]
    if host == "random":
        rng = np.random.default_rng(seed)
        pairs = [(g, a) for g, p in problems.items() for a in p.answers]
        picks = rng.choice(len(pairs), size=games, replace=True)
        todo = [pairs[int(i)] for i in picks]
    elif host == "all":
        todo = [(g, a) for g, p in problems.items() for a in p.answers]
    else:
        todo = [(g, None) for g in problems]
    for group, answer in todo:
        problem = problems[group]
        player: Player
        if plans is None:
            player = RulePlayer(problem, rule, hard)
        else:
            plan = plans.get(group)
            player = BookPlayer(problem, plan, NoMove(), hard, early=early) if plan else NoMove()
        out.append(play_game(problem, player, answer=answer))
    return Simulation(tuple(out), tuple(g for g, _ in todo))


def follow(
    problem: Problem,
    player: Player,
    answer: str,
    rare: Problem | None = None,
    rare_player: Callable[[Problem], Player] = ListPlayer,
) -> int | None:
    """Play ``answer`` as ``play`` does: ``player`` while the feedback fits an answer of
    ``problem``, then, for a word the plan was not made for, ``rare_player`` on ``rare`` (the
    group over every word of the list); the turns spent, None where the limit passes first."""
    game = problem.game
    history: list[tuple[str, Code]] = []
    current = problem
    while True:
        try:
            move = player.next_move(history)
        except ValueError:
            return None
        code = game.feedback(move, answer)
        history.append((move, code))
        spent = game.spent(history)
        if move == answer:
            return spent if spent <= game.limit else None
        if spent + game.try_cost > game.limit:
            return None
        if current is problem and rare is not None and not len(problem.possible(history)):
            current, player = rare, rare_player(rare)
