"""The build: word list -> feedback matrix -> openings per group -> tables -> verified playbook.

``plan_groups`` runs the search phases for all groups, mapping the plain functions of
:mod:`playbook.search` and :mod:`playbook.tree` over workers through :mod:`playbook.parallel`.
"""

from __future__ import annotations

import dataclasses
import datetime
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from playbook import __version__, feedback, parallel, search, tree, words
from playbook.checkpoint import Checkpoint
from playbook.config import Config
from playbook.errors import ConfigError
from playbook.games import Game, find_game
from playbook.model import GroupPlan, Move, Playbook, Row, Stats, Table, TryWords
from playbook.scores import RANKINGS, combined_codes, score_moves
from playbook.verify import Report, verify

Progress = Callable[[str, int, int], None]
"""Called as ``progress(phase, done, total)``."""

CLIMB_BLOCK = 25
"""Hill-climbing restarts per work unit."""
PAIR_UNITS = 4
"""Work units per group in the pair search, at least (two per worker with more workers).
A unit that has found a good pair skips more of the rest, so the fewer units the less
work: four keep two workers evenly busy over the Dutch list's 23 groups."""


@dataclasses.dataclass(frozen=True)
class Setup:
    """The word lists, rules and feedback matrix of a build."""

    game: Game
    guesses: tuple[str, ...]
    answers: tuple[str, ...]
    words_info: dict[str, Any]
    """What the playbook records about its word list."""
    matrix: np.ndarray
    """Feedback codes, guesses x answers."""
    cache_hit: bool
    dropped: tuple[tuple[str, int, str], ...]

    def groups(self) -> dict[str, np.ndarray]:
        """Answer indices per group, in list order."""
        out: dict[str, list[int]] = {}
        for j, a in enumerate(self.answers):
            out.setdefault(self.game.group_of(a), []).append(j)
        return {
            k: np.asarray(v, dtype=np.int64)
            for k, v in sorted(out.items(), key=lambda kv: (len(kv[0]), kv[0]))
        }


@dataclasses.dataclass(frozen=True)
class GroupData:
    """What a worker needs to plan one group."""

    name: str
    F: np.ndarray
    """Feedback codes: the group's guess pool x the group's answers."""
    guesses: tuple[str, ...]
    """The group's guess pool (rows of ``F``)."""
    answers: tuple[str, ...]
    """The group's answers (columns of ``F``)."""
    answer_rows: np.ndarray
    n_codes: int
    solved_code: int | None
    notes: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def in_answers(self) -> np.ndarray:
        out = np.zeros(self.F.shape[0], dtype=np.int64)
        out[self.answer_rows] = 1
        return out


def make_game(cfg: Config) -> Game:
    """The game object of a config: each game takes the settings it has fields for."""
    cls = find_game(cfg.game)
    offered = {
        "length": cfg.words.length, "turns": cfg.rules.turns, "revealed": cfg.rules.revealed,
        "hard": cfg.rules.hard, "pegs": cfg.mastermind.pegs, "colours": cfg.mastermind.colours,
        "misses": cfg.rules.misses, "max_length": cfg.words.max_length or cfg.words.length,
    }  # fmt: skip
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: v for k, v in offered.items() if k in fields})


def _list_ref(cfg: Config, name: str) -> str:
    """A bundled list's name, or a user file's absolute path (so the playbook finds it)."""
    if name in words.bundled_names():
        return name
    path = Path(name)
    return str(path if path.is_absolute() else (cfg.base_dir / path).resolve())


def words_info(cfg: Config, lists: Lists) -> dict[str, Any]:
    """The word-list section of a playbook."""
    main = lists.main
    if main.name == "generated":
        return {"list": "generated", "count": len(main), "sha256": main.sha256}
    info: dict[str, Any] = {
        "list": _list_ref(cfg, cfg.words.list),
        "length": cfg.words.length,
        "ij_to_y": cfg.words.ij_to_y,
        "lowercase": cfg.words.lowercase,
        "accents": cfg.words.accents,
        "count": len(main),
        "sha256": main.sha256,
    }
    if cfg.words.max_length is not None:
        info["max_length"] = cfg.words.max_length
    if cfg.words.answers is not None:
        info.update(
            answers=_list_ref(cfg, cfg.words.answers),
            answers_count=len(lists.answers),
            answers_sha256=lists.answers.sha256,
        )
    return info


