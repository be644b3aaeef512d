"""What a build or a command reads and writes besides the search: reference playbooks, the
rendered formats, and playbook files verified against their word lists."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path

from playbook import files, model, parallel, render
from playbook.compare import GroupComparison, compare
from playbook.config import Config
from playbook.errors import ConfigError, PlaybookFileError
from playbook.games import Game, from_rules
from playbook.model import Playbook
from playbook.pipeline.build import BuildResult, Progress
from playbook.pipeline.session import load_lists
from playbook.verify import Report, verify
from playbook.words import WordList


def load_reference(cfg: Config, config_file: Path) -> Playbook | None:
    """The reference playbook a config names (relative to the config file), if any."""
    if not cfg.compare:
        return None
    path = Path(cfg.compare)
    if not path.is_absolute():
        path = config_file.parent / path
    return model.load(str(path))


def _built(out: Path, pb: Playbook) -> Iterator[Playbook]:
    """The other playbooks already built in ``out`` for the same word list (unreadable
    files are passed over)."""
    for f in sorted(out.glob("*/playbook.yaml")):
        try:
            other = model.load(str(f))
        except PlaybookFileError:
            continue
        if other.name != pb.name and other.words.get("sha256") == pb.words.get("sha256"):
            yield other


def siblings(out: Path, pb: Playbook) -> list[Playbook]:
    """Other playbooks already built in ``out`` for the same list and rules, other profile."""
    rules = model.rules_sha256(pb.game)
    return [
        o
        for o in _built(out, pb)
        if o.profile != pb.profile and model.rules_sha256(o.game) == rules
    ]


def companions(out: Path, pb: Playbook) -> list[Playbook]:
    """Playbooks already built in ``out`` for the same game and word list under other rules
    (the paper's and the TV rules): the card shows them beside ``pb``."""
    rules = model.rules_sha256(pb.game)
    return [
        o
        for o in _built(out, pb)
        if o.profile == pb.profile
        and o.game.get("name") == pb.game.get("name")
        and model.rules_sha256(o.game) != rules
    ]


def comparison(result: BuildResult, ref: Playbook | None) -> list[GroupComparison] | None:
    """Our playbook beside the reference, per group (None without a reference)."""
    if ref is None:
        return None
    s = result.session
    return compare(result.playbook, ref, s.game, s.guesses, s.answers)


@dataclasses.dataclass(frozen=True)
class Written:
    """What a build wrote."""

    files: tuple[tuple[Path, str], ...]
    """Each file in the order written, with a word on it (``59 pages`` for a PDF)."""
    pages: dict[str, int]
    """Pages each group appears on in the PDF (empty without one)."""
    comparison: list[GroupComparison] | None
    """Ours beside the reference the config names (None without one)."""


def write_renderings(
    pb: Playbook,
    out_dir: Path,
    cfg: Config,
    ref: Playbook | None,
    comps: list[GroupComparison] | None,
    progress: Progress | None = None,
    others: Sequence[Playbook] = (),
    answers: WordList | None = None,
) -> tuple[list[tuple[Path, str]], dict[str, int]]:
    """The formats the config asks for besides YAML, paged ones (the PDF) first: the others
    show its page counts; ``others``: playbooks of the list under other rules (the card);
    ``answers``: the build's answer list, for the formats that need it. Returns the files
    written (with the PDF's page count) and the pages per group."""
    wanted = {f.strip() for f in cfg.render.formats.split(",")}
    formats = [f for f in sorted(render.FORMATS.values(), key=lambda f: not f.paged)]
    formats = [f for f in formats if f.name in wanted]
    pages: dict[str, int] = {}
    written: list[tuple[Path, str]] = []
    for i, fmt in enumerate(formats):
        if progress:
            progress("write", i, len(formats), fmt.name)
        data, counts = render.render(
            pb,
            fmt.name,
            tiles=cfg.render.tiles,
            reference=ref,
            comparison=comps,
            pages=pages or None,
            jobs=parallel.effective_jobs(cfg.n_jobs),
            others=others,
            answers=answers,
        )
        pages = pages or counts
        path = out_dir / f"playbook{fmt.suffix}"
        files.atomic_write(path, data)
        written.append((path, f"{render.page_count(data)} pages" if fmt.paged else ""))
    if progress:
        progress("write", len(formats), len(formats))
    return written, pages


def write_build(
    result: BuildResult, out_dir: Path, ref: Playbook | None, progress: Progress | None = None
) -> Written:
    """Write a build's playbook and the formats its config asks for into ``out_dir``, then
    drop its checkpoints."""
    pb, cfg = result.playbook, result.session.config
    target = out_dir / "playbook.yaml"
    files.atomic_write(target, model.dumps(pb))
    comps = comparison(result, ref)
    others = companions(out_dir.parent, pb)
    answers = result.session.lists.answers
    rendered, pages = write_renderings(pb, out_dir, cfg, ref, comps, progress, others, answers)
    if result.checkpoint is not None:
        result.checkpoint.clear()
    return Written(((target, ""), *rendered), pages, comps)


def game_of(pb: Playbook, path: str) -> Game:
    """The game a playbook's rules describe."""
    try:
        return from_rules(dict(pb.game))
    except ConfigError as exc:
        raise PlaybookFileError(f"{path}: game: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise PlaybookFileError(f"{path}: game: incomplete or invalid rules ({exc})") from None


def answer_list(pb: Playbook, path: str) -> WordList:
    """The answers of a playbook's own word list (relative to the playbook's folder), for
    the formats that need them; a one-line error where the list cannot be had or is not the
    one the playbook was built on (the renderer checks the checksum)."""
    game = game_of(pb, path)
    if "list" not in pb.words:
        raise PlaybookFileError(f"{path}: words.list: missing; the page needs the word list")
    return load_lists(dict(pb.words), Path(path).parent, game).answers


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
    lists = load_lists(info, Path(path).parent, game)
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
