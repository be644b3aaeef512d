"""The End Game of English Lingo, one room: the chances of three words against the clock
(:mod:`.chances`, pure), the figures of built plans (:mod:`.figures`: each plan replayed over
its answers) and the card's page of them (:mod:`.page`). The package's names are the
chances'; the figures and the page are imported where they are used."""

from __future__ import annotations

from playbook.endgame.chances import (
    LINES,
    MOST_STEPS,
    NEVER,
    EndGame,
    EndGameFigures,
    Paths,
    Rules,
    best_with_sight,
    cost,
    distribution,
    end_game,
)

__all__ = [
    "LINES",
    "MOST_STEPS",
    "NEVER",
    "EndGame",
    "EndGameFigures",
    "Paths",
    "Rules",
    "best_with_sight",
    "cost",
    "distribution",
    "end_game",
]
