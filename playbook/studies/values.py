"""The studies' documented calls: game values with mixed strategies (Mastermind, Lingo,
Wordle), Hangman with mixed strategies, and a randomised Hangman guesser's expected mistakes;
each checks its arguments at the boundary as :mod:`playbook.api` does."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from playbook.arguments import CONFIG, need, seconds, words
from playbook.config import Config
from playbook.errors import PlaybookError
from playbook.games import find_game
from playbook.pipeline import choices
from playbook.pipeline.session import Session
from playbook.search import hangman
from playbook.studies import expect, mixed, randomised

# ---------------------------------------------------------------------- mixed strategies

ValueOutOfTime = mixed.OutOfTime
""":func:`game_values` ran past its budget."""


@dataclasses.dataclass(frozen=True)
class GroupValue:
    """One group's game value with mixed strategies, with its problem (for names)."""

    group: str
    problem: Any
    value: mixed.GameValue
    text: Callable[[str], str] = str
    """How a code or word is written (Dutch IJ as ij)."""

    def summary(self) -> dict[str, Any]:
        """The figures as plain data: the maker's classes with a probability above 0 only."""
        v, p = self.value, self.problem
        return {
            "group": self.group,
            "value": v.value,
            "fraction": str(v.fraction),
            "uniform": v.uniform,
            "maker": [
                {"class": self.text(c), "codes": n, "probability": q}
                for c, n, q in zip(v.classes, v.sizes, v.maker, strict=True)
                if q > mixed.TOLERANCE
            ],
            "breaker_openings": {self.text(k): w for k, w in v.openings(p).items()},
            "breaker_trees": len(v.breaker),
            "trees": v.trees,
            "rounds": v.rounds,
            "seconds": round(v.seconds, 3),
        }


def game_values(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    openings: Sequence[str] = (),
    cap: int = 200,
    budget: float = 60.0,
    first: str | None = None,
) -> list[GroupValue]:
    """The value of each group's game with mixed strategies (:func:`mixed.game_value`);
    with ``openings`` (guesses as typed), the breaker is kept to the best tree after each of
    them; with ``first`` (a guess as typed), every tree of the breaker opens with it and plays
    freely after. Refused in one line before any search where an opening is no guess;
    :class:`mixed.OutOfTime` after ``budget`` seconds in all. Best responses are the plain
    exact search up to ``cap`` answers, the bounded one beyond."""
    need("cfg", cfg, Config, CONFIG)
    seconds("budget", budget)
    words("letters", letters)
    words("openings", openings, optional=False)
    need("cap", cap, int, "a whole number of answers")
    if cap < 1:
        raise ValueError(f"cap: expected 1 answer or more, got {cap!r}")
    if first is not None:
        need("first", first, str, "a guess, as text, or None")
    session = Session.open(cfg)
    if session.game.limit_name != "turns":
        raise PlaybookError(
            f"value: {cfg.name}: the game counts {session.game.limit_name}, not guesses; the "
            "value with mixed strategies is built for Mastermind, Lingo and Wordle"
        )
    problems = session.problems(letters)
    spell = session.spelling
    if first is not None and openings:
        raise PlaybookError("value: --first and --openings both fix the opening; give one")
    for name, problem in problems.items():
        for w in openings:
            if spell.typed(w) not in problem.row_of:
                raise PlaybookError(f"--openings: {w!r} is not a guess of group {name}")
        if first is not None and spell.typed(first) not in problem.row_of:
            raise PlaybookError(f"--first: {first!r} is not a guess of group {name}")
    out = []
    deadline = time.perf_counter() + budget
    for name, problem in problems.items():
        rows = [problem.row_of[spell.typed(w)] for w in openings]
        trees = mixed.opening_trees(problem, rows) if rows else ()
        left = deadline - time.perf_counter()
        row = problem.row_of[spell.typed(first)] if first is not None else None
        value = mixed.game_value(
            problem, trees=trees, grow=not rows, cap=cap, budget=left, first=row
        )
        out.append(GroupValue(name, problem, value, spell.text))
    return out


