"""A playbook's word lists as one frozen record (:class:`Words`): the settings it was built with
(those of the config's ``words`` section) and what was measured of the lists (their counts
and checksums, the words written otherwise). Read by field; written as the file's ``words``
section (:meth:`Words.to_dict`), the keys in one order, each only where it says something.

:class:`ListSettings` is what the config's section and this record share: the settings that
name and normalise a list and choose its answers, which loading a list reads
(:func:`playbook.pipeline.session.load_lists`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from playbook.kinds import Accents, AnswerModel

__all__ = ["ListSettings", "Words"]


class ListSettings(Protocol):
    """The settings of a word list that the config's ``words`` section and a playbook's share
    (None: the playbook does not say; the list's own default then)."""

    @property
    def list(self) -> str: ...
    @property
    def answers(self) -> str | None: ...
    @property
    def answer_model(self) -> AnswerModel | str: ...
    @property
    def min_zipf(self) -> float | None: ...
    @property
    def most_common(self) -> int | None: ...
    @property
    def min_chance(self) -> float | None: ...
    @property
    def play_chance(self) -> float | None: ...
    @property
    def length(self) -> int | None: ...
    @property
    def max_length(self) -> int | None: ...
    @property
    def ij_to_y(self) -> bool | None: ...
    @property
    def ij_letter(self) -> bool: ...
    @property
    def lowercase(self) -> bool | None: ...
    @property
    def accents(self) -> Accents | str | None: ...


def _kind(kind: type[Accents] | type[AnswerModel], value: Any) -> Any:
    """``value`` as a member of ``kind`` where it is one (else as it is: who uses it refuses
    it in one line)."""
    return kind(value) if isinstance(value, str) and value in kind._value2member_map_ else value


@dataclasses.dataclass(frozen=True)
class Words:
    """A playbook's word lists: how they were named and normalised, which words are the
    answers, and what was measured of them. None: the file does not say."""

    list: str = ""
    """The word list: a bundled list's name, a file's path, or ``generated`` (the game
    makes its codes)."""
    length: int | None = None
    ij_to_y: bool | None = None
    lowercase: bool | None = None
    accents: Accents | str | None = None
    count: int | None = None
    """The words of the list."""
    sha256: str | None = None
    """The list's checksum (:func:`playbook.words.words_sha256`)."""
    ij_letter: bool = False
    max_length: int | None = None
    spelled: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Words written otherwise than inside (Dutch IJ), word: written form."""
    ij_apart: tuple[str, ...] = ()
    """Words with an i and a j that are two letters though the list counts IJ as one."""
    answers: str | None = None
    """A list of answers of its own (its name or path)."""
    answer_model: AnswerModel | str = AnswerModel.ALL
    most_common: int | None = None
    min_zipf: float | None = None
    min_chance: float | None = None
    play_chance: float | None = None
    answers_count: int | None = None
    answers_sha256: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "answer_model", _kind(AnswerModel, self.answer_model))
        object.__setattr__(self, "accents", _kind(Accents, self.accents))
        object.__setattr__(self, "spelled", dict(self.spelled))
        object.__setattr__(self, "ij_apart", tuple(self.ij_apart))

    @classmethod
    def of(cls, section: Mapping[str, Any]) -> Words:
        """The record of a file's ``words`` section (its keys checked by the reader:
        :data:`playbook.model.WORDS_KEYS`)."""
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in section.items() if k in known and v is not None})

    def to_dict(self) -> dict[str, Any]:
        """The file's ``words`` section: every key that says something, in one order."""
        out: dict[str, Any] = {"list": self.list}
        for key in ("length", "ij_to_y", "lowercase", "accents", "count", "sha256"):
            if (value := getattr(self, key)) is not None:
                out[key] = str(value) if key == "accents" else value
        if self.ij_letter:
            out["ij_letter"] = True
        if self.max_length is not None:
            out["max_length"] = self.max_length
        if self.spelled:
            out["spelled"] = dict(self.spelled)
        if self.ij_apart:
            out["ij_apart"] = list(self.ij_apart)
        if self.answers is not None:
            out["answers"] = self.answers
        if self.answer_model != AnswerModel.ALL:
            out["answer_model"] = str(self.answer_model)
        rest = ("most_common", "min_zipf", "min_chance", "play_chance", "answers_count")
        for key in (*rest, "answers_sha256"):
            if (value := getattr(self, key)) is not None:
                out[key] = value
        return out

    @property
    def model(self) -> AnswerModel | None:
        """The answer model (None: one this version does not know, refused where used)."""
        value = self.answer_model
        return value if isinstance(value, AnswerModel) else None

    @property
    def part(self) -> bool:
        """A plan for a part of the list (the common words, the likely picks), or for a list
        of answers of its own: the list's other words are not its answers."""
        return bool(self.answers) or (self.model is not None and self.model.part)
