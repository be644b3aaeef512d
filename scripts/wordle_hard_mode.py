"""Wordle's hard mode (issue 30, item 3): the optimum of the trees that open with a first guess
when every guess keeps what the feedback before it revealed, as the game enforces it (a
letter marked in the right place stays there; every letter marked right or elsewhere is
used again, as many times). Alex Selby's figure for salet is 8,122.

    .venv/bin/python scripts/wordle_hard_mode.py [--first salet] [--out FILE]
    .venv/bin/python scripts/wordle_hard_mode.py --playbook FILE
    .venv/bin/python scripts/wordle_hard_mode.py --check FILE

The first form searches (``playbook.studies.hard_mode``), checks the tree it builds from the
words alone and writes it as text, a line per answer: each guess and its feedback
(``o`` right place, ``x`` elsewhere, ``.`` absent) up to the answer's ``ooooo``. The second
re-checks such a file from the words alone: every answer of the list once, each feedback as
the rule marks it, each guess keeping what was revealed before it, the same guess wherever
the same feedback led, within six turns; it prints the total. ``--playbook FILE`` writes the
tree as the playbook of ``config/wordle-hard.yaml`` (the shipped plan ``wordle-hard``:
``scripts/ship_plans.py`` runs this), verified before it is written: every answer replayed
under Wordle's hard mode, the total stated beside the bound the search proved.
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playbook import config, model
from playbook.cli.parsing import Parser
from playbook.convert import tree_plan
from playbook.engines.constants import INF
from playbook.errors import PlaybookError
from playbook.games import Wordle
from playbook.games.lingo import keeps_revealed
from playbook.io import files
from playbook.model import Method
from playbook.pipeline import build
from playbook.pipeline.session import Session
from playbook.search.trees import Node, Probe, Tree
from playbook.studies.hard_mode import HardSearch, broken_rules
from playbook.studies.root_proof import refute_opening
from playbook.verify import verify

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "config" / "wordle.yaml"
HARD_CONFIG = ROOT / "config" / "wordle-hard.yaml"
OUT = ROOT / "benchmarks" / "results" / "wordle_hard_salet.txt"
GAME = Wordle()
"""The rule that marks a guess (``o x .``), for the check of a tree file."""


def _lines(tree: Tree, guesses: tuple[str, ...], fmt: Callable[[int], str]) -> list[str]:
    """A line per answer found: the guesses and feedback that lead to it, by answer."""
    out: list[str] = []

    def size(node: Node) -> int:
        return node.size if isinstance(node, Probe) else len(node.cols)

    def walk(node: Node, path: list[str]) -> None:
        assert isinstance(node, Probe)
        word = guesses[node.row]
        if sum(size(child) for _, child in node.children) < node.size:  # found here
            out.append(" ".join([*path, word, "ooooo"]))
        for code, child in node.children:
            walk(child, [*path, word, fmt(code)])

    walk(tree.root, [])
    return sorted(out, key=lambda line: line.split()[-2])


def check(
    path: Path, answers: tuple[str, ...], guesses: tuple[str, ...], limit: int
) -> tuple[int, list[str]]:
    """(total guesses, problems) of a tree file, from the words alone (every guess one of
    ``guesses``; what the file holds is quoted, never printed raw)."""
    allowed = set(guesses)
    problems: list[str] = []
    seen: dict[tuple[str, ...], str] = {}
    found: dict[str, int] = {}
    total = 0
    for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        parts = line.split()
        if len(parts) < 2 or len(parts) % 2:
            problems.append(f"line {n}: not guesses each with its feedback")
            continue
        if len(parts) > 2 * limit:  # checked no further: a long line costs its square
            problems.append(f"line {n}: {len(parts) // 2} guesses, over {limit}")
            continue
        words, codes = parts[0::2], parts[1::2]
        answer = words[-1]
        if codes[-1] != "ooooo" or answer not in answers:
            problems.append(f"line {n}: does not end in an answer found (ooooo)")
            continue
        for k, (w, c) in enumerate(zip(words, codes, strict=True)):
            if w not in allowed or len(c) != 5 or set(c) - set("ox."):
                problems.append(f"line {n}: {w!r} {c!r} is not a guess and its feedback")
                break
            if GAME.format(GAME.feedback(w, answer)) != c:
                problems.append(f"line {n}: {w} against {answer} is not {c}")
                break
            for before, fb in zip(words[:k], codes[:k], strict=True):
                if not keeps_revealed(before, fb, w):
                    problems.append(f"line {n}: {w} drops what {before} {fb} revealed")
            key = tuple(parts[: 2 * k])
            if seen.setdefault(key, w) != w:
                problems.append(f"line {n}: {w} where another line plays {seen[key]}")
        if answer in found:
            problems.append(f"line {n}: {answer} again (line {found[answer]})")
        found[answer] = n
        if len(words) > limit:
            problems.append(f"line {n}: {answer} takes {len(words)} guesses, over {limit}")
        total += len(words)
    missing = [a for a in answers if a not in found]
    if missing:
        problems.append(f"{len(missing)} answers have no line (e.g. {missing[0]})")
    return total, problems


def write_playbook(path: Path, tree: Tree, value: int, first: str) -> int:
    """The hard-mode tree as the playbook of ``config/wordle-hard.yaml``, verified (every
    answer under Wordle's hard mode, the total the replay counts) before it is written."""
    cfg = config.load(HARD_CONFIG)
    session = Session.open(cfg)
    (problem,) = session.problems(None).values()
    plan = tree_plan(problem, tree.root, Method.strategy("optimal"))
    optimum = {"total": value, "lower_bound": value, "proven": True, "first": first}
    plan = dataclasses.replace(plan, notes={"optimum": optimum})
    built = build.assemble(cfg, session, [plan], profile=Method.strategy("optimal"), letters=None)
    report = verify(built.playbook, session.game, session.guesses, session.answers)
    if not report.ok:
        print(f"error: the tree does not verify: {'; '.join(report.problems[:3])}", file=sys.stderr)
        return 1
    files.atomic_write(path, model.dumps(built.playbook))
    print(f"{path}: the playbook of wordle-hard, verified: {value} guesses, hard mode kept")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", default="salet", help="the first guess (default salet)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"the tree's file (default {OUT})")
    ap.add_argument("--check", type=Path, metavar="FILE", help="re-check a tree file instead")
    ap.add_argument(
        "--playbook",
        type=Path,
        metavar="FILE",
        help="write the tree as wordle-hard's playbook, verified (instead of the text file)",
    )
    ap.add_argument("--force", action="store_true", help="replace an earlier tree or playbook")
    args = ap.parse_args(argv)
    session = Session.open(config.load(CONFIG))
    (problem,) = session.problems(None).values()
    limit = session.game.limit
    answers, guesses = tuple(problem.answers), tuple(problem.guesses)
    if args.check is not None:
        if not args.check.is_file():
            what = "no such file" if not args.check.exists() else "not a plain file"
            print(f"error: {args.check}: {what} to check (a tree file)", file=sys.stderr)
            return 2
        total, problems = check(args.check, answers, guesses, limit)
        for p in problems[:20]:
            print(p)
        print(
            f"{args.check}: {total} guesses for {len(answers)} answers; "
            + ("holds" if not problems else f"{len(problems)} problems")
        )
        return 1 if problems else 0
    if args.first not in guesses:
        print(f"error: --first: {args.first!r} is not one of the guesses", file=sys.stderr)
        return 2
    # the CLI's file rules: a file or nothing there (never a link, which would write
    # elsewhere), the folder writable (checked with a file of a random name), the tree written
    # to a temporary file beside it and renamed over it, whole or not at all
    target, flag = (args.playbook, "--playbook") if args.playbook else (args.out, "--out")
    kind = files.kind_of(target)
    if kind not in (None, "a file"):
        print(f"error: {flag}: {target} is {kind}; give a file to write", file=sys.stderr)
        return 2
    try:
        files.result_target(target, flag, args.force)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    g = guesses.index(args.first)
    search = HardSearch(problem, limit)
    t0 = time.perf_counter()
    proof = refute_opening(search, g, INF)
    value, exact = proof.bound, proof.exact
    took = time.perf_counter() - t0
    tree = search.tree(g)
    broken = list(broken_rules(problem, tree))
    ok = (
        exact
        and search.value(tree) == value
        and not tree.missed
        and tree.worst <= limit
        and not broken
    )
    print(
        f"{args.first}: {value} guesses for {len(answers)} answers in hard mode "
        f"({'proven' if exact else 'not proven'}), {int(search.stats[0]):,} nodes, {took:.1f} s; "
        f"the tree: {search.value(tree)}, worst {tree.worst} turns, "
        f"rule {'kept' if not broken else 'broken'}"
    )
    if not ok:
        return 1
    if args.playbook is not None:
        return write_playbook(args.playbook, tree, value, args.first)
    fmt = session.game.format
    files.atomic_write(args.out, "\n".join(_lines(tree, guesses, fmt)) + "\n")
    total, problems = check(args.out, answers, guesses, limit)
    print(
        f"{args.out}: {total} guesses, re-checked from the words: "
        + ("holds" if not problems else "; ".join(problems[:3]))
    )
    return 0 if not problems and total == value else 1


if __name__ == "__main__":
    launch.script(main)
