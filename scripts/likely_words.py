"""Plans for the words a show plays (issue 43): each TV config built and measured.

For every Dutch TV config, the common-words plan (``lingo-nl-N-tv``: the answers are the words
of Zipf frequency at least 2.5) beside the whole-list plan (``lingo-nl-N-tv-all``), each built
by ``playbook build`` in a process of its own (wall time measured), verified, and measured:
answers and guesses, average and worst turns, the average weighted by frequency, the chance
of losing the show's word, words to learn (openings, exception moves, words out of list
order) and how deep triggers nest, the card's pages, and for a common plan the rare words of
the list still found in time by the card's fallback (:mod:`playbook.pipeline.likely`).

    .venv/bin/python scripts/likely_words.py [--configs a,b] [--out DIR] [--jobs N]
    .venv/bin/python scripts/likely_words.py --table      # the README table from the JSON
    .venv/bin/python scripts/likely_words.py --configs lingo-en-4,lingo-en-5,lingo-en-6 \\
        --json benchmarks/results/english_lingo.json           # English Lingo (issue 46)

Writes ``benchmarks/results/likely_words.json`` (whole or not at all) and prints the table.
Builds go to ``--out`` (default ``output``); a build already there is built again.
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playbook import memory, model, render
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.io import files, safe_yaml
from playbook.pipeline import likely
from playbook.pipeline.session import Session

ROOT = Path(__file__).resolve().parent.parent
JSON = ROOT / "benchmarks" / "results" / "likely_words.json"
CONFIGS = [
    *(f"lingo-nl-{n}-tv{s}" for n in (5, 6, 7, 8) for s in ("", "-all")),
    "lingo-nl-5-tv+likely",
    "lingo-nl-6-tv+likely",
]
"""The configs measured; ``NAME+likely`` is NAME with ``search.try_order: likely`` (the most
used words first in every try list where that keeps the guarantee)."""


def config_arg(name: str, out: Path) -> tuple[str, str]:
    """The build's config argument and the playbook's name: a bundled config, or for
    ``NAME+likely`` a copy of NAME's file in ``out`` with ``search.try_order: likely``."""
    base, _, variant = name.partition("+")
    if not variant:
        return base, base
    if variant != "likely":
        raise PlaybookError(f"likely_words: {name}: unknown variant {variant!r}; allowed: likely")
    text = (ROOT / "config" / f"{base}.yaml").read_text()
    own = f"{base}-likely-order"
    text = text.replace(f"name: {base}\n", f"name: {own}\n").replace(
        "search:\n", "search:\n  try_order: likely\n"
    )
    path = files.inside(out, f"{own}.yaml")
    files.atomic_write(path, text)
    return str(path), own


def measure(name: str, out: Path, jobs: int) -> dict[str, Any]:
    """Build ``name`` into ``out`` and measure its playbook."""
    arg, own = config_arg(name, out)
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "playbook", "build", arg, "--out", str(out), "--jobs", str(jobs)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise PlaybookError(f"likely_words: {name}: the build failed: {last}")
    folder = out / own
    path = folder / "playbook.yaml"
    pb = model.load(str(path))
    session = Session.from_playbook(pb, str(path))
    fig = likely.measure(pb, session)
    mem = memory.of_plans(pb.groups)
    few = memory.small_groups(session.answers, session.game.group_of, pb.groups)
    card = folder / "playbook-card.pdf"
    pages = render.page_count(card.read_bytes()) if card.exists() else None
    st = pb.stats
    assert st is not None
    return {
        "config": name,
        "answers": fig.answers,
        "guesses": len(session.guesses),
        "average": round(fig.average, 4),
        "weighted_average": round(fig.weighted_average, 4),
        "worst": max(st.distribution, default=0),
        "unguaranteed": st.failures,
        "fewest_unguaranteed": pb.fewest_unguaranteed if st.failures else 0,
        "lost_chance": round(fig.lost_chance, 6),
        "card_words": len(memory.card_words(pb.groups, few)),
        "learn": mem.words,
        "learn_openings": mem.openings,
        "learn_moves": mem.moves,
        "learn_ordered": mem.ordered,
        "nesting": mem.nesting,
        "card_pages": pages,
        "rare": fig.rare,
        "rare_found": fig.rare_found,
        "list_average": round(fig.list_average, 4),
        "list_lost_chance": round(fig.list_lost_chance, 6),
        "build_s": round(wall, 1),
    }


