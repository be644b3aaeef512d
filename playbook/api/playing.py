"""``playbook play`` and ``simulate``: a game opened under a config (and a playbook to
follow, or a rule), an assistant for each revealed group, and self-play's figures. The
command line reads the lines and prints; what is played is decided here."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playbook import config, model
from playbook.arguments import PLAYBOOK
from playbook.arguments import need as _need
from playbook.errors import PlaybookError
from playbook.games import Game
from playbook.pipeline import choices, planners
from playbook.pipeline.session import Session
from playbook.play import (
    NEW,
    Assistant,
    ListPlayer,
    OffTreePlayer,
    PlayedGame,
    Simulation,
    make_player,
    plural,
    simulate,
    talk,
)
from playbook.render import i18n
from playbook.render.tiles import PALETTES
from playbook.spelling import split_letters
from playbook.verify import misshapen_word

__all__ = [
    "COMPILING",
    "NEW",
    "OPTIMAL_BUDGET",
    "Assistant",
    "Board",
    "PlayedGame",
    "Session",
    "Simulation",
    "Translator",
    "open_board",
    "optimal_plan",
    "plural",
    "said",
    "screen_colours",
]

Translator = i18n.Translator
COMPILING = talk.COMPILING
"""What the assistant says while its kernels compile on a first run."""

OPTIMAL_BUDGET = 10.0
"""Seconds ``play --rule optimal`` gives the exact search of a group."""


def said(tx: Translator, english: str) -> str:
    """A command word (``quit``, ``new``...) as the assistant says it in ``tx``'s language."""
    return talk.name(tx, english)


def screen_colours(style: str) -> Mapping[str, str]:
    """The screen colours of a tile style (``2`` right place, ``1`` wrong place, ``0``
    absent), from the one palette the card and page draw with."""
    return PALETTES[style]["screen"]


@dataclasses.dataclass(frozen=True)
class Board:
    """A game ready to play: the config (with ``--hard`` and ``--words`` applied), its
    session (lists, matrix) and the playbook followed (None: a rule plays)."""

    config: config.Config
    session: Session
    plans: model.Playbook | None

    @property
    def game(self) -> Game:
        return self.session.game

    def translator(self, language: str) -> Translator:
        """The assistant's language: ``language``, or with ``auto`` the list's."""
        return i18n.translator(i18n.choose(language, self.session.words_info))

    def assistant(self, group: str, rule: str | None, tx: Translator, name: str) -> Assistant:
        """An assistant for ``group``: the playbook's plan, the proven optimum (``rule``
        ``optimal``: :func:`optimal_plan`, ``name`` the config in its refusal), else ``rule``
        (scm where none is named)."""
        session, plans, hard = self.session, self.plans, self.config.rules.hard
        problem = session.problem(group)
        plan = next((g for g in plans.groups if g.group == group), None) if plans else None
        if rule == "optimal":
            plan = optimal_plan(self.config, problem, name)
        player = make_player(
            problem,
            plan,
            "scm" if rule in (None, "optimal") else rule,
            hard=hard,
            early=plans is not None and plans.try_when_fit,
        )
        tree = plan is not None and plan.method.startswith(model.Method.STRATEGY)
        return Assistant(
            problem,
            player,
            session.spelling,
            hard=hard,
            rare_of=functools.partial(session.rare, group),
            rare_player=(
                functools.partial(OffTreePlayer.of, chances=session.chances) if tree else ListPlayer
            ),
            tx=tx,
        )

    def simulate(
        self, letters: str | None, rule: str | None, *, host: str, games: int, seed: int
    ) -> Simulation:
        """Self-play over the groups ``letters`` (None: every group) against ``host``."""
        plans = self.plans
        return simulate(
            self.session.problems(split_letters(letters) if letters else None),
            {g.group: g for g in plans.groups} if plans is not None else None,
            rule or "scm",
            host=host,
            games=games,
            seed=seed,
            hard=self.config.rules.hard,
            early=plans is not None and plans.try_when_fit,
        )


