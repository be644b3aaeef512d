"""One function per command: read the config or playbook, make one library call, print."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import signal
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.table import Table

from playbook import memory, model, parallel, words
from playbook.api import building, sheets, solving
from playbook.cli import console as report
from playbook.cli import watchdog
from playbook.cli.inputs import console, letters, past_budget
from playbook.cli.named import (
    bundled_configs,
    config_path,
    err,
    is_shipped,
    load_playbook,
    playbook_file,
)
from playbook.errors import PlaybookError
from playbook.io import files, shipped, signals


def _interrupted(
    kept: Callable[[], Path | None], stop: Callable[[], None], committed: Callable[[], bool]
) -> Callable[[int, object], None]:
    """A SIGINT/SIGTERM handler for a build: end the workers, say truthfully what was
    written and kept, exit at once."""

    def handler(signum: int, frame: object) -> None:
        if signals.defer(signum):
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
        os._exit(signals.INTERRUPTED)

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


def _size(path: Path) -> str:
    n = path.stat().st_size
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


def _shell(path: Path) -> str:
    """``path`` as one word of a shell command on one line: quoted where it must be, and in
    bash's $'...' form where it holds a newline or another unprintable character."""
    text = str(path)
    if text.isprintable():
        return shlex.quote(text)

    def char(c: str) -> str:
        if c in "'\\":
            return "\\" + c
        if c.isprintable():
            return c
        return f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"

    return "$'" + "".join(map(char, text)) + "'"


def next_steps(paths: list[Path], pb: model.Playbook) -> list[str]:
    """What to do with a build's files, for the person who built them: the card to print
    and the page to open on a phone first (a contestant's material), then the commands to
    look at the playbook and play along in a terminal."""
    out = []
    card = next((p for p in paths if p.name.endswith("-card.pdf")), None)
    page = next((p for p in paths if p.name.endswith("-play.html")), None)
    if card is not None:
        out.append(f"  print the card (all there is to learn, one sheet): {_shell(card)}")
    if page is not None:
        out.append(f"  open on a phone to play along (offline, one file): {_shell(page)}")
    yaml_path = paths[0]
    group = next((g.group for g in pb.groups if g.table), pb.groups[0].group if pb.groups else "")
    out.append(f"  playbook show {_shell(yaml_path)} --letter {shlex.quote(group)}")
    out.append(
        f"  playbook play {pb.name} --playbook {_shell(yaml_path)} --letter {shlex.quote(group)}"
    )
    return out


def _print_written(written: building.Written, pb: model.Playbook, seconds: float) -> None:
    """Every file written with its size, and what to do next."""
    console.print(f"wrote in {seconds:.1f} s:")
    for path, note in written.files:
        extra = f", {note}" if note else ""
        console.print(f"  {path}  ({_size(path)}{extra})", markup=False, soft_wrap=True)
    console.print("next:", markup=False)
    for line in next_steps([p for p, _ in written.files], pb):
        console.print(line, markup=False, soft_wrap=True)


def _build_summary(outcome: building.BuildOutcome, seconds: float) -> dict[str, Any]:
    """``build --json``: the verdict and exit code, the figures over all words and per group,
    what the plan asks to learn, and every file written with its size."""
    pb = outcome.result.playbook
    stats = pb.stats.to_dict() if pb.stats is not None else None
    return {
        "playbook": pb.name,
        "verdict": outcome.verdict,
        "exit_code": outcome.exit_code,
        "overall": stats,
        "groups": {g.group: g.stats.to_dict() for g in pb.groups if g.stats is not None},
        "memorise": memory.of_plans(pb.groups).words,
        "files": [
            {"path": str(path), "bytes": path.stat().st_size, "note": note}
            for path, note in outcome.written.files
        ],
        "problems": list(outcome.report.problems),
        "seconds": round(seconds, 1),
    }


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
        cfg = building.load_config(
            path,
            {
                "n_jobs": args.jobs,
                "backend": args.backend or ("dask" if args.scheduler else None),
                "scheduler": args.scheduler,
                "search.seed": args.seed,
                "search.restarts": args.restarts,
                "search.exhaustive_depth": args.search_depth,
                "search.device": args.device,
                "render.formats": args.formats,
            },
        )
        # the rules, the lists, the groups named and the folder: checked before any work
        job = building.prepare_build(
            cfg,
            Path(args.out),
            letters=letters(args.letters),
            use_cache=not args.no_cache,
            resume=not args.no_resume,
        )
        if job.checkpoints is not None:
            checkpoints.append(job.checkpoints)

        def finished(names: tuple[str, ...]) -> None:
            if names:
                err.print(
                    f"finished writing {', '.join(names)} in {job.out_dir} (a build stopped "
                    "while writing them)",
                    markup=False,
                    soft_wrap=True,
                )

        outcome = building.run_build(
            job, progress=prog, view=prog, on_commit=on_commit, on_finished=finished
        )
    result, written = outcome.result, outcome.written
    pb, session = result.playbook, result.session
    if args.json:
        print(json.dumps(_build_summary(outcome, time.perf_counter() - t0)))
        return outcome.exit_code
    if session.dropped:
        dropped = ", ".join(f"{n} {reason} (first: {ex!r})" for reason, n, ex in session.dropped)
        console.print(
            f"word list: {len(session.guesses)} words kept; dropped: {dropped}",
            markup=False,
            soft_wrap=True,
        )
    notes = building.after_build(outcome, args.out)
    ref = cfg.compare and Path(cfg.compare).stem
    report.print_summary(
        console, result, list(notes.siblings), comparison=written.comparison, reference=ref or ""
    )
    console.print(outcome.verdict, markup=False)
    for line in report.plan_lines(pb, notes.figures, notes.card_words):
        console.print(line, markup=False, soft_wrap=True)
    if result.checkpoint is not None and (bad := result.checkpoint.rejected):
        err.print(
            f"checkpoint: {len(bad)} saved unit{'s' if len(bad) != 1 else ''} unreadable or not "
            f"of their phase's shape (first: {bad[0]}): computed again",
            markup=False,
        )
    _print_written(written, pb, time.perf_counter() - t0)
    for p in outcome.report.problems[:20]:
        err.print(f"problem: {p}", soft_wrap=True)
    return outcome.exit_code


