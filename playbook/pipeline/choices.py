"""The config's choices that belong to a registry, checked when a session opens: each
registry (the games and their rules, the rankings, the renderers' tiles, languages and
formats, the backends, the answer models, the accent rules, the word frequencies) says what
it allows, and a refusal names the config's file, line and key as the schema's own do
(:meth:`playbook.config.Config.refuse`). The config itself sits at the bottom of the house
and knows none of them."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Collection

from playbook import config, parallel, render
from playbook.config import Config
from playbook.core.ranking import OPENING_RANKINGS
from playbook.games import GAMES, GUESS_POOLS, Game, RulesError
from playbook.kinds import AnswerModel, TryOrder
from playbook.model.plan import ANSWER_MODELS
from playbook.words import ACCENTS, list_language

FORMATS = ("yaml", *render.FORMATS)
"""What ``build`` may write: the playbook's YAML and every format of the renderers."""

GAME_KEYS = {
    "words.length": "length",
    "words.max_length": "max_length",
    "rules.turns": "turns",
    "rules.misses": "misses",
    "mastermind.pegs": "pegs",
    "mastermind.colours": "colours",
}
"""The config's keys that are a game's rules, by the name of the game's field."""


def _one_of(cfg: Config, key: str, value: str, allowed: Collection[str]) -> None:
    if value not in allowed:
        raise cfg.refuse(key, f"{value!r} is not allowed; allowed: {', '.join(allowed)}")


def _range(cls: type[Game], field: str) -> tuple[int, int] | None:
    """The game's range of a rule, or (a rule it does not take) the registry's."""
    if field in cls.ranges:
        return cls.ranges[field]
    return next((c.ranges[field] for c in GAMES.values() if field in c.ranges), None)


def _rules(cfg: Config) -> None:
    cls = GAMES[cfg.game]
    settings = cfg.game_settings()
    for key, field in GAME_KEYS.items():
        bounds = _range(cls, field)
        value = settings[field]
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            raise cfg.refuse(key, f"{value} is out of range; allowed: {bounds[0]} to {bounds[1]}")
    try:
        cls.configure(settings)
    except RulesError as exc:
        raise cfg.refuse(f"rules.{exc.key}", exc.why) from None
    if cfg.rules.keep_revealed and "keep_revealed" not in {f.name for f in dataclasses.fields(cls)}:
        raise cfg.refuse(
            "rules.keep_revealed", f"Wordle's hard mode is Wordle's rule, not {cfg.game}'s"
        )
    takes_more = "max_length" in {f.name for f in dataclasses.fields(cls)}
    if cfg.words.max_length is not None and not takes_more:
        takes = ", ".join(sorted(n for n, c in GAMES.items() if "max_length" in c.ranges))
        raise cfg.refuse(
            "words.max_length",
            f"{cfg.game} plays words of words.length letters only; words of several lengths "
            f"are for {takes}; leave max_length out",
        )


def wants_page(cfg: Config) -> bool:
    """Whether the build writes the play-along page: asked for (by default, for a game whose
    feedback the browser computes)."""
    return "page" in cfg.render.asked and (
        bool(GAMES[cfg.game].browser_feedback) or cfg.written("render.formats")
    )


def formats_of(cfg: Config) -> list[str]:
    """The formats a build writes: the config's, less the page where the game has none and
    the config did not ask for it by name."""
    return [f for f in cfg.render.asked if f != "page" or wants_page(cfg)]


def _formats(cfg: Config) -> None:
    value = cfg.render.formats
    if any(f not in FORMATS for f in cfg.render.asked) or "yaml" not in cfg.render.asked:
        raise cfg.refuse(
            "render.formats",
            f"{value!r}: allowed: a comma-separated choice of {', '.join(FORMATS)} that "
            "includes yaml",
        )
    if wants_page(cfg) and not GAMES[cfg.game].browser_feedback:
        able = ", ".join(sorted(n for n, c in GAMES.items() if c.browser_feedback))
        raise cfg.refuse(
            "render.formats",
            f"'page' needs a game whose feedback the browser computes ({able}); game "
            f"{cfg.game!r} has none",
        )


def check(cfg: Config) -> Config:
    """Refuse, in one line naming the file, line and key, a choice no registry has; the
    config back where every choice is known."""
    _one_of(cfg, "game", cfg.game, tuple(sorted(GAMES)))
    words = cfg.words
    _one_of(cfg, "words.accents", words.accents, ACCENTS)
    _one_of(cfg, "words.answer_model", words.answer_model, ANSWER_MODELS)
    _one_of(cfg, "rules.guess_pool", cfg.rules.guess_pool, GUESS_POOLS)
    _one_of(cfg, "search.ranking", cfg.search.ranking, OPENING_RANKINGS)
    _one_of(cfg, "render.tiles", cfg.render.tiles, render.TILE_STYLES)
    _one_of(cfg, "render.language", cfg.render.language, render.i18n.CHOICES)
    _one_of(cfg, "backend", cfg.backend, parallel.BACKENDS)
    if cfg.scheduler and (why := parallel.scheduler_refusal(cfg.scheduler)) is not None:
        raise cfg.refuse("scheduler", why)
    _formats(cfg)
    _rules(cfg)
    likely = cfg.search.try_order == TryOrder.LIKELY
    plays = words.play_chance is not None
    needs = likely or words.answer_model != AnswerModel.ALL or plays
    if needs and not GAMES[cfg.game].plays_words:
        key = (
            "words.answer_model"
            if words.answer_model != AnswerModel.ALL
            else ("search.try_order" if likely else "words.play_chance")
        )
        raise cfg.refuse(
            key,
            f"{cfg.game} plays codes, not words of a list: an answer model, word chances and "
            "likely orders do not apply (leave words.answer_model: all)",
        )
    if needs and list_language(words) is None:
        key, what = (
            ("search.try_order", "likely")
            if likely
            else ("words.answer_model", repr(str(words.answer_model)))
            if words.answer_model != "all"
            else ("words.play_chance", "play_chance")
        )
        raise cfg.refuse(
            key,
            f"{what} needs word frequencies and chances, bundled for Dutch and English lists "
            "(a bundled list, or a list with ij_letter or ij_to_y)",
        )
    return cfg


def load(path: str | os.PathLike[str]) -> Config:
    """A config file read and checked whole, the registries' choices included, before a
    command's flags change it (:func:`playbook.config.load`, then :func:`check`)."""
    return check(config.load(path))
