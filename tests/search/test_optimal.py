"""The exact optimum against brute force on tiny games; trees, bounds and budgets."""

from __future__ import annotations

import dataclasses
import functools
import json
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from helpers import BUDGET, NODES, sample, verify_path

from playbook import cli, config, model
from playbook.convert import tree_plan
from playbook.core.problem import Problem
from playbook.core.ranking import RULES
from playbook.engines import bounds, clock, constants, hashset, layout, order, scan
from playbook.engines import cores as core_kernels
from playbook.engines.symmetry import canonical, representatives, stabilised
from playbook.games import Game, Mastermind, Symmetry, WordGame
from playbook.pipeline import strategies
from playbook.search import group, optimal, unfinder
from playbook.search.greedy import greedy_tree
from playbook.search.trees import Probe, Tree, TryList
from playbook.studies import root_proof

MISS = constants.MISS


def _plain_values(F: np.ndarray, solved: int, limit: int) -> dict[int, int]:
    """The least value of a tree over the answers (columns) within ``limit`` turns that
    opens with each guess (row), the guesses that tell nothing apart included; below the
    root every guess that splits the set or is in it, no bounds (memoised by set only).
    A value counts every answer's guesses and ``MISS`` more for each answer not found in
    time, so ``divmod(value, MISS)`` is (answers left unfound, guesses)."""
    rows = range(F.shape[0])

    def parts_of(g: int, S: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
        parts: dict[int, list[int]] = {}
        for a in S:
            parts.setdefault(int(F[g, a]), []).append(a)
        return {c: tuple(p) for c, p in parts.items()}

    def opened(g: int, S: tuple[int, ...], t: int) -> int:
        return len(S) + sum(value(p, t - 1) for c, p in parts_of(g, S).items() if c != solved)

    @functools.cache
    def value(S: tuple[int, ...], t: int) -> int:
        if t == 0:
            return len(S) * MISS
        if len(S) == 1:
            return 1
        best = 1 << 62
        for g in rows:
            parts = parts_of(g, S)
            if len(parts) == 1 and solved not in parts:
                continue
            best = min(best, opened(g, S, t))
        return best

    everything = tuple(range(F.shape[1]))
    return {g: opened(g, everything, limit) for g in rows}


def brute_force(F: np.ndarray, solved: int, limit: int) -> int:
    """The least value of any tree (see :func:`_plain_values`)."""
    return min(_plain_values(F, solved, limit).values())


def replay(tree: Tree, F: np.ndarray, solved: int) -> dict[int, int]:
    """Guesses each answer takes when the tree is played against it (those that end in a
    try list past the last turn are left out)."""
    out = {}
    for a in range(F.shape[1]):
        node: Probe | TryList = tree.root
        depth = 1
        while isinstance(node, Probe):
            code = int(F[node.row, a])
            if code == solved:
                out[a] = depth
                break
            node = dict(node.children)[code]
            depth += 1
    return out


def check_tree(res: optimal.OptimalResult, F: np.ndarray, solved: int, limit: int) -> None:
    turns = replay(res.tree, F, solved)
    assert turns == res.tree.turns
    assert sorted(set(range(F.shape[1])) - set(turns)) == list(res.tree.missed)
    assert len(res.tree.missed) == res.unguaranteed
    assert max(turns.values(), default=0) <= limit
    assert sum(turns.values()) == res.total
    assert res.unguaranteed_bound <= res.unguaranteed
    if res.unguaranteed_bound == res.unguaranteed:  # the bounds are of the same trees
        assert res.lower_bound <= res.total
    if res.unguaranteed == 0:
        assert res.counting_bound <= res.lower_bound


def check_optimum(res: optimal.OptimalResult, want: int, limit: int) -> None:
    """A proven result equal to the plain solver's value: the fewest answers unfound, then
    the fewest guesses, its lower bound the same."""
    missed, guesses = divmod(want, MISS)
    found = guesses - missed * limit  # the unfound answers' guesses are the whole limit
    assert res.proven
    assert (res.unguaranteed, res.total) == (missed, found)
    assert (res.unguaranteed_bound, res.lower_bound) == (missed, found)


def mastermind(pegs: int, colours: int, turns: int) -> tuple[Game, tuple[str, ...], np.ndarray]:
    game = Mastermind(pegs=pegs, colours=colours, turns=turns)
    codes = game.generated_words()
    return game, codes, game.matrix(codes, codes)


def mastermind_problem(pegs: int, colours: int, turns: int) -> Problem:
    game = Mastermind(pegs=pegs, colours=colours, turns=turns)
    codes = game.generated_words()
    return Problem.of(game, codes, codes)


@pytest.mark.parametrize(
    ("pegs", "colours", "limit"),
    [(2, 3, 2), (2, 3, 3), (2, 3, 4), (2, 4, 3), (3, 3, 3), (3, 3, 4), (3, 3, 6)],
)
@pytest.mark.parametrize("symmetry", [True, False])
def test_mastermind_equals_brute_force(pegs: int, colours: int, limit: int, symmetry: bool) -> None:
    p = mastermind_problem(pegs, colours, limit)
    want = brute_force(p.F, p.game.solved, limit)
    res = optimal.optimal_tree(p, limit=limit, budget=BUDGET, symmetry=symmetry)
    check_optimum(res, want, limit)
    check_tree(res, p.F, p.game.solved, limit)


@pytest.mark.parametrize(("pegs", "colours", "limit"), [(2, 3, 3), (3, 3, 3), (3, 3, 4)])
@pytest.mark.parametrize("symmetry", [True, False])
def test_fixed_first_guess_equals_brute_force(
    pegs: int, colours: int, limit: int, symmetry: bool
) -> None:
    """``first``: the best tree among those that open with that guess, for every guess (the
    ones that tell nothing apart included, the worst ones too)."""
    p = mastermind_problem(pegs, colours, limit)
    want = _plain_values(p.F, p.game.solved, limit)
    assert len(set(want.values())) > 1  # the first guess matters here
    for g, value in want.items():
        res = optimal.optimal_tree(p, limit=limit, budget=BUDGET, symmetry=symmetry, first=g)
        assert res.tree.root.row == g
        check_optimum(res, value, limit)
        check_tree(res, p.F, p.game.solved, limit)


@pytest.fixture(scope="module")
def tiny_lingo(dutch5: tuple[str, ...]) -> Problem:
    answers = [w for w in dutch5 if w.startswith("u")][:11]
    pool = sorted(set(answers) | set(sample(dutch5, 10, 3)))
    return Problem.of(WordGame(length=5, turns=5), pool, answers, name="u")


@pytest.mark.parametrize("limit", [2, 3, 4])
def test_lingo_equals_brute_force(tiny_lingo: Problem, limit: int) -> None:
    p = tiny_lingo
    # the answers' own rows first: the brute force indexes rows as columns' guesses
    want = brute_force(p.F, p.game.solved, limit)
    res = optimal.optimal_tree(p, limit=limit, budget=BUDGET)
    check_optimum(res, want, limit)
    check_tree(res, p.F, p.game.solved, limit)


@pytest.mark.parametrize("limit", [2, 3, 4])
def test_lingo_first_guess_equals_brute_force(tiny_lingo: Problem, limit: int) -> None:
    p = tiny_lingo
    want = _plain_values(p.F, p.game.solved, limit)
    for g, value in want.items():
        res = optimal.optimal_tree(p, limit=limit, budget=BUDGET, first=g)
        assert res.tree.root.row == g
        check_optimum(res, value, limit)
        check_tree(res, p.F, p.game.solved, limit)


def test_tree_converts_to_plan(tiny_lingo: Problem) -> None:
    res = optimal.optimal_tree(tiny_lingo, limit=4, budget=BUDGET)
    plan = tree_plan(tiny_lingo, res.tree.root, "strategy optimal")
    assert plan.words == len(tiny_lingo.answers) and plan.method == "strategy optimal"
    assert plan.group == "u" and plan.openings == (tiny_lingo.guesses[res.tree.root.row],)


def test_never_worse_than_greedy() -> None:
    p = mastermind_problem(3, 4, 4)
    res = optimal.optimal_tree(p, limit=4, budget=BUDGET)
    for rule in RULES:
        tree = greedy_tree(p, rule)
        if tree.worst <= 4:
            assert res.total <= tree.total
    check_tree(res, p.F, p.game.solved, 4)


def test_symmetry_orbits_of_mastermind_4x6() -> None:
    game, codes, _ = mastermind(4, 6, 5)
    rows = np.arange(len(codes))
    sym = game.symmetry(codes, rows)
    assert sym is not None
    reps = representatives(sym, [], rows, rows)
    assert reps is not None
    assert [codes[r] for r in reps] == ["1111", "1112", "1122", "1123", "1234"]
    # after 1122: 1 and 2 may swap (with the positions), 3..6 are interchangeable
    after = representatives(sym, [codes.index("1122")], rows, rows)
    assert after is not None and codes.index("1345") in after
    assert codes.index("1346") not in after  # 5 <-> 6
    assert codes.index("1112") in after and codes.index("2212") not in after  # 1 <-> 2, 12 34


def _plain_group(colours: int, pegs: int, history: list[str]) -> list[Callable[[str], str]]:
    """Every permutation of colours and positions that maps each guess of ``history`` onto
    itself (the stabiliser, computed plainly)."""
    import itertools

    group = []
    for pi in itertools.permutations("123456789"[:colours]):
        m = dict(zip("123456789"[:colours], pi, strict=True))
        for tau in itertools.permutations(range(pegs)):

            def act(code: str, m: dict[str, str] = m, tau: tuple[int, ...] = tau) -> str:
                return "".join(m[code[tau[i]]] for i in range(len(code)))

            if all(act(h) == h for h in history):
                group.append(act)
    return group


@pytest.mark.parametrize(("pegs", "colours"), [(3, 3), (2, 4), (3, 4), (4, 3)])
def test_canonical_guesses_keep_each_class_of_the_plain_group(pegs: int, colours: int) -> None:
    """At nodes reached by random games (histories of none to three guesses):

    * the first step keeps exactly the least guess of each orbit of the stabiliser;
    * the second keeps, of those, exactly one of each class of guesses that differ only in
      excluded colours (in no answer of ``S``), the first;
    * so every class of guesses alike under both (the whole group, computed plainly) keeps
      at least one guess."""
    game, codes, F = mastermind(pegs, colours, 6)
    rows = np.arange(len(codes))
    sym = game.symmetry(codes, rows)
    assert sym is not None
    rng = np.random.default_rng(7)
    for _ in range(12):
        answer = int(rng.integers(len(codes)))
        history = [int(g) for g in rng.integers(len(codes), size=int(rng.integers(0, 4)))]
        S = rows[np.all([F[h] == F[h, answer] for h in history], axis=0)] if history else rows
        hist = np.asarray(history, dtype=np.int64)
        group = _plain_group(colours, pegs, [codes[h] for h in history])
        pre = stabilised(sym.symbols, sym.positions, sym.n_symbols, hist, len(history))
        assert {codes[k] for k in pre} == {g for g in codes if all(act(g) >= g for act in group)}
        kept = canonical(sym.symbols, sym.positions, sym.n_symbols, hist, len(history), S, rows)
        present = {ch for a in S for ch in codes[a]}
        excluded = sorted(set("123456789"[:colours]) - present)

        def merged(code: str, excluded: list[str] = excluded) -> str:
            return "".join(excluded[0] if ch in excluded else ch for ch in code)

        firsts: dict[str, int] = {}
        for k in pre.tolist():
            firsts.setdefault(merged(codes[k]), k)
        assert sorted(kept.tolist()) == sorted(firsts.values())

        # every class under both keeps a guess
        def cls(code: str, group: list[Callable[[str], str]] = group) -> str:
            return min(merged(act(code)) for act in group)

        assert {cls(codes[k]) for k in kept} == {cls(g) for g in codes}


def test_symmetry_below_the_root_keeps_the_optimum() -> None:
    """The classes at every depth leave each node's value as it is: the optimum of 4x4 with
    four turns, and from each first guess, equal with the symmetry and without."""
    p = mastermind_problem(4, 4, 4)
    plain = optimal.optimal_tree(p, limit=4, budget=BUDGET, symmetry=False)
    fast = optimal.optimal_tree(p, limit=4, budget=BUDGET)
    assert plain.proven and fast.proven and (fast.total, fast.unguaranteed) == (
        plain.total, plain.unguaranteed,
    )  # fmt: skip
    for first in ("1111", "1112", "1122", "1123", "1234"):
        g = p.guesses.index(first)
        a = optimal.optimal_tree(p, limit=4, budget=BUDGET, symmetry=False, first=g)
        b = optimal.optimal_tree(p, limit=4, budget=BUDGET, first=g)
        assert (a.total, a.unguaranteed) == (b.total, b.unguaranteed)
        check_tree(b, p.F, p.game.solved, 4)


def test_symmetry_needs_closed_answer_set() -> None:
    game, codes, _ = mastermind(3, 3, 4)
    assert isinstance(game.symmetry(codes, np.arange(len(codes))), Symmetry)
    assert game.symmetry(codes, np.arange(5)) is None
    assert WordGame().symmetry(codes, np.arange(len(codes))) is None


def test_counting_bound() -> None:
    # Mastermind 4 pegs: 13 non-solving feedbacks; 1 + 13 + 169 + 2197 codes by guess 4
    table = bounds.counting_table(5, 1296, 13)
    assert table[5, 1296] == 1 + 2 * 13 + 3 * 169 + 4 * (1296 - 183)
    assert table[3, 183] == 1 + 2 * 13 + 3 * 169
    # one code more than fits: it costs its three guesses and the miss
    assert table[3, 184] == 1 + 2 * 13 + 3 * 169 + 3 + MISS
    assert [int(table[4, k]) for k in range(1, 6)] == [1, 3, 5, 7, 9]


def test_counting_table_is_its_plain_statement() -> None:
    # level d holds at most branching ** (d - 1) answers; the rest pay the turns and MISS
    for limit, n, b in [(0, 4, 3), (3, 40, 3), (5, 60, 2), (4, 30, 0)]:
        table = bounds.counting_table(limit, n, b)
        for t in range(limit + 1):
            for k in range(n + 1):
                left, cost = k, 0
                for d in range(1, t + 1):
                    take = min(left, max(b, 1) ** (d - 1))
                    cost, left = cost + d * take, left - take
                assert table[t, k] == cost + left * (t + MISS), (limit, n, b, t, k)


def test_branching_counts_the_non_solving_codes() -> None:
    rng = np.random.default_rng(3)
    for solved in (0, 5, 9):
        F = rng.integers(0, 9, size=(30, 20)).astype(np.uint8)
        want = len(set(F.ravel().tolist()) - {solved})
        assert bounds.branching_of(F, solved) == want


def test_scan_against_its_plain_statement() -> None:
    # bound, whether the guess may be the answer, parts, squares; equal hashes for the
    # guesses that split the set alike, and only for them
    rng = np.random.default_rng(7)
    for n_codes, weights in [(4, False), (4, True), (40, False)]:
        F = rng.integers(0, n_codes, size=(60, 12)).astype(np.uint8)
        F[:, :3] = F[:1, :3]  # some guesses alike on part of the set
        F[1] = (F[0] + 1) % n_codes  # the same split under other codes
        S = np.array([0, 2, 3, 5, 7, 8, 11], dtype=np.int64)
        w = rng.integers(1, 4, size=12) if weights else constants.UNIT
        lbtab = bounds.counting_table(4, 12, n_codes - 1)
        zob = rng.integers(0, 2**63, size=12, dtype=np.int64).astype(np.uint64) * 2 + 1
        cands = np.arange(60, dtype=np.int64)
        bound, ins, parts, sumsq, phash = scan.scan(F, S, 3, cands, lbtab, 0, n_codes, w, zob)
        split = []
        for g in range(60):
            groups: dict[int, list[int]] = {}
            for a in S.tolist():
                groups.setdefault(int(F[g, a]), []).append(a)
            split.append(frozenset(frozenset(x) for x in groups.values()))
            want = sum(int(w[a]) for a in S) if weights else len(S)
            for c, xs in groups.items():
                if c != 0:
                    lo = min(int(w[a]) for a in xs) if weights else 1
                    tot = sum(int(w[a]) for a in xs) if weights else len(xs)
                    want += int(bounds.weighted_bound(lbtab, 2, len(xs), tot, lo))
            assert bound[g] == want
            assert ins[g] == (0 in groups)
            assert parts[g] == len(groups)
            assert sumsq[g] == sum(len(x) ** 2 for x in groups.values())
        assert split[0] == split[1] and phash[0] == phash[1]
        for g in range(60):
            for h in range(60):
                assert (phash[g] == phash[h]) == (split[g] == split[h])


def test_the_lean_scan_and_describe_give_the_whole_scans_figures() -> None:
    # scan_bounds on by_answer's copy is scan's bound, in set and parts (weights of 1), and
    # the first guess that tells all apart is the first with as many parts as answers, read
    # from the copy or from the matrix; describe fills in scan's squares and hashes for the
    # guesses of one bound, and only for them
    rng = np.random.default_rng(5)
    for n_codes, solved in [(4, 0), (25, 20), (40, 3)]:
        F = rng.integers(0, n_codes, size=(80, 15)).astype(np.uint8)
        F[::7, 2:9] = solved  # some guesses that find an answer or split little
        F[40] = np.arange(15) % n_codes  # tells all apart where there are codes enough
        lbtab = bounds.counting_table(5, 15, n_codes - 1)
        zob = rng.integers(0, 2**63, size=15, dtype=np.int64).astype(np.uint64) * 2 + 1
        for S in (np.arange(15, dtype=np.int64), np.array([1, 4, 5, 9, 14], dtype=np.int64)):
            cands = np.sort(rng.choice(80, size=50, replace=False)).astype(np.int64)
            for t in (2, 3, 5):
                whole = scan.scan(F, S, t, cands, lbtab, solved, n_codes, constants.UNIT, zob)
                FT, dsolved, dcodes = layout.by_answer(F, solved)
                laid = layout.laid_codes(FT, S, cands)
                lean = bounds.scan_bounds(laid, t, lbtab, dsolved, dcodes)
                seen = np.zeros(n_codes, dtype=np.int64)
                stats = np.zeros(4, dtype=np.int64)
                apart = [j for j in range(50) if lean[2][j] == len(S)]
                assert scan.first_apart(laid, seen, stats) == (apart[0] if apart else -1)
                assert scan.first_perfect(F, S, cands, seen, stats) == (apart[0] if apart else -1)
                for a, b in zip(whole[:3], lean, strict=True):
                    assert a.tolist() == b.tolist()
                keep = order.worth_trying(lean[0], lean[1], lean[2], constants.INF)
                for b in sorted(set(lean[0][keep].tolist())):
                    sumsq = np.full(50, -1, dtype=np.int64)
                    phash = np.zeros(50, dtype=np.uint64)
                    counts = np.zeros(n_codes, dtype=np.int64)
                    sig = np.zeros(n_codes, dtype=np.uint64)
                    scan.describe(F, S, cands, keep, lean[0], b, zob, counts, sig, sumsq, phash)
                    mine = [j for j in keep.tolist() if lean[0][j] == b]
                    assert [j for j in range(50) if sumsq[j] >= 0] == mine
                    assert sumsq[mine].tolist() == whole[3][mine].tolist()
                    assert phash[mine].tolist() == whole[4][mine].tolist()
                    assert not counts.any() and not sig.any()


def test_guesses_a_bound_at_a_time_come_in_guess_order() -> None:
    # the search below the root takes its guesses a bound at a time: the same guesses in the
    # same order as the whole sort, each partition once, below the cut-off only
    rng = np.random.default_rng(11)
    for m in (1, 7, 60, 400):
        for below in (5, 9, constants.INF):
            bound = rng.integers(0, 9, size=m).astype(np.int64)
            ins = rng.integers(0, 2, size=m).astype(np.int64)
            parts = rng.integers(1, 4, size=m).astype(np.int64)
            sumsq = rng.integers(0, 5, size=m).astype(np.int64)
            phash = rng.integers(0, max(2, m // 3), size=m).astype(np.uint64)
            want = order.guess_order(bound, ins, parts, sumsq, phash, below).tolist()
            keep = order.worth_trying(bound, ins, parts, below)
            table, used = hashset.hash_set(len(keep))
            out = np.empty(len(keep), dtype=np.int64)
            got: list[int] = []
            b = -1
            while (b := int(order.next_bound(bound, keep, b))) < constants.INF:
                k = order.with_bound(bound, ins, sumsq, phash, keep, b, table, used, out)
                got += out[:k].tolist()
            assert got == want
            assert all(bound[j] < below and (parts[j] > 1 or ins[j]) for j in got)


def test_distinct_splits_keep_every_split_of_every_part() -> None:
    # what a part can do with the kept guesses is what it can do with all of them: the same
    # (split, answer found) pairs on any subset of the set
    rng = np.random.default_rng(11)
    F = rng.integers(0, 3, size=(80, 10)).astype(np.uint8)
    F[40:] = F[:40]  # every guess twice
    for a in range(10):
        F[a, a] = 9  # the solving code
    # two possible answers that split the set alike, each telling the other apart: a part
    # that holds one but not the other needs that one
    F[1] = F[0]
    F[0, 1], F[1, 0], F[1, 1] = 5, 5, 9
    S = np.array([0, 1, 2, 3, 5, 6, 8, 9], dtype=np.int64)
    zob = rng.integers(0, 2**63, size=10, dtype=np.int64).astype(np.uint64) * 2 + 1
    cands = np.arange(80, dtype=np.int64)
    lbtab = bounds.counting_table(3, 10, 3)
    _, ins, parts, _, phash = scan.scan(F, S, 3, cands, lbtab, 9, 10, constants.UNIT, zob)
    kept = order.distinct_splits(cands, ins, parts, phash)
    assert len(kept) < 80 and list(kept) == sorted(kept)

    def moves(rows: np.ndarray, sub: np.ndarray) -> set[tuple[frozenset[frozenset[int]], int]]:
        out = set()
        for g in rows.tolist():
            groups: dict[int, set[int]] = {}
            for a in sub.tolist():
                groups.setdefault(int(F[g, a]), set()).add(a)
            found = next(iter(groups.get(9, {-1})))
            if len(groups) > 1 or found >= 0:
                out.add((frozenset(frozenset(x) for x in groups.values()), found))
        return out

    for _ in range(30):
        sub = np.sort(rng.choice(S, size=int(rng.integers(2, len(S) + 1)), replace=False))
        assert moves(kept, sub) == moves(cands, sub)


def test_compiled_clock_reads_perf_counter() -> None:
    before = time.perf_counter()
    now = clock.now()
    assert before <= now <= time.perf_counter()


@pytest.mark.parametrize("budget", [0.0, 0.05])
def test_budget_gives_valid_tree_and_bound(budget: float) -> None:
    p = mastermind_problem(4, 4, 5)
    full = optimal.optimal_tree(p, limit=5, budget=BUDGET)
    assert full.proven and full.total == full.lower_bound
    res = optimal.optimal_tree(p, limit=5, budget=budget)
    check_tree(res, p.F, p.game.solved, 5)
    assert res.lower_bound <= full.total <= res.total
    if not res.proven:
        assert res.lower_bound < res.total or res.total == full.total


def test_budget_stops_inside_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    p = mastermind_problem(4, 4, 5)
    rows = np.arange(len(p.answers))
    # a clock past the deadline is read every 256 nodes: the search unwinds, storing no value
    search = optimal.GroupSearch(p, 5, deadline=0.0)
    search.stats[0] = 255
    assert search.solve(rows[:200], 4, optimal.INF) == optimal.ABORT
    assert search.aborted and len(search.memo) == 0
    # no greedy seed and no time: the best greedy tree comes back, unproven
    monkeypatch.setattr(optimal, "_seed_trees", lambda *a, **k: [])
    res = optimal.optimal_tree(p, limit=5, budget=0.0, symmetry=False)
    assert not res.proven and res.lower_bound <= 905 <= res.total
    assert res.counting_bound <= res.lower_bound


def test_seed_improved_when_root_search_has_no_time(monkeypatch: pytest.MonkeyPatch) -> None:
    p = mastermind_problem(4, 4, 5)
    seed = min(
        (greedy_tree(p, r) for r in RULES[:-1]),
        key=lambda tr: tr.total if tr.worst <= 5 else 1 << 30,
    )
    monkeypatch.setattr(optimal, "ROOT_SHARE", 0.0)  # all the budget to the subtrees
    res = optimal.optimal_tree(p, limit=5, budget=BUDGET)
    check_tree(res, p.F, p.game.solved, 5)
    assert not res.proven
    assert res.tree.root.row == seed.root.row  # the seed's first guess, subtrees optimal
    assert 905 <= res.total < seed.total


def test_play_optimal_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg_path = tmp_path / "mm.yaml"
    cfg_path.write_text(
        "name: mm-3x3\ngame: mastermind\nmastermind:\n  pegs: 3\n  colours: 3\n"
        "rules:\n  turns: 4\n  revealed: none\n"
    )
    result = strategies.play_optimal(config.load(cfg_path), budget=BUDGET)
    s = result.summary()
    game, _, F = mastermind(3, 3, 4)
    want = brute_force(F, game.solved, 4)
    assert s["total"] == s["lower_bound"] == want
    assert s["optimal"] is True and s["failures"] == 0
    assert s["counting_bound"] <= want and isinstance(s["nodes"], int)
    assert result.report.ok
    assert cli.main(["strategy", str(cfg_path), "--rule", "optimal", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == want and out["optimal"] is True


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("limit", [2, 3])
def test_optimum_and_bound_certified_by_a_plain_solver(
    dutch5: tuple[str, ...], seed: int, limit: int
) -> None:
    # reduced Dutch lists, TV-like (guesses of the letter only) and paper-like: the plain
    # solver, on feedback from the game's plain-Python rule, confirms the optimum, the lower
    # bound, and the verdict that no strategy finds every word in time
    game = WordGame(length=5, turns=limit)
    letter = "aekmst"[seed]
    own = [w for w in dutch5 if w[0] == letter]
    answers = sample(own, 12, seed)
    pool = sorted(set(answers) | set(sample(own if seed % 2 else dutch5, 8, seed + 50)))
    p = Problem.of(game, pool, answers, name=letter)
    plain = game.reference_matrix(p.guesses, p.answers)
    assert (plain == p.F).all()
    want = brute_force(plain, game.solved, limit)
    res = optimal.optimal_tree(p, limit=limit, budget=BUDGET)
    check_optimum(res, want, limit)
    check_tree(res, plain, game.solved, limit)


def test_play_optimal_declares_the_fewest_words_it_cannot_find(tmp_path: Path) -> None:
    # 9 codes in two turns: no strategy finds them all; the optimum leaves the fewest unfound
    # (the plain solver's count), declares them in the playbook, and the playbook verifies
    cfg_path = tmp_path / "mm.yaml"
    cfg_path.write_text(
        "name: mm-2x3\ngame: mastermind\nmastermind:\n  pegs: 2\n  colours: 3\n"
        "rules:\n  turns: 2\n  revealed: none\n"
    )
    result = strategies.play_optimal(config.load(cfg_path), budget=BUDGET)
    game, _, F = mastermind(2, 3, 2)
    missed, _ = divmod(brute_force(F, game.solved, 2), MISS)
    assert missed > 0
    s = result.summary()
    assert s["unguaranteed"] == missed and s["optimal"] is True
    (plan,) = result.playbook.groups
    assert len(plan.unguaranteed) == missed
    assert plan.fewest_unguaranteed == missed  # proven: recorded as a build records it
    assert result.report.ok and len(result.report.declared) == missed
    out = tmp_path / "mm-opt.yaml"
    assert cli.main(["strategy", str(cfg_path), "--rule", "optimal", "--out", str(out)]) == 0
    assert cli.main(["verify", str(out)]) == 0
    assert verify_path(str(out), proofs=True) == (0, [])
    # opening with the worst first guess leaves more; the fewest of those trees is no claim
    # about every strategy, so none is recorded
    worst_first = max(_plain_values(F, game.solved, 2).items(), key=lambda kv: kv[1])[0]
    fixed = strategies.play_optimal(
        config.load(cfg_path), budget=BUDGET, first=game.generated_words()[worst_first]
    )
    (plan,) = fixed.playbook.groups
    assert len(plan.unguaranteed) > missed and plan.fewest_unguaranteed is None


@pytest.mark.slow
def test_wordle_optimum_from_salet(capsys: pytest.CaptureFixture[str]) -> None:
    # the published figure: from salet the optimal tree over the 2,315 answers totals 7,920
    # guesses (Alex Selby, 2022); found and proven here (lower bound equal), and verified
    assert (
        cli.main(
            [
                "strategy",
                "wordle",
                "--rule",
                "optimal",
                "--first",
                "SALET",
                "--json",
                "--budget",
                str(BUDGET),
            ]
        )
        == 0
    )
    s = json.loads(capsys.readouterr().out)
    assert (s["first_guess"], s["total"], s["lower_bound"]) == ("salet", 7920, 7920)
    assert s["optimal"] is True and s["failures"] == 0 and s["worst"] <= 6


@pytest.mark.parametrize("rule", ["optimal", "minimax"])
def test_first_guess_the_rules_do_not_allow(rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    # under the TV rules a group's guesses start with its letter: checked before any search
    args = ["strategy", "lingo-nl-5-tv", "--rule", rule, "--letters", "ab", "--first", "appel"]
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: --first: 'appel' is not among group 'b''s 475 allowed guesses (e.g. 'baadt'); "
        "name one group with --letters"
    )


def _fewest_cases(dutch5: tuple[str, ...]) -> list[tuple[Problem, int]]:
    """Mastermind and reduced Dutch lists (TV-like and paper-like pools) at limits where every
    answer can be found and where not."""
    cases = [(mastermind_problem(2, 3, t), t) for t in (1, 2, 3)]
    cases += [(mastermind_problem(3, 3, t), t) for t in (2, 3)]
    for seed in range(4):
        letter = "gkwr"[seed]
        own = [w for w in dutch5 if w[0] == letter]
        answers = sample(own, 14, seed)
        pool = sorted(set(answers) | set(sample(own if seed % 2 else dutch5, 6, seed + 7)))
        for t in (2, 3):
            cases.append((Problem.of(WordGame(length=5, turns=t), pool, answers, name=letter), t))
    return cases


def test_fewest_unfound_equals_brute_force(dutch5: tuple[str, ...]) -> None:
    # the fewest answers that no strategy finds in time: the plain solver's first figure
    seen = set()
    for p, limit in _fewest_cases(dutch5):
        plain = p.game.reference_matrix(p.guesses, p.answers)
        want, _ = divmod(brute_force(plain, p.game.solved, limit), MISS)
        got = unfinder.fewest_unfound(p, limit=limit, nodes=NODES)
        assert (got.fewest, got.lower_bound) == (want, want), (p.name, limit)
        seen.add(want > 0)
    assert seen == {True, False}  # both verdicts occur


def test_optimum_where_answers_must_be_left_equals_brute_force(dutch5: tuple[str, ...]) -> None:
    # where the best tree leaves answers unfound, the root asks each first guess's parts how
    # many they must leave (the fewest-unfound search) to raise their bounds: the same value
    # as the plain solver's, fewest unfound first
    seen = set()
    for p, limit in _fewest_cases(dutch5):
        plain = p.game.reference_matrix(p.guesses, p.answers)
        want = brute_force(plain, p.game.solved, limit)
        res = optimal.optimal_tree(p, limit=limit, budget=BUDGET, symmetry=False)
        search = optimal.GroupSearch(p, limit, time.perf_counter() + BUDGET)
        assert search.value(res.tree) == want and res.proven, (p.name, limit)
        assert res.unguaranteed == res.unguaranteed_bound == want // MISS
        seen.add(want // MISS)
    assert max(seen) >= 2  # a best tree that leaves two or more: the parts are asked


def test_parts_bounds_raised_by_their_fewest_unfound_stay_bounds(dutch5: tuple[str, ...]) -> None:
    # each part's bound, raised by MISS for each answer it must leave unfound, stays at most
    # its value, and counts every part that must leave one
    raised = 0
    for p, limit in _fewest_cases(dutch5):
        if limit < 2:
            continue  # no turn left for the parts: the plain solver opens with a guess
        plain = p.game.reference_matrix(p.guesses, p.answers)
        search = optimal.GroupSearch(p, limit, time.perf_counter() + BUDGET)
        S = np.arange(search.n, dtype=np.int64)
        for g in range(0, len(p.guesses), 3):
            parts = [part for _, part in search.parts(S, g)]
            bounds = [search.bound(part, limit - 1) for part in parts]
            counting = list(bounds)
            left = optimal._unfound_parts(search, parts, bounds, 99)
            values = [brute_force(plain[:, part], p.game.solved, limit - 1) for part in parts]
            assert all(b <= v for b, v in zip(bounds, values, strict=True)), (p.name, g)
            assert all(b >= MISS for b, v in zip(bounds, values, strict=True) if v >= MISS)
            assert sum(v >= MISS for v in values) <= left <= sum(v // MISS for v in values)
            raised += sum(b > c for b, c in zip(bounds, counting, strict=True))
    assert raised > 0


def test_fewest_unfound_without_the_separators_table(
    dutch5: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    # where the table of guesses that tell two answers apart would not fit, every guess is
    # tried instead: the same figures
    cases = list(_fewest_cases(dutch5))
    with_table = [unfinder.fewest_unfound(p, limit=t, nodes=NODES).fewest for p, t in cases]
    monkeypatch.setattr(group, "SEPARATORS_BYTES", 0)
    assert unfinder.Unfinder(cases[0][0], limit=2, nodes=NODES).sep.shape[0] == 0
    without = [unfinder.fewest_unfound(p, limit=t, nodes=NODES).fewest for p, t in cases]
    assert with_table == without


def _random_problem(seed: int, n: int, extra: int, codes: int, turns: int) -> Problem:
    """``n`` answers, each also a guess, and ``extra`` guesses more, with feedbacks drawn from
    ``codes`` codes (few codes: many sets that no guess tells apart)."""
    game = WordGame(length=5, turns=turns)
    rng = np.random.default_rng(seed)
    F = rng.integers(0, codes, size=(n + extra, n)).astype(np.uint8)
    F[np.arange(n), np.arange(n)] = game.solved
    names = [f"w{i:04d}" for i in range(n + extra)]
    return Problem.from_matrix(game, names, names[:n], F, name=f"random {seed}")


def _plain_unfound(F: np.ndarray, solved: int, S: tuple[int, ...], t: int) -> int:
    """The fewest answers of ``S`` that any tree leaves unfound within ``t`` turns: every
    guess at every set, no bounds, no memo beyond the set's."""

    @functools.cache
    def value(S: tuple[int, ...], t: int) -> int:
        if t == 0 or len(S) <= 1:
            return len(S) if t == 0 else 0
        best = len(S)
        for g in range(F.shape[0]):
            parts: dict[int, list[int]] = {}
            for a in S:
                parts.setdefault(int(F[g, a]), []).append(a)
            if len(parts) > 1 or solved in parts:
                left = sum(value(tuple(p), t - 1) for c, p in parts.items() if c != solved)
                best = min(best, left)
        return best

    return value(S, t)


@pytest.mark.parametrize(
    ("turns", "n", "codes", "verdicts"),
    [(2, 11, 3, {0, 1, 2, 3}), (3, 11, 2, {0, 1, 2, 3}), (4, 16, 2, {0, 1})],
)
def test_fewest_unfound_on_random_matrices(
    turns: int, n: int, codes: int, verdicts: set[int]
) -> None:
    # one finder over many sets of one matrix: the cores that one set teaches rule guesses
    # out on the sets that follow; every figure as the plain recursion's
    rng = np.random.default_rng(turns)
    seen = set()
    for seed in range(6):
        p = _random_problem(seed, n, 4, codes, turns)
        finder = unfinder.Unfinder(p, limit=turns, nodes=NODES)
        assert finder.sep.shape[0] > 0
        for _ in range(12):
            S = np.sort(rng.choice(n, size=int(rng.integers(3, n + 1)), replace=False))
            want = _plain_unfound(p.F, int(p.game.solved), tuple(S.tolist()), turns)
            assert finder.fewest(S, turns) == want, (seed, S.tolist())
            seen.add(min(want, 3))
    assert seen == verdicts  # none left, one, two and more (four turns: none or one)


def test_a_core_is_a_few_answers_no_guess_tells_apart() -> None:
    rng = np.random.default_rng(7)
    found = set()
    for rows in (5, 70):  # one word of bits, two
        F = rng.integers(0, 3, size=(rows, 10)).astype(np.uint8)
        sep = core_kernels.separators(F)
        shorter = 0
        cores: list[np.ndarray] = []
        for _ in range(40):
            P = np.sort(rng.choice(10, size=int(rng.integers(3, 11)), replace=False))
            if any(len(set(F[g, P].tolist())) == len(P) for g in range(rows)):
                continue  # told apart: no core
            out = np.zeros(10, dtype=np.int64)
            k = core_kernels.core_of(sep, P, out)
            core = out[:k]
            assert set(core.tolist()) <= set(P.tolist()) and len(set(core.tolist())) == k
            assert not any(len(set(F[g, core].tolist())) == k for g in range(rows))
            shorter += k < len(P)
            keep = np.zeros(sep.shape[2], dtype=np.uint64)
            core_kernels.keepers(sep, core, k, keep)
            kept = [g for g in range(rows) if (int(keep[g // 64]) >> (g % 64)) & 1]
            assert kept == [g for g in range(rows) if len(set(F[g, core].tolist())) == 1]
            cores.append(core)
        assert shorter > 0
        # the guesses ruled out while the best leaves one (two): those keeping a core
        # together (two cores, each together, apart)
        words = sep.shape[2]
        table = np.zeros((len(cores), 10), dtype=np.int64)
        keep_all = np.zeros((len(cores), words), dtype=np.uint64)
        for q, core in enumerate(cores):
            table[q, : len(core)] = core
            core_kernels.keepers(sep, core, len(core), keep_all[q])

        def together(g: int, q: int, F: np.ndarray = F, cores: list[np.ndarray] = cores) -> bool:
            return len(set(F[g, cores[q]].tolist())) == 1

        for best in (1, 2, 3):
            out = np.zeros(words, dtype=np.uint64)
            for q in range(len(cores)):
                core_kernels.rule_out(out, table, keep_all, q, best, sep)
            ruled = [g for g in range(rows) if (int(out[g // 64]) >> (g % 64)) & 1]
            want = [
                g
                for g in range(rows)
                if (best == 1 and any(together(g, q) for q in range(len(cores))))
                or (
                    best == 2
                    and any(
                        together(g, p) and together(g, q) and F[g, cores[p][0]] != F[g, cores[q][0]]
                        for q in range(len(cores))
                        for p in range(q)
                    )
                )
            ]
            assert ruled == want, best
            found.add((best, len(want) > 0))
    assert {(1, True), (2, True)} <= found and (3, True) not in found


def test_told_apart_is_some_guess_giving_each_answer_its_own_code() -> None:
    rng = np.random.default_rng(5)
    for rows in (3, 70, 130):  # one word of bits, two, three
        F = rng.integers(0, 4, size=(rows, 9)).astype(np.uint8)
        sep = core_kernels.separators(F)
        seen = np.zeros(8, dtype=np.int64)
        stats = np.zeros(4, dtype=np.int64)
        verdicts = set()
        for _ in range(60):
            S = np.sort(rng.choice(9, size=int(rng.integers(2, 6)), replace=False))
            want = any(len(set(F[g, S].tolist())) == len(S) for g in range(rows))
            assert core_kernels.told_apart(sep, F, S, seen, stats) == want
            verdicts.add(want)
        assert verdicts == {True, False}


def test_fewest_unfound_out_of_budget() -> None:
    # 1,296 codes in four turns: not decided at once; the clock stops it, nothing claimed
    p = mastermind_problem(4, 6, 4)
    got = unfinder.fewest_unfound(p, limit=4, seconds=0.0)
    assert got.fewest is None and got.nodes >= 256


def test_a_node_budget_stops_a_search_at_the_same_node_every_time() -> None:
    """Counted, not timed (issue 58): a search out of its nodes stops one node past them,
    whatever the machine's load, and gives the same answer again; with enough it decides."""
    p = mastermind_problem(4, 6, 4)
    runs = [unfinder.fewest_unfound(p, limit=4, nodes=1000) for _ in range(2)]
    assert [(r.fewest, r.nodes) for r in runs] == [(None, 1001)] * 2
    assert runs[0].lower_bound == runs[1].lower_bound
    p = mastermind_problem(3, 3, 3)
    assert unfinder.fewest_unfound(p, limit=3, nodes=NODES).fewest is not None


@pytest.mark.parametrize(("pegs", "colours", "limit"), [(2, 3, 3), (3, 3, 3), (3, 3, 4), (2, 4, 4)])
def test_weights_of_one_change_nothing(pegs: int, colours: int, limit: int) -> None:
    """The weighted search with every weight 1 is the search: the same tree and figures."""
    p = mastermind_problem(pegs, colours, limit)
    plain = optimal.optimal_tree(p, limit=limit, budget=BUDGET)
    ones = optimal.optimal_tree(
        p, limit=limit, budget=BUDGET, weights=np.ones(len(p.answers), dtype=np.int64)
    )
    assert (ones.total, ones.lower_bound, ones.unguaranteed, ones.counting_bound) == (
        plain.total, plain.lower_bound, plain.unguaranteed, plain.counting_bound,
    )  # fmt: skip
    assert ones.tree.turns == plain.tree.turns


@pytest.mark.parametrize(
    ("pegs", "colours", "limit", "symmetry"),
    [(2, 3, 3, True), (3, 3, 4, True), (3, 3, 4, False), (2, 4, 4, True), (3, 3, 6, True)],
)
def test_weighted_optimum_equals_the_plain_weighted_search(
    pegs: int, colours: int, limit: int, symmetry: bool
) -> None:
    """With weights (zeros among them), the bounded search's tree costs what the plain
    exhaustive weighted search (mixed.best_response, every guess at every node) finds, and
    no more than any greedy tree; weights equal on each class of codes, as a codemaker who
    plays symmetrically has them (the symmetry stays valid), and arbitrary ones without it."""
    from playbook.studies import mixed

    p = mastermind_problem(pegs, colours, limit)
    rng = np.random.default_rng(pegs * 100 + colours * 10 + limit)
    names = sorted({p.game.code_class(c) for c in p.answers})
    for trial in range(4):
        if symmetry and trial % 2 == 0:
            by_class = dict(zip(names, rng.integers(0, 9, size=len(names)), strict=True))
            w = np.array([by_class[p.game.code_class(c)] for c in p.answers], dtype=np.int64)
        else:  # weights unlike on a class: the search must leave the symmetry out
            w = rng.integers(0, 9, size=len(p.answers)).astype(np.int64)
        if not w.any():
            w[:] = 1
        res = optimal.optimal_tree(p, limit=limit, budget=BUDGET, weights=w, symmetry=symmetry)
        want, _ = mixed.best_response(p, w.astype(float), limit=limit)
        assert res.proven and res.unguaranteed == 0
        depth = np.zeros(len(p.answers), dtype=np.int64)
        for a, d in res.tree.turns.items():
            depth[a] = d
        assert res.total == int(w @ depth) == round(want) == res.lower_bound, trial
        assert replay(res.tree, p.F, p.game.solved) == res.tree.turns
        assert len(res.tree.turns) == len(p.answers) and res.tree.worst <= limit
        assert res.counting_bound <= res.lower_bound


def test_weighted_floor_with_a_lighter_answer_telling_all_apart() -> None:
    """A set where a possible answer tells all apart but is not the heaviest (Mastermind 3x3,
    the part of 112 that is {223, 233, 323, 331}, 233 weighing 9, 223 10, the others 9): its
    value is 2 * 37 - 9 = 65 whatever the cut-off asked, and no call claims more."""
    p = mastermind_problem(3, 3, 4)
    w = np.full(len(p.answers), 9, dtype=np.int64)
    w[p.answers.index("223")] = 10
    part = np.array(sorted(p.answers.index(c) for c in ("223", "233", "323", "331")))
    for betas in ([optimal.INF], [65, 66, optimal.INF], [66, 65]):
        search = optimal.GroupSearch(p, 4, deadline=float("inf"), weights=w)
        for beta in betas:
            v = search.solve(part, 3, beta)
            assert v == 65 if beta > 65 else v >= beta


@pytest.mark.parametrize(("pegs", "colours", "limit"), [(3, 3, 4), (3, 3, 3), (2, 4, 3)])
def test_the_opening_bound_is_below_every_opening_optimum(
    pegs: int, colours: int, limit: int
) -> None:
    """For every first guess: the counting bound <= the opening bound <= the optimum that
    opens with it (answers left unfound included, where the turns are too few); with a
    cut-off, an unfinished bound has reached it and is still below the optimum."""
    p = mastermind_problem(pegs, colours, limit)
    search = optimal.GroupSearch(p, limit, time.perf_counter() + BUDGET)
    everyone = np.arange(len(p.answers), dtype=np.int64)
    above = 0
    for g in range(len(p.guesses)):
        best = optimal.optimal_tree(p, limit=limit, budget=BUDGET, first=g, symmetry=False)
        assert best.proven
        value = search.value(best.tree)  # with MISS for each answer left unfound
        counting = search.weight(everyone) + sum(
            search.bound(part, limit - 1) for _, part in search.parts(everyone, g)
        )
        bound, whole = root_proof.opening_bound(search, g)
        assert whole and counting <= bound <= value
        above += bound > counting
        cut, done = root_proof.opening_bound(search, g, cutoff=counting + 1)
        assert done or counting + 1 <= cut <= value
    assert above > 0  # the scan adds to the counting bound somewhere


def test_a_tree_the_clock_stopped_says_it_may_differ_elsewhere() -> None:
    """Issue 58: a build decides everything by counting, but for an optimal tree whose proof
    ran out of ``search.budget``'s seconds: that tree is flagged (``timed_out``) and the build
    says so; a proven tree is not, nor one that trades turns for words of the list."""
    from playbook.io import shipped

    pb = model.load(str(shipped.path_of(shipped.index()["mastermind-3x2"])))
    (plan,) = pb.groups
    assert plan.proven_optimum and not plan.timed_out
    stopped = dataclasses.replace(
        plan, notes={**plan.notes, "optimum": {**plan.notes["optimum"], "proven": False}}
    )
    assert stopped.timed_out and not stopped.proven_optimum
    # a tree that trades turns for list words costs more than the optimum by choice
    traded = dataclasses.replace(
        stopped, notes={**stopped.notes, "list_words": {"trade_turns": 1, "lost": 0}}
    )
    assert not traded.timed_out and not traded.proven_optimum


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("limit", [1, 2, 3])
def test_a_few_answers_with_few_turns_equal_brute_force(
    tiny_lingo: Problem, n: int, limit: int
) -> None:
    """One or two answers take a shortcut past the root search: with one turn, one answer
    was compared against the bound of two turns, read past the bound table's end (an
    internal error on a one-turn game with a group of one word)."""
    p = tiny_lingo
    answers = p.answers[:n]
    q = Problem.of(WordGame(length=5, turns=limit), p.guesses, answers, name="u")
    want = brute_force(q.F, q.game.solved, limit)
    res = optimal.optimal_tree(q, limit=limit, budget=BUDGET)
    check_optimum(res, want, limit)
    check_tree(res, q.F, q.game.solved, limit)


def test_answers_that_cannot_be_guessed_are_refused_in_one_line(tiny_lingo: Problem) -> None:
    p = tiny_lingo
    q = Problem.of(p.game, p.guesses[:3], p.answers[:2], name="u")
    assert (q.answer_rows < 0).any()
    with pytest.raises(ValueError, match=r"^answers not among the guesses \(\d+, e\.g\. '"):
        optimal.optimal_tree(q, limit=3, budget=BUDGET)
    with pytest.raises(ValueError, match=r"^limit: at least one turn, not 0$"):
        optimal.optimal_tree(p, limit=0, budget=BUDGET)
