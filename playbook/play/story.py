"""What ``play`` tells of a game: why the suggested move, and the review of the moves played
beside the advisor's, in the reader's language (:mod:`playbook.play.talk`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from playbook.core.problem import Problem
from playbook.games import Game
from playbook.language import Texts
from playbook.play import explain, talk
from playbook.play.players import History, Player
from playbook.spelling import Spelling

PAGE = 10
"""Words shown of those still possible after a lost game (the rest are counted)."""


class Told(Protocol):
    """What the story reads of a game in progress (the assistant)."""

    tx: Texts
    spell: Spelling
    problem: Problem
    player: Player
    history: History
    finished: bool
    lost: bool
    planned: tuple[Problem, Player, int] | None
    """The plan's problem and player, and the steps played when the game turned to the
    fallback."""

    @property
    def game(self) -> Game: ...

    def suggestion(self) -> str | None: ...

    def remaining(self) -> list[str]: ...


def why(a: Told) -> str:
    """How the suggested move splits the words left, and what finishing costs from here
    if the player is followed."""
    _, dec = a.tx.gettext, a.tx.decimal
    move = a.suggestion()
    if a.finished or move is None:
        return _("no move to explain: the game is over") if a.finished else _("no move to explain")
    game, shown = a.game, a.spell.text(move)
    s = explain.split_of(a.problem, move, a.history)
    first = _(
        "why %(word)s: it splits the %(words)s left into %(parts)s: the largest %(largest)s, "
        "%(size)s words left on average"
    ) % {
        "word": shown,
        "words": talk.count(a.tx, s.total, "words"),
        "parts": talk.count(a.tx, s.parts, "parts"),
        "largest": s.largest,
        "size": dec(s.expected_size),
    }
    if s.n_in:
        first += _("; it may be the word itself")
    o = explain.outlook(a.problem, a.player, a.history)
    spent = game.spent(a.history)
    advised = talk.advisor(a.tx, a.player) + (
        " " + _("(off it: the rule)") if bool(getattr(a.player, "off_book", False)) else ""
    )
    second = _(
        "following %(advisor)s from here: %(more)s more %(limit)s on average (%(all)s in "
        "all), at most %(worst)s more"
    ) % {
        "advisor": advised,
        "more": dec(o.average),
        "limit": talk.limit_word(a.tx, game),
        "all": dec(spent + o.average),
        "worst": o.worst,
    }
    if o.lost:
        second += _("; %(words)s not found in time") % {"words": talk.count(a.tx, o.lost, "words")}
    return f"{first}\n{second}"


def review(a: Told) -> str:
    """The moves played, each beside the advisor's move at that step and the words left
    after it as the game showed them: the playbook's while the feedback fitted its
    answers, then (a rarer word) the card's fallback's; the cost of the game beside the
    playbook's for the same word; after a lost game, the words still possible."""
    game, spell, _ = a.game, a.spell, a.tx.gettext
    segments = [(a.problem, a.player, len(a.history))]
    if a.planned is not None:  # the plan's moves up to the switch, then the fallback's
        planned, advisor, switch = a.planned
        segments = [(planned, advisor, switch), (a.problem, a.player, len(a.history))]
    rows: list[tuple[explain.Step, str]] = []
    for problem, player, end in segments:
        steps, _t = explain.review(problem, player, a.history[:end])
        rows += [(st, talk.advisor(a.tx, player)) for st in steps[len(rows) :]]
    if a.planned is not None:  # the move that left no answer: the words it left
        k = a.planned[2] - 1
        left = len(a.problem.possible(a.history[: k + 1]))
        rows[k] = (dataclasses.replace(rows[k][0], left=left), rows[k][1])
    first = talk.advisor(a.tx, segments[0][1])
    head = _("review: your moves, and %(advisor)s's where it differs") % {"advisor": first}
    if len(segments) > 1:
        head += " " + _("(then the card's fallback: the words that fit)")
    width = max(len(spell.text(st.move)) for st, _l in rows)
    lines = [head]
    left_word = _("left")
    for i, (st, label) in enumerate(rows, 1):
        line = f"  {i}. {spell.text(st.move):<{width}} {game.format(st.code)}"
        solved = a.finished and i == len(rows) and (st.code == game.solved or game.solved is None)
        line += " " * (7 + len(left_word)) if solved else f"  {st.left:>4} {left_word}"
        if st.advice != st.move:
            advice = _("no move") if st.advice is None else spell.text(st.advice)
            line += f"   {label}: {advice}"
        lines.append(line.rstrip())
    last = a.history[-1][1] if a.history else None
    found = last == game.solved if game.solved is not None else not a.lost
    _s, theirs = explain.review(segments[0][0], segments[0][1], a.history)
    if a.finished and found and theirs is not None:  # a lost game names no word
        spent = game.spent(a.history)
        lines.append(
            _("you: %(mine)s; %(advisor)s: %(theirs)s for %(word)s")
            % {
                "mine": talk.count(a.tx, spent, game.limit_name),
                "advisor": first,
                "theirs": talk.count(a.tx, theirs, game.limit_name),
                "word": spell.text(a.history[-1][0]),
            }
        )
    if a.lost and (rest := a.remaining()):
        shown = " ".join(map(spell.text, rest[:PAGE]))
        if len(rest) > PAGE:
            shown += " " + _("and %(n)s more") % {"n": len(rest) - PAGE}
        lines.append(_("still possible: %(words)s") % {"words": shown})
    return "\n".join(lines)
