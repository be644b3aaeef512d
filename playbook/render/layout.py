"""Layout: a table's rows (sorted, with their tiles), its printed lines, columns and pages.

Every line of a printed table has a fixed height, so the pages and columns are laid out here,
in Python (:func:`paginate`), and weasyprint only fills fixed table cells: CSS multi-column
layout would lay every line out several times over. The figures below are those of the CSS
(``playbook/render/templates/playbook.css``).

What is particular to a game's feedback comes from the game's hooks (the class named by the
playbook's rules): the reading order of a table's rows (:meth:`Game.row_key`) and the tiles of
a block of feedback (:meth:`Game.tile_pattern`). The texts a line writes besides its marks and
words ("any other feedback:", "play", the count of words) are measured in the sheet's
language (a :class:`~playbook.render.i18n.Translator`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from playbook.games import Game
from playbook.model import Move, Row, Table, TryWords
from playbook.render.i18n import ENGLISH, Translator
from playbook.render.tiles import CELL
from playbook.spelling import Spelling

PLAIN = Spelling()
"""Words as they are (no list spelling)."""

FLOW_ROWS = 40
"""A letter with at most this many table lines shares a page with its neighbours instead of
starting a new one (it never splits across pages)."""

KEEP = 16
"""An exception with at most this many lines stays in one column."""

# Page geometry in mm; the CSS (playbook/render/templates/playbook.css) uses the same figures.
TEXT_WIDTH = 186.0
TEXT_HEIGHT = 270.0
"""A4 less the margins (273 mm), less a little slack."""
COLUMN_GAP = 5.0
LINE = 4.2
"""Height of a table line."""
# a tile is CELL ch wide: the marks of a row are spaced by 0.3 ch (letter-spacing), each on
# its tile, and the words line over a column spaces the openings' letters the same way
FACT_LINE = 3.8
CHART_LINE = 3.1
HEAD_GAP = 2.5
FLOW_GAP = 4.0
_CH = 0.602 * 8 * 25.4 / 72
"""Width of a DejaVu Sans Mono character at 8 pt: table lines are monospaced in the PDF."""
TEXT_CHAR = 1.6
"""Generous average width of a character of DejaVu Sans at 8 pt."""
FACTS_WIDTH = TEXT_WIDTH - 14 - 36
"""Width of the facts in a group's head: the text less the letter and the chart."""


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
    codes: str = ""
    """The marks of the blocks (``o.x.. ..x..``), one monospaced text run over the tiles."""
    layers: list[tuple[float, str]] = dataclasses.field(default_factory=list)
    """The PDF's tile images: (offset in ch, pattern) per block, behind ``codes``."""
    style: str = ""
    """The PDF's inline style placing ``layers`` (set per tile style by the renderer)."""


def sort_table(table: Table, game: type[Game]) -> list[Row]:
    """Rows in the game's reading order (Lingo: by the feedback of the first move, then the
    second..., right place before wrong place before absent); ``*`` last."""
    return game.reading_order(table)


def _blocks(feedback: str, movers: Sequence[str], game: type[Game]) -> list[Block]:
    parts = feedback.split()
    if not parts or feedback.strip() == "*":
        return []
    if len(parts) != len(movers):
        return [Block("", "", feedback)]
    return [
        Block(word, game.tile_pattern(part, word) or "", part)
        for word, part in zip(movers, parts, strict=True)
    ]


def _codes(blocks: Sequence[Block]) -> tuple[str, list[tuple[float, str]]]:
    """The marks of a row's blocks as one text run, and where each block's tiles go: a mark
    advances ``CELL`` ch (its glyph 1 ch, then the spacing); the run starts half the spacing
    in (its padding), so each tile, ``CELL`` ch wide, is centred on its mark."""
    texts = [b.text for b in blocks]
    layers: list[tuple[float, str]] = []
    start = 0
    for b, text in zip(blocks, texts, strict=True):
        if b.pattern:
            layers.append((start * CELL, b.pattern))
        start += len(text) + 1
    return " ".join(texts), layers


