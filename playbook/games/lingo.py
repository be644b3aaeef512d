"""Lingo and Wordle: every letter of a guess is marked right place, wrong place or absent.

The marks of a guess are a base-3 code (first position most significant; 2 = right place,
1 = wrong place, 0 = absent); :func:`marks` is the plain-Python rule and ``_fill`` the numba
kernel of the feedback matrix, tested against it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numba
import numpy as np

from playbook.games.base import GUESS_POOLS, Code, Game, Revealing
from playbook.kinds import GuessPool, Revealed
from playbook.language import N_, Translate, english
from playbook.spelling import IJ


class Mark(enum.IntEnum):
    """The mark a letter of a guess receives in the word games."""

    ABSENT = 0
    ELSEWHERE = 1
    EXACT = 2


PAPER_SYMBOLS = {Mark.EXACT: "o", Mark.ELSEWHERE: "x", Mark.ABSENT: "."}
"""The 1994 paper's notation: ``o`` right place, ``x`` wrong place, ``.`` absent."""

_SYMBOL_TO_MARK = {
    "o": Mark.EXACT,
    "2": Mark.EXACT,
    "g": Mark.EXACT,
    "\U0001f7e9": Mark.EXACT,
    "\U0001f7e7": Mark.EXACT,
    "x": Mark.ELSEWHERE,
    "1": Mark.ELSEWHERE,
    "y": Mark.ELSEWHERE,
    "\U0001f7e8": Mark.ELSEWHERE,
    "\U0001f7e6": Mark.ELSEWHERE,
    ".": Mark.ABSENT,
    "0": Mark.ABSENT,
    "-": Mark.ABSENT,
    "_": Mark.ABSENT,
    "b": Mark.ABSENT,
    "\u2b1b": Mark.ABSENT,
    "\u2b1c": Mark.ABSENT,
}
"""What a person may type for each mark: the paper's ``o x .``, digits ``2 1 0``, Wordle's
colours ``g y .`` (green, yellow; ``b`` or ``-`` grey too) and its squares: green or orange
(high contrast) for right place, yellow or blue for wrong place, black or white for absent."""

_IGNORED = {ord(c): None for c in " \t\ufe0f"}
"""Left out of typed feedback: spaces between marks, the emoji variation selector."""

_TILE = {"o": "2", "x": "1", ".": "0"}
"""A paper symbol as the digit of its tile."""


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


LETTERS = 27
"""Letter numbers: a=0 ... z=25, and 26 for IJ where a list counts it as a letter of its own
(``ĳ``, see :mod:`playbook.spelling`)."""
_TO_BYTES = {ord(IJ): chr(ord("a") + 26)}


def encode_words(words: Sequence[str], length: int) -> np.ndarray:
    """Words as an ``(n, length)`` uint8 array of letter numbers (:data:`LETTERS`)."""
    if not words:
        return np.zeros((0, length), dtype=np.uint8)
    raw = np.frombuffer("".join(words).translate(_TO_BYTES).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), length) - ord("a")).astype(np.uint8)


