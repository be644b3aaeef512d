"""What a build or a command reads and writes besides the search: reference playbooks, the
rendered formats, and playbook files verified against their word lists."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from playbook import model, parallel, render
from playbook.compare import GroupComparison, compare
from playbook.config import Config
from playbook.errors import ConfigError, PlaybookFileError
from playbook.games import Game
from playbook.io import files
from playbook.model import Playbook, group_key
from playbook.model.plan import PART_MODELS
from playbook.pipeline import choices
from playbook.pipeline.build import BuildResult
from playbook.pipeline.proofs import recheck
from playbook.pipeline.session import Lists, Session
from playbook.pipeline.units import Progress
from playbook.spelling import IJ, IJ_NAME
from playbook.verify import Report, misshapen_word, partial, verify
from playbook.words import WordList


def load_reference(cfg: Config, config_file: Path) -> Playbook | None:
    """The reference playbook a config names (relative to the config file), if any."""
    if not cfg.compare:
        return None
    path = Path(cfg.compare)
    if not path.is_absolute():
        path = config_file.parent / path
    try:
        return model.load(str(path))
    except PlaybookFileError as exc:
        raise ConfigError(f"{cfg.source}: key 'compare': {exc}") from None


def _built(out: Path, pb: Playbook) -> Iterator[Playbook]:
    """The other playbooks already built in ``out`` for the same word list (unreadable
    files are passed over)."""
    for f in sorted(out.glob("*/playbook.yaml")):
        try:
            other = model.load(str(f))
        except PlaybookFileError:
            continue
        if other.name != pb.name and other.words.sha256 == pb.words.sha256:
            yield other


def siblings(out: Path, pb: Playbook) -> list[Playbook]:
    """Other playbooks already built in ``out`` for the same list and rules, other profile."""
    rules = model.rules_sha256(pb.game_section)
    return [
        o
        for o in _built(out, pb)
        if o.profile != pb.profile and model.rules_sha256(o.game_section) == rules
    ]


def companions(out: Path, pb: Playbook) -> list[Playbook]:
    """Playbooks already built in ``out`` for the same game and word list under other rules
    (the paper's and the TV rules): the card shows them beside ``pb``. One per set of rules:
    a plan for the common words before one for the whole list (the one a contestant learns),
    then by name (``lingo-nl-5-tv`` before its variants)."""
    rules = model.rules_sha256(pb.game_section)
    found: dict[str, Playbook] = {}
    others = (
        o
        for o in _built(out, pb)
        if o.profile == pb.profile
        and o.game.name == pb.game.name
        and model.rules_sha256(o.game_section) != rules
    )
    for o in sorted(others, key=lambda o: (o.words.answer_model not in PART_MODELS, o.name)):
        found.setdefault(model.rules_sha256(o.game_section), o)
    return list(found.values())


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


def render_formats(
    pb: Playbook,
    cfg: Config,
    ref: Playbook | None,
    comps: list[GroupComparison] | None,
    progress: Progress | None = None,
    others: Sequence[Playbook] = (),
    answers: WordList | None = None,
    guesses: WordList | None = None,
) -> tuple[list[tuple[str, bytes | str, str]], dict[str, int]]:
    """The formats the config asks for besides YAML, paged ones (the PDF) first: the others
    show its page counts; ``others``: playbooks of the list under other rules (the card);
    ``answers``: the build's answer list, for the formats that need it. Returns each file's
    suffix, data and a word on it (the PDF's page count), and the pages per group."""
    wanted = set(choices.formats_of(cfg))
    formats = [f for f in sorted(render.FORMATS.values(), key=lambda f: not f.paged)]
    formats = [f for f in formats if f.name in wanted]
    pages: dict[str, int] = {}
    out: list[tuple[str, bytes | str, str]] = []
    for i, fmt in enumerate(formats):
        if progress:
            progress("write", i, len(formats), fmt.name)
        data, counts = render.render(
            pb,
            fmt.name,
            tiles=cfg.render.tiles,
            language=cfg.render.language,
            frontier=cfg.render.frontier,
            reference=ref,
            comparison=comps,
            pages=pages or None,
            jobs=parallel.effective_jobs(cfg.n_jobs),
            beside=[(other, None, None) for other in others] if fmt.companions else [],
            answers=answers,
            guesses=guesses,
        )
        pages = pages or counts
        out.append((fmt.suffix, data, f"{render.page_count(data)} pages" if fmt.paged else ""))
    if progress:
        progress("write", len(formats), len(formats))
    return out, pages


def file_stem(pb: Playbook) -> str:
    """How a build names its files: ``playbook``, or for a build of some groups
    ``playbook-<groups>`` (``playbook-qx``, ``playbook-5-6``), so that it never replaces
    the whole playbook of the folder. The IJ group is written ``IJ``, as ``--letters`` takes
    it (``playbook-xyIJ``): file names stay ASCII."""
    return _stem([g.group for g in pb.groups] if partial(pb) else None)


def _stem(groups: Sequence[str] | None) -> str:
    if groups is None:
        return "playbook"
    joined = "".join(groups) if all(len(n) == 1 for n in groups) else "-".join(groups)
    return "playbook-" + joined.replace(IJ, IJ_NAME)


def output_names(cfg: Config, groups: Sequence[str] | None) -> list[str]:
    """The files a build of ``groups`` (None: every group) writes, known before it starts
    (:func:`file_stem`, then a suffix per format the config asks for)."""
    order = None if groups is None else sorted(set(groups), key=group_key)
    stem = _stem(order)
    wanted = choices.formats_of(cfg)
    suffixes = [fmt.suffix for fmt in render.FORMATS.values() if fmt.name in wanted]
    return [stem + suffix for suffix in (".yaml", *suffixes)]


def write_build(
    result: BuildResult,
    out_dir: Path,
    ref: Playbook | None,
    progress: Progress | None = None,
    on_commit: Callable[[], None] = lambda: None,
) -> Written:
    """Write a build's playbook and the formats its config asks for into ``out_dir`` as one
    set (:func:`playbook.io.files.write_set`: all the new files or all the old ones, whatever
    stops the process), then drop its checkpoints. ``on_commit`` is called once the set is
    complete on disk, before the files move in place. The caller holds the folder's lock."""
    pb, cfg = result.playbook, result.config
    comps = comparison(result, ref)
    others = companions(out_dir.parent, pb)
    lists = result.session.lists
    rendered, pages = render_formats(
        pb, cfg, ref, comps, progress, others, lists.answers, lists.guesses
    )
    stem = file_stem(pb)
    items = [(f"{stem}.yaml", model.dumps(pb), ""), *((stem + s, d, n) for s, d, n in rendered)]
    paths = files.write_set(out_dir, [(name, data) for name, data, _ in items], on_commit)
    if result.checkpoint is not None:
        result.checkpoint.clear()
    return Written(tuple(zip(paths, (n for *_, n in items), strict=True)), pages, comps)


def play_lists(pb: Playbook, path: str) -> Lists:
    """The guesses and answers of a playbook's own word lists (relative to the playbook's
    folder), for the page: a one-line error where they cannot be had."""
    if not pb.words.list:
        raise PlaybookFileError(f"{path}: words.list: missing; the page needs the word list")
    return Session.from_playbook(pb, path).lists


def answer_list(pb: Playbook, path: str) -> WordList:
    """The answers of a playbook's own word list (:func:`play_lists`)."""
    return play_lists(pb, path).answers


def verify_file(
    pb: Playbook, path: str, words_file: str | None, *, proofs: bool = False, n_jobs: int = 1
) -> tuple[Report, Game]:
    """Verify a loaded playbook against its own list (checked by checksum) or ``words_file``;
    ``proofs``: re-decide its proof claims too (:mod:`playbook.pipeline.proofs`), whose
    failures join the report's problems."""
    session = Session.from_playbook(pb, path, words_file)
    game, lists = session.game, session.lists
    guesses, answers = lists.guesses, lists.answers
    if (odd := misshapen_word(pb, guesses.words, answers.words)) is not None:
        raise PlaybookFileError(f"{path}: {odd}")
    rep = verify(
        pb,
        game,
        guesses.words,
        answers.words,
        check_claims=not words_file,
    )
    if not words_file:
        rep = dataclasses.replace(rep, problems=rep.problems + tuple(_list_claims(pb, lists)))
    if proofs and rep.unproven:
        names = set(rep.unproven)
        claims = dataclasses.replace(pb, groups=tuple(g for g in pb.groups if g.group in names))
        wrong = recheck(claims, session, n_jobs=n_jobs, path=path)
        rep = dataclasses.replace(rep, problems=rep.problems + wrong, unproven=())
    return rep, game


def _list_claims(pb: Playbook, lists: Lists) -> Iterator[str]:
    """What the ``words`` section states of the list beside its checksums: how many words,
    and how the words changed by ``ij_to_y`` are written."""
    for key, wl in (("count", lists.main), ("answers_count", lists.answers)):
        recorded = getattr(pb.words, key)
        if recorded is not None and recorded != len(wl):
            yield f"words.{key}: recorded {recorded}, but the list has {len(wl)} words"
    spelled = {**lists.guesses.spelled, **lists.answers.spelled}
    if pb.words.spelled and dict(pb.words.spelled) != spelled:
        yield "words.spelled: differs from how the list writes its words"
