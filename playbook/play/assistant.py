"""The interactive assistant: suggestions, feedback typed by a person, undo, why, review.

:class:`Assistant` takes one input line at a time and answers with text; it never raises on
bad input. It does not read or print: the command line drives it (``playbook play``).
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable

import numpy as np

from playbook.core.problem import Problem
from playbook.games import Game
from playbook.play.explain import Step, outlook, review, split_of
from playbook.play.players import History, ListPlayer, Player, RulePlayer, plural
from playbook.search.chance import Chance, OutOfTime, best_chance
from playbook.spelling import Spelling

HELP = """commands:
  FEEDBACK        the feedback you saw for the suggested move:
{notation}
  WORD FEEDBACK   you played WORD instead; its feedback
  why             why the suggested move: how it splits the words left
  chance [N]      taking over a board: the move most likely to find the word
                  within N turns (default: the turns left), and that chance
  reveal N L      letter L was revealed in place N (the word passed to you
                  with one more letter shown); reveal alone forgets them
  l               list the words still possible
  u               undo the last step
  review          your moves, and {advisor}'s where it differs
  new             start a new game
  ?               this help
  q, quit         quit (Ctrl-D too)"""

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
    _planned: tuple[Problem, Player, int] | None = None
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
                self.problem, self._cols(), left, allowed=allowed, hard=self.hard,
                budget=CHANCE_BUDGET,
            )  # fmt: skip
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

    def status(self) -> str:
        """What to play next and how many words remain."""
        if self.finished:
            again = "; reveal N L takes it over" if self.lost and not self.takeover else ""
            return f"game over: new for another game, u to undo, quit to end{again}"
        left = self.remaining()
        move = self.suggestion()
        lines = [f"{plural(len(left), 'words')} possible"]
        if 1 < len(left) <= 10:
            lines[0] += ": " + " ".join(map(self.spell.text, left))
        if self.known:
            shown = "".join(self.known.get(i, ".") for i in range(self.game.word_length or 0))
            lines.append(f"letters revealed: {self.spell.text(shown)}")
        if move is not None:
            off = " (off the playbook: rule)" if self._off_book() else ""
            if isinstance(self.player, ListPlayer):
                off = " (a rarer word: the words that fit, in list order)"
            elif self._planned is not None:
                off = f" (off the tree: {self.player.label})"
            off = " (the best chance in the turns left)" if self.known else off
            lines.append(f"play: {self.spell.text(move)}{off}")
        return "\n".join(lines)

    def _off_book(self) -> bool:
        """Whether the suggestion came from the rule where a playbook has no move."""
        return bool(getattr(self.player, "off_book", False))

    def handle(self, line: str) -> str:
        """Apply one input line; return the response."""
        self.refused = False
        text = line.strip()
        command = text.lower()
        if not text:
            return self.status()
        if command in ("q", QUIT):
            self.ended = QUIT
            return "bye"
        if command == NEW:
            self.ended = NEW
            return "new game"
        if command in ("?", "help"):
            notation = textwrap.fill(
                self.game.input_notation or self.game.notation,
                width=78,
                initial_indent=" " * 18,
                subsequent_indent=" " * 18,
            )
            return HELP.format(notation=notation, advisor=self.player.label)
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
            return self.review() if self.history else "no moves yet"
        if self.finished:
            return self._refuse("the game is over: new for another game, u to undo, quit to end")
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
        if not self.history:
            return self._refuse("nothing to undo\n" + self.status())
        word, code = self.history.pop()
        self.finished = self.lost = False
        if self.takeover and self.game.spent(self.history) < self.game.limit:
            self.takeover = 0  # back before the loss: no take-over yet
        if self._planned is not None and len(self.history) < self._planned[2]:
            # back before the feedback that turned the game to the fallback
            self.rare = self.problem
            self.problem, self.player, _ = self._planned
            self._planned = None
        self._suggestion = None
        shown = self.spell.text(word)
        return f"undone: {shown} {self.game.format(code)}\n" + self.status()

    def _list(self) -> str:
        left = self.remaining()
        pages = [left[i : i + PAGE] for i in range(0, len(left), PAGE)] or [[]]
        shown = "\n".join(" ".join(map(self.spell.text, p)) for p in pages[:20])
        more = f"\n... and {len(left) - 20 * PAGE} more" if len(pages) > 20 else ""
        return f"{plural(len(left), 'words')} possible:\n{shown}{more}"

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
            return f"{parts[0]!r} is not a word this game accepts as a guess"
        return self.suggestion(), text

    def _feedback(self, text: str) -> str:
        game = self.game
        read = self._word_and_feedback(text)
        if isinstance(read, str):
            return self._refuse(read)
        word, fb_text = read
        if word is None:
            return self._refuse("no suggestion to give feedback on: type WORD FEEDBACK")
        step = len(self.history) + 1
        if (
            self.hard
            and word != self.suggestion()
            and not self.problem.game.fits(word, self.history)
        ):
            return self._refuse(
                f"hard mode: {self.spell.text(word)} does not fit the feedback so far "
                f"(step {step}); every guess must be a word that could still be the answer"
            )
        try:
            code = game.parse(fb_text)
        except ValueError as exc:
            return self._refuse(f"{exc}; type ? for help")
        trial = [*self.history, (word, code)]
        if game.unkept(trial) is not None:
            return self._refuse(
                f"Wordle's hard mode: {self.spell.text(word)} drops a letter the feedback so "
                f"far revealed (step {step}); every letter found must be used again, and one in "
                "the right place stays there"
            )
        rarer = ""
        if (
            not len(self.problem.possible(trial))
            and (rare := self._rarer()) is not None
            and len(rare.possible(trial))
        ):
            # a word the plan was not made for
            self._planned = (self.problem, self.player, len(trial))
            self.problem, self.player, self.rare = rare, self.rare_player(rare), None
            rarer = (
                "no word the plan was made for gives this: the word is a rarer one; the "
                "card's fallback: the words of the list that fit, in list order\n"
                if isinstance(self.player, ListPlayer)
                else "the board has left the tree: no answer of the tree gives this; from "
                f"here {self.player.label} works out the best move for the words still "
                "possible\n"
            )
        if len(self.problem.possible(trial)) == 0:
            return self._refuse(
                f"no word of the list gives {game.format(code)} to {self.spell.text(word)} "
                f"after the steps so far (step {step}); check the feedback, or u to undo a step"
            )
        self.history = trial
        self._suggestion = None
        spent = game.spent(self.history)
        over = spent > self._limit
        if code == game.solved or (
            word in self.problem.answers and self.remaining() == [word] and game.solved is None
        ):
            self.finished, self.lost = True, over
            said = "lost" if over else "solved"
            limit = f", over the limit of {self._limit}" if over else ""
            return (
                f"{said}: {self.spell.text(word)} after {plural(spent, game.limit_name)}{limit}"
                f"\n{self.review()}\nnew for another game, quit to end"
            )
        if spent + game.try_cost > self._limit:  # even the right word next would be too late
            self.finished = self.lost = True
            return (
                f"lost: {plural(spent, game.limit_name)} without the word (at most "
                f"{self._limit} allowed)\n"
                f"{self.review()}\nnew for another game, quit to end"
            )
        return rarer + self.status()

    def _reveal(self, args: list[str]) -> str:
        length = self.game.word_length or 0
        if self.finished and args and length:
            if not self.lost or self.takeover:
                return self._refuse(
                    "the game is over: new for another game, u to undo, quit to end"
                )
            # a lost game passes on: the take-over, with one more letter shown
            self.finished, self.lost, self.takeover = False, False, TAKEOVER_TURNS
            self._suggestion = None
            done = self._reveal(args)
            if self.refused:
                self.finished, self.lost, self.takeover = True, True, 0
                return done
            return f"take-over: the word passes on with one more letter shown\n{done}"
        if not args:
            self.known.clear()
            self._suggestion = None
            return "letters revealed forgotten\n" + self.status()
        place = args[0]
        letter = self.spell.typed(args[1]) if len(args) == 2 else ""
        if not (place.isdigit() and 1 <= int(place) <= length) or len(letter) != 1:
            return self._refuse(
                f"reveal: give a place 1-{length} and one letter, e.g. reveal 3 e"
                if length
                else "reveal: this game reveals no letters"
            )
        before = dict(self.known)
        self.known[int(place) - 1] = letter
        self._suggestion = None
        if not len(self._cols()):
            self.known = before
            self._suggestion = None
            return self._refuse(
                f"reveal: no word still possible has {self.spell.text(letter)} in place {place}"
            )
        return self.status()

    def chance(self, arg: str = "") -> str:
        """Taking over a board: the move most likely to find the word within the turns left
        (or ``arg`` turns), with that chance (:func:`playbook.search.chance.best_chance`)."""
        game = self.game
        if self.finished:
            return self._refuse("the game is over: new for another game")
        if arg and not (arg.isdigit() and int(arg) >= 1):
            return self._refuse("chance: give the turns left as a whole number, e.g. chance 2")
        turns = int(arg) if arg else self._limit - game.spent(self.history)
        if turns < 1:
            return self._refuse("chance: no turns left; give them, e.g. chance 1")
        try:
            best = self._best(turns)
        except OutOfTime:
            return (
                f"{plural(len(self._cols()), 'words')} still possible: too many to work out "
                f"the best chance within {CHANCE_BUDGET:.0f} s; fewer turns, or play on"
            )
        if best is None:
            return self._refuse("chance: no word of the list fits the board")
        word = self.spell.text(self.problem.guesses[best.row])
        return (
            f"with {plural(turns, game.limit_name)} left: play {word}: the word is found in "
            f"time for {best.found} of the {plural(best.total, 'words')} still possible "
            f"({100 * best.chance:.0f}%)"
        )

    def why(self) -> str:
        """How the suggested move splits the words left, and what finishing costs from here
        if the player is followed."""
        move = self.suggestion()
        if self.finished or move is None:
            return "no move to explain" + (": the game is over" if self.finished else "")
        game, shown = self.game, self.spell.text(move)
        s = split_of(self.problem, move, self.history)
        may = "; it may be the word itself" if s.n_in else ""
        first = (
            f"why {shown}: it splits the {plural(s.total, 'words')} left into "
            f"{plural(s.parts, 'parts')}: the largest {s.largest}, "
            f"{s.expected_size:.2f} words left on average{may}"
        )
        o = outlook(self.problem, self.player, self.history)
        spent = game.spent(self.history)
        lost = f"; {plural(o.lost, 'words')} not found in time" if o.lost else ""
        second = (
            f"following {self.player.label}{' (off it: the rule)' if self._off_book() else ''} "
            f"from here: {o.average:.2f} more "
            f"{game.limit_name} on average ({spent + o.average:.2f} in all), "
            f"at most {o.worst} more{lost}"
        )
        return f"{first}\n{second}"

    def review(self) -> str:
        """The moves played, each beside the advisor's move at that step and the words left
        after it as the game showed them: the playbook's while the feedback fitted its
        answers, then (a rarer word) the card's fallback's; the cost of the game beside the
        playbook's for the same word; after a lost game, the words still possible."""
        game, spell = self.game, self.spell
        segments = [(self.problem, self.player, len(self.history))]
        if self._planned is not None:  # the plan's moves up to the switch, then the fallback's
            planned, advisor, switch = self._planned
            segments = [(planned, advisor, switch), (self.problem, self.player, len(self.history))]
        rows: list[tuple[Step, str]] = []
        for problem, player, end in segments:
            steps, _ = review(problem, player, self.history[:end])
            rows += [(st, player.label) for st in steps[len(rows) :]]
        if self._planned is not None:  # the move that left no answer: the words it left
            k = self._planned[2] - 1
            left = len(self.problem.possible(self.history[: k + 1]))
            rows[k] = (dataclasses.replace(rows[k][0], left=left), rows[k][1])
        first = segments[0][1].label
        labels = " (then the card's fallback: the words that fit)" if len(segments) > 1 else ""
        width = max(len(spell.text(st.move)) for st, _ in rows)
        lines = [f"review: your moves, and {first}'s where it differs{labels}"]
        for i, (st, label) in enumerate(rows, 1):
            line = f"  {i}. {spell.text(st.move):<{width}} {game.format(st.code)}"
            solved = (
                self.finished and i == len(rows) and (st.code == game.solved or game.solved is None)
            )
            line += " " * 11 if solved else f"  {st.left:>4} left"
            if st.advice != st.move:
                advice = "no move" if st.advice is None else spell.text(st.advice)
                line += f"   {label}: {advice}"
            lines.append(line.rstrip())
        last = self.history[-1][1] if self.history else None
        found = last == game.solved if game.solved is not None else not self.lost
        _, theirs = review(segments[0][0], segments[0][1], self.history)
        if self.finished and found and theirs is not None:  # a lost game names no word
            spent = game.spent(self.history)
            word = spell.text(self.history[-1][0])
            lines.append(
                f"you: {plural(spent, game.limit_name)}; {first}: "
                f"{plural(theirs, game.limit_name)} for {word}"
            )
        if self.lost and (rest := self.remaining()):
            shown = " ".join(map(spell.text, rest[:PAGE]))
            more = f" and {len(rest) - PAGE} more" if len(rest) > PAGE else ""
            lines.append(f"still possible: {shown}{more}")
        return "\n".join(lines)


def _is_feedback(game: Game, text: str) -> bool:
    try:
        game.parse(text)
    except ValueError:
        return False
    return True
