"""Start-up (issue 48, item 6): what a person waits for before a command does anything, each
a whole process as a shell starts it, measured in one run.

    .venv/bin/python benchmarks/bench_startup.py --mmstrat /path/to/mmstrat [--rounds 5]

Per round, in turn: ``playbook --version``, ``playbook --help``, ``playbook play
lingo-nl-5-tv`` until its first prompt is on the screen (the shipped plan, no build), the
whole ``playbook strategy mastermind-4x6 --rule optimal`` and mmstrat's whole optimal search
of the same game (``-r p4c6r -s optimal -S -q``; fancidev's C++ solver, built from its public
source: ``benchmarks/README.md``). Medians over the rounds, and the goals: ``--version`` and
``--help`` under 0.3 s, play at its prompt under 1 s, the strategy command within 5x of
mmstrat's process. The first round is a warm-up (numba's caches written where they are
missing) and is not counted. Writes ``benchmarks/results/startup.json``.

``--cold`` (issue 56, item 6): the README's commands as a fresh install runs them first,
each round with empty caches (numba's kernels, ``NUMBA_CACHE_DIR``, and Python's bytecode,
``PYTHONPYCACHEPREFIX``, each in a new folder): the whole command's wall time, and whether it
compiled. Written under ``cold`` in the same file, the warm figures kept.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_core import Load, goal, load_note, machine, playbook_cmd, print_machine, table

HERE = Path(__file__).resolve().parent
DEFAULT_JSON = HERE / "results" / "startup.json"
PROMPT = "revealed letter"
"""The start of play's first prompt (the group to play)."""


def wall(cmd: list[str]) -> float:
    """The wall seconds of a whole process, its output discarded."""
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def to_prompt(cmd: list[str]) -> float:
    """Seconds from the start of ``cmd`` until :data:`PROMPT` is on its standard output; the
    process is then told to quit."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdout is not None and proc.stdin is not None
    os.set_blocking(proc.stdout.fileno(), False)
    seen = b""
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while PROMPT.encode() not in seen:
            if not sel.select(timeout=60):
                proc.kill()
                raise SystemExit(f"bench_startup: no prompt from {' '.join(cmd)} in 60 s")
            chunk = proc.stdout.read()
            if not chunk:
                raise SystemExit(f"bench_startup: {' '.join(cmd)} ended before its prompt")
            seen += chunk
    took = time.perf_counter() - t0
    proc.stdin.write(b"quit\n")
    proc.stdin.close()
    proc.wait(timeout=60)
    return took


def cold_cases(pb: list[str], folder: Path) -> dict[str, list[str]]:
    """The README's commands, as a person runs them first after installing."""
    return {
        "--version": [*pb, "--version"],
        "lists": [*pb, "lists"],
        "show lingo-nl-5-tv --letter c": [*pb, "show", "lingo-nl-5-tv", "--letter", "c"],
        "render lingo-nl-5-tv --format card": [
            *pb, "render", "lingo-nl-5-tv", "--format", "card", "-o", str(folder / "card.pdf"),
        ],
        "site my-site": [*pb, "site", str(folder / "my-site")],
        "play wordle --rule entropy --moves ...": [
            *pb, "play", "wordle", "--rule", "entropy", "--moves",
            "soare ..oxo diact ..ox. anvil xx... crane ooooo",
        ],
        "strategy mastermind-3x2 --rule optimal": [
            *pb, "strategy", "mastermind-3x2", "--rule", "optimal",
        ],
        "value mastermind-3x2": [*pb, "value", "mastermind-3x2"],
    }  # fmt: skip


