"""Views: what the templates show of a playbook.

Each group's view (:func:`group_views`: its facts, chart and rows, laid out in lines for
print), the document's meta text, page numbers, and the context the templates render
(:func:`context`).

What is particular to the game comes from its hooks (the class the playbook's rules name):
the rules in one line (:meth:`Game.describe`) and the label of a group
(:meth:`Game.group_label`). Every text is written through a
:class:`~playbook.render.i18n.Translator` (English by default).
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib.resources
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from playbook import __version__
from playbook.language import N_
from playbook.model import GroupPlan, Method, Playbook, rules_sha256
from playbook.render import chances, frontier, i18n
from playbook.render.i18n import ENGLISH, Translator
from playbook.render.layout import (
    CHART_LINE,
    DOUBT,
    FACT_LINE,
    FACTS_WIDTH,
    FLOW_ROWS,
    HEAD_GAP,
    LINE,
    TEXT_CHAR,
    Line,
    Look,
    PageView,
    RowView,
    choose_columns,
    column_width,
    flatten,
    paginate,
    row_views,
)
from playbook.render.tiles import TILE_STYLES, layer_style, legend, tile_css
from playbook.spelling import Spelling

METHODS = {
    Method.TRIVIAL: N_("no search needed"),
    Method.EXHAUSTIVE: N_("exhaustive search"),
    Method.HILL_CLIMBING: N_("hill-climbing search"),
    Method.REFERENCE: N_("from the reference"),
    Method.LOOKAHEAD: N_("lookahead search"),
    Method.SWAPPED: N_("hill-climbing, one opening swapped for a first move of the exact search"),
}
"""How each way of finding the openings reads in print (translated where shown)."""


# ---------------------------------------------------------------- groups


def _proof(g: GroupPlan, tr: Translator) -> str:
    """What exhaustive search proves about a group's openings, as a bracketed phrase."""
    if g.proven_none:
        target = g.notes["exhaustive_triples"]["target"]
        proof = tr.ngettext(
            "(exhaustive search proves that no three openings leave at most {target} words:"
            " the exception moves are needed)",
            "(exhaustive search proves that no three openings leave at most {target} words:"
            " the exception moves are needed)",
            target,
        )
        return " " + proof.format(target=target)
    return " " + tr.gettext("(proven best)") if g.proven else ""


@dataclasses.dataclass
class Bar:
    label: str
    count: int
    share: float
    """Fraction of the largest bar, 0 to 1."""


@dataclasses.dataclass
class GroupView:
    index: int
    group: str
    label: str
    anchor: str
    words: int
    openings: tuple[str, ...]
    largest: int
    method: str
    proven: bool
    proof: str
    """What exhaustive search proves, as a bracketed phrase (or empty)."""
    average: str
    worst: str
    failures: int
    bars: list[Bar]
    exceptions: int
    rows: list[RowView]
    n_rows: int
    has_table: bool
    unguaranteed: tuple[str, ...]
    fewest: int | None
    """How few words any strategy under the rules must leave (where the plan leaves some and
    the build decided it)."""
    pages: int
    ref: dict[str, Any] | None
    flow: bool = False
    columns: int = 1
    lines: list[Line] = dataclasses.field(default_factory=list)
    words_line: Line | None = None
    """The openings over their tiles, heading each column of the table."""
    facts: list[list[tuple[str, str]]] = dataclasses.field(default_factory=list)
    """Lines of (css class, text) segments under the openings."""
    head_h: float = 0.0
    running: str = ""
    """What the running header shows on this group's pages."""


def _bars(
    distribution: Mapping[int, int], failures: int, turns: int, tr: Translator = ENGLISH
) -> list[Bar]:
    top = max([*distribution.values(), failures, 1])
    last = max([turns, *distribution.keys()]) if distribution else turns
    out = [
        Bar(str(t), int(distribution.get(t, 0)), distribution.get(t, 0) / top)
        for t in range(1, last + 1)
    ]
    if failures:
        out.append(Bar(tr.gettext("fail"), failures, failures / top))
    return out


def _turns(pb: Playbook) -> int:
    """The game's turns where it counts turns (0 for Hangman's misses)."""
    return pb.game.limit if pb.game.limit_name == "turns" else 0


