"""Word lists: the bundled lists match their manifest; normalisation keeps the right words."""

from __future__ import annotations

import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

import pytest
from conftest import SHARED
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import words
from playbook.errors import WordListError
from playbook.model import Words
from playbook.spelling import Spelling

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))


def test_manifest_matches_files() -> None:
    folder = resources.files("playbook.data.wordlists")
    records = json.loads(folder.joinpath("manifest.json").read_text())["lists"]
    for r in records:
        data = folder.joinpath(r["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == r["sha256"], r["name"]
        assert len(data.splitlines()) == r["count"]
        assert folder.joinpath(r["license"]).is_file()


def test_dutch_five_letters_as_in_provenance() -> None:
    """OpenTaal's 5,778 words of five letters (ij -> y, its PROVENANCE.md), and the reviewed
    changes: accented entries as the board spells them (crème: creme), words added (jovel),
    words no card may say left out (janet, chris)."""
    wl = words.load("opentaal-nl", length=5, ij_to_y=True)
    assert len(wl) == 5780
    assert {"creme", "zeeen", "prive", "jovel", "lingo"} <= set(wl.words)
    assert not {"janet", "chris", "claus"} & set(wl.words)
    per_letter = {c: sum(1 for w in wl.words if w[0] == c) for c in "abcdefghijklmnopqrstuvwxyz"}
    assert (per_letter["q"], per_letter["x"]) == (13, 2)  # xerox: a brand
    assert len(words.load("opentaal-nl", length=5)) == 5523


def test_ij_apart_words_keep_i_and_j_as_two_letters() -> None:
    """bijou and bijous are written b-i-j-o-u(-s), i and j in two syllables: on the TV board
    five and six tiles, never the letter IJ; every other ij of the lists stays one letter."""
    apart = words.ij_apart()
    assert apart == {"bijou", "bijous", "bijoutje"}
    five = words.load("opentaal-nl", length=5, ij_letter=True)
    six = words.load("opentaal-nl", length=6, ij_letter=True)
    assert "bijou" in five.words and "bijous" in six.words
    assert "b\u0133ous" not in five.words and "b\u0133ou" not in five.words
    # the whole list: a word keeps i and j apart exactly where it is in the apart list
    for length, wl in ((5, five), (6, six)):
        entries = resources_words("opentaal-nl")
        for w in entries:
            if "ij" in w and w not in apart and len(w.replace("ij", "y")) == length:
                assert w.replace("ij", "\u0133") in wl.words
            if w in apart and len(w) == length:
                assert w in wl.words
    spelling = Spelling.of(Words("opentaal-nl", ij_letter=True, ij_apart=("bijou",)))
    assert spelling.typed("Bijou") == "bijou" and spelling.typed("bijten") == "b\u0133ten"


def resources_words(name: str) -> list[str]:
    """The entries of a bundled list as the file has them."""
    return words._read_bundled(name)[1]


def test_dutch_seven_and_eight_letters_count_ij_as_one() -> None:
    seven = words.load("opentaal-nl-long", length=7, ij_letter=True)
    eight = words.load("opentaal-nl-long", length=8, ij_letter=True)
    # 19,426 and 27,311 with every ij one letter; bijoutje (bi-jou-tje) is eight letters
    # (the source's 19,426 and 27,311 with the board's spellings of accented entries, less
    # the words no card may say)
    assert (len(seven), len(eight)) == (19_588, 27_514)
    assert "bijoutje" in eight.words and "b\u0133outje" not in seven.words
    assert all(len(w) == 7 for w in seven.words) and all(len(w) == 8 for w in eight.words)
    # eight characters with one ij: seven letters on the TV board (IJ one tile)
    assert seven.spelled["vr\u0133heid"] == "vrijheid" and "vrijheid" not in eight.words
    assert eight.spelled["b\u0133zonder"] == "bijzonder"
    assert "blijven" not in seven.words  # six letters with IJ as one: in opentaal-nl
    assert "bl\u0133ven" in words.load("opentaal-nl", length=6, ij_letter=True).words
    # without ij_letter a word is as long as it is written
    assert len(words.load("opentaal-nl-long", length=7)) == 18_748
    assert "vrijheid" in words.load("opentaal-nl-long", length=8).words
    with pytest.raises(WordListError, match="no words of 7 letters"):
        words.load("opentaal-nl", length=7, ij_letter=True)  # the short list stays short


@pytest.mark.skipif(not (SHARED / "data").is_dir(), reason="../shared not beside the checkout")
def test_dutch_lists_hold_every_length_the_show_plays() -> None:
    """Five to eight letters with IJ as one: the two bundled lists together hold every a-z
    word of the source of that length (accented entries as the board spells them, the
    reviewed additions in, the reviewed exclusions out), each in the list for its length."""
    import unicodedata

    import wordlist_review

    entries = (SHARED / "data" / "opentaal" / "dutch.txt").read_text().splitlines()
    bare = [
        "".join(c for c in unicodedata.normalize("NFKD", e) if not unicodedata.combining(c))
        for e in entries
        if not e.isascii() and e == e.lower()
    ]
    added = sorted(wordlist_review.read_added().words)
    banned = wordlist_review.read_onair("nl").excluded
    lists = {5: "opentaal-nl", 6: "opentaal-nl", 7: "opentaal-nl-long", 8: "opentaal-nl-long"}
    for length, name in lists.items():
        every = [e for e in [*entries, *bare, *added] if e not in banned]
        direct = words.normalise(every, length=length, ij_letter=True, apart=words.ij_apart())
        assert words.load(name, length=length, ij_letter=True).words == direct.words, length


@pytest.mark.skipif(not (SHARED / "data").is_dir(), reason="../shared not beside the checkout")
def test_derivation_script_reproduces_bundled_lists() -> None:
    import subprocess
    import sys

    root = Path(__file__).parent.parent
    r = subprocess.run(
        [sys.executable, "scripts/derive_wordlists.py", "--check", "--shared", str(SHARED)],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_normalise_reports_drops() -> None:
    entries = ["Appel", "appel", "appel", "peer", "café", "zijlijn", "lijst", "ab1cd", "", "# c"]
    kept, dropped, spelled = words.normalise(entries, length=5, ij_to_y=True)
    assert kept == ("appel", "zylyn")
    assert spelled == {"zylyn": "zijlijn"}  # how the word is written, for people
    reasons = {r: (n, ex) for r, n, ex in dropped}
    assert reasons["duplicate"] == (1, "appel")
    assert reasons["uppercase"] == (1, "Appel")
    assert reasons["accent"] == (1, "café")
    assert reasons["wrong length"][0] == 2  # peer, lijst -> lyst
    assert reasons["not a-z"] == (1, "ab1cd")
    mapped, _, _ = words.normalise(["grün", "müde", "école"], length=5, accents="map")
    assert mapped == ("ecole", "gruen", "muede")
    low, _, _ = words.normalise(["APPEL", "Peren"], length=5, lowercase=True)
    assert low == ("appel", "peren")


def test_file_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(WordListError, match="word list file not found"):
        words.load(str(tmp_path / "none.txt"), length=5)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(WordListError, match="no words of 5 letters"):
        words.load(str(empty), length=5)
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"abcde\n\x00\x01")
    with pytest.raises(WordListError, match="binary file"):
        words.load(str(binary), length=5)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("appel\ncaf\xe9s\n".encode("latin-1"))
    with pytest.raises(WordListError, match=r"latin\.txt:2: not UTF-8"):
        words.load(str(latin), length=5)
    accented = tmp_path / "acc.txt"
    accented.write_text("appel\ncafés\n")
    with pytest.raises(WordListError, match=r"acc\.txt:2: 'cafés' has letters outside a-z"):
        words.load(str(accented), length=5, accents="reject")
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbfappel\r\npeer\r\nzeven\r\n")
    assert words.load(str(bom), length=5).words == ("appel", "zeven")


@given(st.binary(max_size=300))
@settings(max_examples=200, deadline=None)
def test_any_bytes_give_words_or_a_clean_error(tmp_path_factory, data: bytes) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path_factory.mktemp("fuzz") / "w.txt"
    p.write_bytes(data)
    try:
        wl = words.load(str(p), length=5)
    except WordListError as exc:
        assert "\n" not in str(exc)
    else:
        assert all(len(w) == 5 and w.isascii() and w.isalpha() and w.islower() for w in wl.words)


ENGLISH_COUNTS = {
    # words per length of the English Lingo lists (issue 46; SCOWL 70 and the reviewed
    # exclusions of wordlists/onair-en.tsv: issue 55), measured when they were derived
    "english-gb": {4: 2367, 5: 4569, 6: 7269, 7: 9848, 8: 10363},
    "english-gb-common": {4: 1901, 5: 3511, 6: 5373, 7: 6796, 8: 6577},
    "english-us": {4: 2375, 5: 4600, 6: 7313, 7: 9919, 8: 10483},
    "english-us-common": {4: 1908, 5: 3540, 6: 5417, 7: 6846, 8: 6668},
    "english-gb-large": {4: 3351, 5: 6558, 6: 11054, 7: 15695, 8: 17661},
    "english-us-large": {4: 3366, 5: 6607, 6: 11125, 7: 15791, 8: 17805},
}


@pytest.mark.parametrize("name", sorted(ENGLISH_COUNTS))
def test_english_lingo_lists_hold_words_only(name: str) -> None:
    """SCOWL's lists without Roman numerals (xviii, xcvii), abbreviations (bldg, dept) and
    anything but a-z; every common word a guess of the dictionary of its spelling."""
    import re

    for length, count in ENGLISH_COUNTS[name].items():
        ws = words.load(name, length=length).words
        assert len(ws) == count, (name, length)
        assert all(re.fullmatch("[a-z]+", w) for w in ws)
    every = set(resources_words(name))
    assert not every & {"xviii", "xcvii", "lxvii", "clvii", "bldg", "dept", "tbsp", "approx"}
    base = name.removesuffix("-common").removesuffix("-large")
    assert {"memo", "exam", "typo"} <= set(resources_words(base))
    if name.endswith("-common"):
        assert every <= set(resources_words(name.removesuffix("-common")))
    if not name.endswith("-large"):
        assert every <= set(resources_words(name.removesuffix("-common") + "-large"))
    record = words.bundled_record(name)
    data = resources.files("playbook.data.wordlists").joinpath(str(record["file"])).read_bytes()
    assert record["count"] == len(every) and record["language"] == "en"
    assert record["sha256"] == hashlib.sha256(data).hexdigest()
    assert record["license"] == "LICENSE-english.txt"
