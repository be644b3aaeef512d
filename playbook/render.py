"""Render a playbook for people: HTML and PDF (weasyprint) and Markdown, from jinja2 templates.

The templates live in ``templates/`` (the package ``playbook.templates``). Everything here is a
pure function from a :class:`~playbook.model.Playbook` to text or bytes, except :func:`write`.

Feedback is drawn as tiles: each block of a row's feedback belongs to one move (an opening, or
the move of an exception) and is drawn on that word's letters: right place a red square, wrong
place a yellow circle, absent plain (``lingo`` style), or green, yellow and grey squares with a
corner mark (``wordle`` style). Shapes and marks keep a black-and-white print readable.

Speed matters (the default playbook has some 6,000 rows), so the HTML is shaped for weasyprint:

* the tiles of a block are one text run (the word, monospaced and letter-spaced) over a
  background image of its pattern, one CSS class per pattern: one text box per block rather
  than one per letter;
* every table line has a fixed height, so the pages and columns are laid out here, in Python
  (:func:`paginate`), and weasyprint only fills fixed table cells: CSS multi-column layout
  would lay every line out several times over.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import functools
import importlib.resources
import io
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from playbook import __version__
from playbook.model import Move, Playbook, Row, Table, TryWords

TILE_STYLES = ("lingo", "wordle")
"""The tile styles a playbook can be drawn in."""

FORMATS = ("pdf", "html", "md")
"""The formats :func:`render` and :func:`write` produce."""

MARK_ORDER = {"o": 0, "x": 1, ".": 2}
"""Rows sort position by position: right place, then wrong place, then absent."""

_DIGIT = {"o": "2", "x": "1", ".": "0"}

FLOW_ROWS = 40
"""A letter with at most this many table lines shares a page with its neighbours instead of
starting a new one (it never splits across pages)."""

METHODS = {
    "trivial": "no search needed",
    "exhaustive": "exhaustive search",
    "hill-climbing": "hill-climbing search",
    "reference": "from the reference",
    "lookahead": "lookahead search",
}
"""How each way of finding the openings reads in print."""

KEEP = 16
"""An exception with at most this many lines stays in one column."""

# Page geometry in mm; the CSS (templates/playbook.css) uses the same figures.
TEXT_WIDTH = 186.0
TEXT_HEIGHT = 270.0
"""A4 less the margins (273 mm), less a little slack."""
COLUMN_GAP = 5.0
LINE = 4.6
"""Height of a table line."""
FACT_LINE = 3.8
CHART_LINE = 3.1
HEAD_GAP = 2.5
FLOW_GAP = 4.0
_CH = 0.602 * 8 * 25.4 / 72
"""Width of a DejaVu Sans Mono character at 8 pt: table lines are monospaced in the PDF."""
_TEXT_CHAR = 1.6
"""Generous average width of a character of DejaVu Sans at 8 pt."""
_FACTS_WIDTH = TEXT_WIDTH - 14 - 36


# ---------------------------------------------------------------- tiles


def _tile_svg(style: str, pattern: str) -> str:
    """The background image of one block: ``pattern`` is a string of 2 (right place),
    1 (wrong place) and 0 (absent) digits. Cells are 108 x 130 units (1.8ch x 1.3em)."""
    w, h = 108, 130
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * len(pattern)}" height="{h}" '
        f'viewBox="0 0 {w * len(pattern)} {h}" preserveAspectRatio="none">'
    ]
    for i, d in enumerate(pattern):
        x = i * w
        if style == "wordle":
            fill = {"2": "#6aaa64", "1": "#d9c45c", "0": "#dcdee1"}[d]
            out.append(f'<rect x="{x + 6}" y="10" width="96" height="110" fill="{fill}"/>')
            if d == "2":  # corner triangle
                out.append(f'<path d="M{x + 80} 10 H{x + 102} V32 Z" fill="#1d4d1a"/>')
            elif d == "1":  # corner dot
                out.append(f'<circle cx="{x + 91}" cy="21" r="7" fill="#4d4000"/>')
        elif d == "2":
            out.append(
                f'<rect x="{x + 9}" y="13" width="90" height="104" fill="#f4948e" '
                'stroke="#c8102e" stroke-width="10"/>'
            )
        elif d == "1":
            out.append(
                f'<ellipse cx="{x + 54}" cy="65" rx="49" ry="54" fill="#ffd21f" '
                'stroke="#9c7a00" stroke-width="6"/>'
            )
    out.append("</svg>")
    return "".join(out)


def _tile_css(style: str, patterns: Iterable[str]) -> str:
    """One CSS class per block pattern used (at most 3 ** length of them)."""
    pats = sorted(set(patterns))
    lines = [
        f".L{n} {{ background-size: {1.8 * n:.1f}ch 1.3em; }}"
        for n in sorted({len(p) for p in pats})
    ]
    for p in pats:
        if style == "lingo" and set(p) <= {"0"}:
            continue  # all absent: plain letters
        data = base64.b64encode(_tile_svg(style, p).encode()).decode()
        lines.append(f'.p{p} {{ background-image: url("data:image/svg+xml;base64,{data}"); }}')
    return "\n".join(lines)


_PX = (80, 87)
"""A tile cell of the PDF in pixels: 2ch x 1.3em of 8 pt DejaVu Sans Mono at 600 dpi."""


@functools.lru_cache(maxsize=8)
def _cells(style: str) -> dict[str, Any]:
    """The PDF's tile of each mark, drawn 4x larger and scaled down (anti-aliased)."""
    from PIL import Image, ImageDraw

    s = 4
    w, h = _PX
    out = {}
    for d in "210":
        im = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(im)
        if style == "wordle":
            fill = {"2": (106, 170, 100), "1": (217, 196, 92), "0": (220, 222, 225)}[d]
            draw.rectangle([5 * s, 5 * s, (w - 5) * s, (h - 5) * s], fill=fill)
            if d == "2":  # a dark corner, clear of the letter
                draw.polygon(
                    [((w - 19) * s, 5 * s), ((w - 5) * s, 5 * s), ((w - 5) * s, 19 * s)],
                    fill=(29, 77, 26),
                )
            elif d == "1":  # a dark dot in the corner
                draw.ellipse([(w - 17) * s, 8 * s, (w - 7) * s, 18 * s], fill=(77, 64, 0))
        elif d == "2":
            draw.rectangle(
                [8 * s, 8 * s, (w - 8) * s, (h - 8) * s],
                fill=(244, 148, 142),
                outline=(200, 16, 46),
                width=6 * s,
            )
        elif d == "1":
            draw.ellipse(
                [4 * s, 4 * s, (w - 4) * s, (h - 4) * s],
                fill=(255, 210, 31),
                outline=(156, 122, 0),
                width=4 * s,
            )
        else:
            continue
        out[d] = im.resize((w, h), Image.Resampling.LANCZOS)
    return out


