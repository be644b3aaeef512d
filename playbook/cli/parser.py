"""The command line's arguments: one function per command, choices read from the
registries (rules, formats, tile styles, backends, hosts)."""

from __future__ import annotations

import argparse
import functools
import importlib
from collections.abc import Callable
from typing import Any

from playbook import __version__
from playbook.cli import checks
from playbook.cli.parsing import Parser
from playbook.names import (
    AUTO,
    BACKENDS,
    DEFAULT_CONFIG,
    FORMATS,
    GUESSERS,
    HOSTS,
    LANGUAGE_CHOICES,
    LANGUAGES,
    RULES,
    SHELLS,
    TILE_STYLES,
)

Subparsers = Any
"""argparse's sub-parser action (a private type)."""

Command = Callable[[argparse.Namespace], int]
"""What a command runs: the parsed arguments in, the exit code out."""


def _command(module: str, name: str) -> Command:
    """``playbook.cli.<module>.<name>``, imported only when its command runs: parsing (and
    ``--help``, ``--version``) loads none of the library, numba, scipy or the renderers."""

    def run(args: argparse.Namespace) -> int:
        return int(getattr(importlib.import_module(f"playbook.cli.{module}"), name)(args))

    run.__qualname__ = run.__name__ = f"{module}.{name}"
    return run


STRATEGY_RULES = (*RULES, "optimal")
"""Rules of ``strategy``: the greedy rules and the exact optimum."""


def _build(sub: Subparsers) -> argparse.ArgumentParser:
    b = sub.add_parser(
        "build",
        help="search, verify and write a playbook",
        description="Search the openings and tables, verify them and write "
        "OUT/<name>/playbook.yaml.",
    )
    b.add_argument(
        "config", nargs="?", help=f"config file or bundled config name (default: {DEFAULT_CONFIG})"
    )
    b.add_argument("--out", default="output", help="output folder (default: output)")
    b.add_argument("--jobs", type=checks.jobs, help="worker processes (-1: one per core)")
    b.add_argument("--letters", help="only these groups, e.g. abc or a,b,c")
    b.add_argument("--seed", type=checks.seed, help="hill-climbing seed (overrides the config)")
    b.add_argument("--restarts", type=int, help="hill-climbing restarts (overrides the config)")
    b.add_argument("--no-cache", action="store_true", help="recompute the feedback matrix")
    b.add_argument(
        "--search-depth",
        type=int,
        choices=(2, 3),
        help="exhaustive search up to pairs (2) or triples (3, the default)",
    )
    b.add_argument(
        "--device",
        choices=("cpu", "gpu", "auto"),
        help="where the triple search runs: cpu (default), gpu (CUDA) or auto",
    )
    b.add_argument(
        "--backend",
        choices=BACKENDS,
        help="local processes (loky, default) or a Dask cluster",
    )
    b.add_argument(
        "--scheduler",
        help="address of a running Dask scheduler, tcp://HOST:PORT "
        "(implies --backend dask); without it dask starts a local cluster of --jobs "
        "workers",
    )
    b.add_argument(
        "--no-resume",
        action="store_true",
        help="ignore and do not keep checkpoints of finished work units",
    )
    b.add_argument(
        "--formats",
        help="files to write, e.g. yaml,pdf (overrides the config's render.formats)",
    )
    b.add_argument(
        "--json",
        action="store_true",
        help="print the verdict, figures and files as JSON (progress stays on stderr)",
    )
    b.set_defaults(func=_command("commands", "cmd_build"))
    return b


def _verify(sub: Subparsers) -> argparse.ArgumentParser:
    v = sub.add_parser(
        "verify",
        help="replay every word through a playbook",
        description="Replay every word of the list through the playbook using "
        "only the game rules, and check every figure it states. Exit 0 if all are found in "
        "time and every claim holds, 1 if not, 2 if the file is unreadable or malformed.",
    )
    v.add_argument("playbook", help="playbook YAML file")
    v.add_argument(
        "--words", help="check against this word list file instead of the playbook's own"
    )
    v.add_argument("--quiet", action="store_true", help="only failures and the verdict")
    v.add_argument(
        "--proofs",
        action="store_true",
        help="re-decide by exhaustive search what the playbook says is proven (the best "
        "openings, or that no three meet the target): minutes for a whole list",
    )
    v.add_argument(
        "--jobs", type=checks.jobs, default=-1, help="workers for --proofs (-1: all cores)"
    )
    v.add_argument(
        "--json", action="store_true", help="print the verdict, figures and failures as JSON"
    )
    v.set_defaults(func=_command("commands", "cmd_verify"))
    return v