def _ref_view(comp: Any, ref_group: Any) -> dict[str, Any] | None:
    if comp is not None:
        return {
            "openings": tuple(comp.ref),
            "largest": comp.ref_largest,
            "failures": comp.ref_failures,
            "unknown": tuple(comp.ref_unknown),
            "ok": comp.at_least_as_good,
        }
    if ref_group is not None:
        return {
            "openings": tuple(ref_group.openings),
            "largest": ref_group.largest or None,
            "failures": None,
            "unknown": (),
            "ok": None,
        }
    return None


def _facts(g: GroupView, turns: Any, tr: Translator = ENGLISH) -> list[list[tuple[str, str]]]:
    _, ngettext = tr.gettext, tr.ngettext
    out: list[list[tuple[str, str]]] = []
    if not g.openings:
        rest = (
            _("try the words below from the first turn.")
            if g.has_table
            else _("try every word of the group from the first turn, in list order.")
        )
        out.append([("em", _("No opening words:")), ("", " " + rest)])
    a = [ngettext("{n} word", "{n} words", g.words).format(n=g.words)] if g.words else []
    if g.largest:
        largest = (
            _("largest subset after the openings: {n}") if g.openings else _("largest subset: {n}")
        )
        a.append(largest.format(n=g.largest))
    if g.exceptions:
        a.append(ngettext("{n} exception", "{n} exceptions", g.exceptions).format(n=g.exceptions))
    if a:
        out.append([("", " · ".join(a))])
    b = []
    if g.average:
        b.append(
            _("average {average} turns, worst {worst}").format(average=g.average, worst=g.worst)
        )
    if g.method:
        method = METHODS.get(g.method)
        b.append((_(method) if method else g.method) + g.proof)
    if b:
        out.append([("", " · ".join(b))])
    if (n := g.failures - len(g.unguaranteed)) > 0:
        lost = ngettext(
            "{n} word is not found within {turns} turns.",
            "{n} words are not found within {turns} turns.",
            n,
        )
        out.append([("warn", lost.format(n=n, turns=turns))])
    if g.unguaranteed:
        why = (
            _(
                "(each with its chance among the words left with it, of which not all can be "
                "tried in time)"
            )
            if any(w.endswith("%)") for w in g.unguaranteed)
            else _("(left with other words, of which not all can be tried in time)")
        )
        head = _("Not guaranteed within {turns} turns:").format(turns=turns)
        out.append(
            [
                ("warn", f"{DOUBT} {head} "),
                ("", ", ".join(g.unguaranteed) + " " + why),
            ]
        )
        if g.fewest is not None:
            fewest = _("Fewest words any strategy under these rules must leave: {n}.")
            out.append([("", fewest.format(n=g.fewest))])
    if not g.has_table and g.openings:
        out.append(
            [("all", _("After the openings, try every word still possible, in list order."))]
        )
    return out


def _head_height(g: GroupView) -> float:
    lines = 0
    for f in g.facts:
        text = "".join(t for _, t in f)
        lines += max(1, math.ceil(len(text) * TEXT_CHAR / FACTS_WIDTH))
    big = not g.flow
    opening = (9.0 if big else 6.5) if g.openings else 0.0
    letter = 12.0 if big else 8.5
    return max(opening + lines * FACT_LINE, len(g.bars) * CHART_LINE, letter) + HEAD_GAP


def _count(rows: Iterable[RowView]) -> tuple[int, int]:
    """(rows, exception moves) over all levels."""
    n = moves = 0
    for r in rows:
        n += 1
        if r.kind == "move":
            a, b = _count(r.sub)
            n, moves = n + a, moves + b + 1
    return n, moves


