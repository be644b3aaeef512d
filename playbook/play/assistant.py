"""The interactive assistant: suggestions, feedback typed by a person, undo, why, review.

:class:`Assistant` takes one input line at a time and answers with text; it never raises on
bad input. It does not read or print: the command line drives it (``playbook play``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from playbook.core.problem import Problem
from playbook.games import Game
from playbook.language import ENGLISH, Texts
from playbook.play import story, talk
from playbook.play.players import History, ListPlayer, OffTreePlayer, Player, RulePlayer
from playbook.search.chance import Chance, OutOfTime, best_chance
from playbook.spelling import Spelling

CHANCE_BUDGET = 60.0
"""Seconds ``chance`` may take (a whole letter with four turns left can take longer)."""

PAGE = 10
"""Words per line when listing (at most 20 lines are shown)."""

TAKEOVER_TURNS = 1
"""What a take-over adds after a lost game of Lingo: one more turn, with a letter revealed."""

QUIT = "quit"
NEW = "new"


@dataclasses.dataclass
class Assistant:
    """An interactive game: suggestions, feedback entered by a person, undo, why, review.

    :meth:`handle` takes one input line and returns the text to show; it never raises on
    bad input. :attr:`refused` says whether the last line was refused; :attr:`ended` is
    ``quit`` or ``new`` once the person asked for either.
    """

    problem: Problem
    player: Player
    spell: Spelling = dataclasses.field(default_factory=Spelling)
    """How words are shown and typed (Dutch IJ as one letter)."""
    hard: bool = False
    """Hard mode: a word played must fit all feedback so far."""
    history: History = dataclasses.field(default_factory=list)
    finished: bool = False
    """The game is over: the word was found, or the limit was passed (:attr:`lost`)."""
    lost: bool = False
    """The limit (turns, misses) was passed before the word was found in time."""
    ended: str | None = None
    """``quit`` or ``new`` once asked for."""
    refused: bool = False
    """Whether the last line was refused (bad input)."""
    known: dict[int, str] = dataclasses.field(default_factory=dict)
    """Letters revealed besides the feedback, by place (0-based): ``reveal``."""
    rare: Problem | None = None
    """The group over every word of the list, where the plan promises only some of them
    (the common words): feedback that no answer gives but a word of the list does turns the
    game to the card's fallback (the words that fit, in list order) on this problem."""
    rare_of: Callable[[], Problem | None] | None = None
    """Or what makes :attr:`rare`, called the first time feedback fits no answer (its
    feedback table is every guess against every word of the group: Wordle's took 1.2 s
    before the first prompt, for a fallback most games never reach)."""
    takeover: int = 0
    """Turns a take-over adds after a lost game (``reveal``: the word passes on with one
    more letter shown, :data:`TAKEOVER_TURNS`); 0 before any."""
    rare_player: Callable[[Problem], Player] = ListPlayer
    """Who plays a rarer word once the feedback fits no answer: the card's fallback (the
    words that fit, in list order), or for a whole tree (``play wordle``) a rule that works out
    the best move for the words still possible on the spot."""
    tx: Texts = ENGLISH
    """The language it speaks (a Dutch plan's game in Dutch): ``play`` gives the renderers'
    translator of the plan's language."""
    planned: tuple[Problem, Player, int] | None = None
    """The plan's problem and player, and the steps played when the game turned to the
    fallback (an undo before them turns it back)."""
    _suggestion: str | None = None

    @property
    def game(self) -> Game:
        return self.problem.game

    @property
    def _limit(self) -> int:
        """The turns the game allows, with a take-over's."""
        return self.game.limit + self.takeover

    def suggestion(self) -> str | None:
        """The player's move; with letters revealed besides (which no player knows of), the
        move of the best chance within the turns left."""
        if self._suggestion is None and not self.finished:
            if self.known and (best := self._best()) is not None:
                self._suggestion = self.problem.guesses[best.row]
                return self._suggestion
            try:
                self._suggestion = self.player.next_move(self.history)
            except ValueError:
                self._suggestion = None
        return self._suggestion

    def _best(self, turns: int | None = None) -> Chance | None:
        """:func:`best_chance` on the board (``turns``: the turns left by default); raises
        :class:`OutOfTime`, except when asked for the suggestion (None then)."""
        game = self.game
        left = max(1, self._limit - game.spent(self.history)) if turns is None else turns
        allowed = RulePlayer(self.problem, hard=self.hard).allowed(self.history)
        try:
            return best_chance(
                self.problem,
                self._cols(),
                left,
                allowed=allowed,
                hard=self.hard,
                budget=CHANCE_BUDGET,
            )
        except OutOfTime:
            if turns is None:
                return None
            raise

    def remaining(self) -> list[str]:
        return [self.problem.answers[c] for c in self._cols()]

    def _cols(self) -> np.ndarray:
        """The answers still possible: they fit the feedback and the letters revealed."""
        cols = self.problem.possible(self.history)
        if self.known:
            answers = self.problem.answers
            keep = [all(answers[c][i] == ch for i, ch in self.known.items()) for c in cols]
            cols = cols[np.asarray(keep, dtype=bool)]
        return cols

    def _n(self, n: int, noun: str) -> str:
        return talk.count(self.tx, n, noun)

    def _cmd(self, english: str) -> str:
        """How the reader types a command (``nieuw`` for ``new`` in Dutch)."""
        return talk.name(self.tx, english)

    def _over(self) -> str:
        """What to type once the game is over."""
        return self.tx.gettext("%(new)s for another game, %(u)s to undo, %(quit)s to end") % {
            "new": self._cmd("new"),
            "u": self._cmd("u"),
            "quit": self._cmd("quit"),
        }

    def _label(self, player: Player | None = None) -> str:
        return talk.advisor(self.tx, self.player if player is None else player)

    def status(self) -> str:
        """What to play next and how many words remain."""
        _ = self.tx.gettext
        if self.finished:
            again = ""
            if self.lost and not self.takeover:
                again = _("; %(reveal)s N L takes it over") % {"reveal": self._cmd("reveal")}
            return _("game over: %(what)s") % {"what": self._over()} + again
        left = self.remaining()
        move = self.suggestion()
        lines = [_("%(words)s possible") % {"words": self._n(len(left), "words")}]
        if 1 < len(left) <= 10:
            lines[0] += ": " + " ".join(map(self.spell.text, left))
        if self.known:
            shown = "".join(self.known.get(i, ".") for i in range(self.game.word_length or 0))
            lines.append(_("letters revealed: %(letters)s") % {"letters": self.spell.text(shown)})
        if move is not None:
            off = " " + _("(off the playbook: rule)") if self._off_book() else ""
            if isinstance(self.player, ListPlayer):
                off = " " + _("(a rarer word: the words that fit, in list order)")
            elif isinstance(self.player, OffTreePlayer) and self.player.last(self.history):
                off = " " + _("(off the tree, the last turn: the likeliest word still possible)")
            elif self.planned is not None:
                off = " " + _("(off the tree: %(advisor)s)") % {"advisor": self._label()}
            off = " " + _("(the best chance in the turns left)") if self.known else off
            lines.append(_("play: %(word)s") % {"word": self.spell.text(move)} + off)
        return "\n".join(lines)

    def _off_book(self) -> bool:
        """Whether the suggestion came from the rule where a playbook has no move."""
        return bool(getattr(self.player, "off_book", False))

    def handle(self, line: str) -> str:
        """Apply one input line; return the response."""
        self.refused = False
        _ = self.tx.gettext
        text = talk.command(self.tx, line.strip())
        command = text.lower()
        if not text:
            return self.status()
        if command in ("q", QUIT):
            self.ended = QUIT
            return _("bye")
        if command == NEW:
            self.ended = NEW
            return _("new game")
        if command in ("?", "help"):
            return talk.help_text(self.tx, self.game, self._label())
        if command == "u":
            return self._undo()
        if command == "l":
            return self._list()
        if command == "why":
            return self.why()
        if command == "chance" or command.startswith("chance "):
            return self.chance(text[len("chance") :].strip())
        if command == "reveal" or command.startswith("reveal "):
            return self._reveal(text[len("reveal") :].split())
        if command == "review":
            return self.review() if self.history else _("no moves yet")
        if self.finished:
            return self._refuse(_("the game is over: %(what)s") % {"what": self._over()})
        return self._feedback(text)

    def _refuse(self, text: str) -> str:
        self.refused = True
        return text

    def _rarer(self) -> Problem | None:
        """:attr:`rare`, made by :attr:`rare_of` the first time it is asked for."""
        if self.rare is None and self.rare_of is not None:
            self.rare, self.rare_of = self.rare_of(), None
        return self.rare

    def _undo(self) -> str:
        _ = self.tx.gettext
        if not self.history:
            return self._refuse(_("nothing to undo") + "\n" + self.status())
        word, code = self.history.pop()
        self.finished = self.lost = False
        if self.takeover and self.game.spent(self.history) < self.game.limit:
            self.takeover = 0  # back before the loss: no take-over yet
        if self.planned is not None and len(self.history) < self.planned[2]:
            # back before the feedback that turned the game to the fallback
            self.rare = self.problem
            self.problem, self.player, _p = self.planned
            self.planned = None
        self._suggestion = None
        shown = f"{self.spell.text(word)} {self.game.format(code)}"
        return _("undone: %(move)s") % {"move": shown} + "\n" + self.status()

    def _list(self) -> str:
        _ = self.tx.gettext
        left = self.remaining()
        pages = [left[i : i + PAGE] for i in range(0, len(left), PAGE)] or [[]]
        shown = "\n".join(" ".join(map(self.spell.text, p)) for p in pages[:20])
        more = ""
        if len(pages) > 20:
            more = "\n" + _("... and %(n)s more") % {"n": len(left) - 20 * PAGE}
        possible = _("%(words)s possible") % {"words": self._n(len(left), "words")}
        return f"{possible}:\n{shown}{more}"

    def _word_and_feedback(self, text: str) -> tuple[str | None, str] | str:
        """The word played and its feedback text, or why the line is refused."""
        parts = text.split()
        typed = self.spell.typed(parts[0]) if parts else ""
        if len(parts) >= 2 and typed in self.problem.row_of:
            return typed, " ".join(parts[1:])
        if (
            len(parts) >= 2
            and parts[0].isalpha()
            and len(parts[0]) > 1
            and not _is_feedback(self.game, text)
        ):
            return self.tx.gettext("%(word)r is not a word this game accepts as a guess") % {
                "word": parts[0]
            }
        return self.suggestion(), text

    def _parse(self, text: str) -> int | str:
        """The feedback typed, or why it is refused (in English the game's own words)."""
        try:
            return self.game.parse(text)
        except ValueError as exc:
            if self.tx.language == "en":
                return f"{exc}; type ? for help"
            notation = self.tx.gettext(self.game.input_notation or self.game.notation)
            return self.tx.gettext(
                "feedback %(text)r is not read: give one mark per letter, %(notation)s; type ? "
                "for help"
            ) % {"text": text.strip(), "notation": notation}

    def _feedback(self, text: str) -> str:
        game, _ = self.game, self.tx.gettext
        read = self._word_and_feedback(text)
        if isinstance(read, str):
            return self._refuse(read)
        word, fb_text = read
        if word is None:
            return self._refuse(_("no suggestion to give feedback on: type WORD FEEDBACK"))
        step = len(self.history) + 1
        shown = self.spell.text(word)
        if (
            self.hard
            and word != self.suggestion()
            and not self.problem.game.fits(word, self.history)
        ):
            return self._refuse(
                _(
                    "hard mode: %(word)s does not fit the feedback so far (step %(step)s); every "
                    "guess must be a word that could still be the answer"
                )
                % {"word": shown, "step": step}
            )
        code = self._parse(fb_text)
        if isinstance(code, str):
            return self._refuse(code)
        trial = [*self.history, (word, code)]
        if game.unkept(trial) is not None:
            return self._refuse(
                _(
                    "Wordle's hard mode: %(word)s drops a letter the feedback so far revealed "
                    "(step %(step)s); every letter found must be used again, and one in the "
                    "right place stays there"
                )
                % {"word": shown, "step": step}
            )
        rarer = ""
        if (
            not len(self.problem.possible(trial))
            and (rare := self._rarer()) is not None
            and len(rare.possible(trial))
        ):
            # a word the plan was not made for
            self.planned = (self.problem, self.player, len(trial))
            self.problem, self.player, self.rare = rare, self.rare_player(rare), None
            rarer = (
                _(
                    "no word the plan was made for gives this: the word is a rarer one; the "
                    "card's fallback: the words of the list that fit, in list order"
                )
                if isinstance(self.player, ListPlayer)
                else _(
                    "the board has left the tree: no answer of the tree gives this; from here "
                    "%(advisor)s works out the best move for the words still possible"
                )
                % {"advisor": self._label()}
            ) + "\n"
        if len(self.problem.possible(trial)) == 0:
            return self._refuse(
                _(
                    "no word of the list gives %(feedback)s to %(word)s after the steps so far "
                    "(step %(step)s); check the feedback, or %(u)s to undo a step"
                )
                % {
                    "feedback": game.format(code),
                    "word": shown,
                    "step": step,
                    "u": self._cmd("u"),
                }
            )
        self.history = trial
        self._suggestion = None
        spent = game.spent(self.history)
        over = spent > self._limit
        end = _("%(new)s for another game, %(quit)s to end") % {
            "new": self._cmd("new"),
            "quit": self._cmd("quit"),
        }
        if code == game.solved or (
            word in self.problem.answers and self.remaining() == [word] and game.solved is None
        ):
            self.finished, self.lost = True, over
            said = (
                _("lost: %(word)s after %(spent)s, over the limit of %(limit)s")
                if over
                else _("solved: %(word)s after %(spent)s")
            ) % {"word": shown, "spent": self._n(spent, game.limit_name), "limit": self._limit}
            return f"{said}\n{self.review()}\n{end}"
        if spent + game.try_cost > self._limit:  # even the right word next would be too late
            self.finished = self.lost = True
            said = _("lost: %(spent)s without the word (at most %(limit)s allowed)") % {
                "spent": self._n(spent, game.limit_name),
                "limit": self._limit,
            }
            return f"{said}\n{self.review()}\n{end}"
        return rarer + self.status()

    def _reveal(self, args: list[str]) -> str:
        _ = self.tx.gettext
        length = self.game.word_length or 0
        if self.finished and args and length:
            if not self.lost or self.takeover:
                return self._refuse(_("the game is over: %(what)s") % {"what": self._over()})
            # a lost game passes on: the take-over, with one more letter shown
            self.finished, self.lost, self.takeover = False, False, TAKEOVER_TURNS
            self._suggestion = None
            done = self._reveal(args)
            if self.refused:
                self.finished, self.lost, self.takeover = True, True, 0
                return done
            return _("take-over: the word passes on with one more letter shown") + "\n" + done
        if not args:
            self.known.clear()
            self._suggestion = None
            return _("letters revealed forgotten") + "\n" + self.status()
        place = args[0]
        letter = self.spell.typed(args[1]) if len(args) == 2 else ""
        reveal = self._cmd("reveal")
        if not (place.isdigit() and 1 <= int(place) <= length) or len(letter) != 1:
            return self._refuse(
                _("%(reveal)s: give a place 1-%(n)s and one letter, e.g. %(reveal)s 3 e")
                % {"reveal": reveal, "n": length}
                if length
                else _("%(reveal)s: this game reveals no letters") % {"reveal": reveal}
            )
        before = dict(self.known)
        self.known[int(place) - 1] = letter
        self._suggestion = None
        if not len(self._cols()):
            self.known = before
            self._suggestion = None
            return self._refuse(
                _("%(reveal)s: no word still possible has %(letter)s in place %(place)s")
                % {"reveal": reveal, "letter": self.spell.text(letter), "place": place}
            )
        return self.status()

    def chance(self, arg: str = "") -> str:
        """Taking over a board: the move most likely to find the word within the turns left
        (or ``arg`` turns), with that chance (:func:`playbook.search.chance.best_chance`)."""
        game, _ = self.game, self.tx.gettext
        name = self._cmd("chance")
        if self.finished:
            return self._refuse(
                _("the game is over: %(new)s for another game") % {"new": self._cmd("new")}
            )
        if arg and not (arg.isdigit() and int(arg) >= 1):
            return self._refuse(
                _("%(chance)s: give the turns left as a whole number, e.g. %(chance)s 2")
                % {"chance": name}
            )
        turns = int(arg) if arg else self._limit - game.spent(self.history)
        if turns < 1:
            return self._refuse(
                _("%(chance)s: no turns left; give them, e.g. %(chance)s 1") % {"chance": name}
            )
        try:
            best = self._best(turns)
        except OutOfTime:
            return _(
                "%(words)s still possible: too many to work out the best chance within "
                "%(seconds)s s; fewer turns, or play on"
            ) % {"words": self._n(len(self._cols()), "words"), "seconds": f"{CHANCE_BUDGET:.0f}"}
        if best is None:
            return self._refuse(
                _("%(chance)s: no word of the list fits the board") % {"chance": name}
            )
        said = _(
            "with %(turns)s left: play %(word)s: the word is found in time for %(found)s of the "
            "%(words)s still possible (%(pct)s%%)"
        )
        if best.total == 1:
            said = _("with %(turns)s left: play %(word)s, the only word still possible")
        return said % {
            "turns": self._n(turns, game.limit_name),
            "word": self.spell.text(self.problem.guesses[best.row]),
            "found": best.found,
            "words": self._n(best.total, "words"),
            "pct": f"{100 * best.chance:.0f}",
        }

    def why(self) -> str:
        """How the suggested move splits the words left, and what finishing costs from here
        if the player is followed."""
        return story.why(self)

    def review(self) -> str:
        """The moves played beside the advisor's, with the words left after each
        (:func:`playbook.play.story.review`)."""
        return story.review(self)


def _is_feedback(game: Game, text: str) -> bool:
    try:
        game.parse(text)
    except ValueError:
        return False
    return True
