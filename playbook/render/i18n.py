"""Languages of the sheets: the message catalog, a translator per language, and its
installation in the template environments.

The texts are written in English, the language of the message ids. Every other language
has one gettext catalog, ``playbook/locale/<language>/LC_MESSAGES/playbook.po``, whose ids
Babel extracts (``babel.cfg``) from the package's Python (``_``, ``ngettext``, ``N_``) and
the templates (``_``, ``ngettext``, ``pgettext``, ``{% trans %}``) into
``playbook/locale/playbook.pot``; ``bash scripts/catalog.sh`` extracts them again and merges
them into each catalog (``pybabel extract``, then ``pybabel update``), and says how many
messages are left to translate.

The ``.po`` file is read with Babel and compiled in memory, once per process and language
(:func:`translations`): one file to edit and review, and no compiled ``.mo`` that could
fall out of step with it (reading it takes a few milliseconds). A fuzzy entry is not used
(English shows instead); ``tests/test_i18n.py`` fails on one, on an untranslated message, on
a message id the catalog lacks or no code uses, and on a translation whose placeholders or
tags differ from its id's.

The renderers take a :class:`Translator` (:func:`translator`); the template environments
get its ``gettext`` and ``ngettext`` through jinja2's i18n extension (:func:`install`,
newstyle: ``_("%(n)s words", n=3)``, values escaped by the environment). The play-along page
can take a dict of the messages its script shows (:func:`messages`).
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import importlib.resources
import io
from collections.abc import Callable, Iterable
from typing import Any

import jinja2
from markupsafe import Markup

from playbook.names import AUTO as AUTO
from playbook.names import LANGUAGE_CHOICES
from playbook.names import LANGUAGES as LANGUAGES
from playbook.words import Named, list_language

CHOICES = LANGUAGE_CHOICES
"""What ``render.language`` and ``render --language`` take."""

DOMAIN = "playbook"
"""The catalog's name: ``playbook/locale/<language>/LC_MESSAGES/playbook.po``."""


def po_path(language: str) -> str:
    """Where a language's catalog lies in the package ``playbook``."""
    return f"locale/{language}/LC_MESSAGES/{DOMAIN}.po"


def catalog(language: str) -> Any:
    """The catalog of ``language`` as Babel reads it (a ``babel.messages.Catalog``)."""
    from babel.messages.pofile import read_po

    text = importlib.resources.files("playbook").joinpath(po_path(language)).read_bytes()
    return read_po(io.BytesIO(text), locale=language, domain=DOMAIN)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (English: none, the ids are the texts); fuzzy
    entries are left out."""
    if language == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog(language), use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@dataclasses.dataclass(frozen=True)
class Translator:
    """The texts of the sheets in one language."""

    language: str
    """One of :data:`LANGUAGES`."""

    def gettext(self, message: str) -> str:
        """``message`` (an English text, its id) in this language; the empty text stays
        empty (gettext would give the catalog's header)."""
        return translations(self.language).gettext(message) if message else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a message for the number ``n`` in this language."""
        return translations(self.language).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` where its ``context`` tells it apart from the same English text
        elsewhere (a short column header)."""
        return translations(self.language).pgettext(context, message) if message else message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` in a ``context``."""
        return translations(self.language).npgettext(context, singular, plural, n)

    def decimal(self, value: float, places: int = 2) -> str:
        """A number with ``places`` decimals, with this language's decimal sign (3.37 in
        English, 3,37 in Dutch)."""
        text = f"{value:.{places}f}"
        return text if self.language == "en" else text.replace(".", decimal_sign(self.language))

    def number(self, value: int) -> str:
        """A whole number with this language's grouping (2,769 in English, 2.769 in Dutch)."""
        from babel.numbers import format_decimal

        return str(format_decimal(value, locale=self.language))


@functools.cache
def decimal_sign(language: str) -> str:
    """The decimal sign of ``language`` (Babel's locale data)."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(language))


@functools.cache
def group_sign(language: str) -> str:
    """The sign between groups of three digits in ``language`` (Babel's locale data)."""
    from babel.numbers import get_group_symbol

    return str(get_group_symbol(language))


ENGLISH = Translator("en")
"""The sheets as the texts are written."""


def translator(language: str) -> Translator:
    """The :class:`Translator` of one of :data:`LANGUAGES`; another is a ValueError."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    return ENGLISH if language == "en" else Translator(language)


def choose(language: str, words: Named) -> str:
    """``language``, or for :data:`AUTO` the language of the word list a playbook's (or a
    config's) ``words`` names where it is one of :data:`LANGUAGES`, else English
    (Mastermind, a list read from a file)."""
    if language != AUTO:
        return language
    found = list_language(words)
    return found if found in LANGUAGES else "en"


def messages(language: str, ids: Iterable[str | tuple[str, str]]) -> dict[str, str | list[str]]:
    """The translations of ``ids`` (English texts, as marked with ``_`` or ``N_`` where
    Babel extracts them), for a script to show (the play-along page embeds them as JSON).
    A (singular, plural) pair gives, under its singular, the forms of the language in its
    catalog's order (English and Dutch: for 1, for any other number: :func:`plural_index`)."""
    tr = translator(language)
    out: dict[str, str | list[str]] = {}
    for m in ids:
        if isinstance(m, tuple):
            singular, plural = m
            out[singular] = [tr.ngettext(singular, plural, n) for n in (1, 2)]
        else:
            out[m] = tr.gettext(m)
    return out


def plural_index(n: int) -> int:
    """Which form of :func:`messages`' pairs a number takes in :data:`LANGUAGES` (both say
    ``n != 1``, the catalog's Plural-Forms)."""
    return 0 if n == 1 else 1


# ---------------------------------------------------------------- templates


def install(env: jinja2.Environment, tr: Translator) -> None:
    """Give an autoescaping environment (HTML) ``tr``'s gettext and ngettext: ``_()``,
    ``gettext()``, ``ngettext()``, ``pgettext()``, ``npgettext()`` and ``{% trans %}``,
    newstyle (a translation is markup, the values put in it are escaped), and the filter
    ``decimal``."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        tr.gettext, tr.ngettext, newstyle=True, pgettext=tr.pgettext, npgettext=tr.npgettext
    )
    env.filters["decimal"] = tr.decimal


def install_text(env: jinja2.Environment, tr: Translator, escape: Callable[[Any], str]) -> None:
    """Like :func:`install` for an environment that escapes values itself (Markdown, by its
    ``finalize``): a translation is returned as :class:`~markupsafe.Markup`, so that the
    environment leaves it as written, and the values put in it are escaped by ``escape``
    (numbers are left as they are, for ``%d``)."""
    env.add_extension("jinja2.ext.i18n")

    def value(v: Any) -> Any:
        return v if isinstance(v, int | float | Markup) else Markup(escape(v))

    def gettext_(message: str, **variables: Any) -> Markup:
        return Markup(tr.gettext(message)) % {k: value(v) for k, v in variables.items()}

    def ngettext_(singular: str, plural: str, num: int, **variables: Any) -> Markup:
        variables.setdefault("num", num)
        text = Markup(tr.ngettext(singular, plural, num))
        return text % {k: value(v) for k, v in variables.items()}

    def pgettext_(context: str, message: str, **variables: Any) -> Markup:
        return Markup(tr.pgettext(context, message)) % {k: value(v) for k, v in variables.items()}

    env.newstyle_gettext = True  # type: ignore[attr-defined]
    env.globals.update(gettext=gettext_, ngettext=ngettext_, pgettext=pgettext_)
    env.filters["decimal"] = tr.decimal
