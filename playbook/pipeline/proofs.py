"""Re-deciding what a playbook says an exhaustive search proves (``verify --proofs``).

Replaying the words checks the tables; it cannot check that no better openings exist. For
every group that claims a proof this runs the same exhaustive decision again from the
playbook's own rules, list and recorded settings, and compares: the ranking-best openings
(``method: exhaustive``), the verdict that no three openings meet the target
(``notes.exhaustive_triples.exists: false``), the exact minimax figure of a tree, or how few
words every strategy must leave unguaranteed (``notes.fewest_unguaranteed``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from playbook import parallel
from playbook.config import MAX_OPENINGS, SearchConfig
from playbook.core.problem import Problem
from playbook.core.ranking import OPENING_RANKINGS
from playbook.errors import PlaybookFileError
from playbook.model import GroupPlan, Method, Playbook
from playbook.pipeline.planners import fewest_unguaranteed
from playbook.pipeline.session import Session
from playbook.pipeline.units import Run, decide
from playbook.search import hangman
from playbook.search.openings import Opening
from playbook.search.optimal import optimal_tree


def _settings(pb: Playbook, path: str) -> SearchConfig:
    """The search settings the playbook records (the defaults where it records none); a
    one-line error for a ranking or a number of openings no build makes."""
    meta, search = pb.meta, SearchConfig()
    rank = meta.get("ranking", search.ranking)
    if rank not in OPENING_RANKINGS:
        raise PlaybookFileError(
            f"{path}: meta.ranking: {rank!r} is not a ranking of the opening search; one of "
            f"{', '.join(OPENING_RANKINGS)}"
        )
    most = meta.get("max_openings", search.max_openings)
    if type(most) is not int or not 0 <= most <= MAX_OPENINGS:
        raise PlaybookFileError(
            f"{path}: meta.max_openings: {most!r}; a whole number from 0 to {MAX_OPENINGS}"
        )
    return dataclasses.replace(search, ranking=rank, max_openings=most, exhaustive_depth=3)


def _triples(notes: Mapping[str, object]) -> Mapping[str, object] | None:
    triples = notes.get("exhaustive_triples")
    return triples if isinstance(triples, Mapping) else None


def recheck(
    pb: Playbook,
    session: Session,
    *,
    n_jobs: int = 1,
    budget: float = 60.0,
    path: str = "playbook",
) -> tuple[str, ...]:
    """Re-decide the proof claims of every group of ``pb`` that makes one; the claims the
    search does not confirm, one line each. The search settings it records are checked
    first (a one-line error for settings no build uses)."""
    settings = _settings(pb, path)
    plans = {p.group: p for p in pb.groups if p.claims_proof}
    problems = session.problems(sorted(plans))
    out: list[str] = []
    claims = {n: p for n, p in plans.items() if p.claims_openings}
    trees = {n for n, p in claims.items() if p.method == Method.EXACT_MINIMAX}
    for name in sorted(trees):
        out += _recheck_tree(claims[name], problems[name], budget)
    optima = {n for n, p in claims.items() if p.proven_optimum}
    for name in sorted(optima):
        out += _recheck_optimum(claims[name], problems[name], budget)
    chosen = {n: problems[n] for n in claims if n not in trees | optima}
    if chosen:
        d = decide(chosen, settings, session.game.limit, Run(n_jobs, None, None))
        for name in chosen:
            found, notes = d.found.get(name), d.notes.get(name, {})
            out += _recheck_openings(claims[name], chosen[name], found, notes)
    fewest = sorted(n for n, p in plans.items() if p.fewest_unguaranteed is not None)
    asked = [(problems[n], 0, budget) for n in fewest]  # 0 nodes: the budget's seconds
    decided = parallel.run(fewest_unguaranteed, asked, n_jobs)
    for name, got in zip(fewest, decided, strict=True):
        out += _recheck_fewest(plans[name], got, budget)
    return tuple(out)


def _recheck_fewest(plan: GroupPlan, got: int | None, budget: float) -> list[str]:
    where = f"groups.{plan.group}.notes.fewest_unguaranteed"
    if got is None:
        return [f"{where}: not re-decided within {budget:g} s (the budget)"]
    if got != plan.fewest_unguaranteed:
        return [f"{where}: recorded {plan.fewest_unguaranteed}, the exact search gives {got}"]
    return []


def _same(recorded: object, decided: object) -> bool:
    """A recorded note beside the re-decided one (openings compared as sets: their order is
    the ranking's)."""
    if isinstance(recorded, list) and isinstance(decided, list | tuple):
        return sorted(map(str, recorded)) == sorted(map(str, decided))
    return type(recorded) is type(decided) and recorded == decided


def _recheck_openings(
    plan: GroupPlan, problem: Problem, best: Opening | None, notes: Mapping[str, object]
) -> list[str]:
    """The group's claims beside what the search decided: every field of the recorded
    triple search (target, verdict, best triple, its largest set, what was searched), the
    openings of ``method: exhaustive`` (as a set: the order is the ranking's), and the
    verdict that no triple meets the target."""
    where = f"groups.{plan.group}"
    found = () if best is None else tuple(problem.guesses[m] for m in best.moves)
    out: list[str] = []
    said, got = _triples(plan.notes), _triples(notes)
    if said is not None and got is None:
        what = "no three openings meet" if said.get("exists") is False else "triples reach"
        out.append(
            f"{where}.notes.exhaustive_triples: says {what} the target, but the exhaustive "
            f"search finds {' '.join(found) or 'no verdict'} (no triple search is needed)"
        )
    elif said is not None and got is not None:
        for key in sorted(set(said) | set(got), key=str):
            mine, theirs = said.get(key), got.get(key)
            if not _same(mine, theirs):
                out.append(
                    f"{where}.notes.exhaustive_triples.{key}: recorded {mine!r}, the "
                    f"exhaustive search gives {theirs!r}"
                )
    searched = (Method.EXHAUSTIVE, Method.TRIVIAL)
    if plan.method in searched:
        if best is None or best.method not in searched:
            out.append(
                f"{where}.method: {plan.method!r}, but the exhaustive search finds no "
                f"{len(plan.openings)} openings that meet the target"
            )
        elif sorted(found) != sorted(plan.openings):
            out.append(
                f"{where}.openings: {' '.join(plan.openings)} claimed best by exhaustive "
                f"search, but it finds {' '.join(found) or 'none needed'}"
            )
    return out


def _recheck_optimum(plan: GroupPlan, problem: Problem, budget: float) -> list[str]:
    """A proven optimal tree (``notes.optimum``): the exact search again, among the trees that
    open with the recorded first guess, must prove the same total."""
    said = plan.notes["optimum"]
    first = said.get("first")
    row = problem.row_of.get(first) if isinstance(first, str) else None
    where = f"groups.{plan.group}.notes.optimum"
    if isinstance(first, str) and row is None:
        return [f"{where}.first: {first!r} is not a guess the rules allow"]
    r = optimal_tree(problem, limit=problem.game.limit, budget=budget, first=row)
    if not r.proven:
        return [f"{where}: the optimum is not re-proven within {budget:g} s (the budget)"]
    if r.total != said["total"]:
        return [f"{where}.total: recorded {said['total']}, the exact search proves {r.total}"]
    return []


def _recheck_tree(plan: GroupPlan, problem: Problem, budget: float) -> list[str]:
    r = hangman.solve_length(problem, budget=budget)
    said = plan.notes.get("exact_misses")
    where = f"groups.{plan.group}"
    if r.exact is None:
        return [f"{where}: exact minimax not re-decided within {budget:g} s (the budget)"]
    if r.exact != said:
        return [f"{where}.notes.exact_misses: recorded {said}, exact minimax gives {r.exact}"]
    return []
