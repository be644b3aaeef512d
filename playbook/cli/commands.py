"""One function per command: read the config or playbook, make one library call, print."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path

from rich.console import Console
from rich.table import Table

from playbook import config, files, model, parallel, render, words
from playbook.cli import console as report
from playbook.errors import PlaybookError
from playbook.pipeline import build, outputs, strategies
from playbook.pipeline.session import Session, split_letters
from playbook.verify import Report, partial

DEFAULT_CONFIG = "lingo-nl-5"

# Rich markup and emoji codes are off: text from files (names, groups, words) is printed as
# it is, never read as markup; our own styling is given as rich Text (:mod:`playbook.cli.console`)
console = Console(highlight=False, markup=False, emoji=False)
if not console.is_terminal:
    console = Console(highlight=False, markup=False, emoji=False, width=200)
err = Console(stderr=True, highlight=False, markup=False, emoji=False)


def bundled_configs() -> list[str]:
    """Names of the configs that ship with the package."""
    folder = resources.files("playbook.configs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


@contextlib.contextmanager
def config_path(arg: str | None) -> Iterator[Path]:
    """A config file path: the argument, or a bundled config by name (default lingo-nl-5)."""
    name = arg or DEFAULT_CONFIG
    p = Path(name)
    if arg and (p.exists() or "/" in arg or arg.endswith((".yaml", ".yml"))):
        yield p
        return
    if name not in bundled_configs():
        raise PlaybookError(
            f"{name}: no such config file or bundled config; bundled: "
            f"{', '.join(bundled_configs())}"
        )
    with resources.as_file(resources.files("playbook.configs").joinpath(name + ".yaml")) as f:
        yield Path(f)


def load_playbook(path: str) -> model.Playbook:
    """A playbook file, read as it is: reading writes nothing (a set of outputs that a killed
    build left half in place beside it is only named: the next build into that folder
    finishes it, :func:`playbook.files.finish_set`)."""
    folder = Path(path).parent
    if files.pending(folder):
        err.print(
            f"note: {folder / files.STAGING} holds outputs a build stopped while moving in "
            f"place; {Path(path).name} is read as it is (the next build into {folder} "
            "finishes the move)",
            markup=False,
            soft_wrap=True,
        )
    return model.load(path)


def _letters(text: str | None) -> tuple[str, ...] | None:
    """``--letters`` as group names (None: every group; given but naming none, an error
    where the groups are known)."""
    return None if text is None else split_letters(text)


def _interrupted(
    kept: Callable[[], Path | None], stop: Callable[[], None], committed: Callable[[], bool]
) -> Callable[[int, object], None]:
    """A SIGINT/SIGTERM handler for a build: end the workers, say truthfully what was
    written and kept, exit at once."""

    def handler(signum: int, frame: object) -> None:
        if files.defer(signum):
            return  # comes again once the set of outputs is in place
        # the outputs are written as one set (files.write_set) and every checkpoint is
        # atomic, so stopping at once loses nothing already written (numba code cannot be
        # unwound); the workers go with this process
        parallel.end_workers()
        stop()
        if committed():
            err.print("interrupted after the outputs were written in full", soft_wrap=True)
        else:
            folder = kept()
            resume = (
                f"; finished work units are kept in {folder}: run the same command again to resume"
                if folder is not None and folder.exists()
                else ""
            )
            err.print("interrupted: no output was changed" + resume, soft_wrap=True)
        sys.stderr.flush()
        os._exit(130)

    return handler


@contextlib.contextmanager
def _answering_signals(
    kept: Callable[[], Path | None], stop: Callable[[], None], committed: Callable[[], bool]
) -> Iterator[None]:
    """SIGINT and SIGTERM answered by :func:`_interrupted` for the whole command, the
    summary printed after the outputs included."""
    handler = _interrupted(kept, stop, committed)
    previous = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, h in previous.items():
            signal.signal(sig, h)


def _run_build(
    args: argparse.Namespace,
    cfg: config.Config,
    path: Path,
    out_dir: Path,
    prog: report.ProgressView,
    on_commit: Callable[[], None],
    session: Session,
) -> tuple[build.BuildResult, outputs.Written]:
    """Build and write, with progress shown."""
    workers = parallel.effective_jobs(cfg.n_jobs)
    with parallel.backend(cfg.backend, scheduler=cfg.scheduler, workers=workers), prog:
        ref = outputs.load_reference(cfg, path)  # before the search: it may be wrong
        result = build.build(
            cfg,
            letters=_letters(args.letters),
            progress=prog,
            use_cache=not args.no_cache,
            checkpoint_root=None if args.no_resume else out_dir / ".checkpoint",
            session=session,
        )
        return result, outputs.write_build(result, out_dir, ref, prog, on_commit=on_commit)


def _size(path: Path) -> str:
    n = path.stat().st_size
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


def _print_written(written: outputs.Written, pb: model.Playbook, seconds: float) -> None:
    """Every file written with its size, and the commands to try next."""
    console.print(f"wrote in {seconds:.1f} s:")
    for path, note in written.files:
        extra = f", {note}" if note else ""
        console.print(f"  {path}  ({_size(path)}{extra})", markup=False, soft_wrap=True)
    yaml_path = written.files[0][0]
    group = next((g.group for g in pb.groups if g.table), pb.groups[0].group if pb.groups else "")
    console.print("next:", markup=False)
    console.print(f"  playbook show {yaml_path} --letter {group}", markup=False, soft_wrap=True)
    console.print(
        f"  playbook play {pb.name} --playbook {yaml_path} --letter {group}",
        markup=False,
        soft_wrap=True,
    )


def cmd_build(args: argparse.Namespace) -> int:
    prog = report.ProgressView(err)
    committed: list[bool] = []
    checkpoints: list[Path] = []  # known once the config is read
    with _answering_signals(
        lambda: checkpoints[0] if checkpoints else None, prog.stop, lambda: bool(committed)
    ):
        return _build_command(args, prog, checkpoints, lambda: committed.append(True))


def _build_command(
    args: argparse.Namespace,
    prog: report.ProgressView,
    checkpoints: list[Path],
    on_commit: Callable[[], None],
) -> int:
    t0 = time.perf_counter()
    if args.scheduler and args.backend == "loky":
        raise PlaybookError(
            "--scheduler: a Dask scheduler is used by --backend dask, not loky; leave one out"
        )
    with config_path(args.config) as path:
        cfg = config.override(
            config.load(path),
            n_jobs=args.jobs,
            backend=args.backend or ("dask" if args.scheduler else None),
            scheduler=args.scheduler,
            **{
                "search.seed": args.seed,
                "search.restarts": args.restarts,
                "search.exhaustive_depth": args.search_depth,
                "search.device": args.device,
                "render.formats": args.formats,
            },
        )
        # the rules, the lists and the groups named are checked before anything is written
        build.check_buildable(cfg)
        session = Session.open(cfg, use_cache=not args.no_cache)
        groups = session.select(_letters(args.letters))
        out_dir = files.inside(Path(args.out), cfg.name)
        files.writable_folder(out_dir)  # before the search, not after it
        # the outputs' names are known now: one that cannot be replaced is refused now
        chosen = groups if args.letters is not None else None
        files.check_targets(out_dir, outputs.output_names(cfg, chosen))
        if not args.no_resume:
            checkpoints.append(out_dir / ".checkpoint")
        with files.locked(out_dir):
            if moved := files.finish_set(out_dir):
                err.print(
                    f"finished writing {', '.join(moved)} in {out_dir} (a build stopped while "
                    "writing them)",
                    markup=False,
                    soft_wrap=True,
                )
            result, written = _run_build(args, cfg, path, out_dir, prog, on_commit, session)
    pb, session = result.playbook, result.session
    if session.dropped:
        dropped = ", ".join(f"{n} {reason} (first: {ex!r})" for reason, n, ex in session.dropped)
        console.print(
            f"word list: {len(session.answers)} words kept; dropped: {dropped}",
            markup=False,
            soft_wrap=True,
        )
    siblings = outputs.siblings(Path(args.out), pb)
    ref = cfg.compare and Path(cfg.compare).stem
    report.print_summary(
        console, result, siblings, comparison=written.comparison, reference=ref or ""
    )
    rep, game = result.report, session.game
    within = f"every word found within {game.limit} {game.limit_name}"
    if partial(pb):
        within = f"every word of {', '.join(g.group for g in pb.groups)} found within " + (
            f"{game.limit} {game.limit_name} (a partial playbook: those groups only)"
        )
    verdict = (
        f"verified: {within}" + (f" but {_declared(rep)}" if rep.declared else "")
        if rep.ok
        else f"verification: {len(rep.undeclared)} words not found in time, "
        f"{len(rep.problems)} problems"
    )
    console.print(verdict, markup=False)
    if result.checkpoint is not None and (bad := result.checkpoint.rejected):
        err.print(
            f"checkpoint: {len(bad)} saved unit{'s' if len(bad) != 1 else ''} unreadable or not "
            f"of their phase's shape (first: {bad[0]}): computed again",
            markup=False,
        )
    _print_written(written, pb, time.perf_counter() - t0)
    for p in rep.problems[:20]:
        err.print(f"problem: {p}", soft_wrap=True)
    return 0 if rep.ok else 1


def cmd_render(args: argparse.Namespace) -> int:
    pb = load_playbook(args.playbook)
    if (letters := _letters(args.letters)) is not None:
        pb = model.only(pb, letters, f"--letters ({args.playbook})")
    fmt = args.format
    spec = render.FORMATS[fmt]
    source = Path(args.playbook)
    out = _output_file(args.output or str(source.with_name(source.stem + spec.suffix)), "-o")
    others = [load_playbook(p) for p in args.others]
    answers = guesses = None
    if spec.needs_answers:
        render.check_game(pb.game)
    if spec.needs_answers or (spec.wants_answers and "list" in pb.words):
        lists = outputs.play_lists(pb, args.playbook)
        answers, guesses = lists.answers, lists.guesses
    jobs = parallel.effective_jobs(args.jobs)
    data, pages = render.render(
        pb, fmt, tiles=args.tiles, jobs=jobs, answers=answers, guesses=guesses, others=others
    )
    files.atomic_write(out, data)
    console.print(
        f"wrote {out}" + (f" ({sum(pages.values())} letter pages)" if fmt == "pdf" else "")
    )
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    pb = load_playbook(args.playbook)
    t0 = time.perf_counter()
    jobs = parallel.effective_jobs(args.jobs)
    rep, game = outputs.verify_file(pb, args.playbook, args.words, proofs=args.proofs, n_jobs=jobs)
    if not args.quiet:
        report.print_verify(console, pb, rep, game)
    for f in rep.undeclared:
        console.print(
            f"FAIL {f.group} {f.word}: {f.reason}; path: {' '.join(f.path) or '-'}",
            markup=False,
            soft_wrap=True,
        )
    by_group: dict[str, list[str]] = {}
    for f in rep.declared:
        by_group.setdefault(f.group, []).append(f.word)
    for group, ws in by_group.items():
        console.print(f"NOT GUARANTEED {group} (declared): {', '.join(ws)}")
    for p in rep.problems:
        console.print(f"PROBLEM {p}", markup=False, soft_wrap=True)
    within = f"within {game.limit} {game.limit_name}"
    claimed = [p.group for p in pb.groups if p.claims_proof]
    if rep.unproven:
        console.print(
            f"not checked: the proofs claimed for groups {', '.join(rep.unproven)} (best "
            "openings, how few words any strategy must leave); 'playbook verify --proofs' "
            "re-decides them",
            markup=False,
        )
    elif args.proofs and claimed:
        seconds = time.perf_counter() - t0
        console.print(
            f"proofs: re-decided by exhaustive search for groups {', '.join(claimed)} "
            f"in {seconds:.1f} s",
            markup=False,
            soft_wrap=True,
        )
    if partial(pb):
        groups = ", ".join(g.group for g in pb.groups)
        console.print(f"a partial playbook (build --letters): groups {groups} only", markup=False)
    if rep.ok and not rep.declared:
        console.print(f"OK: all {rep.overall.words} words found {within}")
        return 0
    if rep.ok:
        found = rep.overall.words - len(rep.declared)
        console.print(f"OK: {found} of {rep.overall.words} words found {within}; {_declared(rep)}")
        return 0
    console.print(
        f"FAILED: {len(rep.undeclared)} words not found in time, "
        f"{len(rep.problems)} problems in the file"
    )
    return 1


def _declared(rep: Report) -> str:
    n = len(rep.declared)
    return f"{n} word{'s' if n != 1 else ''} the playbook declares not guaranteed"


def cmd_show(args: argparse.Namespace) -> int:
    report.print_show(console, load_playbook(args.playbook), args.letter)
    return 0


def _print_strategy(args: argparse.Namespace, result: strategies.StrategyResult) -> None:
    summary = result.summary()
    distribution = summary["distribution"]
    assert isinstance(distribution, dict)
    dist = " ".join(f"{k}:{v}" for k, v in distribution.items())
    first = summary["first_guess"]
    if isinstance(first, dict):
        first = " ".join(f"{k}={v}" for k, v in first.items())
    console.print(f"rule {args.rule}: first guess {first}")
    console.print(
        f"total {summary['total']} guesses over {result.report.overall.words} "
        f"answers, average {summary['average']}, worst {summary['worst']}, "
        f"failures {summary['failures']}"
    )
    console.print(f"distribution {dist}")
    for key in ("unguaranteed", "lower_bound", "counting_bound", "optimal", "nodes"):
        if key in summary:
            console.print(f"{key.replace('_', ' ')}: {summary[key]}")
    console.print(
        f"time {summary['seconds']} s" + (f"; tree written to {args.out}" if args.out else "")
    )


def _output_file(name: str, flag: str) -> Path:
    """A file to write at the end, checked before the work: not a folder, in a folder that
    can be written."""
    out = Path(name)
    if out.is_dir():
        raise PlaybookError(f"{flag}: {out} is a folder; name the file to write")
    files.writable_folder(out.parent, flag)
    return out


def cmd_strategy(args: argparse.Namespace) -> int:
    out = _output_file(args.out, "--out") if args.out else None
    with config_path(args.config) as path:
        cfg = config.load(path)
        if args.hard:
            cfg = config.override(cfg, **{"rules.hard": True})
        letters = _letters(args.letters)
        result = (
            strategies.play_optimal(cfg, letters=letters, budget=args.budget, first=args.first)
            if args.rule == "optimal"
            else strategies.play_rule(cfg, args.rule, letters=letters, first=args.first)
        )
    if out is not None:
        files.atomic_write(out, model.dumps(result.playbook))
    if args.json:
        print(json.dumps(result.summary()))
    else:
        _print_strategy(args, result)
    return 0 if result.report.ok else 1


def cmd_rank(args: argparse.Namespace) -> int:
    with config_path(args.config) as path:
        cfg = config.load(path)
        rows = strategies.rank(cfg, args.rule, top=args.top, letters=_letters(args.letters))
    if args.json:
        print(json.dumps(rows))
        return 0
    t = Table(title=f"best first guesses by {args.rule}")
    for c in ("group", "rank", "guess", "largest", "parts"):
        t.add_column(c, justify="left" if c in ("group", "guess") else "right")
    for c in ("expected size", "entropy bits", "possible answer"):
        t.add_column(c, justify="right")
    for r in rows:
        t.add_row(
            str(r["group"]),
            str(r["rank"]),
            str(r["guess"]),
            str(r["largest"]),
            str(r["parts"]),
            f"{r['expected_size']:.3f}",
            f"{r['entropy']:.4f}",
            "yes" if r["possible"] else "",
        )
    console.print(t)
    return 0


def cmd_lists(args: argparse.Namespace) -> int:
    t = Table("name", "words", "source", "sha256", title="Bundled word lists")
    for name in words.bundled_names():
        r = words.bundled_record(name)
        t.add_row(name, str(r["count"]), str(r["source"]), str(r["sha256"])[:16] + "…")
    console.print(t)
    console.print("configs: " + ", ".join(bundled_configs()))
    return 0
