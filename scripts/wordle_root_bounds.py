"""Wordle's root proof (issue 30, item 3): no first guess opens a tree with fewer guesses than
salet's 7,920, written so that anyone can re-check it.

Two stages over the guesses of ``config/wordle.yaml`` (12,972 guesses, 2,315 answers, six
turns), each a map over workers (``--jobs`` local processes, or a Dask cluster with
``--scheduler``) that appends a JSON line per first guess as each chunk ends, so that the
same command, run again after an interruption, goes on where it stopped:

1. every first guess's opening bound (``root_proof.opening_bound``: the answers, and for
   each part the least bound any second guess gives it), summed until it reaches
   ``--cutoff`` (default 7,920): a guess at or above it cannot beat salet. Lines in
   ``benchmarks/results/wordle_root_bounds.jsonl``.
2. every guess left below the cut-off, searched part by part until its bound reaches the
   cut-off (``refute_opening``); ``--best`` (salet) is solved whole, for its exact total.
   Lines in ``benchmarks/results/wordle_root_proof.jsonl``: each part's feedback code,
   answers, figure and whether the figure is the part's exact value (else a lower bound).

``--hard`` does the same under hard mode (every guess keeps what the feedback before it
revealed; the cut-off salet's 8,122; files ``wordle_hard_root_*.jsonl``).

``--recheck K`` re-derives K lines of each file chosen at random (``--seed``) instead: the
first stage's bounds again, and each of the second stage's parts solved again by a search
with a memo of its own.

    .venv/bin/python scripts/wordle_root_bounds.py [--hard] [--jobs N] [--scheduler tcp://HOST:PORT]
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import argparse
import errno
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import IO, Any

from playbook import parallel
from playbook.cli.parsing import Parser
from playbook.engines.constants import INF
from playbook.errors import PlaybookError
from playbook.io import files
from playbook.studies.root import bound_rows, proof_of, refute_rows, root_search
from playbook.studies.root_proof import opening_bound, recheck

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "config" / "wordle.yaml"
RESULTS = ROOT / "benchmarks" / "results"
BOUNDS = RESULTS / "wordle_root_bounds.jsonl"
PROOF = RESULTS / "wordle_root_proof.jsonl"
CHUNK = 200
"""First guesses per task of the first stage (0.1 s each)."""
PROOF_CHUNK = 4
"""First guesses per task of the second stage (up to a minute each)."""


def _whole(rec: Any, stage: int) -> bool:
    """Whether ``rec`` is a whole line of the stage: a first line's guess, row, bound and
    whether it is whole; a second's also its weight, exactness and parts of four numbers."""
    if not isinstance(rec, dict):
        return False
    kinds: dict[str, type] = {"row": int, "guess": str, "bound": int}
    kinds.update({"whole": bool} if stage == 1 else {"exact": bool, "weight": int, "parts": list})
    if any(not isinstance(rec.get(k), kind) for k, kind in kinds.items()):
        return False
    numbers = [rec["row"], rec["bound"], *([] if stage == 1 else [rec["weight"]])]
    if not all(_fits(x) for x in numbers):
        return False
    return stage == 1 or all(
        isinstance(p, list) and len(p) == 4 and all(_fits(x) for x in p) for p in rec["parts"]
    )


LARGEST = 2**40
"""The largest figure a line may hold (a total of guesses is far below; the search's own
arithmetic is of 64 bits): a larger one makes the line not whole."""
LONGEST_LINE = 1 << 20
"""Longer lines are not parsed (a line of deeply nested arrays would exhaust the stack)."""


def _fits(x: Any) -> bool:
    return type(x) is int and -LARGEST <= x <= LARGEST


def _done(path: Path, stage: int) -> tuple[dict[int, dict[str, Any]], int]:
    """The whole lines already written, and how many others there are (a last line cut short
    by an interruption, or one that is not the stage's: the guess is done again)."""
    done: dict[int, dict[str, Any]] = {}
    bad = 0
    if path.exists():
        for line in path.read_text(errors="replace").splitlines():
            try:  # a line of hostile JSON (huge digits, deep nesting) is just not whole
                rec = json.loads(line) if len(line) <= LONGEST_LINE else None
            except (ValueError, RecursionError):
                rec = None
            if _whole(rec, stage):
                done[int(rec["row"])] = rec
            else:
                bad += 1
    return done, bad


def _append(path: Path) -> IO[str]:
    """``path`` opened to append lines, never through a symbolic link (one planted or left
    dangling would write elsewhere) nor to anything but a plain file: an OSError otherwise."""
    kind = files.kind_of(path)
    if kind not in (None, "a file"):
        raise OSError(errno.EINVAL, f"is {kind}, not a file to write", str(path))
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    return os.fdopen(fd, "a")