DOUBT = "\u2020"
"""The mark (†) after a word the plan does not guarantee within the turns."""


@dataclasses.dataclass(frozen=True)
class Look:
    """How a playbook's words and feedback are shown: the game's presentation hooks, the
    list's spelling, and the words its plans do not guarantee (marked with :data:`DOUBT`)."""

    game: type[Game]
    spell: Spelling = PLAIN
    doubtful: frozenset[str] = frozenset()

    def word(self, w: str) -> str:
        """A word as written, marked where it is not guaranteed."""
        return self.spell.text(w) + (DOUBT if w in self.doubtful else "")


def row_views(table: Table, movers: Sequence[str], look: Look, top: bool = True) -> list[RowView]:
    """A table's rows, sorted, with their tiles; ``movers`` are the words whose feedback the
    rows show (the openings, or the move of an exception); words as ``look`` shows them."""
    game, spell = look.game, look.spell
    out: list[RowView] = []
    prev_first: str | None = None
    for r in sort_table(table, game):
        node = r.node
        words: tuple[str, ...] = ()
        if isinstance(node, Move):
            sub = row_views(node.table, [node.word], look, False) if node.table else []
            kind, move = "move", spell.text(node.word)
        else:
            assert isinstance(node, TryWords)
            sub, move = [], ""
            kind = "all" if node.words is None else "try"
            words = tuple(map(look.word, node.words or ()))
        parts = r.feedback.split()
        first = parts[0] if parts else ""
        blocks = _blocks(r.feedback, [spell.tiles(w) for w in movers], game)
        rv = RowView(
            r.feedback, blocks, kind, words, move, r.words, sub, any_other=r.feedback.strip() == "*"
        )
        rv.codes, rv.layers = _codes(blocks)
        rv.new_group = top and len(parts) > 1 and prev_first is not None and first != prev_first
        prev_first = first
        out.append(rv)
    return out


# ---------------------------------------------------------------- lines


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
    text: str = ""
    """A ``words`` line: the openings' letters, spaced to stand over their tiles."""

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


def _tiles_mm(r: RowView, tr: Translator) -> float:
    chars = len(r.codes) * CELL + 1.5 if r.codes else 0.5
    if r.any_other:
        chars += len(tr.gettext("any other feedback:")) + 1
    return chars * _CH


def _words_count(n: int, tr: Translator) -> str:
    """How many words are still possible at an exception move ("12 words")."""
    return tr.ngettext("%(num)s words", "%(num)s words", n) % {"num": n}


def _text_mm(r: RowView, tr: Translator, count: bool = False) -> float:
    """Width of a row's text: its words, or "▶ play WORD · N words" (the arrow, the
    word in bold and some slack count as 4 characters more)."""
    if r.kind == "try":
        return len(", ".join(r.words)) * _CH
    if r.kind == "move":
        extra = 3 + len(_words_count(r.count, tr)) if count and r.count else 0
        return (len(r.move) * 1.2 + 4 + len(tr.gettext("play")) + extra) * _CH
    return 26 * _CH


def column_width(columns: int) -> float:
    """Usable width of a column (mm), the narrowest of them."""
    pad = COLUMN_GAP if columns > 2 else COLUMN_GAP / 2 if columns == 2 else 0
    return TEXT_WIDTH / columns - pad


