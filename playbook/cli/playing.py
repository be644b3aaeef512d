"""``play`` and ``simulate``: the interactive assistant's loop and self-play's report.

The assistant itself (``playbook.play``) answers one line at a time; this module reads the
lines, asks for the revealed group, ends cleanly on ``quit``, Ctrl-D and Ctrl-C, and draws
feedback as coloured tiles in a terminal (plain text otherwise).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.text import Text

from playbook import jit
from playbook.api import playing as api_play
from playbook.api.playing import Board, Translator, plural, said
from playbook.cli import watchdog
from playbook.cli.inputs import console
from playbook.cli.named import bare, config_path, err, load_playbook, playbook_file
from playbook.errors import PlaybookError
from playbook.games import Code, Game
from playbook.io import shipped
from playbook.io.signals import INTERRUPTED
from playbook.spelling import Spelling


def _open(args: argparse.Namespace) -> Board:
    """The game the arguments name: the config, ``--hard``, ``--words`` and the playbook to
    follow (``--playbook``), checked against each other."""
    plans = None
    if args.playbook:
        args.playbook = playbook_file(args.playbook)
        plans = (load_playbook(args.playbook), args.playbook)
    with config_path(args.config) as path:
        return api_play.open_board(
            path, name=args.config, hard=args.hard, words=args.words, plans=plans
        )


def _read(prompt: str) -> str | None:
    """One line typed after ``prompt``; None at the end of input (Ctrl-D)."""
    console.print(prompt, end="", markup=False)
    if sys.stdin is None or sys.stdin.closed:  # started with stdin closed: nothing to read
        return None
    try:
        line = sys.stdin.readline(MAX_LINE)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return line if line else None


MAX_LINE = 4096
"""Longest line read from the keyboard (a longer one is cut there)."""


def _ask_group(
    session: api_play.Session, group: str | None, interactive: bool, tx: Translator
) -> str | None:
    """The group to play: the one given, the only one, or asked for (None: quit).

    ``quit`` always quits; a bare ``q`` quits too unless q is a group (Dutch has words with
    q), where it asks once more."""
    groups = list(session.groups())
    spell = session.spelling
    if group is None and len(groups) == 1:
        return groups[0]
    group = spell.typed(group) if group is not None else None
    asked_q = False
    while group not in groups:
        if not interactive:
            none = f"no group {group!r}; " if group else ""
            raise PlaybookError(
                f"--letter: {none}give the revealed group, one of {', '.join(groups)}"
            )
        quit_ = said(tx, "quit")
        if group:
            err.print(
                tx.gettext("no group %(group)r; groups: %(groups)s")
                % {"group": group, "groups": ", ".join(groups)},
                soft_wrap=True,
                markup=False,
            )
        line = _read(tx.gettext("revealed letter (group), or %(quit)s? ") % {"quit": quit_})
        text = spell.typed(line) if line is not None else "quit"
        if text == "q" and "q" in groups and not asked_q:
            console.print(
                tx.gettext("q is a group here: type q again to play it, or %(quit)s to end")
                % {"quit": quit_},
                markup=False,
            )
            asked_q, group = True, None
            continue
        if text in ("quit", quit_) or (text == "q" and "q" not in groups):
            return None
        group = text
    return group


def _header(session: api_play.Session, group: str, tx: Translator) -> str:
    label = session.game.group_label(group, session.game.rules(), tx.gettext)
    shown = session.spelling.group(label)
    group_of = tx.gettext("group %(group)s: ") % {"group": shown} if label == group else ""
    return group_of + tx.gettext("? for help, %(quit)s to end") % {"quit": said(tx, "quit")}


def _steps(moves: str, is_guess: Callable[[str], bool]) -> list[str]:
    """``--moves`` as input lines: ``WORD FEEDBACK`` steps, each starting at a word the game
    accepts as a guess (so feedback may hold spaces: ``2 1 0 0 0``), or lines separated by
    ``;``."""
    if ";" in moves and (lines := [s.strip() for s in moves.split(";") if s.strip()]):
        return lines
    steps: list[list[str]] = []
    for token in moves.split():
        if is_guess(token) and (not steps or len(steps[-1]) > 1):
            steps.append([token])
        elif steps:
            steps[-1].append(token)
        else:
            raise PlaybookError(f"--moves: {token!r} is not a word this game accepts as a guess")
    if not steps or len(steps[-1]) < 2:
        raise PlaybookError(
            '--moves: give WORD FEEDBACK steps (e.g. "manou ..xx. kreek 2 0 0 2 0"), or '
            "lines separated by ;"
        )
    return [" ".join(step) for step in steps]


def _script(assistant: api_play.Assistant, moves: str) -> int:
    """Play ``--moves``: exit 2 at a step that is refused, 1 if the game does not end solved."""
    problem, spell = assistant.problem, assistant.spell
    steps = _steps(moves, lambda t: spell.typed(t) in problem.row_of)
    for i, step in enumerate(steps, 1):
        console.print(f"> {step}", markup=False)
        console.print(assistant.handle(step), markup=False)
        if assistant.refused:
            err.print(f"error: --moves: step {i} ({step!r}) was refused", markup=False)
            return 2
        if assistant.ended is not None:
            if assistant.ended == api_play.NEW or i < len(steps):
                # the steps after it would have been dropped without a word
                left = plural(len(steps) - i, "steps")
                err.print(
                    f"error: --moves: step {i} ({step!r}) ends the game; --moves plays one "
                    f"game ({left} after it not played)",
                    markup=False,
                    soft_wrap=True,
                )
                return 2
            break
        if assistant.lost:
            left = plural(len(steps) - i, "steps")
            after = f"; {left} after it not played" if i < len(steps) else ""
            err.print(f"--moves: the game was lost at step {i}{after}", markup=False)
            return 1
    if not assistant.finished:
        err.print("--moves: the game did not end solved", markup=False)
        return 1
    return 0


def _loop(assistant: api_play.Assistant) -> bool:
    """Read lines until the game is left; whether the person asked for a new game."""
    console.print(assistant.status(), markup=False)
    while assistant.ended is None:
        line = _read("> ")
        if line is None:
            console.print("\n" + assistant.tx.gettext("bye"))
            return False
        console.print(assistant.handle(line), markup=False)
    return assistant.ended == api_play.NEW


def follows_shipped(args: argparse.Namespace) -> bool:
    """``play CONFIG`` with no ``--playbook``, ``--rule``, ``--hard`` or ``--words``, where
    CONFIG is the bare name of a shipped plan (one rule for names: ``./NAME`` is the file):
    that plan is followed (verified when shipped, its sha256 checked as it is read). Sets
    ``args.playbook`` to it."""
    if args.playbook or args.rule or args.hard or args.words or not bare(args.config):
        return False
    if shipped.find(args.config) is None:
        return False
    args.playbook = args.config
    return True


def _play(args: argparse.Namespace) -> int:
    following = follows_shipped(args)
    board = _open(args)
    session = board.session
    tx = board.translator(args.language)
    jit.speak(tx.gettext(api_play.COMPILING) % {"seconds": jit.FIRST_RUN_SECONDS})
    if following and args.moves is None:
        console.print(
            tx.gettext(
                "following the shipped plan %(name)s (verified; --rule scm plays the rule instead)"
            )
            % {"name": args.config},
            markup=False,
        )
    interactive = args.moves is None
    group = _ask_group(session, args.letter, interactive, tx)
    while group is not None:
        assistant = board.assistant(group, args.rule, tx, args.config)
        if not interactive:
            return _script(assistant, args.moves)
        console.print(_header(session, group, tx), markup=False)
        if not _loop(assistant):
            return 0
        group = _ask_group(session, None, True, tx)
    console.print(tx.gettext("bye"))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        return _play(args)
    except KeyboardInterrupt:
        console.print()
        watchdog.reported()
        err.print("interrupted: bye")
        return INTERRUPTED


_INK = {
    "wordle": {"2": "bold white", "1": "bold white", "0": "white"},
    "lingo": {"2": "bold white", "1": "bold black", "0": "white"},
}

TILE_COLOURS = {
    style: {d: f"{_INK[style][d]} on {api_play.screen_colours(style)[d]}" for d in "210"}
    for style in _INK
}
"""Terminal colours of a tile style: right place, wrong place, absent, on the screen colours
of the one palette (:func:`playbook.api.screen_colours`): Lingo's red square and yellow
circle become red and yellow tiles on its blue board."""

TILE_TEXT = {"wordle": {"2": "g", "1": "y", "0": "."}, "lingo": {"2": "o", "1": "x", "0": "."}}
"""The marks of a tile style as text, where there is no colour."""


@dataclasses.dataclass(frozen=True)
class Tiles:
    """How a move and its feedback are drawn: coloured tiles in a terminal, else text."""

    game: Game
    spell: Spelling
    style: str = "lingo"
    colour: bool = False

    def move(self, word: str, code: Code) -> str:
        """Rich markup of ``word`` with feedback ``code``."""
        shown = self.game.format(code)
        pattern = self.game.tile_pattern(shown, word)
        if pattern is None:
            return escape(f"{self.spell.text(word)} {shown}")
        if not self.colour:
            marks = TILE_TEXT.get(self.style, TILE_TEXT["lingo"])
            return escape(f"{self.spell.text(word)} {''.join(marks[d] for d in pattern)}")
        colours = TILE_COLOURS.get(self.style, TILE_COLOURS["lingo"])
        letters = self.spell.tiles(word).upper()
        return "".join(
            f"[{colours[d]}] {escape(ch)} [/]" for ch, d in zip(letters, pattern, strict=True)
        )


def _path(tiles: Tiles, session: api_play.Session, group: str, g: api_play.PlayedGame) -> list[str]:
    """The cheating host's game move by move, with the words it kept alive."""
    game = session.game
    label = game.group_label(group, game.rules())
    words = len(session.groups()[group])
    lines = [f"{escape(label)}: {plural(words, 'words')}, adversarial host"]
    last = len(g.moves) if g.won else 0
    for i, ((word, code), left) in enumerate(zip(g.moves, g.left, strict=True), 1):
        after = "" if i == last else f"  {plural(left, 'words')} left"
        lines.append(f"  {i}. {tiles.move(word, code)}{after}")
    answer = escape(tiles.spell.text(g.answer or "?"))
    cost = plural(g.cost, game.limit_name)
    allowed = f"at most {plural(game.limit, game.limit_name)} allowed"
    lines.append(f"  found {answer} after {cost}" if g.won else f"  LOST after {cost} ({allowed})")
    return lines


