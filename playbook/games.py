"""Games: the rules that turn a guess and an answer into feedback, looked up by name.

A game defines its feedback function (a plain-Python reference, and a fast matrix kernel),
the notation of its feedback, the limit (turns, or misses for hangman), what a move costs
against that limit, and what is revealed at the start (which splits the answers into groups).
Search, verify and render code work only through this interface, never on a game's name.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from playbook.errors import ConfigError

Code = int
"""A feedback code: a small integer, one per distinct feedback."""


class Mark(enum.IntEnum):
    """The mark a letter of a guess receives in the word games."""

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


def _dtype(n_codes: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if n_codes <= 256 else np.uint16


class Game(abc.ABC):
    """The interface every game implements."""

    name: ClassVar[str]
    limit_name: ClassVar[str] = "turns"
    """What the limit counts: ``turns`` or ``misses``."""
    notation: ClassVar[str]
    """One line explaining the feedback notation."""

    @property
    @abc.abstractmethod
    def limit(self) -> int:
        """Most turns (or misses) with which a word still counts as found."""

    @property
    @abc.abstractmethod
    def n_codes(self) -> int:
        """Number of distinct feedback codes (codes are 0 .. n_codes - 1)."""

    @property
    def solved(self) -> Code | None:
        """The code of a guess that is the answer (None where guessing ends otherwise)."""
        return None

    @property
    def code_dtype(self) -> type[np.unsignedinteger[Any]]:
        """The smallest unsigned dtype that holds every code."""
        return _dtype(self.n_codes)

    @abc.abstractmethod
    def feedback(self, guess: str, answer: str) -> Code:
        """Reference feedback function (plain Python)."""

    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """Feedback of every guess (rows) against every answer (columns); games override this
        with a fast kernel."""
        return self.reference_matrix(guesses, answers)

    def reference_matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """The matrix from the plain-Python rule (for tests and benchmarks)."""
        out = np.empty((len(guesses), len(answers)), dtype=self.code_dtype)
        for i, g in enumerate(guesses):
            for j, a in enumerate(answers):
                out[i, j] = self.feedback(g, a)
        return out

    @abc.abstractmethod
    def format(self, code: Code) -> str:
        """Feedback in the game's notation."""

    @abc.abstractmethod
    def parse(self, text: str) -> Code:
        """Read feedback typed by a person; ValueError with a clear message if malformed."""

    def group_of(self, answer: str) -> str:
        """What the host reveals before the first guess ("*" when nothing)."""
        return "*"

    def cost(self, code: Code) -> int:
        """What a move with this feedback costs against the limit."""
        return 1

    @property
    def try_cost(self) -> int:
        """What playing a candidate answer costs when it is right."""
        return 1

    @property
    def words_are_moves(self) -> bool:
        """Whether the answers are themselves guesses (so trying the words left is a plan);
        hangman's guesses are letters, and its plans are trees down to one word."""
        return True

    def generated_words(self) -> tuple[str, ...] | None:
        """The game's own list of codes (Mastermind), or None when a word list is used."""
        return None

    def generated_guesses(self) -> tuple[str, ...] | None:
        """The game's own guesses when they differ from the answers (hangman's letters)."""
        return self.generated_words()

    @abc.abstractmethod
    def rules(self) -> dict[str, Any]:
        """The rules as a playbook records them (``name`` first)."""

    @property
    def word_length(self) -> int | None:
        """Length of every guess and answer, where fixed."""
        return None

    @property
    def feedback_id(self) -> str:
        """What the feedback depends on (keys the matrix cache)."""
        return f"{type(self).__name__}:{self.word_length}"


@dataclasses.dataclass(frozen=True)
class WordGame(Game):
    """Lingo: every letter of a guess is marked; the first letter is revealed."""

    name: ClassVar[str] = "lingo"
    notation: ClassVar[str] = "o = right place, x = wrong place, . = absent"
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
        from playbook import feedback

        return feedback.word_matrix(self, guesses, answers)

    def format(self, code: Code) -> str:
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

    def group_of(self, answer: str) -> str:
        return answer[0] if self.revealed == "first" else "*"

    def rules(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "length": self.length,
            "turns": self.turns,
            "revealed": self.revealed,
        }


