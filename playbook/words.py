"""Word lists: the bundled lists (with provenance) and user files, normalised as configured."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import NamedTuple, Protocol

from playbook import values
from playbook.errors import WordListError
from playbook.io import safe_yaml
from playbook.kinds import Accents, values_of
from playbook.spelling import IJ

MAX_WORDLIST_BYTES = 64 * 1024 * 1024


@dataclasses.dataclass(frozen=True)
class WordList:
    """A normalised word list, in the order given by its source (sorted, deduplicated)."""

    name: str
    """Bundled list name or the file's path."""
    words: tuple[str, ...]
    """The words, lowercase a-z (and the letter IJ, ``ĳ``, where the list counts it as one
    letter of its own), all of one length."""
    sha256: str
    """sha256 of the words joined by newlines (with a final newline)."""
    dropped: tuple[tuple[str, int, str], ...] = ()
    """(reason, count, first example) for every kind of entry that normalisation dropped."""
    spelled: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """How words changed by ``ij_to_y`` or ``ij_letter`` are written: ``ysje`` (or ``ĳsje``)
    -> ``ijsje``."""

    def __len__(self) -> int:
        return len(self.words)


class Normalised(NamedTuple):
    """What :func:`normalise` keeps and drops."""

    words: tuple[str, ...]
    """The sorted distinct words."""
    dropped: tuple[tuple[str, int, str], ...]
    """(reason, count, first example) per kind of entry dropped."""
    spelled: dict[str, str]
    """How each word that ``ij_to_y`` or ``ij_letter`` changed is written (the first entry
    that gave it)."""


def words_sha256(words: tuple[str, ...] | list[str]) -> str:
    """The checksum a playbook records for its word list."""
    return hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest()


def bundled_names() -> list[str]:
    """Names of the lists that ship with the package."""
    return sorted(str(r["name"]) for r in _manifest())


def _manifest() -> list[dict[str, object]]:
    records = _extras()["lists"]
    assert isinstance(records, list)
    return records


def bundled_record(name: str) -> dict[str, object]:
    """The manifest record (source, count, sha256, licence) of a bundled list."""
    for r in _manifest():
        if r["name"] == name:
            return r
    raise WordListError(
        f"unknown bundled word list {name!r}; allowed: {', '.join(bundled_names())} "
        "or a path to a file"
    )


class Named(Protocol):
    """What names a list and how it counts IJ: a config's ``words`` section, or a
    playbook's (:class:`playbook.model.Words`)."""

    @property
    def list(self) -> str: ...
    @property
    def ij_letter(self) -> bool: ...
    @property
    def ij_to_y(self) -> bool | None: ...


def list_language(words: Named) -> str | None:
    """The language of the words of a playbook's ``words`` (or a config's): a bundled list's
    from its manifest record (``language``); a list read from a file is Dutch where IJ is
    counted as one letter (``ij_letter`` or ``ij_to_y``), else unknown (None)."""
    for r in _manifest():
        if r["name"] == words.list and isinstance(r.get("language"), str):
            return str(r["language"])
    return "nl" if words.ij_letter or words.ij_to_y else None


@functools.cache
def _extras() -> dict[str, object]:
    """The bundled lists' manifest, read once (its records, frequencies, answer models):
    a player made for each word that leaves a tree asks whether the list has a model."""
    text = resources.files("playbook.data.wordlists").joinpath("manifest.json").read_text()
    extras: dict[str, object] = json.loads(text)
    return extras


@functools.cache
def frequencies(language: str) -> Mapping[str, float]:
    """Each word's Zipf frequency in ``language`` (``nl``, ``en``) as the derivation recorded
    it from wordfreq (log10 of its uses per billion words: tafel 4.83); a word of the
    bundled lists that is missing has no measurable frequency."""
    freq = _extras()["frequencies"]
    assert isinstance(freq, dict)
    record = freq.get(language)
    if not isinstance(record, dict):
        raise WordListError(
            f"no word frequencies for language {language!r}; known: {', '.join(sorted(freq))}"
        )
    text = resources.files("playbook.data.wordlists").joinpath(str(record["file"])).read_text()
    out: dict[str, float] = {}
    for line in text.splitlines():
        word, zipf = line.split(" ")
        out[word] = float(zipf)
    return out


CHANCE_SCALE = 100_000
"""The chances files' precision (five decimals): a chance times this is a whole number, so
sums and orders of chances so scaled are exact (the widening's weights, the page's data)."""


@functools.cache
def chances(language: str) -> Mapping[str, float]:
    """Each word's chance of being the word a show picks (the ``picks`` answer model), as the
    derivation fitted it on words editors really picked and recorded it for every word of the
    bundled lists of ``language`` (``nl``, ``en``); the model itself: :func:`answer_model`."""
    record = answer_model(language)
    text = resources.files("playbook.data.wordlists").joinpath(str(record["file"])).read_text()
    out: dict[str, float] = {}
    for line in text.splitlines():
        word, chance = line.split(" ")
        out[word] = float(chance)
    return out


