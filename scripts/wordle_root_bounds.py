"""The first stage of Wordle's root proof (issue 30, item 3): a lower bound for every first
guess, to re-check or to go on from.

For each of the guesses of ``config/wordle.yaml`` (12,972 guesses, 2,315 answers, six turns):
the bound of every tree that opens with it (``GroupSearch.opening_bound``: the answers, and
for each part the least bound any second guess gives it), its parts scanned largest first
until the bound reaches ``--cutoff`` (default 7,920, salet's proven total: a first guess at
or above it cannot beat salet). The guesses left below the cut-off are what a proof must
still search. Guesses are shared among ``--jobs`` workers in chunks; each chunk's lines are
appended to the output as it ends, so an interrupted run goes on where it stopped when the
same command is run again.

    .venv/bin/python scripts/wordle_root_bounds.py [--jobs N] [--cutoff T] [--limit K]

Writes ``benchmarks/results/wordle_root_bounds.jsonl`` (a line per first guess: guess, the
counting bound, the bound, whether every part was scanned) and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from joblib import Parallel, delayed

from playbook import config
from playbook.pipeline.session import Session
from playbook.search.optimal import GroupSearch

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "wordle_root_bounds.jsonl"
CHUNK = 200


def _search() -> tuple[GroupSearch, tuple[str, ...]]:
    cfg = config.load(ROOT / "config" / "wordle.yaml")
    session = Session.open(cfg)
    (problem,) = session.problems(None).values()
    return GroupSearch(problem, session.game.limit, float("inf")), tuple(problem.guesses)


def _chunk(rows: list[int], cutoff: int) -> list[dict[str, Any]]:
    search, guesses = _search()
    out = []
    for g in rows:
        t0 = time.perf_counter()
        counting, _ = search.opening_bound(g, cutoff=0)
        bound, whole = search.opening_bound(g, cutoff=cutoff)
        out.append(
            {
                "guess": guesses[g],
                "row": g,
                "counting": counting,
                "bound": bound,
                "whole": whole,
                "seconds": round(time.perf_counter() - t0, 4),
            }
        )
    return out


def _done(path: Path) -> dict[int, dict[str, Any]]:
    """The lines already written (a last line cut short by an interruption is left out)."""
    done: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            done[int(rec["row"])] = rec
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="workers (default 2)")
    ap.add_argument("--cutoff", type=int, default=7920, help="salet's total (default 7920)")
    ap.add_argument("--limit", type=int, default=0, help="first guesses to bound (0: all)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"lines file (default {OUT})")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.cutoff < 1 or args.limit < 0:
        print("error: --jobs and --cutoff must be at least 1, --limit at least 0", file=sys.stderr)
        return 2
    _, guesses = _search()
    rows = list(range(len(guesses)))[: args.limit or None]
    done = _done(args.out)
    todo = [g for g in rows if g not in done]
    chunks = [todo[i : i + CHUNK] for i in range(0, len(todo), CHUNK)]
    print(f"{len(rows)} first guesses, {len(rows) - len(todo)} done before, {len(todo)} to go")
    t0 = time.perf_counter()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as fh:
        for part in Parallel(n_jobs=args.jobs, return_as="generator")(
            delayed(_chunk)(c, args.cutoff) for c in chunks
        ):
            for rec in part:
                fh.write(json.dumps(rec, sort_keys=True) + "\n")
                done[rec["row"]] = rec
            fh.flush()
            print(f"[{time.perf_counter() - t0:7.1f} s] {len(done)}/{len(rows)}", flush=True)
    recs = [done[g] for g in rows]
    below = sorted((r for r in recs if r["bound"] < args.cutoff), key=lambda r: r["bound"])
    print(
        f"{len(recs)} first guesses bounded; {len(recs) - len(below)} at or above {args.cutoff}"
        f" (ruled out); {len(below)} below it, still to search:"
    )
    print(" ".join(f"{r['guess']} {r['bound']}" for r in below[:40]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
