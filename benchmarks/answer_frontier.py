#!/usr/bin/env python3
"""What a card asks against what it finds, on words shows really picked: the frontier behind
the shipped TV configs' settings (issue 55).

Each point is a bundled config with some of its settings changed (``KEY=VALUE``, comma
separated): built and verified in this process, then measured: the words its card prints (what
a contestant learns), its answers, its average over them, the words it does not guarantee, and,
on each real list of its language and length in ``../shared/data/showwords/``, the share found
within the turn limit (the card and its fallback), the average over those and the words lost.
JSON in ``benchmarks/results/answer_frontier.json``.

    .venv/bin/python benchmarks/answer_frontier.py            # the points below
    .venv/bin/python benchmarks/answer_frontier.py --only nl5 # one series
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from playbook import config, launch, memory
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.io import files
from playbook.pipeline import build
from playbook.pipeline.likely import every_turn, measure, on_list

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "answer_frontier.json"
SHOWWORDS = ROOT.parent / "shared" / "data" / "showwords"
LISTS = {
    "nl5": (
        "nl/pingiun-woordle-answers5.txt",
        "nl/pingiun-woordle-answers5be.txt",
        "nl/StianSpeelman-Lingo-nl-answers.txt",
    ),
    "nl6": ("nl/pingiun-woordle-answers6.txt",),
    "en4": (),
}
SERIES: dict[str, tuple[str, tuple[str, ...]]] = {
    # series: (config, points: settings changed)
    "nl5": (
        "lingo-nl-5-tv",
        (
            "words.min_chance=0.05",
            "words.min_chance=0.03",
            "words.min_chance=0.02",
            "words.min_chance=0.01",
            "words.min_chance=0.002",
            "words.min_chance=0.02,search.max_openings=2",
            "words.min_chance=0.01,search.max_openings=2",
            "words.min_chance=0.02,words.play_chance=0.01",
        ),
    ),
    "nl6": (
        "lingo-nl-6-tv",
        ("words.min_chance=0.02", "words.min_chance=0.005", "words.min_chance=0.002"),
    ),
    "en4": (
        "lingo-en-4",
        (
            "search.card_words=100000",
            "search.card_words=300",
            "search.card_words=200",
            "search.card_words=130",
        ),
    ),
}


def variant(name: str, settings: str, folder: Path) -> Path:
    """The bundled config ``name`` with ``settings`` changed, written into ``folder``."""
    from importlib import resources

    data = yaml.safe_load((resources.files("playbook.configs") / f"{name}.yaml").read_text())
    for item in settings.split(","):
        key, value = item.split("=", 1)
        section, field = key.split(".")
        data.setdefault(section, {})[field] = yaml.safe_load(value)
    data["name"] = f"{name}-{len(list(folder.iterdir()))}"
    data["n_jobs"] = 1
    path = folder / f"{data['name']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def point(series: str, settings: str, folder: Path) -> dict[str, Any]:
    cfg = config.load(variant(SERIES[series][0], settings, folder))
    cfg = dataclasses.replace(cfg, render=dataclasses.replace(cfg.render, formats="yaml"))
    t0 = time.perf_counter()
    result = build.build(cfg)
    pb, session = result.playbook, result.session
    few = memory.small_groups(session.answers, session.game.group_of, pb.groups)
    real = {}
    for listed in LISTS[series]:
        words = (SHOWWORDS / listed).read_text(encoding="utf-8").split()
        wanted = {session.spelling.typed(w) for w in words}
        fig = on_list(pb, session, words, every_turn(pb, session, wanted))
        real[listed] = fig.as_dict()
    model = measure(pb, session)
    found = sum(r["found"] for r in real.values())
    turns = sum(r["average"] * r["found"] for r in real.values())
    return {
        "settings": settings,
        "card_words": len(memory.card_words(pb.groups, few)),
        "answers": len(session.answers),
        "average": round(pb.stats.average, 4) if pb.stats else None,
        "unguaranteed": sum(len(g.unguaranteed) for g in pb.groups),
        "lost_chance": round(model.list_lost_chance, 6),
        "lists_average": round(turns / found, 4) if found else None,
        "lists_lost": sum(len(r["lost"]) for r in real.values()),
        "real": real,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def table(series: dict[str, Any]) -> str:
    """The docs' table of one series (the chance of losing the word where the run measured
    it; the real lists named in the header)."""
    points = series["points"]
    chance = all("lost_chance" in p for p in points)
    named = points[0]["real"] if points else {}
    lists = "; ".join(Path(n).stem for n in named) or "real lists"
    head = ["settings", "words on the card", "answers", "average", "not guaranteed"]
    head += ["chance of losing the word"] if chance else []
    head += [f"found ({lists})", "average there", "lost there"]
    align = ["---", "---:", "---:", "---:", "---:"] + (["---:"] if chance else [])
    align += ["---", "---:", "---:"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    for p in points:
        found = "; ".join(f"{100 * r['found_share']:.1f}%" for r in p["real"].values()) or "-"
        avg = f"{p['lists_average']:.3f}" if p["lists_average"] is not None else "-"
        cells = [f"`{p['settings']}`", str(p["card_words"]), f"{p['answers']:,}"]
        cells += [f"{p['average']:.3f}", str(p["unguaranteed"])]
        cells += [f"{100 * p['lost_chance']:.2f}%"] if chance else []
        cells += [found, avg, str(p["lists_lost"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def tables(record: dict[str, Any]) -> str:
    """Every series' table (the docs' block: ``--table``)."""
    return "\n\n".join(
        f"`{series['config']}` ({name}):\n\n{table(series)}"
        for name, series in record["series"].items()
    )


def main() -> int:
    parser = Parser(description="The frontier of the TV configs' settings on real picks.")
    parser.add_argument("--only", choices=sorted(SERIES), help="one series")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the JSON written")
    parser.add_argument("--table", action="store_true", help="print the tables of the JSON")
    parser.add_argument("--force", action="store_true", help="replace an earlier results file")
    args = parser.parse_args()
    if args.table:
        try:
            print(tables(json.loads(args.out.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            print(
                f"answer_frontier: --out: {args.out}: no results to print ({exc})", file=sys.stderr
            )
            return 2
        return 0
    if not (SHOWWORDS / "nl").is_dir():
        parser.error(f"{SHOWWORDS}: no showwords folder beside the checkout")
    try:  # --only adds one series to the file: an earlier result stays
        files.result_target(args.out, "--out", args.force or bool(args.only))
    except PlaybookError as exc:
        parser.error(str(exc))
    out: dict[str, Any] = {}
    if args.only and args.out.is_file():
        out = json.loads(args.out.read_text()).get("series", {})
    try:
        with tempfile.TemporaryDirectory(prefix="frontier-") as tmp:
            for series in [args.only] if args.only else list(SERIES):
                points = []
                for settings in SERIES[series][1]:
                    p = point(series, settings, Path(tmp))
                    words, lost = p["card_words"], p["lists_lost"]
                    print(f"{series} {settings}: {words} words, lost {lost}", flush=True)
                    points.append(p)
                out[series] = {"config": SERIES[series][0], "points": points}
    except PlaybookError as exc:
        print(f"answer_frontier: {exc}", file=sys.stderr)
        return 2
    record = {
        "generated": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "command": "python benchmarks/answer_frontier.py",
        "series": out,
    }
    files.atomic_write(args.out, json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    launch.script(main)