def _render(sub: Subparsers) -> argparse.ArgumentParser:
    rd = sub.add_parser(
        "render",
        help="print a playbook as PDF, HTML or Markdown",
        description="Render any playbook file (including the 1994 paper's) "
        "as a printable PDF, HTML or Markdown cheat sheet.",
    )
    rd.add_argument("playbook", help="playbook YAML file")
    rd.add_argument("--format", choices=FORMATS, default="pdf", help="output format (default pdf)")
    rd.add_argument("-o", "--output", help="output file (default: beside the playbook)")
    rd.add_argument("--letters", help="only these groups, e.g. kq or k,q")
    rd.add_argument(
        "--with",
        dest="others",
        action="append",
        default=[],
        metavar="PLAYBOOK",
        help="another playbook beside this one: on the card (the same list under other "
        "rules), or on the page (a tab each: the lengths of one show)",
    )
    rd.add_argument(
        "--tiles", choices=TILE_STYLES, default="lingo", help="tile style (default lingo)"
    )
    _language(rd, "language of the book and the card", "for a Dutch word list")
    rd.add_argument(
        "--frontier",
        action="store_true",
        help="end the book (pdf, html, md) with the memorisation frontier measured for its "
        "list and rules, where there is one (research: left out unless asked)",
    )
    rd.add_argument(
        "--jobs",
        type=checks.jobs,
        default=-1,
        help="render a long PDF in this many parts at once (default -1: one per core)",
    )
    rd.add_argument(
        "--json", action="store_true", help="print the file written and its pages as JSON"
    )
    rd.set_defaults(func=_command("commands", "cmd_render"))
    return rd


def _show(sub: Subparsers) -> argparse.ArgumentParser:
    s = sub.add_parser(
        "show",
        help="print a playbook's openings and table",
        description="Print the summary, or one letter's openings and table.",
    )
    s.add_argument("playbook", help="playbook YAML file")
    s.add_argument("--letter", help="the group (starting letter) to show")
    s.add_argument("--json", action="store_true", help="print the playbook (or the group) as JSON")
    s.set_defaults(func=_command("commands", "cmd_show"))
    return s


def _strategy(sub: Subparsers) -> argparse.ArgumentParser:
    st = sub.add_parser(
        "strategy",
        help="play a rule against every answer; the whole tree",
        description="Build the full decision tree of a rule over every answer "
        "and report total, average, worst case and distribution.",
    )
    st.add_argument("config", help="config file or bundled config name")
    st.add_argument(
        "--rule",
        required=True,
        choices=STRATEGY_RULES,
        metavar="RULE",
        help=f"how to choose each guess: {', '.join(STRATEGY_RULES)}",
    )
    st.add_argument("--json", action="store_true", help="print the figures as JSON")
    st.add_argument("--out", help="write the tree as a playbook YAML file")
    st.add_argument("--letters", help="only these groups")
    st.add_argument(
        "--hard", action="store_true", help="hard mode: guesses consistent with all feedback so far"
    )
    st.add_argument(
        "--budget",
        type=checks.seconds,
        default=60.0,
        help="seconds in all for --rule optimal (default 60); then the best trees found",
    )
    st.add_argument(
        "--first",
        metavar="WORD",
        help="open every group with this guess (with --rule optimal: the best tree that does)",
    )
    st.add_argument(
        "--jobs",
        type=checks.jobs,
        default=1,
        help="worker processes for --rule optimal, one group each (-1: one per core; default 1)",
    )
    st.set_defaults(func=_command("commands", "cmd_strategy"))
    return st


def _rank(sub: Subparsers) -> argparse.ArgumentParser:
    rk = sub.add_parser(
        "rank",
        help="the best first guesses under a rule",
        description="Rank first guesses by a rule, with their largest subset, "
        "number of subsets, expected size and entropy.",
    )
    rk.add_argument("config", help="config file or bundled config name")
    rk.add_argument(
        "--rule",
        required=True,
        choices=RULES,
        metavar="RULE",
        help=f"ranking rule: {', '.join(RULES)}",
    )
    rk.add_argument("--top", type=checks.positive, default=10, help="how many (default 10)")
    rk.add_argument("--json", action="store_true", help="print as JSON")
    rk.add_argument("--letters", help="only these groups")
    rk.set_defaults(func=_command("commands", "cmd_rank"))
    return rk


def _value(sub: Subparsers) -> argparse.ArgumentParser:
    va = sub.add_parser(
        "value",
        help="the game's value with mixed strategies: codemaker against codebreaker",
        description="The value of the two-player game in which the codemaker picks the "
        "secret by a distribution of its choosing and the codebreaker may pick its tree at "
        "random (guesses needed on average when both play their best), with both players' "
        "optimal mixed strategies: a linear program (HiGHS) over the breaker's trees, grown "
        "by exact best responses; classes of codes where the game has symmetries. For "
        "Hangman (mistakes instead of guesses): the value against a host who keeps his word, "
        "the Hangman question's recurrence (a program per state) and the minimax without "
        "chance, on the same words.",
    )
    va.add_argument("config", help="config file or bundled config name")
    va.add_argument("--letters", help="only these groups")
    va.add_argument(
        "--openings",
        metavar="W1,W2",
        help="keep the codebreaker to these openings, each with its best continuation "
        "against a uniform codemaker (a restricted game, as in the survey's tables)",
    )
    va.add_argument(
        "--first",
        metavar="WORD",
        help="every tree of the codebreaker opens with WORD and plays freely after (Wordle "
        "from salet: the full root is out of reach)",
    )
    va.add_argument(
        "--sample",
        type=checks.sample,
        metavar="N",
        help="Hangman: N words of each length drawn at random (by --seed), where the whole "
        "list is out of reach",
    )
    va.add_argument("--seed", type=checks.seed, default=0, help="the sample's seed (default 0)")
    checks.budget(va)
    va.add_argument("--json", action="store_true", help="print the figures as JSON")
    va.set_defaults(func=_command("studies", "cmd_value"))
    return va


