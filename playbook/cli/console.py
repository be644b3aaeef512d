"""What the terminal shows: build summary, verification, a letter's table (rich tables), and
progress bars."""

from __future__ import annotations

from collections.abc import Callable

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

from playbook import model
from playbook.compare import GroupComparison
from playbook.errors import PlaybookFileError
from playbook.games import Game, Planner
from playbook.model import Move, Playbook, Row, TryWords
from playbook.pipeline.build import BuildResult
from playbook.spelling import Spelling
from playbook.verify import Report


def progress_bars(err: Console) -> tuple[Progress, Callable[[str, int, int], None]]:
    """Progress bars on ``err`` (none when it is not a terminal), and the callback that
    moves them: ``update(phase, done, total)``."""
    prog = Progress(
        TextColumn("{task.description:>8}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    tasks: dict[str, TaskID] = {}

    def update(phase: str, done: int, total: int) -> None:
        if phase not in tasks:
            tasks[phase] = prog.add_task(phase, total=total)
        prog.update(tasks[phase], completed=done, total=total)

    return prog, update


def _dist(stats: model.Stats) -> str:
    return " ".join(f"{t}:{c}" for t, c in sorted(stats.distribution.items()))


def _summary_table(
    pb: Playbook,
    game: Game,
    ref: Playbook | None,
    siblings: list[Playbook],
    pages: dict[str, int] | None,
) -> tuple[RichTable, list[str]]:
    """The summary's columns, and the keys of the game's note columns that appear."""
    t = RichTable(
        title=f"{pb.name}: {pb.stats.words if pb.stats else 0} words, profile {pb.profile}"
    )
    cols = ("letter", "words", "openings", "found by", "proven", "largest", "avg", "worst")
    for col in (*cols, "exceptions"):
        right = col in ("words", "largest", "avg", "worst")
        t.add_column(col, justify="right" if right else "left")
    if pages:
        t.add_column("pages", justify="right")
    if ref is not None:
        t.add_column(f"{ref.name} openings")
        t.add_column("largest", justify="right")
        t.add_column("fails", justify="right")
        t.add_column("ours ok", justify="center")
    for sib in siblings:
        t.add_column(f"avg {sib.profile}", justify="right")
    columns = game.summary_columns
    note_keys = [k for k in columns if any(k in g.notes for g in pb.groups)]
    for k in note_keys:
        t.add_column(columns[k])
    return t, note_keys


def _group_row(
    pb: Playbook,
    g: model.GroupPlan,
    game: Game,
    comps: dict[str, GroupComparison] | None,
    siblings: list[Playbook],
    pages: dict[str, int] | None,
    note_keys: list[str],
) -> list[str]:
    st = g.stats
    spell = Spelling.of(pb.words)
    counts = pb.profile == "simple" and g.openings and game.planner is Planner.OPENINGS
    exceptions = _count_moves(g.table) if counts else 0
    row = [
        g.group,
        str(g.words),
        " ".join(spell.text(w) for w in g.openings) or "-",
        g.method + (f" ({g.restarts})" if g.restarts else ""),
        "yes" if g.proven else "no",
        str(g.largest),
        f"{st.average:.3f}" if st else "",
        str(st.worst) if st else "",
        str(exceptions) + (f" ({len(g.unguaranteed)} not guaranteed)" if g.unguaranteed else ""),
    ]
    if pages:
        row.append(str(pages.get(g.group, "")))
    if comps is not None:
        c = comps.get(g.group)
        if c is None:
            row += ["-", "", "", ""]
        else:
            unknown = f" [{','.join(c.ref_unknown)} not in list]" if c.ref_unknown else ""
            row += [
                " ".join(c.ref) + unknown,
                str(c.ref_largest),
                str(c.ref_failures),
                "yes" if c.at_least_as_good else "NO",
            ]
    for sib in siblings:
        try:
            o = sib.group(g.group)
            row.append(f"{o.stats.average:.3f}" if o.stats else "")
        except KeyError:
            row.append("")
    return row + [_note(g.notes.get(k)) for k in note_keys]


def _total_row(
    pb: Playbook,
    st: model.Stats,
    comps: dict[str, GroupComparison] | None,
    siblings: list[Playbook],
    pages: dict[str, int] | None,
    note_keys: list[str],
) -> list[str]:
    total = [
        "all",
        str(st.words),
        "",
        "",
        "",
        str(max((g.largest for g in pb.groups), default=0)),
        f"{st.average:.3f}",
        str(st.worst),
        str(sum(len(g.unguaranteed) for g in pb.groups)) + " not guaranteed",
    ]
    if pages:
        total.append(str(sum(pages.values())))
    if comps is not None:
        total += [
            "",
            "",
            str(sum(c.ref_failures for c in comps.values())),
            "yes" if all(c.at_least_as_good for c in comps.values()) else "NO",
        ]
    for sib in siblings:
        total.append(f"{sib.stats.average:.3f}" if sib.stats else "")
    return total + [""] * len(note_keys)


def print_summary(
    console: Console,
    result: BuildResult,
    ref: Playbook | None,
    siblings: list[Playbook],
    *,
    pages: dict[str, int] | None = None,
    comparison: list[GroupComparison] | None = None,
) -> None:
    """Per group: words, openings, largest subset, turns; the reference and other profiles."""
    pb, game = result.playbook, result.session.game
    comps = {c.group: c for c in comparison or ()} if ref is not None else None
    t, note_keys = _summary_table(pb, game, ref, siblings, pages)
    for g in pb.groups:
        t.add_row(*_group_row(pb, g, game, comps, siblings, pages, note_keys))
    st = pb.stats
    if st is not None:
        t.add_row(*_total_row(pb, st, comps, siblings, pages, note_keys), style="bold")
    console.print(t)
    if st is not None:
        console.print(
            f"{game.limit_name}: {_dist(st)}  (average {st.average:.4f}, worst {st.worst})"
        )


def _note(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict):
        return " ".join(f"{k} {'-' if v is None else v}" for k, v in value.items())
    return str(value)


def _count_moves(table: tuple[Row, ...] | None) -> int:
    n = 0
    for r in table or ():
        if isinstance(r.node, Move):
            n += 1 + _count_moves(r.node.table)
    return n


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
    out = []
    for r in table or ():
        out.append((indent + r.feedback, str(r.words or ""), _node_text(r.node, spell)))
        if isinstance(r.node, Move):
            out += _table_lines(r.node.table, indent + "  ", spell)
    return out


def print_show(console: Console, pb: Playbook, letter: str | None) -> None:
    """The summary of all groups, or one group's openings and table."""
    spell = Spelling.of(pb.words)
    if letter is None:
        t = RichTable(title=pb.name)
        for c in ("group", "words", "openings", "largest", "avg", "worst"):
            t.add_column(c)
        for g in pb.groups:
            t.add_row(
                g.group,
                str(g.words),
                " ".join(map(spell.text, g.openings)) or "-",
                str(g.largest),
                f"{g.stats.average:.3f}" if g.stats else "",
                str(g.stats.worst) if g.stats else "",
            )
        console.print(t)
        return
    try:
        g = pb.group(letter)
    except KeyError:
        raise PlaybookFileError(
            f"{pb.name}: no group {letter!r}; groups: {''.join(x.group for x in pb.groups)}"
        ) from None
    console.print(
        f"[bold]{g.group}[/bold]: {g.words} words; openings: "
        f"[bold]{' '.join(map(spell.text, g.openings)) or '(none)'}[/bold]; "
        f"largest subset {g.largest}"
    )
    t = RichTable("feedback", "words", "then")
    for fb, n, then in _table_lines(g.table, "", spell):
        t.add_row(fb, n, then)
    if g.table is None:
        t.add_row("*", "", "try every word left")
    console.print(t)
    if g.unguaranteed:
        console.print(f"not guaranteed: {', '.join(map(spell.text, g.unguaranteed))}")
