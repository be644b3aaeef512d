"""The End Game of English Lingo for built plans (:mod:`playbook.endgame.chances`): each
playbook replayed over its answers as a pair follows it, then the chances under the clock."""

from __future__ import annotations

from collections.abc import Sequence

from playbook import model, replay
from playbook.endgame import chances
from playbook.endgame.chances import EndGameFigures, Paths, Rules
from playbook.errors import PlaybookError
from playbook.pipeline.session import Session

SPEEDS = (10, 9, 8, 7, 6)
"""Seconds per line of the table: the show's most, and faster pairs."""


def plan_paths(pb: model.Playbook, path: str) -> Paths:
    """What a pair sees following ``pb`` over its answers."""
    session = Session.from_playbook(pb, path)
    games = replay.word_paths(pb, session.game, session.answers)
    if session.game.limit != chances.LINES or session.game.limit_name != "turns":
        raise PlaybookError(
            f"{path}: a plan of {session.game.limit} {session.game.limit_name}; the End Game "
            f"gives each word {chances.LINES} lines"
        )
    return Paths(tuple(games[w] for w in session.answers))


def figures(names: Sequence[str], paths: Sequence[Paths], rules: Rules) -> EndGameFigures:
    """The End Game of the plans (in the order played) under ``rules``."""
    game = chances.end_game([p.turns() for p in paths], rules, names)
    sighted, where = chances.best_with_sight(paths, rules)
    averages = tuple(sum(k * n for k, n in p.turns().items()) / len(p.games) for p in paths)
    most = tuple(max((t for _, _, t in w), default=0) for w in where)
    return EndGameFigures(tuple(names), averages, game, sighted, most)


__all__ = ["SPEEDS", "EndGameFigures", "figures", "plan_paths"]
