"""The planners: from a group's openings (or its whole tree) to its plan: the simple
profile's tables, the fast profile's, hangman's exact tree, and the fewest words any plan
must leave unguaranteed."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from playbook import parallel, words
from playbook.config import Config, FastConfig
from playbook.convert import openings_plan, tree_plan
from playbook.core.problem import Problem
from playbook.core.ranking import Ranking, ranking
from playbook.errors import ConfigError
from playbook.games import Planner
from playbook.kinds import AnswerModel, Profile, TryOrder
from playbook.model import GroupPlan, Method
from playbook.pipeline import cardfit
from playbook.pipeline.session import model_weights
from playbook.pipeline.units import Run, find_openings, game_limit
from playbook.search import hangman, openings, tables, unfinder
from playbook.search.openings import Opening
from playbook.search.optimal import optimal_tree
from playbook.search.rescue import rescue, swap
from playbook.search.tables import TableSettings
from playbook.search.trees import Node as TreeNode
from playbook.search.widen import widen


def plan_simple(
    problem: Problem, opening: Opening, turns: int, settings: TableSettings, nodes: int
) -> GroupPlan:
    """The simple profile's plan: the openings, then try lists and exception moves made with
    ``settings`` (:func:`table_settings`), with exception rows before the last openings where
    they find more words in time and an opening swapped where that finds more, the exact
    search given ``nodes`` search nodes."""
    t = tables.after_openings(problem, opening.moves, turns, settings)
    return _rescued(problem, opening, t, turns, nodes, settings)


def table_settings(
    rank: Ranking,
    profile: str = "lean",
    nesting: int | None = None,
    weights: np.ndarray | None = None,
    likely_first: bool = False,
) -> TableSettings:
    """The simple profile's table settings: try lists keep list order wherever that finds
    every word in time (``lean``: nothing to memorise but what the guarantee needs;
    ``simple``: the order with the fewest turns); ``nesting``: how deep exception moves may
    nest (``search.nesting``); ``weights``: how likely each answer is (at a coin flip the
    likelier word first); ``likely_first``: try lists put the likeliest first wherever that
    keeps the guarantee (``search.try_order: likely``, the weighted model). The rule of early
    tries always."""
    probes = tables.UNLIMITED if nesting is None else nesting + 1
    return TableSettings(
        rank, profile, early=True, probes=probes, weights=weights, likely_first=likely_first
    )


def _rescued(
    problem: Problem,
    opening: Opening,
    t: tables.Tables,
    turns: int,
    nodes: int,
    settings: TableSettings,
) -> GroupPlan:
    """The plan of ``opening`` and its tables ``t`` (made with ``settings``), with exception
    rows and a swapped opening where they find more words in time."""
    t = rescue(problem, t, turns, nodes=nodes, settings=settings)
    t = swap(problem, t, turns, nodes=nodes, settings=settings)
    if t.moves != opening.moves:
        opening = dataclasses.replace(
            opening, moves=t.moves, score=problem.score(t.moves), method=Method.SWAPPED
        )
    return openings_plan(problem, opening, t)


def plan_fast(problem: Problem, turns: int, rank: Ranking, fc: FastConfig, nodes: int) -> GroupPlan:
    """Fast profile: compare whole tables for the best-ranked fixed openings."""
    fast = TableSettings(rank, "fast", fc.breadth, early=True)
    if len(problem.answers) <= 2:
        op = openings.trivial(problem)
        t = tables.after_openings(problem, (), turns, fast)
        return openings_plan(problem, op, t)
    chosen: tuple[int, ...] = ()
    best: tuple[tuple[int, int, int], Opening, tables.Tables] | None = None
    for _ in range(fc.openings):
        splits = problem.splits(given=chosen)
        n_in = problem.in_answers + int(sum(problem.in_answers[m] for m in chosen))
        order = [int(r) for r in rank.order(splits, n_in, openings.TIES) if int(r) not in chosen][
            : fc.candidates
        ]
        best = None
        for i, r in enumerate(order):
            moves = (*chosen, r)
            op = Opening(moves, problem.score(moves), Method.LOOKAHEAD)
            t = tables.after_openings(problem, moves, turns, fast)
            key = (len(t.unguaranteed), t.total, i)
            if best is None or key < best[0]:
                best = (key, op, t)
        assert best is not None
        chosen = best[2].moves
    assert best is not None
    return _rescued(problem, best[1], best[2], turns, nodes, fast)


def optimal_plan(problem: Problem, root: TreeNode, lost: Sequence[str], proven: bool) -> GroupPlan:
    """An optimal tree as a plan: the words it does not find in time declared, and where
    the search proved that no tree finds more, their number as the fewest any strategy must
    leave (``notes.fewest_unguaranteed``, as a build records it)."""
    notes = {"fewest_unguaranteed": len(lost)} if lost and proven else {}
    plan = tree_plan(problem, root, Method.strategy("optimal"), notes)
    return dataclasses.replace(plan, unguaranteed=tuple(lost))


def plan_optimal(problem: Problem, limit: int, budget: float, row: int | None) -> GroupPlan:
    """The ``optimal`` profile: the group's tree of the fewest guesses (among those that open
    with guess ``row`` where given), found by exact search within ``budget`` seconds; its
    total, the lower bound the search proved and whether they meet, as ``notes.optimum``."""
    r = optimal_tree(problem, limit=limit, budget=budget, first=row)
    late = {a for a, d in r.tree.turns.items() if d > limit} | set(r.tree.missed)
    lost = tuple(sorted(problem.answers[a] for a in late))
    proven = r.unguaranteed_bound == r.unguaranteed and row is None
    plan = optimal_plan(problem, r.tree.root, lost, proven)
    optimum: dict[str, int | bool | str] = {
        "total": r.total,
        "lower_bound": r.lower_bound,
        "proven": r.proven,
    }
    if row is not None:
        optimum["first"] = problem.guesses[row]
    return dataclasses.replace(plan, notes={**plan.notes, "optimum": optimum})


def first_rows(problems: Mapping[str, Problem], first: str | None, key: str) -> dict[str, int]:
    """The row of the first guess ``first`` in each group (none where it is None); a one-line
    error naming ``key`` and the first group whose rules do not allow it."""
    rows: dict[str, int] = {}
    if first is None:
        return rows
    for name, problem in problems.items():
        row = problem.row_of.get(first)
        if row is None:
            where = "the" if len(problems) == 1 else f"group {name!r}'s"
            raise ConfigError(
                f"{key}: {first!r} is not among {where} {len(problem.guesses):,} allowed "
                f"guesses (e.g. {problem.guesses[0]!r})"
            )
        rows[name] = row
    return rows


def plan_tree(problem: Problem, budget: float) -> GroupPlan:
    """Games whose guesses are not words (hangman): the exact minimax tree within the
    budget, else the greedy tree, with the verdict as notes."""
    r = hangman.solve_length(problem, budget=budget)
    limit = problem.game.limit
    worst = r.exact if r.exact is not None else r.greedy
    notes = {
        "exact_misses": r.exact,
        "lower_bound": r.lower_bound,
        "greedy_misses": r.greedy,
        "cheating_host_misses": {"greedy": r.cheat_greedy, "exact": r.cheat_exact},
        "hardest": [problem.answers[c] for c in r.hardest][:20],
        "verdict": (
            f"every word within {limit} misses"
            if worst <= limit
            else "not every word can be guaranteed"
            if r.lower_bound > limit
            else "undecided within the budget"
        ),
        "seconds": round(r.seconds, 2),
    }
    method = Method.EXACT_MINIMAX if r.exact is not None else Method.GREEDY
    return tree_plan(problem, r.tree, method, notes)


@dataclasses.dataclass(frozen=True)
class TreeTask:
    """A group's whole tree of letters (hangman) as a work unit: :func:`plan_tree`."""

    problem: Problem
    budget: float

    def __call__(self) -> GroupPlan:
        return plan_tree(self.problem, self.budget)


