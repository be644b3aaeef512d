"""PDF: the HTML of the playbook laid out by weasyprint, in parts at once, joined by pikepdf.

Page numbers come from the layout model (:func:`playbook.render.layout.paginate`); should
weasyprint lay the pages out otherwise, the PDF is numbered as it was laid out and rendered
again. weasyprint lays a document out in one thread, so a long playbook is rendered in parts,
runs of pages, at once (:func:`playbook.parallel.run`) and joined (:func:`join_pdfs`) with its
links and bookmarks.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from playbook import parallel
from playbook.model import Playbook
from playbook.render.html import html_env
from playbook.render.layout import PageView
from playbook.render.tiles import TILE_STYLES, tile_png
from playbook.render.views import GroupView, context, numbering

if TYPE_CHECKING:
    import pikepdf


def url_fetcher() -> Any:
    """Serve the tile images (``tile:STYLE-PATTERN``) and inline ``data:`` URLs; refuse
    anything else, so a playbook's content never makes weasyprint read a file or the
    network."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class Fetcher(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            if url.startswith("tile:"):
                style, _, pattern = url[5:].partition("-")
                if style in TILE_STYLES and 0 < len(pattern) <= 32 and set(pattern) <= set("012"):
                    return URLFetcherResponse(
                        url, tile_png(style, pattern), {"Content-Type": "image/png"}
                    )
            elif url.startswith("data:"):
                return super().fetch(url, headers)
            raise ValueError(f"resource refused: {url[:40]}")

    return Fetcher(allowed_protocols=["data"])


def page_count(data: bytes) -> int:
    """The number of pages of a PDF."""
    import pikepdf

    with pikepdf.Pdf.open(io.BytesIO(data)) as pdf:
        return len(pdf.pages)


def page_counts(anchors: Sequence[Iterable[str]], views: Sequence[GroupView]) -> dict[str, int]:
    """Pages each group's section appears on, from the anchors on each page of a PDF."""
    where: dict[str, int] = {}
    for i, names in enumerate(anchors):
        for a in names:
            where.setdefault(a, i)
    out = {}
    for v in views:
        start, end = where.get(v.anchor), where.get(v.anchor + "-end")
        out[v.group] = 0 if start is None or end is None else end - start + 1
    return out


def pdf_of_html(html: str) -> tuple[bytes, list[list[str]]]:
    """A PDF of the HTML (weasyprint), and the anchors on each of its pages."""
    from weasyprint import HTML

    document = HTML(string=html, url_fetcher=url_fetcher()).render()
    return document.write_pdf(), [sorted(p.anchors) for p in document.pages]


SPLIT_MIN_PAGES = 8
"""Fewer table pages than this are rendered in one piece whatever the jobs."""
PARTS_PER_JOB = 1
"""Parts per job. Each part costs about a second more than its pages (fonts subset again,
a first layout in a fresh worker), and runs cut by lines of table (``_parts``) take about
equal time: one part per job renders the default playbook fastest (10.4 s for two parts on
two workers, 11.7 s for four, 16.7 s whole)."""


def _parts(pages: Sequence[PageView], n: int) -> list[tuple[int, int]]:
    """Cut the pages into ``n`` runs of about equal work (lines), the first one lighter: it
    also lays out the cover."""
    work = [1 + sum(len(col) for c in p.chunks for col in c.columns) for p in pages]
    cover = 3 * sum(work) / max(1, len(work))  # the cover costs about three pages
    total = sum(work) + cover
    cuts, acc, k = [], cover, 1
    for i, w in enumerate(work):
        if k < n and i > 0 and acc >= total * k / n:  # the first run has a page
            cuts.append(i)
            k += 1
        acc += w
    bounds = [0, *cuts, len(pages)]
    return [(bounds[j], bounds[j + 1]) for j in range(len(bounds) - 1) if bounds[j + 1] > bounds[j]]