def _with_words(cfg: config.Config, hard: bool, words: str | None) -> config.Config:
    """The config with ``--hard`` and ``--words FILE`` applied."""
    if hard:
        cfg = config.override(cfg, **{"rules.hard": True})
    if words:
        file = Path(words)
        if not file.is_file():
            raise PlaybookError(f"--words: {words}: no such file")
        # the file is the whole list: every word of it a guess and an answer
        cfg = dataclasses.replace(
            cfg, words=dataclasses.replace(cfg.words, list=str(file.resolve()), answers=None)
        )
    return cfg


def open_board(
    path: str | Path,
    *,
    name: str = "",
    hard: bool = False,
    words: str | None = None,
    plans: tuple[model.Playbook, str] | None = None,
) -> Board:
    """The game of the config at ``path`` (``name``: as the person named it), with Wordle's
    hard mode, a word list file as the whole list (``words``) and a playbook to follow with
    its path (``plans``); a playbook made for other rules, or for another game, is refused
    in one line before the feedback is computed.

    Examples:
        >>> from importlib import resources
        >>> from playbook import api
        >>> board = api.open_board(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> helper = board.assistant("*", None, board.translator("en"), "mastermind-3x2")
        >>> print(helper.handle("112 1b"))  # a guess and its feedback typed: the next move
        1 word possible
        play: 222
    """
    cfg = _with_words(choices.load(Path(str(path))), hard, words)
    name = name or str(path)
    pb = None
    if plans is not None:
        pb, pb_path = plans
        _need("plans", pb, model.Playbook, PLAYBOOK)
        if pb.game.name != cfg.game:
            raise PlaybookError(
                f"{pb_path}: game.name: the playbook is for {pb.game.name!r}, the "
                f"config for {cfg.game!r}"
            )
    session = Session.open(cfg, matrix=False)  # a playbook for other rules: refused first
    if pb is not None:
        if (other := session.differs_from(pb.game_section, pb.words)) is not None:
            raise PlaybookError(f"{pb_path}: made for other rules than {name}: {other}")
        if (odd := misshapen_word(pb, session.guesses, session.answers)) is not None:
            raise PlaybookError(f"{pb_path}: {odd}")
    if words and session.game.generated_words() is not None:
        raise PlaybookError(f"--words: {cfg.game} generates its own codes; it takes no word list")
    # hard mode plays only words that may be the answer: the guesses must be such words
    if cfg.rules.hard and session.game.generated_guesses() != session.game.generated_words():
        raise PlaybookError(f"--hard: {cfg.game}'s guesses are not words that may be the answer")
    session.matrix  # noqa: B018 - the feedback table, once nothing is refused
    return Board(cfg, session, pb)


def optimal_plan(cfg: config.Config, problem: Any, name: str) -> model.GroupPlan:
    """The group's optimal tree, proven within :data:`OPTIMAL_BUDGET` seconds, or a one-line
    refusal saying how to search longer."""
    if cfg.rules.hard or problem.game.solved is None or problem.game.limit_name != "turns":
        raise PlaybookError(
            f"--rule optimal: {name}: the exact optimum is for games played in turns, without "
            "hard mode"
        )
    plan = planners.plan_optimal(problem, problem.game.limit, OPTIMAL_BUDGET, None)
    if not plan.notes["optimum"]["proven"]:
        raise PlaybookError(
            f"--rule optimal: the optimum of {problem.name!r} is not proven within "
            f"{OPTIMAL_BUDGET:g} s ({len(problem.answers):,} answers, "
            f"{len(problem.guesses):,} guesses); it takes longer: playbook strategy {name} "
            "--rule optimal --budget SECONDS searches as long as you allow and writes the tree "
            "(--out), which play --playbook follows"
        )
    return plan
