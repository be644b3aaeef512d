"""The End Game's page of the card (English Lingo): :mod:`playbook.endgame.figures` for
three plans at each speed, and the rule of passing, as one A4 page (HTML, then PDF)."""

from __future__ import annotations

from collections.abc import Mapping

from markupsafe import Markup

from playbook.endgame.chances import NEVER, EndGameFigures
from playbook.render import html, i18n
from playbook.render.pdf import pdf_of_html
from playbook.render.views import template_text

AIM = 0.8
"""The chance of every word in time a pair aims for: the page names the slowest speed that
gives it."""


def percent(x: float, language: str = "en") -> str:
    """A chance as a percentage with one decimal (a decimal comma in Dutch)."""
    text = f"{100 * x:.1f}%"
    return text.replace(".", ",") if language == "nl" else text


def render_endgame(
    runs: Mapping[int, EndGameFigures],
    line: int,
    language: str = "en",
    clocked: Mapping[int, EndGameFigures] | None = None,
) -> str:
    """The page: a row per seconds a line (``line`` in bold), the chance of the first word,
    the first two, ... in time passing none, and passing where it pays; with ``clocked`` (the
    same at each speed with the clock's overhead), that chance beside it, and whether the
    advice on speed still holds."""
    _ = i18n.translator(language).gettext
    here = runs[line]
    names = here.names
    counted = [
        _("first word"),
        _("first two"),
        _("all three"),
        _("all four"),
        _("all five"),
        _("all six"),
    ]
    g = here.game
    passes = [n for n, k in zip(names, g.rule, strict=True) if k != NEVER]
    if passes:
        rule = _("By lines spent: %(rule)s.") % {"rule": g.rule_text()}
    else:
        rule = _(
            "Passing by the lines spent never pays with these plans: a fresh word needs more "
            "lines on average than the word you are on."
        )
    late = max(here.sighted_passes)
    if late:
        rule += " " + _(
            "Pass a word the card cannot find in its lines; and with at most %(s)s seconds "
            "left, pass when this word needs more lines than the clock leaves (at %(line)s "
            "seconds a line: %(with)s of games won, against %(without)s passing none)."
        ) % {
            "s": late,
            "line": line,
            "with": percent(here.sighted, language),
            "without": percent(g.never, language),
        }
    else:
        rule += " " + _("Pass only a word the card cannot find in its lines.")
    fast = [s for s, f in sorted(runs.items()) if f.game.never >= AIM]
    if fast:
        rule += " " + _(
            "Keep to %(s)s seconds a line or less: all the words in time in %(p)s of games."
        ) % {"s": fast[-1], "p": percent(runs[fast[-1]].game.never, language)}
    if clocked:
        r = clocked[line].game.rules
        slow = [s for s, f in sorted(clocked.items()) if f.sighted >= AIM]
        rule += " " + _(
            "As the clock really runs, with %(word)s s lost before each word and %(more)s s "
            "more each line: %(p)s at %(line)s seconds a line."
        ) % {
            "word": r.word_overhead,
            "more": r.line_overhead,
            "line": line,
            "p": percent(clocked[line].sighted, language),
        }
        if slow:
            rule += " " + _("The aim of %(aim)s then needs %(s)s seconds a line or less.") % {
                "aim": percent(AIM, language),
                "s": slow[-1],
            }
    rows = [
        {
            "line": line_s,
            "here": line_s == line,
            "first": [percent(x, language) for x in f.game.first],
            "sighted": percent(f.sighted, language),
            "late": percent(clocked[line_s].sighted, language) if clocked else None,
        }
        for line_s, f in sorted(runs.items(), reverse=True)
    ]
    plans = ", ".join(
        _("%(name)s (%(average)s lines on average)")
        % {"name": n, "average": f"{a:.2f}".replace(".", "," if language == "nl" else ".")}
        for n, a in zip(names, here.averages, strict=True)
    )
    template = html.html_env(language).get_template("endgame.html.j2")
    return template.render(
        language=language,
        css=Markup(template_text("card.css")),
        names=names,
        plans=plans,
        seconds=here.game.rules.seconds,
        cost=here.game.rules.pass_cost,
        firsts=counted[: len(names)],
        rule=rule,
        rows=rows,
        overhead=clocked[line].game.rules if clocked else None,
    )


def endgame_pdf(
    runs: Mapping[int, EndGameFigures],
    line: int,
    language: str = "en",
    clocked: Mapping[int, EndGameFigures] | None = None,
) -> bytes:
    """The page as a PDF."""
    return pdf_of_html(render_endgame(runs, line, language, clocked))[0]
