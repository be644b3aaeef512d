"""Texts people read, in their language: what the layers below the renderers need of it.

The message catalog and the languages live with the renderers (:mod:`playbook.render.i18n`).
Below them, text is written in English, the language of the message ids, in one of two ways
that Babel extracts for the catalog: a hook that composes a text (a game's rules in a line)
takes a translator (:data:`Translate`, :func:`english` by default) and calls it ``_``; a
fixed text that is shown elsewhere (a game's notation, the legend's line about IJ) is marked
with :func:`N_` and translated where it is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

Translate = Callable[[str], str]
"""Turns an English text (a message id) into the reader's language: a catalog's gettext."""


def english(text: str) -> str:
    """The text as written: English, the language of the message ids."""
    return text


def N_(text: str) -> str:
    """Mark ``text`` for the message catalog without translating it here: whatever shows it
    translates it."""
    return text


class Texts(Protocol):
    """What a conversation in the reader's language needs (``play``'s assistant): a catalog's
    gettext and ngettext, and numbers with the language's decimal sign. The renderers'
    ``Translator`` is one; :data:`ENGLISH` is the texts as written."""

    @property
    def language(self) -> str: ...

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def decimal(self, value: float, places: int = 2) -> str: ...


@dataclasses.dataclass(frozen=True)
class _English:
    """The texts as written (English, the language of the message ids)."""

    language: str = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def decimal(self, value: float, places: int = 2) -> str:
        return f"{value:.{places}f}"


ENGLISH: Texts = _English()
"""English, for a conversation that is given no other language."""