def _mistakes(sub: Subparsers) -> argparse.ArgumentParser:
    mi = sub.add_parser(
        "mistakes",
        help="Hangman: the exact expected mistakes of a randomised guesser on one word",
        description="The expected number of mistakes until WORD is shown, for a guesser who "
        "picks letters at random by a strategy: "
        + "; ".join(f"{k}: {v}" for k, v in GUESSERS.items())
        + ". Computed by dynamic programming over the states the game can reach.",
    )
    mi.add_argument("config", help="config file or bundled config name (hangman)")
    mi.add_argument("word", help="the word the host holds")
    mi.add_argument("--strategy", required=True, choices=tuple(GUESSERS))
    checks.budget(mi)
    mi.add_argument("--json", action="store_true", help="print the figures as JSON")
    mi.set_defaults(func=_command("studies", "cmd_mistakes"))
    return mi


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


def _language(p: argparse.ArgumentParser, what: str, dutch: str) -> None:
    """``--language auto|en|nl``: ``auto`` is Dutch ``dutch`` (a Dutch word list), else English."""
    help_ = f"{what} (default auto: Dutch {dutch}, else English)"
    p.add_argument("--language", choices=LANGUAGE_CHOICES, default=AUTO, help=help_)


def _play(sub: Subparsers) -> argparse.ArgumentParser:
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
    _language(pl, "the language it speaks", "for a Dutch word list")
    pl.add_argument(
        "--moves",
        help='non-interactive: "WORD FEEDBACK WORD FEEDBACK ...", or lines separated by ; '
        '("manou 2 1 0 0 0; kreek o..o."); exit 2 at a step refused, 1 if not solved',
    )
    pl.set_defaults(func=_command("playing", "cmd_play"))
    return pl


def _simulate(sub: Subparsers) -> argparse.ArgumentParser:
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
    sm.set_defaults(func=_command("playing", "cmd_simulate"))
    return sm


def _lists(sub: Subparsers) -> argparse.ArgumentParser:
    ls = sub.add_parser(
        "lists",
        help="list the bundled word lists, configs and shipped plans",
        description="The word lists, configs and verified plans that ship with playbook.",
    )
    ls.add_argument("--json", action="store_true", help="print the lists and configs as JSON")
    ls.set_defaults(func=_command("commands", "cmd_lists"))
    return ls


def _endgame(sub: Subparsers) -> argparse.ArgumentParser:
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
        eg.add_argument(flag, type=int, default=default, help=f"{what}, in the figures "
                        f"with overhead (default {default})")  # fmt: skip
    eg.add_argument("--json", action="store_true", help="print the figures as JSON")
    eg.add_argument(
        "--card", metavar="FILE", help="write the End Game's page of the card (.pdf or .html)"
    )
    eg.add_argument(
        "--language", choices=LANGUAGES, default="en", help="the page's language (default en)"
    )
    eg.set_defaults(func=_command("endgame", "cmd_endgame"))
    return eg


def _site(sub: Subparsers) -> argparse.ArgumentParser:
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
    _language(si, "the site's language", "where every plan is Dutch")
    si.add_argument("--json", action="store_true", help="print the files written as JSON")
    si.set_defaults(func=_command("site", "cmd_site"))
    return si


def _completion(sub: Subparsers) -> argparse.ArgumentParser:
    co = sub.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh, tcsh, fish or powershell)",
        description="Prints the script that completes playbook's commands, flags and "
        "choices. For bash: playbook completion bash > "
        "~/.local/share/bash-completion/completions/playbook; for zsh, write it as _playbook "
        "in a folder of your fpath.",
    )
    co.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))
    co.set_defaults(func=_command("completion", "cmd_completion"))
    return co


@functools.cache
def parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser, and each command's own parser by name: made once a process
    (parsing leaves them as they were; the library's callers and the tests run many commands
    in one process, 6 ms each to build them again)."""
    p = Parser(
        prog="playbook",
        description="Precompute, verify and print strategies for Lingo and related games.",
    )
    p.add_argument("--version", action="version", version=f"playbook {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    adders = (
        _build, _verify, _render, _show, _strategy, _rank, _value, _mistakes, _play, _simulate,
        _endgame, _lists, _site, _completion,
    )  # fmt: skip
    return p, {sp.prog.split()[-1]: sp for sp in (add(sub) for add in adders)}
