"""Print the README's results table: our playbook beside a reference one, per letter.

Usage: python scripts/results_table.py [OURS] [REFERENCE] [FAST]
(defaults: output/lingo-nl-5/playbook.yaml, config/lingo-1994-paper.yaml,
output/lingo-nl-5-fast/playbook.yaml if it exists).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playbook import compare, model
from playbook.pipeline.outputs import game_of
from playbook.pipeline.session import load_lists


def main(argv: list[str]) -> None:
    ours_path = argv[0] if argv else "output/lingo-nl-5/playbook.yaml"
    ref_path = argv[1] if len(argv) > 1 else "config/lingo-1994-paper.yaml"
    fast_path = Path(argv[2] if len(argv) > 2 else "output/lingo-nl-5-fast/playbook.yaml")
    ours, ref = model.load(ours_path), model.load(ref_path)
    fast = model.load(str(fast_path)) if fast_path.exists() else None
    game = game_of(ours, ours_path)
    lists = load_lists(dict(ours.words), game=game)
    comps = {
        c.group: c
        for c in compare.compare(ours, ref, game, lists.guesses.words, lists.answers.words)
    }
    head = "| letter | words | our openings | found by | largest | avg | worst | exception moves |"
    head += " paper's openings | largest | fails | fast avg |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for g in ours.groups:
        c = comps[g.group]
        st = g.stats
        moves = sum(1 for r in g.table or () if isinstance(r.node, model.Move))
        unknown = "".join(f" ({w}: not in list)" for w in c.ref_unknown)
        fa = ""
        if fast is not None and fast.group(g.group).stats is not None:
            fa = f"{fast.group(g.group).stats.average:.2f}"  # type: ignore[union-attr]
        method = g.method + (f", {g.restarts} restarts" if g.restarts else "")
        print(
            f"| {g.group} | {g.words} | {' '.join(g.openings) or '-'} | {method} | "
            f"{g.largest} | {st.average:.2f} | {st.worst} | {moves} | "  # type: ignore[union-attr]
            f"{' '.join(c.ref) or '-'}{unknown} | {c.ref_largest} | {c.ref_failures} | {fa} |"
        )
    s = ours.stats
    fs = f"{fast.stats.average:.3f}" if fast and fast.stats else ""
    print(
        f"| all | {s.words} | | | | {s.average:.3f} | {s.worst} | | | | "  # type: ignore[union-attr]
        f"{sum(c.ref_failures for c in comps.values())} | {fs} |"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
