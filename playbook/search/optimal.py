"""Exact optimum: the strategy tree with the fewest total guesses within the limit.

The value of a set ``S`` of possible answers with ``t`` turns left is the least total number
of guesses (the final, correct one included) that finds every answer of ``S`` within ``t``
turns. A guess ``g`` costs ``|S| + sum(value(part, t - 1))`` over the parts of ``S`` that
its non-solving feedbacks leave. :func:`optimal_tree` finds the least value by depth-first
branch and bound:

* the search starts with no upper bound (or the tree it is given): its own first trees come
  quickly, and the greedy trees (:mod:`playbook.search.greedy`) are built only when the
  clock stops it first, as the tree to return or improve (building them took 0.55 s of
  Mastermind 4x6's 1.23 s and 5 s of Wordle's 12 s, and they saved no node);
* a set is memoised by a hash of its answers (with ``t``): its exact value and best guess, or
  the best lower bound proven so far;
* lower bounds, all admissible: the *counting bound* (at most ``b ** (d - 1)`` answers can be
  found with guess ``d``, where ``b`` is the number of non-solving feedbacks the game shows),
  which gives ``2n - 1`` for small sets; for a guess, ``|S|`` plus the counting bounds of
  its parts; for a set, the least of these over all guesses;
* guesses are tried in order of that bound (then possible answers first, then the smallest
  sum of squared part sizes), so good trees come first; a guess whose bound reaches the best
  total found is pruned, as is every guess after it; a child is searched only for values
  below what is left of the best total, so a failing guess stops at its first bad part;
* only guesses that split the set or are in it count, and of the guesses that split the set
  in exactly the same parts only one (a possible answer where there is one) is tried;
* a set with a possible answer that tells all the others apart has value ``2n - 1`` at once;
  with two turns left, a set has value ``2n - 1``, ``2n`` or none (no guess separates it);
* the parts of a guess are searched smallest first: their exact values come cheaply and
  leave the tightest cut-off for the largest part, where most of the work is (as fancidev's
  mmstrat does; on Mastermind 4x6 it cut the candidates scanned six-fold);
* a set with no possible answer that tells all others apart costs ``2n`` at least, and just
  that where any guess tells them apart, found without ranking the guesses;
* where the game has a symmetry (Mastermind: colour and position permutations), at every
  node only one guess of each class of guesses alike is tried
  (:mod:`playbook.engines.symmetry`: the permutations that fix the guesses played so far, and
  the colours no answer left holds; at the root 1111, 1112, 1122, 1123, 1234 for 4 pegs).

The search below the root runs in numba; the root loop is Python. A time budget stops the
search (the clock is read every 256 nodes): the result is then the best tree found, unproven,
with the best proven lower bound (the least bound of the first guesses not settled). When the
root search has found nothing better than the greedy seed by ``ROOT_SHARE`` of the budget, the
rest goes to improving the seed bottom-up: each of its subtrees is replaced by an optimal one
where one is found in time.

Memo keys and partition identities are 64-bit hashes; a collision (odds about ``k**2 / 2**65``
for ``k`` sets, 3e-8 for a million) could make a result sub-optimal; every tree returned is
checked to find each answer in time with the total claimed.
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from playbook.core.problem import Problem
from playbook.core.ranking import FIRST_CONSISTENT, RULES
from playbook.engines.constants import ABORT, INF, MISS
from playbook.engines.order import guess_order
from playbook.engines.scan import scan
from playbook.engines.symmetry import respects
from playbook.search.greedy import greedy_tree
from playbook.search.group import GroupSearch
from playbook.search.trees import Node, Probe, Tree

ROOT_SHARE = 0.8
"""Share of the budget for the search from the root; when it runs out before any tree better
than the greedy seed is found, the rest improves the seed's subtrees."""


# ------------------------------------------------------------------ the search


@dataclasses.dataclass(frozen=True)
class OptimalResult:
    """The best tree found for one group, with what is proven about it."""

    tree: Tree
    total: int
    lower_bound: int
    """Best proven lower bound on the optimal total (equals ``total`` when proven)."""
    counting_bound: int
    """The plain counting bound for the group's size and limit."""
    proven: bool
    nodes: int
    seconds: float
    unguaranteed: int = 0
    """Answers the tree does not find within the limit (0 where some tree finds them all);
    ``total`` is the guesses of the others."""
    unguaranteed_bound: int = 0
    """The fewest answers any tree must leave unfound, as proven (``unguaranteed`` when
    proven); ``lower_bound`` bounds ``total`` among the trees that leave that many."""

    @property
    def gap(self) -> int:
        return self.total - self.lower_bound


