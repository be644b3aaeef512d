"""Benchmark of the exact optimum (``strategy --rule optimal``): Mastermind 4x6 and Lingo.

Run from the repository root:

    .venv/bin/python benchmarks/bench_optimal.py            # everything (about 2 minutes)
    .venv/bin/python benchmarks/bench_optimal.py --quick    # Mastermind, five turns, only

Prints the Mastermind optimum's time and figures (goal: under 60 s) against the published
values, then the Dutch Lingo letters of up to 150 words, then Wordle's optimum from salet
against the published 7,920 (``strategy wordle --rule optimal --first salet``), then the TV
build's fewest-unguaranteed question on the groups its plan leaves words unguaranteed in
(goal: under 5 s for all, issue 30), and writes the same figures to
``benchmarks/results/optimal.json``. Times are of ``optimal.optimal_tree`` on the group's
matrix as ``strategy --rule optimal`` builds it (greedy seed trees included) and of
``unfinder.fewest_unfound`` as the build calls it (its tables included); loading the word
list, the matrix and numba's compiled code are not counted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench_core import Load, goal, load_note, machine, print_machine, table

from playbook import config
from playbook.core.problem import Problem
from playbook.games import Mastermind
from playbook.pipeline import strategies
from playbook.pipeline.session import Session
from playbook.search import optimal, unfinder
from playbook.spelling import split_letters

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_JSON = HERE / "results" / "optimal.json"

MASTERMIND = REPO / "config" / "mastermind-4x6.yaml"
WORDLE = REPO / "config" / "wordle.yaml"
WORDLE_KNOWN = {"salet": 7920}
"""Wordle's optimal total over the 2,315 answers from a first guess (Alex Selby, 2022)."""
LINGO = REPO / "config" / "lingo-nl-5.yaml"
LINGO_LETTERS = "ceijnquxy"
"""The Dutch letters with at most 150 answers: each must be solved and proven."""

TV = REPO / "config" / "lingo-nl-5-tv-all.yaml"
TV_UNGUARANTEED = "k,d,r,w,g"
"""The groups where the TV build's plan leaves words unguaranteed, so that the build asks
how few any strategy must leave."""
GOAL_FEWEST_S = 5.0

GOAL_MASTERMIND_S = 60.0
KNOWN = {5: 5626, 6: 5625}
"""Mastermind 4x6 optimal totals over 1,296 codes: at most five guesses (5,626), and without
a practical limit (Koyama and Lai 1993: 5,625, average 4.340, six guesses for one code)."""


def warm_up() -> float:
    """Load (or compile) the numba kernels on a tiny game, so their time is not counted."""
    t0 = time.perf_counter()
    game = Mastermind(pegs=3, colours=3, turns=4)
    codes = game.generated_words()
    optimal.optimal_tree(Problem.of(game, codes, codes), limit=4, budget=60)
    unfinder.fewest_unfound(Problem.of(game, codes, codes), limit=2, seconds=60)
    return time.perf_counter() - t0


