"""Whole strategies over every answer: greedy rules, the exact optimum, and the best first
guesses of a rule; each written as a verified playbook."""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from playbook import __version__, parallel, words
from playbook.config import Config
from playbook.convert import tree_plan
from playbook.core.matrix import FEEDBACK_KERNEL_VERSION
from playbook.core.problem import Problem
from playbook.core.scores import Score
from playbook.engines import constants
from playbook.engines.symmetry import representatives
from playbook.errors import ConfigError
from playbook.io.checkpoint import Checkpoint
from playbook.model import Method, Playbook
from playbook.pipeline.build import assemble
from playbook.pipeline.planners import optimal_plan
from playbook.pipeline.session import Session, model_zipf
from playbook.search.greedy import first_guesses, greedy_tree
from playbook.search.optimal import OptimalResult, optimal_tree
from playbook.search.trees import Tree, data_tree, tree_data
from playbook.verify import Report


@dataclasses.dataclass(frozen=True)
class StrategyResult:
    """A rule played against every answer of every group, verified."""

    rule: str
    playbook: Playbook
    trees: dict[str, Tree]
    report: Report
    seconds: float

    def summary(self) -> dict[str, object]:
        """The figures ``--json`` prints."""
        firsts = {g.group: g.openings[0] for g in self.playbook.groups}
        dist: Counter[int] = Counter()
        for t in self.trees.values():
            dist.update(t.distribution)
        n = sum(dist.values())
        total = sum(k * v for k, v in dist.items())
        return {
            "rule": self.rule,
            "first_guess": next(iter(firsts.values())) if len(firsts) == 1 else firsts,
            "total": total,
            "average": round(total / n, 4) if n else 0.0,
            "worst": max(dist, default=0),
            "distribution": {str(k): v for k, v in sorted(dist.items())},
            "failures": self.report.overall.failures,
            "seconds": round(self.seconds, 3),
        }


@dataclasses.dataclass(frozen=True)
class OptimalPlay(StrategyResult):
    """The optimal trees of every group as a verified playbook, with bounds per group."""

    results: dict[str, OptimalResult]
    loaded: int = 0
    """Groups read back from the checkpoints of an earlier, stopped run."""

    def summary(self) -> dict[str, object]:
        out = super().summary()
        rs = self.results.values()
        out["lower_bound"] = sum(r.lower_bound for r in rs)
        out["counting_bound"] = sum(r.counting_bound for r in rs)
        out["optimal"] = all(r.proven for r in rs)
        out["nodes"] = sum(r.nodes for r in rs)
        out["unguaranteed"] = sum(r.unguaranteed for r in rs)
        out["groups"] = {
            name: {
                "total": r.total,
                "unguaranteed": r.unguaranteed,
                "unguaranteed_bound": r.unguaranteed_bound,
                "lower_bound": r.lower_bound,
                "counting_bound": r.counting_bound,
                "optimal": r.proven,
                "nodes": r.nodes,
                "seconds": round(r.seconds, 3),
            }
            for name, r in self.results.items()
        }
        return out


def first_rows(problems: Mapping[str, Problem], session: Session, word: str) -> dict[str, int]:
    """The row of the first guess ``word`` (as typed) in each group; a one-line error naming
    the first group whose rules do not allow it."""
    typed = session.spelling.typed(word)
    rows: dict[str, int] = {}
    for name, problem in problems.items():
        row = problem.row_of.get(typed)
        if row is None:
            where = "the" if len(problems) == 1 else f"group {name!r}'s"
            raise ConfigError(
                f"--first: {word!r} is not among {where} {len(problem.guesses):,} allowed "
                f"guesses (e.g. {problem.guesses[0]!r})"
                + ("; name one group with --letters" if len(problems) > 1 else "")
            )
        rows[name] = row
    return rows


def _problems(
    session: Session, letters: Sequence[str] | None, first: str | None
) -> dict[str, tuple[Problem, int | None]]:
    """The problems of the groups asked for, with the row of the first guess where one is
    given (checked for every group before any search)."""
    problems = session.problems(letters)
    rows = first_rows(problems, session, first) if first is not None else {}
    return {name: (p, rows.get(name)) for name, p in problems.items()}


