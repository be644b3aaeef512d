"""The memorisation frontier of Dutch Lingo (issue 25, item 4), for each rule set.

Builds and verifies the plans of :mod:`playbook.studies.frontier` (0 to 4 fixed openings
per letter, with and without exception moves, the fast profile) and measures the certified
optimum and the default playbook from ``output/<config>-optimal/`` (``scripts/exact_optima.py``)
and ``output/<config>/`` (``playbook build <config>``), each re-verified here (for the
common words at a threshold, ``NAME@Z``, both optima and the default plan are made here):

    .venv/bin/python scripts/frontier.py [--restarts N] [--nodes N] [--configs a,b]

A config named ``NAME@Z`` is NAME with the common-words model at Zipf threshold Z (the
answers: the words used at least that often); its points carry the average weighted by
frequency and the chance of losing the show's word (:mod:`playbook.pipeline.likely`), and
its plot draws those.

Writes ``playbook/data/frontier.json`` (the book's appendix draws it for a playbook of the
same list and rules), ``benchmarks/results/frontier.png`` (the README's plot) and prints
the README's table (``--table`` prints it again from the JSON).
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from playbook import api, config, model, parallel
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.games import game_class
from playbook.io import files, safe_yaml
from playbook.pipeline import build
from playbook.pipeline.session import Session
from playbook.render.frontier import figure
from playbook.studies import frontier

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "playbook" / "data" / "frontier.json"
PLOT = ROOT / "benchmarks" / "results" / "frontier.png"
PLOT_COMMON = ROOT / "benchmarks" / "results" / "frontier-common.png"
"""The plot of the runs under the common-words model (``NAME@Z``)."""
CONFIGS = "lingo-nl-5,lingo-nl-5-tv-all,lingo-nl-5-tv@2.0,lingo-nl-5-tv@2.5,lingo-nl-5-tv@3.0"


def built(name: str, session: Session, kind: str, label: str) -> dict[str, Any] | None:
    """The point of the playbook in ``output/<name>/`` where it is of this list and rules."""
    path = ROOT / "output" / name / "playbook.yaml"
    if not path.exists():
        print(f"  {path} missing: no {kind} point", file=sys.stderr)
        return None
    pb = model.load(str(path))
    if (
        pb.words.sha256,
        pb.words.answers_sha256,
        model.rules_sha256(pb.game_section),
    ) != (
        session.words_info.sha256,
        session.words_info.answers_sha256,
        model.rules_sha256(session.rules_info),
    ):
        print(f"  {path} is of another list or rules: no {kind} point", file=sys.stderr)
        return None
    return frontier.measure(pb, session, kind, label).as_dict()


def run(name: str, restarts: int, nodes: int, jobs: int) -> dict[str, Any]:
    base, _, zipf = name.partition("@")
    cfg = config.load(ROOT / "config" / f"{base}.yaml")
    if zipf:
        cfg = config.override(
            cfg, **{"words.answer_model": "common", "words.min_zipf": float(zipf)}
        )
    session = Session.open(cfg)
    ends = []
    if zipf:  # the answers of this threshold: its optima and default plan made here
        made = (
            ("optimum", "certified optimum", lambda: api.optimal(cfg, n_jobs=jobs, budget=300)),
            (
                "weighted",
                "optimum weighted by frequency",
                lambda: api.optimal(cfg, n_jobs=jobs, budget=300, weighted=True),
            ),
            ("default", "default playbook", lambda: build.build(cfg, n_jobs=jobs)),
        )
        for kind, label, make in made:
            done = make()
            if not done.report.ok:
                raise RuntimeError(f"{name}: the {label} did not verify")
            ends.append(frontier.measure(done.playbook, session, kind, label).as_dict())
    else:
        for kind, folder, label in (
            ("optimum", f"{base}-optimal", "certified optimum"),
            ("default", base, "default playbook"),
        ):
            p = built(folder, session, kind, label)
            if p is not None:
                ends.append(p)
    t0 = time.perf_counter()
    pts = []
    for p in frontier.points(cfg, restarts=restarts, nodes=nodes, n_jobs=jobs):
        pts.append(p.as_dict())
        print(f"  {name}: {p.label}: {time.perf_counter() - t0:.0f} s", flush=True)
    wall = time.perf_counter() - t0
    pts += ends
    model_keys = ("answer_model", "min_zipf", "most_common")
    common = {k: v for k, v in session.words_info.to_dict().items() if k in model_keys}
    title = game_class(session.rules_info).label(session.rules_info)
    if common.get("answer_model") == "common":  # short: three panels side by side
        title = f"TV rules, answers Zipf >= {common.get('min_zipf')} ({len(session.answers):,})"
    return {
        "config": name,
        "title": title,
        "words_sha256": session.words_info.sha256,
        "rules_sha256": model.rules_sha256(session.rules_info),
        "words": len(session.answers),
        "wall_s": round(wall, 1),
        "points": pts,
    } | (
        {"model": common, "answers_sha256": session.words_info.answers_sha256}
        if common.get("answer_model", "all") != "all"
        else {}
    )


def table(data: dict[str, Any]) -> str:
    """The README's tables: one row per plan, the rule sets of the whole lists side by side,
    then the runs of the common words (weighted by frequency) side by side."""
    plain = [r for r in data["runs"] if "model" not in r]
    common = [r for r in data["runs"] if "model" in r]
    return "\n\n".join(_table(runs) for runs in (plain, common) if runs)


def _table(runs: list[dict[str, Any]]) -> str:
    head = ["plan"]
    for r in runs:
        if "model" in r:
            head += [
                f"{r['config']}: memorise",
                "average",
                "weighted",
                "not guaranteed",
                "lost (%)",
            ]
        else:
            head += [f"{r['config']}: memorise", "average", "worst", "not guaranteed"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    labels: list[str] = []
    for r in runs:
        labels += [p["label"] for p in r["points"] if p["label"] not in labels]
    for label in labels:
        row = [label]
        for r in runs:
            p = next((p for p in r["points"] if p["label"] == label), None)
            if p is None:
                row += [""] * (5 if "model" in r else 4)
                continue
            m = f"{p['memorise']}"
            if p["memorise_moves"] or p["memorise_ordered"]:
                m += (
                    f" ({p['memorise_openings']} + {p['memorise_moves']} + {p['memorise_ordered']})"
                )
            if "model" in r:
                row += [
                    m, f"{p['average']:.3f}", f"{p['weighted_average']:.3f}",
                    str(p["unguaranteed"]), f"{100 * p['lost_chance']:.2f}",
                ]  # fmt: skip
            else:
                row += [m, f"{p['average']:.3f}", str(p["worst"]), str(p["unguaranteed"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def draw(data: dict[str, Any]) -> None:
    """The README's plots of the measured frontier: the whole lists, and the common words."""
    plain = [r for r in data["runs"] if "model" not in r]
    common = [r for r in data["runs"] if "model" in r]
    if plain:
        files.atomic_write(PLOT, figure(plain))
    if common:
        files.atomic_write(PLOT_COMMON, figure(common))


