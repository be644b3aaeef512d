"""Why a move, and how a game went: what the assistant's ``why`` and review show.

:func:`split_of` says how a move splits the words still possible; :func:`outlook` what it
costs to finish from a position if the player (playbook or rule) is followed, for every word
still possible; :func:`review` sets the moves of a game beside the player's at each step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from playbook.core.problem import Problem
from playbook.core.scores import Score, score_of_sizes
from playbook.games import Code
from playbook.play.players import History, Player, play_game


def split_of(problem: Problem, move: str, history: Sequence[tuple[str, Code]]) -> Score:
    """The split ``move`` makes of the words still possible after ``history``: the same
    statistics the rankings order moves by (:class:`~playbook.core.scores.Score`; ``n_in``
    is 1 where the move may itself be the word)."""
    cols = problem.possible(history)
    row = problem.row_of.get(move)
    if row is not None:
        codes = problem.F[row, cols]
    else:
        codes = np.array([problem.game.feedback(move, problem.answers[c]) for c in cols])
    _, counts = np.unique(codes, return_counts=True)
    possible = move in {problem.answers[c] for c in cols}
    return score_of_sizes([int(k) for k in counts], n_in=int(possible))


@dataclasses.dataclass
class _Remembered:
    """A player whose moves are remembered by history (games from one position share most
    of their positions)."""

    player: Player
    moves: dict[tuple[tuple[str, Code], ...], str] = dataclasses.field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.player.label

    def next_move(self, history: History) -> str:
        key = tuple(history)
        if key not in self.moves:
            self.moves[key] = self.player.next_move(history)
        return self.moves[key]


@dataclasses.dataclass(frozen=True)
class Outlook:
    """What finishing costs from a position, over the words still possible."""

    costs: dict[str, int]
    """Further turns (or misses) to find each word still possible."""
    lost: int
    """Words not found within the limit."""

    @property
    def average(self) -> float:
        return sum(self.costs.values()) / len(self.costs) if self.costs else 0.0

    @property
    def worst(self) -> int:
        return max(self.costs.values(), default=0)


def outlook(problem: Problem, player: Player, history: Sequence[tuple[str, Code]]) -> Outlook:
    """Follow ``player`` from ``history`` against every word still possible."""
    game = problem.game
    spent = game.spent(history)
    remembered = _Remembered(player)
    costs: dict[str, int] = {}
    lost = 0
    for c in problem.possible(history):
        word = problem.answers[int(c)]
        played = play_game(problem, remembered, answer=word, history=history)
        costs[word] = played.cost - spent
        lost += not played.won
    return Outlook(costs, lost)


@dataclasses.dataclass(frozen=True)
class Step:
    """One move of a game beside the player's advice at that point."""

    move: str
    code: Code
    advice: str | None
    """What the player would have played (None: it had no move)."""
    left: int
    """Words still possible after the move."""


def review(
    problem: Problem, player: Player, history: Sequence[tuple[str, Code]]
) -> tuple[list[Step], int | None]:
    """Each move of ``history`` beside the player's move at that step, and what the player
    alone spends to find the last move's word (None when that word is not an answer)."""
    steps = []
    cols = np.arange(len(problem.answers), dtype=np.int64)
    for i, (move, code) in enumerate(history):
        try:
            advice: str | None = player.next_move(list(history[:i]))
        except ValueError:
            advice = None
        cols = problem.narrow(cols, move, code)
        steps.append(Step(move, code, advice, len(cols)))
    word = history[-1][0] if history else None
    if word is None or word not in problem.answers:
        return steps, None
    return steps, play_game(problem, player, answer=word).cost
