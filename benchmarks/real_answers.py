#!/usr/bin/env python3
"""Every shipped plan against the words shows and game editors really picked.

For each plan shipped in the package and each real list of its language and length (in
``../shared/data/showwords/``; other people's data, read here and never copied): the words
judged at the plan's length (IJ one letter on a Dutch board: kozijn has five letters, krijg
four), how many the plan's word list holds, how many are among its answers, how many the card
finds within the turn limit (the plan, then the card's fallback: the words that fit, in list
order), the average turns, and the words lost and missing, by name; and over the plan's whole
list, the words it loses and what they weigh in the answer model's chances. JSON in
``benchmarks/results/real_answers.json``; ``--table`` prints the docs' Markdown table of that JSON.

    .venv/bin/python benchmarks/real_answers.py             # measure, write the JSON
    .venv/bin/python benchmarks/real_answers.py --table     # the docs' table of the JSON

Each list's role: ``calibration`` (the answer model was fitted on it), ``check`` (never fitted
on: the goals of issue 55 are measured on these) or ``contrast``.
"""

from __future__ import annotations

import datetime
import json
import platform
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from playbook import launch, model
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.io import files, shipped
from playbook.pipeline.likely import every_turn, on_list
from playbook.pipeline.session import Session

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "real_answers.json"
SHOWWORDS = ROOT.parent / "shared" / "data" / "showwords"
LISTS: tuple[tuple[str, str, str, str], ...] = (
    # language, file under showwords/, what it is, role
    ("en", "wordle_nyt_calibration.txt", "NYT Wordle answers #0-999", "calibration"),
    ("en", "wordle_nyt_check.txt", "NYT Wordle answers, the 868 later ones", "check"),
    (
        "en",
        "wordle_nyt_answers_from646_not_in_original.txt",
        "NYT editor's picks outside the original 2,315",
        "check",
    ),
    ("en", "tv:en", "answers seen on English Lingo (ITV, GSN, 1987)", "check"),
    ("nl", "nl/pingiun-woordle-answers5.txt", "woordle.nl answers", "calibration"),
    ("nl", "nl/pingiun-woordle-answers5be.txt", "woordle.nl Flemish edition", "check"),
    ("nl", "nl/StianSpeelman-Lingo-nl-answers.txt", "a school Lingo list", "check"),
    ("nl", "nl/pingiun-woordle-answers6.txt", "WOORDLE6 answers", "check"),
    ("nl", "nl/martijnd-woordle-answers.txt", "martijnd/woordle solutions", "contrast"),
    ("nl", "tv:nl", "answers seen on Dutch Lingo (SBS6, 2019)", "check"),
    ("wordle", "wordle_nyt_answers.txt", "NYT Wordle answers, all 1,872", "check"),
    ("wordle", "wordle_nyt_check.txt", "NYT Wordle answers, the 868 later ones", "check"),
    (
        "wordle",
        "wordle_nyt_answers_from646_not_in_original.txt",
        "NYT editor's picks outside the original 2,315",
        "check",
    ),
)


def tv_answers(language: str, shared: Path) -> list[str]:
    """The words a Lingo show hid (role ``answer``), of English or Dutch shows."""
    rows = (shared / "lingo_tv_anecdotal.tsv").read_text(encoding="utf-8").splitlines()
    out = []
    for row in rows:
        cells = row.split("\t")
        if row.startswith("#") or len(cells) < 4 or cells[3] != "answer":
            continue
        dutch = cells[1].startswith("Lingo NL")
        if dutch == (language == "nl"):
            out.append(cells[0])
    return out


def read_list(entry: str, shared: Path) -> list[str]:
    if entry.startswith("tv:"):
        return tv_answers(entry[3:], shared)
    return (shared / entry).read_text(encoding="utf-8").split()


