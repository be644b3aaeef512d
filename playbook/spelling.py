"""How words are written for people: Dutch IJ as the one letter it is.

A list read with ``words.ij_to_y`` keeps IJ as the letter ``y`` inside, so every word has one
letter per tile and the search, the matrix and the playbook's tables stay five letters wide.
The playbook records how each such word is written (``words.spelled``: ``ysje: ijsje``), so
that whatever shows words to a person writes ``ijsje`` in running text, draws one IJ tile
(the ligature ``ĳ``) and accepts ``ij`` typed by a person.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

IJ = "\u0133"
"""The ligature ĳ: the IJ tile, one character wide."""

NOTE = "IJ is one letter, as on the show: one tile (ĳ); type it as ij."
"""What a legend says where the list counts IJ as one letter."""


@dataclasses.dataclass(frozen=True)
class Spelling:
    """The written form of a list's words (identity where the list changes nothing)."""

    spelled: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """How each word changed by ``ij_to_y`` is written, by its form in the list."""
    ij: bool = False
    """The list counts IJ as one letter (``y`` inside)."""

    @classmethod
    def of(cls, words_info: Mapping[str, Any]) -> Spelling:
        """The spelling a playbook's ``words`` section records."""
        spelled = words_info.get("spelled")
        return cls(
            {str(k): str(v) for k, v in spelled.items()} if isinstance(spelled, dict) else {},
            words_info.get("ij_to_y") is True,
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
        """A word typed by a person in the list's form: ``zijnen`` or ``zĳnen`` -> ``zynen``
        where the list counts IJ as one letter."""
        text = text.strip().lower()
        return text.replace("ij", "y").replace(IJ, "y") if self.ij else text

    def group(self, name: str) -> str:
        """A group's name as written: where IJ counts as one letter, the group ``y`` holds
        the words that start with IJ (and the few with a Y)."""
        return "IJ/Y" if self.ij and name == "y" else name

    @property
    def note(self) -> str:
        """The legend's line about IJ, or empty."""
        return NOTE if self.ij else ""