def answer_model(language: str) -> Mapping[str, object]:
    """The manifest's record of a language's answer model: its features, coefficients,
    intercept and the list it was fitted on (``playbook lists`` shows it)."""
    models = _extras().get("answer_model")
    record = models.get(language) if isinstance(models, dict) else None
    if not isinstance(record, dict):
        known = ", ".join(sorted(models)) if isinstance(models, dict) else "none"
        raise WordListError(f"no answer model for language {language!r}; known: {known}")
    return record


def has_answer_model(language: str | None) -> bool:
    """Whether the bundled lists of ``language`` have an answer model (None: a list of no
    known language)."""
    models = _extras().get("answer_model")
    return language is not None and isinstance(models, dict) and language in models


def chance_of(words: Sequence[str], language: str) -> list[float]:
    """The chance of each word (0.0: a word the bundled lists do not hold), looked up as the
    board spells it (``ĳ`` as ij)."""
    table = chances(language)
    return [table.get(w.replace(IJ, "ij"), 0.0) for w in words]


@functools.cache
def ij_apart() -> frozenset[str]:
    """Dutch words whose i and j fall in two syllables (bi-jou): two letters even where a
    list counts IJ as one (from Dutch hyphenation patterns and a reviewed list)."""
    record = _extras()["ij_apart"]
    assert isinstance(record, dict)
    text = resources.files("playbook.data.wordlists").joinpath(str(record["file"])).read_text()
    return frozenset(text.split())


def zipf_of(words: Sequence[str], language: str, spelled: Mapping[str, str]) -> list[float]:
    """The Zipf frequency of each word (0.0: none measurable), looked up as it is written
    (``ĳsje`` as ijsje; a word the list wrote otherwise, as ``spelled`` says)."""
    table = frequencies(language)
    return [table.get(spelled.get(w, w).replace(IJ, "ij"), 0.0) for w in words]


def common_words(
    words: Sequence[str],
    zipf: Sequence[float],
    *,
    min_zipf: float | None,
    most_common: int | None,
) -> tuple[str, ...]:
    """The words of the common model, in list order: those at least ``min_zipf``, or the
    ``most_common`` of each length (most frequent first, ties in list order)."""
    if most_common is None:
        least = 0.0 if min_zipf is None else min_zipf
        return tuple(w for w, z in zip(words, zipf, strict=True) if z >= least and z > 0)
    by_length: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        if zipf[i] > 0:
            by_length.setdefault(len(w), []).append(i)
    keep: set[int] = set()
    for idx in by_length.values():
        keep.update(sorted(idx, key=lambda i: (-zipf[i], i))[:most_common])
    return tuple(words[i] for i in sorted(keep))


def _read_bundled(name: str) -> tuple[str, list[str]]:
    record = bundled_record(name)
    text = resources.files("playbook.data.wordlists").joinpath(str(record["file"])).read_text()
    return name, text.splitlines()


def _read_file(path: Path) -> tuple[str, list[str]]:
    data = safe_yaml.read_user_file(path, MAX_WORDLIST_BYTES, "word list", WordListError)
    if b"\x00" in data:
        raise WordListError(f"{path}: binary file (NUL byte); expected UTF-8 text, one word a line")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise WordListError(f"{path}:{line}: not UTF-8 text; expected one word a line") from None
    return str(path), text.splitlines()


ACCENTS = values_of(Accents)
"""What ``accents`` may say of entries with letters outside a-z."""

ACCENT_MAP = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"}
"""Replacements applied before stripping accents when ``accents: map`` is chosen."""


