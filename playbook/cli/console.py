"""What the terminal shows: build summary, verification, a letter's table (rich tables), and
progress bars."""

from __future__ import annotations

import os
import sys
import textwrap
import time
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from playbook import memory, model, words
from playbook.compare import GroupComparison
from playbook.errors import PlaybookFileError
from playbook.games import Game, Planner
from playbook.io import shipped
from playbook.kinds import AnswerModel, Profile
from playbook.model import Method, Move, Playbook, Row, TryWords, walk_rows
from playbook.spelling import Spelling
from playbook.verify import Report

if TYPE_CHECKING:  # the build's values, read here by their fields only
    from playbook.api.building import BuildResult, Likely


class Out(Console):
    """Standard output: text from files is printed as it is (no markup, emoji or
    highlighting). When the reader goes away (``verify PB | head -c1``) the rest is dropped
    and the command goes on to its own exit code (rich would exit 1, the code of a failed
    verification, with no word)."""

    def __init__(self, **kw: object) -> None:
        super().__init__(highlight=False, markup=False, emoji=False, **kw)  # type: ignore[arg-type]

    def on_broken_pipe(self) -> None:
        self.quiet = True
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class ProgressView:
    """How a long command shows it is alive: bars on a terminal (``err``), plain lines when
    ``err`` is not one (a CI or nohup log), at most one line per phase every ``every``
    seconds, one for each letter that finishes a phase with a finding (``milestone``) and one
    when a phase ends, flushed as they go."""

    def __init__(self, err: Console, *, every: float = 5.0) -> None:
        self.err = err
        self.plain = not err.is_terminal
        self.every = every
        self.t0 = time.monotonic()
        self.started: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.bars = Progress(
            TextColumn("{task.description:<16}"),
            BarColumn(bar_width=24),
            TextColumn("{task.completed}/{task.total}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=self.plain,
        )
        self.tasks: dict[str, TaskID] = {}

    def __enter__(self) -> ProgressView:
        self.bars.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bars.__exit__(None, None, None)

    def stop(self) -> None:
        self.bars.stop()

    def __call__(
        self, phase: str, done: int, total: int, detail: str = "", *, milestone: bool = False
    ) -> None:
        now = time.monotonic()
        start = self.started.setdefault(phase, now)
        if not self.plain:
            label = f"{phase} {detail}".strip()
            if phase not in self.tasks:
                self.tasks[phase] = self.bars.add_task(label, total=total)
            self.bars.update(self.tasks[phase], completed=done, total=total, description=label)
            return
        if not milestone and done < total and now - self.last.get(phase, -1e9) < self.every:
            return
        self.last[phase] = now
        eta = ""
        if 0 < done < total and now - start >= 1:
            eta = f", about {(now - start) * (total - done) / done:.0f} s left"
        line = f"[{now - self.t0:6.1f} s] {phase} {done}/{total}"
        print(line + (f" ({detail}{eta})" if detail or eta else ""), file=sys.stderr, flush=True)


def _dist(stats: model.Stats) -> str:
    return " ".join(f"{t}:{c}" for t, c in sorted(stats.distribution.items()))


FOUND_BY = {
    Method.HILL_CLIMBING: "climb",
    Method.EXACT_MINIMAX: "exact",
    Method.EXHAUSTIVE: "exhaustive",
}
"""How each way of finding the openings reads in the summary (others as they are)."""


def _found_by(g: model.GroupPlan) -> str:
    name = FOUND_BY.get(g.method, g.method.removeprefix(Method.STRATEGY))
    return name + (f" {g.restarts}" if g.restarts else "")


def summary_table(pb: Playbook, game: type[Game]) -> RichTable:
    """One line per group, fit for 80 columns: words, openings, how they were found,
    average and worst, exception moves, words not guaranteed; the totals agree with the
    lines. A game's own notes (hangman's verdicts) add columns."""
    spell = Spelling.of(pb.words)
    t = RichTable(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True)
    for name, right in (("letter", False), ("words", True), ("openings", False)):
        t.add_column(name, justify="right" if right else "left", no_wrap=True)
    t.add_column("found by", no_wrap=True)
    for name in ("avg", "max", "exc", "not g."):
        t.add_column(name, justify="right", no_wrap=True)
    notes = [k for k in game.summary_columns if any(k in g.notes for g in pb.groups)]
    for k in notes:
        t.add_column(game.summary_columns[k])
    counts_moves = pb.profile == Profile.SIMPLE and game.planner is Planner.OPENINGS
    exc = {g.group: _count_moves(g.table) if counts_moves and g.openings else 0 for g in pb.groups}
    for g in pb.groups:
        st = g.stats
        t.add_row(
            spell.group(g.group),
            str(g.words),
            " ".join(map(spell.text, g.openings)) or "-",
            _found_by(g) + ("" if g.proven else "*"),
            f"{st.average:.2f}" if st else "",
            str(st.worst) if st else "",
            str(exc[g.group] or ""),
            str(len(g.unguaranteed) or ""),
            *[_note(g.notes.get(k)) for k in notes],
        )
    st = pb.stats
    if st is not None:
        t.add_row(
            "all",
            str(st.words),
            "",
            "",
            f"{st.average:.2f}",
            str(st.worst),
            str(sum(exc.values())),
            str(sum(len(g.unguaranteed) for g in pb.groups)),
            *[""] * len(notes),
            style="bold",
        )
    return t


def _rules_line(pb: Playbook) -> str:
    return f"{pb.game.name}: {pb.game.describe(pb.game.record())}"


def print_summary(
    console: Console,
    result: BuildResult,
    siblings: list[Playbook],
    *,
    comparison: list[GroupComparison] | None = None,
    reference: str = "",
) -> None:
    """The per-group summary (80 columns), the turns, what is proven, the reference and
    other profiles in a line each."""
    pb, game = result.playbook, result.session.game
    words = pb.stats.words if pb.stats else 0
    head = f"{pb.name}: {words} words, {len(pb.groups)} groups, profile {pb.profile}"
    console.print(head, markup=False)
    if rules := _rules_line(pb):
        console.print(rules, markup=False)
    console.print(summary_table(pb, type(game)))
    st = pb.stats
    if st is not None:
        console.print(
            f"{game.limit_name}: {_dist(st)}  (average {st.average:.4f}, worst {st.worst})"
        )
    none = [g for g in pb.groups if g.proven_none]
    if none:
        target = none[0].notes["exhaustive_triples"]["target"]
        line = f"no three openings leave at most {target} words (proven by exhaustive search): "
        console.print(
            textwrap.fill(line + ", ".join(g.group for g in none), width=78), markup=False
        )
    if line := fewest_line(pb):
        console.print(textwrap.fill(line, width=78), markup=False)
    heuristic = [g.group for g in pb.groups if not g.proven]
    if heuristic:
        n = len(pb.groups)
        console.print(f"* found by a heuristic search, not proven best ({len(heuristic)} of {n})")
    if timed := [g.group for g in pb.groups if g.timed_out]:
        line = (
            "* the exact search ran out of search.budget's seconds before it proved the tree "
            f"of {', '.join(timed)}: built again on another machine or under another load, "
            "it may differ; a larger search.budget proves it"
        )
        console.print(textwrap.fill(line, width=78), markup=False)
    console.print(
        "max: most turns; exc: exception moves; not g.: words not guaranteed", markup=False
    )
    if comparison:
        fails = sum(c.ref_failures for c in comparison)
        good = sum(1 for c in comparison if c.at_least_as_good)
        console.print(
            f"{reference or 'reference'}: its plans fail {fails} words here; ours as good in "
            f"{good} of {len(comparison)}",
            markup=False,
        )
    for sib in siblings:
        if sib.stats is not None:
            console.print(f"profile {sib.profile} ({sib.name}): average {sib.stats.average:.3f}")


def fewest_line(pb: Playbook) -> str:
    """The groups whose plan leaves words unguaranteed, with how few any strategy must leave
    (the exact search's verdict), in a line; empty where no plan leaves any."""
    spell = Spelling.of(pb.words)
    left = [g for g in pb.groups if g.unguaranteed]
    if not left:
        return ""
    parts = [
        f"{spell.group(g.group)} {'?' if g.fewest_unguaranteed is None else g.fewest_unguaranteed}"
        f"/{len(g.unguaranteed)}"
        for g in left
    ]
    undecided = pb.fewest_unguaranteed is None
    return (
        "not guaranteed, fewest possible under these rules (exact search) / this plan: "
        + ", ".join(parts)
        + ("; ?: not decided within the budget" if undecided else "")
    )


def _note(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict):
        return " ".join(f"{k} {'-' if v is None else v}" for k, v in value.items())
    return str(value)


def _count_moves(table: tuple[Row, ...] | None) -> int:
    return sum(isinstance(v.row.node, Move) for v in walk_rows(table))


def print_verify(console: Console, pb: Playbook, rep: Report, game: Game) -> None:
    """Turn distribution per group and overall."""
    turns = range(game.first_cost, game.limit + 1)
    t = RichTable(title=f"verify {pb.name}")
    t.add_column("group")
    t.add_column("words", justify="right")
    for k in turns:
        t.add_column(str(k), justify="right")
    t.add_column("failed", justify="right")
    t.add_column("avg", justify="right")
    for name, st in sorted(rep.groups.items()):
        t.add_row(
            name,
            str(st.words),
            *[str(st.distribution.get(k, 0)) for k in turns],
            str(st.failures),
            f"{st.average:.3f}",
        )
    o = rep.overall
    t.add_row(
        "all",
        str(o.words),
        *[str(o.distribution.get(k, 0)) for k in turns],
        str(o.failures),
        f"{o.average:.3f}",
        style="bold",
    )
    console.print(t)


def _node_text(node: model.Node, spell: Spelling) -> str:
    if isinstance(node, TryWords):
        words = node.words
        return "try " + ("every word left" if words is None else ", ".join(map(spell.text, words)))
    return f"PLAY {spell.text(node.word)}"


def _table_lines(
    table: tuple[Row, ...] | None, indent: str, spell: Spelling
) -> list[tuple[str, str, str]]:
    return [
        (
            indent + "  " * v.depth + v.row.feedback,
            str(v.row.words or ""),
            _node_text(v.row.node, spell),
        )
        for v in walk_rows(table)
    ]


def group_named(pb: Playbook, letter: str) -> str:
    """The group a person names (``IJ`` or ``ij`` for the IJ group), or a one-line refusal
    that lists the groups."""
    spell = Spelling.of(pb.words)
    names = [x.group for x in pb.groups]
    typed = letter if letter in names else spell.typed(letter)  # ij for the IJ group
    if typed not in names:
        raise PlaybookFileError(
            f"{pb.name}: no group {letter!r}; groups: {', '.join(map(spell.group, names))}"
        )
    return typed


def print_show(console: Console, pb: Playbook, letter: str | None) -> None:
    """The summary of all groups, or one group's openings and table."""
    spell = Spelling.of(pb.words)
    if letter is None:
        words = pb.stats.words if pb.stats else sum(g.words for g in pb.groups)
        console.print(f"{pb.name}: {words} words, profile {pb.profile}", markup=False)
        if rules := _rules_line(pb):
            console.print(rules, markup=False)
        console.print(summary_table(pb, type(pb.game)))
        return
    g = pb.group(group_named(pb, letter))
    console.print(
        Text.assemble(
            (spell.group(g.group), "bold"),
            f": {g.words} words; openings: ",
            (" ".join(map(spell.text, g.openings)) or "(none)", "bold"),
            f"; largest subset {g.largest}",
        )
    )
    t = RichTable("feedback", "words", "then")
    for fb, n, then in _table_lines(g.table, "", spell):
        t.add_row(fb, n, then)
    if g.table is None:
        t.add_row("*", "", "try every word left")
    console.print(t)
    if g.unguaranteed:
        console.print(f"not guaranteed: {', '.join(map(spell.text, g.unguaranteed))}")
        if (fewest := g.fewest_unguaranteed) is not None:
            console.print(f"fewest possible under these rules (exact search): {fewest}")


def plan_lines(
    pb: model.Playbook, figures: Likely | None = None, card: int | None = None
) -> list[str]:
    """Which words the plan promises (its answer model), how it fares on the words a show
    plays (``figures``) and what it asks a person to learn (``card``: the distinct words its
    card prints), for a build's closing lines."""
    info = pb.words
    n, total = info.answers_count, info.count
    which = {
        AnswerModel.COMMON: f"the common words (wordfreq Zipf >= {info.min_zipf})",
        AnswerModel.PICKS: f"the likely picks (a chance of {info.min_chance} or more)",
        AnswerModel.WEIGHTED: "every word, the most used tried first",
    }.get(info.model or AnswerModel.ALL, "")
    if info.model == AnswerModel.COMMON and info.most_common is not None:
        which = f"the {info.most_common} most common words of each length"
    lines = []
    if which and n is not None and total is not None:
        lines.append(f"answers: {which}: {n:,} of the {total:,} words of the list")
    elif which:
        lines.append(f"answers: {which}")
    elif info.answers:
        lines.append(f"answers: the {n or 0:,} words of {info.answers}")
    if figures is not None:
        rare = (
            f"; rare words (not answers): {figures.rare_found:,} of {figures.rare:,} still "
            "found in time by the card's fallback"
            if figures.rare
            else ""
        )
        by = "by chance" if info.model == AnswerModel.PICKS else "by frequency"
        lines.append(
            f"weighted {by}: average {figures.weighted_average:.3f} turns, chance of "
            f"losing the word {100 * figures.lost_chance:.2f}%{rare}"
        )
        if figures.rare:
            lines.append(
                f"every word of the list, weighted {by}: average {figures.list_average:.3f} "
                f"turns, chance of losing the word {100 * figures.list_lost_chance:.2f}%"
            )
    if pb.whole_trees:
        lines.append("a whole tree to follow move by move (play), not a card to learn")
    elif pb.groups and any(g.openings for g in pb.groups):
        mem = memory.of_plans(pb.groups)
        printed = f"{card} words on its card" if card is not None else f"{mem.words} words"
        lines.append(
            f"to learn: {printed} ({mem.openings} openings, {mem.moves} exception moves "
            f"and rows, {mem.ordered} tried out of list order); triggers nest {mem.nesting} "
            f"level{'s' if mem.nesting != 1 else ''} deep"
        )
    return lines


def answer_model_lines() -> list[str]:
    """What ``lists`` says of each language's answer model (``words.answer_model: picks``)."""
    out = []
    for lang in ("en", "nl"):
        m = words.answer_model(lang)
        fitted, features = m["fitted_on"], m["features"]
        assert isinstance(fitted, dict) and isinstance(features, list)
        out.append(
            f"answer model {lang} (words.answer_model: picks): a word's chance of being a "
            f"show's pick from {', '.join(map(str, features))}; fitted on "
            f"{fitted['picks']:,} picks among {fitted['words']:,} words of "
            f"{fitted['length']} letters ({str(fitted['list']).rsplit('/', 1)[-1]})"
        )
    return out


def lists_record() -> dict[str, object]:
    """``lists --json``: the bundled lists, the answer models and the shipped plans."""
    records = [
        {
            "name": n,
            **{k: words.bundled_record(n).get(k) for k in ("count", "origin", "source", "sha256")},
        }
        for n in words.bundled_names()
    ]
    plans = [
        {"name": p.name, "title": p.title, "sha256": p.sha256} for p in shipped.index().values()
    ]
    models = {lang: dict(words.answer_model(lang)) for lang in ("en", "nl")}
    return {"lists": records, "answer_models": models, "plans": plans}
