"""The reviewed word lists in ``wordlists/`` that ``derive_wordlists.py`` applies: the words no
bundled Lingo list may hold (``onair-LANG.tsv``: obscenities, slurs, names, abbreviations,
net slang, read by hand entry by entry) and the words added to the Dutch lists
(``added-nl.tsv``). Imported by ``derive_wordlists.py`` only (not a command of its own).

Each file: UTF-8, tab-separated, a header line starting with ``#``; an error names the file,
the line and what is allowed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

REVIEW_DIR = Path(__file__).resolve().parent.parent / "wordlists"
ONAIR_FILES = {"en": "onair-en.tsv", "nl": "onair-nl.tsv"}
ADDED_FILE = "added-nl.tsv"

VERDICTS = ("exclude", "keep")
CATEGORIES = {
    "exclude": (
        "obscenity", "slur", "sexual", "violence", "name", "place", "brand", "abbreviation",
        "slang", "jargon", "nonword",
    ),
    "keep": ("ordinary",),
}  # fmt: skip
"""What a reviewed entry may be called: why a word is excluded, or that it was read and kept."""
SOURCES = ("ldnoobw-en", "ldnoobw-nl", "review")
"""Where a candidate came from: an entry of LDNOOBW's list (or a form of one), or a reading by
hand (candidates found as described in ``wordlists/README.md``)."""
WORD = re.compile(r"[a-z]+")


class ReviewError(Exception):
    """A reviewed file that does not have the shape it must have."""


@dataclasses.dataclass(frozen=True)
class Entry:
    word: str
    verdict: str
    category: str
    source: str
    note: str


@dataclasses.dataclass(frozen=True)
class Review:
    """One reviewed file: its entries and its sha256 (recorded in the manifest)."""

    file: str
    entries: tuple[Entry, ...]
    sha256: str

    @property
    def excluded(self) -> frozenset[str]:
        return frozenset(e.word for e in self.entries if e.verdict == "exclude")

    @property
    def words(self) -> frozenset[str]:
        return frozenset(e.word for e in self.entries)


def _rows(path: Path, columns: int) -> tuple[bytes, list[tuple[int, list[str]]]]:
    if not path.is_file():
        raise ReviewError(f"{path}: missing (the reviewed lists live in wordlists/)")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ReviewError(f"{path}:{line}: not UTF-8") from None
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != columns:
            raise ReviewError(f"{path}:{number}: {len(cells)} columns, expected {columns}")
        rows.append((number, cells))
    return data, rows


def read_onair(language: str, folder: Path = REVIEW_DIR) -> Review:
    """``onair-LANG.tsv``: word, verdict, category, source, note."""
    path = folder / ONAIR_FILES[language]
    data, rows = _rows(path, 5)
    entries: list[Entry] = []
    seen: set[str] = set()
    for number, (word, verdict, category, source, note) in rows:
        where = f"{path}:{number}"
        if not WORD.fullmatch(word):
            raise ReviewError(f"{where}: {word!r} is not a word of a-z")
        if word in seen:
            raise ReviewError(f"{where}: {word!r} reviewed twice")
        if verdict not in VERDICTS:
            raise ReviewError(f"{where}: verdict {verdict!r}; allowed: {', '.join(VERDICTS)}")
        if category not in CATEGORIES[verdict]:
            allowed = ", ".join(CATEGORIES[verdict])
            raise ReviewError(f"{where}: category {category!r} for {verdict}; allowed: {allowed}")
        if source not in SOURCES:
            raise ReviewError(f"{where}: source {source!r}; allowed: {', '.join(SOURCES)}")
        if not note.strip():
            raise ReviewError(f"{where}: no note (say why)")
        seen.add(word)
        entries.append(Entry(word, verdict, category, source, note))
    return Review(path.name, tuple(entries), hashlib.sha256(data).hexdigest())


def read_added(folder: Path = REVIEW_DIR) -> Review:
    """``added-nl.tsv``: word, note (why the Dutch lists should hold it)."""
    path = folder / ADDED_FILE
    data, rows = _rows(path, 2)
    entries = []
    for number, (word, note) in rows:
        if not WORD.fullmatch(word):
            raise ReviewError(f"{path}:{number}: {word!r} is not a word of a-z")
        if not note.strip():
            raise ReviewError(f"{path}:{number}: no note (say why)")
        entries.append(Entry(word, "add", "word", "review", note))
    return Review(path.name, tuple(entries), hashlib.sha256(data).hexdigest())
