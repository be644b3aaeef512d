"""The interface every game implements, and the hooks generic code calls instead of asking
which game it holds.

A game defines its feedback (a plain-Python reference and a fast matrix kernel), the notation
of its feedback, its limit (turns, or misses for hangman) and what a move costs against it,
what is revealed at the start (which splits the answers into groups), and how its playbooks
are planned and shown. Search, verify, render and the pipeline work only through this
interface, never on a game's name or class.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np

from playbook.kinds import GuessPool, values_of
from playbook.language import Translate, english

Code = int
"""A feedback code: a small integer, one per distinct feedback."""


class Planner(enum.Enum):
    """How a game's playbook is planned (the pipeline holds one planner per value)."""

    OPENINGS = "openings"
    """Fixed opening words, then a table per feedback: the answers are guesses themselves, so
    trying the words still possible is a plan (Lingo, Wordle, Mastermind)."""
    TREE = "tree"
    """A whole decision tree down to one word, by exact minimax where the budget allows: the
    guesses are not words (hangman's letters)."""


@dataclasses.dataclass(frozen=True, eq=False)
class Symmetry:
    """Permutations that keep a game's feedback: any permutation of the symbols and any of
    the positions, applied to guess and answer alike (Mastermind's colours and pegs). The
    exact search keeps one guess per class of guesses these make alike
    (:mod:`playbook.engines.symmetry`)."""

    symbols: np.ndarray
    """Each guess row as its symbols (indices below ``n_symbols``), one column a position."""
    positions: np.ndarray
    """Every permutation of the positions, one a row."""
    n_symbols: int


GUESS_POOLS = values_of(GuessPool)
"""Which words a group's guesses may be: ``all`` the guesses, or (the TV rules of Lingo)
``revealed``: only those that start as the group's answers do."""


class RulesError(ValueError):
    """A rule the game cannot take, or two rules that do not go together: ``key`` names the
    rule, ``why`` says what is allowed (the config and the playbook reader add where)."""

    def __init__(self, key: str, why: str) -> None:
        super().__init__(f"{key}: {why}")
        self.key, self.why = key, why


class _Keyed(Protocol):
    @property
    def feedback(self) -> str: ...


_Row = TypeVar("_Row", bound=_Keyed)


def _dtype(n_codes: int) -> type[np.unsignedinteger[Any]]:
    if n_codes <= 1 << 8:
        return np.uint8
    return np.uint16 if n_codes <= 1 << 16 else np.uint32  # 11 and 12 letters: 3**11 codes


HARD_MODES: Mapping[str, str] = {
    "strict": "every guess fits all the feedback so far, so that it could still be the answer "
    "(rules.hard, the --hard of play, simulate and strategy; Game.fits)",
    "wordle": "every letter revealed is used again and a letter marked in the right place "
    "stays there, as Wordle enforces it (Game.revealing; the exact search of "
    "playbook.studies.hard_mode)",
}
"""The two rules called hard mode, named apart: the strict one a config's ``rules.hard``
sets, and Wordle's own, which allows more guesses (every guess the strict one allows keeps
what was revealed; not the other way round)."""


@dataclasses.dataclass(frozen=True)
class Revealing:
    """What a guess's feedback reveals that Wordle's hard mode (:data:`HARD_MODES`
    ``wordle``) makes every later guess keep: letters marked in the right place stay there;
    every letter marked right or elsewhere is used again, as many times."""

    letters: np.ndarray
    """Each guess's letters, ``(guesses, length)`` small whole numbers."""
    right: np.ndarray
    """For each feedback code, the bit mask of the positions it marks right (int64)."""
    shown: np.ndarray
    """For each feedback code, the bit mask of the positions it marks right or elsewhere."""


