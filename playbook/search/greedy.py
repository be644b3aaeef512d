"""Full adaptive strategies: play a rule against every answer and keep the whole tree.

Rules pick the next guess from the partition it makes of the words still possible:

* ``minimax`` smallest largest subset (Knuth); ``most-parts`` most subsets (Kooi);
  ``expected-size`` smallest sum of squared sizes (Irving); ``entropy`` most information;
  ``scm`` the 1994 paper's order (largest, then parts, then sum of squares);
  ``first-consistent`` the first still-possible answer in list order.

Ties go to a guess that is itself still possible, then to the first in guess-list order
(:attr:`~playbook.core.ranking.Ties.POSSIBLE`). With ``hard`` mode, only guesses consistent
with all feedback so far may be played.
"""

from __future__ import annotations

import numpy as np

from playbook.core.problem import Problem
from playbook.core.ranking import FIRST_CONSISTENT, Splits, Ties, ranking
from playbook.engines.scan import first_perfect
from playbook.search.trees import Node, Probe, Tree

TIES = Ties.POSSIBLE


def first_guesses(problem: Problem, rule: str) -> tuple[np.ndarray, Splits]:
    """All guesses ordered by ``rule`` on the whole answer set, with their statistics."""
    splits = problem.splits()
    in_set = problem.in_answers
    if rule == FIRST_CONSISTENT:
        rows = problem.answer_rows
        ranked = np.concatenate([rows, np.flatnonzero(in_set == 0)])
    else:
        ranked = ranking(rule).order(splits, in_set, TIES)
    return ranked, splits


def move(problem: Problem, rule: str, cols: np.ndarray, allowed: np.ndarray | None = None) -> str:
    """The rule's move on the answers ``cols`` as a word: the one statement of a greedy
    rule's move, for its trees (:func:`pick`, as a row) and for ``play``. With one or two
    words left, or under ``first-consistent``, the first of them in list order is tried (in
    hangman too, where a word is not a guess)."""
    if len(cols) <= 2 or rule == FIRST_CONSISTENT:
        return problem.answers[int(cols[0])]
    return problem.guesses[pick(problem, rule, cols, allowed)]


OFF_THE_TREE = "most-parts"
"""The rule ``play`` and the page follow once the board has left a whole tree (a word the
tree was not made for): the guess that splits the words still possible into the most parts
(ties: a possible word, then list order); see :func:`off_tree_move`."""


def off_tree_move(
    problem: Problem,
    cols: np.ndarray,
    last: bool,
    allowed: np.ndarray | None = None,
    chance: np.ndarray | None = None,
) -> str:
    """The move off a whole tree on the words still possible ``cols``: the
    :data:`OFF_THE_TREE` rule's, but on the ``last`` turn a word that may be the answer (no
    other move can find it then): the likeliest by ``chance`` (each answer's chance of being
    the pick, by column; ties and no chance: list order).

    Which word is played on the last turn does not change how many are lost, only which:
    with the picks model's chances, the likeliest are found (the NYT's gofer, which the
    first in list order lost behind fouer)."""
    if last:
        if chance is None:
            return problem.answers[int(cols[0])]
        return problem.answers[int(cols[int(np.argmax(chance[cols]))])]
    return move(problem, OFF_THE_TREE, cols, allowed)