def checked_configs(text: str) -> list[str]:
    """``--configs`` as names, each a bundled config (``NAME`` or ``NAME@Z`` with a Zipf
    threshold from 0 to 8), checked before any build."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise PlaybookError("--configs: no config named; give NAME or NAME@Z, a,b,c")
    known = sorted(p.stem for p in (ROOT / "config").glob("*.yaml"))
    for name in names:
        base, at, zipf = name.partition("@")
        if base not in known:
            raise PlaybookError(f"--configs: {base!r} is not a config of config/; known: "
                                f"{', '.join(known)}")  # fmt: skip
        if at:
            try:
                z = float(zipf)
            except ValueError:
                z = -1.0
            if not 0 <= z <= 8:
                raise PlaybookError(f"--configs: {name!r}: a Zipf threshold from 0 to 8 after @")
    return names


def main() -> int:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--restarts", type=int, default=20, help="hill-climbing restarts (3, 4 words)")
    ap.add_argument(
        "--nodes", type=int, default=1_000_000, help="exact-search nodes per group (not seconds: "
        "the same points on any machine)"
    )  # fmt: skip
    ap.add_argument("--jobs", type=int, default=-1)
    ap.add_argument("--configs", default=CONFIGS, help="comma-separated; NAME@Z: common words")
    ap.add_argument("--table", action="store_true", help="print the README table of the JSON")
    ap.add_argument("--plot", action="store_true", help="draw the README plot of the JSON again")
    ap.add_argument("--force", action="store_true", help="replace the earlier results file")
    ap.add_argument(
        "--add",
        action="store_true",
        help="keep the runs of the JSON for other configs (a config run again is replaced)",
    )
    args = ap.parse_args()
    if args.table or args.plot:
        try:
            data = safe_yaml.read_json(DATA, "frontier")
        except PlaybookError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if args.plot:
            draw(data)
        print(table(data))
        return 0
    try:  # every argument checked before the first build
        jobs = parallel.effective_jobs(args.jobs)
        names = checked_configs(args.configs)
        if args.restarts < 1 or args.nodes < 1:
            raise PlaybookError("--restarts, --nodes: a whole number of at least 1")
        files.result_target(DATA, "results", args.force or args.add)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out: dict[str, Any] = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "command": "python scripts/frontier.py " + " ".join(sys.argv[1:]),
        "date": datetime.date.today().isoformat(),
        "restarts": args.restarts,
        "nodes": args.nodes,
        "runs": [],
    }
    if args.add:  # the runs measured before for other configs stay as they were measured
        try:
            kept = safe_yaml.read_json(DATA, "frontier")
            runs = kept.get("runs") if isinstance(kept, dict) else None
            if not isinstance(runs, list) or not all(isinstance(r, dict) for r in runs):
                raise PlaybookError(f"{DATA}: not the results of frontier.py (no list of runs)")
        except PlaybookError as exc:
            print(f"error: --add: {exc}", file=sys.stderr)
            return 2
        out["runs"] = [r for r in runs if r.get("config") not in names]
        out["added"] = out.pop("command")
        out["command"] = kept.get("command", "")
    for name in names:
        try:
            res = run(name, args.restarts, args.nodes, jobs)
        except PlaybookError as exc:
            print(f"error: {name}: {exc}", file=sys.stderr)
            return 2
        out["runs"].append(res)
        print(f"{name}: {len(res['points'])} points, {res['wall_s']} s wall on {jobs} workers")
    files.atomic_write(DATA, json.dumps(out, indent=1) + "\n")
    draw(out)
    print(f"wrote {DATA.relative_to(ROOT)} and the plots in {PLOT.parent.relative_to(ROOT)}\n")
    print(table(out))
    return 0


if __name__ == "__main__":
    launch.script(main)
