"""Mixed strategies: the value of the game when the codemaker, too, plays to win.

The codemaker picks the secret by a distribution of its choosing and the codebreaker may pick
its tree at random; the payoff is the number of guesses the breaker needs (the maker wants
many). Von Neumann's minimax theorem gives the game a value and both players optimal mixed
strategies. We find them by linear programming with a best-response oracle (the double
oracle of McMahan, Gordon and Blum): over the trees found so far, the maker's linear program
(scipy's HiGHS) gives its best distribution and the value of that restricted game; the breaker's
best response to that distribution (an exact weighted search, :func:`best_response`) either
costs no less, and the restricted game's value is the game's, or is a better tree, which joins
the program. The program's duals are the breaker's mix.

Symmetry keeps the program small: where the game has one (:meth:`Game.code_class`, Mastermind's
colour and position permutations), both players may play symmetrically without loss, so the
maker weighs classes of codes (each spread evenly over its codes) and a breaker's tree counts
by its average over each class (the tree played under a random permutation).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from playbook.core.problem import Problem
from playbook.engines.constants import MISS
from playbook.search.optimal import optimal_tree
from playbook.search.trees import Node, Probe

Tree = tuple[int, tuple[tuple[int, "Tree"], ...]]
"""A breaker's pure strategy: its guess (a row) and, per feedback that does not solve, the
subtree."""

TOLERANCE = 1e-9
DENOMINATOR = 1_000_000
"""The largest denominator tried when a value is written as a fraction."""


class OutOfTime(Exception):
    """The budget ran out before the value was decided; ``upper``, where the program had
    been solved, is what the codebreaker's mix so far holds every code to (the value is at
    most that), over ``trees`` trees; ``lower``, where known, the least it can be."""

    def __init__(self, upper: float | None = None, trees: int = 0) -> None:
        super().__init__()
        self.upper, self.trees = upper, trees
        self.lower: float | None = None


@dataclasses.dataclass(frozen=True)
class Strategy:
    """A tree of the breaker's mix: its weight and what it costs."""

    tree: Tree
    weight: float
    costs: tuple[float, ...]
    """Guesses it needs on average over each class of codes (symmetrised)."""


@dataclasses.dataclass(frozen=True)
class GameValue:
    """The value of the game and both players' optimal mixed strategies."""

    value: float
    classes: tuple[str, ...]
    """The classes of codes (one per code where the game has no symmetry)."""
    sizes: tuple[int, ...]
    maker: tuple[float, ...]
    """The maker's probability of each class (spread evenly over its codes)."""
    breaker: tuple[Strategy, ...]
    """The trees the breaker mixes, with their weights (summing to 1)."""
    uniform: float
    """Guesses on average when the maker picks every code alike and the breaker plays its
    best tree against that (the breaker kept to the trees given, in a restricted game)."""
    trees: int
    """Trees the program held at the end."""
    rounds: int
    seconds: float

    @property
    def fraction(self) -> Fraction:
        """The value as a fraction (the nearest with a denominator up to a million)."""
        return Fraction(self.value).limit_denominator(DENOMINATOR)

    def openings(self, problem: Problem) -> dict[str, float]:
        """The breaker's weight on each opening (its first guess, by class)."""
        game = problem.game
        out: dict[str, float] = {}
        for s in self.breaker:
            name = game.code_class(problem.guesses[s.tree[0]])
            out[name] = out.get(name, 0.0) + s.weight
        return out


# ---------------------------------------------------------------------- best responses


