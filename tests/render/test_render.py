"""Rendering: golden HTML and Markdown of a tiny game, escaping, and the PDF's text and pages.

Regenerate the golden files after a deliberate change of the templates with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_render.py
"""

from __future__ import annotations

import dataclasses
import functools
import io
import os
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from playbook import model, render
from playbook.games import WordGame
from playbook.model import GroupPlan, Move, Playbook, Row, Stats, TryWords

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


# ---------------------------------------------------------------- playbooks


def _marks(guess: str, answer: str) -> str:
    """Feedback in the paper's notation (Lingo rule for repeated letters)."""
    out = ["."] * len(guess)
    left: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            out[i] = "o"
        else:
            left[a] = left.get(a, 0) + 1
    for i, g in enumerate(guess):
        if out[i] == "." and left.get(g, 0):
            out[i] = "x"
            left[g] -= 1
    return "".join(out)


GAME = {"name": "lingo", "length": 5, "turns": 5, "revealed": "first", "guess_pool": "all"}
META = {"tool": "playbook 0.1.0", "created": "1994-06-01"}


def tiny() -> Playbook:
    """A hand-made game: an exception with a nested move, a '*' row, a group without
    openings and one without a table (the paper's 'try every word still possible')."""
    inner = (Row("o.o..", TryWords(("kapot",)), 1), Row("*", TryWords(None), 2))
    a_table = (
        Row("x.... ..x..", TryWords(("adres", "afval")), 2),
        Row("..... .....", Move("kumst", inner), 3),
        Row("xo... .x...", TryWords(("amper",)), 1),
        Row("*", TryWords(None), 4),
    )
    return Playbook(
        name="tiny",
        game=GAME,
        words={"list": "tiny-words", "count": 17, "sha256": "ab" * 32},
        groups=(
            GroupPlan(
                "q",
                (),
                (Row("", TryWords(("quant", "quasi")), 2),),
                words=2,
                largest=2,
                method="trivial",
                stats=Stats({1: 1, 2: 1}),
            ),
            GroupPlan(
                "a",
                ("bread", "stole"),
                a_table,
                words=10,
                largest=3,
                method="exhaustive",
                stats=Stats({3: 6, 4: 3, 5: 1}),
            ),
            GroupPlan(
                "z",
                ("zwart",),
                None,
                words=5,
                largest=2,
                method="reference",
                stats=Stats({2: 1, 3: 3}, failures=1),
                unguaranteed=("zucht",),
            ),
        ),
        description="A tiny game for the golden files",
        meta=META,
        stats=Stats({1: 1, 2: 2, 3: 9, 4: 3, 5: 1}, failures=1),
    )


def _table(
    answers: Sequence[str], moves: Sequence[str], pool: Sequence[str], depth: int = 0
) -> tuple[Row, ...]:
    """Rows by feedback; a row of three or more words plays a further word (an exception)."""
    by: dict[str, list[str]] = {}
    for w in answers:
        by.setdefault(" ".join(_marks(m, w) for m in moves), []).append(w)
    rows = []
    for fb, ws in sorted(by.items()):
        if len(ws) >= 3 and depth < 2:
            probe = next(p for p in pool if p not in ws and p not in moves)
            rows.append(Row(fb, Move(probe, _table(ws, [probe], pool[1:], depth + 1)), len(ws)))
        else:
            rows.append(Row(fb, TryWords(tuple(ws)), len(ws)))
    return tuple(rows)


def synthetic(words: Sequence[str], letters: str, openings: dict[str, tuple[str, ...]]) -> Playbook:
    """A playbook with real tables for some letters of a real list (no search: the tables
    just group the answers by feedback), so the PDF has lots of rows and exceptions."""
    groups = []
    for letter in letters:
        answers = [w for w in words if w[0] == letter]
        ops = openings[letter]
        table = _table([w for w in answers if w not in ops], ops, words[::7])
        groups.append(
            GroupPlan(
                letter,
                ops,
                table,
                words=len(answers),
                largest=3,
                method="hill-climbing",
                stats=Stats({3: 10, 4: len(answers)}),
            )
        )
    return Playbook(
        name="synthetic", game=GAME, words={"list": "opentaal-nl"}, groups=tuple(groups), meta=META
    )


