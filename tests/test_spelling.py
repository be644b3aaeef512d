"""Dutch IJ is one letter wherever a person reads or types words."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from playbook import config, render, words
from playbook.errors import ConfigError
from playbook.model import GroupPlan, Playbook, Row, Stats, TryWords
from playbook.pipeline.session import Session
from playbook.spelling import IJ, Spelling, split_letters

ROOT = Path(__file__).resolve().parent.parent


def test_spelling_of_a_list() -> None:
    # IJ a letter of its own (the TV board): ĳ inside
    s = Spelling({f"z{IJ}nen": "zijnen", f"part{IJ}": "partij"}, ij=IJ)
    assert s.text(f"z{IJ}nen") == "zijnen" and s.text("party") == "party"
    assert s.tiles(f"z{IJ}nen") == f"z{IJ}nen" and len(s.tiles(f"z{IJ}nen")) == 5
    assert s.typed("Zijnen") == f"z{IJ}nen" and s.typed(f"z{IJ}nen") == f"z{IJ}nen"
    assert s.typed("party") == "party"  # Y stays Y
    assert s.group(IJ) == "IJ" and s.group("y") == "y"
    # the 1994 paper's convention: IJ written as y
    p = Spelling({"zynen": "zijnen", "party": "partij"}, ij="y")
    assert p.text("zynen") == "zijnen" and p.text("yucca") == "yucca"
    assert p.tiles("zynen") == f"z{IJ}nen" and len(p.tiles("zynen")) == 5
    assert p.typed("Zijnen") == "zynen" and p.typed(f"z{IJ}nen") == "zynen"
    assert p.group("y") == "IJ/Y"
    assert Spelling().typed("zijnen") == "zijnen"  # a list that keeps ij as two letters
    assert s.note and p.note and s.note != p.note and not Spelling().note
    assert "distinct from Y" in s.note


@pytest.fixture(scope="module")
def dutch() -> Session:
    return Session.open(config.load(ROOT / "config" / "lingo-nl-5.yaml"))


def test_the_dutch_playbook_records_how_words_are_written(dutch: Session) -> None:
    spelled = dutch.words_info.spelled
    assert spelled[f"z{IJ}nen"] == "zijnen" and "yucca" not in spelled
    assert all(len(k) == 5 and k.replace(IJ, "ij") == v for k, v in spelled.items())
    assert dutch.spelling.text(f"z{IJ}nen") == "zijnen"
    assert dutch.words_info.ij_letter is True and "y" not in "".join(spelled)


def test_ij_and_y_are_two_letters(dutch: Session) -> None:
    # partij and party are two words, IJ and Y two groups, and the feedback tells them apart
    answers = set(dutch.answers)
    assert {f"part{IJ}", "party"} <= answers
    groups = dutch.groups()
    assert IJ in groups and "y" in groups and len(groups) == 27
    assert all(dutch.answers[j].startswith(IJ) for j in groups[IJ])
    assert all(dutch.answers[j].startswith("y") for j in groups["y"])
    game = dutch.game
    assert game.format(game.feedback("party", f"part{IJ}")) == "oooo."
    assert game.format(game.feedback(f"{IJ}sjes", f"{IJ}zers")) == "o..xo"
    # the kernel agrees with the plain rule on the words with IJ and with Y
    some = sorted(w for w in answers if IJ in w or "y" in w)[:60]
    assert (game.matrix(some, some) == game.reference_matrix(some, some)).all()


def test_the_paper_convention_stays_a_setting() -> None:
    paper = words.load("opentaal-nl", length=5, ij_to_y=True)
    own = words.load("opentaal-nl", length=5, ij_letter=True)
    assert len(own) == len(paper) + 1  # partij and party were one word
    assert ("duplicate", 1, "party") in paper.dropped
    # a list that writes the ligature is read as ij
    n = words.normalise([f"{IJ}sjes", "ijsjes", "Ĳzers"], length=5, ij_letter=True, lowercase=True)
    assert n.words == (f"{IJ}sjes", f"{IJ}zers") and ("duplicate", 1, "ijsjes") in n.dropped


@pytest.mark.parametrize(
    ("typed", "names"),
    [
        ("abIJ", ("a", "b", IJ)),
        ("a,ij,b", ("a", IJ, "b")),
        (f"{IJ}z", (IJ, "z")),
        ("ij", ("i", "j")),  # without commas: the letters i and j
        ("4,5", ("4", "5")),
    ],
)
def test_letters_name_the_ij_group(typed: str, names: tuple[str, ...]) -> None:
    assert split_letters(typed) == names


def test_ij_is_either_y_or_a_letter(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "name: c\nwords:\n  list: opentaal-nl\n  ij_to_y: true\n  ij_letter: true\n"
    )
    with pytest.raises(ConfigError, match=r"c\.yaml:5: key 'words.ij_letter': IJ is either"):
        config.load(tmp_path / "c.yaml")


def test_play_takes_and_shows_ij() -> None:
    r = run_cli(
        "play",
        "lingo-nl-5",
        "--letter",
        "z",
        "--language",
        "en",
        "--moves",
        "zijnen o....",
        cwd=ROOT,
    )
    assert r.returncode == 1, r.stderr  # accepted, but the game did not end solved
    assert r.stderr == "--moves: the game did not end solved\n"
    assert "> zijnen o...." in r.stdout and "possible" in r.stdout
    assert "not a word" not in r.stdout
    # the revealed letter IJ, typed as ij: its own group, not Y's
    r = run_cli(
        "play",
        "lingo-nl-5",
        "--letter",
        "ij",
        "--language",
        "en",
        "--moves",
        "ijzers o....",
        cwd=ROOT,
    )
    assert r.returncode == 1 and r.stderr == "--moves: the game did not end solved\n"
    # every word left starts with IJ (none with Y), written with ij for a person
    assert "2 words possible: ijking ijklijn" in r.stdout, r.stdout


def test_sheets_draw_one_ij_tile_and_write_ij() -> None:
    words = {"list": "opentaal-nl", "ij_to_y": True, "spelled": {"zynen": "zijnen"}}
    game = {"name": "lingo", "length": 5, "turns": 5, "revealed": "first"}
    table = (Row("o....", TryWords(("zynen", "zoeken")), 2),)
    pb = Playbook(
        name="ij",
        game=game,
        words=words,
        groups=(GroupPlan("z", ("zynen",), table, words=2, stats=Stats({1: 1, 2: 1})),),
    )
    html = render.render_html(pb)
    md = render.render_markdown(pb)
    assert f">z{IJ}nen</span>" in html  # the opening's tiles: five, one of them IJ
    for text in (html, md):
        assert "zijnen" in text and "zynen" not in text
        assert "IJ is one letter" in text
