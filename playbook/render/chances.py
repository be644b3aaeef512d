"""The words a plan does not guarantee, each with its chance among the words left with it
(its trap family): at a last-turn coin flip, the likelier first. The book shows them."""

from __future__ import annotations

from collections.abc import Sequence

from playbook import words
from playbook.kinds import AnswerModel
from playbook.model import GroupPlan, Table, TryWords, Words, walk_rows
from playbook.spelling import Spelling


def _families(table: Table | None, lost: set[str]) -> list[tuple[str, ...]]:
    return [
        tuple(node.words)
        for node in (v.row.node for v in walk_rows(table))
        if isinstance(node, TryWords) and node.words is not None and lost & set(node.words)
    ]


def with_chances(
    family: Sequence[str], spell: Spelling, language: str | None, picks: bool = False
) -> list[str]:
    """A trap family's words as written, each with its chance of being the word (its share
    of the family's weight: its chance of being a show's pick under the ``picks`` model, its
    frequency, wordfreq's, under the others, where the list's language has them): at a
    last-turn coin flip, the likelier first."""
    written = [spell.text(w) for w in family]
    if language is None:
        return written
    if picks:
        weight = [max(c, 1e-6) for c in words.chance_of(written, language)]
    else:
        zipf = words.zipf_of(written, language, {})
        floor = min(words.frequencies(language).values(), default=0.0)
        weight = [10 ** max(z, floor) for z in zipf]
    total = sum(weight)
    return [f"{w} ({100 * x / total:.0f}%)" for w, x in zip(written, weight, strict=True)]


def unguaranteed_with_chances(g: GroupPlan, spell: Spelling, info: Words) -> tuple[str, ...]:
    """The words ``g`` does not guarantee, each with its chance within its trap family, by
    the model of the playbook's ``words`` section ``info``."""
    language = words.list_language(info)
    picks = info.answer_model == AnswerModel.PICKS
    lost = set(g.unguaranteed)
    shown: dict[str, str] = {}
    for family in _families(g.table, lost):
        for w, text in zip(family, with_chances(family, spell, language, picks), strict=True):
            if w in lost:
                shown.setdefault(w, text)
    return tuple(shown.get(w, spell.text(w)) for w in g.unguaranteed)
