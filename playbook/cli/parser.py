"""The command line's arguments: one function per command, choices read from the
registries (rules, formats, tile styles, backends, hosts)."""

from __future__ import annotations

import argparse
import functools

from playbook import __version__
from playbook.cli import checks, parser_play
from playbook.cli.parsing import Parser, Subparsers, command, language
from playbook.names import (
    BACKENDS,
    DEFAULT_CONFIG,
    FORMATS,
    GUESSERS,
    RULES,
    SHELLS,
    TILE_STYLES,
)

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
    b.set_defaults(func=command("commands", "cmd_build"))
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
    v.set_defaults(func=command("commands", "cmd_verify"))
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
    language(rd, "language of the book and the card", "for a Dutch word list")
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
    rd.set_defaults(func=command("commands", "cmd_render"))
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
    s.set_defaults(func=command("commands", "cmd_show"))
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
    st.set_defaults(func=command("commands", "cmd_strategy"))
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
    rk.set_defaults(func=command("commands", "cmd_rank"))
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
    va.set_defaults(func=command("studies", "cmd_value"))
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
    mi.set_defaults(func=command("studies", "cmd_mistakes"))
    return mi


def _lists(sub: Subparsers) -> argparse.ArgumentParser:
    ls = sub.add_parser(
        "lists",
        help="list the bundled word lists, configs and shipped plans",
        description="The word lists, configs and verified plans that ship with playbook.",
    )
    ls.add_argument("--json", action="store_true", help="print the lists and configs as JSON")
    ls.set_defaults(func=command("commands", "cmd_lists"))
    return ls


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
    co.set_defaults(func=command("completion", "cmd_completion"))
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
        _build,
        _verify,
        _render,
        _show,
        _strategy,
        _rank,
        _value,
        _mistakes,
        parser_play.play,
        parser_play.simulate,
        parser_play.endgame,
        _lists,
        parser_play.site,
        _completion,
    )
    return p, {sp.prog.split()[-1]: sp for sp in (add(sub) for add in adders)}