@dataclasses.dataclass(frozen=True)
class Lists:
    """The guesses and answers of a game, and which list a playbook's checksum names."""

    guesses: words.WordList
    answers: words.WordList

    @property
    def main(self) -> words.WordList:
        """The list recorded as ``words.list`` (the answers where guesses are generated)."""
        return self.answers if self.guesses.name == "generated" else self.guesses


def _generated(ws: tuple[str, ...]) -> words.WordList:
    return words.WordList("generated", ws, words.words_sha256(ws))


def load_lists(info: dict[str, Any], base: Path | None = None, game: Game | None = None) -> Lists:
    """Guesses and answers as a playbook's ``words`` section describes them; a game that
    generates its codes (Mastermind) needs no list, hangman generates only its guesses."""
    if game is not None and (codes := game.generated_words()) is not None:
        return Lists(_generated(codes), _generated(codes))
    opts = {
        k: info[k]
        for k in ("length", "ij_to_y", "lowercase", "accents", "max_length")
        if info.get(k) is not None
    }
    if "length" not in opts and game is not None and game.word_length:
        opts["length"] = game.word_length
    listed = words.load(str(info["list"]), base=base, **opts)
    if game is not None and (letters := game.generated_guesses()) is not None:
        return Lists(_generated(letters), listed)
    answers = listed
    if info.get("answers"):
        answers = words.load(str(info["answers"]), base=base, **opts)
    return Lists(listed, answers)


def prepare(cfg: Config, *, use_cache: bool = True) -> Setup:
    """Load the lists and the feedback matrix (from the cache when possible)."""
    game = make_game(cfg)
    try:
        lists = load_lists(
            {
                "list": cfg.words.list,
                "answers": cfg.words.answers,
                "length": cfg.words.length,
                "ij_to_y": cfg.words.ij_to_y,
                "lowercase": cfg.words.lowercase,
                "accents": cfg.words.accents,
                "max_length": cfg.words.max_length,
            },
            cfg.base_dir,
            game,
        )
    except words.WordListError as exc:
        key = (
            "words.answers"
            if cfg.words.answers and cfg.words.answers in str(exc)
            else ("words.list")
        )
        raise words.WordListError(f"{cfg.source}: key '{key}': {exc}") from None
    guesses, answers = lists.guesses, lists.answers
    info = words_info(cfg, lists)
    missing = sorted(set(answers.words) - set(guesses.words))
    if missing and game.generated_guesses() is None:
        raise ConfigError(
            f"{cfg.source}: key 'words.answers': {len(missing)} answers are not in the guess "
            f"list (first: {missing[0]!r}); every answer must be allowed as a guess"
        )
    m, hit = feedback.cached_matrix(
        game, list(guesses.words), list(answers.words), use_cache=use_cache
    )
    return Setup(game, guesses.words, answers.words, info, m, hit, guesses.dropped)


def group_data(setup: Setup, cfg: Config, name: str, cols: np.ndarray) -> GroupData:
    """Slice the matrix for one group (its guess pool by the rules)."""
    game = setup.game
    if cfg.rules.guess_pool == "revealed":
        rows = np.asarray(
            [i for i, w in enumerate(setup.guesses) if game.group_of(w) == name], dtype=np.int64
        )
    else:
        rows = np.arange(len(setup.guesses), dtype=np.int64)
    F = np.ascontiguousarray(setup.matrix[rows][:, cols])
    guesses = tuple(setup.guesses[i] for i in rows)
    row_of = {w: i for i, w in enumerate(guesses)}
    answers = tuple(setup.answers[j] for j in cols)
    # -1 where an answer is not a guess of the pool (hangman's words: guesses are letters)
    answer_rows = np.asarray([row_of.get(a, -1) for a in answers], dtype=np.int64)
    return GroupData(name, F, guesses, answers, answer_rows, game.n_codes, game.solved)


# ------------------------------------------------------------------ search phases