@dataclasses.dataclass(frozen=True)
class Game(abc.ABC):
    """The interface every game implements, and the rules of one game: the one typed value
    that says what is allowed (every command gets it from a config or a playbook file).

    Subclasses are frozen dataclasses whose fields are the rules; :meth:`configure` builds one
    from a config's settings and :meth:`record` writes them in a playbook.
    """

    guess_pool: str = dataclasses.field(default="all", kw_only=True)
    """Which guesses a group allows (one of :data:`GUESS_POOLS`): see :meth:`allows`."""

    name: ClassVar[str]
    limit_name: ClassVar[str] = "turns"
    """What the limit counts: ``turns`` or ``misses``."""
    notation: ClassVar[str]
    """One line explaining the feedback notation."""
    input_notation: ClassVar[str] = ""
    """How a person may type feedback, where :meth:`parse` reads more than
    :attr:`notation` says (empty: the notation)."""
    tiles: ClassVar[str] = "lingo"
    """The tile style its boards are drawn in where nothing else says (``render.tiles``)."""
    planner: ClassVar[Planner] = Planner.OPENINGS
    """How a playbook for this game is planned."""
    first_cost: ClassVar[int] = 1
    """The least a word can cost to find (1 turn; hangman: 0 misses)."""
    mark_order: ClassVar[Mapping[str, int]] = {}
    """The reading order of the symbols of a feedback (tables are sorted by it)."""
    summary_columns: ClassVar[Mapping[str, str]] = {}
    """Notes of a group's plan shown as extra columns of the build summary (key: header)."""
    feedback_name: ClassVar[str] = ""
    """What the feedback function is called in the matrix cache's key (with the length)."""
    browser_feedback: ClassVar[str] = ""
    ranges: ClassVar[Mapping[str, tuple[int, int]]] = {}
    plays_words: ClassVar[bool] = True
    """Whether the game is played on a list of words (answer models, frequencies and chances
    mean something only then; Mastermind plays codes it generates)."""
    """The least and most value of each whole-number rule (``turns``, ``length``, ...): what
    the search can hold in memory and finish; a config or playbook outside is refused."""
    """The feedback rule the play-along page computes in the browser (``marks``: Lingo and
    Wordle's right place / wrong place / absent, base-3 codes), or empty where it has none."""

    def __post_init__(self) -> None:
        why = self.pool_refusal()
        if why is not None:
            raise RulesError("guess_pool", why)

    def pool_refusal(self) -> str | None:
        """Why this game cannot take its guess pool, or None: only ``all`` where nothing is
        revealed that a guess could start with (games that reveal a letter say otherwise)."""
        if self.guess_pool == GuessPool.ALL:
            return None
        pool = str(self.guess_pool)
        return f"{pool!r}; allowed: all ({self.name} reveals no letter to start with)"

    @classmethod
    def configure(cls, settings: Mapping[str, Any]) -> Game:
        """The game with the rules of a config: each game takes the settings it has fields
        for (``length``, ``turns``, ``revealed``, ``hard``, ``pegs``, ``colours``, ...)."""
        fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else ()
        return cls(**{k: v for k, v in settings.items() if k in fields})

    # ------------------------------------------------------------ rules

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

    def typed_marks(self) -> tuple[Mapping[str, int], str] | None:
        """Where feedback is one mark a letter: what a person may type for each mark (0
        absent, 1 wrong place, 2 right place) and the characters typed feedback leaves out,
        the one table :meth:`parse` and the play-along page read; None where feedback is
        typed otherwise (Mastermind's pegs)."""
        return None

    def group_of(self, answer: str) -> str:
        """What the host reveals before the first guess ("*" when nothing)."""
        return "*"

    def cost(self, code: Code) -> int:
        """What a move with this feedback costs against the limit."""
        return 1

    def fits(
        self,
        word: str,
        history: Iterable[tuple[str, Code]],
        feedback: Callable[[str, str], Code] | None = None,
    ) -> bool:
        """Whether ``word`` could still be the answer after ``history`` (guess, feedback):
        every move gives it the feedback it got. The one statement of "still possible"
        (the strict hard mode, :data:`HARD_MODES` ``strict``, allows only such guesses);
        ``feedback``: the rule, cached by the caller (default: :meth:`feedback`)."""
        rule = self.feedback if feedback is None else feedback
        return all(rule(guess, word) == code for guess, code in history)

    def unkept(self, history: Sequence[tuple[str, Code]]) -> int | None:
        """The first move of ``history`` that drops what a move before it revealed, where the
        rules keep it (Wordle's hard mode, :data:`HARD_MODES` ``wordle``); None: none does, or
        the rules do not ask it."""
        return None

    def spent(self, history: Iterable[tuple[str, Code]]) -> int:
        """What the moves of ``history`` (guess, feedback) cost against the limit: the one
        place that sums it (turns, or hangman's misses)."""
        return sum(self.cost(code) for _, code in history)

    @property
    def try_cost(self) -> int:
        """What playing a candidate answer costs when it is right."""
        return 1

    def generated_words(self) -> tuple[str, ...] | None:
        """The game's own list of codes (Mastermind), or None when a word list is used."""
        return None

    def generated_guesses(self) -> tuple[str, ...] | None:
        """The game's own guesses when they differ from the answers (hangman's letters)."""
        return self.generated_words()

    @abc.abstractmethod
    def rules(self) -> dict[str, Any]:
        """The game's own rules (``name`` first), without the guess pool."""

    def record(self) -> dict[str, Any]:
        """The ``game`` section of a playbook: the rules, the guess pool and the notation."""
        return {**self.rules(), "guess_pool": self.guess_pool, "notation": self.notation}

    def code_class(self, code: str) -> str:
        """The class of ``code`` under the game's symmetries (mixed strategies may weigh a
        class as one): the code itself where the game has none."""
        return code

    def allows(self, guess: str, group: str) -> bool:
        """Whether the rules allow ``guess`` in ``group`` (the one place the guess pool is
        read): any guess, or under ``revealed`` one that starts as the group's answers do."""
        return self.guess_pool == GuessPool.ALL or self.group_of(guess) == group

    def pool_rows(self, guesses: Sequence[str], group: str) -> np.ndarray:
        """The indices of the guesses :meth:`allows` in ``group``, in list order."""
        if self.guess_pool == "all":
            return np.arange(len(guesses), dtype=np.int64)
        return np.asarray(
            [i for i, w in enumerate(guesses) if self.allows(w, group)], dtype=np.int64
        )

    @property
    def word_length(self) -> int | None:
        """Length of every guess and answer, where fixed."""
        return None

    @property
    def feedback_id(self) -> str:
        """What the feedback depends on (keys the matrix cache)."""
        return f"{self.feedback_name or type(self).__name__}:{self.word_length}"

    def symmetry(self, guesses: Sequence[str], answer_rows: np.ndarray) -> Symmetry | None:
        """Permutations that keep the feedback of these guesses and map the answers (rows of
        ``guesses``) onto themselves, for the exact search to try one guess per orbit; None
        where the game has none worth using."""
        return None

    def revealing(self, guesses: Sequence[str]) -> Revealing | None:
        """What Wordle's hard mode (:data:`HARD_MODES` ``wordle``) makes every later guess
        keep, as tables for the exact search
        (:mod:`playbook.studies.hard_search`); None where the game has no such rule."""
        return None

    # ------------------------------------------------------------ presentation
    # class methods: they work from a playbook's recorded rules, without building the game

    @classmethod
    def row_key(cls, feedback: str) -> tuple[tuple[int, ...], ...]:
        """Sort key of a table row's feedback: block by block, symbol by symbol in
        :attr:`mark_order` (unknown symbols after the known ones); ``*`` last."""
        if feedback.strip() == "*":
            return ((9,),)
        return tuple(tuple(cls.mark_order.get(c, 5) for c in b) for b in feedback.split())

    @classmethod
    def reading_order(cls, rows: Iterable[_Row]) -> list[_Row]:
        """A table's rows in the order a person reads them (:meth:`row_key`): the one place
        tables are sorted, for the playbook file and for every sheet."""
        return sorted(rows, key=lambda r: cls.row_key(r.feedback))

    @classmethod
    def tile_pattern(cls, block: str, word: str) -> str | None:
        """The tiles of one block of feedback on ``word``'s letters as digits 2 (right place),
        1 (wrong place), 0 (absent), or None where the feedback is not drawn as tiles."""
        return None

    @classmethod
    def describe(cls, rules: Mapping[str, Any], _: Translate = english) -> str:
        """The rules of a playbook in a line of text, for its printed sheets, translated by
        ``_`` (here the rules' own names: no text to translate)."""
        return ", ".join(
            f"{k} {v}" for k, v in rules.items() if k not in ("name", "notation", "rules_sha256")
        )

    @classmethod
    def label(cls, rules: Mapping[str, Any], _: Translate = english) -> str:
        """The rules in a few words, to tell playbooks of one game apart (the card's columns),
        translated by ``_``."""
        return cls.describe(rules, _)

    @classmethod
    def group_label(cls, group: str, rules: Mapping[str, Any], _: Translate = english) -> str:
        """How a group is named on the printed sheets, translated by ``_``."""
        return _("all words") if group == "*" or rules.get("revealed") == "none" else group