@dataclasses.dataclass(frozen=True)
class Wordle(WordGame):
    """Wordle: five letters, six turns, nothing revealed; green/yellow/grey marks."""

    name: ClassVar[str] = "wordle"
    turns: int = 6
    revealed: str = "none"
    hard: bool = False
    """Hard mode: every guess must be consistent with all feedback so far."""

    def rules(self) -> dict[str, Any]:
        return {**super().rules(), "hard": self.hard}


@dataclasses.dataclass(frozen=True)
class Mastermind(Game):
    """Mastermind: codes of ``pegs`` colours 1..``colours``; black and white pegs."""

    name: ClassVar[str] = "mastermind"
    notation: ClassVar[str] = "NbMw = N black (right colour, right place), M white"
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
        from playbook import feedback

        return feedback.mastermind_matrix(self, guesses, answers)

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


@dataclasses.dataclass(frozen=True)
class Hangman(Game):
    """Hangman: guesses are letters; the host shows every position of a guessed letter, or
    counts a miss. The game is lost at ``misses`` misses; only misses count.

    A whole-word guess is allowed too: it wins if right and costs a miss if wrong (that is how
    a playbook's leaf "the word is ..." is played).
    """

    name: ClassVar[str] = "hangman"
    limit_name: ClassVar[str] = "misses"
    notation: ClassVar[str] = "positions of the letter (1 = first), e.g. 2,5; - for a miss"
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
        from playbook import feedback

        return feedback.hangman_matrix(self, guesses, answers)

    def format(self, code: Code) -> str:
        if code == 0:
            return "-"
        return ",".join(str(i + 1) for i in range(self.max_length) if code >> i & 1)

    def parse(self, text: str) -> Code:
        """Read ``-`` (a miss) or the positions, e.g. ``2,5`` or ``2 5``."""
        t = text.strip()
        if t in ("-", "0", ""):
            return 0
        try:
            positions = [int(x) for x in re.split(r"[ ,]+", t)]
        except ValueError:
            raise ValueError(
                f"feedback {text!r}: write positions like 2,5 or - for a miss"
            ) from None
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

    @property
    def words_are_moves(self) -> bool:
        return False

    def generated_guesses(self) -> tuple[str, ...]:
        """The letters a-z: hangman's guesses."""
        return tuple("abcdefghijklmnopqrstuvwxyz")

    @property
    def feedback_id(self) -> str:
        return f"hangman:{self.max_length}"

    def rules(self) -> dict[str, Any]:
        return {"name": self.name, "misses": self.misses, "max_length": self.max_length}


GAMES: dict[str, type[Game]] = {
    "lingo": WordGame, "wordle": Wordle, "mastermind": Mastermind, "hangman": Hangman,
}  # fmt: skip
"""The registry of games by name."""


def find_game(name: str) -> type[Game]:
    """Look a game up by name; the error lists the accepted names."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; allowed: {', '.join(sorted(GAMES))}") from None


def from_rules(rules: dict[str, Any]) -> Game:
    """The game a playbook's ``game`` section describes (values checked)."""
    cls = find_game(str(rules.get("name")))
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in rules:
            continue
        value = rules[f.name]
        want = str(f.type)
        if want == "int" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ConfigError(f"key 'game.{f.name}': expected a positive integer, got {value!r}")
        if want == "bool" and not isinstance(value, bool):
            raise ConfigError(f"key 'game.{f.name}': expected true or false, got {value!r}")
        if want == "str" and not isinstance(value, str):
            raise ConfigError(f"key 'game.{f.name}': expected text, got {value!r}")
        kwargs[f.name] = value
    if kwargs.get("revealed", "first") not in ("first", "none"):
        raise ConfigError(f"key 'game.revealed': {kwargs['revealed']!r}; allowed: first, none")
    return cls(**kwargs)