def pick(problem: Problem, rule: str, cols: np.ndarray, allowed: np.ndarray | None = None) -> int:
    """The rule's guess (a row) on the answers ``cols``, among ``allowed`` rows in hard mode:
    :func:`move`'s, where the word to try is itself a guess."""
    row = int(problem.answer_rows[cols[0]])
    if (len(cols) <= 2 or rule == FIRST_CONSISTENT) and row >= 0:
        return row
    cands = (
        np.arange(problem.F.shape[0], dtype=np.int64)
        if allowed is None
        else np.flatnonzero(allowed).astype(np.int64)
    )
    if rule != FIRST_CONSISTENT and len(cols) <= problem.n_codes:
        # a split into parts of one is every rule's pick: a word still possible that makes it
        # (:func:`perfect_answer`), else the first guess that does (none of them may be the
        # answer, so list order decides), found without weighing all
        if (row := perfect_answer(problem, cols, allowed)) >= 0:
            return row
        seen, stamp = np.zeros(problem.n_codes, dtype=np.int64), np.zeros(3, dtype=np.int64)
        at = np.ascontiguousarray(cols, dtype=np.int64)  # the kernel's one signature
        if (j := first_perfect(problem.F, at, cands, seen, stamp)) >= 0:
            return int(cands[j])
    return int(rule_order(problem, rule, cols, cands)[0])


def perfect_answer(problem: Problem, cols: np.ndarray, allowed: np.ndarray | None = None) -> int:
    """The first row (in list order) of a word of ``cols`` that tells all of ``cols`` apart,
    or -1 where none does (or none is ``allowed``).

    Such a guess is every rule's pick: a split into parts of one is the best there is by
    each statistic a rule ranks (largest part, parts, sum of squares, information), and the
    ties go to a word that may be the answer, then to list order. So it is looked for among
    the words still possible (``len(cols)`` rows of the matrix) before all guesses are
    weighed. In the widening of Wordle's build, 546 of the off-tree rule's 2,354 picks were
    found so, and 934 more by the first guess that tells all apart (:func:`pick`): 874 still
    weighed every guess, where all 2,354 had (``build wordle``: 18.2 s to 13.4 s wall)."""
    n = len(cols)
    if n > problem.n_codes:
        return -1
    rows = problem.answer_rows[cols]
    rows = np.sort(rows[rows >= 0])
    if allowed is not None:
        rows = rows[np.asarray(allowed[rows], dtype=bool)]
    if not len(rows):
        return -1
    codes = np.sort(problem.F[rows][:, cols], axis=1)
    apart = np.flatnonzero((codes[:, 1:] != codes[:, :-1]).all(axis=1))
    return int(rows[apart[0]]) if len(apart) else -1


def rule_order(problem: Problem, rule: str, cols: np.ndarray, cands: np.ndarray) -> np.ndarray:
    """The guesses ``cands`` (rows) in ``rule``'s order on the answers ``cols``, its best
    first (ties: a possible answer, then list order)."""
    splits = problem.splits(cols, cands=cands)
    in_set = problem.in_set(cols)[cands]
    return cands[ranking(rule).order(splits, in_set, TIES)]


def greedy_tree(
    problem: Problem, rule: str, *, hard: bool = False, first: int | None = None
) -> Tree:
    """The tree of ``rule`` over all answers of ``problem``.

    ``hard``: only guesses consistent with all feedback so far. ``first`` fixes the first
    guess (a row).
    """
    F, game = problem.F, problem.game
    turns: dict[int, int] = {}
    pos_of_row = {int(r): j for j, r in enumerate(problem.answer_rows)}

    def build(cols: np.ndarray, depth: int, allowed: np.ndarray | None) -> Probe:
        row = pick(problem, rule, cols, allowed) if depth > 1 or first is None else first
        codes = F[row, cols]
        children: list[tuple[int, Node]] = []
        for code in np.unique(codes).tolist():
            part = cols[codes == code]
            if code == game.solved and pos_of_row.get(row) in part.tolist():
                turns[pos_of_row[row]] = depth
                continue
            sub_allowed = allowed
            if hard:
                ok = problem.fitting_guesses(problem.guesses[row], int(code))
                sub_allowed = ok if allowed is None else (allowed & ok)
                # an answer still possible is always consistent: keep the set playable
                sub_allowed[problem.answer_rows[part]] = True
            children.append((int(code), build(part, depth + 1, sub_allowed)))
        return Probe(row, tuple(children), len(cols))

    root = build(np.arange(F.shape[1], dtype=np.int64), 1, None)
    return Tree(root, turns)
