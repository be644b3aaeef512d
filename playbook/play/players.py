"""Playing a game with a playbook or a rule: the next move after any history, and self-play.

A player answers "what next?" for a history of (guess, feedback) pairs: :class:`BookPlayer`
follows a playbook's openings and tables (falling back on a rule where the history leaves the
book, e.g. after the person played another word), :class:`RulePlayer` applies a greedy rule to
the words still possible. :func:`play_game` runs a player against a host: one that holds a
word, or a cheating host that never commits and keeps the most words alive.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from playbook.core.problem import Problem
from playbook.core.ranking import FIRST_CONSISTENT, RULES
from playbook.games import Code, Game
from playbook.lookup import walk
from playbook.model import GroupPlan
from playbook.search.greedy import pick
from playbook.spelling import Spelling

History = list[tuple[str, Code]]

HOSTS = ("all", "random", "adversarial")
"""Who picks the word in self-play: every answer once, random answers, or a cheating host."""


class Player(Protocol):
    def next_move(self, history: History) -> str: ...


@dataclasses.dataclass
class RulePlayer:
    """A greedy rule on the words still possible (ties: possible answers, then list order)."""

    problem: Problem
    rule: str = "scm"

    def next_move(self, history: History) -> str:
        p = self.problem
        cols = p.possible(history)
        if len(cols) == 0:
            raise ValueError("no word of the list fits all the feedback")
        if len(cols) <= 2 or self.rule == FIRST_CONSISTENT:
            return p.answers[int(cols[0])]
        rule = self.rule if self.rule in RULES else "scm"
        return p.guesses[pick(p, rule, cols)]


@dataclasses.dataclass
class BookPlayer:
    """Follows a playbook group; where the history leaves the book, ``fallback`` decides."""

    problem: Problem
    plan: GroupPlan
    fallback: Player
    off_book: bool = False
    """Whether the last answer came from the fallback."""

    def next_move(self, history: History) -> str:
        move = self.book_move(history)
        self.off_book = move is None
        return move if move is not None else self.fallback.next_move(history)

    def _consistent(self, word: str, history: Sequence[tuple[str, Code]]) -> bool:
        feedback = self.problem.game.feedback
        return all(feedback(g, word) == c for g, c in history)

    def _possible(self, history: Sequence[tuple[str, Code]]) -> list[str]:
        return [self.problem.answers[c] for c in self.problem.possible(history)]

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
        )
        try:
            move = next(moves)
            for played in history:
                move = moves.send(played)
        except StopIteration:
            return None
        return move


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """One game played to the end."""

    answer: str | None
    """The host's word (for a cheating host: the word it was left with)."""
    moves: tuple[tuple[str, Code], ...]
    cost: int
    """Turns (or misses) spent."""
    won: bool


def play_game(
    problem: Problem, player: Player, *, answer: str | None = None, max_moves: int = 30
) -> PlayedGame:
    """Play until the word is found. With ``answer`` None the host cheats: after each guess
    it answers with the feedback that keeps the most words possible (a win only when no other
    answer is left)."""
    game = problem.game
    history: History = []
    cols = np.arange(len(problem.answers))
    for _ in range(max_moves):
        guess = player.next_move(history)
        if answer is not None:
            code = game.feedback(guess, answer)
        else:
            codes = np.array([game.feedback(guess, problem.answers[c]) for c in cols])
            values, counts = np.unique(codes, return_counts=True)
            won = [v for v in values.tolist() if _wins(problem, guess, v, cols, codes)]
            # most words left; among equals, not the winning answer, then the lowest code
            best = max(
                zip(counts.tolist(), values.tolist(), strict=True),
                key=lambda cv: (cv[0], cv[1] not in won, -cv[1]),
            )
            code = best[1]
            cols = cols[codes == code]
        history.append((guess, code))
        done = (
            (guess == answer)
            if answer is not None
            else (len(cols) == 1 and _wins(problem, guess, code, cols, np.array([code])))
        )
        if done:
            break
    cost = sum(game.cost(c) for _, c in history)
    final = answer if answer is not None else problem.answers[int(cols[0])] if len(cols) else None
    found = bool(history) and history[-1][0] == final
    return PlayedGame(final, tuple(history), cost, found and cost <= game.limit)


def _wins(problem: Problem, guess: str, code: Code, cols: np.ndarray, codes: np.ndarray) -> bool:
    """Whether feedback ``code`` to ``guess`` means the guess was the word."""
    return any(problem.answers[c] == guess for c in cols[codes == code])


HELP = """commands:
  FEEDBACK        the feedback you saw for the suggested move ({notation})
  WORD FEEDBACK   you played WORD instead; its feedback
  l               list the words still possible
  u               undo the last step
  ?               this help
  q               quit"""

