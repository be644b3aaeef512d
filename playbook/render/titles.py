"""Titles of several plans told apart: where two plans of one page (its tabs) or one site
(its index) would read alike ("Lingo, 5 letters"), each gets what tells it from the others:
the list's language, its spelling, the rules in two words, hard mode, a tree or a card."""

from __future__ import annotations

from collections.abc import Sequence

from playbook.language import N_
from playbook.model import Playbook
from playbook.render import i18n
from playbook.words import list_language

SHORT_POOLS = {"all": N_("paper rules"), "revealed": N_("TV rules")}
"""The rules in two words, where two plans of one game and length need telling apart (a
game whose host reveals a letter: Lingo)."""
SPELLINGS = {"-gb": N_("British"), "-us": N_("American")}
"""The spelling of an English list, by the part of its name that says it."""
KINDS = {True: N_("best play"), False: N_("card to learn")}
HARD_MODE = N_("hard mode")
"""A whole proven tree to follow, or a card a person learns."""


def language_name(pb: Playbook, language: str) -> str | None:
    """The language of the plan's words, named in ``language`` (Babel's names: Dutch,
    Nederlands), or None where it is not known."""
    from babel import Locale

    code = list_language(pb.words)
    if code is None:
        return None
    name = Locale.parse(language).languages.get(code.split("-")[0])
    return None if name is None else name[:1].upper() + name[1:]


def distinct(names: Sequence[str], pbs: Sequence[Playbook], tr: i18n.Translator) -> list[str]:
    """``names`` (one per plan of ``pbs``) where two read alike told apart, by the list's
    language, then its spelling, the rules in two words, hard mode, a tree or a card; the
    others as they are."""

    def spelling(pb: Playbook) -> str | None:
        listed = pb.words.list
        return next((tr.gettext(v) for k, v in SPELLINGS.items() if k in listed), None)

    def rules(pb: Playbook) -> str | None:
        revealing = pb.game.record().get("revealed", "none") != "none"
        pool = pb.game.guess_pool
        return tr.gettext(SHORT_POOLS[pool]) if revealing and pool in SHORT_POOLS else None

    def hard(pb: Playbook) -> str | None:
        kept = pb.game.rules()
        return tr.gettext(HARD_MODE) if kept.get("keep_revealed") or kept.get("hard") else None

    def kind(pb: Playbook) -> str:
        tree = pb.whole_trees
        return tr.gettext(KINDS[tree])

    out = list(names)
    for extra in (lambda pb: language_name(pb, tr.language), spelling, rules, hard, kind):
        before = list(out)
        said = [extra(pb) for pb in pbs]
        for i, more in enumerate(said):
            alike = [said[j] for j, name in enumerate(before) if name == before[i]]
            # an extra is said only where it tells the plans of one name apart
            if len(alike) > 1 and more and len(set(alike)) > 1:
                out[i] = f"{before[i]}, {more}"
    return out
