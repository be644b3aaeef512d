#!/usr/bin/env python3
"""Derive the word lists that playbook bundles from the read-only sources in shared/data.

Sources (each pinned by the sha256 recorded in its PROVENANCE.md):

- ``opentaal/dutch.txt``: OpenTaal Dutch word list (Debian 12 package ``wdutch``): words of
  five and six letters (``opentaal-nl``), of seven and eight (``opentaal-nl-long``).
- ``wordle/answers.txt`` and ``wordle/allowed.txt``: the original Wordle lists
  (github.com/alex1770/wordle).
- ``english/american-english.txt``: SCOWL size 50 (Debian 12 package ``wamerican``).
- ``english/{british,american}-english{,-small}.txt``: SCOWL size 50 and 35, British and
  American (``english-gb``, ``english-gb-common``, ``english-us``, ``english-us-common``: the
  guesses and the answers of English Lingo, four to eight letters).

Derived from those lists with two libraries (their versions pinned below and checked):

- wordfreq: each word's Zipf frequency in Dutch or English text (``frequencies-nl.txt``,
  ``frequencies-en.txt``: ``word zipf`` a line, words with no measurable frequency left out),
  the answer model's source (``words.answer_model``).
- pyphen (Dutch hyphenation patterns): the Dutch words whose i and j fall in two syllables
  (``ij-apart.txt``: bi-jou), which a list that counts IJ as one letter keeps as two.

Outputs, in ``playbook/data/wordlists/``: one list per file (one word per line, ``\\n``
endings, UTF-8, sorted with plain Python sort, no duplicates), the licence files that must
travel with them, ``manifest.json`` and ``README.md``.

Usage::

    python scripts/derive_wordlists.py            # derive, verify and write
    python scripts/derive_wordlists.py --check    # exit 1 if the files on disk differ

Exit status: 0 success (or identical with ``--check``), 1 files differ (``--check``),
2 a source or a derived list failed verification.
"""

from __future__ import annotations

from playbook import launch

launch.begin()  # SIGINT and SIGTERM answered from here on, before the heavy imports

import dataclasses
import hashlib
import json
import os
import re
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playbook.cli.parsing import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the script's own helpers
import answer_fit
import wordlist_review

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "playbook" / "data" / "wordlists"
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
SCRIPT_NAME = "scripts/derive_wordlists.py"

LOWER_AZ = re.compile(r"[a-z]+")
WORDLE_WORD = re.compile(r"[a-z]{5}")

# sha256 of each source file, as recorded in its PROVENANCE.md (paths relative to shared/data).
SOURCE_SHA256: dict[str, str] = {
    "opentaal/dutch.txt": "2e5128e8e7f9a5bdfc427c784c839986b0df1386cc53aef90ed2df71644f3987",
    "wordle/answers.txt": "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee",
    "wordle/allowed.txt": "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579",
    "english/american-english.txt": (
        "9f513f1ceadb6a01c5485b7dbdfd5118dc66cd70b59cae2851292112d4066a32"
    ),
    "english/american-english-small.txt": (
        "a6e2bc32526c38fa082ffbdb527ad9999e41b0a712d06e8415244068454d4d55"
    ),
    "english/british-english.txt": (
        "7424d6682301dc86f73b0a5c8c53f0ba4c9f0a41fb2d1cb7e5fe7f8a04f15fb0"
    ),
    "english/british-english-small.txt": (
        "52455b82d0a972ed866b011f07a1eafd522ca9c106aa8c718354c1605e508e6e"
    ),
    "english/british-english-large.txt": (
        "02f04d6521570c597c9a23f9c661d298892b325ae052e9c500eb85bcc35da6b5"
    ),
    "english/american-english-large.txt": (
        "7722e490a1575058326569c778fcb8e93b3cf866452c0f54bfd1c22817ad5a90"
    ),
    "opentaal/elements/basiswoorden-gekeurd.txt": (
        "28af5de8297e4ebcd94d6cf8fafa1fd02a4b88820147f24cc33227e40ab8a704"
    ),
    "opentaal/elements/basiswoorden-ongekeurd.txt": (
        "6f28002145a277dcb6ae2c6d13be0be165166bb4996d44316489f1b3bff32f76"
    ),
    "opentaal/elements/flexies-ongekeurd.txt": (
        "5d2bf3c2f251d8721ca765273f1e5638d270b9be00bd3cbfab07acd1c6038463"
    ),
    # the answer model's calibration lists (read for the fit only: answer_fit.py); their
    # sha256 as read on 2026-12-04, so that a changed list does not pass unnoticed
    "showwords/wordle_nyt_calibration.txt": (
        "f363b43f4c39e8c14000a4974d862ad9a0ce9a4f10ee507e1fe464ba5615a7c4"
    ),
    "showwords/nl/pingiun-woordle-answers5.txt": (
        "25caf6c11a275c1e79a87a5488323f3cf227a62ef8fe6e80e5d0d12e5985e870"
    ),
}

# The language of each source's words (the manifest's ``language``: the sheets of a playbook of a
# bundled list are in it by default, ``render.language: auto``).
SOURCE_LANGUAGE: dict[str, str] = {
    "opentaal/dutch.txt": "nl",
    "wordle/answers.txt": "en",
    "wordle/allowed.txt": "en",
    "english/american-english.txt": "en",
    "english/american-english-small.txt": "en",
    "english/british-english.txt": "en",
    "english/british-english-small.txt": "en",
    "english/british-english-large.txt": "en",
    "english/american-english-large.txt": "en",
}

