"""Benchmark of rendering: the full default playbook (and the fast one) to PDF, HTML, Markdown.

Run from the repository root, after building the playbooks (``playbook build
config/lingo-nl-5.yaml`` and ``config/lingo-nl-5-fast.yaml``):

    .venv/bin/python benchmarks/bench_render.py             # both playbooks, PDF best of 1
    .venv/bin/python benchmarks/bench_render.py --repeats 3

Prints a plain table and writes the same figures to ``benchmarks/results/render.json``. The
goal (issue 3): the full default playbook renders to PDF in under 60 seconds.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import platform
import resource
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import weasyprint
from bench_core import cpu_model, machine_busy_s

from playbook import __version__, model, render

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_JSON = HERE / "results" / "render.json"
PLAYBOOKS = {
    "default": REPO / "output" / "lingo-nl-5" / "playbook.yaml",
    "fast": REPO / "output" / "lingo-nl-5-fast" / "playbook.yaml",
}
GOAL_S = 60.0


def own_cpu_s() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def timed(fn: Callable[[], Any]) -> tuple[Any, dict[str, Any]]:
    """Run ``fn``; its result, wall and CPU seconds, and how busy the rest of the machine was."""
    t0, c0, b0 = time.perf_counter(), own_cpu_s(), machine_busy_s()
    out = fn()
    wall, cpu, b1 = time.perf_counter() - t0, own_cpu_s() - c0, machine_busy_s()
    other = None if b0 is None or b1 is None else max(0.0, b1 - b0 - cpu)
    return out, {
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "other_cores": None if other is None else round(other / wall, 2),
    }


def best(fn: Callable[[], Any], repeats: int) -> tuple[Any, dict[str, Any]]:
    runs = [timed(fn) for _ in range(repeats)]
    return min(runs, key=lambda r: r[1]["wall_s"])


def machine() -> dict[str, Any]:
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "weasyprint": weasyprint.__version__,
        "playbook": __version__,
        "platform": platform.platform(),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def pdf_pages(pdf: bytes) -> int | None:
    """Pages of the document (pypdf, a test dependency, where installed)."""
    try:
        from pypdf import PdfReader
    except ImportError:
        return None
    return len(PdfReader(io.BytesIO(pdf)).pages)


def bench_one(name: str, path: Path, repeats: int) -> dict[str, Any]:
    pb = model.load(str(path))
    rows = sum(v.n_rows for v in render.group_views(pb))
    out: dict[str, Any] = {
        "file": str(path.relative_to(REPO)),
        "profile": pb.profile,
        "groups": len(pb.groups),
        "table_rows": rows,
    }
    (pdf, pages), out["pdf"] = best(lambda: render.render_pdf(pb), repeats)
    out["pdf"].update(bytes=len(pdf), pages=pdf_pages(pdf), pages_per_group=pages)
    html, out["html"] = best(lambda: render.render_html(pb), repeats)
    out["html"]["bytes"] = len(html.encode())
    md, out["md"] = best(lambda: render.render_markdown(pb), repeats)
    out["md"]["bytes"] = len(md.encode())
    return out


def report(results: dict[str, Any]) -> None:
    m = results["machine"]
    print(
        f"machine: {m['cpu']}, {m['cores']} cores, python {m['python']}, "
        f"weasyprint {m['weasyprint']}, {m['date']}"
    )
    head = (
        f"{'playbook':<9} {'rows':>6} {'format':<5} {'wall s':>7} {'cpu s':>7} "
        f"{'busy':>5} {'pages':>6} {'size':>9}"
    )
    print(head)
    print("-" * len(head))
    for name, r in results["playbooks"].items():
        for fmt in ("pdf", "html", "md"):
            f = r[fmt]
            busy = "" if f["other_cores"] is None else f"{f['other_cores']:.2f}"
            pages = f.get("pages") or ""
            print(
                f"{name:<9} {r['table_rows']:>6} {fmt:<5} {f['wall_s']:>7.2f} "
                f"{f['cpu_s']:>7.2f} {busy:>5} {pages!s:>6} {f['bytes'] / 1e6:>7.2f}MB"
            )
    for name, r in results["playbooks"].items():
        per = r["pdf"]["pages_per_group"]
        print(f"pages per letter ({name}): " + " ".join(f"{k}:{v}" for k, v in per.items()))
    if "default" in results["playbooks"]:
        wall = results["playbooks"]["default"]["pdf"]["wall_s"]
        print(
            f"goal: default playbook to PDF under {GOAL_S:.0f} s: {wall:.1f} s, "
            f"{'met' if wall < GOAL_S else 'NOT MET'}"
        )
    print("busy = cores other processes kept busy on average (disturbs the wall times)")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=1, help="timed runs; the fastest counts")
    ap.add_argument("--only", choices=sorted(PLAYBOOKS), help="one playbook only")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where the JSON goes")
    args = ap.parse_args(argv)
    results: dict[str, Any] = {"machine": machine(), "goal_s": GOAL_S, "playbooks": {}}
    for name, path in PLAYBOOKS.items():
        if args.only and name != args.only:
            continue
        if not path.exists():
            print(
                f"skipping {name}: {path.relative_to(REPO)} not built "
                f"(playbook build config/{path.parent.name}.yaml)",
                file=sys.stderr,
            )
            continue
        results["playbooks"][name] = bench_one(name, path, max(1, args.repeats))
    if not results["playbooks"]:
        print("nothing to measure: build the playbooks first", file=sys.stderr)
        return 1
    report(results)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.json.relative_to(REPO) if args.json.is_relative_to(REPO) else args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
