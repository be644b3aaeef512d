"""``playbook endgame``: the End Game of English Lingo (three words against the clock) for
built plans, with when passing a word pays."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from playbook import api
from playbook.api import endgames
from playbook.api.endgames import percent
from playbook.cli.inputs import console
from playbook.cli.named import load_playbook, playbook_file
from playbook.errors import PlaybookError


def _progress(line: str) -> None:
    """Progress on a terminal (standard error), on one line cleared when done; nothing where
    standard error is a file or a pipe."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{line}\x1b[K" if line else "\r\x1b[K")
        sys.stderr.flush()


def cmd_endgame(args: argparse.Namespace) -> int:
    try:
        rules = endgames.Rules(seconds=args.seconds, line=args.line, pass_cost=args.pass_cost)
        slow = dataclasses.replace(
            rules, word_overhead=args.word_overhead, line_overhead=args.line_overhead
        )
    except ValueError as exc:
        raise PlaybookError(f"--{str(exc).replace('_', '-')}") from None
    card = api.output_file(args.card, "--card") if args.card else None
    if card is not None and card.suffix not in (".pdf", ".html"):
        raise PlaybookError(f"--card: {args.card}: expected a file ending .pdf or .html")
    endgames.check_endgame(len(args.playbooks), rules)  # before any plan is read
    args.playbooks = [playbook_file(p) for p in args.playbooks]
    run = endgames.end_game(
        [(load_playbook(p), p) for p in args.playbooks], rules, slow, progress=_progress
    )
    here, runs, clocked, names = run.here, run.runs, run.clocked, run.names
    if card is not None:
        run.write_card(card, args.language)
    if args.json:
        record = {
            "figures": here.as_dict(),
            "speeds": {s: f.as_dict() for s, f in runs.items()},
            "with_overhead": {s: f.as_dict() for s, f in clocked.items()},
        }
        print(json.dumps(record))
        return 0
    g = here.game
    n = len(names)
    console.print(
        f"End Game: {n} word{'s' if n > 1 else ''} within {rules.seconds} s, {rules.line} s a "
        f"line, a pass {rules.pass_cost} s",
        soft_wrap=True,
    )
    for i, (name, avg) in enumerate(zip(names, here.averages, strict=True), 1):
        console.print(f"  word {i}: {name}, {avg:.3f} lines on average", soft_wrap=True)
    counted = ("the first word", "the first two", "all three", "all four", "all five", "all six")
    firsts = ", ".join(f"{counted[i]} {percent(x)}" for i, x in enumerate(g.first))
    console.print(f"in time, passing no word: {firsts}", soft_wrap=True)
    console.print(
        f"the best rule by lines spent: {g.rule_text()} ({percent(g.ruled)})", soft_wrap=True
    )
    late = max(here.sighted_passes)
    when = (
        f"beside the words the plans do not find, it passes only with at most {late} s left, "
        "when this word needs more lines than remain"
        if late
        else "it passes only the words the plans do not find"
    )
    console.print(
        f"the best by the words still possible and the clock: {percent(here.sighted)} ({when})",
        soft_wrap=True,
    )
    console.print(
        f"with overhead: {slow.word_overhead} s lost before each word, {slow.line_overhead} s "
        "more each line (--word-overhead, --line-overhead)",
        soft_wrap=True,
    )
    console.print("seconds a line   all in time   best rule   best with sight   with overhead")
    for s, f in runs.items():
        console.print(
            f"{s:>14}   {percent(f.game.never):>11}   {percent(f.game.ruled):>9}   "
            f"{percent(f.sighted):>15}   {percent(clocked[s].sighted):>13}"
        )
    if card is not None:
        console.print(f"wrote {card}", soft_wrap=True)
    return 0