@functools.lru_cache(maxsize=4096)
def tile_png(style: str, pattern: str) -> bytes:
    """The PDF's image of one block of tiles (PNG, 600 dpi)."""
    from PIL import Image

    cells = _cells(style)
    w, h = _PX
    im = Image.new("RGBA", (w * len(pattern), h), (0, 0, 0, 0))
    for i, d in enumerate(pattern):
        if d in cells:
            im.paste(cells[d], (i * w, 0))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def _layer_style(style: str, r: RowView) -> str:
    """Inline CSS placing a PDF row's tile images behind its spaced letters."""
    if not r.layers:
        return ""
    urls, pos = [], []
    for offset, p in r.layers:
        if style == "lingo" and set(p) <= {"0"}:
            continue
        urls.append(f"url(tile:{style}-{p})")
        pos.append(f"{offset:g}ch 0.47mm")
    if not urls:
        return ""
    n = len(r.layers[0][1])
    return (
        f"background-image: {', '.join(urls)}; background-position: {', '.join(pos)}; "
        f"background-size: {2 * n}ch 1.3em"
    )


def legend(style: str) -> list[tuple[str, str]]:
    """(pattern digit, description) of each mark, for the key on the cover."""
    if style == "wordle":
        return [
            ("2", "right place: green, dark corner"),
            ("1", "wrong place: yellow, dot"),
            ("0", "absent: grey"),
        ]
    return [
        ("2", "right place: red square"),
        ("1", "wrong place: yellow circle"),
        ("0", "absent: plain letter"),
    ]


# ---------------------------------------------------------------- rows


@dataclasses.dataclass
class Block:
    word: str
    pattern: str
    """Digits 2/1/0 per letter, or empty when the block cannot be drawn (shown as ``text``)."""
    text: str


@dataclasses.dataclass
class RowView:
    """One row of a decision table, with its nested table (for an exception move)."""

    feedback: str
    blocks: list[Block]
    kind: str
    """``try``, ``all`` (every word still possible) or ``move``."""
    words: tuple[str, ...]
    move: str
    count: int
    sub: list[RowView]
    new_group: bool = False
    """The first block differs from the row above: a thin rule helps the eye."""
    any_other: bool = False
    """The ``*`` row: every feedback not listed."""
    spaced: str = ""
    """The PDF's tiles: the blocks' letters spaced out, one monospaced text run."""
    layers: list[tuple[float, str]] = dataclasses.field(default_factory=list)
    """The PDF's tile images: (offset in ch, pattern) per block, behind ``spaced``."""
    style: str = ""
    """The PDF's inline style placing ``layers`` (set per tile style by the renderer)."""


def _fb_key(feedback: str) -> tuple[tuple[int, ...], ...]:
    if feedback.strip() == "*":
        return ((9,),)
    return tuple(tuple(MARK_ORDER.get(c, 5) for c in b) for b in feedback.split())


