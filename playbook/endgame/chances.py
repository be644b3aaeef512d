"""Lingo's End Game against the clock (ITV): three words of four, five and six letters, each
with its first letter given and five lines, all within 90 seconds; a pair may pass a word and
take a fresh one of the same length.

The model, each assumption a parameter:

- every line (a guess and its marks) takes ``line`` seconds (the show allows at most 10; a
  pair that answers faster has more lines), and a line is only played with that much time
  left;
- a word takes the number of lines the pair's plan needs for it: a plan's distribution of
  turns over its answers, every answer equally likely; a word the plan does not find within
  five lines is passed at the fifth;
- a pass costs ``pass_cost`` seconds (saying it and the host giving a fresh first letter),
  then a fresh word of the same length starts;
- the clock as it really runs (issue 56): each word costs ``word_overhead`` seconds before
  its first line (the host gives the letter, the pair looks at it), and each line
  ``line_overhead`` seconds beyond ``line`` (saying the word, the marks appearing); at 10 s
  a line nine lines fill the 90 s exactly, so a second lost anywhere costs a line;
- the words come in order; the End Game is won when the last one is found in time.

Policies, each exact by dynamic programming over the seconds left (integer seconds):
``never`` passes (but at the fifth line), a fixed rule passes the word of each length still
open after ``k`` lines (a rule a pair can remember), and the best policy passes by the lines
spent and the seconds left (the most any policy that knows only these can win).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

LINES = 5
"""Lines a word is given."""
NEVER = LINES
"""A rule's ``k`` that passes no word (but at the fifth line, as every policy must)."""


@dataclasses.dataclass(frozen=True)
class Rules:
    """The clock of the End Game."""

    seconds: int = 90
    line: int = 10
    pass_cost: int = 2
    word_overhead: int = 0
    line_overhead: int = 0

    def __post_init__(self) -> None:
        limits = (
            ("seconds", 1, 3600),
            ("line", 1, 60),
            ("pass_cost", 0, 60),
            ("word_overhead", 0, 60),
            ("line_overhead", 0, 60),
        )
        for name, low, high in limits:
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise ValueError(
                    f"{name}: expected whole seconds from {low} to {high}, got {value!r}"
                )

    @property
    def step(self) -> int:
        """The seconds one line really takes (its time and its overhead)."""
        return self.line + self.line_overhead


def distribution(turns: Mapping[int, int]) -> tuple[float, ...]:
    """The chance of finding a word in exactly 1..5 lines, from a plan's count of words per
    number of turns (words found later, or not at all, are the rest: passed at line five)."""
    if not turns or any(not isinstance(k, int) or k < 1 or n < 0 for k, n in turns.items()):
        raise ValueError(f"turns: expected words per number of turns (1, 2, ...), got {turns!r}")
    total = sum(turns.values())
    if total <= 0:
        raise ValueError("turns: a plan of no words")
    return tuple(turns.get(k, 0) / total for k in range(1, LINES + 1))


def _hazards(p: Sequence[float]) -> list[float]:
    """The chance that line j+1 finds the word, given it is still open after j lines."""
    out, left = [], 1.0
    for pk in p:
        out.append(pk / left if left > 1e-15 else 0.0)
        left -= pk
    return out


def _solve(words: Sequence[Sequence[float]], rules: Rules, rule: Sequence[int] | None) -> float:
    """The chance of finding every word in time under a fixed rule (``k`` per word: pass
    once ``k`` lines found nothing) or, with ``rule`` None, under the best policy that knows
    the lines spent and the seconds left."""
    hz = [_hazards(p) for p in words]
    n, top = len(words), rules.seconds
    # V[w][t]: a fresh word w with t seconds left; U[w][j][t]: j lines spent on it
    V = [[0.0] * (top + 1) for _ in range(n)] + [[1.0] * (top + 1)]
    U = [[[0.0] * (top + 1) for _ in range(LINES + 1)] for _ in range(n)]
    s, c, o = rules.step, rules.pass_cost, rules.word_overhead
    for t in range(top + 1):
        for w in reversed(range(n)):
            # a fresh word with t seconds left: its overhead first, then its first line
            V[w][t] = U[w][0][t - o] if t >= o and o else 0.0
            for j in range(LINES + 1):
                go = (
                    hz[w][j] * V[w + 1][t - s] + (1 - hz[w][j]) * U[w][j + 1][t - s]
                    if j < LINES and t >= s
                    else 0.0
                )
                # a pass returns to a fresh word (at j = 0 it would change nothing)
                quit = V[w][t - c] if j >= 1 and t >= c else 0.0
                if j == 0:
                    U[w][j][t] = go
                    if not o:
                        V[w][t] = go
                    continue
                if j == LINES:
                    best_pass = True
                elif rule is not None:
                    best_pass = j >= rule[w]
                else:
                    best_pass = quit > go + 1e-12
                U[w][j][t] = quit if best_pass else go
    return V[0][top]


