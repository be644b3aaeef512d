"""The command line: parses options, calls the library, prints results. Nothing else."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from playbook import __version__, config, model
from playbook.errors import PlaybookError

DEFAULT_CONFIG = "lingo-nl-5"

console = Console(highlight=False)
if not console.is_terminal:
    console = Console(highlight=False, width=200)
err = Console(stderr=True, highlight=False)


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


def _progress() -> tuple[Progress, object]:
    prog = Progress(
        TextColumn("{task.description:>8}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    tasks: dict[str, int] = {}

    def update(phase: str, done: int, total: int) -> None:
        if phase not in tasks:
            tasks[phase] = prog.add_task(phase, total=total)
        prog.update(tasks[phase], completed=done, total=total)

    return prog, update


def cmd_build(args: argparse.Namespace) -> int:
    from playbook import build, files, parallel, report

    with config_path(args.config) as path:
        cfg = config.load(path)
        cfg = config.override(
            cfg,
            n_jobs=args.jobs,
            backend=args.backend or ("dask" if args.scheduler else None),
            scheduler=args.scheduler,
            **{
                "search.seed": args.seed,
                "search.restarts": args.restarts,
                "search.exhaustive_depth": args.search_depth,
            },
        )
        out_dir = files.inside(Path(args.out), cfg.name)
        checkpoint_root = None if args.no_resume else out_dir / ".checkpoint"
        prog, update = _progress()

        def interrupted(signum: int, frame: object) -> None:
            # outputs are written only after the build and every checkpoint is atomic, so
            # stopping at once loses nothing already written (numba code cannot be unwound)
            kept = checkpoint_root if checkpoint_root and checkpoint_root.exists() else None
            prog.stop()
            err.print(
                "interrupted: no output was changed"
                + (
                    f"; finished work units are kept in {kept}: run the same command again "
                    "to resume"
                    if kept
                    else ""
                ),
                soft_wrap=True,
            )
            sys.stderr.flush()
            os._exit(130)

        previous = {s: signal.signal(s, interrupted) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            with (
                parallel.backend(
                    cfg.backend,
                    scheduler=cfg.scheduler,
                    workers=parallel.effective_jobs(cfg.n_jobs),
                ),
                prog,
            ):
                result = build.build(
                    cfg,
                    letters=args.letters,
                    progress=update,
                    use_cache=not args.no_cache,
                    checkpoint_root=checkpoint_root,
                )
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        ref = report.load_reference(cfg, path)
    pb = result.playbook
    kept = len(result.setup.answers)
    if result.setup.dropped:
        dropped = ", ".join(
            f"{n} {reason} (first: {ex!r})" for reason, n, ex in result.setup.dropped
        )
        console.print(f"word list: {kept} words kept; dropped: {dropped}", markup=False)
    target = out_dir / "playbook.yaml"
    files.atomic_write(target, model.dumps(pb))
    comparison = report.comparison(result, ref)
    pages = report.write_renderings(pb, out_dir, cfg, ref, comparison)
    if result.checkpoint is not None:
        result.checkpoint.clear()
    report.print_summary(
        console,
        result,
        ref,
        siblings=report.siblings(Path(args.out), pb),
        pages=pages,
        comparison=comparison,
    )
    rep = result.report
    game = result.setup.game
    verdict = (
        f"verified: every word found within {game.limit} {game.limit_name}"
        if rep.ok
        else f"verification: {len(rep.failures)} words not guaranteed, {len(rep.problems)} problems"
    )
    console.print(f"wrote {target} ({verdict}) in {result.seconds:.1f} s")
    for p in rep.problems[:20]:
        err.print(f"problem: {p}", soft_wrap=True)
    return 0 if rep.ok else 1


def cmd_render(args: argparse.Namespace) -> int:
    from playbook import files, parallel, render

    pb = model.load(args.playbook)
    fmt = args.format
    out = Path(args.output) if args.output else Path(args.playbook).with_suffix(f".{fmt}")
    if fmt == "pdf":
        jobs = parallel.effective_jobs(args.jobs)
        data, pages = render.render_pdf(pb, tiles=args.tiles, jobs=jobs)
        files.atomic_write(out, data)
        console.print(f"wrote {out} ({sum(pages.values())} letter pages)")
    else:
        text = (
            render.render_html(pb, tiles=args.tiles)
            if fmt == "html"
            else render.render_markdown(pb)
        )
        files.atomic_write(out, text)
        console.print(f"wrote {out}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from playbook import report

    pb = model.load(args.playbook)
    rep, game = report.verify_file(pb, args.playbook, args.words)
    if not args.quiet:
        report.print_verify(console, pb, rep, game)
    for f in rep.failures:
        console.print(f"FAIL {f.group} {f.word}: {f.reason}; path: {' '.join(f.path) or '-'}")
    for p in rep.problems:
        console.print(f"PROBLEM {p}")
    if rep.ok:
        console.print(
            f"OK: all {rep.overall.words} words found within {game.limit} {game.limit_name}"
        )
        return 0
    console.print(
        f"FAILED: {len(rep.failures)} words not found in time, "
        f"{len(rep.problems)} problems in the file"
    )
    return 1


def cmd_show(args: argparse.Namespace) -> int:
    from playbook import report

    pb = model.load(args.playbook)
    report.print_show(console, pb, args.letter)
    return 0


def cmd_strategy(args: argparse.Namespace) -> int:
    import json

    from playbook import files, optimal, strategy

    with config_path(args.config) as path:
        cfg = config.load(path)
        if args.hard:
            cfg = config.override(cfg, **{"rules.hard": True})
        if args.rule == "optimal":
            result = optimal.play_optimal(cfg, letters=args.letters, budget=args.budget)
        else:
            result = strategy.play_rule(cfg, args.rule, letters=args.letters)
    summary = result.summary()
    if args.out:
        files.atomic_write(Path(args.out), model.dumps(result.playbook))
    if args.json:
        print(json.dumps(summary))
    else:
        dist = " ".join(f"{k}:{v}" for k, v in summary["distribution"].items())  # type: ignore[attr-defined]
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
        for key in ("lower_bound", "counting_bound", "optimal", "nodes"):
            if key in summary:
                console.print(f"{key.replace('_', ' ')}: {summary[key]}")
        console.print(
            f"time {summary['seconds']} s" + (f"; tree written to {args.out}" if args.out else "")
        )
    return 0 if result.report.ok else 1


def cmd_rank(args: argparse.Namespace) -> int:
    import json

    from playbook import strategy

    with config_path(args.config) as path:
        cfg = config.load(path)
        rows = strategy.rank(cfg, args.rule, top=args.top, letters=args.letters)
    if args.json:
        print(json.dumps(rows))
        return 0
    t = Table(title=f"best first guesses by {args.rule}")
    for c in (
        "group",
        "rank",
        "guess",
        "largest",
        "parts",
        "expected size",
        "entropy bits",
        "possible answer",
    ):
        t.add_column(c, justify="left" if c in ("group", "guess") else "right")
    for r in rows:
        t.add_row(
            r["group"],
            str(r["rank"]),
            r["guess"],
            str(r["largest"]),
            str(r["parts"]),
            f"{r['expected_size']:.3f}",
            f"{r['entropy']:.4f}",
            "yes" if r["possible"] else "",
        )
    console.print(t)
    return 0


def _plans(args: argparse.Namespace, cfg: config.Config) -> dict[str, model.GroupPlan] | None:
    if not args.playbook:
        return None
    pb = model.load(args.playbook)
    if pb.game.get("name") != cfg.game:
        raise PlaybookError(
            f"{args.playbook}: game.name: the playbook is for {pb.game.get('name')!r}, the "
            f"config for {cfg.game!r}"
        )
    return {g.group: g for g in pb.groups}


def cmd_play(args: argparse.Namespace) -> int:
    from playbook import play

    with config_path(args.config) as path:
        cfg = config.load(path)
        plans = _plans(args, cfg)
        rule = args.rule or "scm"
        ctxs = play.contexts(cfg)
    group = args.letter
    interactive = args.moves is None
    if group is None and len(ctxs) == 1:
        group = next(iter(ctxs))
    while group not in ctxs:
        if group is not None:
            err.print(f"no group {group!r}; groups: {', '.join(ctxs)}", soft_wrap=True)
        if not interactive:
            raise PlaybookError(f"--letter: give the revealed group, one of {', '.join(ctxs)}")
        console.print("revealed letter (group)? ", end="")
        line = sys.stdin.readline()
        if not line:
            return 0
        group = line.strip().lower()
    ctx = ctxs[group]
    plan = plans.get(group) if plans is not None else None
    session = play.Session(ctx, play.make_player(ctx, plan, rule))
    if not interactive:
        tokens = args.moves.split()
        if len(tokens) % 2:
            raise PlaybookError("--moves: give pairs of WORD FEEDBACK")
        for word, fb in zip(tokens[::2], tokens[1::2], strict=True):
            console.print(f"> {word} {fb}")
            console.print(session.handle(f"{word} {fb}"), markup=False)
        return 0
    console.print(f"group {group}: {len(ctx.answers)} words; ? for help", markup=False)
    console.print(session.status(), markup=False)
    while not session.finished:
        console.print("> ", end="")
        line = sys.stdin.readline()
        if not line:
            break
        console.print(session.handle(line), markup=False)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from playbook import play

    with config_path(args.config) as path:
        cfg = config.load(path)
        plans = _plans(args, cfg)
        groups = (
            [g.strip() for g in args.letters.split(",")]
            if args.letters and "," in args.letters
            else list(args.letters)
            if args.letters
            else None
        )
        ctxs = play.contexts(cfg, groups)
    sim = play.simulate(
        ctxs, plans, args.rule or "scm", host=args.host, games=args.games, seed=args.seed
    )
    game = next(iter(ctxs.values())).game
    if args.show:
        for g in sim.games:
            moves = " ".join(f"{w} {game.format(c)}" for w, c in g.moves)
            console.print(
                f"{g.answer}: {moves} -> {g.cost} {game.limit_name}{'' if g.won else ' LOST'}",
                markup=False,
            )
    dist = " ".join(f"{k}:{v}" for k, v in sim.distribution.items())
    console.print(
        f"{len(sim.games)} games ({args.host} host): {game.limit_name} {dist}; "
        f"average {sim.average:.4f}, worst {sim.worst}, losses {sim.losses}"
    )
    return 0 if sim.losses == 0 else 1


def cmd_lists(args: argparse.Namespace) -> int:
    from playbook import words

    t = Table("name", "words", "source", "sha256", title="Bundled word lists")
    for name in words.bundled_names():
        r = words.bundled_record(name)
        t.add_row(name, str(r["count"]), str(r["source"]), str(r["sha256"])[:16] + "…")
    console.print(t)
    console.print("configs: " + ", ".join(bundled_configs()))
    return 0


def _jobs(text: str) -> int:
    """--jobs of render: a number of workers, or -1 for one per core."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n == 0 or n < -1:
        raise argparse.ArgumentTypeError(f"expected a positive number or -1, got {text!r}")
    return n


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="playbook",
        description="Precompute, verify and print strategies for Lingo and related games.",
    )
    p.add_argument("--version", action="version", version=f"playbook {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    b = sub.add_parser(
        "build",
        help="search, verify and write a playbook",
        description="Search the openings and tables, verify them and write "
        "OUT/<name>/playbook.yaml.",
    )
    b.add_argument(
        "config", nargs="?", help=f"config file or bundled config name (default: {DEFAULT_CONFIG})"
    )
    b.add_argument("--out", default="output", help="output folder (default: output)")
    b.add_argument("--jobs", type=int, help="worker processes (-1: one per core)")
    b.add_argument("--letters", help="only these groups, e.g. abc or a,b,c")
    b.add_argument("--seed", type=int, help="hill-climbing seed (overrides the config)")
    b.add_argument("--restarts", type=int, help="hill-climbing restarts (overrides the config)")
    b.add_argument("--no-cache", action="store_true", help="recompute the feedback matrix")
    b.add_argument(
        "--search-depth",
        type=int,
        choices=(2, 3),
        help="exhaustive search up to pairs (2) or triples (3)",
    )
    b.add_argument(
        "--backend",
        choices=("loky", "dask"),
        help="local processes (loky, default) or a Dask cluster",
    )
    b.add_argument(
        "--scheduler",
        help="address of a running Dask scheduler, tcp://HOST:PORT "
        "(implies --backend dask); without it dask starts a local cluster of --jobs "
        "workers",
    )
    b.add_argument(
        "--no-resume",
        action="store_true",
        help="ignore and do not keep checkpoints of finished work units",
    )
    b.set_defaults(func=cmd_build)

    v = sub.add_parser(
        "verify",
        help="replay every word through a playbook",
        description="Replay every word of the list through the playbook using "
        "only the game rules. Exit 0 if all are found in time, 1 if not, 2 if "
        "the file is unreadable or malformed.",
    )
    v.add_argument("playbook", help="playbook YAML file")
    v.add_argument(
        "--words", help="check against this word list file instead of the playbook's own"
    )
    v.add_argument("--quiet", action="store_true", help="only failures and the verdict")
    v.set_defaults(func=cmd_verify)

    rd = sub.add_parser(
        "render",
        help="print a playbook as PDF, HTML or Markdown",
        description="Render any playbook file (including the 1994 paper's) "
        "as a printable PDF, HTML or Markdown cheat sheet.",
    )
    rd.add_argument("playbook", help="playbook YAML file")
    rd.add_argument(
        "--format", choices=("pdf", "html", "md"), default="pdf", help="output format (default pdf)"
    )
    rd.add_argument("-o", "--output", help="output file (default: beside the playbook)")
    rd.add_argument(
        "--tiles", choices=("lingo", "wordle"), default="lingo", help="tile style (default lingo)"
    )
    rd.add_argument(
        "--jobs",
        type=_jobs,
        default=-1,
        help="render a long PDF in this many parts at once (default -1: one per core)",
    )
    rd.set_defaults(func=cmd_render)

    s = sub.add_parser(
        "show",
        help="print a playbook's openings and table",
        description="Print the summary, or one letter's openings and table.",
    )
    s.add_argument("playbook", help="playbook YAML file")
    s.add_argument("--letter", help="the group (starting letter) to show")
    s.set_defaults(func=cmd_show)

    rules = (
        "minimax",
        "most-parts",
        "expected-size",
        "entropy",
        "scm",
        "first-consistent",
        "optimal",
    )
    st = sub.add_parser(
        "strategy",
        help="play a rule against every answer; the whole tree",
        description="Build the full decision tree of a rule over every answer "
        "and report total, average, worst case and distribution.",
    )
    st.add_argument("config", help="config file or bundled config name")
    st.add_argument("--rule", required=True, choices=rules, help="how to choose each guess")
    st.add_argument("--json", action="store_true", help="print the figures as JSON")
    st.add_argument("--out", help="write the tree as a playbook YAML file")
    st.add_argument("--letters", help="only these groups")
    st.add_argument(
        "--hard", action="store_true", help="hard mode: guesses consistent with all feedback so far"
    )
    st.add_argument(
        "--budget",
        type=float,
        default=60.0,
        help="seconds per group for --rule optimal (default 60)",
    )
    st.set_defaults(func=cmd_strategy)

    rk = sub.add_parser(
        "rank",
        help="the best first guesses under a rule",
        description="Rank first guesses by a rule, with their largest subset, "
        "number of subsets, expected size and entropy.",
    )
    rk.add_argument("config", help="config file or bundled config name")
    rk.add_argument("--rule", required=True, choices=rules[:-1], help="ranking rule")
    rk.add_argument("--top", type=int, default=10, help="how many (default 10)")
    rk.add_argument("--json", action="store_true", help="print as JSON")
    rk.add_argument("--letters", help="only these groups")
    rk.set_defaults(func=cmd_rank)

    pl = sub.add_parser(
        "play",
        help="the interactive assistant: next move after feedback",
        description="Shows the move to play, reads the feedback you saw, shows "
        "the next move and the words left. Commands: l list, u undo, ? help, q "
        "quit; WORD FEEDBACK when you played another word.",
    )
    pl.add_argument("config", help="config file or bundled config name")
    pl.add_argument("--playbook", help="follow this playbook (default: the rule)")
    pl.add_argument(
        "--rule", choices=rules[:-1], help="rule for moves off the playbook (default scm)"
    )
    pl.add_argument("--letter", help="the revealed letter (group)")
    pl.add_argument("--moves", help='non-interactive: "WORD FEEDBACK WORD FEEDBACK ..."')
    pl.set_defaults(func=cmd_play)

    sm = sub.add_parser(
        "simulate",
        help="self-play of a playbook or rule",
        description="Play every answer, random answers or against a cheating "
        "host; print the distribution, average, worst case and losses.",
    )
    sm.add_argument("config", help="config file or bundled config name")
    sm.add_argument("--playbook", help="play this playbook (default: the rule)")
    sm.add_argument("--rule", choices=rules[:-1], help="rule (default scm)")
    sm.add_argument(
        "--host",
        choices=("all", "random", "adversarial"),
        default="all",
        help="who picks the word (default all: every answer once)",
    )
    sm.add_argument("--games", type=int, default=100, help="games for --host random")
    sm.add_argument("--seed", type=int, default=0, help="seed for --host random")
    sm.add_argument("--letters", help="only these groups")
    sm.add_argument("--show", action="store_true", help="print every game move by move")
    sm.set_defaults(func=cmd_simulate)

    ls = sub.add_parser(
        "lists",
        help="list the bundled word lists and configs",
        description="The word lists and configs that ship with playbook.",
    )
    ls.set_defaults(func=cmd_lists)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: errors in input become one line on stderr and a non-zero exit."""
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except PlaybookError as exc:
        err.print(f"error: {exc}", markup=False, soft_wrap=True)
        return exc.exit_code
    except KeyboardInterrupt:
        err.print(
            "interrupted: nothing was written for the unfinished build (finished outputs are kept)",
            soft_wrap=True,
        )
        return 130
    except BrokenPipeError:
        return 0