def _stage(
    fn: Any,
    rows: list[int],
    chunk: int,
    cutoff: int,
    out: Path,
    jobs: int,
    label: str,
    hard: bool,
) -> dict[int, dict[str, Any]]:
    """Run ``fn`` over the ``rows`` not in ``out`` yet, appending its lines as chunks end."""
    done, _ = _done(out, 1 if fn is bound_rows else 2)
    todo = [g for g in rows if g not in done]
    print(
        f"{label}: {len(rows)} first guesses, {len(rows) - len(todo)} done before, "
        f"{len(todo)} to go"
    )
    t0 = time.perf_counter()
    tasks = [
        (f"{label}:{i}", (str(CONFIG), todo[i : i + chunk], cutoff, hard))
        for i in range(0, len(todo), chunk)
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    ended = len(rows) - len(todo)
    with _append(out) as fh:
        for _, part in parallel.stream(fn, tasks, jobs):
            for rec in part:
                fh.write(json.dumps(rec, sort_keys=True) + "\n")
                done[rec["row"]] = rec
            fh.flush()
            ended += len(part)
            print(f"[{time.perf_counter() - t0:7.1f} s] {ended}/{len(rows)}", flush=True)
    return done


def _recheck(k: int, seed: int, cutoff: int, bounds: Path, proof: Path, hard: bool) -> int:
    """Re-derive ``k`` lines of each file (the first's at ``cutoff``); the number that fail,
    a line that is not a whole one of its stage among them."""
    search, guesses = root_search(CONFIG, hard)
    rng = random.Random(seed)
    failed = 0
    for path, stage in ((bounds, 1), (proof, 2)):
        done, bad = _done(path, stage)
        if bad:
            print(f"{path}: {bad} lines that are not whole lines of stage {stage}")
            failed += bad
        for rec in rng.sample(list(done.values()), min(k, len(done))):
            g = int(rec["row"])
            t0 = time.perf_counter()
            if not 0 <= g < len(guesses) or guesses[g] != rec["guess"]:
                problems = [f"row {g} is not {rec['guess']!r}"]
            elif stage == 1:
                bound, whole = opening_bound(search, g, cutoff=cutoff)
                same = (bound, whole) == (rec["bound"], rec["whole"])
                problems = [] if same else [f"the bound is {bound}"]
            else:
                problems = recheck(search, proof_of(rec))
                if proof_of(rec).bound != rec["bound"]:
                    problems.append(f"its parts add up to {proof_of(rec).bound}")
            failed += bool(problems)
            verdict = "holds" if not problems else "FAILS: " + "; ".join(problems)
            took = time.perf_counter() - t0
            named = guesses[g] if 0 <= g < len(guesses) else repr(rec["guess"])
            print(f"stage {stage} {named}: {rec['bound']} {verdict} ({took:.1f} s)")
    return failed


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="local workers (default 2)")
    ap.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:PORT")
    ap.add_argument("--hard", action="store_true", help="hard mode (its own files and cut-off)")
    ap.add_argument("--cutoff", type=int, help="salet's total (default 7920, hard mode 8122)")
    ap.add_argument("--best", default="salet", help="the first guess that reaches the cut-off")
    ap.add_argument("--limit", type=int, default=0, help="first guesses to bound (0: all)")
    ap.add_argument("--guesses", help="only these first guesses, by commas (with --best)")
    ap.add_argument("--bounds", type=Path, help=f"first stage's lines (default {BOUNDS.name})")
    ap.add_argument("--proof", type=Path, help=f"second stage's lines (default {PROOF.name})")
    ap.add_argument("--recheck", type=int, default=0, metavar="K", help="re-derive K lines of each")
    ap.add_argument("--seed", type=int, default=0, help="which lines --recheck takes")
    args = ap.parse_args(argv)
    mode = "wordle_hard" if args.hard else "wordle"
    args.cutoff = args.cutoff if args.cutoff is not None else (8122 if args.hard else 7920)
    args.bounds = args.bounds or RESULTS / f"{mode}_root_bounds.jsonl"
    args.proof = args.proof or RESULTS / f"{mode}_root_proof.jsonl"
    if args.jobs < 1 or args.cutoff < 1 or args.limit < 0 or args.recheck < 0:
        print(
            "error: --jobs and --cutoff must be at least 1, --limit and --recheck at least 0",
            file=sys.stderr,
        )
        return 2
    if args.scheduler and (why := parallel.scheduler_refusal(args.scheduler)):
        print(f"error: --scheduler: {why}", file=sys.stderr)
        return 2
    _, guesses = root_search(CONFIG, args.hard)
    if args.best not in guesses:
        print(f"error: --best: {args.best!r} is not one of the guesses", file=sys.stderr)
        return 2
    best = guesses.index(args.best)
    rows = list(range(len(guesses)))[: args.limit or None]
    if args.guesses is not None:
        named = [w.strip() for w in args.guesses.split(",") if w.strip()]
        unknown = [w for w in named if w not in guesses]
        if not named or unknown:
            print(
                f"error: --guesses: {unknown[0]!r} is not one of the guesses"
                if unknown
                else "error: --guesses: give guesses separated by commas",
                file=sys.stderr,
            )
            return 2
        rows = sorted({guesses.index(w) for w in [*named, args.best]})
    if args.recheck:
        for path in (args.bounds, args.proof):
            if not path.is_file():
                print(f"error: {path}: no such file to re-check", file=sys.stderr)
                return 2
        failed = _recheck(args.recheck, args.seed, args.cutoff, args.bounds, args.proof, args.hard)
        first, second = _done(args.bounds, 1)[0], _done(args.proof, 2)[0]
        return max(int(failed > 0), _summary(args, guesses, rows, best, first, second))
    made = [path for path in (args.bounds, args.proof) if files.kind_of(path) is None]
    for path in (args.bounds, args.proof):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _append(path).close()
        except OSError as exc:
            print(
                f"error: {path}: {exc.strerror}; give a file that can be written", file=sys.stderr
            )
            return 2
    t0 = time.perf_counter()
    try:
        with parallel.backend(
            "dask" if args.scheduler else "loky", scheduler=args.scheduler, workers=args.jobs
        ):
            first = _stage(
                bound_rows, rows, CHUNK, args.cutoff, args.bounds, args.jobs, "stage 1", args.hard
            )
            left = sorted(
                (g for g in rows if first[g]["bound"] < args.cutoff and g != best),
                key=lambda g: (first[g]["bound"], g),
            )
            if best in rows:
                whole = f"{args.best}, whole"
                _stage(refute_rows, [best], 1, INF, args.proof, 1, whole, args.hard)
            second = _stage(
                refute_rows,
                left,
                PROOF_CHUNK,
                args.cutoff,
                args.proof,
                args.jobs,
                "stage 2",
                args.hard,
            )
    except PlaybookError as exc:
        for path in made:  # a run that could not start leaves no empty file behind
            if path.exists() and path.stat().st_size == 0:
                path.unlink()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{time.perf_counter() - t0:.1f} s this run")
    return _summary(args, guesses, rows, best, first, second)