@dataclasses.dataclass(frozen=True)
class EndGame:
    """The End Game's figures for three plans (four, five and six letters) under ``rules``."""

    rules: Rules
    names: tuple[str, ...]
    never: float
    """The chance of every word in time, passing no word."""
    rule: tuple[int, ...]
    """The best fixed rule: pass the word of each length still open after this many lines
    (:data:`NEVER`: do not pass it)."""
    ruled: float
    best: float
    """The most a policy that knows the lines spent and the seconds left can win."""
    first: tuple[float, ...]
    """Passing no word: the chance of the first word, the first two, ... in time."""

    def as_dict(self) -> dict[str, object]:
        return {
            "seconds": self.rules.seconds,
            "line_seconds": self.rules.line,
            "pass_seconds": self.rules.pass_cost,
            "word_overhead_seconds": self.rules.word_overhead,
            "line_overhead_seconds": self.rules.line_overhead,
            "words": list(self.names),
            "never_pass": round(self.never, 6),
            "rule": {
                n: (None if k == NEVER else k) for n, k in zip(self.names, self.rule, strict=True)
            },
            "rule_chance": round(self.ruled, 6),
            "best_policy": round(self.best, 6),
            "first_words": [round(x, 6) for x in self.first],
        }

    def rule_text(self) -> str:
        """The fixed rule in words."""
        parts = [
            f"pass the {n} if {k} line{'s' if k > 1 else ''} did not find it"
            for n, k in zip(self.names, self.rule, strict=True)
            if k != NEVER
        ]
        return "; ".join(parts) if parts else "pass no word"


@dataclasses.dataclass(frozen=True)
class EndGameFigures:
    """The End Game of some plans at one speed, with what the plans are."""

    names: tuple[str, ...]
    """Each plan's name (its config's)."""
    averages: tuple[float, ...]
    game: EndGame
    sighted: float
    """The most a pair wins that passes by the words still possible and the seconds left."""
    sighted_passes: tuple[int, ...]
    """Per word, the most seconds left at which that policy passes at all (0: never)."""

    def as_dict(self) -> dict[str, object]:
        return {
            **self.game.as_dict(),
            "plans": list(self.names),
            "averages": [round(a, 4) for a in self.averages],
            "best_with_sight": round(self.sighted, 6),
            "passes_with_sight_below_seconds": list(self.sighted_passes),
        }


MOST_STEPS = 10**8
"""The most steps of :func:`end_game`'s search a command starts (about a minute here)."""


def cost(plans: int, rules: Rules) -> int:
    """The steps :func:`end_game` takes: every fixed rule (five choices a word) solved over
    every second of the clock, every line of every word."""
    return (NEVER**plans + plans + 2) * plans * (rules.seconds + 1) * (LINES + 1)


def end_game(
    plans: Sequence[Mapping[int, int]], rules: Rules, names: Sequence[str] | None = None
) -> EndGame:
    """The End Game for plans given as words per number of turns, in the order played."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules: expected a playbook.endgame.Rules, got {rules!r}")
    if not 1 <= len(plans) <= 6:
        raise ValueError(f"plans: expected one to six plans, got {len(plans)}")
    words = [distribution(p) for p in plans]
    labels = tuple(names or (f"word {i + 1}" for i in range(len(words))))
    never = _solve(words, rules, [NEVER] * len(words))
    best_rule, best_p = (NEVER,) * len(words), never
    for ks in itertools.product(range(1, NEVER + 1), repeat=len(words)):
        p = _solve(words, rules, ks)
        if p > best_p + 1e-12:
            best_rule, best_p = ks, p
    best = _solve(words, rules, None)
    first = tuple(_solve(words[: i + 1], rules, [NEVER] * (i + 1)) for i in range(len(words)))
    return EndGame(rules, labels, never, best_rule, best_p, best, first)


@dataclasses.dataclass(frozen=True)
class Paths:
    """What a pair sees of one plan: for every answer, its group (the letter given), the
    moves played with their marks, and whether the plan finds it within five lines."""

    games: tuple[tuple[str, tuple[str, ...], bool], ...]

    def turns(self) -> dict[int, int]:
        """Words per number of lines (words not found: none of 1..5)."""
        out: dict[int, int] = {}
        for _, path, found in self.games:
            k = len(path) if found else LINES + 1
            out[k] = out.get(k, 0) + 1
        return out


@dataclasses.dataclass(frozen=True)
class _Nodes:
    """The states a pair can be in on one word: after j lines, the words still possible."""

    depth: np.ndarray
    size: np.ndarray
    roots: np.ndarray
    """Each state's chance of being a fresh word's start (the letter given), 0 elsewhere."""
    solved: np.ndarray
    """The chance that the next line finds the word."""
    moves: Any
    """Sparse (state, next state) chances of the next line's marks leaving the word open."""
    dead: np.ndarray
    """States whose words the plan does not find within the lines (passing them pays)."""