def _single(gd: GroupData, mode: int, bound: int) -> search.Opening | None:
    return search.best_single(gd.F, gd.in_answers, gd.n_codes, mode, bound)


def _pair_unit(gd: GroupData, mode: int, bound: int, firsts: np.ndarray) -> Any:
    return search.pair_unit(gd.F, gd.in_answers, gd.n_codes, mode, bound, firsts)


def _climb_unit(
    gd: GroupData, mode: int, target: int, seed: int, restarts: Sequence[int]
) -> list[tuple[int, tuple[int, ...]]]:
    return search.climb_restarts(
        gd.F, gd.in_answers, gd.n_codes, mode, target, 3, seed, gd.name, restarts
    )


def _triple_unit(gd: GroupData, mode: int, bound: int, firsts: np.ndarray) -> Any:
    return search.triple_unit(gd.F, gd.in_answers, gd.n_codes, mode, bound, firsts)


def _map_units(
    phase: str,
    fn: Callable[..., Any],
    data: dict[str, GroupData],
    names: Sequence[str],
    mode: int,
    bound: int,
    per_group: int,
    n_jobs: int,
    progress: Progress | None,
    checkpoint: Checkpoint | None,
) -> dict[str, list[Any]]:
    """Run ``fn(group, mode, bound, first words)`` over ``per_group`` units of first words of
    every named group; results listed per group."""
    units = [
        (name, f) for name in names for f in search.pair_units(data[name].F.shape[0], per_group)
    ]
    done = [0]

    def tick(i: int, r: Any) -> None:
        done[0] += 1
        if progress:
            progress(phase, done[0], len(units))

    results = parallel.run(
        fn,
        [(data[n], mode, bound, f) for n, f in units],
        n_jobs,
        on_done=tick,
        checkpoint=checkpoint,
        names=[f"{phase}{per_group}-{n}-{i}" for i, (n, _) in enumerate(units)],
    )
    out: dict[str, list[Any]] = {n: [] for n in names}
    for (n, _), r in zip(units, results, strict=True):
        out[n].append(r)
    return out


def find_openings(
    data: dict[str, GroupData],
    cfg: Config,
    n_jobs: int,
    progress: Progress | None = None,
    checkpoint: Checkpoint | None = None,
) -> dict[str, search.Opening]:
    """The fewest fixed openings per group after which every set left can be tried in time.

    Exhaustive over single words and pairs; over triples exhaustive with
    ``search.exhaustive_depth: 3`` (which also records, for every group, whether a triple
    meets the target), else hill-climbing (the paper's method).
    """
    turns, mode, max_k = cfg.rules.turns, RANKINGS[cfg.search.ranking], cfg.search.max_openings
    found: dict[str, search.Opening] = {}
    pending = []
    for name, gd in data.items():
        if len(gd.answers) <= turns or max_k == 0:
            found[name] = search.Opening(
                (), score_moves(gd.F, (), gd.in_answers, gd.n_codes), "trivial"
            )
        else:
            pending.append(name)
    if max_k >= 1:
        for name in list(pending):
            best = _single(data[name], mode, turns - 1)
            if best is None and max_k == 1:
                best = _single(data[name], mode, search.BIG)
            if best is not None:
                found[name] = best
                pending.remove(name)
    if progress:
        progress("singles", len(data) - len(pending), len(data))
    if max_k >= 2 and pending:
        pair_results = _map_units(
            "pairs",
            _pair_unit,
            data,
            pending,
            mode,
            turns - 2,
            max(PAIR_UNITS, 2 * parallel.effective_jobs(n_jobs)),
            n_jobs,
            progress,
            checkpoint,
        )
        for name in list(pending):
            gd = data[name]
            best = search.merge_pairs(pair_results[name], gd.F, gd.in_answers, gd.n_codes, mode)
            if best is None and max_k == 2:
                single = _single(gd, mode, search.BIG)
                assert single is not None
                best = search.best_pair(gd.F, gd.in_answers, gd.n_codes, mode, single.score.largest)
            if best is not None:
                found[name] = best
                pending.remove(name)
    if max_k >= 3 and cfg.search.exhaustive_depth >= 3:
        triples = _triples_all(data, cfg, n_jobs, progress, checkpoint)
        for name, (best, settled) in triples.items():
            note = {
                "target": turns - 3,
                "exists": best is not None,
                "best": [data[name].guesses[m] for m in best.moves] if best else None,
                "largest": best.score.largest if best else None,
                "triples_settled": settled,
            }
            if name in pending and best is not None:
                found[name] = dataclasses.replace(best, notes={"exhaustive_triples": note})
                pending.remove(name)
            elif name in found:
                found[name] = dataclasses.replace(found[name], notes={"exhaustive_triples": note})
            else:
                triples[name] = (None, settled)
                pending_note = {"exhaustive_triples": note}
                data[name] = dataclasses.replace(data[name], notes=pending_note)
    if max_k >= 3 and pending:
        climbed = _climb_all(data, pending, cfg, n_jobs, progress, checkpoint)
        for name, op in climbed.items():
            found[name] = dataclasses.replace(op, notes=dict(data[name].notes))
    return found


