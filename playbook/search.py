"""Search for fixed opening words: exhaustive singles and pairs, hill-climbing triples.

Every function here is plain and serial; :mod:`playbook.parallel` maps them over workers.
A group is given as its feedback matrix ``F`` (guess pool x the group's answers) and
``in_answers`` (1 where a guess is itself one of the answers).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from playbook import kernels
from playbook.scores import Score, combined_codes, score_moves

BIG = 1 << 30


@dataclasses.dataclass(frozen=True)
class Opening:
    """Fixed opening moves for one group, with how they were found."""

    moves: tuple[int, ...]
    """Guess indices, in the order they are played."""
    score: Score
    """How the moves together split the group."""
    method: str
    """``trivial`` (no move needed), ``exhaustive`` or ``hill-climbing``."""
    restarts: int = 0
    """Hill-climbing restarts used (0 for exhaustive search)."""
    notes: dict[str, object] = dataclasses.field(default_factory=dict, compare=False)
    """Findings to record with the plan (e.g. the exhaustive triple analysis)."""


def _whole(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    order = np.arange(n, dtype=np.int64)
    return order, np.array([0], dtype=np.int64), np.array([n], dtype=np.int64)


def _partition(F: np.ndarray, moves: Sequence[int], n_codes: int):  # type: ignore[no-untyped-def]
    if not moves:
        return _whole(F.shape[1])
    return kernels.classes_of(combined_codes(F, moves, n_codes))


def candidate_scores(
    F: np.ndarray,
    given: Sequence[int],
    n_codes: int,
    *,
    bound: int = BIG,
    columns: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Stats of adding each guess to the moves ``given`` (restricted to ``columns``).

    Returns arrays (largest, parts, sumsq, slog) over all guesses; a guess whose largest part
    would exceed ``bound`` has largest = ``kernels.INFEASIBLE``.
    """
    sub = F if columns is None else np.ascontiguousarray(F[:, columns])
    order, starts, ends = _partition(sub, given, n_codes)
    cands = np.arange(F.shape[0], dtype=np.int64)
    return kernels.eval_candidates(sub, cands, order, starts, ends, bound, n_codes)


def rank_order(
    mode: int,
    largest: np.ndarray,
    parts: np.ndarray,
    sumsq: np.ndarray,
    slog: np.ndarray,
    n_in: np.ndarray,
    target: int | None = None,
) -> np.ndarray:
    """Indices sorted best first by the ranking ``mode`` (index breaks ties).

    With a ``target``, candidates whose largest part meets it come first.
    """
    keys = [-n_in, sumsq, -parts, largest]
    if mode == kernels.EXPECTED:
        keys.append(sumsq)
    elif mode == kernels.ENTROPY:
        keys.append(np.round(slog, 9))
    if target is not None:
        keys.append(largest > target)
    idx = np.arange(len(largest))
    return np.lexsort([idx, *keys])


def best_single(
    F: np.ndarray, in_answers: np.ndarray, n_codes: int, mode: int, bound: int = BIG
) -> Opening | None:
    """The best single opening among those whose largest subset is at most ``bound``."""
    mx, parts, sq, slog = candidate_scores(F, (), n_codes, bound=bound)
    ok = mx != kernels.INFEASIBLE
    if not ok.any():
        return None
    n_in = in_answers.astype(np.int64)
    # rejected candidates' other stats are meaningless: rank the feasible ones only
    order = rank_order(mode, np.where(ok, mx, BIG), parts, sq, slog, n_in, target=bound)
    g = int(order[0])
    return Opening((g,), score_moves(F, (g,), in_answers, n_codes), "exhaustive")


def pair_units(n_guesses: int, n_units: int) -> list[np.ndarray]:
    """Split first words into units of about equal pair counts (interleaved for balance)."""
    n_units = max(1, min(n_units, n_guesses))
    return [np.arange(u, n_guesses, n_units, dtype=np.int64) for u in range(n_units)]


def pair_unit(
    F: np.ndarray, in_answers: np.ndarray, n_codes: int, mode: int, bound: int, firsts: np.ndarray
) -> tuple[int, int, int, int, int, float] | None:
    """Best pair whose first word is in ``firsts``: (g1, g2, largest, parts, sumsq, slog)."""
    r = kernels.pair_chunk(F, firsts, bound, mode, in_answers.astype(np.int64), n_codes)
    if r[0] < 0:
        return None
    return (int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), float(r[5]))


def merge_pairs(
    results: Sequence[tuple[int, int, int, int, int, float] | None],
    F: np.ndarray,
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
) -> Opening | None:
    """The best of the units' pairs, by the ranking and then by list order."""
    best: tuple[tuple[float, ...], tuple[int, int]] | None = None
    for r in results:
        if r is None:
            continue
        pair = (min(r[0], r[1]), max(r[0], r[1]))
        key = score_moves(F, pair, in_answers, n_codes).key(mode)
        if best is None or (key, pair) < best:
            best = (key, pair)
    if best is None:
        return None
    return order_moves(F, best[1], in_answers, n_codes, mode, "exhaustive")


def order_moves(
    F: np.ndarray,
    moves: Sequence[int],
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
    method: str,
    restarts: int = 0,
) -> Opening:
    """Fix the playing order of a set of moves: the individually best move first."""

    def single_key(g: int) -> tuple[tuple[float, ...], int]:
        return score_moves(F, (g,), in_answers, n_codes).key(mode), g

    ordered = tuple(sorted(moves, key=single_key))
    return Opening(ordered, score_moves(F, ordered, in_answers, n_codes), method, restarts)


