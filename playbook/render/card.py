"""The card: one A4 sheet that holds all a contestant must learn; the book stays home.

Per letter, for each playbook given (the paper's rules and the TV rules side by side when
both are built): the opening words to play in order, the expected turns, the words to
memorise, and every exception with the feedback that triggers it (an exception move, an
exception row that stops the openings, a try list out of list order); the words the plan
does not guarantee, beside the fewest that any strategy under those rules must leave (exact
search, where the build decided it), with their trap families (the words tried with them,
in order). Above: the rules of play (the openings, the rule of early tries, list order
everywhere else), the feedback notation and the words of the small groups (q, x). Text
only, so it reads the same in black and white; nothing under 8 pt. In English or in another
of :data:`playbook.render.i18n.LANGUAGES`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

from playbook import memory
from playbook.games import Game
from playbook.kinds import AnswerModel, GuessPool
from playbook.model import GroupPlan, Move, Playbook, Table, group_key
from playbook.render import i18n
from playbook.render.html import html_env
from playbook.render.i18n import ENGLISH, Translator
from playbook.render.pdf import pdf_of_html
from playbook.render.views import template_text
from playbook.spelling import Spelling


@dataclasses.dataclass(frozen=True)
class Item:
    """One thing to memorise after the openings: when (the feedback that triggers it), what
    to play, and what to play after it (its own feedback's items)."""

    trigger: str
    """The feedback, block by block ("start": before anything is played)."""
    stop: bool
    """An exception row: the openings still to come are not played."""
    play: str
    """The word to play next ("" for a try list)."""
    tries: str
    """The words to try in this order ("" for none, "the words left" for list order, in the
    card's language)."""
    then: tuple[Item, ...] = ()
    board: tuple[tuple[tuple[str, str], ...], ...] = ()
    """The trigger as the board shows it: per block, the letters of the word it was played
    on, each with its mark (2 right place, 1 wrong place, 0 absent); empty where the
    feedback is not drawn as tiles (the trigger's text is shown then)."""
    words: int = 0
    """The games it decides: the words still possible where it applies."""
    first: bool = False
    """In the "learn first" tier: among the items that decide the most games."""


LEARN_FIRST = 10
"""Items of a column marked "learn first": those that decide the most games."""


def _learn_first(cells: Sequence[Cell | None]) -> list[Cell | None]:
    """The cells with the :data:`LEARN_FIRST` items that decide the most games marked."""

    def flat(items: Sequence[Item]) -> list[Item]:
        return [x for i in items for x in (i, *flat(i.then))]

    every = [i for c in cells if c is not None for i in flat(c.items)]
    ranked = sorted(every, key=lambda i: -i.words)[:LEARN_FIRST]
    chosen = {id(i) for i in ranked if i.words > 0}

    def mark(items: Sequence[Item]) -> tuple[Item, ...]:
        return tuple(
            dataclasses.replace(i, first=id(i) in chosen, then=mark(i.then)) for i in items
        )

    return [None if c is None else dataclasses.replace(c, items=mark(c.items)) for c in cells]


@dataclasses.dataclass(frozen=True)
class Cell:
    """One letter under one playbook's rules."""

    openings: str
    average: str
    items: tuple[Item, ...]
    """Exception moves, exception rows and try lists out of list order, in table order."""
    memorise: int
    """Words to learn for this letter: every distinct word the card prints for it, the
    words of a small group included (:func:`playbook.memory.printed`)."""
    unguaranteed: int
    """How many words the plan does not guarantee (the book names them, each with its
    chance among the words left with it)."""
    fewest: int | None
    """How few words any strategy must leave unguaranteed (None where not decided)."""


def _words(words: Sequence[str], spell: Spelling) -> str:
    return " ".join(spell.text(w) for w in words)


def _board(
    feedback: str, played: Sequence[str], spell: Spelling, game: type[Game]
) -> tuple[tuple[tuple[str, str], ...], ...]:
    """``feedback`` (one block per word of ``played``) as the board shows it: each word's
    letters with their marks; empty where a block is not drawn as tiles."""
    blocks = feedback.split()
    if not blocks or len(blocks) > len(played):
        return ()
    out = []
    for block, word in zip(blocks, played, strict=False):
        letters = spell.tiles(word)
        pattern = game.tile_pattern(block, letters)
        if pattern is None:
            return ()
        out.append(tuple((ch.upper(), d) for ch, d in zip(letters, pattern, strict=True)))
    return tuple(out)


def _items(
    table: Table | None,
    k: int,
    spell: Spelling,
    tr: Translator = ENGLISH,
    top: bool = True,
    played: Sequence[str] = (),
    game: type[Game] | None = None,
) -> list[Item]:
    """What ``table`` asks to memorise; in the group's table (``top``) a row with fewer
    than ``k`` blocks is an exception row. ``played``: the words its feedback's blocks are
    of (the openings; a move's word), drawn as the board shows them where ``game`` says how."""
    out: list[Item] = []
    start, other = tr.gettext("start"), tr.gettext("any other")
    for row in table or ():
        fb = other if row.feedback == "*" else row.feedback or start
        board = _board(row.feedback, played, spell, game) if game and row.feedback != "*" else ()
        stop = top and row.stops(k)
        node = row.node
        if isinstance(node, Move):
            then = tuple(_items(node.table, k, spell, tr, False, (node.word,), game))
            out.append(Item(fb, stop, spell.text(node.word), "", then, board, row.words))
        elif node.words is not None and list(node.words) != sorted(node.words):
            # an order to learn: printed (in list order it is the card's rule: the words left)
            out.append(Item(fb, stop, "", _words(node.words, spell), (), board, row.words))
        elif stop:
            out.append(Item(fb, stop, "", tr.gettext("the words left"), (), board, row.words))
    return out


def _cell(
    g: GroupPlan,
    spell: Spelling,
    tr: Translator = ENGLISH,
    game: type[Game] | None = None,
    small: Sequence[str] = (),
) -> Cell:
    st = g.stats
    return Cell(
        openings=_words(g.openings, spell) or "–",
        average=tr.decimal(st.average) if st and st.distribution else "",
        items=tuple(_items(g.table, len(g.openings), spell, tr, True, g.openings, game)),
        memorise=len(memory.printed(g, small)),
        unguaranteed=len(g.unguaranteed),
        fewest=0 if not g.unguaranteed else g.fewest_unguaranteed,
    )


def card_context(
    pb: Playbook,
    others: Sequence[Playbook] = (),
    answers: Sequence[str] = (),
    language: str = "en",
) -> dict[str, Any]:
    """What the card shows: a column per playbook (the paper's rules before the TV rules),
    a row per letter; ``answers`` (the playbook's list, in list order) gives the words of
    the small groups; the texts in ``language``."""
    tr = i18n.translator(language)
    _ = tr.gettext
    books = sorted([pb, *others], key=lambda b: b.game.guess_pool == GuessPool.REVEALED)
    names = sorted({g.group for b in books for g in b.groups}, key=group_key)
    spell = Spelling.of(pb.words)
    game, rules = type(pb.game), pb.game.record()
    few = memory.small_groups(answers, pb.game.group_of, [g for b in books for g in b.groups])
    rows = []
    for name in names:
        cells: list[Cell | None] = []
        for b in books:
            plan = next((g for g in b.groups if g.group == name), None)
            spelled = Spelling.of(b.words)
            cell = _cell(plan, spelled, tr, type(b.game), few.get(name, ())) if plan else None
            cells.append(cell)
        rows.append((spell.group(game.group_label(name, rules, _)), cells))
    for col in range(len(books)):  # each column's "learn first" tier
        marked = _learn_first([row_cells[col] for _label, row_cells in rows])
        for (_label, row_cells), cell in zip(rows, marked, strict=True):
            row_cells[col] = cell
    small = [
        (spell.group(game.group_label(n, rules, _)), _words(ws, spell))
        for n, ws in sorted(few.items(), key=lambda kv: group_key(kv[0]))
    ]
    columns = []
    for b in books:
        st = b.stats
        columns.append(
            {
                "name": b.name,
                "rules": game.label(b.game.record(), _),
                "average": tr.decimal(st.average) if st and st.distribution else "",
                "unguaranteed": sum(len(g.unguaranteed) for g in b.groups),
                "fewest": b.fewest_unguaranteed,
                "memorise": len(memory.card_words(b.groups, few)),
                "early": b.try_when_fit,
                "turns": b.game.record().get("turns", ""),
                "answers": answers_text(b, tr),
            }
        )
    items = [i for _label, cells in rows for c in cells if c for i in _flat(c.items)]
    return {
        "pb": pb,
        "title": card_title(pb, tr),
        "language": tr.language,
        "columns": columns,
        # the legend defines only what the card prints
        "has_stop": any(i.stop for i in items),
        "has_start": any(not i.board and i.trigger == _("start") for i in items),
        "has_first": any(i.first for i in items),
        "has_unguaranteed": any(c["unguaranteed"] for c in columns),
        "rows": rows,
        "small": small,
        "notation": _(game.notation),
        # each mark as the game writes it (absent, wrong place, right place): a tile row's
        # marks in the PDF's text layer, for a screen reader and a search
        "symbols": [pb.game.format(m)[-1] for m in range(3)],
        "legend": Markup(
            f'<span class="w"><span class="k2">A</span></span> {escape(_("right place"))}, '
            f'<span class="w"><span class="k1">B</span></span> {escape(_("wrong place"))}, '
            f'<span class="w"><span class="k0">C</span></span> {escape(_("absent"))}'
        ),
        "early": any(b.try_when_fit for b in books),
        "fewest_note": any(c["unguaranteed"] and c["fewest"] is not None for c in columns),
        "ij": _(spell.note),
        "css": Markup(template_text("card.css")),
    }


def _flat(items: Sequence[Any]) -> list[Any]:
    """A cell's items and those nested in their brackets."""
    out: list[Any] = []
    for i in items:
        out.append(i)
        out.extend(_flat(getattr(i, "then", None) or ()))
    return out


def card_title(pb: Playbook, tr: Translator) -> str:
    """The card's title as a contestant names the game: the show and the length ("Lingo
    (tv), 5 letters"; Wordle's hard mode so named); the plan's name for a game without
    words."""
    rules = pb.game.record()
    length = rules.get("length")
    if not isinstance(length, int):
        return pb.name
    show = pb.game.name.capitalize()
    if rules.get("guess_pool") == GuessPool.REVEALED:
        show += " " + tr.gettext("(tv)")
    if rules.get("hard"):
        show += " " + tr.gettext("(hard mode)")
    return tr.gettext("%(show)s, %(n)s letters") % {"show": show, "n": length}


def answers_text(pb: Playbook, tr: Translator) -> str:
    """Which words the plan promises to find, where it is not every word of its list alike:
    the common words (of how many), or every word with the most used tried first (the
    weighted model); empty otherwise."""
    info = pb.words
    model, n, total = info.answer_model, info.answers_count, info.count
    if model == AnswerModel.COMMON and isinstance(n, int) and isinstance(total, int):
        return tr.gettext("for the %(n)s common words (of %(total)s)") % {
            "n": tr.number(n),
            "total": tr.number(total),
        }
    if model == AnswerModel.PICKS and isinstance(n, int) and isinstance(total, int):
        return tr.gettext("for the %(n)s likely words (of %(total)s)") % {
            "n": tr.number(n),
            "total": tr.number(total),
        }
    if model == AnswerModel.WEIGHTED:
        return tr.gettext("every word, the most used tried first")
    return ""


def render_card(
    pb: Playbook,
    *,
    others: Sequence[Playbook] = (),
    answers: Sequence[str] = (),
    language: str = "en",
) -> bytes:
    """The card as an A4 PDF (one sheet: a page, or front and back), its texts in
    ``language`` (one of :data:`playbook.render.i18n.LANGUAGES`)."""
    ctx = card_context(pb, others, answers, language)
    data, _ = pdf_of_html(html_env(language).get_template("card.html.j2").render(ctx))
    return data
