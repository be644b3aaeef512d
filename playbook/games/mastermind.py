"""Mastermind: codes of ``pegs`` colours 1..``colours``; black and white pegs.

Besides its rules and matrix kernel, the game knows its symmetry: permuting colours and
positions of guess and answer alike keeps the feedback, which the exact search uses to try
one guess per orbit.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numba
import numpy as np

from playbook.games.base import Code, Game, Symmetry
from playbook.language import N_


@numba.njit(cache=True, parallel=True, nogil=True)
def _fill(guesses: np.ndarray, answers: np.ndarray, colours: int, out: np.ndarray) -> None:
    n_g, pegs = guesses.shape
    n_a = answers.shape[0]
    for i in numba.prange(n_g):
        g = guesses[i]
        cg = np.zeros(colours, dtype=np.int8)
        for p in range(pegs):
            cg[g[p]] += 1
        for j in range(n_a):
            a = answers[j]
            black = 0
            ca = np.zeros(colours, dtype=np.int8)
            for p in range(pegs):
                if g[p] == a[p]:
                    black += 1
                ca[a[p]] += 1
            common = 0
            for c in range(colours):
                common += min(cg[c], ca[c])
            out[i, j] = black * (pegs + 1) + common - black


@dataclasses.dataclass(frozen=True)
class Mastermind(Game):
    """Mastermind: codes of ``pegs`` colours 1..``colours``; black and white pegs."""

    name: ClassVar[str] = "mastermind"
    plays_words: ClassVar[bool] = False
    notation: ClassVar[str] = N_("NbMw = N black (right colour, right place), M white")
    ranges: ClassVar[Mapping[str, tuple[int, int]]] = {
        "pegs": (1, 6),
        "colours": (2, 9),
        "turns": (1, 30),
    }
    pegs: int = 4
    colours: int = 6
    turns: int = 5

    @property
    def limit(self) -> int:
        return self.turns

    @property
    def word_length(self) -> int:
        return self.pegs

    @property
    def n_codes(self) -> int:
        return (self.pegs + 1) ** 2

    @property
    def solved(self) -> Code:
        return self.pegs * (self.pegs + 1)

    def feedback(self, guess: str, answer: str) -> Code:
        black = sum(g == a for g, a in zip(guess, answer, strict=True))
        common = sum(min(guess.count(c), answer.count(c)) for c in set(guess))
        return black * (self.pegs + 1) + (common - black)

    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """Codes (black * (pegs + 1) + white) of every guess against every answer."""

        def enc(codes: Sequence[str]) -> np.ndarray:
            raw = np.frombuffer("".join(codes).encode("ascii"), dtype=np.uint8)
            return (raw.reshape(len(codes), self.pegs) - ord("1")).astype(np.uint8)

        out = np.empty((len(guesses), len(answers)), dtype=self.code_dtype)
        _fill(enc(guesses), enc(answers), self.colours, out)
        return out

    def format(self, code: Code) -> str:
        black, white = divmod(code, self.pegs + 1)
        return f"{black}b{white}w"

    def parse(self, text: str) -> Code:
        """Read ``1b2w``, ``1b``, ``2w``, ``0`` or ``1 2`` (black, white)."""
        t = text.strip().lower().replace(" ", "")
        m = re.fullmatch(r"(?:(\d)b)?(?:(\d)w)?", t) if t not in ("", "0") else None
        if t == "0":
            black = white = 0
        elif m and (m.group(1) or m.group(2)):
            black, white = int(m.group(1) or 0), int(m.group(2) or 0)
        elif re.fullmatch(r"\d,?\d", text.strip().replace(" ", ",")):
            black, white = (int(x) for x in re.findall(r"\d", text))
        else:
            raise ValueError(f"feedback {text!r}: write black and white pegs like 1b2w")
        if black + white > self.pegs or (black == self.pegs - 1 and white == 1):
            raise ValueError(f"feedback {text!r}: impossible with {self.pegs} pegs")
        return black * (self.pegs + 1) + white

    @property
    def feedback_id(self) -> str:
        return f"mastermind:{self.pegs}:{self.colours}"

    def generated_words(self) -> tuple[str, ...]:
        digits = "123456789"[: self.colours]
        return tuple("".join(p) for p in itertools.product(digits, repeat=self.pegs))

    def rules(self) -> dict[str, Any]:
        return {"name": self.name, "pegs": self.pegs, "colours": self.colours, "turns": self.turns}

    def code_class(self, code: str) -> str:
        """The class of ``code`` under colour and position permutations, as the pattern of
        its colours' multiplicities: ``AAB`` for 112, 121, 211, 221..., ``ABCD``."""
        counts = sorted((code.count(c) for c in set(code)), reverse=True)
        return "".join("ABCDEFGHI"[i] * k for i, k in enumerate(counts))

    def symmetry(self, guesses: Sequence[str], answer_rows: np.ndarray) -> Symmetry | None:
        return colour_symmetry(self, guesses, answer_rows)


def colour_symmetry(
    game: Mastermind, guesses: Sequence[str], answer_rows: np.ndarray
) -> Symmetry | None:
    """Colour and position permutations of a group whose guesses are every code and whose
    answers the permutations map onto themselves; None otherwise."""
    pegs, colours = game.pegs, game.colours
    if len(guesses) != colours**pegs:
        return None
    raw = "".join(guesses).encode()
    if len(raw) != len(guesses) * pegs or any(len(g) != pegs for g in guesses):
        return None
    # the digits of every code at once (a Python loop over them took 2-6 ms of 4x6's search)
    digits = np.frombuffer(raw, dtype=np.uint8).reshape(-1, pegs).astype(np.int64) - ord("1")
    if digits.min() < 0 or digits.max() >= colours:
        return None
    weights = colours ** np.arange(pegs - 1, -1, -1, dtype=np.int64)
    index = digits @ weights
    row_of_index = np.full(colours**pegs, -1, dtype=np.int64)
    row_of_index[index] = np.arange(len(guesses))
    if (row_of_index < 0).any():
        return None
    answers = np.zeros(len(guesses), dtype=bool)
    answers[answer_rows] = True
    # closed under the generators (colour and position transpositions) = under the group
    for k in range(1, max(colours, pegs)):
        for axis, size in ((0, colours), (1, pegs)):
            if k >= size:
                continue
            swap = np.arange(size)
            swap[[0, k]] = [k, 0]
            moved = swap[digits] if axis == 0 else digits[:, swap]
            if not np.array_equal(answers[row_of_index[moved @ weights]], answers):
                return None
    positions = np.asarray(list(itertools.permutations(range(pegs))), dtype=np.int64)
    return Symmetry(symbols=digits, positions=positions, n_symbols=colours)
