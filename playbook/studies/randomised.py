"""Hangman with mixed strategies: the guesser may pick letters at random, against a host who
knows how (but not the coins) and picks the word to cause the most mistakes on average.

Two answers to "how few mistakes on average can a guesser hold every word to":

- **The recurrence** (the Hangman question's answer): at each state (the words still
  possible) a small zero-sum game, letters against words, whose entries are the miss (1 or 0)
  plus the value of the state the letter leads to, solved by a linear program (scipy's
  HiGHS); the state's value is that game's. Its strategy picks each letter by the program's
  mix. It is the exact value of a game in which the host may change the word after every
  answer as long as it stays consistent (a host who cheats, but must answer before seeing the
  letter); against a host who keeps one word it guarantees at least as well, and
  :func:`recurrence` measures by how much (each word's exact expected mistakes under it).
- **The value against a host who keeps his word**: von Neumann's game over whole strategy
  trees (the host mixes words, the guesser mixes trees), by the double oracle of
  :func:`playbook.studies.mixed.double_oracle` with exact best responses
  (:func:`best_response`: the tree of the fewest expected mistakes under the host's
  distribution).

States are sets of words (columns of the problem's matrix: letters x words, code 0 a miss).
Only letters that split a set are moves; where one letter is held by every word it is the
only move (it costs nothing and only tells more), in both searches. For small lists: every
state is visited.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

import numpy as np

from playbook.core.problem import Problem
from playbook.search.hangman import misses
from playbook.search.trees import Node, Probe, TryList
from playbook.studies import mixed

State = tuple[int, ...]
"""Words still possible (sorted columns)."""
Move = tuple[int, tuple[tuple[int, State], ...]]
"""A letter and the parts it splits a state into: (code, words), code 0 the miss."""


class OutOfTime(mixed.OutOfTime):
    """The budget ran out."""


class Moves:
    """The letters worth guessing in each state, cached; and the clock."""

    def __init__(self, F: np.ndarray, deadline: float = float("inf")) -> None:
        self.F = np.asarray(F)
        self.deadline = deadline
        self.cache: dict[State, list[Move]] = {}

    def __call__(self, S: State) -> list[Move]:
        found = self.cache.get(S)
        if found is not None:
            return found
        if time.perf_counter() > self.deadline:
            raise OutOfTime
        cols = np.asarray(S, dtype=np.int64)
        out: list[Move] = []
        for letter in range(self.F.shape[0]):
            codes = self.F[letter, cols]
            values = np.unique(codes)
            if len(values) < 2:
                continue
            move = (letter, tuple((int(c), tuple(cols[codes == c].tolist())) for c in values))
            if values[0] != 0:  # held by every word: the one move
                out = [move]
                break
            out.append(move)
        self.cache[S] = out
        return out


# ---------------------------------------------------------------------- the recurrence


@dataclasses.dataclass(frozen=True)
class Recurrence:
    """The recurrence's value and strategy for one list."""

    value: float
    strategy: dict[State, tuple[tuple[int, float], ...]]
    """Each state's letters with their probabilities (above 0)."""
    host: tuple[float, ...]
    """The host's mix over the words at the first state (the program's duals)."""
    guarantee: float
    """The most mistakes on average that the strategy allows any one word (a host who keeps
    his word): at most ``value``."""
    expected: tuple[float, ...]
    """Each word's expected mistakes under the strategy."""
    states: int
    programs: int
    """States that needed a linear program (the others have a pure best letter)."""
    seconds: float