ORIGINS = {
    "opentaal/dutch.txt": "OpenTaal 2.20.19",
    "wordle/answers.txt": "Wordle's 2,315 answers (2021)",
    "wordle/allowed.txt": "Wordle's 12,972 guesses (2021)",
    "english/american-english.txt": "SCOWL 2020.12.07 size 50, US",
    "english/american-english-small.txt": "SCOWL 2020.12.07 size 35, US",
    "english/british-english.txt": "SCOWL 2020.12.07 size 50, GB",
    "english/british-english-small.txt": "SCOWL 2020.12.07 size 35, GB",
    "english/british-english-large.txt": "SCOWL 2020.12.07 size 70, GB",
    "english/american-english-large.txt": "SCOWL 2020.12.07 size 70, US",
}
"""Each source by package and version, as ``playbook lists`` names it."""

# English Lingo (the ITV and CBS shows): SCOWL's British and American lists, size 50 (the
# guesses: the usual dictionary) and size 35 (the answers: common words), of the show's
# lengths. Kept: a-z entries (no proper nouns, possessives or accents) that are no Roman
# numeral (SCOWL holds xviii, lxvii, ...; "mix" is a word) and no abbreviation of the reviewed
# list below (SCOWL writes them without their full stop).
SCOWL_LISTS = {
    # name: (source, SCOWL size, what it is)
    "english-gb": ("english/british-english.txt", 50, "wbritish", "british-english"),
    "english-gb-common": ("english/british-english-small.txt", 35, "wbritish-small",
                          "british-english-small"),
    "english-us": ("english/american-english.txt", 50, "wamerican", "american-english"),
    "english-us-common": ("english/american-english-small.txt", 35, "wamerican-small",
                          "american-english-small"),
    "english-gb-large": ("english/british-english-large.txt", 70, "wbritish-large",
                         "british-english-large"),
    "english-us-large": ("english/american-english-large.txt", 70, "wamerican-large",
                         "american-english-large"),
}  # fmt: skip
SCOWL_LENGTHS = (4, 5, 6, 7, 8)
ROMAN_NUMERAL = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
ROMAN_WORDS = frozenset({"mix"})
"""Roman numerals that are English words too (kept)."""
ABBREVIATIONS = frozenset(
    ("approx", "assn", "assoc", "asst", "avdp", "bldg", "blvd", "contd", "dept", "ftps", "govt",
     "ibid", "misc", "natl", "recd", "secy", "subj", "tbsp", "treas", "vols")
)  # fmt: skip
"""Abbreviations SCOWL lists among words of four to eight letters (reviewed by hand:
clipped words such as memo, info, exam and typo are words and stay)."""
# Words per list and length (after the reviewed exclusions of wordlists/onair-en.tsv), measured
# on 2026-12-04, replayed as checks.
SCOWL_COUNTS = {
    "english-gb": {4: 2367, 5: 4569, 6: 7269, 7: 9848, 8: 10363},
    "english-gb-common": {4: 1901, 5: 3511, 6: 5373, 7: 6796, 8: 6577},
    "english-us": {4: 2375, 5: 4600, 6: 7313, 7: 9919, 8: 10483},
    "english-us-common": {4: 1908, 5: 3540, 6: 5417, 7: 6846, 8: 6668},
    "english-gb-large": {4: 3351, 5: 6558, 6: 11054, 7: 15695, 8: 17661},
    "english-us-large": {4: 3366, 5: 6607, 6: 11125, 7: 15791, 8: 17805},
}

# Facts measured in opentaal/PROVENANCE.md, replayed here as checks.
# Distinct a-z entries of length 5 after replacing every "ij" with "y" (the 1994 LINGO
# paper's convention); the first letter is taken after replacement, so "ij..." counts as "y".
OPENTAAL_IJ_Y_LEN5_TOTAL = 5_778
OPENTAAL_IJ_Y_LEN5_BY_FIRST_LETTER: dict[str, int] = {
    "a": 287, "b": 478, "c": 149, "d": 306, "e": 122, "f": 167, "g": 358, "h": 246,
    "i": 90, "j": 92, "k": 440, "l": 264, "m": 252, "n": 141, "o": 196, "p": 317,
    "q": 13, "r": 296, "s": 548, "t": 312, "u": 36, "v": 224, "w": 199, "x": 3,
    "y": 47, "z": 195,
}  # fmt: skip
# Distinct a-z entries of length exactly 5 without the replacement.
OPENTAAL_PLAIN_LEN5_TOTAL = 5_519
OPENTAAL_LENGTHS = (5, 6)
# The longer words of the show (seven and eight letters) in a list of their own, so that the
# five- and six-letter list (and the checksums that playbooks record of it) stays as it is.
OPENTAAL_LONG_LENGTHS = (7, 8)
# Distinct a-z words per length with IJ as one letter (the TV board, ``words.ij_letter``), and
# without it: measured on this source when the list was added (not in its PROVENANCE.md),
# replayed as checks so that a change of the rule or the source does not pass unnoticed.
OPENTAAL_IJ_LETTER_TOTALS = {7: 19_426, 8: 27_311}
OPENTAAL_PLAIN_TOTALS = {7: 18_587, 8: 26_609}
OPENTAAL_LONG_TOTAL = 47_628

WORDLE_ANSWERS_COUNT = 2_315
WORDLE_ALLOWED_COUNT = 12_972
WORDLE_REPO = "github.com/alex1770/wordle"
WORDLE_COMMIT = "8fd3f1bdf884ff6757c24ad1227dc561fab7787d"

LICENSE_OPENTAAL = "LICENSE-opentaal.txt"
LICENSE_ENGLISH = "LICENSE-english.txt"
LICENSE_WORDLE = "LICENSE-wordle.txt"
LICENSE_WORDFREQ = "LICENSE-wordfreq.txt"