@dataclasses.dataclass(frozen=True)
class OptimalTask:
    """A group's optimal tree as a work unit: :func:`plan_optimal`."""

    problem: Problem
    turns: int
    budget: float
    row: int | None

    def __call__(self) -> GroupPlan:
        return plan_optimal(self.problem, self.turns, self.budget, self.row)


@dataclasses.dataclass(frozen=True)
class FastTask:
    """A group's fast-profile plan as a work unit: :func:`plan_fast`."""

    problem: Problem
    turns: int
    rank: Ranking
    fast: FastConfig
    nodes: int

    def __call__(self) -> GroupPlan:
        return plan_fast(self.problem, self.turns, self.rank, self.fast, self.nodes)


@dataclasses.dataclass(frozen=True)
class TableTask:
    """A group's tables after its openings as a work unit: :func:`plan_simple`."""

    problem: Problem
    opening: Opening
    turns: int
    settings: TableSettings
    nodes: int

    def __call__(self) -> GroupPlan:
        return plan_simple(self.problem, self.opening, self.turns, self.settings, self.nodes)


def plan_groups(
    cfg: Config, problems: dict[str, Problem], run: Run, planner: Planner
) -> list[GroupPlan]:
    """Plans for the groups, in name order, by the game's planner and the profile."""
    rank = ranking(cfg.search.ranking)
    turns = game_limit(problems)  # the game's limit: the one way turns reach the search

    def tick(phase: str) -> Callable[[int, GroupPlan], None]:
        return lambda i, plan: run.tick(phase, i + 1, len(problems), plan.group)

    # big groups first, so workers finish together
    order = sorted(problems, key=lambda n: -len(problems[n].answers))

    def weights(name: str) -> np.ndarray | None:
        """How likely each answer is (its chance under ``picks``, its frequency under the
        other models), for a plan of the words a show plays (an answer model other than
        ``all``, or ``try_order: likely``)."""
        if cfg.words.answer_model == AnswerModel.ALL and cfg.search.try_order != TryOrder.LIKELY:
            return None
        if words.list_language(cfg.words) is None:
            return None
        answers = words.WordList("answers", problems[name].answers, "")
        return np.asarray(model_weights(cfg.words, answers), dtype=float)

    if planner is Planner.TREE:
        trees = [TreeTask(problems[n], cfg.search.budget) for n in order]
        plans = parallel.each(trees, run.n_jobs, on_done=tick("trees"))
    elif cfg.profile == Profile.OPTIMAL:
        if cfg.rules.keep_revealed:
            raise ConfigError(
                f"{cfg.source}: key 'profile': the optimal tree under Wordle's hard mode "
                "(rules.keep_revealed) is searched by the research wing: python "
                "scripts/wordle_hard_mode.py --playbook FILE"
            )
        rows = first_rows(problems, cfg.search.first, f"{cfg.source}: key 'search.first'")
        budget = cfg.search.budget
        optima = [OptimalTask(problems[n], turns, budget, rows.get(n)) for n in order]
        plans = parallel.each(optima, run.n_jobs, on_done=tick("trees"))
        return sorted(plans, key=lambda p: p.group)
    elif cfg.profile == Profile.FAST:
        fast = [FastTask(problems[n], turns, rank, cfg.fast, cfg.search.nodes) for n in order]
        plans = parallel.each(fast, run.n_jobs, on_done=tick("tables"))
    else:
        found = find_openings(problems, cfg, run)

        nest = cfg.search.nesting
        first = (
            cfg.search.try_order == TryOrder.LIKELY
            or cfg.words.answer_model == AnswerModel.WEIGHTED
        )
        settings = {n: table_settings(rank, "lean", nest, weights(n), first) for n in order}
        table_units = [
            TableTask(problems[n], found[n], turns, settings[n], cfg.search.nodes) for n in order
        ]
        plans = parallel.each(table_units, run.n_jobs, on_done=tick("tables"))
    if planner is not Planner.TREE:
        plans = settle_unguaranteed(problems, plans, cfg.search.nodes, run)
        if cfg.search.card_words is not None:
            run.tick("card", 0, 1)
            plans = cardfit.fit(problems, plans, cfg.search.card_words, weights)
            run.tick("card", 1, 1)
    return sorted(plans, key=lambda p: p.group)


