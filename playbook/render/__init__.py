"""Render a playbook for people: PDF (weasyprint), HTML and Markdown, from jinja2 templates.

The templates live in ``templates/`` (the package ``playbook.templates``). Everything here is a
pure function from a :class:`~playbook.model.Playbook` to text or bytes, except :func:`write`.
The work is done in stages, each a module that imports only those before it:

* :mod:`~playbook.render.tiles`: how feedback is drawn on a word's letters (SVG, CSS, PNG);
* :mod:`~playbook.render.layout`: a table's rows, its printed lines, columns and pages;
* :mod:`~playbook.render.views`: each group's view, the meta text, the template context;
* :mod:`~playbook.render.html`: the HTML and Markdown renderers;
* :mod:`~playbook.render.pdf`: the PDF, rendered in parts at once and joined.

The formats are listed once, in :data:`FORMATS`, which :func:`render` and :func:`write` use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from playbook.model import Playbook
from playbook.render.card import render_card
from playbook.render.html import md_escape, render_html, render_markdown
from playbook.render.layout import paginate, sort_table
from playbook.render.pdf import join_pdfs, page_count, render_pdf
from playbook.render.tiles import TILE_STYLES, legend, tile_png
from playbook.render.views import group_views

__all__ = [
    "FORMATS",
    "TILE_STYLES",
    "Format",
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
    "render_pdf",
    "sort_table",
    "tile_png",
    "write",
]


class Maker(Protocol):
    """How a format is made: the bytes, and the page count per group (empty unless paged)."""

    def __call__(
        self,
        pb: Playbook,
        *,
        tiles: str,
        reference: Playbook | None,
        comparison: Sequence[Any] | None,
        pages: Mapping[str, int] | None,
        jobs: int,
        others: Sequence[Playbook],
    ) -> tuple[bytes, dict[str, int]]: ...


@dataclasses.dataclass(frozen=True)
class Format:
    """An output format."""

    name: str
    """What :func:`render` and :func:`write` call it."""
    suffix: str
    """The file suffix of its files."""
    description: str
    make: Maker
    aliases: tuple[str, ...] = ()
    """Other names :func:`write` takes for it (as a format or a file suffix)."""
    paged: bool = False
    """It has pages: it returns the page count per group, and ``jobs`` renders it in that
    many parts at once; the others take ``pages`` (the counts of an earlier PDF) for a pages
    column in the summary."""


def _pdf(
    pb: Playbook,
    *,
    tiles: str,
    reference: Playbook | None,
    comparison: Sequence[Any] | None,
    pages: Mapping[str, int] | None,
    jobs: int,
    others: Sequence[Playbook],
) -> tuple[bytes, dict[str, int]]:
    return render_pdf(pb, tiles=tiles, reference=reference, comparison=comparison, jobs=jobs)


def _html(
    pb: Playbook,
    *,
    tiles: str,
    reference: Playbook | None,
    comparison: Sequence[Any] | None,
    pages: Mapping[str, int] | None,
    jobs: int,
    others: Sequence[Playbook],
) -> tuple[bytes, dict[str, int]]:
    text = render_html(pb, tiles=tiles, reference=reference, comparison=comparison, pages=pages)
    return text.encode("utf-8"), {}


def _md(
    pb: Playbook,
    *,
    tiles: str,
    reference: Playbook | None,
    comparison: Sequence[Any] | None,
    pages: Mapping[str, int] | None,
    jobs: int,
    others: Sequence[Playbook],
) -> tuple[bytes, dict[str, int]]:
    text = render_markdown(pb, reference=reference, comparison=comparison, pages=pages)
    return text.encode("utf-8"), {}


def _card(
    pb: Playbook,
    *,
    tiles: str,
    reference: Playbook | None,
    comparison: Sequence[Any] | None,
    pages: Mapping[str, int] | None,
    jobs: int,
    others: Sequence[Playbook],
) -> tuple[bytes, dict[str, int]]:
    return render_card(pb, others=others), {}


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("pdf", ".pdf", "A4 PDF for print, tiles as images (weasyprint)", _pdf, paged=True),
        Format("html", ".html", "one self-contained HTML page, laid out as the PDF", _html),
        Format("md", ".md", "Markdown, feedback in the o/x/. notation", _md, ("markdown",)),
        Format("card", "-card.pdf", "one A4 page: every letter's openings, to learn", _card),
    )
}
"""The formats :func:`render` and :func:`write` produce, by name."""

_ALIASES = {a: f.name for f in FORMATS.values() for a in f.aliases}


def render(
    pb: Playbook,
    fmt: str,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    jobs: int = 1,
    others: Sequence[Playbook] = (),
) -> tuple[bytes, dict[str, int]]:
    """Any format as bytes, with the page counts (empty unless ``fmt`` is pdf). ``pages``
    (the counts of an earlier PDF) adds a pages column to the HTML and Markdown summary;
    ``jobs`` renders a PDF in that many parts at once; ``others`` are playbooks of the same
    list under other rules (the card shows them side by side)."""
    spec = FORMATS.get(fmt)
    if spec is None:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    return spec.make(
        pb,
        tiles=tiles,
        reference=reference,
        comparison=comparison,
        pages=pages,
        jobs=jobs,
        others=others,
    )


def write(
    pb: Playbook,
    path: str | Path,
    fmt: str | None = None,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    jobs: int = 1,
    others: Sequence[Playbook] = (),
) -> dict[str, int]:
    """Render to a file; the format defaults to the file's suffix (``.markdown`` is md).
    Returns the page count per group (pdf only, else empty)."""
    path = Path(path)
    fmt = fmt or path.suffix.lstrip(".").lower()
    data, counts = render(
        pb,
        _ALIASES.get(fmt, fmt),
        tiles=tiles,
        reference=reference,
        comparison=comparison,
        pages=pages,
        jobs=jobs,
        others=others,
    )
    path.write_bytes(data)
    return counts