# The libraries the frequencies and IJ's syllables come from: a run with another version stops
# (its figures could differ), so the files on disk always say which version made them.
WORDFREQ_VERSION = "3.1.1"
PYPHEN_VERSION = "0.18.1"
FREQUENCY_FILES = {"nl": "frequencies-nl.txt", "en": "frequencies-en.txt"}
IJ_APART_FILE = "ij-apart.txt"
# Reviewed by hand: Dutch words of the bundled lists whose i and j are two letters although
# the hyphenation patterns keep them together (a compound of a word ending in i and one
# starting with j, as mini-jurk would be), and words the patterns split that are IJ after
# all. Every word with "ij" after such a prefix (mini, maxi, midi, ski, taxi, semi, anti,
# multi, alibi, bikini, safari, sushi) was read on 2026-11-28: none is in the lists.
IJ_APART_ADDED: frozenset[str] = frozenset()
IJ_APART_REMOVED: frozenset[str] = frozenset()

WORDFREQ_LICENSE_TEXT = """\
frequencies-nl.txt and frequencies-en.txt hold each bundled word's Zipf frequency
(log10 of its occurrences per billion words) as the Python package wordfreq {version}
reports it (zipf_frequency(word, lang), wordlist "best"), computed by
scripts/derive_wordlists.py; nothing is looked up at run time.

wordfreq is by Robyn Speer (https://github.com/rspeer/wordfreq). Its code is under the
Apache License 2.0; its data, from which these figures are derived, is under the Creative
Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0,
https://creativecommons.org/licenses/by-sa/4.0/), built from Wikipedia, OpenSubtitles,
SUBTLEX, NewsCrawl, GlobalVoices, Google Books Ngrams, Reddit, Twitter and the Leeds
Internet Corpus. The two frequency files are shared under the same licence.

ij-apart.txt lists the Dutch words whose i and j fall in two syllables according to the
Dutch (nl_NL) hyphenation patterns of pyphen {pyphen} (patterns from OpenTaal, BSD or
CC BY 3.0), with the reviewed changes recorded in the script.
"""

WORDLE_LICENSE_TEXT = f"""\
The Wordle word lists in this folder (wordle-answers.txt, wordle-allowed.txt) come from
{WORDLE_REPO} at commit {WORDLE_COMMIT}
(files wordlist_orig_hidden and wordlist_orig_all; only these data files were copied, no
code). That repository is distributed under the MIT License, reproduced below.

MIT License

Copyright (c) 2022 alex1770

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""


class VerificationError(Exception):
    """A source file or a derived list does not match what its provenance says."""


def require(condition: bool, message: str) -> None:
    """Fail with ``message`` unless ``condition`` holds (unlike ``assert``, never skipped)."""
    if not condition:
        raise VerificationError(message)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclasses.dataclass(frozen=True)
class Source:
    """One verified source file."""

    rel: str
    """Path relative to shared/data, e.g. ``opentaal/dutch.txt``."""
    data: bytes
    """The file's bytes (sha256 already checked)."""
    lines: tuple[str, ...]
    """The file's lines, without their ``\\n``."""

    @property
    def manifest_path(self) -> str:
        return f"shared/data/{self.rel}"

    @property
    def sha256(self) -> str:
        return sha256_hex(self.data)


@dataclasses.dataclass(frozen=True)
class WordList:
    """One derived list and the facts recorded about it in the manifest."""

    name: str
    words: tuple[str, ...]
    source: Source
    source_description: str
    filter: str
    license: str

    @property
    def file(self) -> str:
        return f"{self.name}.txt"

    @property
    def language(self) -> str:
        return SOURCE_LANGUAGE[self.source.rel]

    @property
    def origin(self) -> str:
        """The source in a few words, by package and version (what ``playbook lists`` shows:
        a wheel's user has no shared/data)."""
        return ORIGINS[self.source.rel]

    @property
    def content(self) -> bytes:
        return "".join(f"{word}\n" for word in self.words).encode("utf-8")

    def manifest_record(self) -> dict[str, object]:
        return {
            "name": self.name,
            "file": self.file,
            "source": self.source.manifest_path,
            "source_sha256": self.source.sha256,
            "source_description": self.source_description,
            "filter": self.filter,
            "origin": self.origin,
            "language": SOURCE_LANGUAGE[self.source.rel],
            "count": len(self.words),
            "sha256": sha256_hex(self.content),
            "license": self.license,
        }


def read_source(data_dir: Path, rel: str) -> Source:
    """Read ``data_dir/rel``, check its sha256 against provenance and split it into lines."""
    path = data_dir / rel
    require(path.is_file(), f"source file missing: {path}")
    data = path.read_bytes()
    expected = SOURCE_SHA256[rel]
    actual = sha256_hex(data)
    require(
        actual == expected,
        f"{path}: sha256 {actual} differs from {expected} recorded in its PROVENANCE.md",
    )
    text = data.decode("utf-8")
    require(b"\r" not in data, f"{path}: expected '\\n' line endings, found '\\r'")
    require(text.endswith("\n"), f"{path}: expected a final '\\n'")
    return Source(rel=rel, data=data, lines=tuple(text[:-1].split("\n")))


def only_lowercase_az(lines: Sequence[str]) -> set[str]:
    return {line for line in lines if LOWER_AZ.fullmatch(line)}


def ij_to_y(word: str) -> str:
    return word.replace("ij", "y")


