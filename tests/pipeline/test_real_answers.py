"""The shipped cards against words shows and game editors really picked (issue 55's floors).

Other people's data, read from ``../shared/data/showwords/`` and never copied: the tests are
skipped where it is absent. ``benchmarks/real_answers.py`` writes the full table (every list,
every word lost by name); these hold its floors.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import pytest
from conftest import SHARED

from playbook import model
from playbook.io import shipped
from playbook.pipeline.likely import on_list
from playbook.pipeline.session import Session

SHOWWORDS = SHARED / "data" / "showwords"
pytestmark = pytest.mark.skipif(
    not (SHOWWORDS / "wordle_nyt_check.txt").is_file(), reason="../shared not beside the checkout"
)

FLOORS = [
    # plan, list, at least this share found within the turn limit (the card and its
    # fallback; a tree and the best move worked out off it), at most this average over the
    # words found, at most these words of the plan's list lost
    ("lingo-en-5", "wordle_nyt_check.txt", 0.985, 3.33, 1),
    ("lingo-en-us-5", "wordle_nyt_check.txt", 0.990, 3.33, 1),
    ("lingo-nl-5-tv", "nl/pingiun-woordle-answers5.txt", 0.985, 3.34, 0),
    ("lingo-nl-5-tv", "nl/pingiun-woordle-answers5be.txt", 0.995, 3.34, 1),
    ("lingo-nl-5-tv", "nl/StianSpeelman-Lingo-nl-answers.txt", 0.980, 3.34, 2),
    ("lingo-nl-6-tv", "nl/pingiun-woordle-answers6.txt", 0.995, 3.27, 0),
    # issue 57's goal: the tree finds every NYT answer within six, at most 3.45 on average
    ("wordle", "wordle_nyt_answers.txt", 1.0, 3.45, 0),
    ("wordle", "wordle_nyt_check.txt", 1.0, 3.48, 0),
    ("wordle", "wordle_nyt_answers_from646_not_in_original.txt", 1.0, 4.34, 0),
]


@functools.cache
def _session(name: str) -> tuple[model.Playbook, Session]:
    """A shipped plan and its session, opened once for the tests of this file: its feedback
    table is computed once (a playbook's session keeps no matrix on disk), not once per list
    it is judged on (Wordle's three lists, lingo-nl-5-tv's four)."""
    path = shipped.path_of(shipped.index()[name])
    pb = model.load(str(path))
    return pb, Session.from_playbook(pb, str(path))


@pytest.mark.parametrize(("plan", "listed", "share", "average", "lost"), FLOORS)
def test_the_cards_find_what_editors_picked(
    plan: str, listed: str, share: float, average: float, lost: int
) -> None:
    pb, session = _session(plan)
    fig = on_list(pb, session, (SHOWWORDS / listed).read_text(encoding="utf-8").split())
    assert fig.found / fig.words >= share, (fig.found, fig.words, fig.lost, fig.missing)
    assert fig.average <= average
    assert len(fig.lost) <= lost, fig.lost


def _benchmark():  # type: ignore[no-untyped-def]
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "real_answers.py"
    spec = importlib.util.spec_from_file_location("real_answers", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_tv_answer_is_found_by_the_card_of_its_length(language: str) -> None:
    answers = _benchmark().tv_answers(language, SHOWWORDS)
    assert len(answers) >= (12 if language == "en" else 9)
    judged = 0
    for name in shipped.names():
        pb, session = _session(name)
        if session.game.guess_pool != "revealed" or not name.startswith("lingo-"):
            continue
        if ("opentaal" in pb.words.list) != (language == "nl"):
            continue
        fig = on_list(pb, session, answers)
        assert fig.found == fig.words, (name, fig.lost, fig.missing)
        judged += fig.words
    # every answer of a length a card is shipped for (no card has 12 or 13 letters)
    assert judged >= (12 * 2 if language == "en" else 6)
