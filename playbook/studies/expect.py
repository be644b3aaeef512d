"""Hangman with a randomised guesser: the exact expected number of mistakes for one word.

A randomised strategy picks each letter by a distribution over the letters not guessed yet,
given the words still possible (those that show the same pattern and share none of the
misses). For a word ``w`` the expected number of mistakes until every letter of ``w`` is
shown follows by dynamic programming over the states the game can reach:

    E(state) = 0 once every letter of w is shown, else
    E(state) = sum over letters l of p(l | state) * ([l not in w] + E(state after l)).

A state is the set of words still possible with the letters shown: a miss leaves no word that
holds it, so the misses need no keeping. The strategies (:data:`STRATEGIES`) are the two of the
Hangman question: the letter held by the most words still possible, ties broken at random;
and a letter drawn in proportion to how many of those words hold it; and this project's greedy
rule (the letter whose largest family is smallest) with ties broken at random.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np

from playbook.names import GUESSERS

STRATEGIES = GUESSERS
"""The randomised strategies, by name (:data:`playbook.names.GUESSERS`)."""


class OutOfTime(Exception):
    """The budget ran out."""


@dataclasses.dataclass(frozen=True)
class Expected:
    """The expected mistakes of a strategy on one word."""

    word: str
    strategy: str
    mistakes: float
    states: int
    seconds: float


def _choices(
    held: dict[str, int], strategy: str, largest: dict[str, int] | None = None
) -> dict[str, float]:
    """The strategy's distribution over the letters not shown, given how many words still
    possible hold each (letters held by none left out) and, for ``smallest``, the largest
    family each leaves (``largest``)."""
    held = {ch: k for ch, k in held.items() if k}
    if strategy == "smallest":
        assert largest is not None, "smallest needs each letter's largest family"
        least = min(largest[ch] for ch in held)
        best = sorted(ch for ch in held if largest[ch] == least)
        return {ch: 1 / len(best) for ch in best}
    if strategy == "proportional":
        total = sum(held.values())
        return {ch: k / total for ch, k in held.items()}
    most = max(held.values())
    best = sorted(ch for ch, k in held.items() if k == most)
    return {ch: 1 / len(best) for ch in best}


class _Sets:
    """The words as bit sets: which hold a letter, which hold it where ``word`` has it."""

    def __init__(self, words: Sequence[str], word: str) -> None:
        self.all = (1 << len(words)) - 1
        self.holds: dict[str, int] = {}
        self.like: dict[str, int] = {}
        for j, w in enumerate(words):
            for ch in set(w):
                self.holds[ch] = self.holds.get(ch, 0) | (1 << j)
        for ch in set(word):
            at = [i for i, c in enumerate(word) if c == ch]
            self.like[ch] = sum(
                1 << j for j, w in enumerate(words) if [i for i, c in enumerate(w) if c == ch] == at
            )
        families: dict[tuple[str, tuple[int, ...]], int] = {}
        for j, w in enumerate(words):
            for ch in self.holds:
                key = (ch, tuple(i for i, c in enumerate(w) if c == ch))
                families[key] = families.get(key, 0) | (1 << j)
        self.families: dict[str, list[int]] = {}
        """Per letter, the words by where they hold it (not at all: one family too)."""
        for (ch, _), m in families.items():
            self.families.setdefault(ch, []).append(m)

    def held(self, left: int, shown: frozenset[str]) -> dict[str, int]:
        return {ch: (left & m).bit_count() for ch, m in self.holds.items() if ch not in shown}

    def largest(self, left: int, letters: dict[str, int]) -> dict[str, int]:
        """The largest family of the words ``left`` that each of ``letters`` leaves."""
        return {ch: max((left & m).bit_count() for m in self.families[ch]) for ch in letters}

    def after(self, left: int, ch: str) -> int:
        """The words left after ``ch``: those that show it where the word does (a hit), or
        that do not hold it (a miss)."""
        return left & self.like[ch] if ch in self.like else left & ~self.holds[ch]


def expected_mistakes(
    words: Sequence[str], word: str, strategy: str, *, budget: float = 60.0
) -> Expected:
    """The exact expected number of mistakes of ``strategy`` (one of :data:`STRATEGIES`)
    against ``word``, among the words ``words`` of its length (``word`` one of them): the
    dynamic program in floating point (``mistakes``), over every state the game can reach."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
    if word not in words:
        raise ValueError(f"{word!r} is not a word of the list")
    t0 = time.perf_counter()
    deadline = t0 + budget
    letters = frozenset(word)
    sets = _Sets(words, word)
    memo: dict[tuple[int, frozenset[str]], float] = {}

    def solve(left: int, shown: frozenset[str]) -> float:
        if letters <= shown:
            return 0.0
        key = (left, shown)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) % 4096 == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        total = 0.0
        held = sets.held(left, shown)
        largest = sets.largest(left, held) if strategy == "smallest" else None
        for ch, p in _choices(held, strategy, largest).items():
            kept = sets.after(left, ch)
            if ch in letters:
                total += p * solve(kept, shown | {ch})
            else:
                total += p * (1.0 + solve(kept, shown))
        memo[key] = total
        return total

    value = solve(sets.all, frozenset())
    return Expected(word, strategy, value, len(memo), time.perf_counter() - t0)


def simulate(
    words: Sequence[str], word: str, strategy: str, *, games: int, seed: int
) -> tuple[float, float]:
    """The mean mistakes of ``games`` games of ``strategy`` against ``word`` and its standard
    error: a check of :func:`expected_mistakes` by another road."""
    rng = np.random.default_rng(seed)
    letters = set(word)
    out = np.empty(games)
    for g in range(games):
        left, shown, mistakes = list(words), set[str](), 0
        while not letters <= shown:
            held = Counter(ch for w in left for ch in set(w) if ch not in shown)
            largest = None
            if strategy == "smallest":
                largest = {
                    ch: max(
                        Counter(tuple(i for i, c in enumerate(w) if c == ch) for w in left).values()
                    )
                    for ch in held
                }
            choice = _choices(dict(held), strategy, largest)
            names = sorted(choice)
            ch = names[int(rng.choice(len(names), p=[choice[c] for c in names]))]
            if ch in letters:
                at = [i for i, c in enumerate(word) if c == ch]
                left = [w for w in left if [i for i, c in enumerate(w) if c == ch] == at]
                shown.add(ch)
            else:
                left = [w for w in left if ch not in w]
                mistakes += 1
        out[g] = mistakes
    return float(out.mean()), float(out.std(ddof=1) / np.sqrt(games))
