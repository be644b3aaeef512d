"""Per-letter exact optima of Dutch Lingo (issue 18, in part), beside our profiles.

For each config (default: the paper's rules, ``lingo-nl-5``, the TV rules for the whole
list, ``lingo-nl-5-tv-all``, and for the common words, ``lingo-nl-5-tv``) and each letter:
the strategy tree with the fewest total turns that finds every word within the turns
(``playbook.search.optimal``, the engine of ``strategy --rule optimal``), its lower bound
(equal to it when proven), or the proof that no strategy finds every word in time. Letters
run in parallel (``--jobs``), each within ``--budget`` seconds. Beside each optimum: the
total turns of the simple and fast playbooks already built in ``output/`` (``playbook
build``, ``playbook build lingo-nl-5-fast``, ...), and how far above the optimum they are.

    .venv/bin/python scripts/exact_optima.py [--budget S] [--jobs N] [--configs a,b]
    .venv/bin/python scripts/exact_optima.py --weighted --configs lingo-nl-5-tv \\
        --json benchmarks/results/exact_optima_weighted.json   # weighted by frequency

Writes ``benchmarks/results/exact_optima.json`` and prints a Markdown table per config.
Finished letters are kept in ``output/.exact-optima/`` until the run ends: run the same
command again after an interruption and it goes on where it stopped.
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

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
from playbook.io import files, safe_yaml
from playbook.spelling import IJ, Spelling

ROOT = Path(__file__).resolve().parent.parent
PROFILES = {
    "lingo-nl-5": {"simple": "lingo-nl-5", "fast": "lingo-nl-5-fast"},
    "lingo-nl-5-tv-all": {"simple": "lingo-nl-5-tv-all"},
    "lingo-nl-5-tv": {"simple": "lingo-nl-5-tv"},
}
"""For each config, the playbooks of our profiles to compare (``output/<name>/``)."""


def profile_totals(name: str) -> dict[str, tuple[int, int]]:
    """Per group of a built playbook: (total turns of the words it finds, words it does not)."""
    path = ROOT / "output" / name / "playbook.yaml"
    if not path.exists():
        return {}
    pb = model.load(str(path))
    return {
        g.group: (sum(t * c for t, c in g.stats.distribution.items()), g.stats.failures)
        for g in pb.groups
        if g.stats is not None
    }


def run(name: str, budget: float, jobs: int, weighted: bool = False) -> dict[str, Any]:
    cfg = config.load(ROOT / "config" / f"{name}.yaml")
    t0 = time.perf_counter()
    # the library's parallel optimum; finished letters are kept as a build's units are,
    # so an interrupted run resumes
    done = api.optimal(
        cfg,
        budget=budget,
        n_jobs=jobs,
        checkpoints=ROOT / "output" / ".exact-optima",
        weighted=weighted,
    )
    wall = time.perf_counter() - t0
    # the trees as a playbook that verify and render accept, the words no tree finds in time
    # declared as such
    suffix = "-weighted-optimal" if weighted else "-optimal"
    target = ROOT / "output" / f"{name}{suffix}" / "playbook.yaml"
    files.atomic_write(target, model.dumps(done.playbook))
    print(f"wrote {target}: {'verified' if done.report.ok else 'VERIFICATION FAILED'}"
          + (f" ({done.loaded} letters from an earlier run)" if done.loaded else ""))  # fmt: skip
    plans = {g.group: g for g in done.playbook.groups}
    results: dict[str, Any] = {}
    for letter, r in sorted(done.results.items()):
        results[letter] = {
            "words": done.report.groups[letter].words,
            "feasible": r.unguaranteed == 0,
            "unguaranteed": r.unguaranteed,
            "unguaranteed_bound": r.unguaranteed_bound,
            "not_guaranteed": sorted(plans[letter].unguaranteed),
            "total": r.total,
            "lower_bound": r.lower_bound,
            "proven": r.proven,
            "first_guess": plans[letter].openings[0],
            "seconds": round(r.seconds, 2),
        }
    # a weighted total is not comparable with a plan's turns: no profile columns then
    profiles = (
        {} if weighted else {p: profile_totals(pb) for p, pb in PROFILES.get(name, {}).items()}
    )
    for letter, r in results.items():
        for p, totals in profiles.items():
            if letter in totals:
                r[p] = {"total": totals[letter][0], "not_found": totals[letter][1]}
    return {"config": name, "budget_s": budget, "jobs": jobs, "wall_s": round(wall, 1),
            "weighted": weighted, "letters": results}  # fmt: skip


def table(res: dict[str, Any]) -> str:
    """The Markdown table of one config's results."""
    profs = [p for p in ("simple", "fast") if any(p in r for r in res["letters"].values())]
    head = ["letter", "words", "optimum", "lower bound"]
    for p in profs:
        head += [p, f"{p} gap"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for letter, r in res["letters"].items():
        row = [letter, str(r["words"]), *_optimum(r)]
        for p in profs:
            got = r.get(p)
            if got is None:
                row += ["", ""]
            elif got["not_found"] or not r["feasible"]:
                row += [f"{got['total']} ({got['not_found']} not guaranteed)", "-"]
            else:
                gap = 100 * (got["total"] - r["total"]) / r["total"]
                row += [str(got["total"]), f"{gap:.1f}%"]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def _cells(r: dict[str, Any], profile: str) -> list[str]:
    got = r.get(profile)
    if got is None:
        return ["", ""]
    if got["not_found"] or not r["feasible"]:
        return [f"{got['total']} ({got['not_found']} not guaranteed)", "-"]
    return [str(got["total"]), f"{100 * (got['total'] - r['total']) / r['total']:.1f}%"]


def _optimum(r: dict[str, Any]) -> list[str]:
    text = str(r["total"]) + ("" if r["proven"] else " (best found)")
    if r["unguaranteed"]:
        text += f" ({r['unguaranteed']} not guaranteed: {', '.join(r['not_guaranteed'])})"
    return [text, str(r["lower_bound"])]


def _check_figures(data: dict[str, Any]) -> None:
    """Every count of the results a whole number, every total above 0 (a ValueError
    otherwise: the file is not what this script writes)."""
    for run_ in data["runs"]:
        for letter, r in run_["letters"].items():
            figures = [r["total"], r["lower_bound"], r["words"], r["unguaranteed"]]
            figures += [p[k] for p in (r.get("simple"), r.get("fast")) if p for k in p]
            if not all(type(x) is int and x >= 0 for x in figures) or r["total"] <= 0:
                raise ValueError(letter)


def readme_table(data: dict[str, Any]) -> str:
    """The README's table: the paper's rules and the TV rules side by side."""
    paper, tv = (data["runs"][i]["letters"] for i in (0, 1))
    head = "| letter | words | optimum | lower bound | simple | gap | fast | gap | TV: optimum "
    head += "| lower bound | TV simple | gap |"
    lines = [head, "|" + "---|" * 12]
    for letter, p in paper.items():
        name = Spelling(ij=IJ).group(letter)  # the IJ group as IJ
        cells = [name, str(p["words"]), *_optimum(p), *_cells(p, "simple"), *_cells(p, "fast")]
        cells += [*_optimum(tv[letter]), *_cells(tv[letter], "simple")]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=300.0, help="seconds per letter")
    ap.add_argument("--jobs", type=int, default=-1)
    ap.add_argument("--configs", default="lingo-nl-5,lingo-nl-5-tv-all,lingo-nl-5-tv")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "exact_optima.json"))
    ap.add_argument("--table", action="store_true", help="print the README table of --json")
    ap.add_argument("--force", action="store_true", help="replace an earlier results file")
    ap.add_argument(
        "--weighted",
        action="store_true",
        help="fewest guesses weighted by frequency (writes output/NAME-weighted-optimal/)",
    )
    args = ap.parse_args()
    if args.table:
        try:
            data = safe_yaml.read_json(Path(args.json), "results of exact_optima.py")
            _check_figures(data)
            print(readme_table(data))
        except PlaybookError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except (KeyError, IndexError, TypeError, AttributeError, ValueError, ZeroDivisionError):
            print(f"error: {args.json}: not the results of exact_optima.py", file=sys.stderr)
            return 2
        return 0
    try:  # the results file checked before any search
        jobs = parallel.effective_jobs(args.jobs)
        files.result_target(Path(args.json), "--json", args.force)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "command": "python scripts/exact_optima.py " + " ".join(sys.argv[1:]),
        "runs": [],
    }
    for name in args.configs.split(","):
        res = run(name, args.budget, jobs, args.weighted)
        out["runs"].append(res)
        proven = sum(r["proven"] for r in res["letters"].values())
        print(f"\n{name}: {proven} of {len(res['letters'])} letters proven, "
              f"{res['wall_s']} s wall on {jobs} workers\n")  # fmt: skip
        print(table(res))
    files.atomic_write(Path(args.json), json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    launch.script(
        main,
        "finished letters are kept in output/.exact-optima/; run the same command again to go on",
    )