@pytest.fixture(scope="module")
def sample_pb(dutch5: tuple[str, ...]) -> Playbook:
    return synthetic(
        dutch5,
        "kqux",
        {"k": ("manou", "kreek", "slipt"), "q": ("roeit",), "u": ("trein",), "x": ()},
    )


@pytest.fixture(scope="module")
def sample_pdf(sample_pb: Playbook) -> tuple[bytes, dict[str, int]]:
    return render.render_pdf(sample_pb)


def _pdf_text(data: bytes) -> list[str]:
    """Each page's text (pypdf takes a second or two for a PDF of these tables: a PDF's text
    is read once in this file, however many tests look at it)."""
    return list(_pdf_pages(data))


@functools.lru_cache(maxsize=8)
def _pdf_pages(data: bytes) -> tuple[str, ...]:
    from pypdf import PdfReader

    return tuple(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def _words(pb: Playbook, letter: str) -> set[str]:
    out: set[str] = set(pb.group(letter).openings)

    def walk(table: Sequence[Row] | None) -> None:
        for r in table or ():
            if isinstance(r.node, Move):
                out.add(r.node.word)
                walk(r.node.table)
            elif r.node.words:
                out.update(r.node.words)

    walk(pb.group(letter).table)
    return out


# ---------------------------------------------------------------- golden files


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{path} was missing and has been written; check it and run again")
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from the golden file; if the change is intended, run with UPDATE_GOLDEN=1"
    )


def test_golden_html() -> None:
    _golden("tiny.html", render.render_html(tiny()))


def test_golden_markdown() -> None:
    _golden("tiny.md", render.render_markdown(tiny()))


def test_wordle_tiles() -> None:
    wordle = render.render_html(tiny(), tiles="wordle")
    assert wordle != render.render_html(tiny())
    assert "right place: green" in wordle
    assert "#6aaa64" in render.tiles.tile_svg("wordle", "210")
    assert render.tile_png("wordle", "210")[:4] == b"\x89PNG"


def test_tiny_content() -> None:
    html = render.render_html(tiny())
    md = render.render_markdown(tiny())
    for text in (html, md):
        for w in (
            "bread",
            "stole",
            "adres",
            "afval",
            "kumst",
            "kapot",
            "amper",
            "quant",
            "zwart",
            "zucht",
            "tiny-words",
            "1994-06-01",
            "playbook 0.1.0",
        ):
            assert w in text, w
        assert "every word still possible" in text
    assert "| `..... .....` | **play kumst** (3 words) |" in md
    assert "| ↳ `o.o..` | kapot |" in md
    assert "| ↳ any other | *every word still possible* |" in md


# ---------------------------------------------------------------- safety


def evil() -> Playbook:
    pb = tiny()
    a = pb.group("a")
    table = (
        Row("x.... .....", TryWords(("<i>zz", "a&b|c")), 2),
        Row("..... .....", Move("<script>", None), 1),
    )
    groups = (
        dataclasses.replace(a, openings=("<b>ab", "&amp;"), table=table, unguaranteed=("*x*",)),
    )
    return dataclasses.replace(
        pb,
        name="<b>bold</b> & co",
        description="<script>alert(1)</script>",
        groups=groups,
        words={"list": "<img src=x onerror=alert(1)>", "count": 3},
    )


def test_html_escapes_words_and_names() -> None:
    html = render.render_html(evil())
    body = html[html.index("</style>") :]
    for tag in ("<b>bold", "<b>ab", "<i>zz", "<script>", "<img"):
        assert tag not in body, tag
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in body
    assert "&lt;b&gt;ab" in body and "&amp;amp;" in body
    assert "&lt;i&gt;zz, a&amp;b|c" in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    # the PDF path too: same escaping, the words appear as text
    ctx = render.views.context(evil(), pdf=True)
    pdf_html = render.html.html_env().get_template("playbook.html.j2").render(ctx)
    pdf_body = pdf_html[pdf_html.index("</style>") :]
    for tag in ("<b>bold", "<b>ab", "<i>zz", "<script>", "<img"):
        assert tag not in pdf_body, tag


def test_markdown_escapes_words_and_names() -> None:
    md = render.render_markdown(evil())
    assert "<b>" not in md and "<script>" not in md and "<i>" not in md and "<img" not in md
    assert "# &lt;b&gt;bold&lt;/b&gt; &amp; co" in md
    assert "&lt;i&gt;zz, a&amp;b\\|c" in md
    assert "\\*x\\*" in md
    for line in md.splitlines():
        if line.startswith("| `x.... .....`"):
            assert line.count("|") - line.count("\\|") == 3  # one row, two cells


