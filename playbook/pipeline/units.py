"""The build's search phases as work units: the exhaustive decision over singles, pairs and
triples, hill-climbing, each mapped over workers (:mod:`playbook.parallel`) and kept in the
build's checkpoint (its key and the shape a kept unit must have are here too)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from playbook import __version__, parallel
from playbook.config import Config, SearchConfig
from playbook.core.matrix import FEEDBACK_KERNEL_VERSION
from playbook.core.problem import BIG, Problem
from playbook.core.ranking import Ranking, ranking
from playbook.errors import ConfigError, PlaybookError
from playbook.io.checkpoint import Checkpoint
from playbook.kinds import Device
from playbook.pipeline.session import Session
from playbook.search import openings
from playbook.search.openings import Opening


class Progress(Protocol):
    """Told how a phase goes: ``done`` of ``total`` units, ``detail`` naming the last one
    (the letter); ``milestone`` when a letter has finished the phase (a log shows every
    one). Called from the thread that runs the build."""

    def __call__(
        self, phase: str, done: int, total: int, detail: str = "", *, milestone: bool = False
    ) -> None: ...


CLIMB_BLOCK = 25
"""Hill-climbing restarts per work unit."""
PAIR_UNITS = 8
"""Work units per group in the pair search, whatever the number of workers: a unit that
has found a good pair skips more of the rest, so the units (not the workers) decide the
work, and the same units on any machine do the same work."""


@dataclasses.dataclass(frozen=True)
class Run:
    """How the phases of a build run: workers, progress and checkpoint."""

    n_jobs: int
    progress: Progress | None
    checkpoint: Checkpoint | None
    spell: Callable[[str], str] = str
    """How a word reads in progress lines (Dutch IJ as one letter)."""
    gpu: bool = False
    """Whether the triple search runs on the GPU (one unit per group, in this process)."""

    def tick(
        self, phase: str, done: int, total: int, detail: str = "", *, milestone: bool = False
    ) -> None:
        if self.progress:
            self.progress(phase, done, total, detail, milestone=milestone)


def map_units(
    phase: str,
    fn: Callable[..., Any],
    problems: dict[str, Problem],
    names: Sequence[str],
    args: tuple[Any, ...],
    parts: Callable[[Problem], Sequence[Any]],
    label: str,
    run: Run,
    finished: Callable[[str, list[Any]], str] | None = None,
) -> dict[str, list[Any]]:
    """Run ``fn(problem, *args, part)`` over the ``parts`` of every named group (checkpoint
    names ``{phase}{label}-{group}-{i}``); results listed per group. ``finished`` says, once
    all of a group's units are done, what it came to (a line in a log)."""
    units = [(name, part) for name in names for part in parts(problems[name])]
    left = {n: sum(1 for u, _ in units if u == n) for n in names}
    mine: dict[str, list[Any]] = {n: [] for n in names}
    done = [0]
    t0 = time.perf_counter()

    def tick(i: int, r: Any) -> None:
        done[0] += 1
        name = units[i][0]
        left[name] -= 1
        mine[name].append(r)
        if left[name] == 0 and finished is not None:
            what = finished(name, mine[name])
            detail = f"{name}: {what}, {time.perf_counter() - t0:.1f} s into the phase"
            run.tick(phase, done[0], len(units), detail, milestone=True)
        else:
            run.tick(phase, done[0], len(units), name)

    results = parallel.run(
        fn,
        [(problems[n], *args, part) for n, part in units],
        run.n_jobs,
        on_done=tick,
        checkpoint=run.checkpoint,
        names=[f"{phase}{label}-{n}-{i}" for i, (n, _) in enumerate(units)],
    )
    out: dict[str, list[Any]] = {n: [] for n in names}
    for (n, _), r in zip(units, results, strict=True):
        out[n].append(r)
    return out


def _singles(
    problems: dict[str, Problem],
    pending: list[str],
    rank: Ranking,
    limit: int,
    max_k: int,
    run: Run,
) -> dict[str, Opening]:
    """Groups that one opening settles (the best single when only one is allowed)."""
    found = {}
    names = list(pending)
    for i, name in enumerate(names, start=1):
        best = openings.best_single(problems[name], rank, openings.largest_left(limit, 1))
        if best is None and max_k == 1:
            best = openings.best_single(problems[name], rank, BIG)
        if best is not None:
            found[name] = best
            pending.remove(name)
        run.tick("singles", i, len(names), name)
    return found