@dataclasses.dataclass(frozen=True)
class Edits:
    """What the reviewed files of ``wordlists/`` change in the Dutch lists: the board's
    spelling of accented entries (crème is creme on the board: ``accented``, board spelling
    -> the entries), the words added and the words excluded (every bundled Lingo list)."""

    accented: dict[str, tuple[str, ...]]
    added: frozenset[str]
    excluded: frozenset[str]

    def apply(self, kept: set[str], length_ok: Any) -> set[str]:
        """``kept`` with the board spellings and additions of a length ``length_ok`` takes,
        less the excluded words."""
        extra = {w for w in (*self.accented, *self.added) if length_ok(w)}
        return (kept | extra) - self.excluded


def board_spellings(lines: Sequence[str], az: set[str]) -> dict[str, tuple[str, ...]]:
    """Lower-case entries with accents (crème, zeeën, privé) as a board of a-z writes them
    (creme, zeeen, prive), where that is a word of a-z the list does not hold already."""
    out: dict[str, list[str]] = {}
    for entry in lines:
        if entry.isascii() or entry != entry.lower():
            continue
        bare = "".join(
            c for c in unicodedata.normalize("NFKD", entry) if not unicodedata.combining(c)
        )
        if LOWER_AZ.fullmatch(bare) and bare not in az:
            out.setdefault(bare, []).append(entry)
    return {bare: tuple(sorted(entries)) for bare, entries in sorted(out.items())}


def _opentaal_list(name: str, kept: set[str], source: Source, lengths: str) -> WordList:
    """An OpenTaal list: the words ``kept``, sorted, of the lengths named."""
    return WordList(
        name=name,
        words=tuple(sorted(kept)),
        source=source,
        source_description=(
            "Debian 12 package wdutch 1:2.20.19-2 (OpenTaal word list 2.20.19), "
            "/usr/share/dict/dutch"
        ),
        filter=(
            f"entries of only a-z whose length is {lengths} as is or after replacing every "
            "'ij' with 'y' (stored without the replacement), and accented entries as the "
            "board spells them (creme); the words of wordlists/added-nl.tsv added, those "
            "wordlists/onair-nl.tsv excludes left out"
        ),
        license=LICENSE_OPENTAAL,
    )


def derive_opentaal(source: Source, edits: Edits) -> WordList:
    """OpenTaal a-z entries whose length is 5 or 6, as is or after ij -> y (stored as is)."""
    az = only_lowercase_az(source.lines)

    ij_y_len5 = {ij_to_y(w) for w in az if len(ij_to_y(w)) == 5}
    require(
        len(ij_y_len5) == OPENTAAL_IJ_Y_LEN5_TOTAL,
        f"OpenTaal: {len(ij_y_len5)} distinct a-z words of length 5 after ij->y, "
        f"opentaal/PROVENANCE.md says {OPENTAAL_IJ_Y_LEN5_TOTAL}",
    )
    by_letter = dict(sorted(Counter(w[0] for w in ij_y_len5).items()))
    mismatched = {
        letter: (by_letter.get(letter, 0), expected)
        for letter, expected in OPENTAAL_IJ_Y_LEN5_BY_FIRST_LETTER.items()
        if by_letter.get(letter, 0) != expected
    }
    mismatched |= {
        letter: (count, 0)
        for letter, count in by_letter.items()
        if letter not in OPENTAAL_IJ_Y_LEN5_BY_FIRST_LETTER
    }
    require(
        not mismatched,
        "OpenTaal: per-first-letter counts (length 5 after ij->y) differ from "
        "opentaal/PROVENANCE.md; letter: (found, expected) = " + repr(mismatched),
    )
    plain_len5 = {w for w in az if len(w) == 5}
    require(
        len(plain_len5) == OPENTAAL_PLAIN_LEN5_TOTAL,
        f"OpenTaal: {len(plain_len5)} distinct a-z words of length 5 without ij->y, "
        f"opentaal/PROVENANCE.md says {OPENTAAL_PLAIN_LEN5_TOTAL}",
    )

    kept = {w for w in az if len(w) in OPENTAAL_LENGTHS or len(ij_to_y(w)) in OPENTAAL_LENGTHS}
    require(plain_len5 <= kept, "OpenTaal: a plain length-5 word was not kept")
    require(
        {ij_to_y(w) for w in kept if len(ij_to_y(w)) == 5} == ij_y_len5,
        "OpenTaal: the kept list does not reproduce the ij->y length-5 set",
    )
    kept = edits.apply(
        kept, lambda w: len(w) in OPENTAAL_LENGTHS or len(ij_to_y(w)) in OPENTAAL_LENGTHS
    )
    return _opentaal_list("opentaal-nl", kept, source, "5 or 6")


