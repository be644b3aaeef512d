"""Texts people read, in their language: what the layers below the renderers need of it.

The message catalog and the languages live with the renderers (:mod:`playbook.render.i18n`).
Below them, text is written in English, the language of the message ids, in one of two ways
that Babel extracts for the catalog: a hook that composes a text (a game's rules in a line)
takes a translator (:data:`Translate`, :func:`english` by default) and calls it ``_``; a
fixed text that is shown elsewhere (a game's notation, the legend's line about IJ) is marked
with :func:`N_` and translated where it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str], str]
"""Turns an English text (a message id) into the reader's language: a catalog's gettext."""


def english(text: str) -> str:
    """The text as written: English, the language of the message ids."""
    return text


def N_(text: str) -> str:
    """Mark ``text`` for the message catalog without translating it here: whatever shows it
    translates it."""
    return text
