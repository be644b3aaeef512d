"""Two checkouts' exact searches timed against each other in one run (issue 47, item 2).

Each round runs every case once in a fresh process per tree, the trees alternating (which
goes first alternates too), so that what else the machine does falls on both alike. A tree
is imported through ``PYTHONPATH`` (the virtual environment's own install comes after it).
Run from the repository root, e.g. with a worktree of the commit before a change:

    git worktree add /tmp/base HEAD~1
    .venv/bin/python benchmarks/bench_paired.py --old /tmp/base --new . [--rounds 5]

Cases: ``benchmarks/bench_mastermind.py``'s five Mastermind optima (the seconds of
``optimal.optimal_tree`` alone), Wordle's optimum from salet (``strategy wordle --rule optimal
--first salet``, as ``benchmarks/bench_optimal.py`` section 3 times it), the same in hard mode
(``scripts/wordle_hard_mode.py``'s search, ``playbook.studies.hard_mode``), the Dutch Lingo
letters of ``bench_optimal.py`` section 2, and the TV build's fewest-unguaranteed question
(section 4). Each process first warms numba on a tiny game (each tree's compiled code is cached
beside its own sources: the first round of a fresh tree compiles it there, so run ``--rounds
1`` once first, or count from round 2). Prints per case the medians, the ratio new/old of the
wall seconds (and the median of each round's ratio) and of the CPU-seconds the searches took
(less disturbed where other programs share the cores), whether the nodes and totals agree in
every round; writes ``benchmarks/results/paired.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench_core import machine, print_machine, table

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_JSON = HERE / "results" / "paired.json"

CHILD = """
import json, sys, time
from playbook import config
from playbook.core.problem import Problem
from playbook.games import Mastermind
from playbook.pipeline import strategies
from playbook.pipeline.session import Session, split_letters
from playbook.search import optimal, unfinder

repo, cases = sys.argv[1], sys.argv[2].split(",")
warm = Mastermind(pegs=3, colours=3, turns=4)
codes = warm.generated_words()
optimal.optimal_tree(Problem.of(warm, codes, codes), limit=4, budget=60)
unfinder.fewest_unfound(Problem.of(warm, codes, codes), limit=2, seconds=60)
out = {}
spent = [0.0, 0.0]

def timed(fn):
    t0, c0 = time.perf_counter(), time.process_time()
    r = fn()
    spent[0] += time.perf_counter() - t0
    spent[1] += time.process_time() - c0
    return r

def groups(cfg, letters, first=None):
    session = Session.open(cfg)
    names = split_letters(letters) if letters else None
    problems = session.problems(names)
    rows = strategies.first_rows(problems, session, first) if first else {}
    res = []
    for name, p in problems.items():
        p.F
        r = timed(lambda: optimal.optimal_tree(
            p, limit=session.game.limit, budget=600, first=rows.get(name)))
        res.append((name, r.total, r.lower_bound, r.nodes, r.proven))
    return res

for case in cases:
    spent[:] = [0.0, 0.0]
    if case.startswith("mm"):
        pegs, colours, turns = (int(x) for x in case[2:].split("x"))
        game = Mastermind(pegs=pegs, colours=colours, turns=turns)
        codes = game.generated_words()
        problem = Problem.of(game, codes, codes)
        problem.F
        r = timed(lambda: optimal.optimal_tree(problem, limit=turns, budget=600))
        check = [r.total, r.lower_bound, r.nodes, r.proven]
    elif case == "wordle-salet":
        check = groups(config.load(repo + "/config/wordle.yaml"), None, "salet")
    elif case == "wordle-hard-salet":
        from playbook.studies.hard_mode import HardSearch
        from playbook.studies.root_proof import refute_opening
        session = Session.open(config.load(repo + "/config/wordle.yaml"))
        (p,) = session.problems(None).values()
        search = HardSearch(p, session.game.limit)
        g = list(p.guesses).index("salet")
        proof = timed(lambda: refute_opening(search, g, 1 << 40))
        check = [proof.bound, proof.exact, int(search.stats[0])]
    elif case.startswith("lingo-"):
        check = groups(config.load(repo + "/config/lingo-nl-5.yaml"), case[6:])
    elif case.startswith("fewest-"):
        session = Session.open(config.load(repo + "/config/lingo-nl-5-tv-all.yaml"))
        problems = session.problems(split_letters(case[7:]))
        check = []
        for name, p in problems.items():
            p.F
            r = timed(lambda: unfinder.fewest_unfound(p, limit=session.game.limit, seconds=600))
            check.append((name, r.fewest, r.lower_bound, r.nodes))
    out[case] = {"seconds": spent[0], "cpu": spent[1], "check": check}
