"""The problem of one group: the answers to find, the guesses allowed, and their feedback.

Every search takes a :class:`Problem` first (``f(problem, ...)``); the pipeline makes one per
group from the session's matrix, tests make small ones with :meth:`Problem.of`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import numpy as np

from playbook.core.ranking import Splits
from playbook.core.scores import Score, combined_codes, score_moves
from playbook.engines import kernels
from playbook.games import Code, Game

BIG = 1 << 30
"""A bound no part reaches: exact statistics for every candidate."""

History = Sequence[tuple[str, Code]]
"""Moves played so far, each with its feedback."""


@dataclasses.dataclass(frozen=True, eq=False)
class Problem:
    """One group's answers, the guesses allowed, and the feedback of each guess on each."""

    game: Game
    guesses: tuple[str, ...]
    """The guess pool: the rows of :attr:`F`."""
    answers: tuple[str, ...]
    """The group's answers, in list order: the columns of :attr:`F`."""
    F: np.ndarray
    """Feedback codes, guesses x answers (C-contiguous)."""
    answer_rows: np.ndarray
    """The guess row of each answer (-1 where an answer is not a guess: hangman's words)."""
    name: str = "*"
    """The group (what the host revealed)."""

    def __getstate__(self) -> dict[str, object]:
        """Its fields only, taken at once: the caches below are made again where it is
        unpickled, and a worker's task may be pickled in joblib's feeder thread while this
        thread fills a cache (the dict changing size mid-pickle was a PicklingError, seen
        once in a build of lingo-en-5-free)."""
        state = dict(self.__dict__)  # one C-level copy: no other thread runs during it
        return {f.name: state[f.name] for f in dataclasses.fields(self)}

    @classmethod
    def of(
        cls, game: Game, guesses: Sequence[str], answers: Sequence[str], *, name: str = "*"
    ) -> Problem:
        """The problem of ``answers`` with the guesses ``guesses`` (the matrix computed)."""
        F = np.ascontiguousarray(game.matrix(guesses, answers))
        return cls.from_matrix(game, guesses, answers, F, name=name)

    @classmethod
    def from_matrix(
        cls,
        game: Game,
        guesses: Sequence[str],
        answers: Sequence[str],
        F: np.ndarray,
        *,
        name: str = "*",
    ) -> Problem:
        """The problem with its matrix given (rows: guesses, columns: answers)."""
        row_of = {w: i for i, w in enumerate(guesses)}
        rows = np.asarray([row_of.get(a, -1) for a in answers], dtype=np.int64)
        return cls(game, tuple(guesses), tuple(answers), np.ascontiguousarray(F), rows, name)

    @property
    def n_codes(self) -> int:
        return self.game.n_codes

    @property
    def solved(self) -> Code | None:
        return self.game.solved

    @functools.cached_property
    def in_answers(self) -> np.ndarray:
        """1 where a guess is one of the answers, else 0 (int64, one per guess)."""
        return self.in_set(np.arange(len(self.answers)))

    def in_set(self, cols: np.ndarray) -> np.ndarray:
        """1 where a guess is one of the answers ``cols``, else 0 (int64, one per guess)."""
        out = np.zeros(self.F.shape[0], dtype=np.int64)
        rows = self.answer_rows[cols]
        out[rows[rows >= 0]] = 1
        return out

    @functools.cached_property
    def row_of(self) -> dict[str, int]:
        """The row of each guess."""
        return {w: i for i, w in enumerate(self.guesses)}

    def splits(
        self,
        cols: np.ndarray | None = None,
        *,
        given: Sequence[int] = (),
        cands: np.ndarray | None = None,
        bound: int = BIG,
    ) -> Splits:
        """Statistics of adding each candidate guess (all guesses by default) to the moves
        ``given``, on the answers ``cols`` (all by default). A candidate whose largest part
        would exceed ``bound`` gets largest = ``kernels.INFEASIBLE``."""
        whole = cols is None
        cols = (
            np.arange(self.F.shape[1], dtype=np.int64)
            if cols is None
            else np.asarray(cols, dtype=np.int64)
        )
        if given:
            codes = combined_codes(self.F if whole else self.F[:, cols], given, self.n_codes)
            at, starts, ends = kernels.classes_of(codes)
            order = at if whole else cols[at]
        else:
            order = cols
            starts = np.array([0], dtype=np.int64)
            ends = np.array([len(cols)], dtype=np.int64)
        if cands is None:
            cands = np.arange(self.F.shape[0], dtype=np.int64)
        stats = kernels.eval_candidates(self.F, cands, order, starts, ends, bound, self.n_codes)
        return Splits(*stats)

    def score(self, moves: Sequence[int]) -> Score:
        """Score of playing ``moves`` (guess rows) against all answers."""
        return score_moves(self.F, moves, self.in_answers, self.n_codes)

    def codes(self, moves: Sequence[int]) -> np.ndarray:
        """One int64 code per answer for the feedback of all ``moves`` together."""
        return combined_codes(self.F, moves, self.n_codes)

    def narrow(self, cols: np.ndarray, guess: str, code: Code) -> np.ndarray:
        """The answer columns of ``cols`` that give ``code`` to ``guess`` (by the matrix; a
        guess outside the pool by the game's rule, :meth:`Game.fits`)."""
        row = self.row_of.get(guess)
        if row is not None:
            return cols[self.F[row, cols] == code]
        fit = [self.game.fits(self.answers[c], [(guess, code)]) for c in cols]
        return cols[np.array(fit, dtype=bool)]

    def possible(self, history: History) -> np.ndarray:
        """Answer columns still possible after ``history``: every feedback so far is what
        they give (:meth:`narrow`, move by move)."""
        cols = np.arange(len(self.answers), dtype=np.int64)
        for guess, code in history:
            cols = self.narrow(cols, guess, code)
        return cols

    def fitting_guesses(self, guess: str, code: Code) -> np.ndarray:
        """A mask of the guesses that give ``code`` to ``guess``: those hard mode still
        allows after it (each could be the answer, :meth:`Game.fits`)."""
        return self.game.matrix([guess], self.guesses)[0] == code

    def possible_words(self, history: History) -> list[str]:
        """The answers still possible after ``history``, in list order."""
        return [self.answers[c] for c in self.possible(history)]
