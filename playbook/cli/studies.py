"""The studies' commands: ``value`` (game values with mixed strategies, Hangman's with its
recurrence) and ``mistakes`` (a randomised Hangman guesser's expected mistakes), printed from
:mod:`playbook.studies`."""

from __future__ import annotations

import argparse
import json

from playbook import config, studies
from playbook.api.building import load_config
from playbook.cli import watchdog
from playbook.cli.inputs import console, letters, past_budget, undecided
from playbook.cli.named import config_path
from playbook.errors import PlaybookError


def _pack(head: str, items: list[str], width: int = 80) -> str:
    """``items`` after ``head``, separated by commas, in lines of at most ``width`` (an item
    is never split)."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > width and line.strip() and line != head:
            lines.append(line.rstrip())
            line = "    "
        line += ("" if line in (head, "    ") else " ") + piece
    lines.append(line)
    return "\n".join(lines)


def _hangman_value(args: argparse.Namespace, cfg: config.Config) -> int:
    if args.openings or args.first:
        raise PlaybookError(
            "value: --openings and --first are words; a Hangman guesser guesses letters"
        )
    try:
        found = studies.hangman_values(
            cfg,
            letters=letters(args.letters),
            sample=args.sample,
            seed=args.seed,
            budget=args.budget,
        )
    except studies.ValueOutOfTime:
        return undecided(
            "value",
            args.budget,
            "every state of the words is visited; --sample takes fewer "
            "words, --letters fewer lengths, --budget gives more",
        )
    if args.json:
        print(json.dumps([g.summary() for g in found]))
        return 0
    for g in found:
        s = g.summary()
        some = (
            f"{s['words']:,} of the {s['of']:,} words (drawn by seed {s['seed']})"
            if s["seed"] is not None
            else f"{s['words']:,} words"
        )
        console.print(f"length {g.group}, {some}:", markup=False)
        console.print(
            f"  value {s['value']:.4f} mistakes ({s['fraction']}) with mixed strategies, "
            "the host keeping his word",
            markup=False,
        )
        host = [f"{w} {q:.4f}" for w, q in sorted(s["host"].items(), key=lambda x: -x[1])]
        console.print(_pack("  host: ", host), markup=False)
        console.print(
            f"  guesser: {s['guesser_trees']} trees mixed; against a host who picks every word "
            f"alike: {s['uniform']:.4f}",
            markup=False,
        )
        first = [f"{k} {q:.4f}" for k, q in sorted(s["recurrence_first"].items())]
        console.print(
            f"  the recurrence (a program per state): {s['recurrence']:.4f}; its strategy\n"
            f"    holds every word to {s['recurrence_guarantee']:.4f}",
            markup=False,
        )
        console.print(_pack("    first letter: ", first), markup=False)
        console.print(
            f"  without chance (the exact minimax): {s['minimax']} "
            + ("mistake" if s["minimax"] == 1 else "mistakes"),
            markup=False,
        )
        console.print(
            f"  {s['states']:,} states, {s['programs']:,} programs, {s['rounds']} rounds, "
            f"{s['seconds']:.2f} s",
            markup=False,
        )
    return 0


def cmd_value(args: argparse.Namespace) -> int:
    with watchdog.budget(args.budget, past_budget("value", args.budget)):
        return _value(args)


def _value(args: argparse.Namespace) -> int:
    openings = [w.strip() for w in (args.openings or "").split(",") if w.strip()]
    with config_path(args.config) as path:
        cfg = load_config(path)
        if studies.counts_misses(cfg):
            return _hangman_value(args, cfg)
        if args.sample is not None:
            raise PlaybookError(
                "value: --sample is for Hangman, whose whole lists are out of reach; "
                "--letters picks smaller groups"
            )
        try:
            found = studies.game_values(
                cfg,
                letters=letters(args.letters),
                openings=openings,
                budget=args.budget,
                first=args.first,
            )
        except studies.ValueOutOfTime as stop:
            held = (
                f"; the codebreaker's mix of {stop.trees} trees so far holds every code to "
                f"{stop.upper:.6f} guesses, so the value is at most that"
                if stop.upper is not None
                else ""
            )
            if stop.lower is not None:
                held += (
                    f", and at least {stop.lower:.6f} (the most the best responses proved a "
                    "codemaker can hold every tree to)"
                )
            return undecided(
                "value",
                args.budget,
                "the exact best responses grow fast with the codes; "
                f"--letters picks smaller groups, --budget gives more{held}",
            )
    if args.json:
        print(json.dumps([g.summary() for g in found]))
        return 0
    kept = f"  the codebreaker kept to the openings {', '.join(openings)}" if openings else ""
    if args.first:
        kept = f"  every tree of the codebreaker opens with {args.first}"
    for g in found:
        s = g.summary()
        head = f"group {g.group}: " if len(found) > 1 or g.group != "*" else ""
        console.print(
            f"{head}value {s['value']:.4f} guesses ({s['fraction']}) with mixed strategies",
            markup=False,
        )
        if kept:
            console.print(kept, markup=False)
        console.print(
            f"  against a codemaker who picks every code alike: {s['uniform']:.4f}", markup=False
        )
        maker = [
            (f"{m['class']} ({m['codes']} codes) " if m["codes"] > 1 else f"{m['class']} ")
            + f"{m['probability']:.4f}"
            for m in s["maker"]
        ]
        console.print(_pack("  codemaker: ", maker), markup=False)
        breaker = [f"{k} {w:.4f}" for k, w in sorted(s["breaker_openings"].items())]
        breaker[-1] += f" ({s['breaker_trees']} trees mixed)"
        console.print(_pack("  codebreaker: openings ", breaker), markup=False)
        console.print(
            f"  {s['trees']} trees in the program, {s['rounds']} rounds, {s['seconds']:.2f} s",
            markup=False,
        )
    return 0


def cmd_mistakes(args: argparse.Namespace) -> int:
    with watchdog.budget(args.budget, past_budget("mistakes", args.budget)):
        return _mistakes(args)


def _mistakes(args: argparse.Namespace) -> int:
    with config_path(args.config) as path:
        cfg = load_config(path)
        try:
            e = studies.expected_mistakes(cfg, args.word, args.strategy, budget=args.budget)
        except studies.MistakesOutOfTime:
            return undecided(
                "mistakes",
                args.budget,
                "every state the game can reach is visited; --budget gives more",
            )
    if args.json:
        print(
            json.dumps(
                {
                    "word": args.word,
                    "strategy": args.strategy,
                    "mistakes": e.mistakes,
                    "states": e.states,
                    "seconds": round(e.seconds, 3),
                }
            )
        )
        return 0
    console.print(
        f"{args.word} under {args.strategy}: {e.mistakes:.4f} mistakes on average "
        f"(exact; {e.states} states, {e.seconds:.2f} s)",
        markup=False,
    )
    return 0