print(json.dumps(out))
"""

CASES = (
    "mm4x6x6,mm4x6x5,mm3x8x8,mm4x5x8,mm5x5x7,wordle-salet,wordle-hard-salet,lingo-ceijnquxy,"
    "fewest-kdrwg"
)


def run_tree(tree: Path, cases: list[str]) -> dict[str, Any]:
    """One fresh process of ``tree``'s code running ``cases``: each case's seconds and
    check figures."""
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()), NUMBA_NUM_THREADS="1")
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(REPO), ",".join(cases)],
        capture_output=True, text=True, check=True, timeout=7200, env=env,
    ).stdout  # fmt: skip
    return dict(json.loads(out.strip().splitlines()[-1]))


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--old", type=Path, required=True, help="the checkout before")
    ap.add_argument("--new", type=Path, default=REPO, help="the checkout after (default: this)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cases", default=CASES, help=f"comma-separated (default {CASES})")
    ap.add_argument("--json", type=Path, default=DEFAULT_JSON)
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cases = [c for c in args.cases.split(",") if c]
    m = machine()
    print_machine(m)
    runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    trees = {"old": args.old, "new": args.new}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for side in order:
            runs[side].append(run_tree(trees[side], cases))
        line = "  ".join(
            f"{c} {runs['old'][-1][c]['seconds']:.3f}/{runs['new'][-1][c]['seconds']:.3f}"
            for c in cases
        )
        print(f"  round {r + 1} (old/new s): {line}", flush=True)
    rows = []
    results = []
    for c in cases:
        old = [x[c]["seconds"] for x in runs["old"]]
        new = [x[c]["seconds"] for x in runs["new"]]
        old_cpu = [x[c]["cpu"] for x in runs["old"]]
        new_cpu = [x[c]["cpu"] for x in runs["new"]]
        checks = {json.dumps(x[c]["check"]) for x in runs["old"] + runs["new"]}
        mo, mn = statistics.median(old), statistics.median(new)
        co, cn = statistics.median(old_cpu), statistics.median(new_cpu)
        ratios = [n / o for o, n in zip(old, new, strict=True)]
        same = len(checks) == 1
        rows.append(
            (
                c,
                f"{mo:.3f}",
                f"{mn:.3f}",
                f"{mn / mo:.3f}",
                f"{statistics.median(ratios):.3f}",
                f"{co:.3f}",
                f"{cn:.3f}",
                f"{cn / co:.3f}",
                "yes" if same else "NO",
                next(iter(checks))[:60] if same else "differ",
            )
        )
        results.append(
            {
                "case": c, "old_s": old, "new_s": new, "old_cpu_s": old_cpu,
                "new_cpu_s": new_cpu, "same": same, "checks": sorted(checks),
            }
        )  # fmt: skip
    print()
    head = (
        "case", "old s", "new s", "ratio", "median paired", "old CPU s", "new CPU s",
        "CPU ratio", "same", "check",
    )  # fmt: skip
    print(table(head, rows))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"machine": m, "results": results}, indent=1) + "\n")
    return 0 if all(r["same"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
