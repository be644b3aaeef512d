"""Games: the rules that turn a guess and an answer into feedback, looked up by name.

A game defines the feedback function (a plain-Python reference; the fast kernel lives in
:mod:`playbook.feedback`), its notation, the turn limit and what is revealed at the start.
Search, verify and render code work only through this interface.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable
from typing import ClassVar

from playbook.errors import ConfigError

Code = int
"""A feedback code: the marks of a guess as base-3 digits, first position most significant."""


class Mark(enum.IntEnum):
    """The mark a letter of a guess receives."""

    ABSENT = 0
    ELSEWHERE = 1
    EXACT = 2


PAPER_SYMBOLS = {Mark.EXACT: "o", Mark.ELSEWHERE: "x", Mark.ABSENT: "."}
"""The 1994 paper's notation: ``o`` right place, ``x`` wrong place, ``.`` absent."""

_SYMBOL_TO_MARK = {
    "o": Mark.EXACT, "2": Mark.EXACT, "g": Mark.EXACT,
    "x": Mark.ELSEWHERE, "1": Mark.ELSEWHERE, "y": Mark.ELSEWHERE,
    ".": Mark.ABSENT, "0": Mark.ABSENT, "-": Mark.ABSENT, "_": Mark.ABSENT,
}  # fmt: skip


def marks(guess: str, answer: str) -> tuple[Mark, ...]:
    """Mark ``guess`` against ``answer`` with the Lingo/Wordle rule for repeated letters.

    Exact matches are marked first; then, left to right, a letter is marked ELSEWHERE only
    while the answer still has an unmatched copy of it.

    >>> "".join(str(int(m)) for m in marks("lamer", "camel"))
    '12220'
    """
    if len(guess) != len(answer):
        raise ValueError(f"length mismatch: {guess!r} vs {answer!r}")
    result = [Mark.ABSENT] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            result[i] = Mark.EXACT
        else:
            unmatched[a] = unmatched.get(a, 0) + 1
    for i, g in enumerate(guess):
        if result[i] is Mark.EXACT:
            continue
        if unmatched.get(g, 0) > 0:
            result[i] = Mark.ELSEWHERE
            unmatched[g] -= 1
    return tuple(result)


def encode(ms: Iterable[Mark]) -> Code:
    """Base-3 code of a sequence of marks, first position most significant."""
    code = 0
    for m in ms:
        code = code * 3 + int(m)
    return code


def decode(code: Code, length: int) -> tuple[Mark, ...]:
    """Inverse of :func:`encode`."""
    out = []
    for _ in range(length):
        out.append(Mark(code % 3))
        code //= 3
    return tuple(reversed(out))


@dataclasses.dataclass(frozen=True)
class WordGame:
    """A word game of the Lingo family: every letter of a guess is marked.

    The same rules serve Lingo (first letter revealed) and Wordle (nothing revealed).
    """

    name: ClassVar[str] = "lingo"
    length: int
    """Letters per word."""
    turns: int
    """Guesses allowed, the revealed letter not counting as one."""
    revealed: str = "first"
    """What the host shows at the start: ``first`` (the first letter) or ``none``."""

    @property
    def n_codes(self) -> int:
        """Number of distinct feedback codes (3 ** length)."""
        return 3**self.length

    @property
    def solved(self) -> Code:
        """The code of a guess that is the answer."""
        return self.n_codes - 1

    def feedback(self, guess: str, answer: str) -> Code:
        """Reference feedback function (plain Python)."""
        return encode(marks(guess, answer))

    def format(self, code: Code) -> str:
        """Feedback in the paper's notation, e.g. ``o.x..``."""
        return "".join(PAPER_SYMBOLS[m] for m in decode(code, self.length))

    def parse(self, text: str) -> Code:
        """Read feedback written as ``o x .`` or as digits ``2 1 0``."""
        text = text.strip().lower()
        if len(text) != self.length:
            raise ValueError(f"feedback {text!r} has {len(text)} marks; expected {self.length}")
        try:
            return encode(_SYMBOL_TO_MARK[ch] for ch in text)
        except KeyError as exc:
            raise ValueError(
                f"feedback {text!r}: unknown mark {exc.args[0]!r}; use o x . or 2 1 0"
            ) from None

    def group_of(self, word: str) -> str:
        """The group a word belongs to: what the host reveals before the first guess."""
        return word[0] if self.revealed == "first" else "*"


@dataclasses.dataclass(frozen=True)
class Wordle(WordGame):
    """Wordle: five letters, six turns, nothing revealed."""

    name: ClassVar[str] = "wordle"
    revealed: str = "none"


GAMES: dict[str, Callable[..., WordGame]] = {"lingo": WordGame, "wordle": Wordle}
"""The registry of games by name."""


def find_game(name: str) -> Callable[..., WordGame]:
    """Look a game up by name; the error lists the accepted names."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; allowed: {', '.join(sorted(GAMES))}") from None
