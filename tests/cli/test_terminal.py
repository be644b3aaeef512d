"""The terminal at 80 columns (issue 44, item 6): every help line, every ``show`` row and
the assistant's help fit; play's help names every command; a lost game's review names no
word as found."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from playbook import play
from playbook.cli import console as report
from playbook.cli.parser import parsers
from playbook.core.problem import Problem
from playbook.games import Hangman, WordGame
from playbook.model import GroupPlan, Move, Playbook, Row, Stats, TryWords
from playbook.render import i18n

WIDTH = 80


def _widest(text: str) -> tuple[int, str]:
    return max((len(line), line) for line in text.splitlines())


@pytest.mark.parametrize("columns", [WIDTH, 200])
def test_every_help_fits_80_columns(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    """At 80 columns and on a wide terminal alike (issue 48, item 5: help is wrapped to the
    terminal, at most 80 wide)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    main, commands = parsers()
    helps = {"playbook": main.format_help()} | {n: p.format_help() for n, p in commands.items()}
    assert len(helps) >= 12
    for name, text in helps.items():
        width, line = _widest(text)
        assert width <= WIDTH, (name, line)
    # play's help names the commands the assistant takes, chance and reveal among them
    for command in ("why", "undo", "review", "chance [N]", "reveal N L"):
        assert command in " ".join(helps["play"].split()), command


def _playbook(openings: tuple[str, ...], group: str = "a") -> Playbook:
    """A playbook of eight-letter openings and a deep table, as ``show`` prints it."""
    inner = (Row("o....... .x......", TryWords(("aardbeien", "aanbidden"))),)
    table = (
        Row("o....... o....... o.......", Move("afdrukken", inner)),
        Row("oxx..... o....... o.......", TryWords(("aanblik", "aandacht", "aanhalen"))),
        Row("*", TryWords(None)),
    )
    stats = Stats({1: 1, 2: 20, 3: 400, 4: 300, 5: 87})
    plan = GroupPlan(
        group, openings, table, words=808, largest=4, method="hill-climbing", restarts=400,
        unguaranteed=("aardappel",), stats=stats,
    )  # fmt: skip
    rules = {"name": "lingo", "length": 8, "turns": 5, "revealed": "first"}
    return Playbook("lingo-nl-8-tv-all", rules, {"list": "x", "count": 808}, (plan,), stats=stats)


@pytest.mark.parametrize("letter", [None, "a"])
def test_show_fits_80_columns(letter: str | None) -> None:
    pb = _playbook(("aanbaden", "afgedekt", "aardgas"))
    out = io.StringIO()
    report.print_show(Console(file=out, width=WIDTH, highlight=False, markup=False), pb, letter)
    width, line = _widest(out.getvalue())
    assert width <= WIDTH and "…" not in out.getvalue(), line


def test_the_assistant_s_help_fits_80_columns(dutch5: tuple[str, ...]) -> None:
    words = [w for w in dutch5 if w.startswith("k")][:40]
    lingo = Problem.of(WordGame(length=5, turns=5), words, words, name="k")
    hangman = Problem.of(Hangman(), [*"abcdefghijklmnopqrstuvwxyz"], words[:10], name="5")
    for problem in (lingo, hangman):
        for language in ("en", "nl"):
            tx = i18n.translator(language)
            helper = play.Assistant(problem, play.RulePlayer(problem), tx=tx)
            width, line = _widest(helper.handle("?"))
            assert width <= WIDTH, line


def test_a_lost_game_s_review_names_no_word_found(dutch5: tuple[str, ...]) -> None:
    """Five wrong words: lost, and the review does not compare turns "for" the last word
    played as if it were the answer."""
    words = [w for w in dutch5 if w.startswith("k")][:60]
    game = WordGame(length=5, turns=5)
    problem = Problem.of(game, words, words, name="k")
    answer = words[-1]
    helper = play.Assistant(problem, play.RulePlayer(problem))
    wrong = [w for w in words if w != answer][:5]
    said = ""
    for w in wrong:
        said = helper.handle(f"{w} {game.format(game.feedback(w, answer))}")
        assert not helper.refused, said
    assert helper.finished and helper.lost and said.startswith("lost:")
    assert f"for {wrong[-1]}" not in said and "turns for" not in said
    # a won game still compares
    won = play.Assistant(problem, play.RulePlayer(problem))
    text = ""
    while not won.finished:
        move = won.suggestion()
        assert move is not None
        text = won.handle(f"{move} {game.format(game.feedback(move, answer))}")
    assert f"for {answer}" in text


@pytest.mark.parametrize("no_color", [False, True])
def test_no_color_draws_the_marks_as_text(tmp_path, no_color: bool) -> None:  # type: ignore[no-untyped-def]
    """NO_COLOR (issue 48, item 5): on a terminal that takes colour, simulate draws coloured
    tiles; with NO_COLOR set, the marks as text and no colour at all (rich alone would strip
    the colours and leave letters without their marks)."""
    import os
    import subprocess
    import sys

    (tmp_path / "w.txt").write_text("kabel\nkamer\nkanon\nkater\n")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env |= {"FORCE_COLOR": "1", "COLUMNS": "80"} | ({"NO_COLOR": "1"} if no_color else {})
    r = subprocess.run(
        [sys.executable, "-m", "playbook", "simulate", "lingo-nl-5", "--words", "w.txt",
         "--show"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    colours = re.findall(r"\x1b\[[0-9;]*(?:3[0-9]|4[0-9]|38;[0-9;]+|48;[0-9;]+)m", r.stdout)
    if no_color:
        assert colours == [] and "kabel ooooo" in r.stdout, r.stdout[-500:]
    else:
        assert colours and "kabel ooooo" not in r.stdout


def test_lists_wraps_its_names_at_78_columns(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``lists`` into a pipe wrote its configs as one line of 294 characters: the names wrap
    as the summaries do, every config and shipped plan still there."""
    from helpers import run_cli

    from playbook.cli.named import bundled_configs
    from playbook.io import shipped

    r = run_cli("lists", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    tail = r.stdout[r.stdout.index("configs: ") :]
    assert all(len(line) <= 78 for line in tail.splitlines()), tail
    names = re.findall(r"[\w-]+", tail.split("shipped plans")[0].removeprefix("configs: "))
    assert names == bundled_configs()
    plans = tail.split("by name):")[1].replace(",", " ").split()
    assert plans == list(shipped.names())