def group_views(
    pb: Playbook,
    *,
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    tr: Translator = ENGLISH,
) -> list[GroupView]:
    """The view of every group, sorted by group name, laid out for print, its texts in
    ``tr``'s language."""
    comps = {c.group: c for c in comparison or ()}
    turns = _turns(pb)
    game, rules = type(pb.game), pb.game.record()
    spell = Spelling.of(pb.words)
    out = []
    for i, g in enumerate(sorted(pb.groups, key=lambda g: g.group)):
        look = Look(game, spell, frozenset(g.unguaranteed))
        rows = row_views(g.table, g.openings, look) if g.table is not None else []
        n_rows, moves = _count(rows)
        st = g.stats
        ref_group = None
        if reference is not None:
            try:
                ref_group = reference.group(g.group)
            except KeyError:
                ref_group = None
        v = GroupView(
            index=i,
            group=g.group,
            label=spell.group(game.group_label(g.group, rules, tr.gettext)),
            anchor=f"g{i}",
            words=g.words or (st.words if st else 0),
            openings=tuple(spell.text(w) for w in g.openings),
            largest=g.largest,
            method=g.method,
            proven=g.proven,
            proof=_proof(g, tr),
            average=tr.decimal(st.average) if st and st.distribution else "",
            worst=str(st.worst) if st and st.distribution else "",
            failures=st.failures if st else 0,
            bars=_bars(st.distribution, st.failures, turns, tr) if st else [],
            exceptions=moves,
            rows=rows,
            n_rows=n_rows,
            has_table=g.table is not None,
            unguaranteed=chances.unguaranteed_with_chances(g, spell, pb.words),
            fewest=g.fewest_unguaranteed if g.unguaranteed else None,
            pages=(pages or {}).get(g.group, g.pages),
            ref=_ref_view(comps.get(g.group), ref_group),
        )
        v.columns = choose_columns(rows, tr)
        v.lines = flatten(rows, column_width(v.columns), tr=tr)
        if g.openings and any(r.layers for r in rows):
            v.words_line = Line("words", None, 0, text=" ".join(map(spell.tiles, g.openings)))
        v.flow = sum(ln.h for ln in v.lines) <= FLOW_ROWS
        v.facts = _facts(v, turns, tr)
        v.head_h = _head_height(v)
        v.running = v.label + ("  ·  " + "  ".join(v.openings) if v.openings else "")
        out.append(v)
    return out


# ---------------------------------------------------------------- the document


def _patterns(views: Iterable[GroupView]) -> set[str]:
    found: set[str] = set()

    def walk(rows: Iterable[RowView]) -> None:
        for r in rows:
            found.update(b.pattern for b in r.blocks if b.pattern)
            walk(r.sub)

    for v in views:
        walk(v.rows)
    return found


def _heights_css(views: Iterable[GroupView]) -> str:
    """Heights of the lines that wrap (class ``hN``: N text lines)."""
    tallest = max((ln.h for v in views for ln in v.lines), default=1)
    return "\n".join(f"p.r.h{n} {{ height: {n * LINE:.1f}mm; }}" for n in range(2, tallest + 1))


def _set_styles(style: str, rows: Iterable[RowView]) -> None:
    for r in rows:
        r.style = layer_style(style, r.layers)
        _set_styles(style, r.sub)


def _meta(pb: Playbook, tr: Translator = ENGLISH) -> dict[str, Any]:
    """The document's meta text: what made it and when, the rules and the word list."""
    meta = pb.meta or {}
    tool = str(meta.get("tool") or f"playbook {__version__}")
    created = meta.get("created") or datetime.date.today().isoformat()
    game = pb.game
    return {
        "tool": tool,
        "created": str(created),
        "game": game.name,
        "rules": game.describe(game.record(), tr.gettext),
        "notation": tr.gettext(game.notation),
        "ij": tr.gettext(Spelling.of(pb.words).note),
        "list": pb.words.list,
        "count": "" if pb.words.count is None else pb.words.count,
        "sha256": pb.words.sha256 or "",
    }


def template_text(name: str) -> str:
    """A file of the templates (the package ``playbook.render.templates``)."""
    return importlib.resources.files("playbook.render.templates").joinpath(name).read_text("utf-8")


def _frontier(pb: Playbook, tr: Translator = ENGLISH) -> dict[str, Any] | None:
    """The memorisation frontier measured for this playbook's list and rules (the appendix
    that plots it), or None."""
    found = frontier.run_for(
        pb.words.sha256, rules_sha256(pb.game_section), pb.words.answers_sha256
    )
    if found is None:
        return None
    run, head = found
    title = pb.game.label(pb.game.record(), tr.gettext)
    svg = frontier.inline_svg([{**run, "title": title}], mark=pb.name, tr=tr)
    points = [{**p, "label": frontier.point_label(p, tr)} for p in run.get("points", ())]
    return {
        "svg": Markup(svg),
        "run": {**run, "points": points},
        "head": head,
        "mine": run.get("config") == pb.name,
    }