PAGE = 10
"""Words per line when listing (at most 20 lines are shown)."""


@dataclasses.dataclass
class Assistant:
    """An interactive game: suggestions, feedback entered by a person, undo.

    :meth:`handle` takes one input line and returns the text to show; it never raises on
    bad input.
    """

    problem: Problem
    player: Player
    spell: Spelling = dataclasses.field(default_factory=Spelling)
    """How words are shown and typed (Dutch IJ as one letter)."""
    history: History = dataclasses.field(default_factory=list)
    finished: bool = False
    _suggestion: str | None = None

    def suggestion(self) -> str | None:
        if self._suggestion is None and not self.finished:
            try:
                self._suggestion = self.player.next_move(self.history)
            except ValueError:
                self._suggestion = None
        return self._suggestion

    def remaining(self) -> list[str]:
        return [self.problem.answers[c] for c in self.problem.possible(self.history)]

    def status(self) -> str:
        """What to play next and how many words remain."""
        if self.finished:
            return "game over"
        left = self.remaining()
        move = self.suggestion()
        lines = [f"{len(left)} word{'s' if len(left) != 1 else ''} possible"]
        if 1 < len(left) <= 10:
            lines[0] += ": " + " ".join(map(self.spell.text, left))
        if move is not None:
            off = " (off the playbook: rule)" if getattr(self.player, "off_book", False) else ""
            lines.append(f"play: {self.spell.text(move)}{off}")
        return "\n".join(lines)

    def handle(self, line: str) -> str:
        """Apply one input line; return the response."""
        text = line.strip()
        if not text:
            return self.status()
        if text in ("q", "quit"):
            self.finished = True
            return "bye"
        if text == "?":
            return HELP.format(notation=self.problem.game.notation)
        if text == "u":
            if not self.history:
                return "nothing to undo\n" + self.status()
            word, code = self.history.pop()
            self.finished = False
            self._suggestion = None
            shown = self.spell.text(word)
            return f"undone: {shown} {self.problem.game.format(code)}\n" + self.status()
        if text == "l":
            left = self.remaining()
            pages = [left[i : i + PAGE] for i in range(0, len(left), PAGE)] or [[]]
            shown = "\n".join(" ".join(map(self.spell.text, p)) for p in pages[:20])
            more = f"\n... and {len(left) - 20 * PAGE} more" if len(pages) > 20 else ""
            return f"{len(left)} words possible:\n{shown}{more}"
        if self.finished:
            return "the game is over: u to undo, q to quit"
        return self._feedback(text)

    def _feedback(self, text: str) -> str:
        game = self.problem.game
        parts = text.split()
        word = self.suggestion()
        fb_text = text
        typed = self.spell.typed(parts[0]) if parts else ""
        if len(parts) >= 2 and typed in self.problem.row_of:
            word, fb_text = typed, " ".join(parts[1:])
        elif (
            len(parts) >= 2
            and parts[0].isalpha()
            and len(parts[0]) > 1
            and not _is_feedback(game, text)
        ):
            return f"{parts[0]!r} is not a word this game accepts as a guess"
        if word is None:
            return "no suggestion to give feedback on: type WORD FEEDBACK"
        try:
            code = game.parse(fb_text)
        except ValueError as exc:
            return f"{exc}; type ? for help"
        step = len(self.history) + 1
        trial = [*self.history, (word, code)]
        if len(self.problem.possible(trial)) == 0:
            return (
                f"no word of the list gives {game.format(code)} to {self.spell.text(word)} "
                f"after the steps so far (step {step}); check the feedback, or u to undo a step"
            )
        self.history = trial
        self._suggestion = None
        if code == game.solved or (
            word in self.problem.answers and self.remaining() == [word] and game.solved is None
        ):
            self.finished = True
            spent = sum(game.cost(c) for _, c in self.history)
            return f"solved: {self.spell.text(word)} after {spent} {game.limit_name}"
        return self.status()


def _is_feedback(game: Game, text: str) -> bool:
    try:
        game.parse(text)
    except ValueError:
        return False
    return True


def make_player(problem: Problem, plan: GroupPlan | None, rule: str) -> Player:
    """Follow the plan where given (the rule where it has no answer), else the rule."""
    fallback = RulePlayer(problem, rule)
    return BookPlayer(problem, plan, fallback) if plan is not None else fallback


@dataclasses.dataclass(frozen=True)
class Simulation:
    """Self-play results."""

    games: tuple[PlayedGame, ...]

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
) -> Simulation:
    """Self-play: ``all`` answers, ``random`` answers (seeded), or an ``adversarial`` host
    (one game per group)."""
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
        plan = plans.get(group) if plans is not None else None
        out.append(play_game(problem, make_player(problem, plan, rule), answer=answer))
    return Simulation(tuple(out))