def normalise(
    entries: list[str],
    *,
    length: int,
    ij_to_y: bool = False,
    ij_letter: bool = False,
    lowercase: bool = False,
    accents: str = "drop",
    max_length: int | None = None,
    apart: Collection[str] = (),
) -> Normalised:
    """Keep the entries that are ``length`` letters a-z after normalisation.

    ``accents``: ``drop`` (skip words with any letter outside a-z), ``map`` (ue for u-umlaut,
    e for e-acute, ...), or ``reject`` (a word with an accent is an error; raised by the caller
    from the returned reason ``accent``). Returns the sorted distinct words, the reasons for
    dropped entries, and how the words that ``ij_to_y`` changed are written.

    ``ij_to_y`` writes Dutch IJ as ``y`` (the 1994 paper's convention: partij and party become
    one word); ``ij_letter`` keeps it as the letter of its own that it is on the TV board,
    distinct from Y, written ``ĳ`` inside (an entry typed with the ligature is the same word),
    but for the words ``apart`` (bijou: i and j in two syllables, two letters).
    """
    if ij_to_y and ij_letter:
        raise WordListError("ij_to_y and ij_letter: IJ is either y or a letter of its own")
    kept: set[str] = set()
    spelled: dict[str, str] = {}
    counts: dict[str, int] = {}
    examples: dict[str, str] = {}

    def drop(reason: str, example: str) -> None:
        counts[reason] = counts.get(reason, 0) + 1
        examples.setdefault(reason, example)

    for raw in entries:
        # one form for one spelling: an accent typed as a letter and a combining mark (NFD,
        # as some editors save) is the same word
        w = unicodedata.normalize("NFC", raw.strip())
        if not w or w.startswith("#"):
            continue
        if lowercase:
            w = w.lower()
        if accents == Accents.MAP and not w.isascii():
            # only accents come off: a letter of another script stays, and the word is
            # dropped below (deleting it would make another word)
            mapped = unicodedata.normalize("NFKD", "".join(ACCENT_MAP.get(ch, ch) for ch in w))
            bare = "".join(ch for ch in mapped if not unicodedata.combining(ch))
            w = bare if bare.isascii() else w
        written = w.replace(IJ, "ij") if ij_letter else w
        if ij_to_y:
            w = w.replace("ij", "y")
        if ij_letter:
            w = written if written in apart else written.replace("ij", IJ)
        plain = w.replace(IJ, "") if ij_letter else w
        if not (w and (not plain or (plain.isascii() and plain.isalpha() and plain.islower()))):
            if not plain.isascii():
                odd = [c for c in plain if not c.isascii()]
                drop("accent" if all(c.isalpha() for c in odd) else "not a-z", raw.strip())
            elif any(c.isupper() for c in w):
                drop("uppercase", raw.strip())
            else:
                drop("not a-z", raw.strip())
            continue
        if not length <= len(w) <= (max_length or length):
            drop("wrong length", raw.strip())
            continue
        if w in kept:
            drop("duplicate", raw.strip())
            continue
        kept.add(w)
        if w != written:
            spelled[w] = written
    dropped = tuple((k, n, examples[k]) for k, n in sorted(counts.items()))
    return Normalised(tuple(sorted(kept)), dropped, spelled)


def load(
    source: str,
    *,
    length: int,
    ij_to_y: bool = False,
    ij_letter: bool = False,
    lowercase: bool = False,
    accents: str = "drop",
    max_length: int | None = None,
    base: Path | None = None,
) -> WordList:
    """Load a bundled list by name, or a file (relative to ``base``), and normalise it. A
    bare bundled name is always the bundled list: a file of that name beside a config or a
    playbook never shadows it (to mean the file, write ``./name``)."""
    if accents not in ACCENTS:
        raise WordListError(f"accents: {accents!r}; allowed: {', '.join(ACCENTS)}")
    for key, value in (("length", length), ("max_length", max_length)):
        if value is not None and (why := values.refusal(value, int)) is not None:
            raise WordListError(f"{key}: {why}")
    beside = base is not None and source not in bundled_names() and (base / source).exists()
    form = _Form(length, ij_to_y, ij_letter, lowercase, Accents(accents), max_length)
    if "/" in source or source.endswith(".txt") or beside:
        path = Path(source)
        if not path.is_absolute() and base is not None:
            path = base / path
        return _normalised(*_read_file(path), form)
    return _bundled(source, form)


class _Form(NamedTuple):
    """How :func:`load` makes words of a list's entries (its settings, as one value)."""

    length: int
    ij_to_y: bool
    ij_letter: bool
    lowercase: bool
    accents: Accents
    max_length: int | None


@functools.lru_cache(maxsize=32)
def _bundled(source: str, form: _Form) -> WordList:
    """A bundled list read and normalised once per process for each form (the package's
    files do not change under it): a playbook's session, a build, a page and a site each
    asked for it again, 423 times in the page's, the hostile inputs' and the shipped plans'
    tests."""
    return _normalised(*_read_bundled(source), form)


def _normalised(name: str, entries: list[str], form: _Form) -> WordList:
    """The entries of the list ``name`` normalised (:func:`normalise`) as a word list, or the
    one-line refusal of a list it leaves empty (or with accents, where they are refused)."""
    length, max_length = form.length, form.max_length
    words, dropped, spelled = normalise(
        entries,
        length=length,
        ij_to_y=form.ij_to_y,
        ij_letter=form.ij_letter,
        lowercase=form.lowercase,
        accents=form.accents,
        max_length=max_length,
        apart=ij_apart() if form.ij_letter else (),
    )
    if form.accents == Accents.REJECT:
        for reason, count, example in dropped:
            if reason == "accent":
                line = next(i for i, e in enumerate(entries, 1) if e.strip() == example)
                raise WordListError(
                    f"{name}:{line}: {example!r} has letters outside a-z ({count} such "
                    "entries); set words.accents to 'map' or 'drop' to accept the list"
                )
    if not words:
        span = f"{length} to {max_length}" if max_length else f"{length}"
        raise WordListError(f"{name}: no words of {span} letters a-z in the list")
    return WordList(name, words, words_sha256(words), dropped, spelled)