def derive_opentaal_long(source: Source, edits: Edits) -> WordList:
    """OpenTaal a-z entries whose length is 7 or 8, as is or after ij -> y (stored as is):
    with ``words.ij_letter`` (IJ one letter) or ``ij_to_y`` every word of seven or eight
    letters is in it, and ``words.length`` picks one length."""
    az = only_lowercase_az(source.lines)
    kept = {
        w for w in az if len(w) in OPENTAAL_LONG_LENGTHS or len(ij_to_y(w)) in OPENTAAL_LONG_LENGTHS
    }
    for length, expected in OPENTAAL_IJ_LETTER_TOTALS.items():
        # IJ as one letter: as many letters as the word has after ij -> y, distinct as written
        found = {w for w in kept if len(ij_to_y(w)) == length}
        require(
            found == {w for w in az if len(ij_to_y(w)) == length},
            f"OpenTaal: the kept list misses words of {length} letters with IJ as one letter",
        )
        require(
            len(found) == expected,
            f"OpenTaal: {len(found)} distinct a-z words of {length} letters with IJ as one "
            f"letter, expected {expected}",
        )
    for length, expected in OPENTAAL_PLAIN_TOTALS.items():
        plain = {w for w in az if len(w) == length}
        require(plain <= kept, f"OpenTaal: a plain length-{length} word was not kept")
        require(
            len(plain) == expected,
            f"OpenTaal: {len(plain)} distinct a-z words of length {length} without ij->y, "
            f"expected {expected}",
        )
    require(
        len(kept) == OPENTAAL_LONG_TOTAL,
        f"OpenTaal: {len(kept)} words of 7 or 8 letters kept, expected {OPENTAAL_LONG_TOTAL}",
    )  # the source's count, before the reviewed edits
    kept = edits.apply(
        kept,
        lambda w: len(w) in OPENTAAL_LONG_LENGTHS or len(ij_to_y(w)) in OPENTAAL_LONG_LENGTHS,
    )
    return _opentaal_list("opentaal-nl-long", kept, source, "7 or 8")


def check_wordle_list(source: Source, expected_count: int) -> tuple[str, ...]:
    words = source.lines
    require(
        len(words) == expected_count,
        f"{source.rel}: {len(words)} lines, wordle/PROVENANCE.md says {expected_count}",
    )
    bad = [w for w in words if not WORDLE_WORD.fullmatch(w)]
    require(not bad, f"{source.rel}: lines not matching ^[a-z]{{5}}$: {bad[:5]!r}")
    require(len(set(words)) == len(words), f"{source.rel}: duplicate words")
    require(list(words) == sorted(words), f"{source.rel}: not sorted")
    return words


def derive_wordle(answers: Source, allowed: Source) -> tuple[WordList, WordList]:
    """The original Wordle lists, copied verbatim after checking them."""
    answer_words = check_wordle_list(answers, WORDLE_ANSWERS_COUNT)
    allowed_words = check_wordle_list(allowed, WORDLE_ALLOWED_COUNT)
    missing = sorted(set(answer_words) - set(allowed_words))
    require(not missing, f"wordle: answers not in allowed.txt: {missing[:5]!r}")
    origin = f"{WORDLE_REPO} @ {WORDLE_COMMIT}"
    lists = (
        WordList(
            name="wordle-answers",
            words=answer_words,
            source=answers,
            source_description=f"{origin}, wordlist_orig_hidden (original answer list)",
            filter="all entries, verbatim (original 2315 answers, before the NYT edits)",
            license=LICENSE_WORDLE,
        ),
        WordList(
            name="wordle-allowed",
            words=allowed_words,
            source=allowed,
            source_description=f"{origin}, wordlist_orig_all (re-sorted)",
            filter="all entries, verbatim (original 12972 accepted guesses, answers included)",
            license=LICENSE_WORDLE,
        ),
    )
    for wordlist in lists:
        require(
            wordlist.content == wordlist.source.data,
            f"{wordlist.name}: output is not a byte-for-byte copy of {wordlist.source.rel}",
        )
    return lists


def derive_english(source: Source, excluded: frozenset[str]) -> WordList:
    """SCOWL entries of only a-z: no proper nouns, possessives or accented words, and none
    that ``wordlists/onair-en.tsv`` excludes."""
    return WordList(
        name="english",
        words=tuple(sorted(only_lowercase_az(source.lines) - excluded)),
        source=source,
        source_description=(
            "Debian 12 package wamerican 2020.12.07-2 (SCOWL size 50), "
            "/usr/share/dict/american-english"
        ),
        filter=(
            "entries of only a-z (no proper nouns, possessives or accents), all lengths, "
            "those wordlists/onair-en.tsv excludes left out"
        ),
        license=LICENSE_ENGLISH,
    )


def scowl_word(word: str) -> bool:
    """A word of an English Lingo list: a-z, of the show's lengths, no Roman numeral (but
    the words among them) and no abbreviation."""
    return (
        LOWER_AZ.fullmatch(word) is not None
        and len(word) in SCOWL_LENGTHS
        and (ROMAN_NUMERAL.fullmatch(word) is None or word in ROMAN_WORDS)
        and word not in ABBREVIATIONS
    )


def derive_scowl(name: str, source: Source, excluded: frozenset[str]) -> WordList:
    """One English Lingo list (:data:`SCOWL_LISTS`), its counts per length checked."""
    _, size, package, dict_name = SCOWL_LISTS[name]
    words = tuple(sorted({w for w in source.lines if scowl_word(w)} - excluded))
    counts = {n: sum(1 for w in words if len(w) == n) for n in SCOWL_LENGTHS}
    require(
        counts == SCOWL_COUNTS[name],
        f"{name}: {counts} words per length, where {SCOWL_COUNTS[name]} were measured",
    )
    return WordList(
        name=name,
        words=words,
        source=source,
        source_description=(
            f"Debian 12 package {package} 2020.12.07-2 (SCOWL size {size}), "
            f"/usr/share/dict/{dict_name}"
        ),
        filter=(
            "entries of only a-z of 4 to 8 letters (no proper nouns, possessives or accents), "
            "no Roman numerals (but mix), no abbreviations of a reviewed list and none that "
            "wordlists/onair-en.tsv excludes"
        ),
        license=LICENSE_ENGLISH,
    )


def _library(name: str, version: str, module: str | None = None) -> object:
    """The library ``name`` at the pinned ``version`` (a one-line verification error where it
    is missing or another version: its figures could differ)."""
    import importlib
    import importlib.metadata

    try:
        found = importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        found = None
    require(
        found == version,
        f"{name} {version} is needed for the frequency and IJ files, found "
        f"{found or 'none'}; install the locked test requirements (requirements/test.txt)",
    )
    return importlib.import_module(module or name)