def best_response(
    problem: Problem,
    weights: np.ndarray,
    *,
    limit: int,
    cap: int = 200,
    deadline: float = float("inf"),
    first: int | None = None,
) -> tuple[float, Tree]:
    """The tree that finds every answer within ``limit`` guesses at the least weighted cost
    (the sum of each answer's weight times the guesses it needs), and that cost: an exact
    search over every guess at every node, memoised by the set of answers left. For at most
    ``cap`` answers; beyond, the exact search of :mod:`playbook.search.optimal` (its bounds,
    the game's symmetry where the weights are alike on each class) on the weights rounded to
    whole numbers (:func:`rounded`): the best tree for those, which may cost a little more
    than the best for the weights as given, and its cost on the weights as given. ValueError
    where no tree finds them all; :class:`OutOfTime` once ``time.perf_counter()`` passes
    ``deadline``. ``first``: the guess (row) every tree opens with, the rest free."""
    n = len(problem.answers)
    if n > cap:
        return _large_response(problem, np.asarray(weights, dtype=float), limit, deadline, first)
    F, solved = problem.F, problem.solved
    rows = problem.answer_rows
    memo: dict[tuple[tuple[int, ...], int], tuple[float, Tree | None]] = {}
    w = np.asarray(weights, dtype=float)

    def solve(S: tuple[int, ...], t: int) -> tuple[float, Tree | None]:
        if t == 0:
            return np.inf, None
        key = (S, t)
        if key in memo:
            return memo[key]
        if time.perf_counter() > deadline:
            raise OutOfTime
        total = float(w[list(S)].sum())
        cols = np.asarray(S, dtype=np.int64)
        best: tuple[float, Tree | None] = (np.inf, None)
        if len(S) == 1 and rows[S[0]] >= 0 and (first is None or t < limit):
            best = (total, (int(rows[S[0]]), ()))
        else:
            opening = first is not None and t == limit
            guesses: Sequence[int] = [first] if first is not None and opening else range(F.shape[0])
            for g in guesses:
                codes = F[g, cols]
                values = np.unique(codes)
                if not opening and len(values) == 1 and not (values[0] == solved and len(S) == 1):
                    continue  # the guess tells nothing: never part of a best tree
                cost, children = total, []
                for code in values.tolist():
                    part = tuple(int(c) for c in cols[codes == code])
                    if code == solved and rows[part[0]] == g:
                        continue
                    sub, tree = solve(part, t - 1)
                    cost += sub
                    if cost >= best[0] or tree is None:
                        break
                    children.append((int(code), tree))
                else:
                    if cost < best[0] - TOLERANCE:
                        best = (cost, (g, tuple(children)))
        memo[key] = best
        return best

    cost, tree = solve(tuple(range(n)), limit)
    if tree is None:
        raise ValueError(f"no tree finds every answer within {limit} guesses")
    return cost, tree


ROUNDING = 10_000
"""The most a weight of the large best response is rounded to, before the 1 every weight
gets (the heaviest answer's)."""


