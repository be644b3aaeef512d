"""The closed sets of the config as StrEnums: each value a member, compared by member (a
member equals its text, so a value read from YAML and a member agree)."""

from __future__ import annotations

import enum


class Profile(enum.StrEnum):
    """What a build makes (``profile``)."""

    SIMPLE = "simple"
    """The paper's kind: fixed openings, then tables."""
    FAST = "fast"
    """Fewer turns, more to learn."""
    OPTIMAL = "optimal"
    """The exact optimum: the best play, a tree, not a card to learn."""


class Revealed(enum.StrEnum):
    """What the host reveals first (``rules.revealed``)."""

    FIRST = "first"
    NONE = "none"


class GuessPool(enum.StrEnum):
    """Which words may be guessed (``rules.guess_pool``)."""

    ALL = "all"
    """Every word of the length (the paper)."""
    REVEALED = "revealed"
    """Only those that start with the revealed letter (the TV rules)."""


class TryOrder(enum.StrEnum):
    """The order of try lists (``search.try_order``)."""

    LIST = "list"
    LIKELY = "likely"


class Device(enum.StrEnum):
    """Where the exhaustive triple search runs (``search.device``)."""

    CPU = "cpu"
    GPU = "gpu"
    AUTO = "auto"


class AnswerModel(enum.StrEnum):
    """Which words a plan must find (``words.answer_model``)."""

    ALL = "all"
    COMMON = "common"
    """The common words (a Zipf threshold, or the most common of each length)."""
    PICKS = "picks"
    """The likely picks of a show (a chance threshold)."""
    WEIGHTED = "weighted"
    """Every word, the most used tried first."""

    @property
    def part(self) -> bool:
        """A plan for a part of the list (the common words, the likely picks): a rarer word
        falls back to the words that fit, in list order."""
        return self in (AnswerModel.COMMON, AnswerModel.PICKS)

    @property
    def weighed(self) -> bool:
        """A plan measured on the words a show plays (its answers weighed)."""
        return self is not AnswerModel.ALL


class Accents(enum.StrEnum):
    """What happens to entries with letters outside a-z (``words.accents``)."""

    DROP = "drop"
    MAP = "map"
    """u-umlaut -> ue, e-acute -> e."""
    REJECT = "reject"


BY_KEY: dict[str, type[enum.StrEnum]] = {
    "profile": Profile,
    "rules.revealed": Revealed,
    "rules.guess_pool": GuessPool,
    "search.device": Device,
    "search.try_order": TryOrder,
    "words.answer_model": AnswerModel,
    "words.accents": Accents,
}
"""The config's keys whose values are a closed set: read as its members
(:mod:`playbook.config`)."""


def values_of(kind: type[enum.StrEnum]) -> tuple[str, ...]:
    """The texts a closed set allows, in order."""
    return tuple(m.value for m in kind)