def fewest_unguaranteed(problem: Problem, nodes: int, seconds: float = math.inf) -> int | None:
    """How few of the group's words every strategy must leave unguaranteed (None when the
    budget is spent first: ``nodes`` search nodes where above 0, else ``seconds``)."""
    limit = problem.game.limit
    return unfinder.fewest_unfound(problem, limit=limit, nodes=nodes, seconds=seconds).fewest


def settle_unguaranteed(
    problems: dict[str, Problem], plans: Sequence[GroupPlan], nodes: int, run: Run
) -> list[GroupPlan]:
    """For each plan that leaves words unguaranteed, how few any strategy must leave,
    decided by exact search within ``nodes`` search nodes per group and recorded as
    ``notes.fewest_unguaranteed`` (left out where the budget is spent)."""
    todo = sorted((p for p in plans if p.unguaranteed), key=lambda p: -p.words)
    if not todo:
        return list(plans)

    def tick(i: int, fewest: int | None) -> None:
        g = todo[i].group
        said = f"undecided in {nodes:,} nodes" if fewest is None else f"fewest possible {fewest}"
        detail = f"{run.spell(g)}: {said} (the plan leaves {len(todo[i].unguaranteed)})"
        run.tick("fewest unguaranteed", i + 1, len(todo), detail, milestone=True)

    found = parallel.run(
        fewest_unguaranteed,
        [(problems[p.group], nodes) for p in todo],
        run.n_jobs,
        on_done=tick,
        checkpoint=run.checkpoint,
        names=[f"fewest-{p.group}" for p in todo],
    )
    fewest = {p.group: f for p, f in zip(todo, found, strict=True)}
    return [
        p
        if fewest.get(p.group) is None
        else dataclasses.replace(p, notes={**p.notes, "fewest_unguaranteed": fewest[p.group]})
        for p in plans
    ]


