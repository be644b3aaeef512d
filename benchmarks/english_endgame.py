#!/usr/bin/env python3
"""English Lingo's End Game for the shipped British plans (issue 56, item 10): the chance of
finding the four-, five- and six-letter words within 90 seconds at each speed, passing none
and passing by the board and the clock, without and with the clock's overhead (a second lost
before each word), beside the same for plans whose guesses are free.

    .venv/bin/python benchmarks/english_endgame.py                 # measure, write the JSON
    .venv/bin/python benchmarks/english_endgame.py --free-from DIR # free plans built in DIR
    .venv/bin/python benchmarks/english_endgame.py --table         # the docs' table

The TV plans are the shipped ``lingo-en-4/5/6``; the free plans (``lingo-en-N-free``) are
built into a temporary folder unless ``--free-from`` names a folder that holds
``lingo-en-N-free/playbook.yaml``. JSON in ``benchmarks/results/english_endgame.json``.
"""

from __future__ import annotations

import datetime
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playbook import launch
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.io import files

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "english_endgame.json"
TV = ("lingo-en-4", "lingo-en-5", "lingo-en-6")
FREE = tuple(f"{n}-free" for n in TV)


def endgame(plans: list[str], cwd: Path) -> dict[str, Any]:
    """``playbook endgame PLANS --json`` (a second lost before each word in its figures with
    overhead)."""
    cmd = [sys.executable, "-m", "playbook", "endgame", *plans, "--word-overhead", "1", "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode != 0:
        raise PlaybookError(f"english_endgame: {' '.join(plans)}: {done.stderr.strip()}")
    return dict(json.loads(done.stdout))


def free_plans(folder: Path | None, tmp: Path) -> list[str]:
    """The free plans' files: in ``folder``, or built into ``tmp``."""
    if folder is not None:
        paths = [folder / n / "playbook.yaml" for n in FREE]
        missing = [str(p) for p in paths if not p.is_file()]
        if missing:
            raise PlaybookError(f"--free-from: no {', '.join(missing)}")
        return [str(p) for p in paths]
    for name in FREE:
        cmd = [sys.executable, "-m", "playbook", "build", name, "--out", str(tmp)]
        cmd += ["--formats", "yaml"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise PlaybookError(f"english_endgame: {name}: the build failed: {done.stderr}")
    return [str(tmp / n / "playbook.yaml") for n in FREE]


def table(record: dict[str, Any]) -> str:
    """The docs' table: a row per seconds a line."""
    tv, free = record["tv"], record["free"]

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    lines = [
        "| seconds a line | four letters in time | four and five | all three | all three, "
        "passing by the board and the clock | the same, a second lost before each word "
        "| all three, free guesses |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in sorted(tv["speeds"], key=int, reverse=True):
        f = tv["speeds"][s]
        late = tv["with_overhead"][s]
        first = f["first_words"]
        lines.append(
            f"| {s} | {pct(first[0])} | {pct(first[1])} | {pct(first[2])} "
            f"| {pct(f['best_with_sight'])} | {pct(late['best_with_sight'])} "
            f"| {pct(free['speeds'][s]['never_pass'])} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = Parser(description="The End Game of the shipped British plans.")
    parser.add_argument("--free-from", type=Path, help="a folder with the free plans built")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the JSON written")
    parser.add_argument("--table", action="store_true", help="print the docs' table of the JSON")
    parser.add_argument("--force", action="store_true", help="replace an earlier results file")
    args = parser.parse_args()
    if args.table:
        try:
            print(table(json.loads(args.out.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            print(
                f"english_endgame: --out: {args.out}: no results to print ({exc})", file=sys.stderr
            )
            return 2
        return 0
    try:
        files.result_target(args.out, "--out", args.force)
        with tempfile.TemporaryDirectory(prefix="endgame-") as tmp:
            free = free_plans(args.free_from, Path(tmp))
            record = {
                "generated": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": f"{platform.machine()}, {platform.python_implementation()} "
                f"{platform.python_version()}",
                "command": "python benchmarks/english_endgame.py",
                "tv": endgame(list(TV), Path(tmp)),
                "free": endgame(free, Path(tmp)),
            }
    except (PlaybookError, OSError) as exc:
        print(f"english_endgame: {exc}", file=sys.stderr)
        return 2
    files.atomic_write(args.out, json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    launch.script(main)
