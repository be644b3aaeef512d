"""The build: session -> openings per group -> tables -> plans -> a verified playbook.

Its phases have a module each: the search's work units (:mod:`playbook.pipeline.units`: the
plain functions of :mod:`playbook.search` mapped over workers through :mod:`playbook.parallel`,
checkpointed) and the planners (:mod:`playbook.pipeline.planners`; each game's planner,
:class:`playbook.games.Planner`, says which phases it needs). Here: the assembly of the
plans into a playbook, whose statistics are the verifier's, and the build itself.
"""

from __future__ import annotations

import dataclasses
import datetime
import time
from collections.abc import Sequence
from pathlib import Path

from playbook import __version__, parallel
from playbook.config import Config
from playbook.errors import ConfigError
from playbook.games import Planner
from playbook.io.checkpoint import Checkpoint
from playbook.kinds import Profile
from playbook.model import GroupPlan, Playbook, group_key
from playbook.pipeline.planners import plan_groups, widen_trees
from playbook.pipeline.session import Session
from playbook.pipeline.units import Progress, Run, checkpoint_of, unit_check, use_gpu
from playbook.verify import Report, verify

# ------------------------------------------------------------------ the playbook


@dataclasses.dataclass(frozen=True)
class BuildResult:
    """A verified playbook and how it was made."""

    playbook: Playbook
    report: Report
    seconds: float
    session: Session
    config: Config
    checkpoint: Checkpoint | None = None
    """Where finished units were kept (cleared by the caller once outputs are written)."""


def assemble(
    cfg: Config,
    session: Session,
    plans: Sequence[GroupPlan],
    *,
    profile: str,
    letters: Sequence[str] | None,
    seconds: float = 0.0,
    try_when_fit: bool = False,
) -> BuildResult:
    """A playbook from group plans (made for the rule of early tries where
    ``try_when_fit``), verified; its statistics are the verifier's."""
    game = session.game
    names = {p.group for p in plans}
    pb = Playbook(
        name=cfg.name,
        game=session.game,
        game_section=session.rules_info,
        words=session.words_info,
        groups=tuple(sorted(plans, key=lambda p: group_key(p.group))),
        profile=profile,
        description=cfg.description,
        try_when_fit=try_when_fit,
        meta={
            "tool": f"playbook {__version__}",
            "created": datetime.date.today().isoformat(),
            "ranking": cfg.search.ranking,
            "seed": cfg.search.seed,
            "restarts": cfg.search.restarts,
            "max_openings": cfg.search.max_openings,
            "letters": "".join(sorted(names)) if letters is not None else "all",
        },
    )
    answers = [a for a in session.answers if game.group_of(a) in names]
    report = verify(pb, game, session.guesses, answers, check_claims=False)
    pb = dataclasses.replace(
        pb,
        groups=tuple(dataclasses.replace(p, stats=report.groups[p.group]) for p in pb.groups),
        stats=report.overall,
    )
    return BuildResult(pb, report, seconds, session, cfg)


def check_buildable(cfg: Config) -> None:
    """Refuse, before any work, rules a playbook cannot keep: hard mode (every guess fitting
    all feedback so far) rules out fixed openings, which are played whatever the feedback."""
    if cfg.rules.hard:
        raise ConfigError(
            f"{cfg.source}: rules.hard: true; a playbook's fixed openings cannot keep hard mode. "
            "Build with hard: false, or use strategy, play or simulate with --hard"
        )


def build(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    n_jobs: int | None = None,
    progress: Progress | None = None,
    use_cache: bool = True,
    checkpoint_root: Path | None = None,
    session: Session | None = None,
) -> BuildResult:
    """Search, tabulate and verify the groups named by ``letters`` (all when None), on
    ``session`` where the caller opened it already (to refuse bad lists before it writes)."""
    check_buildable(cfg)
    jobs = cfg.n_jobs if n_jobs is None else n_jobs
    # the workers start while the lists load
    with parallel.started(jobs, "playbook.pipeline.planners"):
        t0 = time.perf_counter()
        if session is None:
            session = Session.open(cfg, use_cache=use_cache)
        names = session.select(letters)
        checkpoint = (
            None if checkpoint_root is None else checkpoint_of(cfg, session, names, checkpoint_root)
        )
        # groups in name order: the order of work units and their checkpoint names
        problems = {n: session.problem(n) for n in sorted(names)}
        if checkpoint is not None:
            checkpoint.valid = unit_check(problems)
        run = Run(jobs, progress, checkpoint, session.spelling.text, use_gpu(problems, cfg))
        plans = plan_groups(cfg, problems, run, session.game.planner)
        if cfg.profile == Profile.OPTIMAL and not cfg.rules.keep_revealed:
            rare = {n: r for n in problems if (r := session.rare(n)) is not None}
            trade = cfg.search.trade_turns
            plans = widen_trees(problems, rare, plans, trade, run, session.chances)
        run.tick("verify", 0, 1)
        # fixed openings then tables (not whole trees): made for the rule of early tries
        early = session.game.planner is Planner.OPENINGS and cfg.profile != Profile.OPTIMAL
        result = assemble(
            cfg, session, plans, profile=cfg.profile, letters=letters, try_when_fit=early
        )
        run.tick("verify", 1, 1)
        return dataclasses.replace(result, checkpoint=checkpoint, seconds=time.perf_counter() - t0)