def sort_table(table: Table) -> list[Row]:
    """Rows in reading order: by the feedback of the first move, then the second..., each
    block position by position, right place before wrong place before absent; ``*`` last."""
    return sorted(table, key=lambda r: _fb_key(r.feedback))


def _blocks(feedback: str, movers: Sequence[str]) -> list[Block]:
    parts = feedback.split()
    if not parts or feedback.strip() == "*":
        return []
    if len(parts) != len(movers):
        return [Block("", "", feedback)]
    out = []
    for word, part in zip(movers, parts, strict=True):
        if len(part) == len(word) and set(part) <= set(_DIGIT):
            out.append(Block(word, "".join(_DIGIT[c] for c in part), part))
        else:
            out.append(Block(word, "", part))
    return out


def _spaced(blocks: Sequence[Block]) -> tuple[str, list[tuple[float, str]]]:
    parts: list[str] = []
    layers: list[tuple[float, str]] = []
    pos = 0
    for b in blocks:
        if b.pattern:
            layers.append((pos - 0.5, b.pattern))
            parts.append(" ".join(b.word))
        else:
            parts.append(b.text)
        pos += len(parts[-1]) + 2
    return "  ".join(parts), layers


def row_views(table: Table, movers: Sequence[str], top: bool = True) -> list[RowView]:
    """A table's rows, sorted, with their tiles; ``movers`` are the words whose feedback the
    rows show (the openings, or the move of an exception)."""
    out: list[RowView] = []
    prev_first: str | None = None
    for r in sort_table(table):
        node = r.node
        words: tuple[str, ...] = ()
        if isinstance(node, Move):
            sub = row_views(node.table, [node.word], False) if node.table is not None else []
            kind, move = "move", node.word
        else:
            assert isinstance(node, TryWords)
            sub, move = [], ""
            kind = "all" if node.words is None else "try"
            words = node.words or ()
        parts = r.feedback.split()
        first = parts[0] if parts else ""
        blocks = _blocks(r.feedback, movers)
        rv = RowView(
            r.feedback, blocks, kind, words, move, r.words, sub, any_other=r.feedback.strip() == "*"
        )
        rv.spaced, rv.layers = _spaced(blocks)
        rv.new_group = top and len(parts) > 1 and prev_first is not None and first != prev_first
        prev_first = first
        out.append(rv)
    return out


def _count(rows: Iterable[RowView]) -> tuple[int, int]:
    """(rows, exception moves) over all levels."""
    n = moves = 0
    for r in rows:
        n += 1
        if r.kind == "move":
            a, b = _count(r.sub)
            n, moves = n + a, moves + b + 1
    return n, moves


# ---------------------------------------------------------------- lines and pages


@dataclasses.dataclass(eq=False)
class Line:
    """One fixed-height line of a printed table (``h`` text lines high)."""

    kind: str
    """``try``, ``all``, ``move`` (an exception's header), ``cont`` (its header repeated at
    the top of a column) or ``then`` (a move without a table: try every word left)."""
    row: RowView | None
    lvl: int
    """Nesting of exception boxes (0: none)."""
    parents: tuple[Line, ...] = ()
    chunks: list[str] = dataclasses.field(default_factory=list)
    """The words to try, split over the text lines."""
    h: int = 1
    size: int = 1
    """Lines this one needs kept together: a small exception with its table."""
    count: bool = False
    """A move line shows how many words are still possible (where it fits)."""
    compact: bool = False
    """A move line too narrow for "play": the arrow and the word only."""

    @property
    def cls(self) -> str:
        out = " m" if self.kind in ("move", "cont") else ""
        if self.row is not None and self.row.new_group and self.kind != "cont":
            out += " g"
        if self.lvl:
            out += f" lv{min(self.lvl, 6)}"
        if self.h > 1:
            out += f" h{self.h}"
        return out


def _indent_mm(lvl: int) -> float:
    return 0.0 if lvl == 0 else 2.0 + (lvl - 1) * 2.0


def _tiles_mm(r: RowView) -> float:
    chars = len(r.spaced) + 2.5 if r.spaced else 0.5
    if r.any_other:
        chars += 20
    return chars * _CH


def _text_mm(r: RowView, count: bool = False) -> float:
    if r.kind == "try":
        return len(", ".join(r.words)) * _CH
    if r.kind == "move":
        extra = 9 + len(str(r.count)) if count and r.count else 0
        return (len(r.move) * 1.2 + 8 + extra) * _CH
    return 26 * _CH


def column_width(columns: int) -> float:
    """Usable width of a column (mm), the narrowest of them."""
    pad = COLUMN_GAP if columns > 2 else COLUMN_GAP / 2 if columns == 2 else 0
    return TEXT_WIDTH / columns - pad


