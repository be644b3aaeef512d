"""The memorisation frontier: what each word a contestant memorises buys.

For one rule set (a config) the plans between memorising nothing and memorising a whole
strategy tree, each built for every group, verified, and measured in words to memorise
(:mod:`playbook.memory`), average turns, worst case and words not guaranteed:

* ``openings``: ``k`` fixed openings per group (0 to 4), then the words still possible in
  list order: nothing to memorise but the openings;
* ``exceptions``: the same openings with the simple profile's exception moves, exception rows
  and swapped openings (what ``playbook build`` does, with ``k`` fixed), try lists in list
  order wherever that finds every word in time (the ``lean`` tables);
* ``fast``: the fast profile (one opening, a next move for most feedbacks);
* the certified optimum and the default plans are measured from their playbooks
  (:func:`measure`).

Every plan follows the rule of early tries (:mod:`playbook.lookup`). The openings for ``k``
words are the ranking's best single and pair (exhaustive) and, for three and four,
hill-climbing's best of ``restarts`` seeded restarts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from playbook import memory, parallel
from playbook.config import Config, FastConfig
from playbook.convert import openings_plan
from playbook.core.problem import BIG, Problem
from playbook.core.ranking import Ranking, ranking
from playbook.model import GroupPlan, Playbook
from playbook.pipeline import likely
from playbook.pipeline.build import assemble
from playbook.pipeline.planners import plan_fast, plan_simple, table_settings
from playbook.pipeline.session import Session
from playbook.search import openings, tables
from playbook.search.openings import Opening
from playbook.verify import verify

MAX_OPENINGS = 4
"""The most fixed openings per group on the frontier."""

KINDS = ("openings", "exceptions", "fast", "optimum", "weighted", "default")
"""The kinds of points: ``weighted`` is the optimum tree by guesses weighted by frequency
(``scripts/exact_optima.py --weighted``)."""


@dataclasses.dataclass(frozen=True)
class Point:
    """One plan on the frontier, measured."""

    kind: str
    """One of :data:`KINDS`."""
    label: str
    openings: int | None
    """Fixed openings per group (None where it varies by group)."""
    memory: memory.Memory
    average: float
    worst: int
    """The most turns any word found in time takes."""
    unguaranteed: int
    """Words not found within the turns."""
    weighted_average: float | None = None
    """The average turns with each answer weighted by how often it is used (where the
    list's language has frequencies: :mod:`playbook.pipeline.likely`)."""
    lost_chance: float | None = None
    """The chance of losing the show's word, drawn by frequency among the answers."""

    def as_dict(self) -> dict[str, Any]:
        m = self.memory
        return {
            "kind": self.kind,
            "label": self.label,
            "openings": self.openings,
            "memorise": m.words,
            "memorise_openings": m.openings,
            "memorise_moves": m.moves,
            "memorise_ordered": m.ordered,
            "average": round(self.average, 4),
            "worst": self.worst,
            "unguaranteed": self.unguaranteed,
        } | (
            {}
            if self.weighted_average is None or self.lost_chance is None
            else {
                "weighted_average": round(self.weighted_average, 4),
                "lost_chance": round(self.lost_chance, 6),
            }
        )


def choose(
    problem: Problem, k: int, turns: int, rank: Ranking, seed: int, restarts: int
) -> Opening:
    """``k`` fixed openings for ``problem`` (none for a group that fits in the turns)."""
    if k == 0 or len(problem.answers) <= turns or problem.F.shape[0] < k:
        return openings.trivial(problem)
    target = max(turns - k, 1)
    if k == 1:
        op = openings.best_single(problem, rank)
    elif k == 2:
        op = openings.best_pair(problem, rank, BIG)
    else:
        runs = openings.climb_restarts(problem, rank, target, seed, range(restarts), k=k)
        op = openings.pick_climb(problem, runs, rank, target)
    return op if op is not None else openings.trivial(problem)


def plan_point(
    problem: Problem,
    kind: str,
    k: int,
    turns: int,
    rank: Ranking,
    seed: int,
    restarts: int,
    nodes: int,
) -> GroupPlan:
    """One group's plan for a point of kind ``openings``, ``exceptions`` or ``fast``
    (``nodes``: the exact search's budget per group, in search nodes)."""
    if kind == "fast":
        return plan_fast(problem, turns, rank, FastConfig(), nodes)
    op = choose(problem, k, turns, rank, seed, restarts)
    if kind == "exceptions":
        return plan_simple(problem, op, turns, table_settings(rank), nodes)
    listed = tables.TableSettings(rank, "list", early=True)
    t = tables.after_openings(problem, op.moves, turns, listed)
    return openings_plan(problem, op, t)


def _point(kind: str, label: str, k: int | None, pb: Playbook, ok: bool, session: Session) -> Point:
    if not ok:
        raise RuntimeError(f"the frontier's plan {label!r} did not verify")
    st = pb.stats
    assert st is not None
    weighted = None
    if session.language is not None:
        weighted = likely.measure(pb, session)
    return Point(
        kind=kind,
        label=label,
        openings=k,
        memory=memory.of_plans(pb.groups),
        average=st.average,
        worst=max(st.distribution, default=0),
        unguaranteed=sum(len(g.unguaranteed) for g in pb.groups),
        weighted_average=weighted.weighted_average if weighted else None,
        lost_chance=weighted.lost_chance if weighted else None,
    )


def measure(pb: Playbook, session: Session, kind: str, label: str) -> Point:
    """A built playbook (the default plan, the certified optimum) as a point, re-verified
    against the session's list and rules."""
    report = verify(pb, session.game, session.guesses, session.answers, check_claims=False)
    pb = dataclasses.replace(pb, stats=report.overall)
    return _point(kind, label, None, pb, report.ok, session)


def points(
    cfg: Config,
    *,
    restarts: int = 20,
    nodes: int = 1_000_000,
    n_jobs: int = 1,
    ks: Sequence[int] = range(MAX_OPENINGS + 1),
) -> Iterator[Point]:
    """The built points of ``cfg``'s rule set: ``openings`` and ``exceptions`` for each
    ``k`` in ``ks``, and ``fast``."""
    session = Session.open(cfg)
    problems = session.problems()
    rank = ranking(cfg.search.ranking)
    turns = session.game.limit
    names = sorted(problems, key=lambda n: -len(problems[n].answers))
    specs: list[tuple[str, int | None]] = [(kind, k) for k in ks for kind in KINDS[:2]]
    specs.append(("fast", None))
    for kind, k in specs:
        tasks = [
            (problems[n], kind, k or 0, turns, rank, cfg.search.seed, restarts, nodes)
            for n in names
        ]
        plans = parallel.run(plan_point, tasks, n_jobs)
        label = (
            "fast profile"
            if kind == "fast"
            else f"{k} openings" + (" + exception moves" if kind == "exceptions" else "")
        )
        built = assemble(cfg, session, plans, profile=label, letters=None, try_when_fit=True)
        yield _point(kind, label, k, built.playbook, built.report.ok, session)
