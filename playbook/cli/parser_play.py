"""The arguments of the commands a player uses beside a built plan: ``play`` and ``simulate``
(the assistant and self-play), ``endgame`` (English Lingo's End Game) and ``site`` (the
installable pages); :mod:`playbook.cli.parser` adds them to the command line."""

from __future__ import annotations

import argparse

from playbook.cli import checks
from playbook.cli.parsing import Subparsers, command, language
from playbook.names import HOSTS, LANGUAGES, RULES


def _play_options(parser: argparse.ArgumentParser, optimal: bool = False) -> None:
    """What ``play`` and ``simulate`` share: the player, hard mode, the word list; ``play``
    also follows the exact optimum (``optimal``)."""
    parser.add_argument("config", help="config file or bundled config name")
    parser.add_argument("--playbook", help="follow this playbook (default: the rule)")
    rules = (*RULES, "optimal") if optimal else RULES
    parser.add_argument(
        "--rule",
        choices=rules,
        metavar="RULE",
        help=f"the rule off the playbook, or without one: {', '.join(rules)} (default scm"
        + (
            "; optimal: the group's tree of the fewest guesses, where the exact search proves "
            "it within seconds"
            if optimal
            else ""
        )
        + ")",
    )
    parser.add_argument(
        "--hard",
        action="store_true",
        help="hard mode: every guess must be a word that fits all feedback so far",
    )
    parser.add_argument(
        "--words",
        metavar="FILE",
        help="play against this word list file (one word a line; every word both a guess "
        "and an answer) instead of the config's",
    )


def play(sub: Subparsers) -> argparse.ArgumentParser:
    pl = sub.add_parser(
        "play",
        help="the interactive assistant: next move after feedback",
        description="Shows the move to play, reads the feedback you saw, shows "
        "the next move and the words left. Commands: why, l list, u undo, review, new, "
        "chance [N] (taking over a board: the move most likely to find the word in N turns), "
        "reveal N L (letter L revealed in place N), ? help, q or quit (Ctrl-D too); WORD "
        "FEEDBACK when you played another word.",
    )
    _play_options(pl, optimal=True)
    pl.add_argument("--letter", help="the revealed letter (group)")
    language(pl, "the language it speaks", "for a Dutch word list")
    pl.add_argument(
        "--moves",
        help='non-interactive: "WORD FEEDBACK WORD FEEDBACK ...", or lines separated by ; '
        '("manou 2 1 0 0 0; kreek o..o."); exit 2 at a step refused, 1 if not solved',
    )
    pl.set_defaults(func=command("playing", "cmd_play"))
    return pl


def simulate(sub: Subparsers) -> argparse.ArgumentParser:
    sm = sub.add_parser(
        "simulate",
        help="self-play of a playbook or rule",
        description="Play every answer, random answers or against a cheating "
        "host; print the distribution, average, worst case and losses.",
    )
    _play_options(sm)
    sm.add_argument(
        "--host",
        choices=HOSTS,
        default="all",
        help="who picks the word (default all: every answer once; adversarial: a cheating "
        "host, its path shown move by move)",
    )
    sm.add_argument("--games", type=checks.positive, default=100, help="games for --host random")
    sm.add_argument("--seed", type=checks.seed, default=0, help="seed for --host random")
    sm.add_argument("--letters", help="only these groups")
    sm.add_argument("--show", action="store_true", help="print every game move by move")
    sm.add_argument(
        "--json", action="store_true", help="print the figures (and games, with --show) as JSON"
    )
    sm.set_defaults(func=command("playing", "cmd_simulate"))
    return sm


def endgame(sub: Subparsers) -> argparse.ArgumentParser:
    eg = sub.add_parser(
        "endgame",
        help="English Lingo's End Game: three words against the clock, and when to pass",
        description="The chance of finding every word of the plans, in the order given (the "
        "ITV End Game: four, five and six letters within 90 seconds), at a number of seconds "
        "a line, from the plans' games over their answers; the best rule by lines spent that "
        "says when to pass a word and take a fresh one, and the most a pair can win that "
        "passes by the words still possible and the clock. Each word has five lines.",
    )
    eg.add_argument("playbooks", nargs="+", metavar="PLAYBOOK", help="built playbooks, in order")
    eg.add_argument("--seconds", type=int, default=90, help="the clock (default 90)")
    eg.add_argument("--line", type=int, default=10, help="seconds a line takes (default 10)")
    eg.add_argument("--pass-cost", type=int, default=2, help="seconds a pass takes (default 2)")
    for flag, default, what in (
        ("--word-overhead", 1, "seconds lost before each word's first line"),
        ("--line-overhead", 0, "seconds each line takes beyond --line"),
    ):  # the clock as it really runs: the figures with overhead
        eg.add_argument(
            flag,
            type=int,
            default=default,
            help=f"{what}, in the figures with overhead (default {default})",
        )
    eg.add_argument("--json", action="store_true", help="print the figures as JSON")
    eg.add_argument(
        "--card", metavar="FILE", help="write the End Game's page of the card (.pdf or .html)"
    )
    eg.add_argument(
        "--language", choices=LANGUAGES, default="en", help="the page's language (default en)"
    )
    eg.set_defaults(func=command("endgame", "cmd_endgame"))
    return eg


def site(sub: Subparsers) -> argparse.ArgumentParser:
    si = sub.add_parser(
        "site",
        help="write an installable, offline site: every shipped plan's page",
        description="Writes into FOLDER the play-along page of every shipped plan, an index, "
        "a web app manifest with icons and a service worker: served over https (or on "
        "localhost), a phone installs it from the browser's menu and opens it offline.",
    )
    si.add_argument("folder", help="the folder to write (made if missing)")
    si.add_argument(
        "--only",
        type=lambda s: [n for n in s.split(",") if n],
        metavar="NAMES",
        help="only these shipped plans, e.g. lingo-nl-5-tv,wordle (default: all)",
    )
    si.add_argument(
        "--add",
        action="append",
        default=[],
        metavar="PLAYBOOK",
        help="a built playbook besides the shipped plans (repeat for more)",
    )
    language(si, "the site's language", "where every plan is Dutch")
    si.add_argument("--json", action="store_true", help="print the files written as JSON")
    si.set_defaults(func=command("site", "cmd_site"))
    return si
