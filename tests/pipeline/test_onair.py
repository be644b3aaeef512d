"""Words a contestant can say on air: no bundled Lingo list holds a word the reviewed lists
exclude, so no plan can play one and no answer model can hold one; every shipped Lingo plan
and every bundled Lingo config is checked (the Wordle lists are the New York Times' own,
verbatim: not a show's)."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import pytest

from playbook import config, memory, model, words
from playbook.io import shipped
from playbook.model import Move, walk_rows
from playbook.pipeline.session import Session, load_lists

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import wordlist_review  # noqa: E402

LINGO_LISTS = {
    "opentaal-nl": "nl",
    "opentaal-nl-long": "nl",
    "english": "en",
    "english-gb": "en",
    "english-gb-common": "en",
    "english-gb-large": "en",
    "english-us": "en",
    "english-us-common": "en",
    "english-us-large": "en",
}


def excluded(language: str) -> frozenset[str]:
    text = resources.files("playbook.data.wordlists").joinpath(f"onair-{language}.txt")
    return frozenset(text.read_text().split())


def played(pb: model.Playbook) -> set[str]:
    """Every word a plan may play: openings, exception moves, the words of its try lists."""
    out: set[str] = set()
    for g in pb.groups:
        out |= set(g.openings)
        for visit in walk_rows(g.table):
            node = visit.row.node
            if isinstance(node, Move):
                out.add(node.word)
            elif node.words:
                out |= set(node.words)
    return out


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_reviewed_files_are_what_the_package_excludes(language: str) -> None:
    review = wordlist_review.read_onair(language)
    assert review.excluded == excluded(language)
    assert {"fuck", "cunt", "pwns"} <= excluded("en") and "scatter" not in excluded("en")
    assert {"janet", "chris", "kut"} <= excluded("nl") and "naaien" not in excluded("nl")


def test_a_malformed_review_is_one_line_naming_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "onair-en.tsv"
    bad.write_text("# header\nfuck\texclude\tobscenity\treview\tvulgar\nabc\tmaybe\tx\treview\tn\n")
    with pytest.raises(wordlist_review.ReviewError, match=r"onair-en.tsv:3: verdict 'maybe'"):
        wordlist_review.read_onair("en", tmp_path)
    bad.write_text("fuck\texclude\tobscenity\treview\n")
    with pytest.raises(wordlist_review.ReviewError, match=r":1: 4 columns, expected 5"):
        wordlist_review.read_onair("en", tmp_path)


@pytest.mark.parametrize("name", sorted(LINGO_LISTS))
def test_no_bundled_lingo_list_holds_an_excluded_word(name: str) -> None:
    entries = set(words._read_bundled(name)[1])
    assert not entries & excluded(LINGO_LISTS[name])


@pytest.mark.parametrize("name", [n for n in shipped.names() if n.startswith("lingo-")])
def test_no_shipped_plan_plays_or_prints_an_excluded_word(name: str) -> None:
    path = shipped.path_of(shipped.index()[name])
    pb = model.load(str(path))
    language = words.list_language(pb.words)
    assert language in ("en", "nl")
    session = Session.from_playbook(pb, str(path))
    few = memory.small_groups(session.answers, session.game.group_of, pb.groups)
    said = {w.replace("\u0133", "ij") for w in played(pb) | memory.card_words(pb.groups, few)}
    assert said and not said & excluded(language)
    assert not {w.replace("\u0133", "ij") for w in session.answers} & excluded(language)


def bundled_lingo_configs() -> list[str]:
    """The bundled Lingo configs (the 1994 paper's openings are a playbook: checked below)."""
    folder = resources.files("playbook.configs")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml"))
    return [n for n in names if n.startswith("lingo-") and n != "lingo-1994-paper.yaml"]


def test_the_1994_paper_s_openings_are_sayable() -> None:
    path = str(resources.files("playbook.configs") / "lingo-1994-paper.yaml")
    assert not {w.replace("y", "ij") for w in played(model.load(path))} & excluded("nl")


@pytest.mark.parametrize("name", bundled_lingo_configs())
def test_every_bundled_lingo_config_plays_from_clean_lists(name: str) -> None:
    cfg = config.load(resources.files("playbook.configs") / name)
    lists = load_lists(cfg.words, cfg.base_dir)
    language = words.list_language(cfg.words)
    assert language in ("en", "nl")
    said = {w.replace("\u0133", "ij") for w in (*lists.guesses.words, *lists.answers.words)}
    assert not said & excluded(language)
