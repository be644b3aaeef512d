"""Full adaptive strategies: play a rule against every answer and keep the whole tree.

Rules pick the next guess from the partition it makes of the words still possible:

* ``minimax`` smallest largest subset (Knuth); ``most-parts`` most subsets (Kooi);
  ``expected-size`` smallest sum of squared sizes (Irving); ``entropy`` most information;
  ``scm`` the 1994 paper's order (largest, then parts, then sum of squares);
  ``first-consistent`` the first still-possible answer in list order.

Ties go to a guess that is itself still possible, then to the first in guess-list order.
With ``hard`` mode, only guesses consistent with all feedback so far may be played.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np

from playbook import kernels
from playbook.config import Config
from playbook.games import Game
from playbook.model import GroupPlan, Move, Playbook, Row, TryWords
from playbook.search import BIG
from playbook.tree import Probe, Solved
from playbook.verify import Report

RULES = ("minimax", "most-parts", "expected-size", "entropy", "scm", "first-consistent")
"""Greedy rules; ``optimal`` lives in :mod:`playbook.optimal`."""


@dataclasses.dataclass(frozen=True)
class Tree(Solved):
    """A strategy tree for one group: the root probe and the guesses each answer takes (the
    final, correct guess included)."""

    @property
    def root(self) -> Probe:
        assert isinstance(self.node, Probe)
        return self.node

    @property
    def distribution(self) -> dict[int, int]:
        return dict(sorted(Counter(self.turns.values()).items()))


def rule_order(
    rule: str,
    largest: np.ndarray,
    parts: np.ndarray,
    sumsq: np.ndarray,
    slog: np.ndarray,
    in_set: np.ndarray,
) -> np.ndarray:
    """Candidate indices best first under ``rule`` (ties: possible answers, then list order)."""
    idx = np.arange(len(largest))
    tie = [idx, -in_set]
    if rule == "minimax":
        keys = [*tie, largest]
    elif rule == "most-parts":
        keys = [*tie, -parts]
    elif rule == "expected-size":
        keys = [*tie, sumsq]
    elif rule == "entropy":
        keys = [*tie, np.round(slog, 9)]
    elif rule == "scm":
        keys = [*tie, sumsq, -parts, largest]
    else:
        raise ValueError(f"unknown rule {rule!r}; allowed: {', '.join(RULES)}")
    return np.lexsort(keys)


def rank_first_guesses(
    F: np.ndarray, answer_rows: np.ndarray, rule: str, n_codes: int
) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """All guesses ordered by ``rule`` on the whole answer set, with their stats."""
    n = F.shape[1]
    order = np.arange(n, dtype=np.int64)
    cands = np.arange(F.shape[0], dtype=np.int64)
    stats = kernels.eval_candidates(F, cands, order, np.array([0]), np.array([n]), BIG, n_codes)
    in_set = np.zeros(F.shape[0], dtype=np.int64)
    in_set[answer_rows] = 1
    if rule == "first-consistent":
        ranked = np.concatenate([answer_rows, np.flatnonzero(in_set == 0)])
    else:
        ranked = rule_order(rule, *stats, in_set)
    return ranked, stats


def greedy_tree(
    game: Game,
    F: np.ndarray,
    answer_rows: np.ndarray,
    rule: str,
    *,
    guesses: Sequence[str] | None = None,
    hard: bool = False,
    first: int | None = None,
) -> Tree:
    """The tree of ``rule`` over all answers (columns of ``F``).

    ``hard`` needs ``guesses`` (the words of the rows) to test consistency of guesses.
    ``first`` fixes the first guess (a row).
    """
    n_g = F.shape[0]
    turns: dict[int, int] = {}
    solved = game.solved
    pos_of_row = {int(r): j for j, r in enumerate(answer_rows)}
    all_rows = np.arange(n_g, dtype=np.int64)
    guess_words = list(guesses) if guesses is not None else []

    def pick(cols: np.ndarray, allowed: np.ndarray | None) -> int:
        if len(cols) == 1:
            return int(answer_rows[cols[0]])
        if rule == "first-consistent":
            return int(answer_rows[cols[0]])
        cands = all_rows if allowed is None else np.flatnonzero(allowed).astype(np.int64)
        stats = kernels.eval_candidates(
            F,
            cands,
            cols.astype(np.int64),
            np.array([0]),
            np.array([len(cols)]),
            BIG,
            game.n_codes,
        )
        in_set = np.zeros(n_g, dtype=np.int64)
        in_set[answer_rows[cols]] = 1
        order = rule_order(rule, *stats, in_set[cands])
        return int(cands[order[0]])

    def build(cols: np.ndarray, depth: int, allowed: np.ndarray | None) -> Probe:
        row = pick(cols, allowed) if depth > 1 or first is None else first
        codes = F[row, cols]
        children = []
        for code in np.unique(codes).tolist():
            part = cols[codes == code]
            if code == solved and pos_of_row.get(row) in part.tolist():
                turns[pos_of_row[row]] = depth
                continue
            sub_allowed = allowed
            if hard:
                fb = game.matrix([guess_words[row]], guess_words)[0]
                ok = fb == code
                sub_allowed = ok if allowed is None else (allowed & ok)
                # an answer still possible is always consistent: keep the set playable
                sub_allowed[answer_rows[part]] = True
            children.append((int(code), build(part, depth + 1, sub_allowed)))
        return Probe(row, tuple(children), len(cols))

    root = build(np.arange(F.shape[1], dtype=np.int64), 1, None)
    return Tree(root, turns)


def _node(game: Game, node: Probe, guesses: Sequence[str]) -> TryWords | Move:
    if not node.children:
        return TryWords((guesses[node.row],))
    return Move(guesses[node.row], _rows(game, node, guesses))


def _rows(game: Game, node: Probe, guesses: Sequence[str]) -> tuple[Row, ...]:
    return tuple(
        Row(game.format(code), _node(game, child, guesses), child.size)
        for code, child in node.children
    )


def to_plan(game: Game, group: str, tree: Tree, guesses: Sequence[str], rule: str) -> GroupPlan:
    """A strategy tree as a playbook group: the first guess as the opening, then tables."""
    return GroupPlan(
        group=group,
        openings=(guesses[tree.root.row],),
        table=_rows(game, tree.root, guesses),
        words=tree.root.size,
        largest=max((c.size for _, c in tree.root.children), default=0),
        method=f"strategy {rule}",
    )


@dataclasses.dataclass(frozen=True)
class StrategyResult:
    """A rule played against every answer of every group, verified."""

    rule: str
    playbook: Playbook
    trees: dict[str, Tree]
    report: Report
    seconds: float

    def summary(self) -> dict[str, object]:
        """The figures ``--json`` prints."""
        firsts = {g.group: g.openings[0] for g in self.playbook.groups}
        dist: Counter[int] = Counter()
        for t in self.trees.values():
            dist.update(t.distribution)
        n = sum(dist.values())
        total = sum(k * v for k, v in dist.items())
        return {
            "rule": self.rule,
            "first_guess": next(iter(firsts.values())) if len(firsts) == 1 else firsts,
            "total": total,
            "average": round(total / n, 4) if n else 0.0,
            "worst": max(dist, default=0),
            "distribution": {str(k): v for k, v in sorted(dist.items())},
            "failures": self.report.overall.failures,
            "seconds": round(self.seconds, 3),
        }


def play_rule(cfg: Config, rule: str, *, letters: str | None = None) -> StrategyResult:
    """Build, per group, the full tree of a greedy ``rule``, and verify it."""
    from playbook import build

    t0 = time.perf_counter()
    setup = build.prepare(cfg)
    groups = build.select_groups(setup, letters)
    trees: dict[str, Tree] = {}
    plans = []
    for name, cols in groups.items():
        gd = build.group_data(setup, cfg, name, cols)
        tree = greedy_tree(
            setup.game, gd.F, gd.answer_rows, rule, guesses=gd.guesses, hard=cfg.rules.hard
        )
        trees[name] = tree
        plans.append(to_plan(setup.game, name, tree, gd.guesses, rule))
    pb = build.assemble(cfg, setup, plans, profile=f"strategy {rule}", letters=letters)
    return StrategyResult(rule, pb.playbook, trees, pb.report, time.perf_counter() - t0)


def rank(
    cfg: Config, rule: str, *, top: int = 10, letters: str | None = None
) -> list[dict[str, object]]:
    """The ``top`` first guesses of each group under ``rule``, with their scores."""
    from playbook import build

    setup = build.prepare(cfg)
    out: list[dict[str, object]] = []
    for name, cols in build.select_groups(setup, letters).items():
        gd = build.group_data(setup, cfg, name, cols)
        ranked, (mx, parts, sq, slog) = rank_first_guesses(
            gd.F, gd.answer_rows, rule, setup.game.n_codes
        )
        n = len(cols)
        in_set = set(gd.answer_rows.tolist())
        for i, r in enumerate(ranked[:top].tolist()):
            out.append(
                {
                    "group": name,
                    "rank": i + 1,
                    "guess": gd.guesses[r],
                    "largest": int(mx[r]),
                    "parts": int(parts[r]),
                    "expected_size": round(float(sq[r]) / n, 4),
                    "entropy": round(float(np.log2(n) - slog[r] / n), 4),
                    "possible": r in in_set,
                }
            )
    return out
