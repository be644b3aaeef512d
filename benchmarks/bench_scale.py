"""Benchmark of the exhaustive triple search (issues 6 and 16).

    .venv/bin/python benchmarks/bench_scale.py [--old LETTERS] [--workers 1,2,all] [--dask]

Measured in one run and printed as figures and ratios (also to benchmarks/results/scale.json):

1. The letters that need three openings (no single word leaves at most turns - 1 words, no
   pair at most turns - 2), and for each the CPU seconds of its whole exhaustive triple search
   (its 16 units, serial) with the verdict.
2. Against the triple kernel before issue 16 (``playbook/core/kernels.py`` at commit cf308a8,
   read with ``git show``): the CPU seconds of the whole search of the letters ``--old``
   (default l), on the same problems; the ratio (goal: at least 10x).
3. CPU seconds of the whole triple phase (every unit of every such letter) on each number of
   workers of ``--workers`` (``all``: one per core; more workers than cores share them, which
   measures the work, not the wall time): the total must not grow with the workers (goal:
   within 10% of one worker's).
4. With ``--dask``: the same units on a Dask LocalCluster of 2 workers against local processes.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from playbook import parallel, words
from playbook.core.matrix import cached_matrix
from playbook.core.problem import Problem
from playbook.core.ranking import SCM
from playbook.games import WordGame
from playbook.search import openings

HERE = Path(__file__).resolve().parent
BEFORE = "cf308a8"
"""The last commit with the triple kernel that issue 16 replaced."""
TURNS = 5


def letter_data(game: WordGame, letter: str, ws: list[str], F: np.ndarray) -> Problem:
    cols = [i for i, w in enumerate(ws) if w[0] == letter]
    return Problem.from_matrix(game, ws, [ws[j] for j in cols], F[:, cols], name=letter)


def needs_three(p: Problem) -> bool:
    """No single word and no pair meets its target (what the build decides first)."""
    if len(p.answers) <= TURNS or openings.best_single(p, SCM, TURNS - 1) is not None:
        return False
    return openings.best_pair(p, SCM, TURNS - 2) is None


def timed_unit(p: Problem, unit: int) -> tuple[float, Any]:
    """One unit of the triple search, with the CPU seconds it took in its worker."""
    t = time.process_time()
    r = openings.triple_unit(p, SCM, TURNS - 3, unit)
    return time.process_time() - t, tuple(r)


def old_kernel() -> Any:
    """The kernels module as it was before issue 16."""
    text = subprocess.run(
        ["git", "show", f"{BEFORE}:playbook/core/kernels.py"],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "kernels_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("kernels_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="l", help="letters to search with the old kernel too")
    ap.add_argument("--serial", default="yes", help="'no' skips the serial figures (1.)")
    ap.add_argument("--dask", action="store_true", help="also time a Dask LocalCluster")
    ap.add_argument("--workers", default="1,2,all", help="worker counts for the phase (3.)")
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    game = WordGame(length=5, turns=TURNS)
    ws = list(words.load("opentaal-nl", length=5, ij_to_y=True).words)
    F, _ = cached_matrix(game, ws, ws)
    out: dict[str, Any] = {
        "machine": {
            "cores": cores,
            "python": platform.python_version(),
            "cpu": platform.processor() or platform.machine(),
            "date": datetime.datetime.now().isoformat(timespec="minutes"),
        },
    }
    print(f"playbook triple-search benchmark ({cores} cores, {datetime.datetime.now():%c})")
    problems = {c: letter_data(game, c, ws, F) for c in "abcdefghijklmnopqrstuvwxyz"}
    flags = parallel.run(needs_three, [(p,) for p in problems.values()], -1)
    pending = [c for c, f in zip(problems, flags, strict=True) if f]
    openings.triple_unit(problems["x"], SCM, 2, 0)  # compile / load the kernels

    print(f"\n1. letters that need three openings ({len(pending)}): whole search, serial")
    per_letter = {}
    for c in pending if args.serial != "no" else []:
        p = problems[c]
        t = time.process_time()
        units = [openings.triple_unit(p, SCM, 2, u) for u in range(openings.TRIPLE_UNITS)]
        cpu = time.process_time() - t
        best = openings.merge_triples(p, units, SCM)
        verdict = " ".join(p.guesses[m] for m in best.moves) if best else "none (proven)"
        per_letter[c] = {"answers": len(p.answers), "cpu_s": cpu, "best": verdict}
        print(f"  {c} {len(p.answers):4d} words  {cpu:6.1f} CPU-s  {verdict}", flush=True)
    total = sum(v["cpu_s"] for v in per_letter.values())
    print(f"  all {len(pending)} letters: {total:.1f} CPU-s")
    out["letters"] = per_letter

    print(f"\n2. the kernel before issue 16 ({BEFORE}) on the same letters: {args.old}")
    old = old_kernel()
    keys = SCM.kernel_keys(openings.TIES)
    ratios = {}
    for c in args.old:
        p = problems[c]
        t = time.process_time()
        r = old.triple_chunk(p.F, np.arange(p.F.shape[0]), 2, keys, p.in_answers, p.n_codes)
        cpu_old = time.process_time() - t
        moves = None if r[0] < 0 else tuple(sorted((int(r[0]), int(r[1]), int(r[2]))))
        new_best = openings.merge_triples(
            p, [openings.triple_unit(p, SCM, 2, u) for u in range(openings.TRIPLE_UNITS)], SCM
        )
        assert moves == (tuple(sorted(new_best.moves)) if new_best else None), c
        cpu_new = per_letter[c]["cpu_s"] if c in per_letter else float("nan")
        ratios[c] = cpu_old / cpu_new
        print(
            f"  {c}: before {cpu_old:.1f} CPU-s, now {cpu_new:.1f} CPU-s: {ratios[c]:.1f}x "
            f"(goal >= 10x: {'met' if ratios[c] >= 10 else 'NOT MET'}), same triple",
            flush=True,
        )
    out["before"] = {"commit": BEFORE, "ratios": ratios}

    counts = sorted({cores if w == "all" else int(w) for w in args.workers.split(",")})
    print(f"\n3. the whole triple phase on {counts} workers: CPU seconds of the units")
    tasks = [(problems[c], u) for c in pending for u in range(openings.TRIPLE_UNITS)]
    phase: dict[str, dict[str, float]] = {}
    results = {}
    for jobs in counts:
        parallel.run(timed_unit, [(problems["x"], 0)] * jobs, jobs)  # start the workers
        t = time.perf_counter()
        rs = parallel.run(timed_unit, tasks, jobs)
        wall = time.perf_counter() - t
        cpu = sum(r[0] for r in rs)
        results[jobs] = [r[1] for r in rs]
        phase[str(jobs)] = {"cpu_s": cpu, "wall_s": wall}
        print(f"  {jobs:2d} workers: {cpu:7.1f} CPU-s, {wall:6.1f} s wall", flush=True)
    first = results[counts[0]]
    assert all(v == first for v in results.values())
    for jobs in counts[1:]:
        growth = phase[str(jobs)]["cpu_s"] / phase[str(counts[0])]["cpu_s"]
        print(
            f"  CPU at {jobs} workers / at {counts[0]}: {growth:.3f} (goal within 10%: "
            f"{'met' if abs(growth - 1) <= 0.10 else 'NOT MET'}); same results"
        )
    out["workers"] = phase

    if args.dask and "2" in phase:
        print("\n4. the same units on a Dask LocalCluster of 2 workers")
        with parallel.backend("dask", workers=2):
            parallel.run(timed_unit, [(problems["x"], 0)] * 2, 2)
            t = time.perf_counter()
            rs = parallel.run(timed_unit, tasks, 2)
            wall = time.perf_counter() - t
        assert [r[1] for r in rs] == first
        ratio = wall / phase["2"]["wall_s"]
        print(f"  dask {wall:.1f} s vs local {phase['2']['wall_s']:.1f} s: {ratio:.2f}x")
        out["dask"] = {"wall_s": wall, "ratio": ratio}

    path = HERE / "results" / "scale.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(f"\nwrote {path}")


if __name__ == "__main__":
    sys.exit(main())