def _summary(
    args: argparse.Namespace,
    guesses: tuple[str, ...],
    rows: list[int],
    best: int,
    first: dict[int, dict[str, Any]],
    second: dict[int, dict[str, Any]],
) -> int:
    """Print what the two files prove of the first guesses ``rows``; 1 where one opens below
    the cut-off or has no line that bounds it."""
    # a line whose guess is not the word of its row proves nothing of that row
    first = {g: r for g, r in first.items() if 0 <= g < len(guesses) and r["guess"] == guesses[g]}
    second = {g: r for g, r in second.items() if 0 <= g < len(guesses) and r["guess"] == guesses[g]}
    others = [g for g in rows if g != best]
    out = [g for g in others if g in first and first[g]["bound"] >= args.cutoff]
    later = [g for g in others if g in second and second[g]["bound"] >= args.cutoff]
    beat = [g for g in others if g in second and second[g]["exact"] and g not in later]
    open_ = [g for g in others if g not in out and g not in later and g not in beat]
    if best in second:
        rec = second[best]
        print(f"{args.best}: {'exactly' if rec['exact'] else 'at least'} {rec['bound']}")
    print(
        f"of the other {len(others)} first guesses, {len(out)} are at or above {args.cutoff} by"
        f" the first stage and {len([g for g in later if g not in out])} by the second"
    )
    for g in beat:
        print(f"{guesses[g]} opens with {second[g]['bound']}, below {args.cutoff}")
    if open_:
        print(f"{len(open_)} first guesses not bounded yet (e.g. {guesses[open_[0]]})")
    if beat or open_:
        return 1
    if best in second and second[best]["exact"] and second[best]["bound"] == args.cutoff:
        print(f"no first guess opens below {args.cutoff}: {args.best} is a best first guess")
    return 0


if __name__ == "__main__":
    launch.script(main)