@dataclasses.dataclass(frozen=True)
class HangmanValue:
    """One word length's Hangman game with mixed strategies, on the words given (all of the
    length, or a sample of them), beside the exact minimax without chance."""

    group: str
    words: tuple[str, ...]
    of: int
    """Words of the length in the list (``words`` is a sample where fewer)."""
    letters: tuple[str, ...]
    """The guesses (rows of the problem)."""
    seed: int | None
    kept: randomised.KeptWord
    recurrence: randomised.Recurrence
    minimax: int
    """The fewest mistakes a guesser without chance can hold every word to."""
    seconds: float

    def summary(self) -> dict[str, Any]:
        """The figures as plain data: the host's words with a probability above 0 only."""
        k, r = self.kept, self.recurrence
        return {
            "group": self.group,
            "words": len(self.words),
            "of": self.of,
            "seed": self.seed,
            "value": k.value,
            "fraction": str(Fraction(k.value).limit_denominator(mixed.DENOMINATOR)),
            "host": {w: q for w, q in zip(self.words, k.host, strict=True) if q > mixed.TOLERANCE},
            "guesser_trees": len(k.trees),
            "uniform": k.uniform,
            "rounds": k.rounds,
            "recurrence": r.value,
            "recurrence_guarantee": r.guarantee,
            "recurrence_first": {
                self.letters[row]: q for row, q in r.strategy[tuple(range(len(self.words)))]
            }
            if len(self.words) > 1
            else {},
            "states": r.states,
            "programs": r.programs,
            "minimax": self.minimax,
            "seconds": round(self.seconds, 3),
        }


def counts_misses(cfg: Config) -> bool:
    """Whether the config's game counts misses (Hangman) rather than guesses."""
    choices.check(cfg)
    return find_game(cfg.game).limit_name == "misses"


def hangman_values(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    sample: int | None = None,
    seed: int = 0,
    budget: float = 60.0,
) -> list[HangmanValue]:
    """Hangman with mixed strategies for each word length (``letters``: the lengths; ``sample``:
    that many words of each, drawn by ``seed``): the value against a host who keeps his word
    (:func:`randomised.kept_word`), the Hangman question's recurrence
    (:func:`randomised.recurrence`) and the exact minimax without chance, on the same words.
    :class:`randomised.OutOfTime` after ``budget`` seconds in all."""
    need("cfg", cfg, Config, CONFIG)
    seconds("budget", budget)
    words("letters", letters)
    need("seed", seed, int, "a whole number")
    if sample is not None:
        need("sample", sample, int, "a number of words (2 or more) or None")
        if sample < 2:
            raise ValueError(f"sample: expected 2 words or more, got {sample!r}")
    if not counts_misses(cfg):
        raise PlaybookError(
            f"value: {cfg.name}: --sample and the Hangman figures are for a game that counts "
            f"misses; {cfg.name} counts {find_game(cfg.game).limit_name}"
        )
    problems = Session.open(cfg).problems(letters)
    deadline = time.perf_counter() + budget
    out = []
    for name, problem in problems.items():
        t0 = time.perf_counter()
        sub = problem if sample is None else randomised.sample(problem, sample, seed)
        kept = randomised.kept_word(sub.F, budget=deadline - time.perf_counter())
        rec = randomised.recurrence(sub.F, budget=deadline - time.perf_counter())
        left = deadline - time.perf_counter()
        if left <= 0:
            raise randomised.OutOfTime
        exact = hangman.solve_length(sub, budget=left).exact
        if exact is None:
            raise randomised.OutOfTime
        out.append(
            HangmanValue(
                group=name,
                words=tuple(sub.answers),
                of=len(problem.answers),
                letters=tuple(sub.guesses),
                seed=seed if len(sub.answers) < len(problem.answers) else None,
                kept=kept,
                recurrence=rec,
                minimax=exact,
                seconds=time.perf_counter() - t0,
            )
        )
    return out


# ---------------------------------------------------------------------- randomised Hangman

MistakesOutOfTime = expect.OutOfTime
""":func:`expected_mistakes` ran past its budget."""


def expected_mistakes(
    cfg: Config, word: str, strategy: str, *, budget: float = 60.0
) -> expect.Expected:
    """The exact expected mistakes of a randomised Hangman guesser against ``word`` (as
    typed) among the config's words of its length; refused in one line where the game is not
    Hangman or the word is not in the list."""
    need("cfg", cfg, Config, CONFIG)
    need("word", word, str, "a word, as text")
    need("strategy", strategy, str, "a strategy's name, as text")
    seconds("budget", budget)
    session = Session.open(cfg)
    if session.game.limit_name != "misses":
        raise PlaybookError(
            f"mistakes: {cfg.name}: the game counts {session.game.limit_name}; expected "
            "mistakes are Hangman's"
        )
    typed = session.spelling.typed(word)
    same = [w for w in session.answers if len(w) == len(typed)]
    if typed not in same:
        raise PlaybookError(f"mistakes: {word!r} is not a word of {cfg.name}'s list")
    return expect.expected_mistakes(same, typed, strategy, budget=budget)