def play_rule(
    cfg: Config, rule: str, *, letters: Sequence[str] | None = None, first: str | None = None
) -> StrategyResult:
    """Build, per group, the full tree of a greedy ``rule`` (opening with ``first`` where it
    is given), and verify it."""
    t0 = time.perf_counter()
    session = Session.open(cfg)
    if session.game.solved is None or session.game.limit_name != "turns":
        raise ConfigError(
            f"{cfg.source}: --rule {rule} plays games counted in turns (Lingo, Wordle, "
            f"Mastermind); {session.game.name}'s plans come from build (the exact tree) and "
            "value"
        )
    trees: dict[str, Tree] = {}
    plans = []
    for name, (problem, row) in _problems(session, letters, first).items():
        tree = greedy_tree(problem, rule, hard=cfg.rules.hard, first=row)
        trees[name] = tree
        plans.append(tree_plan(problem, tree.root, Method.strategy(rule)))
    pb = assemble(cfg, session, plans, profile=Method.strategy(rule), letters=letters)
    return StrategyResult(rule, pb.playbook, trees, pb.report, time.perf_counter() - t0)


WEIGHT_BASE = 2.5
"""The Zipf value that weighs 1 in the weighted optimum's whole-number weights."""


def search_weights(session: Session, problem: Problem) -> np.ndarray:
    """Whole-number weights for the exact search: each answer's frequency relative to a word
    of Zipf :data:`WEIGHT_BASE` (10 to the power of the difference, rounded, at least 1: a
    word used ten times as often weighs ten times as much; the rarest all weigh 1)."""
    zipf = model_zipf(session.words_info, words.WordList("answers", problem.answers, ""))
    return np.asarray([max(1, round(10 ** (z - WEIGHT_BASE))) for z in zipf], dtype=np.int64)


def optimal_unit(
    problem: Problem,
    limit: int,
    budget: float,
    row: int | None,
    weights: np.ndarray | None = None,
    until: float | None = None,
) -> tuple[object, ...]:
    """One group's optimal tree (a work unit of :func:`play_optimal`), as plain data a
    checkpoint keeps: the result's figures, then the tree. ``until``: the wall-clock time
    (``time.time()``) the whole call ends by; a group that starts late gets what remains."""
    if until is not None:
        budget = max(0.01, min(budget, until - time.time()))
    r = optimal_tree(problem, limit=limit, budget=budget, first=row, weights=weights)
    return (*(getattr(r, f) for f in _FIGURES), tree_data(r.tree))


_FIGURES = tuple(f.name for f in dataclasses.fields(OptimalResult) if f.name != "tree")
"""What an optimal unit keeps beside its tree."""


def _optimal_result(data: Sequence[Any]) -> OptimalResult:
    *figures, tree = data
    return OptimalResult(data_tree(tree), **dict(zip(_FIGURES, figures, strict=True)))