def render_pdf(
    pb: Playbook,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    jobs: int = 1,
    language: str = "en",
    frontier: bool = False,
) -> tuple[bytes, dict[str, int]]:
    """The playbook as an A4 PDF, and the number of pages each group appears on.

    Small groups share pages, so a shared page counts for each group on it; the cover
    is not counted. With ``jobs`` > 1 the pages are rendered in that many parts at once
    (weasyprint lays a document out in one thread) and joined: the same pages, numbers,
    links and bookmarks. The texts are in ``language``; ``frontier``: the appendix of the
    memorisation frontier, where one was measured for its list and rules.
    """
    ctx = context(
        pb,
        tiles=tiles,
        reference=reference,
        comparison=comparison,
        pdf=True,
        language=language,
        frontier=frontier,
    )
    pages = ctx["pages"]
    n = min(jobs, len(pages) // (SPLIT_MIN_PAGES // 2)) if len(pages) >= SPLIT_MIN_PAGES else 1
    runs = _parts(pages, n * PARTS_PER_JOB) if n > 1 else [(0, len(pages))]
    # page numbers come from the layout model; should weasyprint lay the pages out otherwise
    # (a cover longer than a page, a table running past its page), number them as it did and
    # render again
    plan = numbering(pages, runs, ctx["after_pages"])
    for _ in range(3):
        parts, anchors = _render_runs(ctx, runs, plan, jobs)
        found = numbering_found(anchors, [len(a) for _, a in parts], plan["toc"])
        if found == plan:
            break
        plan = found
    data = parts[0][0] if len(parts) == 1 else join_pdfs([d for d, _ in parts])
    return data, page_counts(anchors, ctx["groups"])


def _render_runs(
    ctx: dict[str, Any],
    runs: Sequence[tuple[int, int]],
    plan: dict[str, Any],
    jobs: int,
) -> tuple[list[tuple[bytes, list[list[str]]]], list[list[str]]]:
    """PDFs of the runs of pages, made at once (the first with the cover), and the anchors on
    each of their pages in order (the first part's stand-ins left out); ``plan`` numbers
    the pages (:func:`playbook.render.views.numbering`)."""
    template = html_env(ctx["language"]).get_template("playbook.html.j2")
    pages = ctx["pages"]
    stubs: list[str] = []
    if len(runs) > 1:
        lo, hi = runs[0]
        inside = {c.group.anchor for p in pages[lo:hi] for c in p.chunks if c.first}
        # the cover links to every group: stand-ins for those rendered in other parts
        stubs = [g.anchor for g in ctx["groups"] if g.anchor not in inside]
    htmls = [
        template.render(
            {
                **ctx,
                "page_total": plan["page_total"],
                "toc": plan["toc"],
                "page_start": plan["starts"][j],
                "cover": j == 0,
                "appendix": j == len(runs) - 1,
                "stubs": stubs if j == 0 else [],
                "pages": pages[lo:hi],
            }
        )
        for j, (lo, hi) in enumerate(runs)
    ]
    parts = parallel.run(pdf_of_html, [(h,) for h in htmls], max(1, len(htmls) // PARTS_PER_JOB))
    skip = set(stubs)
    anchors = [
        [a for a in names if j or a not in skip]
        for j, (_, part) in enumerate(parts)
        for names in part
    ]
    return parts, anchors


Bookmark = tuple[str, int, float, float, list[Any]]
"""A bookmark: title, page (of the joined PDF), left, top, children."""


def _bookmarks(src: pikepdf.Pdf, index: Mapping[tuple[int, int], int], base: int) -> list[Bookmark]:
    """The bookmarks of a part (``index``: its pages by object id), pages counted from
    ``base``."""

    def walk(items: Iterable[Any]) -> list[Bookmark]:
        out = []
        for it in items:
            dest = it.destination
            page = index.get(dest[0].objgen, 0) if dest is not None else 0
            left = float(dest[2]) if dest is not None and len(dest) > 3 else 0.0
            top = float(dest[3]) if dest is not None and len(dest) > 3 else 0.0
            out.append((str(it.title), base + page, left, top, walk(it.children)))
        return out

    with src.open_outline() as outline:
        return walk(outline.root)


def _bookmark(b: Bookmark) -> pikepdf.OutlineItem:
    import pikepdf

    title, page, left, top, children = b
    item = pikepdf.OutlineItem(title, page, pikepdf.PageLocation.XYZ, left=left, top=top, zoom=0)
    item.children.extend(_bookmark(c) for c in children)
    return item


def _named_dests(pdf: pikepdf.Pdf) -> list[tuple[str, pikepdf.Object]]:
    """The named destinations of a PDF as weasyprint writes them: one flat array of names
    and destinations in the catalog's /Names /Dests."""
    names = pdf.Root.get("/Names")
    dests = names.get("/Dests") if names is not None else None
    flat = dests.get("/Names") if dests is not None else None
    if flat is None:
        return []
    return [(str(flat[k]), flat[k + 1]) for k in range(0, len(flat), 2)]


def join_pdfs(parts: Sequence[bytes]) -> bytes:
    """One PDF of the parts' pages in order (pikepdf), with the links between them: named
    destinations from the parts (the first part's stand-ins replaced by the real ones) and
    bookmarks like those weasyprint makes for a whole document."""
    import pikepdf

    out = pikepdf.Pdf.new()
    dests: dict[str, list[Any]] = {}
    srcs = [pikepdf.Pdf.open(io.BytesIO(b)) for b in parts]
    items = []
    for src in srcs:
        base = len(out.pages)
        index = {p.obj.objgen: i for i, p in enumerate(src.pages)}
        items.append(_bookmarks(src, index, base))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # named destinations are rebuilt below
            out.pages.extend(src.pages)
        for name, dest in _named_dests(src):
            page = index.get(dest[0].objgen)
            if page is not None:
                dests[name] = [out.pages[base + page].obj, *list(dest)[1:]]
    flat = pikepdf.Array()
    for name in sorted(dests):
        flat.append(pikepdf.String(name))
        flat.append(pikepdf.Array(dests[name]))
    out.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=flat))
    # bookmarks: the first part's (the document's title over the cover's headings and its
    # groups), with the other parts' groups added under the title
    with out.open_outline() as outline:
        roots = [_bookmark(b) for b in items[0]]
        for more in items[1:]:
            kids = [_bookmark(b) for b in more]
            (roots[-1].children if roots else roots).extend(kids)
        outline.root.extend(roots)
    for key, value in srcs[0].docinfo.items():
        out.docinfo[key] = value
    buf = io.BytesIO()
    out.save(buf, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return buf.getvalue()


def numbering_found(
    anchors: Sequence[Sequence[str]], counts: Sequence[int], starts: Iterable[str]
) -> dict[str, Any]:
    """Page numbers as a rendering laid the pages out: ``anchors`` on each of its pages (the
    parts' pages in order), ``counts`` pages per part; the contents give the pages of the
    anchors ``starts`` (where the groups start)."""
    toc: dict[str, int] = {}
    for i, names in enumerate(anchors):
        for a in names:
            toc.setdefault(a, i + 1)
    toc = {a: toc[a] for a in starts if a in toc}
    return {"page_total": len(anchors), "toc": toc, "starts": _starts(counts)}


def _starts(counts: Sequence[int]) -> list[int]:
    out, at = [], 1
    for n in counts:
        out.append(at)
        at += n
    return out
