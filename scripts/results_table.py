"""Print the README's results table: our playbook beside the TV-rules one, the paper's and the
fast profile's, per letter.

Usage: python scripts/results_table.py [OURS] [REFERENCE] [FAST] [TV]
(defaults: output/lingo-nl-5/playbook.yaml, config/lingo-1994-paper.yaml,
output/lingo-nl-5-fast/playbook.yaml and output/lingo-nl-5-tv-all/playbook.yaml where they exist).
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import sys
from pathlib import Path

from playbook import compare, model
from playbook.cli.parsing import Parser
from playbook.errors import PlaybookError
from playbook.pipeline.session import game_of, load_lists
from playbook.spelling import Spelling


def _optional(path: str) -> model.Playbook | None:
    return model.load(path) if Path(path).exists() else None


def _group(pb: model.Playbook, name: str) -> model.GroupPlan | None:
    """The playbook's plan of group ``name``; None where it has none."""
    return next((g for g in pb.groups if g.group == name), None)


def _avg(pb: model.Playbook | None, group: str) -> str:
    if pb is None:
        return ""
    plan = _group(pb, group)
    st = plan.stats if plan is not None else None
    return f"{st.average:.2f}" if st else ""


def main(argv: list[str]) -> int:
    ap = Parser(prog="results_table.py", description=__doc__.splitlines()[0])
    ap.add_argument("ours", nargs="?", default="output/lingo-nl-5/playbook.yaml")
    ap.add_argument("reference", nargs="?", default="config/lingo-1994-paper.yaml")
    ap.add_argument("fast", nargs="?", default="output/lingo-nl-5-fast/playbook.yaml")
    ap.add_argument("tv", nargs="?", default="output/lingo-nl-5-tv-all/playbook.yaml")
    args = ap.parse_args(argv)
    try:
        table(args.ours, args.reference, args.fast, args.tv)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


def table(ours_path: str, ref_path: str, fast_path: str, tv_path: str) -> None:
    fast, tv = _optional(fast_path), _optional(tv_path)
    ours, ref = model.load(ours_path), model.load(ref_path)
    spell = Spelling.of(ours.words)
    game = game_of(ours, ours_path)
    lists = load_lists(ours.words, game=game)
    comps = {
        c.group: c
        for c in compare.compare(ours, ref, game, lists.guesses.words, lists.answers.words)
    }
    head = "| letter | words | our openings | found by | largest | avg | worst | exception moves |"
    head += " TV rules: openings | avg | not guaranteed |"
    head += " paper's openings | largest | fails | fast avg |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for g in ours.groups:
        c = comps.get(g.group)  # none where the paper has no such group (IJ: in its y)
        st = g.stats
        if st is None:
            raise PlaybookError(f"{ours_path}: group {g.group} states no figures (stats)")
        moves = sum(1 for r in g.table or () if isinstance(r.node, model.Move))
        unknown = "".join(f" ({w}: not in list)" for w in c.ref_unknown) if c else ""
        paper = (
            f"{' '.join(c.ref) or '-'}{unknown} | {c.ref_largest} | {c.ref_failures}"
            if c
            else "(none: the paper's y group held IJ) | | "
        )
        method = g.method + (f", {g.restarts} restarts" if g.restarts else "")
        if g.proven_none:
            method = f"none leaves <= {g.notes['exhaustive_triples']['target']} (proven); {method}"
        t = _group(tv, g.group) if tv is not None else None
        tv_cells = (
            f"{' '.join(map(spell.text, t.openings)) or '-'} | {_avg(tv, g.group)} | "
            f"{len(t.unguaranteed)} |"
            if t is not None
            else " | | |"
        )
        print(
            f"| {spell.group(g.group)} | {g.words} | {' '.join(map(spell.text, g.openings)) or '-'}"
            f" | {method} | {g.largest} | {st.average:.2f} | {st.worst} | {moves} | "
            f"{tv_cells} {paper} | {_avg(fast, g.group)} |"
        )
    s = ours.stats
    if s is None:
        raise PlaybookError(f"{ours_path}: the playbook states no figures (stats)")
    tv_all = (
        f"| {tv.stats.average:.3f} | {sum(len(g.unguaranteed) for g in tv.groups)} |"
        if (tv is not None and tv.stats is not None)
        else "| | |"
    )
    fs = f"{fast.stats.average:.3f}" if fast and fast.stats else ""
    print(
        f"| all | {s.words} | | | | {s.average:.3f} | {s.worst} | | {tv_all} | | "
        f"{sum(c.ref_failures for c in comps.values())} | {fs} |"
    )


if __name__ == "__main__":
    launch.script(lambda: main(sys.argv[1:]))
