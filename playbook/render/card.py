"""The card: one A4 page a contestant can learn by heart and take along.

Per letter, for each playbook given (the paper's rules and the TV rules side by side when
both are built): the opening words to play in order, the expected turns, the exception moves
that the tables hold (the only times something else than a row's words is played), and how
many words the plan does not guarantee, beside the fewest that any strategy under those rules
must leave (exact search, where the build decided it). Text only, so it reads the same in
black and white.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from playbook.games import game_class
from playbook.model import GroupPlan, Move, Playbook, Table
from playbook.render.html import html_env
from playbook.render.pdf import pdf_of_html
from playbook.render.views import template_text
from playbook.spelling import Spelling

FOLLOW_UPS = 3
"""Exception moves shown per letter and playbook (the rest counted)."""


@dataclasses.dataclass(frozen=True)
class Cell:
    """One letter under one playbook's rules."""

    openings: str
    average: str
    moves: tuple[tuple[str, int], ...]
    """Exception moves (word, words they sort out over its rows), the largest first."""
    more: int
    """Exception moves not shown."""
    unguaranteed: int
    fewest: int | None
    """How few words any strategy must leave unguaranteed (None where not decided)."""


def _moves(table: Table | None) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for row in table or ():
        if isinstance(row.node, Move):
            out.append((row.node.word, row.words))
            out += _moves(row.node.table)
    return out


def _cell(g: GroupPlan, spell: Spelling) -> Cell:
    by_word: dict[str, int] = {}
    for w, n in _moves(g.table):
        by_word[w] = by_word.get(w, 0) + n
    moves = sorted(by_word.items(), key=lambda m: -m[1])
    st = g.stats
    return Cell(
        openings=" ".join(map(spell.text, g.openings)) or "–",
        average=f"{st.average:.2f}" if st and st.distribution else "",
        moves=tuple((spell.text(w), n) for w, n in moves[:FOLLOW_UPS]),
        more=max(0, len(moves) - FOLLOW_UPS),
        unguaranteed=len(g.unguaranteed),
        fewest=0 if not g.unguaranteed else g.fewest_unguaranteed,
    )


def card_context(pb: Playbook, others: Sequence[Playbook] = ()) -> dict[str, Any]:
    """What the card shows: a column per playbook (the paper's rules before the TV rules),
    a row per letter."""
    books = sorted([pb, *others], key=lambda b: b.game.get("guess_pool") == "revealed")
    names = sorted({g.group for b in books for g in b.groups}, key=lambda n: (len(n), n))
    rows = []
    for name in names:
        cells: list[Cell | None] = []
        for b in books:
            plan = next((g for g in b.groups if g.group == name), None)
            cells.append(None if plan is None else _cell(plan, Spelling.of(b.words)))
        label = game_class(pb.game).group_label(name, pb.game)
        rows.append((Spelling.of(pb.words).group(label), cells))
    columns = []
    for b in books:
        st = b.stats
        columns.append(
            {
                "name": b.name,
                "rules": game_class(b.game).label(b.game),
                "average": f"{st.average:.2f}" if st and st.distribution else "",
                "unguaranteed": sum(len(g.unguaranteed) for g in b.groups),
                "fewest": b.fewest_unguaranteed,
                "turns": b.game.get("turns", ""),
            }
        )
    return {
        "pb": pb,
        "columns": columns,
        "rows": rows,
        "fewest_note": any(c["unguaranteed"] and c["fewest"] is not None for c in columns),
        "ij": Spelling.of(pb.words).note,
        "css": Markup(template_text("card.css")),
    }


def render_card(pb: Playbook, *, others: Sequence[Playbook] = ()) -> bytes:
    """The card as a one-page A4 PDF."""
    html = html_env().get_template("card.html.j2").render(card_context(pb, others))
    data, _ = pdf_of_html(html)
    return data