def _improve(search: GroupSearch, tree: Tree, limit: int) -> Tree:
    """``tree`` with every subtree below the root replaced by an optimal one where the search
    proves a better one in time, deepest first (each parent is then searched below the
    improved cost of its subtree)."""
    F, solved = search.F, search.solved
    better: set[tuple[bytes, int]] = set()

    def improve(node: Node, S: np.ndarray, t: int, path: tuple[int, ...]) -> int:
        n = len(S)
        if n <= 2:
            return search.bound(S, max(t, 2))  # one, or the heavier of two first
        assert isinstance(node, Probe), "greedy trees are made of probes"
        codes = F[node.row, S]
        cost = search.weight(S)
        for code, child in node.children:
            cost += improve(child, S[codes == code], t - 1, (*path, node.row))
        if search.aborted:
            return cost
        v = search.solve(S, t, cost, path)
        if 0 <= v < cost:
            better.add((S.tobytes(), t))
            return v
        return cost

    def rebuild(node: Node, S: np.ndarray, t: int, depth: int, turns: dict[int, int]) -> Probe:
        if len(S) <= 2 or (S.tobytes(), t) in better:
            return search.build(S, t, depth, turns, search.guess_of(S, t))
        assert isinstance(node, Probe), "greedy trees are made of probes"
        codes = F[node.row, S]
        children: list[tuple[int, Node]] = []
        for code, child in node.children:
            part = S[codes == code]
            children.append((code, rebuild(child, part, t - 1, depth + 1, turns)))
        solved_part = S[codes == solved]
        if len(solved_part):
            turns[int(solved_part[0])] = depth
        return Probe(node.row, tuple(children), len(S))

    root = tree.root
    assert isinstance(root, Probe)
    S = np.arange(search.n, dtype=np.int64)
    codes = F[root.row, S]
    for code, child in root.children:
        improve(child, S[codes == code], limit - 1, (root.row,))
    turns: dict[int, int] = {}
    out = Tree(rebuild(root, S, limit, 1, turns), turns)
    if len(turns) != search.n or out.worst > limit or search.value(out) > search.value(tree):
        raise RuntimeError("internal error: improving the seed tree made it worse")
    return out


def _greedy_trees(problem: Problem, first: int | None = None) -> list[Tree]:
    """The tree of every greedy rule but first-consistent (each opening with ``first`` where
    that is given)."""
    return [greedy_tree(problem, rule, first=first) for rule in RULES if rule != FIRST_CONSISTENT]


def _usable(problem: Problem, limit: int, trees: list[Tree], first: int | None) -> list[Tree]:
    """The trees that find every answer within ``limit`` (and open with ``first`` where it
    is given)."""
    n = problem.F.shape[1]
    return [
        t
        for t in trees
        if t.worst <= limit and len(t.turns) == n and (first is None or t.root.row == first)
    ]


def _seed_trees(problem: Problem, limit: int, first: int | None) -> list[Tree]:
    """The greedy trees that find every answer in time: the fallback of a search that runs
    out of time (one that finishes needs none, and is not slowed by building them)."""
    return _usable(problem, limit, _greedy_trees(problem, first), first)


@dataclasses.dataclass
class _Root:
    """The search from the root: the best total so far, its first guess or seed tree, and
    what is proven."""

    best: int
    best_tree: Tree | None
    best_g: int = -1
    done: bool = True
    pending: list[int] = dataclasses.field(default_factory=list)
    """Lower bounds of the first guesses not settled when the clock stopped."""
    nodes: int = 0


