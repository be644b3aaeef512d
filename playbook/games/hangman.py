"""Hangman: guesses are letters; the host shows every position of a guessed letter, or counts
a miss. The game is lost at ``misses`` misses; only misses count."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numba
import numpy as np

from playbook.games.base import Code, Game, Planner
from playbook.language import N_


@numba.njit(cache=True, nogil=True)
def _fill(letters: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    n_a, width = answers.shape
    for i in range(letters.shape[0]):
        g = letters[i]
        for j in range(n_a):
            code = 0
            for p in range(width):
                if answers[j, p] == g:
                    code |= 1 << p
            out[i, j] = code


@dataclasses.dataclass(frozen=True)
class Hangman(Game):
    """Hangman: guesses are letters; the host shows every position of a guessed letter, or
    counts a miss. The game is lost at ``misses`` misses; only misses count.

    A whole-word guess is allowed too: it wins if right and costs a miss if wrong (that is how
    a playbook's leaf "the word is ..." is played).
    """

    name: ClassVar[str] = "hangman"
    limit_name: ClassVar[str] = "misses"
    notation: ClassVar[str] = N_("positions of the letter (1 = first), e.g. 2,5; - for a miss")
    planner: ClassVar[Planner] = Planner.TREE
    first_cost: ClassVar[int] = 0
    summary_columns: ClassVar[Mapping[str, str]] = {
        "exact_misses": "exact worst",
        "lower_bound": "lower bound",
        "greedy_misses": "greedy worst",
        "cheating_host_misses": "vs cheating host",
        "verdict": "verdict",
    }
    ranges: ClassVar[Mapping[str, tuple[int, int]]] = {"misses": (1, 26), "max_length": (1, 12)}
    misses: int = 6
    max_length: int = 12

    @property
    def limit(self) -> int:
        return self.misses - 1

    @property
    def n_codes(self) -> int:
        return 1 << self.max_length

    def feedback(self, guess: str, answer: str) -> Code:
        if len(guess) != 1:
            return (1 << len(answer)) - 1 if guess == answer else 0
        return sum(1 << i for i, ch in enumerate(answer) if ch == guess)

    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """Codes (bit i set when the letter is at position i) of letters against words; a
        guess of more than one letter falls back to the plain rule."""
        if any(len(g) != 1 for g in guesses):
            return self.reference_matrix(guesses, answers)
        width = max((len(a) for a in answers), default=1)
        enc = np.full((len(answers), width), 255, dtype=np.uint8)
        for j, a in enumerate(answers):
            enc[j, : len(a)] = np.frombuffer(a.encode("ascii"), dtype=np.uint8)
        letters = np.frombuffer("".join(guesses).encode("ascii"), dtype=np.uint8)
        out = np.empty((len(guesses), len(answers)), dtype=self.code_dtype)
        _fill(letters, enc, out)
        return out

    def format(self, code: Code) -> str:
        if code == 0:
            return "-"
        return ",".join(str(i + 1) for i in range(self.max_length) if code >> i & 1)

    def parse(self, text: str) -> Code:
        """Read ``-`` (a miss) or the positions, e.g. ``2,5`` or ``2 5``."""
        t = text.strip()
        if t in ("-", "0", ""):
            return 0
        parts = re.split(r"[ ,]+", t)
        if not all(p.isascii() and p.isdigit() for p in parts):  # int() would read 1_2 as 12
            raise ValueError(f"feedback {text!r}: write positions like 2,5 or - for a miss")
        positions = [int(x) for x in parts]
        if any(not 1 <= p <= self.max_length for p in positions):
            raise ValueError(f"feedback {text!r}: positions run from 1 to {self.max_length}")
        return sum(1 << (p - 1) for p in set(positions))

    def group_of(self, answer: str) -> str:
        return str(len(answer))

    def cost(self, code: Code) -> int:
        return 1 if code == 0 else 0

    @property
    def try_cost(self) -> int:
        return 0

    def generated_guesses(self) -> tuple[str, ...]:
        """The letters a-z: hangman's guesses."""
        return tuple("abcdefghijklmnopqrstuvwxyz")

    @property
    def feedback_id(self) -> str:
        return f"hangman:{self.max_length}"

    def rules(self) -> dict[str, Any]:
        return {"name": self.name, "misses": self.misses, "max_length": self.max_length}
