"""Games, looked up by name: each module here owns one family's rules, feedback kernel and
presentation. Adding a game is one module and one line in :data:`GAMES`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from playbook import (
    jit,  # noqa: F401  (numba without its BLAS probe, before any kernel)
    values,
)
from playbook.errors import ConfigError
from playbook.games.base import (
    GUESS_POOLS,
    HARD_MODES,
    Code,
    Game,
    Planner,
    Revealing,
    RulesError,
    Symmetry,
)
from playbook.games.hangman import Hangman
from playbook.games.lingo import Mark, WordGame, Wordle, decode, encode, marks
from playbook.games.mastermind import Mastermind

GAMES: dict[str, type[Game]] = {
    "lingo": WordGame,
    "wordle": Wordle,
    "mastermind": Mastermind,
    "hangman": Hangman,
}
"""The registry of games by name."""

__all__ = [
    "GAMES",
    "GUESS_POOLS",
    "HARD_MODES",
    "Code",
    "Game",
    "Hangman",
    "Mark",
    "Mastermind",
    "Planner",
    "Revealing",
    "RulesError",
    "Symmetry",
    "WordGame",
    "Wordle",
    "decode",
    "encode",
    "find_game",
    "from_rules",
    "game_class",
    "marks",
]


def find_game(name: str) -> type[Game]:
    """Look a game up by name; the error lists the accepted names."""
    try:
        return GAMES[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; allowed: {', '.join(sorted(GAMES))}") from None


def game_class(rules: Mapping[str, Any]) -> type[Game]:
    """The class of the game a playbook's rules name, for its presentation hooks; the base
    class (plain presentation) when the name is unknown."""
    return GAMES.get(str(rules.get("name")), Game)


def from_rules(rules: Mapping[str, Any]) -> Game:
    """The game a playbook's ``game`` section describes (values checked)."""
    cls = find_game(str(rules.get("name")))
    kwargs: dict[str, Any] = {}
    fields: tuple[dataclasses.Field[Any], ...] = (
        dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    )
    for f in fields:
        if f.name not in rules:
            continue
        value = rules[f.name]
        want = str(f.type)
        typ = {"int": int, "bool": bool, "str": str}.get(want)
        if (
            typ is not None
            and (why := values.refusal(value, typ, 1 if typ is int else None)) is not None
        ):
            raise ConfigError(f"key 'game.{f.name}': {why}")
        if want == "int" and f.name in cls.ranges:
            lo, hi = cls.ranges[f.name]
            if not lo <= value <= hi:
                raise ConfigError(
                    f"key 'game.{f.name}': {value}; {cls.name} allows {lo} to {hi} (what the "
                    "search can hold and finish)"
                )
        kwargs[f.name] = value
    if kwargs.get("revealed", "first") not in ("first", "none"):
        raise ConfigError(f"key 'game.revealed': {kwargs['revealed']!r}; allowed: first, none")
    try:
        return cls(**kwargs)
    except RulesError as exc:
        raise ConfigError(f"key 'game.{exc.key}': {exc.why}") from None
