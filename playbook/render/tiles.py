"""Tiles: how the feedback on a word's letters is drawn.

Each block of a row's feedback belongs to one move (an opening, or the move of an exception)
and is drawn on that word's letters: right place a red square, wrong place a yellow circle,
absent plain (``lingo`` style), or green, yellow and grey squares with a corner mark
(``wordle`` style). Shapes and marks keep a black-and-white print readable.

A block's *pattern* has one digit per letter: 2 right place, 1 wrong place, 0 absent. The
HTML draws the tiles of a block as one background image of its pattern, one CSS class per
pattern (:func:`tile_css`), under the word as one text run (one text box per block rather
than one per letter). The PDF places PNG images of the patterns (:func:`tile_png`, served to
weasyprint as ``tile:STYLE-PATTERN``) behind each row's spaced letters (:func:`layer_style`).
"""

from __future__ import annotations

import base64
import functools
import io
from collections.abc import Iterable, Sequence
from typing import Any

from playbook.language import Translate, english
from playbook.names import TILE_STYLES as TILE_STYLES

PALETTES: dict[str, dict[str, dict[str, str]]] = {
    "lingo": {
        # on paper (black letters): a light red square, a yellow circle, plain paper
        "print": {"2": "#f4948e", "2-edge": "#c8102e", "1": "#ffd21f", "1-edge": "#9c7a00"},
        # on a screen (white letters), the show's colours: red, a yellow ball, blue
        "screen": {"2": "#d42a2a", "1": "#ffd21f", "0": "#2458a6"},
    },
    "wordle": {
        # on paper: lighter fills for black letters, a dark corner mark for grey print
        "print": {
            "2": "#6aaa64",
            "1": "#d9c45c",
            "0": "#dcdee1",
            "2-mark": "#1d4d1a",
            "1-mark": "#4d4000",
        },
        # on a screen, Wordle's own: green, yellow, grey
        "screen": {"2": "#6aaa64", "1": "#c9b458", "0": "#787c7e"},
    },
}
"""Every colour of the tiles, per style, for paper (the book, the card: :func:`tile_svg`) and
for a screen (the play-along page: :func:`screen_css`): the one place they are set. Paper
and screen differ on purpose: black letters on light fills on paper, white on the game's
colours on a screen."""


APP = {"theme": "#1d3f73", "background": "#f4f5f7", "icon-edge": "#f5b0b0"}
"""The installed site's colours beside the tiles': the page's header blue (the app's theme
colour, the icon's ground), the page's background (the splash screen) and the icon tile's
inner edge."""


def screen_css(style: str) -> str:
    """The play-along page's tile colours of ``style`` (classes ``.t.m0`` to ``.t.m2``)."""
    c = PALETTES[style]["screen"]
    rule = f".tiles-{style} .t"
    if style == "lingo":
        return "\n".join(
            (
                f"{rule}.m0 {{ background: {c['0']}; }}",
                f"{rule}.m1 {{ background: radial-gradient(circle closest-side, {c['1']} 0 92%, "
                f"{c['0']} 96%); color: #222; }}",
                f"{rule}.m2 {{ background: {c['2']}; box-shadow: inset 0 0 0 .15rem #fff6; }}",
            )
        )
    return "\n".join(f"{rule}.m{d} {{ background: {c[d]}; }}" for d in "012")


CELL = 1.3
"""Width of a tile in ``ch`` (a mark is 1 ch, then 0.3 ch of letter-spacing)."""
TILE_HEIGHT = 1.2
"""Height of a tile in ``em``."""


def tile_svg(style: str, pattern: str) -> str:
    """The background image of one block: ``pattern`` is a string of 2 (right place),
    1 (wrong place) and 0 (absent) digits. Cells are 108 x 130 units, stretched to a tile."""
    w, h = 108, 130
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * len(pattern)}" height="{h}" '
        f'viewBox="0 0 {w * len(pattern)} {h}" preserveAspectRatio="none">'
    ]
    c = PALETTES[style]["print"]
    for i, d in enumerate(pattern):
        x = i * w
        if style == "wordle":
            out.append(f'<rect x="{x + 6}" y="10" width="96" height="110" fill="{c[d]}"/>')
            if d == "2":  # corner triangle
                out.append(f'<path d="M{x + 80} 10 H{x + 102} V32 Z" fill="{c["2-mark"]}"/>')
            elif d == "1":  # corner dot
                out.append(f'<circle cx="{x + 91}" cy="21" r="7" fill="{c["1-mark"]}"/>')
        elif d == "2":
            out.append(
                f'<rect x="{x + 9}" y="13" width="90" height="104" fill="{c["2"]}" '
                f'stroke="{c["2-edge"]}" stroke-width="10"/>'
            )
        elif d == "1":
            out.append(
                f'<ellipse cx="{x + 54}" cy="65" rx="49" ry="54" fill="{c["1"]}" '
                f'stroke="{c["1-edge"]}" stroke-width="6"/>'
            )
    out.append("</svg>")
    return "".join(out)


def tile_css(style: str, patterns: Iterable[str]) -> str:
    """One CSS class per block pattern used (at most 3 ** length of them)."""
    pats = sorted(set(patterns))
    lines = [
        f".L{n} {{ background-size: {CELL * n:.2f}ch {TILE_HEIGHT}em; }}"
        for n in sorted({len(p) for p in pats})
    ]
    for p in pats:
        if style == "lingo" and set(p) <= {"0"}:
            continue  # all absent: plain letters
        data = base64.b64encode(tile_svg(style, p).encode()).decode()
        lines.append(f'.p{p} {{ background-image: url("data:image/svg+xml;base64,{data}"); }}')
    return "\n".join(lines)


_PX = (52, 80)
"""A tile of the PDF in pixels: 1.3 ch x 1.2 em of 8 pt DejaVu Sans Mono at 600 dpi."""


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


def layer_style(style: str, layers: Sequence[tuple[float, str]]) -> str:
    """Inline CSS placing a PDF row's tile images, ``layers`` of (offset in ch, pattern),
    behind its marks."""
    if not layers:
        return ""
    urls, pos = [], []
    for offset, p in layers:
        if style == "lingo" and set(p) <= {"0"}:
            continue
        urls.append(f"url(tile:{style}-{p})")
        pos.append(f"{offset:g}ch 50%")
    if not urls:
        return ""
    n = len(layers[0][1])
    return (
        f"background-image: {', '.join(urls)}; background-position: {', '.join(pos)}; "
        f"background-size: {CELL * n:g}ch {TILE_HEIGHT}em"
    )


def legend(style: str, _: Translate = english) -> list[tuple[str, str, str]]:
    """(pattern digit, mark, description) of each mark, for the key on the cover; the
    descriptions translated by ``_``."""
    if style == "wordle":
        return [
            ("2", "o", _("right place: green, dark corner")),
            ("1", "x", _("wrong place: yellow, dot")),
            ("0", ".", _("absent: grey")),
        ]
    return [
        ("2", "o", _("right place: red square")),
        ("1", "x", _("wrong place: yellow circle")),
        ("0", ".", _("absent: plain")),
    ]