@numba.njit(cache=True, parallel=True, nogil=True)
def _fill(guesses: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    n_g, length = guesses.shape
    n_a = answers.shape[0]
    for i in numba.prange(n_g):
        g = guesses[i]
        counts = np.zeros(LETTERS, dtype=np.int8)
        exact = np.zeros(length, dtype=np.bool_)
        for j in range(n_a):
            a = answers[j]
            code = 0
            for p in range(length):
                if g[p] == a[p]:
                    exact[p] = True
                else:
                    exact[p] = False
                    counts[a[p]] += 1
            for p in range(length):
                code *= 3
                if exact[p]:
                    code += 2
                elif counts[g[p]] > 0:
                    code += 1
                    counts[g[p]] -= 1
            for p in range(length):
                counts[a[p]] = 0
            out[i, j] = code


@dataclasses.dataclass(frozen=True)
class WordGame(Game):
    """Lingo: every letter of a guess is marked; the first letter is revealed."""

    name: ClassVar[str] = "lingo"
    notation: ClassVar[str] = N_("o = right place, x = wrong place, . = absent")
    input_notation: ClassVar[str] = N_(
        "o x . or 2 1 0 (right place, wrong place, absent), or Wordle's g y . (b or - "
        "grey too) or \U0001f7e9\U0001f7e8\u2b1b"
    )
    mark_order: ClassVar[Mapping[str, int]] = {"o": 0, "x": 1, ".": 2}
    feedback_name: ClassVar[str] = "WordGame"
    browser_feedback: ClassVar[str] = "marks"
    paper_rules: ClassVar[bool] = True
    """Whether any word as a guess is the 1994 paper's rule (Lingo's), and said so."""
    ranges: ClassVar[Mapping[str, tuple[int, int]]] = {"length": (1, 12), "turns": (1, 30)}
    length: int = 5
    """Letters per word."""
    turns: int = 5
    """Guesses allowed, the revealed letter not counting as one."""
    revealed: str = "first"
    """What the host shows at the start: ``first`` (the first letter) or ``none``."""

    @property
    def limit(self) -> int:
        return self.turns

    @property
    def word_length(self) -> int:
        return self.length

    @property
    def n_codes(self) -> int:
        return 3**self.length

    @property
    def solved(self) -> Code:
        return self.n_codes - 1

    def feedback(self, guess: str, answer: str) -> Code:
        return encode(marks(guess, answer))

    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """Feedback codes of every guess (rows) against every answer (columns)."""
        out = np.empty((len(guesses), len(answers)), dtype=self.code_dtype)
        _fill(encode_words(guesses, self.length), encode_words(answers, self.length), out)
        return out

    def format(self, code: Code) -> str:
        return "".join(PAPER_SYMBOLS[m] for m in decode(code, self.length))

    def revealing(self, guesses: Sequence[str]) -> Revealing:
        """Wordle's hard mode as the game enforces it (:data:`~playbook.games.base.HARD_MODES`
        ``wordle``; not the strict one of :attr:`Wordle.hard`): a letter marked in the right place
        stays there, and every letter marked right or elsewhere is used again (as many
        times); a letter marked absent may be played again."""
        codes = np.arange(self.n_codes, dtype=np.int64)
        digits = (codes[:, None] // 3 ** np.arange(self.length - 1, -1, -1)) % 3  # first left
        bits = 1 << np.arange(self.length, dtype=np.int64)
        return Revealing(
            letters=encode_words(guesses, self.length),
            right=((digits == Mark.EXACT) * bits).sum(axis=1).astype(np.int64),
            shown=((digits != Mark.ABSENT) * bits).sum(axis=1).astype(np.int64),
        )

    def parse(self, text: str) -> Code:
        """Read feedback typed as ``o x .``, digits ``2 1 0``, Wordle's ``g y .`` or its
        squares, with or without spaces between the marks."""
        marks_ = text.translate(_IGNORED).lower()
        if len(marks_) != self.length:
            raise ValueError(
                f"feedback {text.strip()!r} has {len(marks_)} marks; expected {self.length}"
            )
        try:
            return encode(_SYMBOL_TO_MARK[ch] for ch in marks_)
        except KeyError as exc:
            raise ValueError(
                f"feedback {text.strip()!r}: unknown mark {exc.args[0]!r}; use o x ., "
                "2 1 0 or g y ."
            ) from None

    def typed_marks(self) -> tuple[Mapping[str, int], str]:
        return {k: int(m) for k, m in _SYMBOL_TO_MARK.items()}, "".join(map(chr, _IGNORED))

    def group_of(self, answer: str) -> str:
        return answer[0] if self.revealed == Revealed.FIRST else "*"

    def known_marks(
        self, word: str, group: str, history: Sequence[tuple[str, Code]]
    ) -> tuple[int, ...]:
        """The marks a person need not enter for ``word`` after ``history`` in ``group``:
        right place (2) where the revealed letter stands first, or where a letter some move
        found in place stands in that place again; absent (0) elsewhere (what the page's
        tiles start with; ``playbook/render/templates/page-rules.js`` repeats it)."""
        known: list[str | None] = [None] * self.length
        if self.revealed == Revealed.FIRST and len(group) == 1:
            known[0] = group
        for guess, code in history:
            for i, m in enumerate(decode(code, self.length)):
                if m == Mark.EXACT:
                    known[i] = guess[i]
        return tuple(2 if known[i] == ch else 0 for i, ch in enumerate(word))

    def pool_refusal(self) -> str | None:
        if self.guess_pool == GuessPool.REVEALED and self.revealed != Revealed.FIRST:
            return "'revealed' needs revealed: first (a letter to start with)"
        if self.guess_pool not in GUESS_POOLS:
            return f"{self.guess_pool!r}; allowed: {', '.join(GUESS_POOLS)}"
        return None

    def rules(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "length": self.length,
            "turns": self.turns,
            "revealed": self.revealed,
        }

    @classmethod
    def tile_pattern(cls, block: str, word: str) -> str | None:
        if len(block) == len(word) and set(block) <= set(_TILE):
            return "".join(_TILE[c] for c in block)
        return None

    @classmethod
    def label(cls, rules: Mapping[str, Any], _: Translate = english) -> str:
        pool = rules.get("guess_pool")
        if pool == GuessPool.REVEALED:
            return _("TV rules: every guess starts with the revealed letter")
        if pool == GuessPool.ALL:
            if cls.paper_rules:
                return _("free guesses: any word may be guessed (the 1994 paper's rules)")
            return _("free guesses: any word of the list may be guessed")
        return super().label(rules, _)

    @classmethod
    def describe(cls, rules: Mapping[str, Any], _: Translate = english) -> str:
        if "length" not in rules or "turns" not in rules:
            return super().describe(rules, _)
        revealed = {"first": _("the first letter"), "none": _("nothing")}.get(
            str(rules.get("revealed", "")), str(rules.get("revealed", ""))
        )
        pool = {
            "all": (
                _("any word of the list (the 1994 paper's rules)")
                if cls.paper_rules
                else _("any word of the list")
            ),
            "revealed": _("only words that start with the revealed letter (the TV rules)"),
        }.get(str(rules.get("guess_pool", "")), str(rules.get("guess_pool", "")))
        text = _("{length} letters, {turns} turns; the host reveals {revealed}").format(
            length=rules["length"], turns=rules["turns"], revealed=revealed
        )
        return text + (_("; guesses: {pool}").format(pool=pool) if pool else "")


def keeps_revealed(before: str, feedback: str, word: str) -> bool:
    """Wordle's hard-mode rule from the words: ``word`` has ``before``'s letters where
    ``feedback`` (``o x .``) marked them right, and each letter it marked right or elsewhere
    as many times."""
    need: dict[str, int] = {}
    for i, (letter, mark) in enumerate(zip(before, feedback, strict=True)):
        if mark == "o" and word[i] != letter:
            return False
        if mark in "ox":
            need[letter] = need.get(letter, 0) + 1
    return all(word.count(letter) >= k for letter, k in need.items())


@dataclasses.dataclass(frozen=True)
class Wordle(WordGame):
    """Wordle: five letters, six turns, nothing revealed; green/yellow/grey marks."""

    name: ClassVar[str] = "wordle"
    feedback_name: ClassVar[str] = "Wordle"
    tiles: ClassVar[str] = "wordle"
    paper_rules: ClassVar[bool] = False
    turns: int = 6
    revealed: str = "none"
    hard: bool = False
    """The strict hard mode (:data:`~playbook.games.base.HARD_MODES` ``strict``): every guess
    fits all the feedback so far; stricter than Wordle's own (:meth:`revealing`)."""
    keep_revealed: bool = False
    """Wordle's own hard mode (:data:`~playbook.games.base.HARD_MODES` ``wordle``): every guess
    keeps what the feedback before it revealed (:func:`keeps_revealed`)."""

    def rules(self) -> dict[str, Any]:
        kept = {"keep_revealed": True} if self.keep_revealed else {}
        return {**super().rules(), "hard": self.hard, **kept}

    def unkept(self, history: Sequence[tuple[str, Code]]) -> int | None:
        if not self.keep_revealed:
            return None
        for i, (word, _) in enumerate(history):
            for before, code in history[:i]:
                if not keeps_revealed(before, self.format(code), word):
                    return i
        return None