def choose_columns(rows: list[RowView]) -> int:
    """The number of columns that needs the fewest lines per column; a row too long for
    its column wraps its words onto further lines."""
    if not rows:
        return 1
    widest_tiles = max(_indent_mm(lvl) + _tiles_mm(r) for r, lvl in _walk(rows))
    best, best_score = 1, math.inf
    for c in (1, 2, 3, 4):
        width = column_width(c)
        if widest_tiles + 10 * _CH > width:
            break
        score = math.ceil(sum(ln.h for ln in flatten(rows, width)) / c)
        if score < best_score - 1e-9:
            best, best_score = c, score
    return best


def _walk(rows: Sequence[RowView], lvl: int = 0) -> Iterable[tuple[RowView, int]]:
    for r in rows:
        if r.kind == "move":
            yield r, lvl + 1
            yield from _walk(r.sub, lvl + 1)
        else:
            yield r, lvl


def _chunks(words: Sequence[str], first: float, rest: float) -> list[str]:
    """Split the words to try over lines: ``first`` mm on the first line, ``rest`` after."""
    out: list[str] = []
    cur: list[str] = []
    room = first
    for i, w in enumerate(words):
        text = w + ("," if i < len(words) - 1 else "")
        need = (len(text) + (1 if cur else 0)) * _CH
        if need > room and (cur or room < rest):
            out.append(" ".join(cur))
            cur, room = [], rest
            need = len(text) * _CH
        cur.append(text)
        room -= need
    if cur or not out:
        out.append(" ".join(cur))
    return out


def flatten(
    rows: Sequence[RowView], width: float, lvl: int = 0, parents: tuple[Line, ...] = ()
) -> list[Line]:
    """The rows as printed lines, exceptions' tables inline after their move."""
    out: list[Line] = []
    for r in rows:
        if r.kind == "move":
            head = Line("move", r, lvl + 1, parents)
            room = width - _indent_mm(lvl + 1) - _tiles_mm(r)
            head.count = bool(r.count) and _text_mm(r, True) <= room
            head.compact = _text_mm(r) > room
            out.append(head)
            sub = (
                flatten(r.sub, width, lvl + 1, (*parents, head))
                if r.sub
                else [Line("then", None, lvl + 1, (*parents, head))]
            )
            head.size = 1 + sum(s.h for s in sub)
            out.extend(sub)
            continue
        line = Line(r.kind, r, lvl, parents)
        if r.kind == "try":
            first = width - _indent_mm(lvl) - _tiles_mm(r)
            rest = width - _indent_mm(lvl) - 8.5 - _CH
            line.chunks = _chunks(r.words, first, rest)
            line.h = line.size = len(line.chunks)
        out.append(line)
    return out


def _cont(line: Line) -> Line:
    return Line("cont", line.row, line.lvl, line.parents)


def _need(ln: Line) -> int:
    """Room a line needs in its column: a small exception with all of its table, a large
    one its header and a first row, any other line its own height."""
    if ln.kind == "move":
        return ln.size if ln.size <= KEEP else 2
    return ln.h


def pack(lines: Sequence[Line], cap: int, ncols: int) -> tuple[list[list[Line]], int]:
    """Fill up to ``ncols`` columns of ``cap`` text lines; returns the columns and how many of
    ``lines`` they hold. A column that starts inside an exception repeats its header; a
    small exception is not split over two columns."""
    cols: list[list[Line]] = []
    i = 0
    while i < len(lines) and len(cols) < ncols:
        col: list[Line] = []
        used = 0
        parents = lines[i].parents
        if parents and len(parents) < cap - 1:
            col.extend(_cont(p) for p in parents)
            used = len(parents)
        start = i
        while i < len(lines):
            ln = lines[i]
            if i > start and used + _need(ln) > cap:
                break
            col.append(ln)
            used += ln.h
            i += 1
        cols.append(col)
    return cols, i


def _splits(cols: Sequence[Sequence[Line]]) -> bool:
    """Whether a small exception is split over two columns."""
    for col in cols:
        for i, ln in enumerate(col):
            if ln.kind == "move" and ln.size <= KEEP and sum(x.h for x in col[i:]) < ln.size:
                return True
    return False


def _height(col: Sequence[Line]) -> int:
    return sum(ln.h for ln in col)


@dataclasses.dataclass
class Chunk:
    """The part of one group on one page."""

    group: GroupView
    first: bool
    last: bool
    columns: list[list[Line]]
    height: float
    """mm, the head included."""
    gap: float = 0.0
    """mm of space above it (a group sharing a page with the one before)."""

    @property
    def padded(self) -> list[list[Line]]:
        """The columns, with empty ones up to the group's number (so widths stay put)."""
        return self.columns + [[] for _ in range(self.group.columns - len(self.columns))]


@dataclasses.dataclass
class PageView:
    chunks: list[Chunk]

    @property
    def height(self) -> float:
        return sum(c.height + c.gap for c in self.chunks)


