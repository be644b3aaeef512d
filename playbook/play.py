"""Playing a game with a playbook or a rule: the next move after any history, and self-play.

A player answers "what next?" for a history of (guess, feedback) pairs: :class:`BookPlayer`
follows a playbook's openings and tables (falling back on a rule where the history leaves the
book, e.g. after the person played another word), :class:`RulePlayer` applies a greedy rule to
the words still possible. :func:`play_game` runs a player against a host: one that holds a
word, or a cheating host that never commits and keeps the most words alive.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from playbook import kernels, strategy
from playbook.config import Config
from playbook.games import Code, Game
from playbook.model import GroupPlan, Move, Row, TryWords
from playbook.search import BIG

History = list[tuple[str, Code]]


@dataclasses.dataclass
class Context:
    """One group's words and matrix, for consistency checks and rules."""

    game: Game
    guesses: tuple[str, ...]
    answers: tuple[str, ...]
    F: np.ndarray
    """Feedback codes: guesses x answers."""

    def __post_init__(self) -> None:
        self.row_of = {w: i for i, w in enumerate(self.guesses)}

    def feedback(self, guess: str, answer: str) -> Code:
        return self.game.feedback(guess, answer)

    def possible(self, history: History) -> np.ndarray:
        """Answer columns consistent with every feedback so far."""
        mask = np.ones(len(self.answers), dtype=bool)
        for guess, code in history:
            row = self.row_of.get(guess)
            if row is not None:
                mask &= self.F[row] == code
            else:
                mask &= np.array([self.feedback(guess, a) == code for a in self.answers])
        return np.flatnonzero(mask)


class Player(Protocol):
    def next_move(self, history: History) -> str: ...


@dataclasses.dataclass
class RulePlayer:
    """A greedy rule on the words still possible (ties: possible answers, then list order)."""

    ctx: Context
    rule: str = "scm"

    def next_move(self, history: History) -> str:
        cols = self.ctx.possible(history)
        if len(cols) == 0:
            raise ValueError("no word of the list fits all the feedback")
        if len(cols) <= 2 or self.rule == "first-consistent":
            return self.ctx.answers[int(cols[0])]
        g = self.ctx.game
        cands = np.arange(self.ctx.F.shape[0], dtype=np.int64)
        stats = kernels.eval_candidates(
            self.ctx.F,
            cands,
            cols.astype(np.int64),
            np.array([0]),
            np.array([len(cols)]),
            BIG,
            g.n_codes,
        )
        in_set = np.zeros(len(cands), dtype=np.int64)
        rows = [self.ctx.row_of.get(self.ctx.answers[c], -1) for c in cols]
        in_set[[r for r in rows if r >= 0]] = 1
        rule = "scm" if self.rule not in strategy.RULES else self.rule
        return self.ctx.guesses[int(strategy.rule_order(rule, *stats, in_set)[0])]


@dataclasses.dataclass
class BookPlayer:
    """Follows a playbook group; where the history leaves the book, ``fallback`` decides."""

    ctx: Context
    plan: GroupPlan
    fallback: Player
    off_book: bool = False
    """Whether the last answer came from the fallback."""

    def next_move(self, history: History) -> str:
        move = self.book_move(history)
        self.off_book = move is None
        return move if move is not None else self.fallback.next_move(history)

    def book_move(self, history: History) -> str | None:
        """The playbook's move, or None if the history is not a path of the book."""
        openings = self.plan.openings
        for i, (guess, code) in enumerate(history[: len(openings)]):
            if guess != openings[i]:
                return None
            if code == self.ctx.game.solved:
                return None
        if len(history) < len(openings):
            return openings[len(history)]
        return self._table(self.plan.table, 0, len(openings), history)

    def _table(
        self, table: tuple[Row, ...] | None, since: int, n_moves: int, history: History
    ) -> str | None:
        """Follow ``table``, whose rows are keyed by the feedback of ``n_moves`` moves played
        from ``since`` on."""
        fmt = self.ctx.game.format
        if table is None:
            return self._try(None, since + n_moves, history)
        row = None
        if len(history) - since >= n_moves:
            key = " ".join(fmt(c) for _, c in history[since : since + n_moves])
            row = next((r for r in table if r.feedback == key), None)
            row = row or next((r for r in table if r.feedback == "*"), None)
        if row is None:
            return None
        return self._node(row, since + n_moves, history)

    def _node(self, row: Row, start: int, history: History) -> str | None:
        node = row.node
        if isinstance(node, TryWords):
            return self._try(node.words, start, history)
        assert isinstance(node, Move)
        if len(history) == start:
            return node.word
        if history[start][0] != node.word:
            return None
        return self._table(node.table, start, 1, history)

    def _try(self, words: Sequence[str] | None, start: int, history: History) -> str | None:
        played = {g for g, _ in history[start:]}
        if any(g not in (words or self.ctx.answers) for g in played):
            return None
        pool = (
            words
            if words is not None
            else [self.ctx.answers[c] for c in self.ctx.possible(history)]
        )
        for w in pool:
            if w in played:
                continue
            if all(self.ctx.feedback(g, w) == c for g, c in history):
                return w
        return None