def _lost(r: dict[str, Any]) -> str:
    """Words not guaranteed, and the fewest any strategy must leave where known."""
    fewest = r.get("fewest_unguaranteed")
    return f"{r['unguaranteed']}" + (f" ({fewest})" if fewest is not None else "")


def table(data: dict[str, Any]) -> str:
    """The README's table: a row per config."""
    head = [
        "config", "answers", "guesses", "average", "weighted", "worst",
        "not guaranteed (fewest possible)",
        "words on the card (openings + moves + order)", "nesting", "card pages",
        "rare words found",
        "build",
    ]  # fmt: skip
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for r in data["runs"]:
        rare = f"{r['rare_found']:,} of {r['rare']:,}" if r["rare"] else "-"
        words = r.get("card_words", r["learn"])
        learn = f"{words} ({r['learn_openings']} + {r['learn_moves']} + {r['learn_ordered']})"
        row = [
            r["config"], f"{r['answers']:,}", f"{r['guesses']:,}", f"{r['average']:.3f}",
            f"{r['weighted_average']:.3f}", str(r["worst"]), _lost(r), learn,
            str(r["nesting"]), str(r["card_pages"]), rare, f"{r['build_s']:.0f} s",
        ]  # fmt: skip
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.split("\n")[0])
    ap.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated configs")
    ap.add_argument("--out", default="output", help="folder for the builds (default: output)")
    ap.add_argument("--jobs", type=int, default=-1, help="workers per build (default: all)")
    ap.add_argument("--table", action="store_true", help="print the table of the JSON only")
    ap.add_argument("--force", action="store_true", help="replace an earlier results file")
    ap.add_argument(
        "--add",
        action="store_true",
        help="keep the runs of the results file for other configs (a config run again is "
        "replaced, in its place)",
    )
    ap.add_argument(
        "--json",
        type=Path,
        default=JSON,
        help="the results file (default benchmarks/results/likely_words.json)",
    )
    args = ap.parse_args(argv)
    results = args.json
    try:
        if args.table:
            if not results.is_file():
                raise PlaybookError(
                    f"--table: {results} is missing; run the script without it first"
                )
            data = safe_yaml.read_json(results, "results of likely_words.py")
            try:
                print(table(data))
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise PlaybookError(
                    f"--table: {results}: not the results of likely_words.py ({exc!r} missing "
                    "or of another kind)"
                ) from None
            return 0
        out = Path(args.out)
        files.writable_folder(out)
        runs = []
        names = [c.strip() for c in args.configs.split(",") if c.strip()]
        if not names:
            raise PlaybookError("--configs: no config named; give bundled configs, a,b,c")
        known = {p.stem for p in (ROOT / "config").glob("*.yaml")}
        for name in names:  # checked before any build starts
            base, _, variant = name.partition("+")
            if base not in known or variant not in ("", "likely"):
                raise PlaybookError(
                    f"--configs: {name!r} is not a bundled config (NAME or NAME+likely); "
                    f"known: {', '.join(sorted(known))}"
                )
        files.result_target(results, "--json", args.force or args.add)
        kept: list[dict[str, Any]] = []
        if args.add and results.is_file():
            earlier = safe_yaml.read_json(results, "results of likely_words.py")
            before = earlier.get("runs") if isinstance(earlier, dict) else None
            if not isinstance(before, list) or not all(isinstance(r, dict) for r in before):
                raise PlaybookError(f"--add: {results}: not the results of likely_words.py")
            kept = before
        for name in names:
            runs.append(measure(name, out, args.jobs))
            print(f"{name}: built and measured in {runs[-1]['build_s']:.0f} s", flush=True)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: nothing written", file=sys.stderr)
        return 130
    if kept:  # each config in the place it had; new ones after
        new = {r["config"]: r for r in runs}
        runs = [new.pop(r.get("config"), r) for r in kept] + list(new.values())
    data = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "runs": runs,
    }
    files.atomic_write(results, json.dumps(data, indent=1) + "\n")
    print(table(data))
    return 0


if __name__ == "__main__":
    launch.script(main, "nothing written")