def _page_css(tr: Translator) -> str:
    """The running header's page numbers in ``tr``'s language, where it is not English (the
    CSS says "page N of M")."""
    if tr.language == "en":
        return ""
    parts = []
    for piece in re.split(r"(\{page\}|\{total\})", tr.gettext("page {page} of {total}")):
        if piece == "{page}":
            parts.append("counter(page)")
        elif piece == "{total}":
            parts.append("string(total, first)")
        elif piece:
            parts.append('"' + piece.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return "@page { @top-right { content: " + " ".join(parts) + "; } }"


def context(
    pb: Playbook,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    pdf: bool = False,
    language: str = "en",
    frontier: bool = False,
) -> dict[str, Any]:
    """What the templates render: the groups' views laid out on pages, the meta text, the
    summary, the CSS. ``pdf``: for the PDF (tiles as images behind spaced letters, and the
    page numbers of the layout model), else for the screen (tiles as CSS classes).

    The other arguments are those of :func:`playbook.render.render_html`; an unknown tile
    style or language is a ValueError.
    """
    if tiles not in TILE_STYLES:
        raise ValueError(f"unknown tile style {tiles!r}; expected one of {', '.join(TILE_STYLES)}")
    tr = i18n.translator(language)
    views = group_views(pb, reference=reference, comparison=comparison, pages=pages, tr=tr)
    st = pb.stats
    comps = list(comparison or ())
    patterns = {"2", "1", "0"}
    if pdf:
        _set_styles(tiles, (r for v in views for r in v.rows))
    else:
        patterns |= _patterns(views)
    page_list = paginate(views)
    has_ref = any(v.ref is not None for v in views)
    memo = _frontier(pb, tr) if frontier else None
    page_css = _page_css(tr)
    return {
        "pb": pb,
        "language": tr.language,
        "m": _meta(pb, tr),
        "groups": views,
        "pages": page_list,
        "tiles": tiles,
        "legend": legend(tiles, tr.gettext),
        "tile_css": Markup(
            tile_css(tiles, patterns)
            + "\n"
            + _heights_css(views)
            + ("\n" + page_css if page_css else "")
        ),
        "css": Markup(template_text("playbook.css")),
        "bars": _bars(st.distribution, st.failures, _turns(pb), tr) if st else [],
        "summary": st,
        "average": tr.decimal(st.average) if st and st.distribution else "",
        "has_ref": has_ref,
        "ref_name": reference.name if reference is not None else tr.gettext("reference"),
        "comparison": comps,
        "better": sum(1 for c in comps if c.at_least_as_good),
        "show_pages": bool(pages) or any(v.pages for v in views),
        "show_fewest": any(v.fewest is not None for v in views),
        "fewest_total": "" if pb.fewest_unguaranteed is None else pb.fewest_unguaranteed,
        "pdf": pdf,
        # the whole document; a PDF in parts renders slices of the pages, each with its
        # numbers (playbook.render.pdf); on screen there are no page numbers to show
        "cover": True,
        "stubs": [],
        "page_start": 1,
        "appendix": True,
        "frontier": memo,
        "after_pages": int(has_ref) + int(memo is not None),
        **(
            numbering(page_list, [(0, len(page_list))], int(has_ref) + int(memo is not None))
            if pdf
            else {"toc": {}}
        ),
    }


def numbering(
    pages: Sequence[PageView], runs: Sequence[tuple[int, int]], after: int = 0
) -> dict[str, Any]:
    """Page numbers as the layout model plans them, after a one-page cover and with ``after``
    pages after the tables (the appendix): the total, where each group starts (the cover's
    table of contents) and the number of each run's first page (a PDF in parts renders one
    run of pages per part, the cover with the first)."""
    toc: dict[str, int] = {}
    for i, page in enumerate(pages):
        for c in page.chunks:
            if c.first:
                toc.setdefault(c.group.anchor, 2 + i)
    return {
        "page_total": 1 + len(pages) + after,
        "toc": toc,
        "starts": [1] + [2 + lo for lo, _ in runs[1:]],
    }