def _matrix_game(C: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """Value of the zero-sum game with costs ``C`` (rows: the minimiser's moves, columns: the
    maximiser's), the minimiser's mix and the maximiser's; a pure saddle point without a
    program."""
    rows_worst = C.max(axis=1)
    r = int(np.argmin(rows_worst))
    cols_best = C.min(axis=0)
    c = int(np.argmax(cols_best))
    if rows_worst[r] <= cols_best[c] + mixed.TOLERANCE:
        p = np.zeros(C.shape[0])
        p[r] = 1.0
        q = np.zeros(C.shape[1])
        q[c] = 1.0
        return float(rows_worst[r]), p, q
    # the maximiser's program: max v with C q >= v for every row; its duals are the rows' mix
    value, q, p = mixed._maker_program(C)
    return value, p, q


def recurrence(F: np.ndarray, *, budget: float = float("inf")) -> Recurrence:
    """The recurrence over every state of the words (columns of ``F``); :class:`OutOfTime`
    after ``budget`` seconds."""
    t0 = time.perf_counter()
    moves = Moves(F, t0 + budget)
    n = F.shape[1]
    value: dict[State, float] = {}
    strategy: dict[State, tuple[tuple[int, float], ...]] = {}
    programs = 0
    host: tuple[float, ...] = ()
    root = tuple(range(n))

    def solve(S: State) -> float:
        nonlocal programs, host
        if len(S) == 1:
            return 0.0
        got = value.get(S)
        if got is not None:
            return got
        ms = moves(S)
        at = {w: i for i, w in enumerate(S)}
        C = np.zeros((len(ms), len(S)))
        for i, (_, parts) in enumerate(ms):
            for code, part in parts:
                v = (1.0 if code == 0 else 0.0) + solve(part)
                for w in part:
                    C[i, at[w]] = v
        v, p, q = _matrix_game(C)
        if np.count_nonzero(p > mixed.TOLERANCE) > 1:
            programs += 1
        if root == S:
            host = tuple(float(x) for x in q)
        value[S] = v
        strategy[S] = tuple(
            (ms[i][0], float(p[i])) for i in range(len(ms)) if p[i] > mixed.TOLERANCE
        )
        return v

    v = max(solve(root), 0.0) + 0.0
    expected = expected_mistakes(moves, strategy, root)
    return Recurrence(
        value=v,
        strategy=strategy,
        host=host if n > 1 else (1.0,),
        guarantee=float(max(expected)),
        expected=tuple(float(x) for x in expected),
        states=len(value),
        programs=programs,
        seconds=time.perf_counter() - t0,
    )


def expected_mistakes(
    moves: Moves, strategy: dict[State, tuple[tuple[int, float], ...]], root: State
) -> np.ndarray:
    """Each word's exact expected mistakes when the letters are drawn by ``strategy`` (a
    distribution per state) from ``root``, by dynamic programming over the states."""
    memo: dict[State, np.ndarray] = {}

    def walk(S: State) -> np.ndarray:
        if len(S) == 1:
            return np.zeros(1)
        got = memo.get(S)
        if got is not None:
            return got
        at = {w: i for i, w in enumerate(S)}
        out = np.zeros(len(S))
        by_letter = dict(moves(S))
        for letter, prob in strategy[S]:
            for code, part in by_letter[letter]:
                sub = walk(part) + (1.0 if code == 0 else 0.0)
                for j, w in enumerate(part):
                    out[at[w]] += prob * sub[j]
        memo[S] = out
        return out

    return walk(root)


# ---------------------------------------------------------------------- a host who keeps his word


def best_response(moves: Moves, weights: np.ndarray, root: State) -> tuple[float, Node]:
    """The tree of the fewest mistakes weighted by ``weights`` (the host's distribution, by
    column): exact, over every state, with a cut-off on the cost so far."""
    memo: dict[State, tuple[float, Node]] = {}
    mass: dict[State, float] = {}

    def weight(S: State) -> float:
        got = mass.get(S)
        if got is None:
            got = mass[S] = float(weights[list(S)].sum())
        return got

    def solve(S: State) -> tuple[float, Node]:
        if len(S) == 1:
            return 0.0, TryList(S)
        got = memo.get(S)
        if got is not None:
            return got
        best: tuple[float, Node] | None = None
        for letter, parts in moves(S):
            cost = 0.0
            children = []
            for code, part in parts:
                sub, node = solve(part)
                cost += sub + (weight(part) if code == 0 else 0.0)
                if best is not None and cost >= best[0]:
                    break
                children.append((code, node))
            else:
                if best is None or cost < best[0] - mixed.TOLERANCE:
                    best = (cost, Probe(letter, tuple(children), len(S)))
        assert best is not None, "two words or more are split by some letter"
        memo[S] = best
        return best

    return solve(root)


def tree_misses(node: Node, F: np.ndarray, n: int) -> np.ndarray:
    """Mistakes a tree makes on each word (columns ``0..n-1``)."""
    out = np.zeros(n)
    for col, m in misses(node, F).items():
        out[col] = m
    return out


@dataclasses.dataclass(frozen=True)
class KeptWord:
    """The value against a host who keeps his word, with both sides' mixes."""

    value: float
    host: tuple[float, ...]
    """The host's distribution over the words."""
    trees: tuple[tuple[Node, float], ...]
    """The guesser's trees with their weights."""
    uniform: float
    """The fewest mistakes on average when the host picks every word alike."""
    rounds: int
    seconds: float


def kept_word(F: np.ndarray, *, budget: float = float("inf"), max_rounds: int = 2000) -> KeptWord:
    """The game's value when the host picks one word by a distribution and the guesser mixes
    strategy trees: the double oracle with :func:`best_response`. :class:`OutOfTime` (with the
    value so far as ``upper``) after ``budget`` seconds."""
    t0 = time.perf_counter()
    moves = Moves(F, t0 + budget)
    n = F.shape[1]
    root = tuple(range(n))
    if n == 1:
        return KeptWord(0.0, (1.0,), ((TryList(root), 1.0),), 0.0, 0, 0.0)
    uniform, first = best_response(moves, np.ones(n) / n, root)
    pool: list[Node] = [first]

    def respond(q: np.ndarray) -> tuple[float, Node, float]:
        cost, tree = best_response(moves, q, root)
        return cost, tree, cost  # exact: the least the value can be

    _, value, host, mix, rounds = mixed.double_oracle(
        pool,
        lambda tree: tree_misses(tree, F, n),
        respond,
        max_rounds=max_rounds,
    )
    return KeptWord(
        value=max(value, 0.0) + 0.0,  # a program's 0 may come back as -0.0
        host=tuple(max(float(x), 0.0) for x in host),
        trees=tuple((t, float(x)) for t, x in zip(pool, mix, strict=True) if x > mixed.TOLERANCE),
        uniform=uniform,
        rounds=rounds,
        seconds=time.perf_counter() - t0,
    )


# ---------------------------------------------------------------------- reduced lists


def sample(problem: Problem, size: int, seed: int) -> Problem:
    """``size`` words of the problem drawn at random by ``seed`` (all where it has no more), in
    list order: a reduced list where the whole one is out of reach."""
    n = len(problem.answers)
    if size >= n:
        return problem
    cols = np.sort(np.random.default_rng(seed).choice(n, size=size, replace=False))
    answers: Sequence[str] = tuple(problem.answers[c] for c in cols.tolist())
    return Problem.from_matrix(problem.game, problem.guesses, answers, problem.F[:, cols])