def play_optimal(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    budget: float = 60.0,
    first: str | None = None,
    n_jobs: int = 1,
    checkpoints: Path | None = None,
    weighted: bool = False,
    until: float | None = None,
) -> OptimalPlay:
    """Per group, the optimal tree (within ``budget`` seconds per group; among the trees that
    open with ``first`` where it is given), verified. Groups run on ``n_jobs`` workers, the
    largest first; with ``checkpoints`` (a folder), each finished group is kept there and a
    run stopped part-way goes on where it stopped (emptied once all are done). ``weighted``:
    the fewest guesses weighted by how often each answer is used (:func:`search_weights`),
    the optimum for the words a show plays. ``until``: a wall-clock end (``time.time()``) for
    the whole call, the command's ``--budget``: each group searches at most until then and
    keeps the best tree it has (not proven optimal); not with ``checkpoints``, which keep
    finished groups as final."""
    if until is not None and checkpoints is not None:
        raise ValueError("until: a run cut short is not kept as final; give no checkpoints")
    if not isinstance(cfg, Config):
        raise TypeError(f"cfg: expected a playbook.config.Config, got {cfg!r}")
    if cfg.rules.hard or cfg.rules.keep_revealed:
        raise ConfigError(
            f"{cfg.source}: --rule optimal does not support hard mode (Wordle's: python "
            "scripts/wordle_hard_mode.py)"
        )
    t0 = time.perf_counter()
    session = Session.open(cfg)
    game = session.game
    if game.solved is None or game.limit_name != "turns":
        raise ConfigError(f"{cfg.source}: --rule optimal needs a game played in turns")
    asked = _problems(session, letters, first)
    names = sorted(asked, key=lambda n: (-len(asked[n][0].answers), n))  # workers end together
    tasks = [
        (
            asked[n][0],
            game.limit,
            budget,
            asked[n][1],
            search_weights(session, asked[n][0]) if weighted else None,
            until,
        )
        for n in names
    ]
    ckpt = None
    if checkpoints is not None:
        key = Checkpoint.key_of(
            __version__,
            FEEDBACK_KERNEL_VERSION,
            game.record(),
            session.words_info,
            budget,
            first,
            constants.MISS,
            names,
            *(("weighted", WEIGHT_BASE) if weighted else ()),
        )
        ckpt = Checkpoint(checkpoints, key)
    done = dict(
        zip(
            names,
            parallel.run(optimal_unit, tasks, n_jobs, checkpoint=ckpt, names=names),
            strict=True,
        )
    )
    trees: dict[str, Tree] = {}
    results: dict[str, OptimalResult] = {}
    plans = []
    for name, (problem, row) in asked.items():
        res = _optimal_result(done[name])
        results[name] = res
        trees[name] = res.tree
        # the answers no tree finds in time (the fewest, where proven): declared as such
        late = {a for a, d in res.tree.turns.items() if d > game.limit} | set(res.tree.missed)
        lost = tuple(sorted(problem.answers[a] for a in late))
        # with a first guess given, the fewest is of the trees that open with it: no claim
        proven = res.unguaranteed_bound == res.unguaranteed and row is None
        plans.append(optimal_plan(problem, res.tree.root, lost, proven))
    pb = assemble(cfg, session, plans, profile=Method.strategy("optimal"), letters=letters)
    if ckpt is not None:
        ckpt.clear()
    loaded = ckpt.loaded if ckpt is not None else 0
    return OptimalPlay(
        "optimal", pb.playbook, trees, pb.report, time.perf_counter() - t0, results, loaded
    )


def rank(
    cfg: Config, rule: str, *, top: int = 10, letters: Sequence[str] | None = None
) -> list[dict[str, object]]:
    """The ``top`` first guesses of each group under ``rule``, with their scores; where the
    game has a symmetry (Mastermind's colours and positions), one guess per class of guesses
    it maps onto one another (those split the answers alike)."""
    session = Session.open(cfg)
    out: list[dict[str, object]] = []
    for name, problem in session.problems(letters).items():
        ranked, (mx, parts, sq, slog) = first_guesses(problem, rule)
        sym = problem.game.symmetry(problem.guesses, problem.answer_rows)
        everyone = np.arange(len(problem.answers))
        if (
            sym is not None
            and (reps := representatives(sym, (), everyone, problem.answer_rows)) is not None
        ):
            ranked = ranked[np.isin(ranked, reps)]
        n = len(problem.answers)
        in_set = set(problem.answer_rows.tolist())
        for i, r in enumerate(ranked[:top].tolist()):
            s = Score(int(mx[r]), int(parts[r]), int(sq[r]), float(slog[r]), int(r in in_set), n)
            out.append(
                {
                    "group": name,
                    "rank": i + 1,
                    "guess": problem.guesses[r],
                    "largest": s.largest,
                    "parts": s.parts,
                    "expected_size": round(s.expected_size, 4),
                    "entropy": round(s.entropy, 4),
                    "possible": bool(s.n_in),
                }
            )
    return out
