"""Mastermind's exact optimum against mmstrat, the fastest peer we know (issue 30, item 2).

mmstrat is fancidev's C++ Mastermind solver (github.com/fancidev/mastermind), built on this
machine from its public source; pass its path with ``--mmstrat`` (or ``$MMSTRAT``). Without
one the script says so and times ``playbook`` alone. Run from the repository root:

    .venv/bin/python benchmarks/bench_mastermind.py --mmstrat /path/to/mmstrat [--rounds 3]
    .venv/bin/python benchmarks/bench_mastermind.py --quick     # leaves 5 pegs x 5 colours out

Each round runs, per game, in turn: mmstrat's optimal search (``-s optimal -S -q``, a whole
process: its wall time), ``playbook``'s search in a fresh process (the seconds of
``optimal.optimal_tree`` alone: the numba kernels loaded beforehand, the matrix built), and
the whole command ``playbook strategy CONFIG --rule optimal`` (interpreter, imports, matrix,
search, verify). The ratios are of medians over the rounds, measured in the same run; the
totals must agree, and playbook's lower bound must equal its total (proven). Goals (issue
30): 4x6 at most mmstrat's time, 3x8 and 4x5 at most twice, 5x5 proven within 60 s. mmstrat
searches without a turn limit; playbook's limit is given per game, at least the depth of the
optimal trees, so the totals are those without a limit (mmstrat's ``-md`` finds no strategy
below 35 turns on 4x6, so the five-turn optimum has no peer figure). Writes
``benchmarks/results/mastermind.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench_core import Load, load_note, machine, playbook_cmd, print_machine, table

HERE = Path(__file__).resolve().parent
DEFAULT_JSON = HERE / "results" / "mastermind.json"

GAMES: list[tuple[int, int, int, int | None, float | None]] = [
    # pegs, colours, playbook's turn limit, known total, goal (playbook / mmstrat; None: none)
    (4, 6, 6, 5625, 1.0),
    (4, 6, 5, 5626, None),
    (3, 8, 8, 2359, 2.0),
    (4, 5, 8, 2463, 2.0),
    (5, 5, 7, 13496, None),
]
GOAL_5X5_S = 60.0

SEARCH = """
import json, sys, time
from playbook.core.problem import Problem
from playbook.games import Mastermind
from playbook.search import optimal
warm = Mastermind(pegs=3, colours=3, turns=4)
codes = warm.generated_words()
optimal.optimal_tree(Problem.of(warm, codes, codes), limit=4, budget=60)
pegs, colours, turns = (int(x) for x in sys.argv[1:4])
game = Mastermind(pegs=pegs, colours=colours, turns=turns)
codes = game.generated_words()
problem = Problem.of(game, codes, codes)
problem.F
r = optimal.optimal_tree(problem, limit=turns, budget=600)
print(json.dumps({"total": r.total, "lower_bound": r.lower_bound, "proven": r.proven,
                  "nodes": r.nodes, "seconds": r.seconds}))
"""


def mmstrat_path(arg: str | None) -> str | None:
    path = arg or os.environ.get("MMSTRAT") or shutil.which("mmstrat")
    return path if path and Path(path).is_file() and os.access(path, os.X_OK) else None


def run_mmstrat(exe: str, pegs: int, colours: int) -> tuple[float, int]:
    """mmstrat's optimal total and the wall seconds of its whole process."""
    t0 = time.perf_counter()
    out = subprocess.run(
        [exe, "-r", f"p{pegs}c{colours}r", "-s", "optimal", "-S", "-q"],
        capture_output=True, text=True, check=True, timeout=3600,
    ).stdout  # fmt: skip
    wall = time.perf_counter() - t0
    return wall, int(out.strip().splitlines()[-1].split(":")[0])


def run_search(pegs: int, colours: int, turns: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", SEARCH, str(pegs), str(colours), str(turns)],
        capture_output=True, text=True, check=True, timeout=3600,
    ).stdout  # fmt: skip
    return dict(json.loads(out.strip().splitlines()[-1]))


def write_config(folder: Path, pegs: int, colours: int, turns: int) -> Path:
    path = folder / f"mastermind-{pegs}x{colours}-{turns}.yaml"
    path.write_text(
        f"name: mastermind-{pegs}x{colours}-{turns}\ngame: mastermind\n"
        f"mastermind:\n  pegs: {pegs}\n  colours: {colours}\nrules:\n  turns: {turns}\n"
        "  revealed: none\n",
        "utf-8",
    )
    return path