def _pairs(
    problems: dict[str, Problem],
    pending: list[str],
    rank: Ranking,
    limit: int,
    max_k: int,
    run: Run,
) -> dict[str, Opening]:
    """Groups that two openings settle, exhaustively (the best pair when only two are
    allowed)."""

    def parts(p: Problem) -> list[np.ndarray]:
        return openings.first_word_units(p.F.shape[0], PAIR_UNITS)

    results = map_units(
        "pairs",
        openings.pair_unit,
        problems,
        pending,
        (rank, openings.largest_left(limit, 2)),
        parts,
        str(PAIR_UNITS),
        run,
    )
    found = {}
    for name in list(pending):
        p = problems[name]
        best = openings.merge_pairs(p, results[name], rank)
        if best is None and max_k == 2:
            single = openings.best_single(p, rank, BIG)
            assert single is not None
            best = openings.best_pair(p, rank, single.score.largest)
        if best is not None:
            found[name] = best
            pending.remove(name)
    return found


def _triples(
    problems: dict[str, Problem], pending: list[str], rank: Ranking, limit: int, run: Run
) -> dict[str, tuple[Opening | None, dict[str, Any]]]:
    """Exhaustive triple search for the groups that two openings do not settle: the best
    triple meeting the target (or the proof that none does), and the note recording it."""
    target = openings.largest_left(limit, 3)
    units, label = openings.TRIPLE_UNITS, f"x{openings.TRIPLE_UNITS}"
    fn: Callable[..., openings.TripleUnit] = openings.triple_unit
    if run.gpu:
        units, fn, label = 1, openings.triple_unit_gpu, "gpu"
        run = dataclasses.replace(run, n_jobs=1)

    def parts(p: Problem) -> range:
        return range(units)

    def finished(name: str, units: list[Any]) -> str:
        best = openings.merge_triples(problems[name], units, rank)
        if best is None:
            return f"no three openings leave at most {target} words (proven)"
        words = " ".join(run.spell(problems[name].guesses[m]) for m in best.moves)
        return f"{words} (largest set {best.score.largest}, proven best)"

    results = map_units(
        "triples", fn, problems, pending, (rank, target), parts, label, run, finished
    )
    out = {}
    for name in pending:
        p, mine = problems[name], [openings.TripleUnit.of(r) for r in results[name]]
        best = openings.merge_triples(p, mine, rank)
        note = {
            "target": target,
            "exists": best is not None,
            "best": [p.guesses[m] for m in best.moves] if best else None,
            "largest": best.score.largest if best else None,
            "first_words": sum(u.first_words for u in mine),
            "pairs": sum(u.pairs for u in mine),
            "third_words": sum(u.third_words for u in mine),
        }
        out[name] = (best, {"exhaustive_triples": note})
    return out