def cmd_render(args: argparse.Namespace) -> int:
    args.playbook = playbook_file(args.playbook)
    pb = load_playbook(args.playbook)
    if args.output is None and is_shipped(args.playbook):  # here, not into the package
        args.output = pb.name + sheets.format_suffix(args.format)
    sheets.render_target(args.playbook, args.format, args.output)  # before the others are read
    # --with: beside this plan on the card (a column each), or on the page (a tab each)
    args.others = [playbook_file(p) for p in args.others]
    others = [(load_playbook(p), p) for p in args.others]
    done = sheets.render_playbook(
        pb,
        args.playbook,
        args.format,
        output=args.output,
        tiles=args.tiles,
        language=args.language,
        letters=letters(args.letters),
        beside=others,
        frontier=args.frontier,
        n_jobs=parallel.effective_jobs(args.jobs),
    )
    if args.json:
        print(json.dumps({"file": str(done.path), "format": args.format, "pages": done.pages}))
        return 0
    pages = f" ({sum(done.pages.values())} letter pages)" if args.format == "pdf" else ""
    console.print(f"wrote {done.path}{pages}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    args.playbook = playbook_file(args.playbook)
    pb = load_playbook(args.playbook)
    jobs = parallel.effective_jobs(args.jobs)
    done = sheets.verify_playbook(
        pb, args.playbook, words=args.words, proofs=args.proofs, n_jobs=jobs
    )
    if args.json:
        print(json.dumps(done.summary()))
        return done.exit_code
    if not args.quiet:
        report.print_verify(console, pb, done.report, done.game)
    for line in done.lines():
        # a failure's path and a problem's key stay on one line; sentences wrap at words
        whole = line.startswith(("FAIL ", "PROBLEM ", "proofs: "))
        console.print(line, markup=False, soft_wrap=whole)
    return done.exit_code


def cmd_show(args: argparse.Namespace) -> int:
    args.playbook = playbook_file(args.playbook)
    pb = load_playbook(args.playbook)
    if args.json:  # the playbook file's own schema, cut to the group named
        if args.letter is not None:
            pb = model.only(pb, [report.group_named(pb, args.letter)], args.playbook)
        print(json.dumps(model.to_dict(pb)))
        return 0
    # piped or in a file: the width of a terminal of 80 columns (tables fold their cells)
    out = console if console.is_terminal else report.Out(width=80)
    report.print_show(out, pb, args.letter)
    return 0


def _print_strategy(args: argparse.Namespace, result: solving.StrategyResult) -> None:
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


def cmd_strategy(args: argparse.Namespace) -> int:
    out = sheets.output_file(args.out, "--out") if args.out else None
    with config_path(args.config) as path:
        cfg = building.load_config(path, {"rules.hard": True if args.hard else None})
        groups = letters(args.letters)
        result: solving.StrategyResult
        if args.rule == "optimal":
            # --budget: seconds in all, kept by the clock; a search past it keeps its best tree
            with watchdog.budget(args.budget, past_budget("strategy", args.budget)):
                result = solving.optimal(
                    cfg,
                    letters=groups,
                    budget=args.budget,
                    first=args.first,
                    n_jobs=parallel.effective_jobs(args.jobs),
                    until=time.time() + args.budget,
                )
        else:
            result = solving.play_rule(cfg, args.rule, letters=groups, first=args.first)
    if out is not None:
        files.atomic_write(out, model.dumps(result.playbook))
    if args.json:
        print(json.dumps(result.summary()))
    else:
        _print_strategy(args, result)
    return 0 if result.report.ok else 1


def cmd_rank(args: argparse.Namespace) -> int:
    with config_path(args.config) as path:
        cfg = building.load_config(path)
        rows = solving.rank(cfg, args.rule, top=args.top, letters=letters(args.letters))
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
    if args.json:
        print(json.dumps({**report.lists_record(), "configs": bundled_configs()}))
        return 0
    t = Table("name", "words", "source", title="Bundled word lists")
    for name in words.bundled_names():
        r = words.bundled_record(name)
        t.add_row(name, f"{r['count']:,}", str(r.get("origin", r["source"])))
    console.print(t)
    # wrapped at 78 columns as the summaries are, on a terminal or not (a pipe's console is
    # wider than any terminal: one line of 294 characters)
    for line in (
        *report.answer_model_lines(),
        "configs: " + ", ".join(bundled_configs()),
        "shipped plans (verified; play, show, render and site take them by name): "
        + ", ".join(shipped.names()),
    ):
        console.print(textwrap.fill(line, width=78, break_on_hyphens=False), markup=False)
    return 0