def best_pair(
    F: np.ndarray, in_answers: np.ndarray, n_codes: int, mode: int, bound: int
) -> Opening | None:
    """Exhaustive search over every pair of guesses (serial)."""
    firsts = np.arange(F.shape[0], dtype=np.int64)
    return merge_pairs(
        [pair_unit(F, in_answers, n_codes, mode, bound, firsts)], F, in_answers, n_codes, mode
    )


def triple_unit(
    F: np.ndarray, in_answers: np.ndarray, n_codes: int, mode: int, bound: int, firsts: np.ndarray
) -> tuple[tuple[int, int, int] | None, int]:
    """Best triple whose first word is in ``firsts`` (exhaustive), and the triples settled."""
    r = kernels.triple_chunk(F, firsts, bound, mode, in_answers.astype(np.int64), n_codes)
    moves = None if r[0] < 0 else (int(r[0]), int(r[1]), int(r[2]))
    return moves, int(r[7])


def merge_triples(
    results: Sequence[tuple[int, int, int] | None],
    F: np.ndarray,
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
) -> Opening | None:
    """The best of the units' triples, by the ranking and then by list order."""
    found = [tuple(sorted(r)) for r in results if r is not None]
    if not found:
        return None
    best = min(found, key=lambda m: (score_moves(F, m, in_answers, n_codes).key(mode), m))
    return order_moves(F, best, in_answers, n_codes, mode, "exhaustive")


def best_triple(
    F: np.ndarray, in_answers: np.ndarray, n_codes: int, mode: int, bound: int
) -> Opening | None:
    """Exhaustive search over every triple of guesses (serial)."""
    firsts = np.arange(F.shape[0], dtype=np.int64)
    moves, _ = triple_unit(F, in_answers, n_codes, mode, bound, firsts)
    return merge_triples([moves], F, in_answers, n_codes, mode)


def triple_key(
    F: np.ndarray,
    moves: Sequence[int],
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
    target: int,
) -> tuple[object, ...]:
    """Hill-climbing objective: meeting the target first, then the ranking, then list order."""
    s = score_moves(F, moves, in_answers, n_codes)
    return (s.largest > target, s.key(mode), tuple(sorted(moves)))


def climb(
    F: np.ndarray,
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
    target: int,
    start: Sequence[int],
) -> tuple[int, ...]:
    """Steepest-ascent hill-climbing from ``start`` (the paper's method for triples).

    Each word in turn is replaced by its best replacement given the others, until a full pass
    changes nothing. Each change strictly improves :func:`triple_key`, so it terminates, and
    the result has no improving single replacement.
    """
    moves = list(start)
    current = triple_key(F, moves, in_answers, n_codes, mode, target)
    changed = True
    while changed:
        changed = False
        for i in range(len(moves)):
            others = moves[:i] + moves[i + 1 :]
            # a replacement can only be better if its largest part is no larger than this
            if mode == kernels.SCM:
                bound = score_moves(F, moves, in_answers, n_codes).largest
            else:
                bound = BIG if current[0] else target
            mx, parts, sq, slog = candidate_scores(F, others, n_codes, bound=bound)
            n_in = in_answers.astype(np.int64) + int(sum(in_answers[g] for g in set(others)))
            feasible = mx != kernels.INFEASIBLE
            order = rank_order(mode, np.where(feasible, mx, BIG), parts, sq, slog, n_in, target)
            first = int(order[0])
            if not feasible[first]:
                continue
            # every guess tied with the best on score; list order (sorted moves) decides
            tied = (
                (mx == mx[first])
                & (parts == parts[first])
                & (sq == sq[first])
                & (n_in == n_in[first])
                & (np.abs(slog - slog[first]) <= 1e-9)
                & feasible
            )
            best_key, best_g = current, moves[i]
            for g in np.flatnonzero(tied).tolist():
                if g in others:
                    continue
                trial = [*others[:i], g, *others[i:]]
                key = triple_key(F, trial, in_answers, n_codes, mode, target)
                if key < best_key:
                    best_key, best_g = key, g
            if best_g != moves[i]:
                moves[i] = best_g
                current = best_key
                changed = True
    return tuple(moves)


def restart_rng(seed: int, group: str, restart: int) -> np.random.Generator:
    """The generator of one restart: depends only on the seed, the group and the restart."""
    return np.random.default_rng([seed, *group.encode(), restart])


def climb_restarts(
    F: np.ndarray,
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
    target: int,
    k: int,
    seed: int,
    group: str,
    restarts: Sequence[int],
) -> list[tuple[int, tuple[int, ...]]]:
    """Run the given restarts; stop after the first that meets the target."""
    out = []
    for r in restarts:
        rng = restart_rng(seed, group, r)
        start = rng.choice(F.shape[0], size=k, replace=False).tolist()
        moves = climb(F, in_answers, n_codes, mode, target, start)
        out.append((r, moves))
        if score_moves(F, moves, in_answers, n_codes).largest <= target:
            break
    return out


def pick_climb(
    results: Sequence[tuple[int, tuple[int, ...]]],
    F: np.ndarray,
    in_answers: np.ndarray,
    n_codes: int,
    mode: int,
    target: int,
) -> Opening:
    """The first restart (by number) that meets the target, else the best of all."""
    results = sorted(results)
    for r, moves in results:
        if score_moves(F, moves, in_answers, n_codes).largest <= target:
            return order_moves(F, moves, in_answers, n_codes, mode, "hill-climbing", r + 1)
    best = min(results, key=lambda rm: triple_key(F, rm[1], in_answers, n_codes, mode, target))
    return order_moves(F, best[1], in_answers, n_codes, mode, "hill-climbing", len(results))