def choose_columns(rows: list[RowView], tr: Translator = ENGLISH) -> int:
    """The number of columns that needs the fewest lines per column; a row too long for
    its column wraps its words onto further lines (texts in ``tr``'s language)."""
    if not rows:
        return 1
    widest_tiles = max(_indent_mm(lvl) + _tiles_mm(r, tr) for r, lvl in _walk(rows))
    best, best_score = 1, math.inf
    for c in (1, 2, 3, 4):
        width = column_width(c)
        if widest_tiles + 8 * _CH > width:
            break
        score = math.ceil(sum(ln.h for ln in flatten(rows, width, tr=tr)) / c)
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
    rows: Sequence[RowView],
    width: float,
    lvl: int = 0,
    parents: tuple[Line, ...] = (),
    tr: Translator = ENGLISH,
) -> list[Line]:
    """The rows as printed lines, exceptions' tables inline after their move (texts in
    ``tr``'s language)."""
    out: list[Line] = []
    for r in rows:
        if r.kind == "move":
            head = Line("move", r, lvl + 1, parents)
            room = width - _indent_mm(lvl + 1) - _tiles_mm(r, tr)
            head.count = bool(r.count) and _text_mm(r, tr, True) <= room
            head.compact = _text_mm(r, tr) > room
            out.append(head)
            sub = (
                flatten(r.sub, width, lvl + 1, (*parents, head), tr)
                if r.sub
                else [Line("then", None, lvl + 1, (*parents, head))]
            )
            head.size = 1 + sum(s.h for s in sub)
            out.extend(sub)
            continue
        line = Line(r.kind, r, lvl, parents)
        if r.kind == "try":
            first = width - _indent_mm(lvl) - _tiles_mm(r, tr)
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


def pack(
    lines: Sequence[Line], cap: int, ncols: int, head: Line | None = None
) -> tuple[list[list[Line]], int]:
    """Fill up to ``ncols`` columns of ``cap`` text lines; returns the columns and how many of
    ``lines`` they hold. Every column starts with ``head`` (the openings over their tiles); a
    column that starts inside an exception repeats its header; a small exception is not
    split over two columns."""
    cols: list[list[Line]] = []
    i = 0
    while i < len(lines) and len(cols) < ncols:
        col: list[Line] = [] if head is None else [head]
        used = len(col)
        parents = lines[i].parents
        if parents and len(parents) < cap - 1 - used:
            col.extend(_cont(p) for p in parents)
            used += len(parents)
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


# ---------------------------------------------------------------- pages


class Section(Protocol):
    """What the pages need of a group's view (a :class:`playbook.render.views.GroupView`)."""

    anchor: str
    """Where the group starts, for links and page numbers."""
    columns: int
    flow: bool
    """A small group: it may follow another on the same page."""
    head_h: float
    """mm of the group's head, above its table."""
    lines: list[Line]
    words_line: Line | None
    """The openings over their tiles, at the top of each column (None: no tiles)."""


@dataclasses.dataclass
class Chunk:
    """The part of one group on one page."""

    group: Section
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


def _group_pages(g: Section, head_room: float) -> list[Chunk]:
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
        cols, used = pack(rest, cap, g.columns, g.words_line)
        head = g.head_h if first else 0.0
        if used == len(rest):
            k = max(1, math.ceil(sum(ln.h for ln in rest) / g.columns))
            while k < cap:
                cols, used = pack(rest, k, g.columns, g.words_line)
                if used == len(rest) and not _splits(cols):
                    break
                k += 1
            else:
                cols, used = pack(rest, cap, g.columns, g.words_line)
            height = head + max(_height(c) for c in cols) * LINE
            out.append(Chunk(g, first, True, cols, height))
            return out
        out.append(Chunk(g, first, False, cols, head + max(_height(c) for c in cols) * LINE))
        rest = rest[used:]
        first, cap = False, full


MIN_START = 6
"""Table lines a group needs below its head to start on a page another group has begun."""


def paginate(groups: Sequence[Section]) -> list[PageView]:
    """Lay the groups out on pages, one after the other: a group starts on the page before
    when its head and a few lines fit there, and goes on over the pages after."""
    pages: list[PageView] = []
    for g in groups:
        if pages:
            room = TEXT_HEIGHT - pages[-1].height - FLOW_GAP - g.head_h
            if room >= MIN_START * LINE:
                chunks = _group_pages(g, room)
                chunks[0].gap = FLOW_GAP
                pages[-1].chunks.append(chunks[0])
                pages.extend(PageView([c]) for c in chunks[1:])
                continue
        chunks = _group_pages(g, TEXT_HEIGHT - g.head_h)
        pages.extend(PageView([c]) for c in chunks)
    return pages