@dataclasses.dataclass(frozen=True)
class Game_:
    """One game played to the end."""

    answer: str | None
    """The host's word (for a cheating host: the word it was left with)."""
    moves: tuple[tuple[str, Code], ...]
    cost: int
    """Turns (or misses) spent."""
    won: bool


def play_game(
    ctx: Context, player: Player, *, answer: str | None = None, max_moves: int = 30
) -> Game_:
    """Play until the word is found. With ``answer`` None the host cheats: after each guess
    it answers with the feedback that keeps the most words possible (a win only when no other
    answer is left)."""
    game = ctx.game
    history: History = []
    cols = np.arange(len(ctx.answers))
    for _ in range(max_moves):
        guess = player.next_move(history)
        if answer is not None:
            code = ctx.feedback(guess, answer)
        else:
            codes = np.array([ctx.feedback(guess, ctx.answers[c]) for c in cols])
            values, counts = np.unique(codes, return_counts=True)
            won = [v for v in values.tolist() if _wins(ctx, guess, v, cols, codes)]
            # most words left; among equals, not the winning answer, then the lowest code
            best = max(
                zip(counts.tolist(), values.tolist(), strict=True),
                key=lambda cv: (cv[0], cv[1] not in won, -cv[1]),
            )
            code = best[1]
            cols = cols[codes == code]
        history.append((guess, code))
        done = (
            (guess == answer)
            if answer is not None
            else (len(cols) == 1 and _wins(ctx, guess, code, cols, np.array([code])))
        )
        if done:
            break
    cost = sum(game.cost(c) for _, c in history)
    final = answer if answer is not None else ctx.answers[int(cols[0])] if len(cols) else None
    found = bool(history) and history[-1][0] == final
    return Game_(final, tuple(history), cost, found and cost <= game.limit)


def _wins(ctx: Context, guess: str, code: Code, cols: np.ndarray, codes: np.ndarray) -> bool:
    """Whether feedback ``code`` to ``guess`` means the guess was the word."""
    return any(ctx.answers[c] == guess for c in cols[codes == code])


HELP = """commands:
  FEEDBACK        the feedback you saw for the suggested move ({notation})
  WORD FEEDBACK   you played WORD instead; its feedback
  l               list the words still possible
  u               undo the last step
  ?               this help
  q               quit"""

PAGE = 10
"""Words per line when listing (at most 20 lines are shown)."""


