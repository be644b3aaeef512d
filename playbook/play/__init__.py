"""Playing a game with a playbook or a rule: players and hosts (``players``), why a move
and how a game went (``explain``), and the interactive assistant (``assistant``)."""

from __future__ import annotations

from playbook.play.assistant import NEW, QUIT, Assistant
from playbook.play.explain import Outlook, Step, outlook, review, split_of
from playbook.play.players import (
    HOSTS,
    BookPlayer,
    History,
    ListPlayer,
    OffTreePlayer,
    PlayedGame,
    Player,
    RulePlayer,
    Simulation,
    follow,
    make_player,
    play_game,
    plural,
    simulate,
)

__all__ = [
    "HOSTS",
    "NEW",
    "QUIT",
    "Assistant",
    "BookPlayer",
    "History",
    "ListPlayer",
    "OffTreePlayer",
    "Outlook",
    "PlayedGame",
    "Player",
    "RulePlayer",
    "Simulation",
    "Step",
    "follow",
    "make_player",
    "outlook",
    "play_game",
    "plural",
    "review",
    "simulate",
    "split_of",
]
