"""Terminal reports: build summary, verification, and a letter's table (rich tables)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from playbook import build, compare, model
from playbook.config import Config
from playbook.errors import ConfigError, PlaybookFileError
from playbook.games import Game, from_rules
from playbook.model import Move, Playbook, Row, TryWords
from playbook.verify import Report, verify


def load_reference(cfg: Config, config_file: Path) -> Playbook | None:
    """The reference playbook a config names (relative to the config file), if any."""
    if not cfg.compare:
        return None
    path = Path(cfg.compare)
    if not path.is_absolute():
        path = config_file.parent / path
    return model.load(str(path))


def siblings(out: Path, pb: Playbook) -> list[Playbook]:
    """Other playbooks already built in ``out`` for the same list and rules, other profile."""
    found = []
    for f in sorted(out.glob("*/playbook.yaml")):
        try:
            other = model.load(str(f))
        except PlaybookFileError:
            continue
        if (
            other.name != pb.name
            and other.profile != pb.profile
            and other.words.get("sha256") == pb.words.get("sha256")
            and model.rules_sha256(other.game) == model.rules_sha256(pb.game)
        ):
            found.append(other)
    return found


def _dist(stats: model.Stats | None) -> str:
    if stats is None:
        return ""
    return " ".join(f"{t}:{c}" for t, c in sorted(stats.distribution.items()))


def comparison(
    result: build.BuildResult, ref: Playbook | None
) -> list[compare.GroupComparison] | None:
    """Our playbook beside the reference, per group (None without a reference)."""
    if ref is None:
        return None
    setup = result.setup
    return compare.compare(result.playbook, ref, setup.game, setup.guesses, setup.answers)


def write_renderings(
    pb: Playbook,
    out_dir: Path,
    cfg: Config,
    ref: Playbook | None,
    comps: list[compare.GroupComparison] | None,
) -> dict[str, int]:
    """The formats the config asks for besides YAML (PDF first, for its page counts)."""
    from playbook import files, parallel, render

    formats = [f.strip() for f in cfg.render.formats.split(",")]
    pages: dict[str, int] = {}
    if "pdf" in formats:
        data, pages = render.render_pdf(
            pb,
            tiles=cfg.render.tiles,
            reference=ref,
            comparison=comps,
            jobs=parallel.effective_jobs(cfg.n_jobs),
        )
        files.atomic_write(out_dir / "playbook.pdf", data)
    if "html" in formats:
        files.atomic_write(
            out_dir / "playbook.html",
            render.render_html(
                pb, tiles=cfg.render.tiles, reference=ref, comparison=comps, pages=pages or None
            ),
        )
    if "md" in formats:
        files.atomic_write(
            out_dir / "playbook.md",
            render.render_markdown(pb, reference=ref, comparison=comps, pages=pages or None),
        )
    return pages


def print_summary(
    console: Console,
    result: build.BuildResult,
    ref: Playbook | None,
    siblings: list[Playbook],
    *,
    pages: dict[str, int] | None = None,
    comparison: list[compare.GroupComparison] | None = None,
) -> None:
    """Per group: words, openings, largest subset, turns; the reference and other profiles."""
    pb = result.playbook
    setup = result.setup
    comps = {c.group: c for c in comparison or ()}
    t = RichTable(
        title=f"{pb.name}: {pb.stats.words if pb.stats else 0} words, profile {pb.profile}"
    )
    for col in (
        "letter",
        "words",
        "openings",
        "found by",
        "proven",
        "largest",
        "avg",
        "worst",
        "exceptions",
    ):
        right = col in ("words", "largest", "avg", "worst")
        t.add_column(col, justify="right" if right else "left")
    if pages:
        t.add_column("pages", justify="right")
    if ref is not None:
        t.add_column(f"{ref.name} openings")
        t.add_column("largest", justify="right")
        t.add_column("fails", justify="right")
        t.add_column("ours ok", justify="center")
    for s in siblings:
        t.add_column(f"avg {s.profile}", justify="right")
    note_keys = [k for k in NOTE_COLUMNS if any(k in g.notes for g in pb.groups)]
    for k in note_keys:
        t.add_column(NOTE_COLUMNS[k])
    for g in pb.groups:
        st = g.stats
        exceptions = (
            _count_moves(g.table)
            if pb.profile == "simple" and g.openings and setup.game.words_are_moves
            else 0
        )
        row = [
            g.group,
            str(g.words),
            " ".join(g.openings) or "-",
            g.method + (f" ({g.restarts})" if g.restarts else ""),
            "yes" if g.proven else "no",
            str(g.largest),
            f"{st.average:.3f}" if st else "",
            str(st.worst) if st else "",
            str(exceptions)
            + (f" ({len(g.unguaranteed)} not guaranteed)" if g.unguaranteed else ""),
        ]
        if pages:
            row.append(str(pages.get(g.group, "")))
        if ref is not None:
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
        for s in siblings:
            try:
                o = s.group(g.group)
                row.append(f"{o.stats.average:.3f}" if o.stats else "")
            except KeyError:
                row.append("")
        row += [_note(g.notes.get(k)) for k in note_keys]
        t.add_row(*row)
    st = pb.stats
    if st is not None:
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
        if ref is not None:
            total += [
                "",
                "",
                str(sum(c.ref_failures for c in comps.values())),
                "yes" if all(c.at_least_as_good for c in comps.values()) else "NO",
            ]
        for s in siblings:
            total.append(f"{s.stats.average:.3f}" if s.stats else "")
        total += [""] * len(note_keys)
        t.add_row(*total, style="bold")
    console.print(t)
    if st is not None:
        unit = setup.game.limit_name
        console.print(f"{unit}: {_dist(st)}  (average {st.average:.4f}, worst {st.worst})")


NOTE_COLUMNS = {
    "exact_misses": "exact worst",
    "lower_bound": "lower bound",
    "greedy_misses": "greedy worst",
    "cheating_host_misses": "vs cheating host",
    "verdict": "verdict",
}
"""Game-specific notes shown as extra summary columns."""


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


def game_of(pb: Playbook, path: str) -> Game:
    """The game a playbook's rules describe."""
    try:
        return from_rules(dict(pb.game))
    except ConfigError as exc:
        raise PlaybookFileError(f"{path}: game: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise PlaybookFileError(f"{path}: game: incomplete or invalid rules ({exc})") from None


def verify_file(pb: Playbook, path: str, words_file: str | None) -> tuple[Report, Game]:
    """Verify a loaded playbook against its own list (checked by checksum) or ``words_file``."""
    game = game_of(pb, path)
    info = dict(pb.words)
    if words_file:
        info["list"] = words_file
        info.pop("answers", None)
    elif "list" not in info and game.generated_words() is None:
        raise PlaybookFileError(
            f"{path}: words.list: missing; name the word list or pass --words FILE"
        )
    lists = build.load_lists(info, Path(path).parent, game)
    guesses, answers = lists.guesses, lists.answers
    if not words_file:
        for key, wl in (("sha256", lists.main), ("answers_sha256", answers)):
            want = pb.words.get(key)
            if want is not None and want != wl.sha256:
                raise PlaybookFileError(
                    f"{path}: words.{key}: the playbook was built for another version of "
                    f"{wl.name} (checksum {str(want)[:12]}…, list has {wl.sha256[:12]}…)"
                )
    rep = verify(
        pb,
        game,
        guesses.words,
        answers.words,
        guess_pool=str(pb.game.get("guess_pool", "all")),
        check_claims=not words_file,
    )
    return rep, game


def print_verify(console: Console, pb: Playbook, rep: Report, game: Game) -> None:
    """Turn distribution per group and overall."""
    turns = range(0 if game.limit_name == "misses" else 1, game.limit + 1)
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


def _node_text(node: model.Node) -> str:
    if isinstance(node, TryWords):
        return "try " + ("every word left" if node.words is None else ", ".join(node.words))
    return f"PLAY {node.word}"


def _table_lines(table: tuple[Row, ...] | None, indent: str) -> list[tuple[str, str, str]]:
    out = []
    for r in table or ():
        out.append((indent + r.feedback, str(r.words or ""), _node_text(r.node)))
        if isinstance(r.node, Move):
            out += _table_lines(r.node.table, indent + "  ")
    return out


def print_show(console: Console, pb: Playbook, letter: str | None) -> None:
    """The summary of all groups, or one group's openings and table."""
    if letter is None:
        t = RichTable(title=pb.name)
        for c in ("group", "words", "openings", "largest", "avg", "worst"):
            t.add_column(c)
        for g in pb.groups:
            t.add_row(
                g.group,
                str(g.words),
                " ".join(g.openings) or "-",
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
        f"[bold]{' '.join(g.openings) or '(none)'}[/bold]; largest subset {g.largest}"
    )
    t = RichTable("feedback", "words", "then")
    for fb, n, then in _table_lines(g.table, ""):
        t.add_row(fb, n, then)
    if g.table is None:
        t.add_row("*", "", "try every word left")
    console.print(t)
    if g.unguaranteed:
        console.print(f"not guaranteed: {', '.join(g.unguaranteed)}")