@dataclasses.dataclass
class Session:
    """An interactive game: suggestions, feedback entered by a person, undo.

    :meth:`handle` takes one input line and returns the text to show; it never raises on
    bad input.
    """

    ctx: Context
    player: Player
    history: History = dataclasses.field(default_factory=list)
    finished: bool = False
    _suggestion: str | None = None

    def suggestion(self) -> str | None:
        if self._suggestion is None and not self.finished:
            try:
                self._suggestion = self.player.next_move(self.history)
            except ValueError:
                self._suggestion = None
        return self._suggestion

    def remaining(self) -> list[str]:
        return [self.ctx.answers[c] for c in self.ctx.possible(self.history)]

    def status(self) -> str:
        """What to play next and how many words remain."""
        if self.finished:
            return "game over"
        left = self.remaining()
        move = self.suggestion()
        lines = [f"{len(left)} word{'s' if len(left) != 1 else ''} possible"]
        if 1 < len(left) <= 10:
            lines[0] += ": " + " ".join(left)
        if move is not None:
            off = " (off the playbook: rule)" if getattr(self.player, "off_book", False) else ""
            lines.append(f"play: {move}{off}")
        return "\n".join(lines)

    def handle(self, line: str) -> str:
        """Apply one input line; return the response."""
        text = line.strip()
        if not text:
            return self.status()
        if text in ("q", "quit"):
            self.finished = True
            return "bye"
        if text == "?":
            return HELP.format(notation=self.ctx.game.notation)
        if text == "u":
            if not self.history:
                return "nothing to undo\n" + self.status()
            word, code = self.history.pop()
            self.finished = False
            self._suggestion = None
            return f"undone: {word} {self.ctx.game.format(code)}\n" + self.status()
        if text == "l":
            left = self.remaining()
            pages = [left[i : i + PAGE] for i in range(0, len(left), PAGE)] or [[]]
            shown = "\n".join(" ".join(p) for p in pages[:20])
            more = f"\n... and {len(left) - 20 * PAGE} more" if len(pages) > 20 else ""
            return f"{len(left)} words possible:\n{shown}{more}"
        if self.finished:
            return "the game is over: u to undo, q to quit"
        return self._feedback(text)

    def _feedback(self, text: str) -> str:
        game = self.ctx.game
        parts = text.split()
        word = self.suggestion()
        fb_text = text
        if len(parts) >= 2 and parts[0].lower() in self.ctx.row_of:
            word, fb_text = parts[0].lower(), " ".join(parts[1:])
        elif (
            len(parts) >= 2
            and parts[0].isalpha()
            and len(parts[0]) > 1
            and not _is_feedback(game, text)
        ):
            return f"{parts[0]!r} is not a word this game accepts as a guess"
        if word is None:
            return "no suggestion to give feedback on: type WORD FEEDBACK"
        try:
            code = game.parse(fb_text)
        except ValueError as exc:
            return f"{exc}; type ? for help"
        step = len(self.history) + 1
        trial = [*self.history, (word, code)]
        if len(self.ctx.possible(trial)) == 0:
            return (
                f"no word of the list gives {game.format(code)} to {word} after the steps "
                f"so far (step {step}); check the feedback, or u to undo a step"
            )
        self.history = trial
        self._suggestion = None
        if code == game.solved or (
            word in self.ctx.answers and self.remaining() == [word] and game.solved is None
        ):
            self.finished = True
            spent = sum(game.cost(c) for _, c in self.history)
            return f"solved: {word} after {spent} {game.limit_name}"
        return self.status()


def _is_feedback(game: Game, text: str) -> bool:
    try:
        game.parse(text)
    except ValueError:
        return False
    return True


def contexts(cfg: Config, groups: Sequence[str] | None = None) -> dict[str, Context]:
    """A context per group of a config's word list (all groups when None)."""
    from playbook import build

    setup = build.prepare(cfg)
    out = {}
    for name, cols in build.select_groups(setup, ",".join(groups) if groups else None).items():
        gd = build.group_data(setup, cfg, name, cols)
        out[name] = Context(setup.game, gd.guesses, gd.answers, gd.F)
    return out


def make_player(ctx: Context, plan: GroupPlan | None, rule: str) -> Player:
    """Follow the plan where given (the rule where it has no answer), else the rule."""
    fallback = RulePlayer(ctx, rule)
    return BookPlayer(ctx, plan, fallback) if plan is not None else fallback


@dataclasses.dataclass(frozen=True)
class Simulation:
    """Self-play results."""

    games: tuple[Game_, ...]

    @property
    def distribution(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for g in self.games:
            if g.won:
                out[g.cost] = out.get(g.cost, 0) + 1
        return dict(sorted(out.items()))

    @property
    def losses(self) -> int:
        return sum(1 for g in self.games if not g.won)

    @property
    def average(self) -> float:
        won = [g.cost for g in self.games if g.won]
        return sum(won) / len(won) if won else 0.0

    @property
    def worst(self) -> int:
        return max((g.cost for g in self.games), default=0)


def simulate(
    ctxs: dict[str, Context],
    plans: dict[str, GroupPlan] | None,
    rule: str,
    *,
    host: str = "all",
    games: int = 100,
    seed: int = 0,
) -> Simulation:
    """Self-play: ``all`` answers, ``random`` answers (seeded), or an ``adversarial`` host
    (one game per group)."""
    out = []
    if host == "random":
        rng = np.random.default_rng(seed)
        pairs = [(g, a) for g, ctx in ctxs.items() for a in ctx.answers]
        picks = rng.choice(len(pairs), size=games, replace=True)
        todo = [pairs[int(i)] for i in picks]
    elif host == "all":
        todo = [(g, a) for g, ctx in ctxs.items() for a in ctx.answers]
    else:
        todo = [(g, None) for g in ctxs]
    for group, answer in todo:
        ctx = ctxs[group]
        plan = plans.get(group) if plans is not None else None
        out.append(play_game(ctx, make_player(ctx, plan, rule), answer=answer))
    return Simulation(tuple(out))