def test_md_escape() -> None:
    assert render.md_escape("a_b*c [l](u)") == "a\\_b\\*c \\[l\\](u)"
    assert render.md_escape("# h") == "\\# h"
    assert render.md_escape("1. a") == "1\\. a"
    assert render.md_escape("x\ny|z") == "x y\\|z"


def test_pdf_shows_markup_as_text() -> None:
    pdf, _ = render.render_pdf(evil())
    text = "\n".join(_pdf_text(pdf))
    assert "<b>bold</b> & co" in text
    assert "a&b|c" in text


def test_fetcher_refuses_files_and_network() -> None:
    fetch = render.pdf.url_fetcher()
    for url in ("file:///etc/passwd", "http://example.com/x.png", "tile:lingo-2x1"):
        with pytest.raises(ValueError):
            fetch.fetch(url)
    assert fetch.fetch("tile:lingo-21000").read()[:4] == b"\x89PNG"


# ---------------------------------------------------------------- layout


def test_rows_sorted_by_first_opening_then_second() -> None:
    rows = (
        Row("..... o....", TryWords(("c",))),
        Row("x.... .....", TryWords(("b",))),
        Row("*", TryWords(None)),
        Row("o.... .....", TryWords(("a",))),
        Row("x.... o....", TryWords(("d",))),
    )
    assert [r.feedback for r in render.sort_table(rows, WordGame)] == [
        "o.... .....",
        "x.... o....",
        "x.... .....",
        "..... o....",
        "*",
    ]


