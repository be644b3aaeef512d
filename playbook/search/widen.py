"""A whole tree that finds the list's other words too, where a tie allows it.

An optimal tree is made for its answers (Wordle's 2,315); the list holds more words (12,972),
and an editor may pick one of them. ``play`` and the page follow the tree while the feedback
fits one of its answers, then the rule of :func:`~playbook.search.greedy.off_tree_move` for
the words still possible.
Such a word can run out of turns: the shipped tree after salet, rownd and vichy plays poker,
then boxer, and gofer, which the feedback fits all along, is one of three words left for the
sixth turn.

Many subtrees cost their answers the same: three answers found on turns 4, 5 and 6 cost 15,
and so do the same three found on turn 5 after a guess that tells them (and the other words
still possible) apart. :func:`widen` walks the tree and, where following it loses a word of
the list, looks for a subtree of the same cost to the tree's answers that loses less:
lexicographically the fewest guesses for the answers, then the least chance lost (where the
list has an answer model: the words lost weigh their chances of being the pick), then the
fewest words of the list lost (an exact search over a few candidate guesses per node: the
answers themselves, the guesses that split the words still possible most, and the tree's own
move). The tree's total, and so its proof, stay as they were; only which of its equals is
written changes.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

import numpy as np

from playbook.core.problem import Problem
from playbook.model import GroupPlan, Move, Node, Row, TryWords
from playbook.search.greedy import off_tree_move
from playbook.words import CHANCE_SCALE

CANDIDATES = 24
"""Guesses tried at a node besides its answers and the tree's move: the best splitters of the
words still possible, and of the answers."""

MOST_ANSWERS = 12
"""Nodes with more answers are left as they are (their subtrees are widened)."""

MOST_WORDS = 400
"""Nodes with more words of the list still possible are left as they are."""

_LOST = 10**9
"""A cost past any tree: no subtree finds the answers in time."""

COUNT_BITS = 20
"""The low bits of a weight sum that count the words (a list of fewer than 2**20 words)."""


def weights(n: int, chance: np.ndarray | None) -> np.ndarray:
    """What each of ``n`` words weighs, lost: one each; with ``chance`` (by word), its chance
    in hundred-thousandths above :data:`COUNT_BITS` bits that count it, so a sum orders by
    the chance lost, then by the words lost (:func:`split`)."""
    if n >= 1 << COUNT_BITS:
        raise ValueError(f"{n} words: more than a weight can count")
    ones = np.ones(n, dtype=np.int64)
    if chance is None:
        return ones
    return (
        np.rint(np.asarray(chance, dtype=np.float64) * CHANCE_SCALE).astype(np.int64)
        * (1 << COUNT_BITS)
        + ones
    )


def split(weight: int, weighted: bool) -> tuple[int, float | None]:
    """A sum of :func:`weights`: the words it counts, and their chance (None: unweighted)."""
    if not weighted:
        return weight, None
    return weight & ((1 << COUNT_BITS) - 1), (weight >> COUNT_BITS) / CHANCE_SCALE


@dataclasses.dataclass(frozen=True)
class Widened:
    """What :func:`widen` did: the plan, and the list's words lost before and after."""

    plan: GroupPlan
    lost_before: int
    """Words of the list the tree lost before."""
    lost_after: int
    nodes: int
    """Subtrees replaced."""
    total: int
    """The guesses the tree's answers take in all, after."""
    chance_before: float | None = None
    """What the words lost before weigh in the list's chances (None: no chances given)."""
    chance_after: float | None = None
    """What the words lost after weigh."""