def derive_frequencies(
    lists: Sequence[WordList], spellings: dict[str, tuple[str, ...]]
) -> dict[str, bytes]:
    """Each bundled word's Zipf frequency in its language (``word zipf`` a line, sorted, only
    words with a measurable frequency), one file per language; a Dutch word the board spells
    without its accents (creme) is as frequent as the most used of its spellings (crème)."""
    wordfreq: Any = _library("wordfreq", WORDFREQ_VERSION)
    out: dict[str, bytes] = {}
    for lang, file in FREQUENCY_FILES.items():
        words = sorted({w for wl in lists if wl.language == lang for w in wl.words})
        rows = []
        for w in words:
            forms = (w, *spellings.get(w, ())) if lang == "nl" else (w,)
            zipf = max(wordfreq.zipf_frequency(f, lang, wordlist="best") for f in forms)
            if zipf > 0:
                rows.append(f"{w} {zipf:.2f}\n")
        require(len(rows) > 1000, f"{file}: only {len(rows)} words have a frequency")
        out[file] = "".join(rows).encode("utf-8")
    return out


def derive_ij_apart(lists: Sequence[WordList]) -> bytes:
    """The Dutch words whose i and j the hyphenation patterns put in two syllables (bi-jou),
    with the reviewed changes: a list that counts IJ as one letter keeps them as two."""
    pyphen: Any = _library("pyphen", PYPHEN_VERSION)
    dic = pyphen.Pyphen(lang="nl_NL")
    words = {w for wl in lists if wl.language == "nl" for w in wl.words if "ij" in w}
    apart = {w for w in words if "i-j" in dic.inserted(w)}
    require(words >= IJ_APART_ADDED, "IJ_APART_ADDED: a word that is not in the lists")
    apart = (apart | IJ_APART_ADDED) - IJ_APART_REMOVED
    require(len(apart) < 100, f"{IJ_APART_FILE}: {len(apart)} words, the patterns misread")
    return "".join(f"{w}\n" for w in sorted(apart)).encode("utf-8")


CHANCE_FILES = {"en": "chances-en.txt", "nl": "chances-nl.txt"}
SKLEARN_VERSION = "1.9.1"
ELEMENTS = {
    "approved": "opentaal/elements/basiswoorden-gekeurd.txt",
    "unapproved": "opentaal/elements/basiswoorden-ongekeurd.txt",
    "inflection": "opentaal/elements/flexies-ongekeurd.txt",
}
SCOWL_SIZES = {
    35: ("english/british-english-small.txt", "english/american-english-small.txt"),
    50: ("english/british-english.txt", "english/american-english.txt"),
    70: ("english/british-english-large.txt", "english/american-english-large.txt"),
}


def _zipf_table(data: bytes) -> dict[str, float]:
    return {w: float(z) for w, z in (line.split(" ") for line in data.decode().splitlines())}


def _tiles(word: str, apart: set[str]) -> int:
    """Letters on the board, IJ one letter (but in the words of ``apart``: bi-jou)."""
    return len(word) if word in apart else len(word.replace("ij", "y"))


def derive_chances(
    data_dir: Path,
    lists: Sequence[WordList],
    outputs: dict[str, bytes],
    spellings: dict[str, tuple[str, ...]],
) -> tuple[dict[str, bytes], dict[str, object]]:
    """Each word's chance of being a show's pick (``answer_fit``), one file per language, and
    the manifest's record of each model."""
    linear_model: Any = _library("scikit-learn", SKLEARN_VERSION, "sklearn.linear_model")

    wordfreq: Any = _library("wordfreq", WORDFREQ_VERSION)
    apart = set(outputs[IJ_APART_FILE].decode().split())
    zipf = {lang: _zipf_table(outputs[FREQUENCY_FILES[lang]]) for lang in FREQUENCY_FILES}
    out: dict[str, bytes] = {}
    record: dict[str, object] = {}
    for lang in ("en", "nl"):
        words = sorted({w for wl in lists if wl.language == lang for w in wl.words})
        if lang == "en":
            by_size = {
                size: set().union(*(only_lowercase_az(read_source(data_dir, r).lines) for r in rs))
                for size, rs in SCOWL_SIZES.items()
            }
            stems = by_size[70] | by_size[50] | by_size[35]
            rows = {
                w: [
                    zipf["en"].get(w, 0.0),
                    float(w not in zipf["en"]),
                    float(w in by_size[35]),
                    float(w in by_size[35] or w in by_size[50]),
                    float(answer_fit.inflected(w, stems)),
                ]
                for w in words
            }
            lingo = {w for wl in lists if wl.name.endswith("-large") for w in wl.words}
            fit_words = [w for w in words if len(w) == answer_fit.FIT_LENGTH and w in lingo]
            judged = answer_fit.FIT_LENGTH
        else:
            kind: dict[str, int] = {}
            for code, name in enumerate(("approved", "unapproved", "inflection")):
                for entry in read_source(data_dir, ELEMENTS[name]).lines:
                    kind.setdefault(entry, code)  # a word in two files: the first kind
            rows = {}
            for w in words:
                kinds = [kind[f] for f in (w, *spellings.get(w, ())) if f in kind]
                best = min(kinds, default=3)
                z = zipf["nl"].get(w, 0.0)
                english = max(
                    wordfreq.zipf_frequency(f, "en", wordlist="best")
                    for f in (w, *spellings.get(w, ()))
                )
                rows[w] = [
                    z,
                    float(w not in zipf["nl"]),
                    float(best == 0),
                    float(best == 1),
                    float(best == 2),
                    round(max(0.0, english - z), 2),
                ]
            fit_words = [w for w in words if _tiles(w, apart) == answer_fit.FIT_LENGTH]
            judged = answer_fit.FIT_LENGTH
        calibration = read_source(data_dir, answer_fit.CALIBRATION[lang])
        picked = {
            w.strip().lower()
            for w in calibration.lines
            if w.strip() and (lang == "en" or _tiles(w.strip().lower(), apart) == judged)
        }
        fitted = answer_fit.fit(lang, {w: rows[w] for w in fit_words}, picked, linear_model)
        require(
            fitted.picks > 0.9 * len(picked),
            f"{calibration.rel}: only {fitted.picks} of {len(picked)} picks are words of the lists",
        )
        text = "".join(
            f"{w} {fitted.chance(rows[w]):.{answer_fit.CHANCE_DIGITS}f}\n" for w in words
        )
        file = CHANCE_FILES[lang]
        out[file] = text.encode("utf-8")
        record[lang] = {
            "file": file,
            "count": len(words),
            "sha256": sha256_hex(out[file]),
            **fitted.record(calibration.rel, calibration.sha256, SKLEARN_VERSION),
        }
    return out, record


