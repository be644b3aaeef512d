"""Mastermind: codes of ``pegs`` colours 1..``colours``; black and white pegs.

Besides its rules and matrix kernel, the game knows its symmetry: permuting colours and
positions of guess and answer alike keeps the feedback, which the exact search uses to try
one guess per orbit.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numba
import numpy as np

from playbook.games.base import Code, Game
from playbook.language import N_

_MAX_SYMMETRY_WORK = 40_000_000
"""Largest (group elements x guesses) worth enumerating for a symmetry reduction."""


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

    def symmetry(self, guesses: Sequence[str], answer_rows: np.ndarray) -> ColourSymmetry | None:
        return ColourSymmetry.of(self, guesses, answer_rows)


class ColourSymmetry:
    """Colour and position permutations of Mastermind acting on the guess rows.

    A permutation applied to guess and answer alike keeps the feedback; one that also fixes
    every guess played so far maps the set of answers still possible onto itself, so guesses
    in one orbit of that stabiliser have the same value and one per orbit is enough.
    """

    def __init__(self, digits: np.ndarray, colours: int, row_of_index: np.ndarray) -> None:
        self.digits = digits
        self.colours = colours
        self.pegs = digits.shape[1]
        self.row_of_index = row_of_index
        self.weights = colours ** np.arange(self.pegs - 1, -1, -1, dtype=np.int64)

    @classmethod
    def of(
        cls, game: Mastermind, guesses: Sequence[str], answer_rows: np.ndarray
    ) -> ColourSymmetry | None:
        """The symmetry of a group whose guesses are all codes and whose answers are closed
        under the permutations; None otherwise."""
        pegs, colours = game.pegs, game.colours
        if len(guesses) != colours**pegs:
            return None
        digits = np.asarray([[int(ch) - 1 for ch in g] for g in guesses], dtype=np.int64)
        if digits.shape != (len(guesses), pegs) or digits.min() < 0 or digits.max() >= colours:
            return None
        index = digits @ (colours ** np.arange(pegs - 1, -1, -1, dtype=np.int64))
        row_of_index = np.full(colours**pegs, -1, dtype=np.int64)
        row_of_index[index] = np.arange(len(guesses))
        if (row_of_index < 0).any():
            return None
        sym = cls(digits, colours, row_of_index)
        answers = np.zeros(len(guesses), dtype=bool)
        answers[answer_rows] = True
        # closed under generators (colour and position transpositions) = under the group
        gens = []
        for k in range(1, colours):
            pi = np.arange(colours)
            pi[[0, k]] = [k, 0]
            gens.append((pi, np.arange(pegs)))
        for k in range(1, pegs):
            tau = np.arange(pegs)
            tau[[0, k]] = [k, 0]
            gens.append((np.arange(colours), tau))
        for pi, tau in gens:
            img = sym.image(pi[None, :], tau)[0]
            if not np.array_equal(answers[img], answers):
                return None
        return sym

    def image(self, pis: np.ndarray, tau: np.ndarray) -> np.ndarray:
        """Rows that each row maps to, for each colour permutation in ``pis`` with ``tau``."""
        moved = pis[:, self.digits[:, tau]]  # (n_pi, rows, pegs)
        return np.asarray(self.row_of_index[moved @ self.weights])

    def _stabiliser(self, history: Sequence[int]) -> list[tuple[np.ndarray, np.ndarray]]:
        """(colour permutations, position permutation) blocks of the stabiliser of
        ``history``, or an empty list if it is too large to enumerate."""
        hist = [self.digits[h] for h in history]
        used = sorted({int(c) for h in hist for c in h})
        free = [c for c in range(self.colours) if c not in used]
        n_free = math.factorial(len(free))
        if math.factorial(self.pegs) * n_free * len(self.digits) > _MAX_SYMMETRY_WORK:
            return []
        free_perms = np.asarray(list(itertools.permutations(free)), dtype=np.int64)
        blocks = []
        for tau in itertools.permutations(range(self.pegs)):
            tau_a = np.asarray(tau, dtype=np.int64)
            pi = np.full(self.colours, -1, dtype=np.int64)
            ok = True
            for h in hist:
                for i in range(self.pegs):
                    a, b = int(h[tau_a[i]]), int(h[i])
                    if pi[a] < 0:
                        pi[a] = b
                    elif pi[a] != b:
                        ok = False
            if not ok or len(set(pi[used].tolist())) != len(used):
                continue
            pis = np.repeat(pi[None, :], len(free_perms), axis=0)
            if free:
                pis[:, free] = free_perms
            blocks.append((pis, tau_a))
        return blocks

    def representatives(self, history: Sequence[int]) -> np.ndarray | None:
        """One guess row per orbit of the stabiliser of ``history`` (the smallest row), or
        None when the stabiliser is trivial or too large to enumerate."""
        blocks = self._stabiliser(history)
        if sum(len(p) for p, _ in blocks) <= 1:
            return None
        canon = np.arange(len(self.digits), dtype=np.int64)
        for pis, tau in blocks:
            canon = np.minimum(canon, self.image(pis, tau).min(axis=0))
        return np.flatnonzero(canon == np.arange(len(self.digits))).astype(np.int64)