def widen_trees(
    problems: Mapping[str, Problem],
    rare: Mapping[str, Problem],
    plans: Sequence[GroupPlan],
    trade: int,
    run: Run,
    chances: Callable[[Sequence[str]], np.ndarray | None] | None = None,
) -> list[GroupPlan]:
    """Whole trees that lose fewer of the list's words (``rare``: each group over every word
    of the list, where the answers are only some of them), as :func:`playbook.search.widen`
    makes them: at the same total (``trade`` 0), or trading up to ``trade`` turns of the
    answers per subtree for more words than turns (at the same total, judged by the chance
    of the words lost first where ``chances`` gives the list's); what it did as
    ``notes.list_words``. A tree that then costs more than the optimum states it:
    ``notes.optimum`` the tree's total and the optimum as its lower bound (no longer proven
    optimal)."""
    out = []
    run.tick("widen", 0, len(plans))
    for i, plan in enumerate(plans):
        every = rare.get(plan.group)
        if every is None or not plan.method.startswith(Method.STRATEGY):
            out.append(plan)
            continue
        chance = chances(every.answers) if chances is not None else None
        w = widen(plan, problems[plan.group], every, trade, penalty=1, chance=chance)
        listed: dict[str, Any] = {
            "words": len(every.answers),
            "lost_before": w.lost_before,
            "lost": w.lost_after,
            "subtrees_replaced": w.nodes,
            "trade_turns": trade,
        }
        if w.chance_after is not None:  # what the words lost weigh in the list's chances
            listed["chance_lost_before"] = round(w.chance_before or 0.0, 5)
            listed["chance_lost"] = round(w.chance_after, 5)
        notes = {**w.plan.notes, "list_words": listed}
        optimum = notes.get("optimum")
        if w.nodes and trade and isinstance(optimum, dict):
            total = w.total
            notes["optimum"] = {
                **optimum,
                "total": total,
                "proven": total == optimum["lower_bound"],
            }
        out.append(dataclasses.replace(w.plan, notes=notes))
        run.tick("widen", i + 1, len(plans), plan.group)
    return out