def extras_record(outputs: dict[str, bytes]) -> dict[str, object]:
    """What the manifest says of the frequency and IJ files."""
    freq = {
        lang: {
            "file": file,
            "count": outputs[file].count(b"\n"),
            "sha256": sha256_hex(outputs[file]),
            "source": f"wordfreq {WORDFREQ_VERSION}, zipf_frequency(word, {lang!r}, 'best')",
            "license": LICENSE_WORDFREQ,
        }
        for lang, file in FREQUENCY_FILES.items()
    }
    apart = {
        "file": IJ_APART_FILE,
        "count": outputs[IJ_APART_FILE].count(b"\n"),
        "sha256": sha256_hex(outputs[IJ_APART_FILE]),
        "source": f"pyphen {PYPHEN_VERSION}, nl_NL patterns, and a reviewed list",
        "license": LICENSE_WORDFREQ,
    }
    return {"frequencies": freq, "ij_apart": apart}


def render_manifest(lists: Sequence[WordList], extras: dict[str, object]) -> bytes:
    manifest = {
        "generator": SCRIPT_NAME,
        "lists": [wordlist.manifest_record() for wordlist in lists],
        **extras,
    }
    return (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def render_readme(lists: Sequence[WordList]) -> bytes:
    lines = [
        "# Bundled word lists",
        "",
        f"Generated by `{SCRIPT_NAME}` from the read-only sources in `shared/data/`;"
        " do not edit by hand.",
        "Each list: one word per line, `\\n` endings, UTF-8, sorted (plain Python sort),"
        " no duplicates.",
        "`manifest.json` holds the same facts in machine-readable form.",
        "",
        "| List | File | Words | Kept | Source | Licence |",
        "| --- | --- | ---: | --- | --- | --- |",
    ]
    for wl in lists:
        lines.append(
            f"| {wl.name} | `{wl.file}` | {len(wl.words):,} | {wl.filter} "
            f"| `{wl.source.manifest_path}`: {wl.source_description} | `{wl.license}` |"
        )
    lines += [
        "",
        "| File | sha256 | Source sha256 |",
        "| --- | --- | --- |",
    ]
    for wl in lists:
        lines.append(f"| `{wl.file}` | `{sha256_hex(wl.content)}` | `{wl.source.sha256}` |")
    lines += [
        "",
        "Checks replayed on every run: each source's sha256 equals the one in its PROVENANCE.md;",
        f"OpenTaal gives {OPENTAAL_IJ_Y_LEN5_TOTAL:,} distinct a-z words of length 5 after"
        f" ij->y (with the per-first-letter counts of its PROVENANCE.md) and"
        f" {OPENTAAL_PLAIN_LEN5_TOTAL:,} without;",
        f"with IJ as one letter it gives {OPENTAAL_IJ_LETTER_TOTALS[7]:,} words of 7 letters"
        f" and {OPENTAAL_IJ_LETTER_TOTALS[8]:,} of 8 ({OPENTAAL_LONG_TOTAL:,} entries kept in"
        " opentaal-nl-long; counts measured when that list was added);",
        f"the Wordle lists hold {WORDLE_ANSWERS_COUNT:,} and {WORDLE_ALLOWED_COUNT:,} words"
        " and every answer is allowed.",
        "",
        "Word frequencies: `frequencies-nl.txt` and `frequencies-en.txt` hold `word zipf` a line",
        f"for every word of the Dutch and of the English lists that wordfreq {WORDFREQ_VERSION}",
        "gives a frequency (Zipf: log10 of occurrences per billion words; tafel 4.83, kamer",
        "5.28); the others have none. `ij-apart.txt`: the Dutch words whose i and j fall in two",
        f"syllables (bi-jou), from pyphen {PYPHEN_VERSION}'s nl_NL patterns and a reviewed list.",
        f"Licence: `{LICENSE_WORDFREQ}` (CC BY-SA 4.0, the data wordfreq is built from).",
        "",
        f"regenerate with: python {SCRIPT_NAME}",
        f"check with: python {SCRIPT_NAME} --check",
        "",
    ]
    return "\n".join(lines).encode("utf-8")


def build(shared: Path) -> tuple[list[WordList], dict[str, bytes]]:
    """Derive and verify everything in memory; return the lists and every output file."""
    data_dir = shared / "data"
    try:
        onair = {lang: wordlist_review.read_onair(lang) for lang in ("en", "nl")}
        added = wordlist_review.read_added()
    except wordlist_review.ReviewError as exc:
        raise VerificationError(str(exc)) from None
    dutch = read_source(data_dir, "opentaal/dutch.txt")
    az = only_lowercase_az(dutch.lines)
    edits = Edits(board_spellings(dutch.lines, az), added.words, onair["nl"].excluded)
    require(not edits.added & az, "added-nl.tsv: a word OpenTaal holds already")
    require(not edits.added & edits.excluded, "added-nl.tsv: a word onair-nl.tsv excludes")
    opentaal = derive_opentaal(dutch, edits)
    opentaal_long = derive_opentaal_long(dutch, edits)
    answers, allowed = derive_wordle(
        read_source(data_dir, "wordle/answers.txt"),
        read_source(data_dir, "wordle/allowed.txt"),
    )
    banned = onair["en"].excluded
    english = derive_english(read_source(data_dir, "english/american-english.txt"), banned)
    scowl = [
        derive_scowl(n, read_source(data_dir, src), banned) for n, (src, *_) in SCOWL_LISTS.items()
    ]
    named = {wl.name: set(wl.words) for wl in scowl}
    for small, big in (
        ("english-gb-common", "english-gb"),
        ("english-us-common", "english-us"),
        ("english-gb", "english-gb-large"),
        ("english-us", "english-us-large"),
    ):
        require(named[big].issuperset(named[small]), f"{small}: a word that {big} does not hold")
    lists = [opentaal, opentaal_long, answers, allowed, english, *scowl]

    outputs: dict[str, bytes] = {}
    for wordlist in lists:
        words = list(wordlist.words)
        require(words == sorted(set(words)), f"{wordlist.name}: not sorted and unique")
        outputs[wordlist.file] = wordlist.content
    for name, rel in (
        (LICENSE_OPENTAAL, "opentaal/COPYRIGHT"),
        (LICENSE_ENGLISH, "english/COPYRIGHT"),
    ):
        path = data_dir / rel
        require(path.is_file(), f"licence file missing: {path}")
        outputs[name] = path.read_bytes()
    outputs[LICENSE_WORDLE] = WORDLE_LICENSE_TEXT.encode("utf-8")
    outputs.update(derive_frequencies(lists, edits.accented))
    outputs[IJ_APART_FILE] = derive_ij_apart(lists)
    outputs[LICENSE_WORDFREQ] = WORDFREQ_LICENSE_TEXT.format(
        version=WORDFREQ_VERSION, pyphen=PYPHEN_VERSION
    ).encode("utf-8")
    chances, models = derive_chances(data_dir, lists, outputs, edits.accented)
    outputs.update(chances)
    for lang, review in onair.items():
        outputs[f"onair-{lang}.txt"] = "".join(f"{w}\n" for w in sorted(review.excluded)).encode()
    reviewed = {
        "onair": {
            lang: {
                "file": f"onair-{lang}.txt",
                "reviewed": f"wordlists/{review.file}",
                "reviewed_sha256": review.sha256,
                "excluded": len(review.excluded),
                "kept": len(review.entries) - len(review.excluded),
            }
            for lang, review in onair.items()
        },
        "added": {"nl": {"reviewed": f"wordlists/{added.file}", "words": sorted(added.words)}},
        "board_spellings": {"nl": len(edits.accented)},
    }
    extras = {**extras_record(outputs), "answer_model": models, "reviewed": reviewed}
    outputs["manifest.json"] = render_manifest(lists, extras)
    outputs["README.md"] = render_readme(lists)
    return lists, outputs


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``."""
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def differs(path: Path, data: bytes) -> bool:
    return not path.is_file() or path.read_bytes() != data


def display(path: Path) -> str:
    try:
        return str(path.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(description="Derive the bundled word lists from shared/data and verify them.")
    parser.add_argument(
        "--shared",
        type=Path,
        default=DEFAULT_SHARED,
        help="folder holding data/ with the sources (default: ../shared from the repo root)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="recompute in memory; exit 1 if the files on disk differ, 0 if identical",
    )
    args = parser.parse_args(argv)

    try:
        lists, outputs = build(args.shared)
    except VerificationError as error:
        print(f"derive_wordlists: verification failed: {error}", file=sys.stderr)
        return 2

    if args.check:
        stale = [name for name, data in outputs.items() if differs(OUT_DIR / name, data)]
        for wl in lists:
            state = "DIFFERS" if wl.file in stale else "ok"
            print(f"{wl.name:<16} {len(wl.words):>6} words  {wl.file:<20} {state}")
        list_files = {wl.file for wl in lists}
        for name in stale:
            if name not in list_files:
                print(f"{name} DIFFERS")
        if stale:
            print(f"{len(stale)} file(s) in {display(OUT_DIR)} differ; rerun without --check")
            return 1
        print(f"all {len(outputs)} files in {display(OUT_DIR)} are up to date")
        return 0

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, data in outputs.items():
        if differs(OUT_DIR / name, data):
            write_atomic(OUT_DIR / name, data)
            changed.append(name)
    for wl in lists:
        state = "written" if wl.file in changed else "unchanged"
        print(
            f"{wl.name:<16} {len(wl.words):>6} words  {display(OUT_DIR / wl.file)}"
            f"  sha256 {sha256_hex(wl.content)}  ({state})"
        )
    print(f"{len(changed)} of {len(outputs)} files written to {display(OUT_DIR)}")
    return 0


if __name__ == "__main__":
    launch.script(main)