def _climb(
    problems: dict[str, Problem], pending: list[str], cfg: Config, run: Run
) -> dict[str, Opening]:
    """Hill-climbing in blocks of restarts, drawn group by group in turn as workers free up;
    a group draws no more blocks once one of its restarts meets the target.

    The result is the lowest-numbered restart that meets the target (else the best of all),
    whatever the number of workers: a group's blocks are drawn in order, so every block
    before the first that meets the target has run, and blocks drawn after it (while it
    ran) change nothing.
    """
    rank = ranking(cfg.search.ranking)
    target = openings.largest_left(game_limit(problems), 3)
    budget, seed = cfg.search.restarts, cfg.search.seed
    runs: dict[str, list[tuple[int, tuple[int, ...]]]] = {n: [] for n in pending}
    met: set[str] = set()
    drawn = dict.fromkeys(pending, 0)
    group_of: dict[str, str] = {}
    blocks = -(-budget // CLIMB_BLOCK)
    order = sorted(pending, key=lambda n: -len(problems[n].answers))

    def draw() -> Iterator[tuple[str, tuple[Any, ...]]]:
        # read by the thread that feeds the workers; ``met`` only grows
        for r0 in range(0, budget, CLIMB_BLOCK):
            for name in order:
                if name not in met:
                    unit = f"climb-{name}-{r0}"
                    group_of[unit] = name
                    drawn[name] += 1
                    restarts = list(range(r0, min(budget, r0 + CLIMB_BLOCK)))
                    yield unit, (problems[name], rank, target, seed, restarts)

    units = parallel.stream(openings.climb_restarts, draw(), run.n_jobs, checkpoint=run.checkpoint)
    for done, (unit, res) in enumerate(units, start=1):
        name = group_of[unit]
        runs[name].extend(res)
        if any(problems[name].score(m).largest <= target for _, m in res):
            met.add(name)
        total = sum(drawn[n] if n in met else blocks for n in pending)
        run.tick("climb", min(done, total), total, name)
    return {name: openings.pick_climb(problems[name], runs[name], rank, target) for name in pending}


def use_gpu(problems: dict[str, Problem], cfg: Config) -> bool:
    """Whether the triple search runs on the GPU (``search.device``), checked before any
    search: ``gpu`` where there is none, or for a group too large for the GPU kernel, is a
    one-line error; ``auto`` then keeps to the CPU."""
    device = cfg.search.device
    if device == Device.CPU or cfg.search.exhaustive_depth < 3 or cfg.search.max_openings < 3:
        return False
    from playbook.engines import cover_gpu  # numba.cuda only where asked for

    why = cover_gpu.available()
    if why is None:
        bound = openings.largest_left(game_limit(problems), 3)
        for name, p in problems.items():
            misfit = cover_gpu.fits(len(p.answers), p.F.shape[0], p.n_codes, bound)
            if misfit is not None:
                why = f"group {name!r} has {misfit}"
                break
    if why is not None and device == Device.GPU:
        raise ConfigError(f"{cfg.source}: key 'search.device': gpu: {why}; use cpu or auto")
    return why is None


@dataclasses.dataclass(frozen=True)
class Decision:
    """What the exhaustive search decides per group (:func:`decide`)."""

    found: dict[str, Opening]
    """The groups whose fewest openings meeting the target it found, with them."""
    undecided: list[str]
    """The groups left to hill-climbing: no triple meets the target (proven where
    ``notes`` records ``exhaustive_triples.exists: false``), or triples were not searched."""
    notes: dict[str, dict[str, Any]]
    """The triple search's verdict per group it looked at."""


PAIR_STEPS = 5 * 10**12
"""The most guess pairs times answers the exhaustive pair search takes on (about five minutes
on this project's 2-core machine: Mastermind 4x8, 4,096 codes, is 3.4e10 and takes 1.5 s)."""
PAIR_RATE = 2.3 * 10**10
"""Steps of the pair search a second on this project's 2-core machine (measured on 4x8)."""


def pair_refusal(p: Problem) -> str | None:
    """Why the exhaustive pair search of ``p`` costs too much to start (every pair of guesses
    against every answer: over :data:`PAIR_STEPS`), with what it would cost; None where it
    fits."""
    guesses, answers = p.F.shape
    steps = guesses * guesses * answers // 2
    if steps <= PAIR_STEPS:
        return None
    minutes = steps / PAIR_RATE / 60
    return (
        f"the search of opening pairs over {guesses:,} guesses against {answers:,} answers is "
        f"about {steps:.1e} steps (about {minutes:,.0f} minutes on 2 cores; the most started is "
        f"{PAIR_STEPS:.0e}); set search.max_openings: 1, or play a smaller game"
    )


def decide(problems: dict[str, Problem], search: SearchConfig, limit: int, run: Run) -> Decision:
    """The exhaustive part of :func:`find_openings` for the game's ``limit`` of turns: singles
    and pairs, and triples with ``search.exhaustive_depth: 3``; ``verify --proofs`` runs it
    again with a playbook's recorded settings to re-decide its proof claims."""
    max_k = search.max_openings
    rank = ranking(search.ranking)
    found: dict[str, Opening] = {}
    pending = []
    for name, p in problems.items():
        if len(p.answers) <= limit or max_k == 0:
            found[name] = openings.trivial(p)
        else:
            pending.append(name)
    if max_k >= 2:  # a cost said before the work, not found out after many minutes
        for name in pending:
            why = pair_refusal(problems[name])
            if why is not None:
                raise PlaybookError(f"group {name}: {why}")
    if max_k >= 1:
        found |= _singles(problems, pending, rank, limit, max_k, run)
    if max_k >= 2 and pending:
        found |= _pairs(problems, pending, rank, limit, max_k, run)
    notes: dict[str, dict[str, Any]] = {}
    if max_k >= 3 and search.exhaustive_depth >= 3 and pending:
        fit = []
        for name in pending:
            need = openings.triple_memory(problems[name])
            if need <= openings.TRIPLE_MEMORY:
                fit.append(name)
                continue
            notes[name] = {
                "exhaustive_triples": {
                    "target": openings.largest_left(limit, 3),
                    "skipped": f"the search would hold {need / 1e9:.1f} GB per worker (the "
                    f"limit is {openings.TRIPLE_MEMORY / 1e9:.1f} GB): hill-climbing instead",
                }
            }
        searched = _triples(problems, fit, rank, limit, run) if fit else {}
        for name, (best, note) in searched.items():
            if best is not None:
                found[name] = best
                pending.remove(name)
            notes[name] = note
    return Decision(found, pending, notes)


def game_limit(problems: dict[str, Problem]) -> int:
    """The game's limit of turns (every group's problem plays the one game)."""
    return next(iter(problems.values())).game.limit if problems else 0


def find_openings(problems: dict[str, Problem], cfg: Config, run: Run) -> dict[str, Opening]:
    """The fewest fixed openings per group after which every set left can be tried in time.

    Exhaustive over single words and pairs; over triples exhaustive with
    ``search.exhaustive_depth: 3`` (the default): the best triple by the ranking, or the proof
    that none meets the target (the group then keeps hill-climbing's best, with exception
    moves); with 2, hill-climbing alone (the paper's method).
    """
    d = decide(problems, cfg.search, game_limit(problems), run)
    found = dict(d.found)
    if cfg.search.max_openings >= 3 and d.undecided:
        found |= _climb(problems, d.undecided, cfg, run)
    notes = d.notes
    return {
        n: dataclasses.replace(op, notes=notes[n]) if n in notes else op for n, op in found.items()
    }


# ------------------------------------------------------------------ checkpoints


def checkpoint_of(cfg: Config, session: Session, names: Sequence[str], root: Path) -> Checkpoint:
    """The checkpoint folder of a build: keyed by everything its units' results depend on."""
    key = Checkpoint.key_of(
        __version__,
        FEEDBACK_KERNEL_VERSION,
        session.game.rules(),
        session.words_info,
        dataclasses.asdict(cfg.search),
        dataclasses.asdict(cfg.fast),
        cfg.profile,
        session.game.guess_pool,
        sorted(names),
    )
    return Checkpoint(root, key)


def _ints(xs: Any, below: int) -> bool:
    return all(type(x) is int and 0 <= x < below for x in xs)


def unit_check(problems: dict[str, Problem]) -> Callable[[str, Any], bool]:
    """Whether a unit read back from a checkpoint has the shape its phase returns, with
    guesses of its group (anything else is recomputed)."""

    def valid(name: str, v: Any) -> bool:
        phase, _, rest = name.partition("-")
        p = problems.get(rest.rpartition("-")[0])
        if p is None:
            return False
        n_g = p.F.shape[0]
        if phase.startswith("pairs"):
            return v is None or (
                isinstance(v, tuple)
                and len(v) == 6
                and _ints(v[:2], n_g)
                and _ints(v[2:5], 1 << 62)
                and type(v[5]) in (int, float)
            )
        if phase.startswith("triples"):
            return (
                isinstance(v, tuple)
                and len(v) == 4
                and (v[0] is None or (isinstance(v[0], tuple) and len(v[0]) == 3))
                and (v[0] is None or _ints(v[0], n_g))
                and _ints(v[1:], 1 << 62)
            )
        if phase == "fewest":
            return v is None or (type(v) is int and 0 <= v <= len(p.answers))
        if phase == "climb":
            return isinstance(v, tuple) and all(
                isinstance(r, tuple)
                and len(r) == 2
                and _ints(r[:1], 1 << 62)
                and isinstance(r[1], tuple)
                and _ints(r[1], n_g)
                for r in v
            )
        return False

    return valid