@dataclasses.dataclass(eq=False)
class _Tree:
    """The tree's problem (its answers) and the list's (every word), with the rule's turns."""

    problem: Problem
    every: Problem
    limit: int
    slack: int = 0
    """Turns a replaced subtree may cost its answers more than the one it replaces (0: the
    tree's total stays)."""
    penalty: int = 0
    """With slack: what a word of the list lost weighs against a turn of an answer (a
    subtree is better where its turns plus ``penalty`` per word lost are fewer)."""
    chance: np.ndarray | None = None
    """Each word of the list's chance of being the pick (by column of ``every``), where the
    list has an answer model: the rule's last turn plays the likeliest word, and a word lost
    weighs its chance first (:func:`weights`); None: each word weighs one."""

    def __post_init__(self) -> None:
        # a word lost weighs its chance, but not with slack: the penalty counts words
        self.weighted = self.chance is not None and not self.slack
        self.weight = weights(len(self.every.answers), self.chance if self.weighted else None)
        self.answer_col = {w: c for c, w in enumerate(self.every.answers)}
        self.is_answer = np.zeros(len(self.every.answers), dtype=bool)
        for w in self.problem.answers:
            self.is_answer[self.answer_col[w]] = True
        self.solved = self.every.game.solved
        self._memo: dict[
            tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, tuple[int, int, Node | None]]
        ] = {}

    def row(self, word: str) -> int:
        return self.every.row_of[word]

    def parts(self, row: int, cols: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
        """The words ``cols`` by the feedback guess ``row`` gives them."""
        codes = self.every.F[row, cols]
        for code in np.unique(codes):
            yield int(code), cols[codes == code]

    @functools.cache  # noqa: B019 - one tree's cache, dropped with it
    def rule(self, cols: tuple[int, ...], turn: int) -> int:
        """What the words ``cols`` (all still possible) the rule loses weigh, guessing from
        ``turn`` on (on the last turn it plays the likeliest, as ``play`` does)."""
        if turn > self.limit:
            return self.lost(cols)
        at = np.asarray(cols, dtype=np.int64)
        word = off_tree_move(self.every, at, last=turn == self.limit, chance=self.chance)
        lost = 0
        for code, part in self.parts(self.row(word), at):
            if code != self.solved:
                lost += self.rule(tuple(part.tolist()), turn + 1)
        return lost

    def lost(self, cols: tuple[int, ...] | np.ndarray) -> int:
        """What the words ``cols`` weigh, lost."""
        return int(self.weight[np.asarray(cols, dtype=np.int64)].sum())

    def follow(self, node: Node, cols: np.ndarray, turn: int) -> tuple[int, int]:
        """Following ``node`` from ``turn`` for the words ``cols``: the turns its answers
        take in all, and what the words of the list it loses weigh."""
        word = _word(node)
        table = {r.feedback: r.node for r in node.table or ()} if isinstance(node, Move) else {}
        cost = (
            turn if self.is_answer[self.answer_col[word]] and self.answer_col[word] in cols else 0
        )
        lost = 0
        fmt = self.every.game.format
        for code, part in self.parts(self.row(word), cols):
            if code == self.solved:
                continue
            child = table.get(fmt(code))
            if child is not None and self.is_answer[part].any():
                c, lo = self.follow(child, part, turn + 1)
                cost, lost = cost + c, lost + lo
            else:
                lost += self.rule(tuple(part.tolist()), turn + 1)
                cost += _LOST * int(self.is_answer[part].sum())
        return cost, lost

    def candidates(self, answers: np.ndarray, words: np.ndarray, own: str) -> list[int]:
        """The guesses (rows) tried at a node: its answers, the tree's move, the best
        splitters of the words still possible and of the answers (ties: list order)."""
        every = self.every
        rows = [every.row_of[w] for w in (every.answers[c] for c in answers) if w in every.row_of]
        if own:
            rows.append(self.row(own))
        for cols in (words, answers):
            parts = every.splits(cols).parts
            rows += np.argsort(-parts, kind="stable")[:CANDIDATES].tolist()
        return list(dict.fromkeys(int(r) for r in rows))

    def best(
        self, answers: tuple[int, ...], words: tuple[int, ...], turn: int, own: str, cap: int
    ) -> tuple[int, int, Node | None]:
        """The subtree from ``turn`` for the answers ``answers`` among the words ``words``
        still possible that costs its answers at most ``cap`` turns in all: the fewest turns,
        then the least weight lost (the rule plays where the subtree has no move); None where
        none does. ``own`` is the tree's move here (one of the candidates)."""
        key = (answers, words, turn)
        if self.slack:
            key = (answers, words, turn * 10**6 + cap)  # with slack: a result per cap
        if key in self._memo:
            used, found = self._memo[key]
            if self.slack or found[2] is not None or cap <= used:
                return found if found[0] <= cap else (_LOST, self.lost(words), None)
        found = self._search(answers, words, turn, own, cap)
        self._memo[key] = (cap, found)
        return found

    def _search(
        self, answers: tuple[int, ...], words: tuple[int, ...], turn: int, own: str, cap: int
    ) -> tuple[int, int, Node | None]:
        """:meth:`best`, searched: each candidate guess, its parts solved in turn, a branch
        left once it costs more than the best so far (or than ``cap``)."""
        none: tuple[int, int, Node | None] = (_LOST, self.lost(words), None)
        if turn > self.limit:
            return none
        at, every = np.asarray(words, dtype=np.int64), self.every
        fmt, order = every.game.format, self.problem.game.reading_order
        found = none
        for row in self.candidates(np.asarray(answers, dtype=np.int64), at, own):
            word = every.guesses[row]
            col = self.answer_col.get(word)
            cost = turn if col is not None and col in answers else 0
            parts = [
                (code, part, part[self.is_answer[part]])
                for code, part in self.parts(row, at)
                if code != self.solved
            ]
            # every answer of a part takes the next turn at least, all but one the one after
            floors = [len(a) * (turn + 1) + len(a) - 1 if len(a) else 0 for _, _, a in parts]
            limit = cap if self.slack else min(cap, found[0])
            rest = sum(floors)
            if cost + rest > limit:
                continue
            lost, rows = 0, []
            for (code, part, in_tree), floor in zip(parts, floors, strict=True):
                rest -= floor
                if len(in_tree):
                    cap_here = limit - cost - rest
                    sets = tuple(in_tree.tolist()), tuple(part.tolist())
                    c, lo, child = self.best(*sets, turn + 1, "", cap_here)
                    if child is None:
                        cost = _LOST
                        break
                    rows.append(Row(fmt(code), child, len(in_tree)))
                else:
                    c, lo = 0, self.rule(tuple(part.tolist()), turn + 1)
                cost, lost = cost + c, lost + lo
                if cost + rest > limit or self._worse(cost + rest, lost, found):
                    cost = _LOST
                    break
            if cost <= cap and self._better(cost, lost, found):
                node: Node = Move(word, tuple(order(rows))) if rows else TryWords((word,))
                found = (cost, lost, node)
        return found

    def _key(self, cost: int, lost: int) -> tuple[int, int]:
        """What a subtree is judged by, the smaller the better: its turns, then what the
        words it loses weigh (:func:`weights`); with slack, the turns plus the penalty per
        word lost, then the turns (a subtree that costs its answers more must lose fewer
        words by more than it costs)."""
        if self.slack:
            return cost + self.penalty * lost, cost
        return cost, lost

    def _better(self, cost: int, lost: int, found: tuple[int, int, Node | None]) -> bool:
        return found[2] is None or self._key(cost, lost) < self._key(found[0], found[1])

    def _worse(self, floor: int, lost: int, found: tuple[int, int, Node | None]) -> bool:
        """Whether a branch that costs at least ``floor`` and loses ``lost`` so far cannot
        beat ``found``."""
        return found[2] is not None and self._key(floor, lost) >= self._key(found[0], found[1])

    def widen(self, node: Node, words: np.ndarray, turn: int) -> tuple[Node, int]:
        """``node`` (played on ``turn`` with the words ``words`` still possible) with its
        subtrees widened, then itself where a subtree of the same cost loses less;
        and how many subtrees were replaced."""
        replaced = 0
        if isinstance(node, Move) and node.table:
            table = {r.feedback: r for r in node.table}
            rows = []
            fmt = self.every.game.format
            for code, part in self.parts(self.row(node.word), words):
                r = table.get(fmt(code))
                if r is not None and code != self.solved and self.is_answer[part].any():
                    child, n = self.widen(r.node, part, turn + 1)
                    rows.append(dataclasses.replace(r, node=child))
                    replaced += n
            kept = {x.feedback for x in rows}
            rows += [r for r in node.table if r.feedback not in kept]
            node = Move(node.word, tuple(self.problem.game.reading_order(rows)))
        cost, lost = self.follow(node, words, turn)
        answers = words[self.is_answer[words]]
        if lost and len(answers) <= MOST_ANSWERS and len(words) <= MOST_WORDS:
            own = _word(node)
            cap = cost + self.slack
            c, lo, alt = self.best(tuple(answers.tolist()), tuple(words.tolist()), turn, own, cap)
            if (
                alt is not None
                and (c == cost or self.slack)
                and self._key(c, lo) < self._key(cost, lost)
            ):
                return alt, replaced + 1
        return node, replaced


def _word(node: Node) -> str:
    """The word a tree's node plays (a try list of one word in a whole tree)."""
    if isinstance(node, Move):
        return node.word
    if not node.words:
        raise ValueError("a whole tree tries named words")
    return node.words[0]


def widen(
    plan: GroupPlan,
    problem: Problem,
    every: Problem,
    slack: int = 0,
    penalty: int = 0,
    chance: np.ndarray | None = None,
) -> Widened:
    """``plan`` (a whole tree over ``problem``'s answers) with subtrees of the same cost that
    lose fewer of the words of ``every`` (the group over the whole list) when followed as
    ``play`` follows a tree (see the module's text). With ``chance`` (each word of ``every``'s
    chance of being the pick), the rule's last turn plays the likeliest word as ``play``
    does, and without slack a subtree is judged by the chance of the words it loses first,
    then by how many."""
    if not plan.openings:
        return Widened(plan, 0, 0, 0, 0)
    t = _Tree(problem, every, every.game.limit, slack, penalty, chance)
    root = Move(plan.openings[0], plan.table or ())
    words = np.arange(len(every.answers), dtype=np.int64)
    total, before = t.follow(root, words, 1)
    lost, weight = split(before, t.weighted)
    if not before:
        return Widened(plan, 0, 0, 0, total, weight, weight)
    new, replaced = t.widen(root, words, 1)
    assert isinstance(new, Move) and new.word == root.word, "the first guess stays"
    total, after = t.follow(new, words, 1)
    now, weight_now = split(after, t.weighted)
    return Widened(
        dataclasses.replace(plan, table=new.table), lost, now, replaced, total, weight, weight_now
    )