def _triples_all(
    data: dict[str, GroupData],
    cfg: Config,
    n_jobs: int,
    progress: Progress | None,
    checkpoint: Checkpoint | None,
) -> dict[str, tuple[search.Opening | None, int]]:
    """Exhaustive triple search for every group: the best triple meeting the target."""
    turns, mode = cfg.rules.turns, RANKINGS[cfg.search.ranking]
    results = _map_units(
        "triples",
        _triple_unit,
        data,
        list(data),
        mode,
        turns - 3,
        8 * parallel.effective_jobs(n_jobs),
        n_jobs,
        progress,
        checkpoint,
    )
    out = {}
    for name, gd in data.items():
        mine = results[name]
        best = search.merge_triples([m for m, _ in mine], gd.F, gd.in_answers, gd.n_codes, mode)
        out[name] = (best, sum(k for _, k in mine))
    return out


def _climb_all(
    data: dict[str, GroupData],
    pending: list[str],
    cfg: Config,
    n_jobs: int,
    progress: Progress | None,
    checkpoint: Checkpoint | None = None,
) -> dict[str, search.Opening]:
    """Hill-climbing in blocks of restarts, drawn group by group in turn as workers free up;
    a group draws no more blocks once one of its restarts meets the target.

    The result is the lowest-numbered restart that meets the target (else the best of all),
    whatever the number of workers: a group's blocks are drawn in order, so every block
    before the first that meets the target has run, and blocks drawn after it (while it
    ran) change nothing.
    """
    turns, mode = cfg.rules.turns, RANKINGS[cfg.search.ranking]
    target, budget, seed = turns - 3, cfg.search.restarts, cfg.search.seed
    runs: dict[str, list[tuple[int, tuple[int, ...]]]] = {n: [] for n in pending}
    met: set[str] = set()
    drawn = dict.fromkeys(pending, 0)
    group_of: dict[str, str] = {}
    blocks = -(-budget // CLIMB_BLOCK)
    order = sorted(pending, key=lambda n: -len(data[n].answers))

    def draw() -> Iterator[tuple[str, tuple[Any, ...]]]:
        # read by the thread that feeds the workers; ``met`` only grows
        for r0 in range(0, budget, CLIMB_BLOCK):
            for name in order:
                if name not in met:
                    unit = f"climb-{name}-{r0}"
                    group_of[unit] = name
                    drawn[name] += 1
                    restarts = list(range(r0, min(budget, r0 + CLIMB_BLOCK)))
                    yield unit, (data[name], mode, target, seed, restarts)

    units = parallel.stream(_climb_unit, draw(), n_jobs, checkpoint=checkpoint)
    for done, (unit, res) in enumerate(units, start=1):
        name = group_of[unit]
        runs[name].extend(res)
        gd = data[name]
        if any(score_moves(gd.F, m, gd.in_answers, gd.n_codes).largest <= target for _, m in res):
            met.add(name)
        if progress:
            total = sum(drawn[n] if n in met else blocks for n in pending)
            progress("triples", min(done, total), total)
    return {
        name: search.pick_climb(
            runs[name], data[name].F, data[name].in_answers, data[name].n_codes, mode, target
        )
        for name in pending
    }


# ------------------------------------------------------------------ tables


def _to_model(gd: GroupData, node: tree.Node, fmt: Callable[[int], str]) -> Any:
    if isinstance(node, tree.TryList):
        return TryWords(tuple(gd.answers[c] for c in node.cols))
    rows = tuple(
        Row(fmt(code), _to_model(gd, child, fmt), _count(child)) for code, child in node.children
    )
    return Move(gd.guesses[node.row], _sorted_table(rows))


def _count(node: tree.Node) -> int:
    if isinstance(node, tree.TryList):
        return len(node.cols)
    return node.size


def _sorted_table(rows: tuple[Row, ...]) -> Table:
    """Rows in reading order: by the feedback of the first move, then the second, ..."""
    rank = {"o": 0, "x": 1, ".": 2, " ": -1}
    return tuple(sorted(rows, key=lambda r: [rank.get(ch, 3) for ch in r.feedback]))


def make_plan(
    gd: GroupData,
    opening: search.Opening,
    turns: int,
    profile: str,
    mode: int,
    breadth: int,
    game: Game,
) -> tuple[GroupPlan, int]:
    """The decision table after ``opening``; returns the plan and its total turns."""
    g = tree.Group(gd.F, gd.answer_rows, gd.n_codes, gd.solved_code, mode)
    moves = list(opening.moves)
    k = len(moves)
    opening_cols = {int(c) for c in np.flatnonzero(np.isin(gd.answer_rows, moves))}
    total = sum(moves.index(int(gd.answer_rows[c])) + 1 for c in opening_cols)
    codes = combined_codes(gd.F, moves, gd.n_codes)
    rows: list[Row] = []
    unguaranteed: list[str] = []
    for code in np.unique(codes).tolist():
        part = [int(c) for c in np.flatnonzero(codes == code) if int(c) not in opening_cols]
        if not part:
            continue
        solved = tree.solve(g, part, turns - k, profile=profile, breadth=breadth)
        total += solved.total + k * len(part)
        unguaranteed += [gd.answers[c] for c in tree.leaves_failing(solved, turns - k)]
        key = " ".join(game.format(int(gd.F[m, part[0]])) for m in moves)
        rows.append(Row(key, _to_model(gd, solved.node, game.format), len(part)))
    plan = GroupPlan(
        group=gd.name,
        openings=tuple(gd.guesses[m] for m in moves),
        table=_sorted_table(tuple(rows)),
        words=len(gd.answers),
        largest=opening.score.largest,
        method=opening.method,
        restarts=opening.restarts,
        unguaranteed=tuple(sorted(unguaranteed)),
        notes=dict(opening.notes),
    )
    return plan, total


def _plan_simple(gd: GroupData, opening: search.Opening, cfg: Config, game: Game) -> GroupPlan:
    return make_plan(gd, opening, cfg.rules.turns, "simple", RANKINGS[cfg.search.ranking], 6, game)[
        0
    ]


def _plan_fast(gd: GroupData, cfg: Config, game: Game) -> GroupPlan:
    """Fast profile: compare whole tables for the best-ranked fixed openings."""
    mode = RANKINGS[cfg.search.ranking]
    turns, fc = cfg.rules.turns, cfg.fast
    if len(gd.answers) <= 2:
        op = search.Opening((), score_moves(gd.F, (), gd.in_answers, gd.n_codes), "trivial")
        return make_plan(gd, op, turns, "fast", mode, fc.breadth, game)[0]
    chosen: tuple[int, ...] = ()
    best: tuple[tuple[int, int, int], GroupPlan] | None = None
    for _ in range(fc.openings):
        mx, parts, sq, slog = search.candidate_scores(gd.F, chosen, gd.n_codes)
        n_in = gd.in_answers + int(sum(gd.in_answers[m] for m in chosen))
        order = [
            int(r)
            for r in search.rank_order(mode, mx, parts, sq, slog, n_in)
            if int(r) not in chosen
        ][: fc.candidates]
        best = None
        for rank, r in enumerate(order):
            moves = (*chosen, r)
            op = search.Opening(
                moves, score_moves(gd.F, moves, gd.in_answers, gd.n_codes), "lookahead"
            )
            plan, total = make_plan(gd, op, turns, "fast", mode, fc.breadth, game)
            key = (len(plan.unguaranteed), total, rank)
            if best is None or key < best[0]:
                best = (key, plan)
        assert best is not None
        chosen = tuple(gd.guesses.index(w) for w in best[1].openings)
    assert best is not None
    return best[1]


def tree_plan(
    gd: GroupData, root: tree.Node, game: Game, method: str, notes: dict[str, Any] | None = None
) -> GroupPlan:
    """A plan that is a whole tree: its first move is the opening, the rest the tables."""
    if isinstance(root, tree.TryList):
        table: Table = (Row("", TryWords(tuple(gd.answers[c] for c in root.cols)), len(root.cols)),)
        return GroupPlan(
            gd.name, (), table, len(gd.answers), len(root.cols), method, notes=notes or {}
        )
    rows = tuple(
        Row(game.format(code), _to_model(gd, child, game.format), _count(child))
        for code, child in root.children
    )
    return GroupPlan(
        group=gd.name,
        openings=(gd.guesses[root.row],),
        table=_sorted_table(rows),
        words=len(gd.answers),
        largest=max((r.words for r in rows), default=0),
        method=method,
        notes=notes or {},
    )


def _plan_exact_tree(gd: GroupData, cfg: Config, game: Game) -> GroupPlan:
    """Games whose guesses are not words (hangman): the exact minimax tree within the
    budget, else the greedy tree, with the verdict as notes."""
    from playbook import hangman

    r = hangman.solve_length(gd.F, len(gd.answers[0]), budget=cfg.search.budget, words=gd.answers)
    worst = r.exact if r.exact is not None else r.greedy
    notes = {
        "exact_misses": r.exact,
        "lower_bound": r.lower_bound,
        "greedy_misses": r.greedy,
        "cheating_host_misses": {"greedy": r.cheat_greedy, "exact": r.cheat_exact},
        "hardest": [gd.answers[c] for c in r.hardest][:20],
        "verdict": (
            f"every word within {game.limit} misses"
            if worst <= game.limit
            else "not every word can be guaranteed"
            if r.lower_bound > game.limit
            else "undecided within the budget"
        ),
        "seconds": round(r.seconds, 2),
    }
    return tree_plan(gd, r.tree, game, "exact minimax" if r.exact is not None else "greedy", notes)


def plan_groups(
    cfg: Config,
    setup: Setup,
    names: Sequence[str],
    n_jobs: int,
    progress: Progress | None = None,
    checkpoint: Checkpoint | None = None,
) -> list[GroupPlan]:
    """Plans for the named groups, in name order."""
    groups = setup.groups()
    data = {n: group_data(setup, cfg, n, groups[n]) for n in sorted(names)}
    game = setup.game

    def tick(phase: str) -> Callable[[int, Any], None]:
        def f(i: int, _: Any) -> None:
            if progress:
                progress(phase, i + 1, len(data))

        return f

    # big groups first, so workers finish together
    order = sorted(data, key=lambda n: -len(data[n].answers))
    if not game.words_are_moves:
        plans = parallel.run(
            _plan_exact_tree,
            [(data[n], cfg, game) for n in order],
            n_jobs,
            on_done=tick("trees"),
        )
    elif cfg.profile == "fast":
        plans = parallel.run(
            _plan_fast, [(data[n], cfg, game) for n in order], n_jobs, on_done=tick("tables")
        )
    else:
        openings = find_openings(data, cfg, n_jobs, progress, checkpoint)
        plans = parallel.run(
            _plan_simple,
            [(data[n], openings[n], cfg, game) for n in order],
            n_jobs,
            on_done=tick("tables"),
        )
    return sorted(plans, key=lambda p: p.group)


@dataclasses.dataclass(frozen=True)
class BuildResult:
    """A verified playbook and how it was made."""

    playbook: Playbook
    report: Report
    seconds: float
    setup: Setup
    checkpoint: Checkpoint | None = None
    """Where finished units were kept (cleared by the caller once outputs are written)."""


def select_groups(setup: Setup, letters: str | None) -> dict[str, np.ndarray]:
    """The groups named by ``--letters`` (all when None), with their answer columns."""
    groups = setup.groups()
    if not letters:
        return groups
    if "," in letters:
        wanted = [c.strip() for c in letters.split(",") if c.strip()]
    else:
        wanted = [c for c in letters if c.strip()]
    unknown = sorted(set(wanted) - set(groups))
    if unknown:
        raise ConfigError(
            f"--letters: no group {unknown[0]!r} in this list; groups: {', '.join(groups)} "
            "(separate names longer than one character with commas)"
        )
    return {n: groups[n] for n in sorted(set(wanted))}


def assemble(
    cfg: Config,
    setup: Setup,
    plans: Sequence[GroupPlan],
    *,
    profile: str,
    letters: str | None,
    seconds: float = 0.0,
) -> BuildResult:
    """A playbook from group plans, verified; its statistics are the verifier's."""
    names = {p.group for p in plans}
    game_info = {
        **setup.game.rules(),
        "guess_pool": cfg.rules.guess_pool,
        "notation": setup.game.notation,
    }
    pb = Playbook(
        name=cfg.name,
        game=game_info,
        words=setup.words_info,
        groups=tuple(sorted(plans, key=lambda p: (len(p.group), p.group))),
        profile=profile,
        description=cfg.description,
        meta={
            "tool": f"playbook {__version__}",
            "created": datetime.date.today().isoformat(),
            "ranking": cfg.search.ranking,
            "seed": cfg.search.seed,
            "restarts": cfg.search.restarts,
            "max_openings": cfg.search.max_openings,
            "letters": "".join(sorted(names)) if letters else "all",
        },
    )
    answers = [a for a in setup.answers if setup.game.group_of(a) in names]
    report = verify(
        pb,
        setup.game,
        setup.guesses,
        answers,
        guess_pool=cfg.rules.guess_pool,
        check_claims=False,
    )
    pb = dataclasses.replace(
        pb,
        groups=tuple(dataclasses.replace(p, stats=report.groups[p.group]) for p in pb.groups),
        stats=report.overall,
    )
    return BuildResult(pb, report, seconds, setup)


def build(
    cfg: Config,
    *,
    letters: str | None = None,
    n_jobs: int | None = None,
    progress: Progress | None = None,
    use_cache: bool = True,
    checkpoint_root: Path | None = None,
) -> BuildResult:
    """Search, tabulate and verify; the playbook's stats come from the verification."""
    jobs = cfg.n_jobs if n_jobs is None else n_jobs
    with parallel.started(jobs, "playbook.search"):  # the workers start while the lists load
        return _build(cfg, letters, jobs, progress, use_cache, checkpoint_root)


def _build(
    cfg: Config,
    letters: str | None,
    jobs: int,
    progress: Progress | None,
    use_cache: bool,
    checkpoint_root: Path | None,
) -> BuildResult:
    """:func:`build`, its workers started."""
    t0 = time.perf_counter()
    setup = prepare(cfg, use_cache=use_cache)
    names = list(select_groups(setup, letters))
    checkpoint = None
    if checkpoint_root is not None:
        checkpoint = Checkpoint(
            checkpoint_root,
            Checkpoint.key_of(
                __version__,
                feedback.FEEDBACK_KERNEL_VERSION,
                setup.game.rules(),
                setup.words_info,
                dataclasses.asdict(cfg.search),
                dataclasses.asdict(cfg.fast),
                cfg.profile,
                cfg.rules.guess_pool,
                sorted(names),
            ),
        )
    plans = plan_groups(cfg, setup, names, jobs, progress, checkpoint)
    result = assemble(cfg, setup, plans, profile=cfg.profile, letters=letters)
    result = dataclasses.replace(result, checkpoint=checkpoint)
    return dataclasses.replace(result, seconds=time.perf_counter() - t0)


def group_stats(report: Report) -> dict[str, Stats]:
    """Per-group statistics of a report (for summaries)."""
    return dict(report.groups)
