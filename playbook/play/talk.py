"""How ``play`` speaks: counted nouns, who advises, the commands and the help, in the plan's
language (a Dutch plan's game in Dutch).

The texts are English message ids that Babel extracts into the catalog; the assistant gets a
:class:`~playbook.language.Texts` (the renderers' translator of the plan's language, English
by default). The commands are typed in English in every language; a language may add its own
names for them (:data:`ALIASES`: ``nieuw`` for ``new``), which its help shows.
"""

from __future__ import annotations

import textwrap

from playbook.games import Game
from playbook.language import N_, Texts
from playbook.play.players import BookPlayer, ListPlayer, NoMove, Player, RulePlayer

COMPILING = N_(
    "note: compiling the search kernels once, about %(seconds)s s on a 2-core machine (later "
    "runs load them from numba's cache)"
)
"""The note that the search kernels compile (:data:`playbook.jit.NOTICE_TEXT`), for the
catalog: ``play`` says it in the plan's language."""


def count(tx: Texts, n: int, noun: str) -> str:
    """``1 word``, ``3 turns``, ``2 misses`` in the reader's language: ``noun`` is one of
    words, parts, turns, misses (a game's limit name) or steps."""
    if noun == "words":
        text = tx.ngettext("%(num)s word", "%(num)s words", n)
    elif noun == "parts":
        text = tx.ngettext("%(num)s part", "%(num)s parts", n)
    elif noun == "turns":
        text = tx.ngettext("%(num)s turn", "%(num)s turns", n)
    elif noun == "misses":
        text = tx.ngettext("%(num)s miss", "%(num)s misses", n)
    elif noun == "steps":
        text = tx.ngettext("%(num)s step", "%(num)s steps", n)
    else:
        raise ValueError(f"no counted noun {noun!r}")
    return text % {"num": n}


def limit_word(tx: Texts, game: Game) -> str:
    """The game's limit in running text, many of them: ``turns``, ``misses``."""
    return tx.gettext("misses") if game.limit_name == "misses" else tx.gettext("turns")


def advisor(tx: Texts, player: Player) -> str:
    """Who advises, in running text: the playbook, the scm rule, the card's fallback."""
    if isinstance(player, RulePlayer):
        return tx.gettext("the %(rule)s rule") % {"rule": player.rule}
    if isinstance(player, BookPlayer):
        return tx.gettext("the playbook")
    if isinstance(player, ListPlayer):
        return tx.gettext("the words that fit, in list order")
    if isinstance(player, NoMove):
        return tx.gettext("nobody")
    return player.label


ALIASES: dict[str, dict[str, str]] = {
    "nl": {
        "waarom": "why",
        "kans": "chance",
        "onthul": "reveal",
        "woorden": "l",
        "terug": "u",
        "overzicht": "review",
        "nieuw": "new",
        "stop": "quit",
        "hulp": "help",
    }
}
"""A language's own names of the commands (the English ones are taken too)."""


def command(tx: Texts, text: str) -> str:
    """The line with its first word read as the English command it names, where the reader's
    language has a name of its own for it (``kans 2`` is ``chance 2``)."""
    first, _, rest = text.partition(" ")
    english = ALIASES.get(tx.language, {}).get(first.lower())
    return text if english is None else (english + " " + rest).strip()


def name(tx: Texts, english: str) -> str:
    """The name a reader of ``tx``'s language types for a command."""
    own = {v: k for k, v in ALIASES.get(tx.language, {}).items()}
    return own.get(english, english)


def help_text(tx: Texts, game: Game, advised_by: str) -> str:
    """The commands, each with what it does (fits 80 columns)."""
    notation = tx.gettext(game.input_notation or game.notation)
    n = name
    rows = [
        (tx.gettext("FEEDBACK"), tx.gettext("the feedback you saw for the suggested move:")),
        ("", notation),
        (tx.gettext("WORD FEEDBACK"), tx.gettext("you played WORD instead; its feedback")),
        (n(tx, "why"), tx.gettext("why the suggested move: how it splits the words left")),
        (
            n(tx, "chance") + " [N]",
            tx.gettext(
                "taking over a board: the move most likely to find the word within N turns "
                "(default: the turns left), and that chance"
            ),
        ),
        (
            n(tx, "reveal") + " N L",
            tx.gettext(
                "letter L was revealed in place N (the word passed to you with one more letter "
                "shown); %(reveal)s alone forgets them"
            )
            % {"reveal": n(tx, "reveal")},
        ),
        (n(tx, "l"), tx.gettext("list the words still possible")),
        (n(tx, "u"), tx.gettext("undo the last step")),
        (
            n(tx, "review"),
            tx.gettext("your moves, and %(advisor)s's where it differs") % {"advisor": advised_by},
        ),
        (n(tx, "new"), tx.gettext("start a new game")),
        ("?", tx.gettext("this help")),
        (
            n(tx, "quit") if tx.language != "en" else "q, quit",
            tx.gettext("quit (Ctrl-D too)"),
        ),
    ]
    lines = [tx.gettext("commands:")]
    for key, what in rows:
        body = textwrap.wrap(what, width=78 - 18) or [""]
        lines.append(f"  {key:<16}{body[0]}".rstrip())
        lines += [" " * 18 + rest for rest in body[1:]]
    return "\n".join(lines)
