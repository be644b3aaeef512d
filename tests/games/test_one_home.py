"""One home per rule (issue 27): each concept below is written once in the package, and a
second copy written elsewhere would drift from it. Each test scans the package's source for
the shape a copy takes and names where one came back; the behaviour of each home is tested
beside its module."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from playbook.core.problem import Problem
from playbook.games import WordGame
from playbook.model import Move, Row, TryWords, walk_rows

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "playbook"


def copies(pattern: str, home: set[str], files: str = "*.py") -> list[str]:
    """Lines of the package matching ``pattern`` outside the files named in ``home``."""
    found = re.compile(pattern)
    return [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted(PACKAGE.rglob(files))
        if str(p.relative_to(ROOT)) not in home
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if found.search(line)
    ]


def test_still_possible_is_stated_once() -> None:
    # Game.fits is the rule, Problem.narrow/possible its matrix form
    assert copies(r"feedback\(\w+, \w+\) == \w+", {"playbook/games/base.py"}) == []
    homes = {"playbook/games/base.py", "playbook/core/problem.py"}
    assert copies(r"def (fits\(self, word|narrow\()", homes) == []


def test_method_names_are_defined_once() -> None:
    names = r'"(trivial|exhaustive|hill-climbing|exact minimax|swapped)"'
    assert copies(r"(?<!: )" + names, {"playbook/model/plan.py"}) == []  # a value shown is not one
    assert copies(r'"strategy ', {"playbook/model/plan.py"}) == []


def test_tables_are_sorted_and_groups_ordered_in_one_place() -> None:
    assert copies(r"key=lambda \w+: \w+(\.game)?\.row_key", {"playbook/games/base.py"}) == []
    assert copies(r"\(len\((\w+\.group|kv\[0\]|n)\), ", {"playbook/model/plan.py"}) == []


def test_tile_colours_live_in_the_palette() -> None:
    # the terminal's tiles (play), the page's and the printed ones: one palette
    assert copies(r"#[0-9a-fA-F]{6}\b", {"playbook/render/tiles.py"}) == []
    css = (ROOT / "playbook" / "render" / "templates" / "page.css").read_text(encoding="utf-8")
    assert not re.search(r"\.t\.m[012] \{", css), "page.css colours tiles: use tiles.PALETTES"


def test_nested_tables_are_walked_in_one_place() -> None:
    # a walker that goes down into a move's table by itself is a second walk; the plan's
    # walk (lookup), the sheets' nested views (layout), the card's nested items, the page's
    # nested JSON and the file's nested YAML build
    # nested values, not flat lists, and go down themselves
    home = {
        "playbook/model/plan.py", "playbook/model/text.py", "playbook/lookup.py",
        "playbook/render/layout.py", "playbook/render/card.py", "playbook/render/page.py",
    }  # fmt: skip
    assert copies(r"[(\[]\(?(\w+\.)?node\.table\b", home) == []
    inner = (Row("x.", TryWords(("b",))),)
    table = (Row("o.", Move("ab", inner)), Row("*", TryWords(None)))
    seen = [(v.row.feedback, v.depth, v.via) for v in walk_rows(table)]
    assert seen == [("o.", 0, ()), ("x.", 1, ("o.",)), ("*", 0, ())]


def test_possible_is_narrow_move_by_move() -> None:
    game = WordGame(length=2, turns=3, revealed="none")
    words = ("ab", "ba", "bb", "ca")
    p = Problem.of(game, words, words)
    history = [("ab", game.feedback("ab", "ba")), ("cc", game.feedback("cc", "ba"))]
    cols = p.possible(history)
    assert p.possible_words(history) == [w for w in words if game.fits(w, history)] == ["ba"]
    assert np.array_equal(cols, p.narrow(p.narrow(np.arange(4), *history[0]), *history[1]))


def test_yaml_values_are_typed_in_one_place() -> None:
    # the config's keys, a game's rules, a playbook's keys and a word list's settings were
    # checked by hand in three places, with three words for a whole number
    homes = {"playbook/values.py"}
    assert copies(r"not isinstance\(value, (int|bool|str)\)", homes) == []
    assert copies(r"positive integer|expected an integer|expected a string", homes) == []