def rounded(weights: np.ndarray, limit: int) -> np.ndarray:
    """Whole-number weights nearly in proportion to ``weights``: scaled so the heaviest is
    ``ROUNDING`` (less where the sum times the limit would reach the search's :data:`MISS`:
    461 on Mastermind 4x6 with six turns), rounded, and 1 added to every one (a weight of 0
    leaves the search's bounds nothing to count: on Mastermind 4x6 a best response took
    minutes instead of seconds). The tree found is the best for these weights; its cost is
    then taken on the weights as given."""
    top = float(weights.max()) if len(weights) else 0.0
    if top <= 0:
        return np.ones(len(weights), dtype=np.int64)
    scale = min(ROUNDING, (MISS - 1) // ((limit + 1) * len(weights)) - 1)
    return np.rint(weights / top * scale).astype(np.int64) + 1


def _large_response(
    problem: Problem, weights: np.ndarray, limit: int, deadline: float, first: int | None
) -> tuple[float, Tree]:
    left = deadline - time.perf_counter()
    if left <= 0:
        raise OutOfTime
    found = optimal_tree(
        problem, limit=limit, budget=min(left, 1e9), weights=rounded(weights, limit), first=first
    )
    if not found.proven:
        raise OutOfTime
    if found.unguaranteed:
        raise ValueError(f"no tree finds every answer within {limit} guesses")

    def plain(node: Node) -> Tree:
        assert isinstance(node, Probe), "a tree that finds every answer is made of probes"
        return (node.row, tuple((code, plain(child)) for code, child in node.children))

    tree = plain(found.tree.root)
    return float(weights @ depths(problem, tree)), tree


def depths(problem: Problem, tree: Tree) -> np.ndarray:
    """The guesses ``tree`` needs for each answer (0 where it never finds it)."""
    F, solved, rows = problem.F, problem.solved, problem.answer_rows
    out = np.zeros(len(problem.answers), dtype=np.int64)

    def walk(node: Tree, cols: np.ndarray, depth: int) -> None:
        g, children = node
        codes = F[g, cols]
        found = cols[(codes == solved) & (rows[cols] == g)]
        out[found] = depth
        for code, child in children:
            walk(child, cols[codes == code], depth + 1)

    walk(tree, np.arange(len(problem.answers), dtype=np.int64), 1)
    return out


# ---------------------------------------------------------------------- the program


def _classes(problem: Problem, symmetric: bool = True) -> tuple[list[str], np.ndarray]:
    """The class names and each answer's class (an index into them), in order of first
    appearance; with ``symmetric`` False, each answer its own class."""
    names: list[str] = []
    index: dict[str, int] = {}
    of = np.empty(len(problem.answers), dtype=np.int64)
    for j, code in enumerate(problem.answers):
        name = problem.game.code_class(code) if symmetric else code
        if name not in index:
            index[name] = len(names)
            names.append(name)
        of[j] = index[name]
    return names, of


def _maker_program(costs: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The maker's best class distribution against the breaker's trees (rows of ``costs``:
    average guesses per class): its value, the distribution and the breaker's mix (the
    duals)."""
    from scipy.optimize import linprog

    trees, k = costs.shape
    # variables: the class probabilities, then the value; maximise the value
    objective = np.zeros(k + 1)
    objective[-1] = -1.0
    upper = np.hstack([-costs, np.ones((trees, 1))])  # value <= each tree's average
    total = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    res = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(trees),
        A_eq=total,
        b_eq=[1.0],
        bounds=[(0, None)] * k + [(None, None)],
        method="highs",
    )
    if res.status != 0:  # pragma: no cover - a bounded, feasible program
        raise RuntimeError(f"the linear program failed: {res.message}")
    mix = np.maximum(-np.asarray(res.ineqlin.marginals), 0.0)
    return float(res.x[-1]), np.asarray(res.x[:k]), mix / mix.sum()


def double_oracle(
    pool: list[Any],
    payoff: Callable[[Any], np.ndarray],
    respond: Callable[[np.ndarray], tuple[float, Any, float]],
    *,
    grow: bool = True,
    max_rounds: int = 500,
) -> tuple[np.ndarray, float, np.ndarray, np.ndarray, int]:
    """The double oracle over a breaker's pure strategies: ``pool`` (grown in place) starts
    the program; ``payoff(s)`` is what ``s`` costs on each class of answers (the maker's
    strategies); ``respond(q)``, the breaker's best strategy against the class distribution
    ``q``, its cost, and the least the game's value can be by what the response proved (its
    cost where it is exact for ``q``). Until the best response costs no less than the
    program's value (or with ``grow`` False, at once): the costs (rows: the pool), the value,
    the maker's class distribution, the breaker's mix over the pool (the duals) and the
    rounds. :class:`OutOfTime` from ``respond`` is raised again with the value so far as
    ``upper`` and the best of the responses' bounds as ``lower``."""
    costs = np.array([payoff(t) for t in pool])
    rounds = 0
    lower: float | None = None
    while True:
        rounds += 1
        value, classes, mix = _maker_program(costs)
        if not grow or rounds > max_rounds:
            break
        try:
            cost, tree, bound = respond(classes)
        except OutOfTime:
            stop = OutOfTime(value, len(pool))
            stop.lower = lower
            raise stop from None
        lower = bound if lower is None else max(lower, bound)
        if cost >= value - TOLERANCE:
            break
        pool.append(tree)
        costs = np.vstack([costs, payoff(tree)])
    return costs, value, classes, mix, rounds