def _group_pages(g: GroupView, head_room: float) -> list[Chunk]:
    """A group's chunks, page by page; the first page has ``head_room`` mm for the rows."""
    lines = g.lines
    if not lines:
        return [Chunk(g, True, True, [], g.head_h)]
    full = int(TEXT_HEIGHT // LINE)
    cap = int(head_room // LINE)
    out: list[Chunk] = []
    rest = list(lines)
    first = True
    while True:
        if cap < 3:  # no room left below the head: rows start on the next page
            out.append(Chunk(g, first, False, [], g.head_h if first else 0))
            first, cap = False, full
            continue
        cols, used = pack(rest, cap, g.columns)
        head = g.head_h if first else 0.0
        if used == len(rest):
            k = max(1, math.ceil(sum(ln.h for ln in rest) / g.columns))
            while k < cap:
                cols, used = pack(rest, k, g.columns)
                if used == len(rest) and not _splits(cols):
                    break
                k += 1
            else:
                cols, used = pack(rest, cap, g.columns)
            height = head + max(_height(c) for c in cols) * LINE
            out.append(Chunk(g, first, True, cols, height))
            return out
        out.append(Chunk(g, first, False, cols, head + max(_height(c) for c in cols) * LINE))
        rest = rest[used:]
        first, cap = False, full


def paginate(groups: Sequence[GroupView]) -> list[PageView]:
    """Lay the groups out on pages: a big group starts a new page, a small one follows on the
    page before if it fits there whole."""
    pages: list[PageView] = []
    for g in groups:
        if g.flow and pages:
            alone = _group_pages(g, TEXT_HEIGHT - g.head_h)
            if len(alone) == 1:
                need = alone[0].height + FLOW_GAP
                if pages[-1].height + need <= TEXT_HEIGHT:
                    alone[0].gap = FLOW_GAP
                    pages[-1].chunks.append(alone[0])
                    continue
        chunks = _group_pages(g, TEXT_HEIGHT - g.head_h)
        pages.extend(PageView([c]) for c in chunks)
    return pages


# ---------------------------------------------------------------- groups


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
    average: str
    worst: str
    failures: int
    bars: list[Bar]
    exceptions: int
    rows: list[RowView]
    n_rows: int
    has_table: bool
    unguaranteed: tuple[str, ...]
    pages: int
    ref: dict[str, Any] | None
    flow: bool = False
    columns: int = 1
    lines: list[Line] = dataclasses.field(default_factory=list)
    facts: list[list[tuple[str, str]]] = dataclasses.field(default_factory=list)
    """Lines of (css class, text) segments under the openings."""
    head_h: float = 0.0
    running: str = ""
    """What the running header shows on this group's pages."""


def _bars(distribution: Mapping[int, int], failures: int, turns: int) -> list[Bar]:
    top = max([*distribution.values(), failures, 1])
    last = max([turns, *distribution.keys()]) if distribution else turns
    out = [
        Bar(str(t), int(distribution.get(t, 0)), distribution.get(t, 0) / top)
        for t in range(1, last + 1)
    ]
    if failures:
        out.append(Bar("fail", failures, failures / top))
    return out


def _group_label(pb: Playbook, group: str) -> str:
    if group == "*" or pb.game.get("revealed") == "none":
        return "all words"
    return group


def _turns(pb: Playbook) -> int:
    t = pb.game.get("turns", 0)
    return int(t) if isinstance(t, int) else 0


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


def _facts(g: GroupView, turns: Any, ref_name: str) -> list[list[tuple[str, str]]]:
    out: list[list[tuple[str, str]]] = []
    if not g.openings:
        rest = (
            " try the words below from the first turn."
            if g.has_table
            else " try every word of the group from the first turn, in list order."
        )
        out.append([("em", "No opening words:"), ("", rest)])
    a = [f"{g.words} word{'s' if g.words != 1 else ''}"] if g.words else []
    if g.largest:
        a.append(f"largest subset{' after the openings' if g.openings else ''}: {g.largest}")
    if g.exceptions:
        a.append(f"{g.exceptions} exception{'s' if g.exceptions != 1 else ''}")
    if a:
        out.append([("", " · ".join(a))])
    b = []
    if g.average:
        b.append(f"average {g.average} turns, worst {g.worst}")
    if g.method:
        b.append(METHODS.get(g.method, g.method) + (" (proven best)" if g.proven else ""))
    if b:
        out.append([("", " · ".join(b))])
    if g.failures:
        n = g.failures
        out.append(
            [("warn", f"{n} word{' is' if n == 1 else 's are'} not found within {turns} turns.")]
        )
    if g.unguaranteed:
        out.append([("warn", f"Not guaranteed within {turns} turns: " + ", ".join(g.unguaranteed))])
    if g.ref is not None:
        r = g.ref
        line = [
            ("", f"{ref_name}: "),
            ("mono", " ".join(r["openings"]) if r["openings"] else "no openings"),
        ]
        if r["largest"] is not None:
            line.append(("", f" · largest subset {r['largest']}"))
        out.append(line)
        seg: list[tuple[str, str]] = []
        if r["failures"] is not None:
            seg.append(("", f"{r['failures']} words not found in time"))
        if r["unknown"]:
            seg.append(
                ("warn", (" · " if seg else "") + "not in this list: " + ", ".join(r["unknown"]))
            )
        if r["ok"] is not None:
            seg.append(("", (" · " if seg else "") + "ours at least as good: "))
            seg.append(("yes", "yes") if r["ok"] else ("no", "no"))
        if seg:
            out.append(seg)
    if not g.has_table and g.openings:
        out.append([("all", "After the openings, try every word still possible, in list order.")])
    return out


def _head_height(g: GroupView) -> float:
    lines = 0
    for f in g.facts:
        text = "".join(t for _, t in f)
        lines += max(1, math.ceil(len(text) * _TEXT_CHAR / _FACTS_WIDTH))
    big = not g.flow
    opening = (9.0 if big else 6.5) if g.openings else 0.0
    letter = 12.0 if big else 8.5
    return max(opening + lines * FACT_LINE, len(g.bars) * CHART_LINE, letter) + HEAD_GAP


def group_views(
    pb: Playbook,
    *,
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
) -> list[GroupView]:
    """The view of every group, sorted by group name, laid out for print."""
    comps = {c.group: c for c in comparison or ()}
    turns = _turns(pb)
    ref_name = reference.name if reference is not None else "reference"
    out = []
    for i, g in enumerate(sorted(pb.groups, key=lambda g: g.group)):
        rows = row_views(g.table, g.openings) if g.table is not None else []
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
            label=_group_label(pb, g.group),
            anchor=f"g{i}",
            words=g.words or (st.words if st else 0),
            openings=g.openings,
            largest=g.largest,
            method=g.method,
            proven=g.proven,
            average=f"{st.average:.2f}" if st and st.distribution else "",
            worst=str(st.worst) if st and st.distribution else "",
            failures=st.failures if st else 0,
            bars=_bars(st.distribution, st.failures, turns) if st else [],
            exceptions=moves,
            rows=rows,
            n_rows=n_rows,
            has_table=g.table is not None,
            unguaranteed=g.unguaranteed,
            pages=(pages or {}).get(g.group, g.pages),
            ref=_ref_view(comps.get(g.group), ref_group),
        )
        v.columns = choose_columns(rows)
        v.lines = flatten(rows, column_width(v.columns))
        v.flow = sum(ln.h for ln in v.lines) <= FLOW_ROWS
        v.facts = _facts(v, turns, ref_name)
        v.head_h = _head_height(v)
        v.running = v.label + ("  ·  " + "  ".join(v.openings) if v.openings else "")
        out.append(v)
    return out


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
        r.style = _layer_style(style, r)
        _set_styles(style, r.sub)


def _meta(pb: Playbook) -> dict[str, Any]:
    meta = pb.meta or {}
    tool = str(meta.get("tool") or f"playbook {__version__}")
    created = meta.get("created") or datetime.date.today().isoformat()
    game = pb.game
    revealed = {"first": "the first letter", "none": "nothing"}.get(
        str(game.get("revealed", "")), str(game.get("revealed", ""))
    )
    pool = {"all": "any word of the list", "answers": "possible answers only"}.get(
        str(game.get("guess_pool", "")), str(game.get("guess_pool", ""))
    )
    if "length" in game and "turns" in game:
        rules = f"{game['length']} letters, {game['turns']} turns; the host reveals {revealed}" + (
            f"; guesses: {pool}" if pool else ""
        )
    else:
        rules = ", ".join(
            f"{k} {v}" for k, v in game.items() if k not in ("name", "notation", "rules_sha256")
        )
    return {
        "tool": tool,
        "created": str(created),
        "game": str(game.get("name", "")),
        "rules": rules,
        "length": game.get("length", ""),
        "turns": game.get("turns", ""),
        "revealed": revealed,
        "guess_pool": pool,
        "notation": str(game.get("notation") or "o = right place, x = wrong place, . = absent"),
        "list": str(pb.words.get("list", "")),
        "count": pb.words.get("count", ""),
        "sha256": str(pb.words.get("sha256", "")),
    }


def _context(
    pb: Playbook,
    tiles: str,
    reference: Playbook | None,
    comparison: Sequence[Any] | None,
    pages: Mapping[str, int] | None,
    pdf: bool = False,
) -> dict[str, Any]:
    if tiles not in TILE_STYLES:
        raise ValueError(f"unknown tile style {tiles!r}; expected one of {', '.join(TILE_STYLES)}")
    views = group_views(pb, reference=reference, comparison=comparison, pages=pages)
    st = pb.stats
    comps = list(comparison or ())
    patterns = {"2", "1", "0"}
    if pdf:
        _set_styles(tiles, (r for v in views for r in v.rows))
    else:
        patterns |= _patterns(views)
    page_list = paginate(views)
    return {
        "pb": pb,
        "m": _meta(pb),
        "groups": views,
        "pages": page_list,
        "tiles": tiles,
        "legend": legend(tiles),
        "tile_css": Markup(_tile_css(tiles, patterns) + "\n" + _heights_css(views)),
        "css": Markup(_template_text("playbook.css")),
        "bars": _bars(st.distribution, st.failures, _turns(pb)) if st else [],
        "summary": st,
        "average": f"{st.average:.2f}" if st and st.distribution else "",
        "has_ref": any(v.ref is not None for v in views),
        "ref_name": reference.name if reference is not None else "reference",
        "comparison": comps,
        "better": sum(1 for c in comps if c.at_least_as_good),
        "show_pages": bool(pages) or any(v.pages for v in views),
        "pdf": pdf,
        # the whole document; a PDF in parts renders slices of the pages, each with its
        # numbers (_render_runs); on screen there are no page numbers to show
        "cover": True,
        "stubs": [],
        "page_start": 1,
        **(_numbering(page_list, [(0, len(page_list))]) if pdf else {"toc": {}}),
    }


def _numbering(pages: Sequence[PageView], runs: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Page numbers as the layout model plans them, after a one-page cover: the total, where
    each group starts (the cover's table of contents) and the number of each run's first
    page (a PDF in parts renders one run of pages per part, the cover with the first)."""
    toc: dict[str, int] = {}
    for i, page in enumerate(pages):
        for c in page.chunks:
            if c.first:
                toc.setdefault(c.group.anchor, 2 + i)
    return {
        "page_total": 1 + len(pages),
        "toc": toc,
        "starts": [1] + [2 + lo for lo, _ in runs[1:]],
    }


def _numbering_found(
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


# ---------------------------------------------------------------- templates


def _template_text(name: str) -> str:
    return importlib.resources.files("playbook.templates").joinpath(name).read_text("utf-8")


def _load(name: str) -> tuple[str, str | None, Any]:
    return _template_text(name), None, lambda: False


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def md_escape(value: Any) -> str:
    """Text as Markdown that shows it literally: HTML characters as entities, Markdown
    punctuation backslash-escaped, line breaks as spaces (so a table cell stays one cell)."""
    s = str(value)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_SPECIAL.sub(r"\\\1", s)
    s = re.sub(r"\s*[\r\n]+\s*", " ", s)
    if re.match(r"[-=+#]", s):
        s = "\\" + s
    s = re.sub(r"^(\d+)([.)])(\s|$)", r"\1\\\2\3", s)
    return s


def _md_finalize(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Markup):
        return str(value)
    return md_escape(value)


def _md_code(value: Any) -> Markup:
    """A code span: backticks dropped, ``|`` escaped (so a table cell stays one cell)."""
    text = str(value).replace("`", "").replace("|", "\\|").replace("\n", " ")
    return Markup(f"`{text}`")


def _md_bar(share: float, width: int = 40) -> Markup:
    n = round(share * width)
    return Markup("█" * n if n or share == 0 else "▏")


_ENVS: dict[str, jinja2.Environment] = {}


def html_env() -> jinja2.Environment:
    """The HTML template environment: autoescaping always on."""
    if "html" not in _ENVS:
        _ENVS["html"] = jinja2.Environment(
            loader=jinja2.FunctionLoader(_load),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
    return _ENVS["html"]


def md_env() -> jinja2.Environment:
    """The Markdown template environment: every value escaped for Markdown unless Markup."""
    if "md" not in _ENVS:
        env = jinja2.Environment(
            loader=jinja2.FunctionLoader(_load),
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
            finalize=_md_finalize,
            keep_trailing_newline=True,
        )
        env.filters["mdbar"] = _md_bar
        env.filters["safe_md"] = Markup
        env.filters["code"] = _md_code
        _ENVS["md"] = env
    return _ENVS["md"]


# ---------------------------------------------------------------- renderers


def render_html(
    pb: Playbook,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
) -> str:
    """The playbook as one self-contained HTML page, laid out for A4 (what the PDF shows).

    ``comparison`` is a list of :class:`playbook.compare.GroupComparison`; ``reference`` the
    reference playbook itself (its name, and its openings where no comparison is given);
    ``pages`` the page count per group of the PDF, shown in the summary when given.
    """
    ctx = _context(pb, tiles, reference, comparison, pages)
    return html_env().get_template("playbook.html.j2").render(ctx)


def render_markdown(
    pb: Playbook,
    *,
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
) -> str:
    """The same content as Markdown: feedback in the o/x/. notation."""
    ctx = _context(pb, "lingo", reference, comparison, pages)
    return md_env().get_template("playbook.md.j2").render(ctx)


def _url_fetcher() -> Any:
    """Serve the tile images (``tile:STYLE-PATTERN``) and inline ``data:`` URLs; refuse
    anything else, so a playbook's content never makes weasyprint read a file or the
    network."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class Fetcher(URLFetcher):  # type: ignore[misc]
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

    document = HTML(string=html, url_fetcher=_url_fetcher()).render()
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
        if k < n and acc >= total * k / n:
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
) -> tuple[bytes, dict[str, int]]:
    """The playbook as an A4 PDF, and the number of pages each group appears on.

    Small groups share pages, so a shared page counts for each group on it; the cover
    is not counted. With ``jobs`` > 1 the pages are rendered in that many parts at once
    (weasyprint lays a document out in one thread) and joined: the same pages, numbers,
    links and bookmarks.
    """
    ctx = _context(pb, tiles, reference, comparison, None, pdf=True)
    pages = ctx["pages"]
    n = min(jobs, len(pages) // (SPLIT_MIN_PAGES // 2)) if len(pages) >= SPLIT_MIN_PAGES else 1
    runs = _parts(pages, n * PARTS_PER_JOB) if n > 1 else [(0, len(pages))]
    # page numbers come from the layout model; should weasyprint lay the pages out otherwise
    # (a cover longer than a page, a table running past its page), number them as it did and
    # render again
    numbering = _numbering(pages, runs)
    for _ in range(3):
        parts, anchors = _render_runs(ctx, runs, numbering, jobs)
        found = _numbering_found(anchors, [len(a) for _, a in parts], numbering["toc"])
        if found == numbering:
            break
        numbering = found
    data = parts[0][0] if len(parts) == 1 else join_pdfs([d for d, _ in parts])
    return data, page_counts(anchors, ctx["groups"])


def _render_runs(
    ctx: dict[str, Any],
    runs: Sequence[tuple[int, int]],
    numbering: dict[str, Any],
    jobs: int,
) -> tuple[list[tuple[bytes, list[list[str]]]], list[list[str]]]:
    """PDFs of the runs of pages, made at once (the first with the cover), and the anchors on
    each of their pages in order (the first part's stand-ins left out)."""
    from playbook import parallel

    template = html_env().get_template("playbook.html.j2")
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
                "page_total": numbering["page_total"],
                "toc": numbering["toc"],
                "page_start": numbering["starts"][j],
                "cover": j == 0,
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


def _bookmarks(src: Any, index: Mapping[Any, int], base: int) -> list[Bookmark]:
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


def _bookmark(b: Bookmark) -> Any:
    import pikepdf

    title, page, left, top, children = b
    item = pikepdf.OutlineItem(title, page, pikepdf.PageLocation.XYZ, left=left, top=top, zoom=0)
    item.children.extend(_bookmark(c) for c in children)
    return item


def join_pdfs(parts: Sequence[bytes]) -> bytes:
    """One PDF of the parts' pages in order (pikepdf), with the links between them: named
    destinations from the parts (the first part's stand-ins replaced by the real ones) and
    bookmarks like those weasyprint makes for a whole document."""
    import warnings

    import pikepdf

    out = pikepdf.Pdf.new()
    dests: dict[str, list[Any]] = {}
    srcs = [pikepdf.Pdf.open(io.BytesIO(b)) for b in parts]
    items = []
    for src in srcs:
        base = len(out.pages)
        index = {p.objgen: i for i, p in enumerate(src.pages)}
        items.append(_bookmarks(src, index, base))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # named destinations are rebuilt below
            out.pages.extend(src.pages)
        names = src.Root.get("/Names", {}).get("/Dests", {}).get("/Names", [])
        for k in range(0, len(names), 2):
            name, dest = str(names[k]), names[k + 1]
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


def render(
    pb: Playbook,
    fmt: str,
    *,
    tiles: str = "lingo",
    reference: Playbook | None = None,
    comparison: Sequence[Any] | None = None,
    pages: Mapping[str, int] | None = None,
    jobs: int = 1,
) -> tuple[bytes, dict[str, int]]:
    """Any format as bytes, with the page counts (empty unless ``fmt`` is pdf). ``pages``
    (the counts of an earlier PDF) adds a pages column to the HTML and Markdown summary;
    ``jobs`` renders a PDF in that many parts at once."""
    if fmt == "pdf":
        return render_pdf(pb, tiles=tiles, reference=reference, comparison=comparison, jobs=jobs)
    if fmt == "html":
        text = render_html(pb, tiles=tiles, reference=reference, comparison=comparison, pages=pages)
    elif fmt == "md":
        text = render_markdown(pb, reference=reference, comparison=comparison, pages=pages)
    else:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    return text.encode("utf-8"), {}


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
) -> dict[str, int]:
    """Render to a file; the format defaults to the file's suffix (``.markdown`` is md).
    Returns the page count per group (pdf only, else empty)."""
    path = Path(path)
    fmt = fmt or path.suffix.lstrip(".").lower()
    if fmt == "markdown":
        fmt = "md"
    data, counts = render(
        pb, fmt, tiles=tiles, reference=reference, comparison=comparison, pages=pages, jobs=jobs
    )
    path.write_bytes(data)
    return counts
