"""Dutch IJ is one letter wherever a person reads or types words."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from playbook import config, render
from playbook.model import GroupPlan, Playbook, Row, Stats, TryWords
from playbook.pipeline.session import Session
from playbook.spelling import IJ, Spelling

ROOT = Path(__file__).resolve().parent.parent


def test_spelling_of_a_list() -> None:
    s = Spelling({"zynen": "zijnen", "party": "partij"}, ij=True)
    assert s.text("zynen") == "zijnen" and s.text("yucca") == "yucca"
    assert s.tiles("zynen") == f"z{IJ}nen" and len(s.tiles("zynen")) == 5
    assert s.typed("Zijnen") == "zynen" and s.typed(f"z{IJ}nen") == "zynen"
    assert Spelling().typed("zijnen") == "zijnen"  # a list that keeps ij as two letters
    assert s.note and not Spelling().note


@pytest.fixture(scope="module")
def dutch() -> Session:
    return Session.open(config.load(ROOT / "config" / "lingo-nl-5.yaml"))


def test_the_dutch_playbook_records_how_words_are_written(dutch: Session) -> None:
    spelled = dutch.words_info["spelled"]
    assert spelled["zynen"] == "zijnen" and "yucca" not in spelled
    assert all(len(k) == 5 and k.replace("y", "ij") == v for k, v in spelled.items())
    assert dutch.spelling.text("zynen") == "zijnen"


def test_play_takes_and_shows_ij() -> None:
    r = run_cli("play", "lingo-nl-5", "--letter", "z", "--moves", "zijnen o....", cwd=ROOT)
    assert r.returncode == 1, r.stderr  # accepted, but the game did not end solved
    assert r.stderr == "--moves: the game did not end solved\n"
    assert "> zijnen o...." in r.stdout and "possible" in r.stdout
    assert "not a word" not in r.stdout


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
