"""How words are written for people: Dutch IJ as the one letter it is.

A Dutch list counts IJ as one letter in one of two ways. With ``words.ij_letter`` (the TV
board) IJ is a letter of its own, distinct from Y, written ``ĳ`` (the ligature, one character)
inside: partij and party are two words, IJ and Y two groups. With ``words.ij_to_y`` (the 1994
paper's convention, kept to reproduce its tables) IJ is written ``y`` inside, so partij and
party are one word. Either way every word has one character per tile, and the playbook
records how each changed word is written (``words.spelled``: ``ĳsje: ijsje``), so that
whatever shows words to a person writes ``ijsje`` in running text, draws one IJ tile (the
ligature) and accepts ``ij`` typed by a person.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Protocol

from playbook.language import N_

IJ = "\u0133"
"""The ligature ĳ: the IJ tile, one character wide."""

IJ_NAME = "IJ"
"""The IJ group's name where a person reads or types it (sheets, prompts, ``--letters``,
file names): the letter as the board writes it, not the ligature, whose lowercase reads ij."""

NOTE = N_(
    "IJ is one letter, as on the show, distinct from Y: one tile (ĳ), after Z in list order; "
    "type it as ij."
)
"""What a legend says where the list counts IJ as a letter of its own."""

NOTE_Y = N_("IJ is one letter, counted as Y as in the 1994 paper: one tile (ĳ); type it as ij.")
"""What a legend says where the list writes IJ as y."""


def group_name(name: str, ij: str) -> str:
    """A group's name as a person reads it, the one label of the terminal, the book, the card
    and the page: ``IJ`` for the IJ group; where the list writes IJ as y (``ij``: ``y``), the
    group ``y`` holds the words that start with IJ and those with a Y: ``IJ/Y``."""
    if name == IJ:
        return IJ_NAME
    return "IJ/Y" if ij == "y" and name == "y" else name


class Spelled(Protocol):
    """What a playbook's ``words`` record says of how its words are written."""

    @property
    def spelled(self) -> Mapping[str, str]: ...
    @property
    def ij_letter(self) -> bool: ...
    @property
    def ij_to_y(self) -> bool | None: ...
    @property
    def ij_apart(self) -> tuple[str, ...]: ...


@dataclasses.dataclass(frozen=True)
class Spelling:
    """The written form of a list's words (identity where the list changes nothing)."""

    spelled: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """How each word changed by ``ij_to_y`` or ``ij_letter`` is written, by its form in the
    list."""
    ij: str = ""
    """The character IJ is inside: ``ĳ`` (a letter of its own), ``y`` (the paper's
    convention), or empty where the list does not count IJ as one letter."""
    apart: frozenset[str] = frozenset()
    """Words whose i and j are two letters though the list counts IJ as one (bi-jou)."""

    @classmethod
    def of(cls, words: Spelled) -> Spelling:
        """The spelling a playbook's ``words`` record says (:class:`playbook.model.Words`)."""
        ij = IJ if words.ij_letter is True else ""
        return cls(
            {str(k): str(v) for k, v in words.spelled.items()},
            "y" if words.ij_to_y is True else ij,
            frozenset(str(w) for w in words.ij_apart),
        )

    def text(self, word: str) -> str:
        """The word as written in running text: ``zijnen``."""
        return self.spelled.get(word, word)

    def tiles(self, word: str) -> str:
        """The word with one character per tile: ``zĳnen`` (IJ as the ligature)."""
        written = self.spelled.get(word)
        if written is None:
            return word
        tiles = written.replace("ij", IJ)
        return tiles if len(tiles) == len(word) else word

    def typed(self, text: str) -> str:
        """A word typed by a person in the list's form: ``zijnen`` or ``zĳnen`` -> ``zĳnen``
        (``zynen`` where the list writes IJ as y)."""
        text = text.strip().lower()
        if not self.ij or text in self.apart:
            return text
        return text.replace("ij", self.ij).replace(IJ, self.ij)

    def group(self, name: str) -> str:
        """A group's name as written (:func:`group_name`)."""
        return group_name(name, self.ij)

    @property
    def note(self) -> str:
        """The legend's line about IJ, or empty."""
        return {IJ: NOTE, "y": NOTE_Y}.get(self.ij, "")


def split_letters(text: str) -> tuple[str, ...]:
    """Group names as typed for ``--letters``: ``abc``, or ``a,b,c`` (needed for names
    longer than one character, such as hangman's word lengths). The IJ group (``ĳ``, where a
    list counts IJ as a letter of its own) is ``IJ`` or the ligature, or ``ij`` between
    commas: ``abIJ`` and ``a,b,ij`` name a, b and IJ; ``ij`` alone names i and j."""
    if "," in text:
        names = (c.strip() for c in text.split(","))
        return tuple(IJ if c.upper() == IJ_NAME else c for c in names if c)
    return tuple(c for c in text.replace(IJ_NAME, IJ) if c.strip())