def test_pagination_keeps_every_line_once(sample_pb: Playbook) -> None:
    views = render.group_views(sample_pb)
    pages = render.paginate(views)
    cap = int(render.layout.TEXT_HEIGHT // render.layout.LINE)
    for v in views:
        placed = [
            ln
            for p in pages
            for c in p.chunks
            if c.group is v
            for col in c.columns
            for ln in col
            if ln.kind not in ("cont", "words")  # repeated at the top of columns
        ]
        assert placed == v.lines
    for p in pages:
        assert p.height <= render.layout.TEXT_HEIGHT + 1e-6
        for c in p.chunks:
            for col in c.columns:
                assert sum(ln.h for ln in col) <= cap


def test_small_letters_share_a_page(sample_pb: Playbook) -> None:
    views = {v.group: v for v in render.group_views(sample_pb)}
    assert views["x"].flow and views["q"].flow and not views["k"].flow
    pages = render.paginate(list(views.values()))
    assert any(len(p.chunks) > 1 for p in pages)


# ---------------------------------------------------------------- PDF


@pytest.mark.slow
def test_pdf_text_has_every_word(
    sample_pb: Playbook, sample_pdf: tuple[bytes, dict[str, int]]
) -> None:
    pdf, _ = sample_pdf
    text = "\n".join(_pdf_text(pdf))
    found = set(re.findall(r"[a-z]{5}", text))
    for letter in "kqux":
        missing = _words(sample_pb, letter) - found
        assert not missing, (letter, sorted(missing)[:10])


@pytest.mark.slow
def test_pdf_pages_follow_the_plan(
    sample_pb: Playbook, sample_pdf: tuple[bytes, dict[str, int]]
) -> None:
    pdf, pages = sample_pdf
    texts = _pdf_text(pdf)
    plan = render.paginate(render.group_views(sample_pb))
    assert len(texts) == 1 + len(plan), "a page overflowed: the layout model is off"
    assert pages["k"] == sum(1 for p in plan if any(c.group.group == "k" for c in p.chunks))
    assert pages["k"] >= 2 and all(pages[g] >= 1 for g in "qux")
    assert "page 2 of" in texts[1]


def _navigation(data: bytes) -> tuple[object, ...]:
    """Where a PDF's named destinations, bookmarks and links lead (page numbers)."""
    from pypdf import PdfReader

    r = PdfReader(io.BytesIO(data))
    dests = {k: r.get_destination_page_number(v) for k, v in r.named_destinations.items()}

    def walk(items: list[object], depth: int = 0) -> list[tuple[int, str, int]]:
        out = []
        for it in items:
            if isinstance(it, list):
                out += walk(it, depth + 1)
            else:
                out.append((depth, it.title, r.get_destination_page_number(it)))  # type: ignore[attr-defined]
        return out

    links = [[str(a.get_object().get("/Dest")) for a in p.get("/Annots") or []] for p in r.pages]
    headers = [t.splitlines()[:3] for t in _pdf_text(data)]
    return dests, walk(r.outline), links, headers


@pytest.mark.slow
def test_pdf_in_parts_is_the_whole_pdf(
    sample_pb: Playbook, sample_pdf: tuple[bytes, dict[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # what --jobs 2 does to a big playbook, on a small one: two parts rendered at once and
    # joined must give the same pages, text, page numbers, links and bookmarks
    joined = []
    join = render.pdf.join_pdfs
    monkeypatch.setattr(render.pdf, "SPLIT_MIN_PAGES", 2)
    monkeypatch.setattr(render.pdf, "join_pdfs", lambda *a: joined.append(1) or join(*a))
    whole, whole_pages = sample_pdf
    parts, parts_pages = render.render_pdf(sample_pb, jobs=2)
    assert joined, "not rendered in parts"
    assert parts_pages == whole_pages
    assert _pdf_text(parts) == _pdf_text(whole)
    assert _navigation(parts) == _navigation(whole)


@pytest.mark.slow
def test_page_numbers_follow_a_long_cover(sample_pb: Playbook) -> None:
    # a cover of more than one page moves every page number (the playbook is rendered again)
    pb = dataclasses.replace(sample_pb, description=" ".join(["a long description"] * 700))
    pdf, _ = render.render_pdf(pb)
    texts = _pdf_text(pdf)
    dests, _, _, _ = _navigation(pdf)
    cover = dests["g0"]
    assert cover >= 2
    assert f"page {cover + 1} of {len(texts)}" in texts[cover]
    summary = "\n".join(texts[:cover])
    assert re.search(rf"\bk\b.*\b{cover + 1}\n", summary), "the contents give the wrong page"


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_page_numbers_follow_weasyprint_where_the_layout_model_is_off(
    sample_pb: Playbook, jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a model that thinks pages hold more lines than they do: tables run past their pages, so
    # the PDF has more pages than planned; the page numbers, the total and the contents must
    # still be those of the PDF as printed
    joined = []
    join = render.pdf.join_pdfs
    monkeypatch.setattr(render.layout, "TEXT_HEIGHT", 330.0)
    monkeypatch.setattr(render.pdf, "SPLIT_MIN_PAGES", 2)
    monkeypatch.setattr(render.pdf, "join_pdfs", lambda *a: joined.append(1) or join(*a))
    plan = render.paginate(render.group_views(sample_pb))
    pdf, _ = render.render_pdf(sample_pb, jobs=jobs)
    texts = _pdf_text(pdf)
    assert len(texts) > 1 + len(plan), "the layout model was not off: nothing tested"
    assert bool(joined) == (jobs > 1), "rendered in parts with one job, or in one with two"
    for i, text in enumerate(texts[1:], start=2):
        assert f"page {i} of {len(texts)}" in text, (i, text.splitlines()[:3])
    dests, _, _, _ = _navigation(pdf)
    summary = texts[0]
    for letter, anchor in (("k", "g0"), ("q", "g1"), ("u", "g2")):
        assert re.search(rf"\b{letter}\b.*\b{dests[anchor] + 1}\n", summary), letter


def test_paper_playbook_renders() -> None:
    from playbook import model

    path = Path(__file__).resolve().parents[2] / "config" / "lingo-1994-paper.yaml"
    pb = model.load(str(path))
    pdf, pages = render.render_pdf(pb, tiles="wordle")
    text = "\n".join(_pdf_text(pdf))
    for g in pb.groups:
        for w in g.openings:
            assert w in text, w
    assert set(pages) == {g.group for g in pb.groups}
    md = render.render_markdown(pb)
    assert "play gazon" in md and "every word still possible" in md


def test_render_picks_the_format() -> None:
    data, counts = render.render(tiny(), "md")
    assert counts == {} and data.decode().startswith("# tiny")
    data, _ = render.render(tiny(), "html", pages={"a": 2, "q": 1, "z": 1})
    html = data.decode()
    assert html.startswith("<!DOCTYPE html>") and '<th class="n">pages</th>' in html
    with pytest.raises(ValueError, match="unknown format"):
        render.render(tiny(), "txt")
    with pytest.raises(ValueError, match="tile style"):
        render.render_html(tiny(), tiles="neon")


def test_formats_registry(tmp_path: Path) -> None:
    assert list(render.FORMATS) == ["pdf", "html", "md", "card", "page"]
    suffixes = {"card": "-card.pdf", "page": "-play.html"}
    for name, f in render.FORMATS.items():
        assert f.name == name and f.suffix == suffixes.get(name, f".{name}") and f.description
        assert f.paged == (name == "pdf")
        assert f.needs_answers == (name == "page")
    assert render.render(tiny(), "md") == (render.render_markdown(tiny()).encode(), {})
    data, counts = render.render(tiny(), "html", tiles="wordle", pages={"a": 2})
    assert data.decode() == render.render_html(tiny(), tiles="wordle", pages={"a": 2})
    assert counts == {}


def test_card_is_one_page_with_both_rules(sample_pb: Playbook) -> None:
    # the same groups under the TV rules beside the paper's: one A4 page with both
    tv = dataclasses.replace(
        sample_pb,
        name="synthetic-tv",
        game={**GAME, "guess_pool": "revealed"},
        groups=tuple(
            dataclasses.replace(g, openings=tuple(reversed(g.openings)), unguaranteed=("kogen",))
            for g in sample_pb.groups
        ),
    )
    data, _ = render.render(tv, "card", beside=[(sample_pb, None, None)])
    texts = _pdf_text(data)
    assert len(texts) == 1
    text = texts[0]
    assert text.index("free guesses") < text.index("TV rules")  # the paper's rules first
    assert "manou kreek slipt" in text and "slipt kreek manou" in text
    assert "not guaranteed" in text and "the card" in text


def test_card_keeps_each_letter_on_one_side(sample_pb: Playbook) -> None:
    # a card long enough for two sides: no letter's row is cut across the page break (its
    # openings at the foot of one side, its exceptions at the head of the other)
    from weasyprint import HTML
    from weasyprint.formatting_structure.boxes import TableRowBox

    from playbook.render.card import card_context

    ctx = card_context(sample_pb)
    # 20 copies of the rows: four pages, three breaks (40 made seven pages, 4.4 s of layout)
    ctx["rows"] = [(f"{label}{i}", cells) for i in range(20) for label, cells in ctx["rows"]]
    html = render.html.html_env().get_template("card.html.j2").render(ctx)
    pages: dict[int, set[int]] = {}
    document = HTML(string=html).render()
    for n, page in enumerate(document.pages):
        for box in page._page_box.descendants():
            if isinstance(box, TableRowBox) and box.element.find("td") is not None:
                pages.setdefault(id(box.element), set()).add(n)
    assert len(document.pages) > 2 and len(pages) == len(ctx["rows"])
    assert all(len(on) == 1 for on in pages.values())


@pytest.mark.slow  # a shipped plan's card: a PDF and its text read back
def test_the_dutch_card_reads_as_the_board_and_its_text_holds_the_marks() -> None:
    """Issue 56, items 5 and 9: the card's title is the show and the length; its legend
    defines only what it prints; each tile row's marks are in the PDF's text layer, as the
    game writes them (``o x .``), after the row's letters."""
    from playbook.io import shipped
    from playbook.render.card import card_context

    path = shipped.path_of(shipped.index()["lingo-nl-5-tv"])
    pb = model.load(str(path))
    data, _ = render.render(pb, "card", language="nl")
    (text,) = _pdf_text(data)
    flat = " ".join(text.split())
    assert flat.startswith("Lingo (tv), 5 letters")
    ctx = card_context(pb, language="nl")
    assert ("stop:" in flat) == ctx["has_stop"] and ("begin:" in flat) == ctx["has_start"]
    assert ("niet gegarandeerd:" in flat) == ctx["has_unguaranteed"]
    boards = [
        i.board for _label, cells in ctx["rows"] for c in cells if c for i in c.items if i.board
    ]
    assert boards
    for block in boards[0]:
        letters = " ".join(ch for ch, _d in block)
        marks = "".join(ctx["symbols"][int(d)] for _ch, d in block)
        assert f"{letters} {marks}" in flat, (letters, marks)
