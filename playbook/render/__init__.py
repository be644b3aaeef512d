"""Render a playbook for people: PDF (weasyprint), HTML and Markdown, from jinja2 templates.

The templates live in ``render/templates/`` (the package ``playbook.render.templates``).
Everything here is a pure function from a :class:`~playbook.model.Playbook` to text or bytes
(the caller writes the files: :mod:`playbook.pipeline.outputs`, whole or not at all).
The work is done in stages, each a module that imports only those before it:

* :mod:`~playbook.render.i18n`: the languages of the sheets (a gettext catalog per language);
* :mod:`~playbook.render.tiles`: how feedback is drawn on a word's letters (SVG, CSS, PNG);
* :mod:`~playbook.render.layout`: a table's rows, its printed lines, columns and pages;
* :mod:`~playbook.render.views`: each group's view, the meta text, the template context;
* :mod:`~playbook.render.html`: the HTML and Markdown renderers;
* :mod:`~playbook.render.pdf`: the PDF book, rendered in parts at once and joined;
* :mod:`~playbook.render.card`: the one-page card, the rules side by side;
* :mod:`~playbook.render.page`: the play-along page (HTML and a script that follows the
  tables), which also needs the playbook's word list (``answers``).

The formats are listed once, in :data:`FORMATS`, which :func:`render` uses;
what a format may need besides the playbook travels in one :class:`Options`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from playbook.model import Playbook
from playbook.render import i18n
from playbook.render.card import render_card
from playbook.render.html import md_escape, render_html, render_markdown
from playbook.render.i18n import LANGUAGES
from playbook.render.layout import paginate, sort_table
from playbook.render.page import check_game, check_list, render_page
from playbook.render.pdf import join_pdfs, page_count, render_pdf
from playbook.render.tiles import TILE_STYLES, legend, tile_png
from playbook.render.views import group_views
from playbook.words import WordList

__all__ = [
    "FORMATS",
    "LANGUAGES",
    "TILE_STYLES",
    "Format",
    "Options",
    "check_game",
    "group_views",
    "join_pdfs",
    "legend",
    "md_escape",
    "page_count",
    "paginate",
    "render",
    "render_card",
    "render_html",
    "render_markdown",
    "render_page",
    "render_pdf",
    "sort_table",
    "tile_png",
]


@dataclasses.dataclass(frozen=True)
class Options:
    """What a format may use besides the playbook."""

    tiles: str = "lingo"
    """Tile style (:data:`TILE_STYLES`)."""
    reference: Playbook | None = None
    """A reference playbook (the 1994 paper's), compared in an appendix."""
    comparison: Sequence[Any] | None = None
    """Ours beside the reference, per group (:class:`playbook.compare.GroupComparison`)."""
    pages: Mapping[str, int] | None = None
    """Pages per group of an earlier PDF: a pages column in the HTML and Markdown summary."""
    jobs: int = 1
    """Render a PDF in this many parts at once."""
    answers: WordList | None = None
    """The playbook's answer list, for the formats that need it (``page``)."""
    guesses: WordList | None = None
    """The playbook's guess list where it has one besides its answers (Wordle's): the page
    accepts every word of it as a guess."""
    beside: Sequence[tuple[Playbook, WordList | None, WordList | None]] = ()
    """Other plans set beside this one, each with its answers and guesses where a format
    needs them: on the card, the same list under other rules (a column each); on the
    play-along page, the other lengths of one show (a tab each)."""
    frontier: bool = False
    """The book (pdf, html, md) with the memorisation frontier measured for its list and
    rules as an appendix, where one was measured (``scripts/frontier.py``: research, shown
    only where asked)."""
    language: str = "en"
    """The language of the texts (:data:`LANGUAGES`), or ``auto``: the language of the
    playbook's word list where it is one of them, else English
    (:func:`playbook.render.i18n.choose`)."""


Maker = Callable[[Playbook, Options], tuple[bytes, dict[str, int]]]
"""How a format is made: the bytes, and the page count per group (empty unless paged)."""


@dataclasses.dataclass(frozen=True)
class Format:
    """An output format."""

    name: str
    """What :func:`render` calls it."""
    suffix: str
    """The ending of its files' names."""
    description: str
    make: Maker
    paged: bool = False
    """It has pages: it returns the page count per group, and ``jobs`` renders it in that
    many parts at once; the others take ``pages`` (the counts of an earlier PDF) for a pages
    column in the summary."""
    needs_answers: bool = False
    """It needs the playbook's word list (``answers``): each group's words in list order."""
    wants_answers: bool = False
    """It uses the playbook's word list where the playbook names one (the card: the words
    of the small groups)."""
    companions: bool = False
    """A build sets beside it the plans its folder holds for the same list under other rules
    (the card's columns). The page's tabs are other lengths of one show, each with its own
    lists: only ``render --with`` names them."""


def _pdf(pb: Playbook, o: Options) -> tuple[bytes, dict[str, int]]:
    return render_pdf(
        pb,
        tiles=o.tiles,
        reference=o.reference,
        comparison=o.comparison,
        jobs=o.jobs,
        language=o.language,
        frontier=o.frontier,
    )


def _html(pb: Playbook, o: Options) -> tuple[bytes, dict[str, int]]:
    text = render_html(
        pb,
        tiles=o.tiles,
        reference=o.reference,
        comparison=o.comparison,
        pages=o.pages,
        language=o.language,
        frontier=o.frontier,
    )
    return text.encode("utf-8"), {}


def _md(pb: Playbook, o: Options) -> tuple[bytes, dict[str, int]]:
    text = render_markdown(
        pb,
        reference=o.reference,
        comparison=o.comparison,
        pages=o.pages,
        language=o.language,
        frontier=o.frontier,
    )
    return text.encode("utf-8"), {}


def _card(pb: Playbook, o: Options) -> tuple[bytes, dict[str, int]]:
    words = check_list(pb, o.answers).words if o.answers is not None else ()
    others = [other for other, _, _ in o.beside]
    return render_card(pb, others=others, answers=words, language=o.language), {}


def _page(pb: Playbook, o: Options) -> tuple[bytes, dict[str, int]]:
    page = render_page(
        pb, o.answers, tiles=o.tiles, guesses=o.guesses, language=o.language, more=o.beside
    )
    return page.encode("utf-8"), {}


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("pdf", ".pdf", "A4 PDF book, tiles as images (weasyprint)", _pdf, paged=True),
        Format("html", ".html", "one self-contained HTML page, laid out as the PDF", _html),
        Format("md", ".md", "Markdown, feedback in the o/x/. notation", _md),
        Format(
            "card",
            "-card.pdf",
            "one A4 sheet: all a contestant must learn",
            _card,
            wants_answers=True,
            companions=True,
        ),
        Format(
            "page",
            "-play.html",
            "a play-along web page: enter the feedback, see the next move (one file, offline)",
            _page,
            needs_answers=True,
        ),
    )
}
"""The formats :func:`render` produces, by name."""


def render(
    pb: Playbook, fmt: str, options: Options | None = None, **kw: Any
) -> tuple[bytes, dict[str, int]]:
    """Any format as bytes, with the page counts (empty unless ``fmt`` is paged). The
    :class:`Options` come whole or as keywords (``tiles=``, ``jobs=``, ``language=``...)."""
    spec = FORMATS.get(fmt)
    if spec is None:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    o = dataclasses.replace(options or Options(), **kw)
    o = dataclasses.replace(o, language=i18n.choose(o.language, pb.words))
    return spec.make(pb, o)