def plans_to_measure(source: Path | None) -> list[tuple[str, Path]]:
    """The shipped plans, or (``--from``) the plans a build wrote: ``DIR/NAME/playbook.yaml``."""
    if source is None:
        return [(p, shipped.path_of(shipped.index()[p])) for p in shipped.names()]
    found = sorted(source.glob("*/playbook.yaml"))
    if not found:
        raise PlaybookError(f"--from: {source}: no NAME/playbook.yaml in it")
    return [(p.parent.name, p) for p in found]


def measure(shared: Path, source: Path | None = None) -> list[dict[str, Any]]:
    out = []
    for name, path in plans_to_measure(source):
        pb = model.load(str(path))
        session = Session.from_playbook(pb, str(path))
        listed = session.words_info.list
        languages = {"opentaal": "nl", "english": "en", "wordle": "wordle"}
        lang = next((v for k, v in languages.items() if listed.startswith(k)), None)
        if lang is None:  # Mastermind: no real picks
            continue
        t0 = time.perf_counter()
        turns = every_turn(pb, session)
        rows = []
        for lg, entry, what, role in LISTS:
            if lg != lang:
                continue
            fig = on_list(pb, session, read_list(entry, shared), turns)
            if fig.words:
                rows.append({"list": entry, "what": what, "role": role, **fig.as_dict()})
        lost = [w for w, t in turns.items() if t is None]
        chance = session.chances(lost)
        out.append(
            {
                "plan": name,
                "language": lang,
                "length": session.game.word_length,
                "answers": len(session.answers),
                "list_words": len(session.guesses),
                # the words of the list the plan loses, and what they weigh in the answer
                # model's chances (the picks it is expected to lose: None without a model)
                "list_lost": len(lost),
                "list_lost_chance": None if chance is None else round(float(chance.sum()), 3),
                "lists": rows,
                "seconds": round(time.perf_counter() - t0, 2),
            }
        )
        print(f"{name}: {len(rows)} lists measured", flush=True)
    return out


def table(plans: list[dict[str, Any]]) -> str:
    lines = [
        "| plan | list | role | words | in the list | answers | found in time | average | lost |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for p in plans:
        for r in p["lists"]:
            pct = 100 * r["found_share"]
            lost = ", ".join(r["lost"]) or "-"
            lines.append(
                f"| {p['plan']} | {r['what']} | {r['role']} | {r['words']:,} | {r['in_list']:,} "
                f"| {r['answers']:,} | {r['found']:,} ({pct:.1f}%) | {r['average']:.2f} | {lost} |"
            )
    return "\n".join(lines)


def main() -> int:
    parser = Parser(description="The shipped plans against words shows really picked.")
    parser.add_argument("--shared", type=Path, default=SHOWWORDS, help="the showwords folder")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the JSON written")
    parser.add_argument(
        "--table", action="store_true", help="print the docs' table of the JSON (no measuring)"
    )
    parser.add_argument(
        "--from", dest="source", type=Path, help="measure the plans built in DIR (DIR/NAME/)"
    )
    parser.add_argument("--force", action="store_true", help="replace an earlier results file")
    args = parser.parse_args()
    if args.table:
        try:
            print(table(json.loads(args.out.read_text(encoding="utf-8"))["plans"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"real_answers: --out: {args.out}: no results to print ({exc})", file=sys.stderr)
            return 2
        return 0
    if not (args.shared / "wordle_nyt_check.txt").is_file():
        parser.error(f"--shared: {args.shared}: no showwords folder (wordle_nyt_check.txt)")
    try:
        files.result_target(args.out, "--out", args.force)
        plans = measure(args.shared, args.source)
    except (PlaybookError, OSError) as exc:
        print(f"real_answers: {exc}", file=sys.stderr)
        return 2
    record = {
        "generated": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}",
        "command": shlex.join(["python", "benchmarks/real_answers.py", *sys.argv[1:]]),
        "plans": plans,
    }
    files.atomic_write(args.out, json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    launch.script(main)