def _unfound_parts(
    search: GroupSearch, parts: list[np.ndarray], bounds: list[int], need: int
) -> int:
    """A lower bound on the answers the parts (of a first guess, with a turn less) must leave
    unfound, up to ``need``; each part's bound in ``bounds`` raised by :data:`MISS` for each
    it must leave beyond its counting bound's. First which parts must leave any, then
    whether those must leave two (a costlier question: on Lingo's g under the TV rules the
    first took 1.3 s for 1,012 parts, the second 3.5 s for 258, and ruled out most first
    guesses)."""
    t = search.limit - 1
    some: list[int] = []
    for i in reversed(range(len(parts))):  # the largest first
        u = search.unfound(parts[i], t, 1)
        if u == ABORT:
            return len(some)
        if u >= 1:
            some.append(i)
            bounds[i] += max(0, 1 - bounds[i] // MISS) * MISS
            if len(some) >= need:
                return len(some)
    left = len(some)
    for i in some:
        u = search.unfound(parts[i], t, 2)
        if u == ABORT:
            break
        if u >= 2:
            bounds[i] += max(0, 2 - bounds[i] // MISS) * MISS
            left += 1
            if left >= need:
                break
    return left


def _first_guess(search: GroupSearch, root: _Root, g: int, total_lb: int) -> tuple[bool, int]:
    """Search the parts of first guess ``g`` below the best total; returns (whether it gave
    a better tree, the total it reached or the lower bound of the part it stopped in)."""
    limit, n = search.limit, search.n
    S = np.arange(n, dtype=np.int64)
    parts = [part for _, part in sorted(search.parts(S, g), key=lambda p: len(p[1]))]
    bounds = [search.bound(part, limit - 1) for part in parts]
    if MISS <= root.best < INF and len(search.w) == 0:
        # the best tree leaves answers unfound: so may the parts, and each part's own fewest
        # (the fewest-unfound search, far faster at it) raises its bound by MISS for each
        # beyond its counting bound's; a guess whose parts leave more than the best tree is
        # out at once (on Lingo's g under the TV rules, 741,000 nodes to 104,000, 27.9 s to
        # 7.8 s)
        need = root.best // MISS + 1  # answers left unfound that rule the guess out
        left = _unfound_parts(search, parts, bounds, need)
        if left >= need:
            return False, 0
        total_lb = max(total_lb, search.weight(S) + sum(bounds))
        if total_lb >= root.best:
            return False, 0
    acc = search.weight(S)
    rest = total_lb - acc
    for part, lbp in zip(parts, bounds, strict=True):
        rest -= lbp
        cb = root.best - acc - rest
        v = search.solve(part, limit - 1, cb, (g,))
        if v == ABORT:
            return False, acc + lbp + rest
        if v >= cb:
            return False, 0
        acc += v
    return acc < root.best, acc


def _search_root(search: GroupSearch, root: _Root, final: float, first: int | None) -> None:
    """Try the first guesses (only ``first`` where it is given) in order of their bounds
    until the bound reaches the best total or the clock stops (then the pending bounds are
    what is proven)."""
    S = np.arange(search.n, dtype=np.int64)
    given = np.array([first], dtype=np.int64) if first is not None else None
    cands = given if given is not None else search.candidates(S, ())
    bound, ins, parts, sumsq, phash = scan(
        search.F,
        S,
        search.limit,
        cands,
        search.lbtab,
        search.solved,
        search.n_codes,
        search.w,
        search.zob,
    )
    # a first guess that is given is searched even where it tells nothing apart
    order = [0] if first is not None else guess_order(bound, ins, parts, sumsq, phash, INF).tolist()
    oi = 0
    partial = 0  # lower bound of the guess the clock stopped
    while oi < len(order):
        j = order[oi]
        total_lb = int(bound[j])
        if total_lb >= root.best:
            break
        if time.perf_counter() > search.deadline or search.aborted:
            if root.best_g >= 0 and search.deadline < final:
                # a tree from the root search is the best: let the root search go on
                search.deadline = final
                search.stats[1] = 0
                continue
            root.pending += [max(partial, total_lb), *(int(bound[k]) for k in order[oi + 1 :])]
            root.done = False
            return
        root.nodes += 1
        g = int(cands[j])
        better, value = _first_guess(search, root, g, total_lb)
        if search.aborted:
            partial = value
            continue  # the loop head stops, or resumes this guess with more time
        if better:
            root.best, root.best_g = value, g
        oi += 1
        partial = 0


def _tree_of(search: GroupSearch, root: _Root, first: int | None) -> Tree:
    """The tree of the best first guess found, else the best seed, else (out of time before
    any tree within the limit) the best greedy tree, over the limit."""
    if root.best_g >= 0:
        turns: dict[int, int] = {}
        missed: list[int] = []
        S = np.arange(search.n, dtype=np.int64)
        probe = search.build(S, search.limit, 1, turns, root.best_g, missed)
        tree = Tree(probe, turns, tuple(sorted(missed)))
        if (
            search.value(tree) != root.best
            or tree.worst > search.limit
            or len(turns) + len(missed) != search.n
        ):
            raise RuntimeError(
                f"internal error: optimal tree value {search.value(tree)} != searched {root.best}"
            )
        return tree
    if root.best_tree is not None:
        return root.best_tree
    return min(_greedy_trees(search.problem, first), key=search.value)


def optimal_tree(
    problem: Problem,
    *,
    limit: int,
    budget: float,
    upper: Tree | None = None,
    symmetry: bool = True,
    first: int | None = None,
    weights: np.ndarray | None = None,
) -> OptimalResult:
    """The tree that leaves the fewest answers unfound within ``limit`` turns (none where
    that can be), then takes the fewest total guesses (``weights``: whole numbers, one per
    answer, what each of its guesses costs: the fewest weighted guesses; their sum times the
    limit must stay below :data:`MISS`; the symmetry is used only where they are alike on
    codes it maps onto one another). With weights and answers left unfound, the lower bound
    counts the heaviest answers as the unfound ones and may stay below a proven total.

    Every answer must be among the guesses (a ValueError says which is not).

    ``budget``: seconds after which the search stops and the best tree so far is returned
    (``proven`` False) with the best proven lower bound. ``upper``: a tree to start from
    besides the greedy ones. ``symmetry``: use the game's symmetry (Mastermind) to try one
    guess per orbit. ``first``: the row every tree opens with (the optimum among the trees
    that do).
    """
    t0 = time.perf_counter()
    if limit < 1:
        raise ValueError(f"limit: at least one turn, not {limit}")
    if (problem.answer_rows < 0).any():
        odd = [a for a, r in zip(problem.answers, problem.answer_rows, strict=True) if r < 0]
        raise ValueError(
            f"answers not among the guesses ({len(odd):,}, e.g. {odd[0]!r}): the exact search "
            "finds an answer by guessing it"
        )
    sym = problem.game.symmetry(problem.guesses, problem.answer_rows) if symmetry else None
    if weights is not None:
        weights = np.asarray(weights)
        if (
            weights.shape != (len(problem.answers),)
            or not np.issubdtype(weights.dtype, np.integer)
            or (weights < 0).any()
        ):
            raise ValueError("weights: one whole number of at least 0 per answer")
        if sym is not None and not respects(sym, weights, problem.answer_rows):
            sym = None  # guesses alike no longer cost alike
    search = GroupSearch(problem, limit, t0 + budget, sym, weights)
    n = search.n
    if n == 0:
        raise ValueError("no answers to find")
    everyone = np.arange(n, dtype=np.int64)
    if search.weight(everyone) * limit >= MISS:
        raise ValueError(f"weights too heavy: their sum times {limit} reaches {MISS}")
    counting = search.bound(everyone, limit)
    given = min(
        _usable(problem, limit, [upper] if upper is not None else [], first),
        key=lambda tr: tr.total,
        default=None,
    )
    root = _Root(search.value(given) if given is not None else INF, given)
    final = t0 + budget
    search.deadline = t0 + ROOT_SHARE * budget
    if first is None and (n == 1 or (n == 2 and limit >= 2)):
        root.best_g, root.best = search.guess_of(everyone, limit), search.bound(everyone, limit)
    else:
        _search_root(search, root, final, first)
        seed = (
            None
            if root.done
            else min(_seed_trees(problem, limit, first), key=search.value, default=None)
        )
        if seed is not None and search.value(seed) < root.best:
            root.best, root.best_tree, root.best_g = search.value(seed), seed, -1
        if not root.done and root.best_g < 0 and root.best_tree is not None:
            # the root search did not finish: improve the best seed tree bottom-up with the
            # rest of the budget (its subtrees solved exactly where time allows)
            search.deadline = final
            search.stats[1] = 0
            improved = _improve(search, root.best_tree, limit)
            if search.value(improved) < root.best:
                root.best_tree, root.best = improved, search.value(improved)
    tree = _tree_of(search, root, first)
    value = search.value(tree)
    lower = max(value if root.done else min([value, *root.pending]), counting)
    # a value counts each answer found in time by its guesses, each other by ``limit`` and
    # ``MISS``: the totals below are of the answers found
    missed, missed_lb = value // MISS, int(lower // MISS)
    late = [a for a, d in tree.turns.items() if d > limit] + list(tree.missed)
    by_weight = np.sort(search.w)[::-1] if len(search.w) else None

    def heaviest(k: int) -> int:
        """What the ``k`` heaviest answers weigh (at most what ``k`` unfound ones do)."""
        return k if by_weight is None else int(by_weight[:k].sum())

    return OptimalResult(
        tree=tree,
        total=value % MISS - limit * search.weight(np.asarray(late, dtype=np.int64)),
        lower_bound=int(lower % MISS) - limit * heaviest(missed_lb),
        counting_bound=counting % MISS - limit * heaviest(counting // MISS),
        proven=root.done,
        nodes=int(search.stats[0]) + root.nodes,
        seconds=time.perf_counter() - t0,
        unguaranteed=missed,
        unguaranteed_bound=missed_lb,
    )