def run_groups(
    cfg: config.Config, letters: str | None, budget: float, first: str | None = None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``optimal_tree`` per group, timed, as ``strategy --rule optimal`` runs it (opening
    with ``first`` where it is given)."""
    session = Session.open(cfg)
    game = session.game
    out = []
    with Load() as load:
        names = split_letters(letters) if letters else None
        problems = session.problems(names)
        rows = strategies.first_rows(problems, session, first) if first else {}
        for name, p in problems.items():
            t0 = time.perf_counter()
            r = optimal.optimal_tree(p, limit=game.limit, budget=budget, first=rows.get(name))
            wall = time.perf_counter() - t0
            out.append(
                {
                    "group": name,
                    "answers": len(p.answers),
                    "guesses": len(p.guesses),
                    "limit": game.limit,
                    "first_guess": p.guesses[r.tree.root.row],
                    "total": r.total,
                    "average": r.total / len(p.answers),
                    "worst": r.tree.worst,
                    "distribution": {str(k): v for k, v in r.tree.distribution.items()},
                    "lower_bound": r.lower_bound,
                    "counting_bound": r.counting_bound,
                    "proven": r.proven,
                    "nodes": r.nodes,
                    "seconds": wall,
                }
            )
    return out, load.as_dict()


def bench_mastermind(limits: Sequence[int], budget: float) -> dict[str, Any]:
    base = config.load(MASTERMIND)
    runs = []
    for limit in limits:
        cfg = config.override(base, **{"rules.turns": limit})
        groups, load = run_groups(cfg, None, budget)
        r = groups[0]
        r["load"] = load
        r["known_total"] = KNOWN.get(limit)
        r["matches_known"] = KNOWN.get(limit) == r["total"] and r["proven"]
        runs.append(r)
    five = next((r for r in runs if r["limit"] == 5), None)
    met = five is not None and five["proven"] and five["seconds"] < GOAL_MASTERMIND_S
    return {
        "config": str(MASTERMIND.relative_to(REPO)),
        "runs": runs,
        "goal_s": GOAL_MASTERMIND_S,
        "goal_met": met,
    }


def print_mastermind(r: dict[str, Any]) -> None:
    print("\n1. Mastermind 4x6 optimum: optimal_tree on all 1,296 codes (serial)")
    rows = []
    for run in r["runs"]:
        known = run["known_total"]
        published = "-" if known is None else f"{known} {'ok' if run['matches_known'] else 'NO'}"
        rows.append(
            (
                str(run["limit"]),
                run["first_guess"],
                str(run["total"]),
                f"{run['average']:.4f}",
                str(run["worst"]),
                " ".join(f"{k}:{v}" for k, v in run["distribution"].items()),
                str(run["lower_bound"]),
                str(run["counting_bound"]),
                "yes" if run["proven"] else "no",
                str(run["nodes"]),
                f"{run['seconds']:.2f}",
                published,
            )
        )
    print(
        table(
            (
                "turns",
                "first",
                "total",
                "average",
                "worst",
                "distribution",
                "lower bound",
                "counting bound",
                "proven",
                "nodes",
                "time s",
                "published",
            ),
            rows,
        )
    )
    for run in r["runs"]:
        print(load_note(run["load"]).replace("  other", f"  {run['limit']} turns: other"))
    five = next((x for x in r["runs"] if x["limit"] == 5), None)
    if five is not None:
        print(
            f"\n  Mastermind optimum, five turns: {five['seconds']:.2f} s "
            f"(goal < {r['goal_s']:.0f} s: {goal(r['goal_met'])})"
        )


def bench_lingo(letters: str, budget: float) -> dict[str, Any]:
    groups, load = run_groups(config.load(LINGO), letters, budget)
    return {
        "config": str(LINGO.relative_to(REPO)),
        "letters": letters,
        "budget_s": budget,
        "groups": groups,
        "total": sum(g["total"] for g in groups),
        "lower_bound": sum(g["lower_bound"] for g in groups),
        "counting_bound": sum(g["counting_bound"] for g in groups),
        "all_proven": all(g["proven"] for g in groups),
        "seconds": sum(g["seconds"] for g in groups),
        "load": load,
    }


def print_lingo(r: dict[str, Any]) -> None:
    print(
        f"\n2. Dutch Lingo, letters {r['letters']} (at most 150 answers each; every guess "
        f"allowed; budget {r['budget_s']:.0f} s per letter)"
    )
    rows = [
        (
            g["group"],
            str(g["answers"]),
            g["first_guess"],
            str(g["total"]),
            f"{g['average']:.4f}",
            str(g["worst"]),
            str(g["lower_bound"]),
            str(g["counting_bound"]),
            "yes" if g["proven"] else "NO",
            str(g["nodes"]),
            f"{g['seconds']:.2f}",
        )
        for g in r["groups"]
    ]
    rows.append(
        (
            "all",
            str(sum(g["answers"] for g in r["groups"])),
            "",
            str(r["total"]),
            "",
            "",
            str(r["lower_bound"]),
            str(r["counting_bound"]),
            "yes" if r["all_proven"] else "NO",
            "",
            f"{r['seconds']:.2f}",
        )
    )
    print(
        table(
            (
                "letter",
                "answers",
                "first",
                "total",
                "average",
                "worst",
                "lower bound",
                "counting bound",
                "proven",
                "nodes",
                "time s",
            ),
            rows,
        )
    )
    print(load_note(r["load"]))


def bench_wordle(firsts: Sequence[str], budget: float) -> dict[str, Any]:
    runs = []
    for first in firsts:
        (r,), load = run_groups(config.load(WORDLE), None, budget, first)
        r["load"] = load
        r["known_total"] = WORDLE_KNOWN.get(first)
        r["matches_known"] = WORDLE_KNOWN.get(first) == r["total"] and r["proven"]
        runs.append(r)
    return {"config": str(WORDLE.relative_to(REPO)), "budget_s": budget, "runs": runs}


def print_wordle(r: dict[str, Any]) -> None:
    print(
        "\n3. Wordle optimum from a fixed first guess: 2,315 answers, 12,972 guesses, six "
        f"turns (serial; budget {r['budget_s']:.0f} s)"
    )
    rows = []
    for run in r["runs"]:
        known = run["known_total"]
        published = "-" if known is None else f"{known} {'ok' if run['matches_known'] else 'NO'}"
        rows.append(
            (
                run["first_guess"],
                str(run["total"]),
                f"{run['average']:.4f}",
                str(run["worst"]),
                " ".join(f"{k}:{v}" for k, v in run["distribution"].items()),
                str(run["lower_bound"]),
                "yes" if run["proven"] else "NO",
                str(run["nodes"]),
                f"{run['seconds']:.2f}",
                published,
            )
        )
    print(
        table(
            (
                "first",
                "total",
                "average",
                "worst",
                "distribution",
                "lower bound",
                "proven",
                "nodes",
                "time s",
                "published",
            ),
            rows,
        )
    )
    for run in r["runs"]:
        print(load_note(run["load"]).replace("  other", f"  {run['first_guess']}: other"))


def bench_fewest(groups: str, budget: float) -> dict[str, Any]:
    session = Session.open(config.load(TV))
    runs = []
    with Load() as load:
        problems = session.problems(split_letters(groups))
        for name, p in problems.items():
            t0 = time.perf_counter()
            r = unfinder.fewest_unfound(p, limit=session.game.limit, seconds=budget)
            runs.append(
                {
                    "group": name,
                    "answers": len(p.answers),
                    "guesses": len(p.guesses),
                    "fewest": r.fewest,
                    "lower_bound": r.lower_bound,
                    "nodes": r.nodes,
                    "seconds": time.perf_counter() - t0,
                }
            )
    seconds = sum(r["seconds"] for r in runs)
    decided = all(r["fewest"] is not None for r in runs)
    return {
        "config": str(TV.relative_to(REPO)),
        "budget_s": budget,
        "runs": runs,
        "seconds": seconds,
        "goal_s": GOAL_FEWEST_S,
        "goal_met": decided and seconds < GOAL_FEWEST_S,
        "load": load.as_dict(),
    }


def print_fewest(r: dict[str, Any]) -> None:
    print(
        "\n4. TV build's fewest-unguaranteed question: how few words any strategy must leave "
        f"unfound, per group (serial; budget {r['budget_s']:.0f} s)"
    )
    rows = [
        (
            x["group"],
            str(x["answers"]),
            str(x["guesses"]),
            "undecided" if x["fewest"] is None else str(x["fewest"]),
            str(x["lower_bound"]),
            str(x["nodes"]),
            f"{x['seconds']:.2f}",
        )
        for x in r["runs"]
    ]
    rows.append(("all", "", "", "", "", "", f"{r['seconds']:.2f}"))
    head = ("group", "answers", "guesses", "fewest", "lower bound", "nodes", "time s")
    print(table(head, rows))
    print(load_note(r["load"]))
    print(
        f"\n  fewest unguaranteed, all groups: {r['seconds']:.2f} s "
        f"(goal < {r['goal_s']:.0f} s: {goal(r['goal_met'])})"
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument(
        "--quick",
        action="store_true",
        help="Mastermind with five turns only (no six-turn run, no Lingo)",
    )
    p.add_argument(
        "--budget",
        type=float,
        default=600.0,
        help="seconds per group before the search stops unproven (default 600)",
    )
    p.add_argument(
        "--letters", default=LINGO_LETTERS, help=f"Lingo letters (default {LINGO_LETTERS})"
    )
    p.add_argument(
        "--wordle",
        default="salet",
        help="Wordle first guesses, comma-separated (default salet; '' for none)",
    )
    p.add_argument(
        "--fewest",
        default=TV_UNGUARANTEED,
        help=f"TV groups for the fewest-unguaranteed question (default {TV_UNGUARANTEED}; "
        "'' for none)",
    )
    p.add_argument(
        "--json",
        type=Path,
        default=DEFAULT_JSON,
        help="where to write the results (default benchmarks/results/optimal.json)",
    )
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    m = machine()
    print(f"playbook optimum benchmark ({'quick' if args.quick else 'full'})\n")
    print_machine(m)
    warm = warm_up()
    print(f"  warm-up (numba load or compile, not counted): {warm:.2f} s")
    sys.stdout.flush()

    mm = bench_mastermind((5,) if args.quick else (5, 6), args.budget)
    print_mastermind(mm)
    sys.stdout.flush()
    results: dict[str, Any] = {
        "quick": args.quick,
        "machine": m,
        "warmup_s": warm,
        "mastermind": mm,
        "lingo": None,
        "wordle": None,
        "fewest": None,
    }
    if args.quick:
        print("\n2. Dutch Lingo: skipped (--quick)")
    else:
        results["lingo"] = bench_lingo(args.letters, args.budget)
        print_lingo(results["lingo"])
        sys.stdout.flush()
        firsts = [w.strip() for w in args.wordle.split(",") if w.strip()]
        if firsts:
            results["wordle"] = bench_wordle(firsts, args.budget)
            print_wordle(results["wordle"])
            sys.stdout.flush()
        if args.fewest:
            results["fewest"] = bench_fewest(args.fewest, args.budget)
            print_fewest(results["fewest"])

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
