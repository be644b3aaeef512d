"""Wiener's value of Mastermind 4x6 with mixed strategies, bracketed (issue 29, item 1).

Wiener: the codemaker picks uniformly among the 1,290 codes with at least two colours, the
codebreaker plays Koyama and Lai's optimal strategy, and the value is 5,600/1,290 = 4.3411.

* Lower bound: against that codemaker the best tree costs 5,600 over the 1,290 codes (the
  exact weighted search, weights 0 for the six one-colour codes and 1 for the others, every
  code found within six guesses): the value is at least 5600/1290.
* Upper bound: the double oracle of ``playbook value`` (:mod:`playbook.studies.mixed`) run for
  ``--rounds`` rounds: each round the codemaker's linear program over the trees found so far,
  then the breaker's exact best response to its distribution (weights rounded to whole
  numbers, the lightest 1), which joins the program. The program's value is what the
  breaker's mix of those trees holds every code to (each tree played under a random colour
  and position permutation): the value is at most that.

    .venv/bin/python scripts/wiener_bracket.py [--rounds 12] [--turns 6]
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import argparse
import time
from fractions import Fraction

import numpy as np

from playbook.cli.parsing import Parser
from playbook.core.problem import Problem
from playbook.games import Mastermind
from playbook.search import optimal
from playbook.studies import mixed


def _within(text: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, or argparse's one-line refusal."""
    try:
        n = int(text)
    except ValueError:
        n = low - 1
    if not low <= n <= high:
        raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}")
    return n


def main() -> int:
    ap = Parser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rounds", type=lambda t: _within(t, 1, 1000), default=12)
    ap.add_argument("--turns", type=lambda t: _within(t, 5, 12), default=6)
    args = ap.parse_args()
    game = Mastermind(pegs=4, colours=6, turns=args.turns)
    codes = game.generated_words()
    problem = Problem.of(game, codes, codes)
    names, of = mixed._classes(problem)
    sizes = np.bincount(of, minlength=len(names))
    t0 = time.perf_counter()
    wiener = np.array([0 if len(set(c)) == 1 else 1 for c in codes], dtype=np.int64)
    low = optimal.optimal_tree(problem, limit=args.turns, budget=3600, weights=wiener)
    assert low.proven and low.unguaranteed == 0
    lower = Fraction(low.total, int(wiener.sum()))
    print(
        f"lower bound: the uniform codemaker over the {wiener.sum()} codes of two colours or "
        f"more holds every tree to {low.total} guesses: {lower} = {float(lower):.6f} "
        f"({time.perf_counter() - t0:.1f} s)",
        flush=True,
    )
    costs: list[np.ndarray] = []
    weights = np.ones(len(codes), dtype=np.int64)
    upper = float("inf")
    for r in range(args.rounds):
        found = optimal.optimal_tree(problem, limit=args.turns, budget=3600, weights=weights)
        assert found.proven and found.unguaranteed == 0
        depth = np.zeros(len(codes))
        for a, d in found.tree.turns.items():
            depth[a] = d
        costs.append(np.bincount(of, weights=depth, minlength=len(names)) / sizes)
        upper, maker, _ = mixed._maker_program(np.array(costs))
        print(
            f"round {r + 1}: best response in {found.seconds:.1f} s; the breaker's mix holds "
            f"every code to {upper:.6f}; the maker's classes "
            + ", ".join(f"{n} {q:.4f}" for n, q in zip(names, maker, strict=True)),
            flush=True,
        )
        weights = mixed.rounded(maker[of] / sizes[of], args.turns)
    print(
        f"value of 4x6 within {args.turns} guesses: between {float(lower):.6f} and "
        f"{upper:.6f} ({time.perf_counter() - t0:.0f} s in all)"
    )
    return 0


if __name__ == "__main__":
    launch.script(main)