def run_command(cfg: Path) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(
        [*playbook_cmd(), "strategy", str(cfg), "--rule", "optimal", "--budget", "600"],
        capture_output=True, text=True, check=True, timeout=3600,
    ).stdout  # fmt: skip
    wall = time.perf_counter() - t0
    total = next(ln for ln in out.splitlines() if ln.startswith("total "))
    return wall, total.split()[1]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--mmstrat", help="path of a build of mmstrat (else $MMSTRAT, or PATH)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="leave 5 pegs x 5 colours out")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON)
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    exe = mmstrat_path(args.mmstrat)
    m = machine()
    print_machine(m)
    if exe is None:
        print("mmstrat: no build given (--mmstrat PATH or $MMSTRAT): playbook alone, no ratios")
    else:
        print(f"mmstrat: {exe}")
    games = [g for g in GAMES if not (args.quick and g[:2] == (5, 5))]
    runs: dict[str, dict[str, list[Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp, Load() as load:
        configs = {g: write_config(Path(tmp), *g[:3]) for g in games}
        for r in range(args.rounds):
            for g in games:
                pegs, colours, turns, _, _ = g
                key = f"{pegs}x{colours} ({turns} turns)"
                row = runs.setdefault(key, {"mmstrat": [], "search": [], "command": []})
                if exe is not None and g != (4, 6, 5, 5626, None):
                    row["mmstrat"].append(run_mmstrat(exe, pegs, colours))
                row["search"].append(run_search(pegs, colours, turns))
                row["command"].append(run_command(configs[g]))
                print(f"  round {r + 1}: {key} done", flush=True)
    results = []
    lines = []
    for g in games:
        pegs, colours, turns, known, goal = g
        key = f"{pegs}x{colours} ({turns} turns)"
        row = runs[key]
        search = [s["seconds"] for s in row["search"]]
        command = [c[0] for c in row["command"]]
        totals = {s["total"] for s in row["search"]} | {int(c[1]) for c in row["command"]}
        proven = all(s["proven"] and s["lower_bound"] == s["total"] for s in row["search"])
        peer = [w for w, _ in row["mmstrat"]]
        peer_totals = {t for _, t in row["mmstrat"]}
        ms = statistics.median(search)
        mc = statistics.median(command)
        mp = statistics.median(peer) if peer else None
        ratio = ms / mp if mp else None
        ratio_cmd = mc / mp if mp else None
        if goal is not None and ratio is not None:
            verdict = f"goal <= {goal:g}x: {'met' if ratio <= goal else 'NOT MET'}"
        elif (pegs, colours) == (5, 5):
            verdict = f"goal proven within {GOAL_5X5_S:g} s: " + (
                "met" if proven and ms <= GOAL_5X5_S else "NOT MET"
            )
        else:
            verdict = "no peer figure"
        same = totals == {known} and (not peer_totals or peer_totals == {known})
        results.append(
            {
                "game": key, "known_total": known, "totals_agree": same, "proven": proven,
                "mmstrat_s": peer, "search_s": search, "command_s": command,
                "nodes": [s["nodes"] for s in row["search"]],
                "ratio_search": ratio, "ratio_command": ratio_cmd, "verdict": verdict,
            }
        )  # fmt: skip
        lines.append(
            (
                key,
                f"{sorted(totals)[0]}" + ("" if same else " DIFFERS"),
                "yes" if proven else "NO",
                f"{mp:.3f}" if mp else "-",
                f"{ms:.3f}",
                f"{ratio:.2f}x" if ratio else "-",
                f"{mc:.2f}",
                f"{ratio_cmd:.1f}x" if ratio_cmd else "-",
                verdict,
            )
        )
    print()
    print(
        table(
            ("game", "total", "proven", "mmstrat s", "search s", "ratio", "command s", "ratio",
             "verdict"),
            lines,
        )
    )  # fmt: skip
    print(f"medians of {args.rounds} rounds; ratios are playbook / mmstrat")
    print(load_note(load.as_dict()))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {"machine": m, "mmstrat": exe, "rounds": args.rounds, "load": load.as_dict(),
             "results": results},
            indent=2,
        )
        + "\n",
        "utf-8",
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