def cold(rounds: int) -> dict[str, Any]:
    """Each README command ``rounds`` times, each time with empty caches."""
    seconds: dict[str, list[float]] = {}
    compiled: dict[str, bool] = {}
    with tempfile.TemporaryDirectory(prefix="cold-") as tmp:
        for r in range(rounds):
            for name, cmd in cold_cases(playbook_cmd(), Path(tmp) / f"out{r}").items():
                base = Path(tmp) / f"{r}-{len(seconds.get(name, []))}-{abs(hash(name))}"
                (Path(tmp) / f"out{r}").mkdir(exist_ok=True)
                env = {
                    **os.environ,
                    "NUMBA_CACHE_DIR": str(base / "numba"),
                    "PYTHONPYCACHEPREFIX": str(base / "pyc"),
                }
                t0 = time.perf_counter()
                done = subprocess.run(cmd, capture_output=True, text=True, env=env)
                took = time.perf_counter() - t0
                if done.returncode != 0:
                    raise SystemExit(f"bench_startup: {name} failed: {done.stderr.strip()}")
                seconds.setdefault(name, []).append(took)
                compiled[name] = "compiling the search kernels" in done.stderr
    return {
        "rounds": rounds,
        "seconds": seconds,
        "medians": {k: statistics.median(v) for k, v in seconds.items()},
        "compiles": compiled,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mmstrat", default=os.environ.get("MMSTRAT"), help="mmstrat's path")
    ap.add_argument("--rounds", type=int, default=5, help="counted rounds (default 5)")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write the figures")
    ap.add_argument("--cold", action="store_true", help="the README's commands, caches empty")
    args = ap.parse_args()
    if args.cold:
        m = machine()
        print_machine(m)
        with Load() as load:
            figures = cold(args.rounds)
        rows = [
            (name, f"{figures['medians'][name]:.2f} s", "yes" if figures["compiles"][name] else "")
            for name in figures["seconds"]
        ]
        print(table(("command, first run", "median", "compiles"), rows))
        print(load_note(load.as_dict()))
        record = json.loads(args.json.read_text()) if args.json.is_file() else {}
        record["cold"] = {"machine": m, "load": load.as_dict(), **figures}
        args.json.write_text(json.dumps(record, indent=1) + "\n")
        print(f"wrote {args.json}")
        return 0
    pb = playbook_cmd()
    cases: dict[str, tuple[Any, ...]] = {
        "--version": (wall, [*pb, "--version"], 0.3),
        "--help": (wall, [*pb, "--help"], 0.3),
        "play lingo-nl-5-tv (first prompt)": (to_prompt, [*pb, "play", "lingo-nl-5-tv"], 1.0),
        "strategy mastermind-4x6 --rule optimal": (
            wall,
            [*pb, "strategy", "mastermind-4x6", "--rule", "optimal"],
            None,
        ),
    }
    if args.mmstrat:
        cases["mmstrat -r p4c6r -s optimal -S -q"] = (
            wall,
            [args.mmstrat, "-r", "p4c6r", "-s", "optimal", "-S", "-q"],
            None,
        )
    else:
        print("no mmstrat (--mmstrat or $MMSTRAT): the strategy command is timed alone")
    times: dict[str, list[float]] = {k: [] for k in cases}
    with Load() as load:
        for r in range(args.rounds + 1):
            for name, (fn, cmd, _) in cases.items():
                took = fn(cmd)
                if r:  # round 0 warms the caches
                    times[name].append(took)
    m = machine()
    print_machine(m)
    rows = []
    medians = {k: statistics.median(v) for k, v in times.items()}
    for name, (_, _, limit) in cases.items():
        verdict = "" if limit is None else goal(medians[name] < limit) + f" (< {limit} s)"
        rows.append((name, f"{medians[name]:.3f} s", f"{min(times[name]):.3f} s", verdict))
    ratio = None
    peer = "mmstrat -r p4c6r -s optimal -S -q"
    if peer in medians:
        ratio = medians["strategy mastermind-4x6 --rule optimal"] / medians[peer]
        rows.append(("strategy / mmstrat", f"{ratio:.1f}x", "", goal(ratio <= 5) + " (<= 5x)"))
    print(table(("command", "median", "best", "goal"), rows))
    print(load_note(load.as_dict()))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    kept = json.loads(args.json.read_text()).get("cold") if args.json.is_file() else None
    args.json.write_text(
        json.dumps(
            {
                **({"cold": kept} if kept else {}),
                "machine": m,
                "load": load.as_dict(),
                "rounds": args.rounds,
                "seconds": times,
                "medians": medians,
                "strategy_over_mmstrat": ratio,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