def _simulate(args: argparse.Namespace) -> int:
    board = _open(args)
    session, cfg = board.session, board.config
    sim = board.simulate(args.letters, args.rule, host=args.host, games=args.games, seed=args.seed)
    game = session.game
    if args.json:
        print(json.dumps(_simulation(args, sim, session)))
        return 0 if sim.losses == 0 else 1
    # coloured tiles on a terminal that takes colour (NO_COLOR: the marks as text instead)
    tiles = Tiles(
        game, session.spelling, cfg.render.tiles, console.is_terminal and not console.no_color
    )
    for group, g in zip(sim.groups, sim.games, strict=True):
        if args.host == "adversarial":
            console.print(Text.from_markup("\n".join(_path(tiles, session, group, g))))
        elif args.show:
            moves = "  ".join(tiles.move(w, c) for w, c in g.moves)
            answer = escape(session.spelling.text(g.answer or "?"))
            cost = plural(g.cost, game.limit_name)
            console.print(
                Text.from_markup(f"{answer}: {moves} -> {cost}{'' if g.won else ' LOST'}")
            )
    dist = " ".join(f"{k}:{v}" for k, v in sim.distribution.items()) or "-"
    if off := sum(1 for g in sim.games if g.off_book):
        console.print(
            f"{plural(off, 'games')} left the playbook (it has no move there): lost",
            markup=False,
        )
    console.print(
        f"{plural(len(sim.games), 'games')} ({args.host} host): {game.limit_name} {dist}; "
        f"average {sim.average:.4f}, worst {sim.worst}, losses {sim.losses}",
        markup=False,
    )
    return 0 if sim.losses == 0 else 1


def _simulation(
    args: argparse.Namespace, sim: api_play.Simulation, session: api_play.Session
) -> dict[str, Any]:
    """``simulate --json``: the figures, and with ``--show`` or a cheating host each game
    move by move (words as written, feedback as the game writes it)."""
    game, spell = session.game, session.spelling
    out: dict[str, Any] = {
        "host": args.host,
        "games": len(sim.games),
        "limit_name": game.limit_name,
        "distribution": {int(k): v for k, v in sim.distribution.items()},
        "average": round(sim.average, 4),
        "worst": sim.worst,
        "losses": sim.losses,
        "off_book": sum(1 for g in sim.games if g.off_book),
    }
    if args.show or args.host == "adversarial":
        out["played"] = [
            {
                "group": group,
                "answer": spell.text(g.answer) if g.answer is not None else None,
                "moves": [[spell.text(w), game.format(c)] for w, c in g.moves],
                "cost": g.cost,
                "won": g.won,
            }
            for group, g in zip(sim.groups, sim.games, strict=True)
        ]
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except KeyboardInterrupt:
        watchdog.reported()
        err.print("interrupted: bye")
        return INTERRUPTED