def _nodes(paths: Paths) -> _Nodes:
    import scipy.sparse as sp

    ids: dict[tuple[str, tuple[str, ...]], int] = {}

    def node(group: str, prefix: tuple[str, ...]) -> int:
        return ids.setdefault((group, prefix), len(ids))

    counts: dict[int, int] = {}
    lost: dict[int, int] = {}
    found_next: dict[int, int] = {}
    edges: dict[tuple[int, int], int] = {}
    for group, path, found in paths.games:
        k = len(path) if found else LINES + 1
        seen = path + ("?",) * (LINES - len(path)) if not found else path
        for j in range(min(k, LINES + 1)):
            here = node(group, seen[:j])
            counts[here] = counts.get(here, 0) + 1
            lost[here] = lost.get(here, 0) + (not found)
            if j == LINES:
                break
            if k == j + 1:
                found_next[here] = found_next.get(here, 0) + 1
            else:
                nxt = node(group, seen[: j + 1])
                edges[(here, nxt)] = edges.get((here, nxt), 0) + 1
    n = len(ids)
    depth = np.zeros(n, dtype=np.int64)
    for (_, prefix), i in ids.items():
        depth[i] = len(prefix)
    size = np.array([counts.get(i, 0) for i in range(n)], dtype=np.float64)
    total = float(len(paths.games))
    roots = np.where(depth == 0, size / total, 0.0)
    solved = np.array([found_next.get(i, 0) for i in range(n)], dtype=np.float64) / size
    rows = [a for a, _ in edges]
    cols = [b for _, b in edges]
    vals = [c / size[a] for (a, _), c in edges.items()]
    moves = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    dead = np.array([lost.get(i, 0) for i in range(n)], dtype=np.float64) == size
    return _Nodes(depth, size.astype(np.int64), roots, solved, moves, dead)


def best_with_sight(
    plans: Sequence[Paths], rules: Rules
) -> tuple[float, list[list[tuple[int, int, int]]]]:
    """The most a pair can win that passes by what it has seen (the words still possible
    after the marks so far) and the seconds left, each plan followed as it is; and for each
    word, where that policy passes for the clock's sake in a game it can reach (not counting
    the plan's dead ends, words it does not find in time, which it always passes): (lines
    spent, words still possible, the most seconds left at which it passes there)."""
    states = [_nodes(p) for p in plans]
    n, top, s, c = len(plans), rules.seconds, rules.step, rules.pass_cost
    o = rules.word_overhead
    V = np.zeros((n + 1, top + 1))
    V[n, :] = 1.0
    G = np.zeros((n, top + 1))  # a fresh word's first line with t seconds left
    U = [np.zeros((st.depth.size, top + 1)) for st in states]
    Q = [np.zeros((st.depth.size, top + 1), dtype=bool) for st in states]
    for t in range(top + 1):
        for w in reversed(range(n)):
            st = states[w]
            if t >= s:
                go = st.solved * V[w + 1, t - s] + st.moves @ U[w][:, t - s]
                go = np.where(st.depth < LINES, go, 0.0)
            else:
                go = np.zeros(st.depth.size)
            G[w, t] = float(st.roots @ go)
            V[w, t] = G[w, t - o] if t >= o else 0.0
            leave = V[w, t - c] if t >= c else 0.0
            quit = (st.depth >= LINES) | ((st.depth >= 1) & (leave > go + 1e-12))
            U[w][:, t] = np.where(quit, leave, go)
            Q[w][:, t] = quit
    # where the policy passes in games that happen (the table above covers every second,
    # most of which no game reaches: 90 s less whole lines and passes)
    where: list[list[tuple[int, int, int]]] = []
    fresh = np.zeros(top + 1)
    fresh[top] = 1.0
    for w, st in enumerate(states):
        mass = np.zeros((st.depth.size, top + 1))
        nxt = np.zeros(top + 1)
        passes: dict[tuple[int, int], int] = {}
        for t in range(top, -1, -1):
            here = mass[:, t]
            out = Q[w][:, t] & (here > 0)
            leaving = float(here[out].sum())
            for i in np.flatnonzero(out & (st.depth < LINES) & ~st.dead):
                key = (int(st.depth[i]), int(st.size[i]))
                passes[key] = max(passes.get(key, t), t)
            if t >= c:
                fresh[t - c] += leaving
            if t + o <= top:  # a word started o seconds earlier reaches its first line now
                here = mass[:, t] = np.where(out, 0.0, here) + st.roots * fresh[t + o]
                fresh[t + o] = 0.0
            else:
                here = mass[:, t] = np.where(out, 0.0, here)
            if t >= s:
                moving = np.where(st.depth < LINES, here, 0.0)
                nxt[t - s] += float(st.solved @ moving)
                mass[:, t - s] += st.moves.T @ moving
        where.append(sorted((j, m, t) for (j, m), t in passes.items()))
        fresh = nxt
    return float(V[0, top]), where