def game_value(
    problem: Problem,
    *,
    limit: int | None = None,
    trees: Sequence[Tree] = (),
    grow: bool = True,
    cap: int = 200,
    max_rounds: int = 500,
    budget: float = float("inf"),
    first: int | None = None,
) -> GameValue:
    """The value of the game on ``problem`` with mixed strategies (guesses the breaker needs
    on average when both play their best), the maker's distribution and the breaker's mix.
    ``trees`` start the program (a first best response otherwise); ``grow`` False keeps the
    breaker to them (a restricted game). ``limit``: the guesses allowed (the game's by
    default); ``first``: the guess (row) every tree of the breaker opens with, the rest free.
    :class:`OutOfTime` after ``budget`` seconds, with the least the value can be (the best
    tree's average against a maker who picks every code alike) as ``lower``."""
    t0 = time.perf_counter()
    deadline = t0 + budget
    limit = problem.game.limit if limit is None else limit
    # a tree played under a random permutation of colours and positions opens with any guess
    # of its opening's class: with the opening fixed, codes are weighed one by one
    names, of = _classes(problem, symmetric=first is None)
    sizes = np.bincount(of, minlength=len(names))
    pool = list(trees)
    if not pool:
        even = np.ones(len(of)) / len(of)
        pool.append(
            best_response(problem, even, limit=limit, cap=cap, deadline=deadline, first=first)[1]
        )

    def averages(tree: Tree) -> np.ndarray:
        d = depths(problem, tree).astype(float)
        if np.any(d == 0):
            raise ValueError("a tree of the breaker does not find every answer")
        return np.bincount(of, weights=d, minlength=len(names)) / sizes

    given = max(len(pool), 1)

    def respond(q: np.ndarray) -> tuple[float, Tree, float]:
        weights = q[of] / sizes[of]
        cost, tree = best_response(
            problem, weights, limit=limit, cap=cap, deadline=deadline, first=first
        )
        if len(of) <= cap:
            return cost, tree, cost  # exact for these weights
        # exact for the rounded weights: a maker who picks by them holds every tree to this
        r = rounded(weights, limit).astype(float)
        return cost, tree, float(r @ depths(problem, tree)) / float(r.sum())

    try:
        costs, value, classes, mix, rounds = double_oracle(
            pool, averages, respond, grow=grow, max_rounds=max_rounds
        )
    except OutOfTime as stop:
        # a maker who picks every code alike holds every tree to the best one's average there:
        # the first tree, where the program started from a best response (exact: weights alike
        # round alike)
        if not trees:
            alike = float(averages(pool[0]) @ sizes / sizes.sum())
            stop.lower = alike if stop.lower is None else max(stop.lower, alike)
        raise
    # the first tree's, or the best of those given
    uniform = float(min(costs[:given] @ sizes) / sizes.sum())
    breaker = tuple(
        Strategy(t, float(x), tuple(float(c) for c in costs[i]))
        for i, (t, x) in enumerate(zip(pool, mix, strict=True))
        if x > TOLERANCE
    )
    return GameValue(
        value=value,
        classes=tuple(names),
        sizes=tuple(int(s) for s in sizes),
        maker=tuple(max(float(q), 0.0) for q in classes),
        breaker=breaker,
        uniform=uniform,
        trees=len(pool),
        rounds=rounds,
        seconds=time.perf_counter() - t0,
    )


def opening_trees(
    problem: Problem, openings: Sequence[int], *, limit: int | None = None
) -> list[Tree]:
    """For each opening (a guess row), the best tree that starts with it against the uniform
    maker: the survey's tables keep the breaker to such trees."""
    limit = problem.game.limit if limit is None else limit
    F, solved, rows = problem.F, problem.solved, problem.answer_rows
    cols = np.arange(len(problem.answers), dtype=np.int64)
    out = []
    for g in openings:
        codes = F[g, cols]
        children = []
        for code in np.unique(codes).tolist():
            part = cols[codes == code]
            if code == solved and rows[part[0]] == g:
                continue
            answers = tuple(problem.answers[c] for c in part)
            sub = Problem.from_matrix(problem.game, problem.guesses, answers, F[:, part])
            _, tree = best_response(sub, np.ones(len(part)), limit=limit - 1)
            children.append((int(code), tree))
        out.append((int(g), tuple(children)))
    return out
