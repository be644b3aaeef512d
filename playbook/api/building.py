"""The library's commands, one call each: what ``playbook build``, ``verify``, ``render`` and
``strategy --rule optimal`` do, as documented calls that return result values. The command
line only parses, calls one of these and prints; scripts and tests call them the same way.

Each call checks what can be checked before the work starts (one-line
:class:`~playbook.errors.PlaybookError`), does the work, and returns the outcome with its
verdict sentences and exit code (0: verified; 1: words not found in time or problems in the
file).

Examples:
    A build of the smallest bundled game (Mastermind, three pegs and two colours), the YAML
    only, in a folder of its own; the Dutch TV build is the same two calls on
    ``lingo-nl-5-tv.yaml`` (a minute or more):

    >>> import tempfile
    >>> from importlib import resources
    >>> from pathlib import Path
    >>> from playbook import api, config
    >>> cfg = config.load(resources.files("playbook.configs") / "mastermind-3x2.yaml")
    >>> cfg = config.override(cfg, **{"render.formats": "yaml"})
    >>> job = api.prepare_build(cfg, Path(tempfile.mkdtemp()))
    >>> outcome = api.run_build(job)
    >>> print(outcome.verdict, outcome.exit_code)
    verified: every word found within 5 turns 0
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from playbook import files, model, parallel, render
from playbook.arguments import CONFIG, PLAYBOOK
from playbook.arguments import choice as _choice
from playbook.arguments import flag as _flag
from playbook.arguments import jobs as _jobs
from playbook.arguments import need as _need
from playbook.arguments import seconds as _seconds
from playbook.arguments import words as _words
from playbook.config import Config
from playbook.errors import PlaybookError
from playbook.pipeline import build as building
from playbook.pipeline import choices, outputs, strategies
from playbook.pipeline.outcomes import BuildOutcome, RenderOutcome, VerifyOutcome
from playbook.pipeline.session import Session
from playbook.pipeline.units import Progress
from playbook.words import WordList

__all__ = [
    "BuildJob",
    "BuildOutcome",
    "RenderOutcome",
    "VerifyOutcome",
    "optimal",
    "output_file",
    "prepare_build",
    "render_playbook",
    "render_target",
    "run_build",
    "verify_playbook",
]


# ------------------------------------------------------------------ build


@dataclasses.dataclass(frozen=True)
class BuildJob:
    """A build checked before its work: the config, its session (lists loaded, matrix
    computed), the groups named, and the output folder (writable, its outputs' names free)."""

    config: Config
    session: Session
    groups: tuple[str, ...]
    letters: tuple[str, ...] | None
    """The groups as asked for (None: every group, a whole playbook)."""
    out_dir: Path
    resume: bool
    use_cache: bool

    @property
    def checkpoints(self) -> Path | None:
        """Where finished work units are kept (None with ``resume=False``)."""
        return self.out_dir / ".checkpoint" if self.resume else None


def prepare_build(
    cfg: Config,
    out: Path,
    *,
    letters: Sequence[str] | None = None,
    use_cache: bool = True,
    resume: bool = True,
) -> BuildJob:
    """Everything a build checks before it searches: rules a playbook can keep, the lists
    and the groups named, an output folder ``out/<name>`` that can be written and whose
    outputs can be replaced. Nothing is written yet.

    Examples:
        A group the lists do not have is refused here, before any search:

        >>> import tempfile
        >>> from importlib import resources
        >>> from pathlib import Path
        >>> from playbook import api, config
        >>> cfg = config.load(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> api.prepare_build(cfg, Path(tempfile.mkdtemp()), letters=["q"])
        Traceback (most recent call last):
            ...
        playbook.errors.ConfigError: --letters: no group 'q' in this list; groups: * ...
    """
    _need("cfg", cfg, Config, CONFIG)
    _need("out", out, (str, Path), "a folder (a path)")
    _words("letters", letters)
    _flag("use_cache", use_cache)
    _flag("resume", resume)
    out = Path(out)
    choices.check(cfg)
    building.check_buildable(cfg)
    session = Session.open(cfg, use_cache=use_cache)
    groups = tuple(session.select(letters))
    out_dir = files.inside(out, cfg.name)
    files.writable_folder(out_dir)  # before the search, not after it
    chosen = list(groups) if letters is not None else None
    files.check_targets(out_dir, outputs.output_names(cfg, chosen))
    outputs.load_reference(cfg, Path(cfg.source))  # a reference that cannot be read: now
    asked = tuple(letters) if letters is not None else None
    return BuildJob(cfg, session, groups, asked, out_dir, resume, use_cache)


def run_build(
    job: BuildJob,
    *,
    progress: Progress | None = None,
    view: contextlib.AbstractContextManager[Any] | None = None,
    on_commit: Callable[[], None] = lambda: None,
    on_finished: Callable[[tuple[str, ...]], None] = lambda names: None,
) -> BuildOutcome:
    """Search, verify and write a prepared build as one set of files (all new or all old,
    whatever stops the process), holding the folder's lock; a set a stopped build left half
    in place is finished first (``on_finished`` hears its names at once). ``view`` (a
    progress display) is open while the work runs, inside the lock; ``on_commit`` is called
    once the new set is on disk.

    Examples:
        >>> import tempfile
        >>> from importlib import resources
        >>> from pathlib import Path
        >>> from playbook import api, config
        >>> cfg = config.load(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> cfg = config.override(cfg, **{"render.formats": "yaml,md"})
        >>> built = api.run_build(api.prepare_build(cfg, Path(tempfile.mkdtemp())))
        >>> built.exit_code, built.playbook.stats.average
        (0, 2.25)
        >>> [path.name for path, note in built.written.files]
        ['playbook.yaml', 'playbook.md']
    """
    _need("job", job, BuildJob, "a playbook.api.BuildJob (playbook.api.prepare_build)")
    cfg = job.config
    workers = parallel.effective_jobs(cfg.n_jobs)
    with files.locked(job.out_dir):
        finished = tuple(files.finish_set(job.out_dir))
        on_finished(finished)
        shown = view if view is not None else contextlib.nullcontext()
        with parallel.backend(cfg.backend, scheduler=cfg.scheduler, workers=workers), shown:
            ref = outputs.load_reference(cfg, Path(cfg.source))  # before the search
            result = building.build(
                cfg,
                letters=job.letters,
                progress=progress,
                use_cache=job.use_cache,
                checkpoint_root=job.checkpoints,
                session=job.session,
            )
            written = outputs.write_build(result, job.out_dir, ref, progress, on_commit)
    return BuildOutcome(result, written, finished)


# ------------------------------------------------------------------ verify


def verify_playbook(
    pb: model.Playbook,
    path: str,
    *,
    words: str | None = None,
    proofs: bool = False,
    n_jobs: int = 1,
) -> VerifyOutcome:
    """Replay every word of the playbook's own list (checked by checksum; ``words``: this
    word list file instead) through ``pb`` read from ``path``; ``proofs``: re-decide what it
    says an exhaustive search proves.

    Examples:
        The 1994 paper's own playbook, replayed on today's Dutch list:

        >>> from importlib import resources
        >>> from playbook import api, model
        >>> path = str(resources.files("playbook.configs") / "lingo-1994-paper.yaml")
        >>> checked = api.verify_playbook(model.load(path), path)
        >>> checked.verdict, checked.exit_code
        ('FAILED: 52 words not found in time, 1 problem in the file', 1)
        >>> checked.summary()["not_found"][0]["word"]
        'afkam'
    """
    _need("pb", pb, model.Playbook, PLAYBOOK)
    _need("path", path, str, "the playbook file's path, as text")
    _jobs("n_jobs", n_jobs)
    _flag("proofs", proofs)
    if words is not None:
        _need("words", words, str, "a word list's path, as text, or None")
    t0 = time.perf_counter()
    rep, game = outputs.verify_file(pb, path, words, proofs=proofs, n_jobs=n_jobs)
    return VerifyOutcome(pb, rep, game, proofs, time.perf_counter() - t0)


# ------------------------------------------------------------------ render


def output_file(name: str, flag: str) -> Path:
    """A file to write at the end of a command, checked before the work: not a folder, in
    a folder that can be written (``flag`` names the option in the one-line error).

    Examples:
        >>> from playbook import api
        >>> api.output_file(".", "-o")
        Traceback (most recent call last):
            ...
        playbook.errors.PlaybookError: -o: . is a folder; name the file to write
    """
    _need(flag, name, (str, Path), "a file name")
    out = Path(name)
    if out.is_dir():
        raise PlaybookError(f"{flag}: {out} is a folder; name the file to write")
    if out.exists() and not out.is_file():
        # a device, a FIFO or a socket (or a link to one): the file would replace it
        raise PlaybookError(
            f"{flag}: {out} is not a plain file (a device, a pipe or a socket); name a file "
            "to write"
        )
    files.writable_folder(out.parent, flag)
    return out


def render_target(pb_path: str, fmt: str, output: str | None) -> Path:
    """The file a render writes (``output``, or beside the playbook with the format's
    suffix), checked before the work (:func:`output_file`).

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from playbook import api
        >>> folder = Path(tempfile.mkdtemp())
        >>> api.render_target(str(folder / "playbook.yaml"), "card", None).name
        'playbook-card.pdf'
        >>> api.render_target(str(folder / "playbook.yaml"), "page", None).name
        'playbook-play.html'
    """
    _choice("fmt", fmt, list(render.FORMATS))
    source = Path(pb_path)
    return output_file(
        output or str(source.with_name(source.stem + render.FORMATS[fmt].suffix)), "-o"
    )


def _beside(
    pb: model.Playbook, others: Sequence[model.Playbook], tabs: Sequence[model.Playbook]
) -> None:
    """Refuse, in one line, a plan that cannot stand beside ``pb``: on the card, the same
    game on the same word list (the other rules' column); on the page, the same game in the
    same language (a tab each: the lengths of one show)."""
    from playbook.words import list_language

    for other in others:
        if other.game.name != pb.game.name or other.words.get("sha256") != pb.words.get("sha256"):
            raise PlaybookError(
                f"--with: {other.name} is not {pb.name}'s word list under other rules (a card "
                "sets beside it the same game on the same list)"
            )
    for other in tabs:
        if other.game.name != pb.game.name or list_language(other.words) != list_language(pb.words):
            raise PlaybookError(
                f"--with: {other.name} is another game or language than {pb.name} (a page's "
                "tabs are the lengths of one show)"
            )


def render_playbook(
    pb: model.Playbook,
    path: str,
    fmt: str,
    *,
    output: str | None = None,
    tiles: str = "lingo",
    letters: Sequence[str] | None = None,
    n_jobs: int = 1,
    language: str = "auto",
    beside: Sequence[tuple[model.Playbook, str]] = (),
) -> RenderOutcome:
    """Write ``pb`` (read from ``path``; only the groups ``letters`` where given) as ``fmt``
    in ``language`` (``auto``: the language of its word list, :data:`render.i18n.CHOICES`);
    the page (and sheets that show words) get the playbook's own lists through
    :meth:`Session.from_playbook`. ``beside``: other playbooks, each with its path: on the
    card, the same list under other rules (a column each); on the page, the other lengths of
    one show (a tab each); the other formats show none.

    Examples:
        The 1994 paper's playbook as Markdown, in a folder of its own:

        >>> import tempfile
        >>> from importlib import resources
        >>> from pathlib import Path
        >>> from playbook import api, model
        >>> path = str(resources.files("playbook.configs") / "lingo-1994-paper.yaml")
        >>> target = str(Path(tempfile.mkdtemp()) / "paper.md")
        >>> done = api.render_playbook(model.load(path), path, "md", output=target)
        >>> done.path.name, done.path.read_text(encoding="utf-8").startswith("#")
        ('paper.md', True)
    """
    _need("pb", pb, model.Playbook, PLAYBOOK)
    _need("path", path, str, "the playbook file's path, as text")
    _choice("fmt", fmt, list(render.FORMATS))
    _choice("tiles", tiles, render.TILE_STYLES)
    _choice("language", language, render.i18n.CHOICES)
    _words("letters", letters)
    _jobs("n_jobs", n_jobs)
    if output is not None:
        _need("output", output, (str, Path), "a file name or None")
    if isinstance(beside, str) or not isinstance(beside, Sequence):
        raise TypeError(f"beside: expected a list of (playbook, path) pairs, got {beside!r}")
    for item in beside:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise TypeError(f"beside: expected (playbook, path) pairs, got {item!r}")
        _need("beside", item[0], model.Playbook, "(playbook.model.Playbook, path) pairs")
        _need("beside", item[1], str, "(playbook, path as text) pairs")
    page = fmt == "page"
    others = [other for other, _ in beside]
    _beside(pb, [] if page else others, others if page else [])
    if letters is not None:
        pb = model.only(pb, letters, f"--letters ({path})")
    spec = render.FORMATS[fmt]
    out = render_target(path, fmt, output)
    answers = guesses = None
    if spec.needs_answers:
        render.check_game(pb.game)
    if spec.needs_answers or (spec.wants_answers and "list" in pb.words):
        lists = outputs.play_lists(pb, path)
        answers, guesses = lists.answers, lists.guesses
    shown: list[tuple[model.Playbook, WordList | None, WordList | None]] = []
    for other, other_path in beside:
        if page:  # a tab plays the other plan: its own lists
            render.check_game(other.game)
            other_lists = outputs.play_lists(other, other_path)
            shown.append((other, other_lists.answers, other_lists.guesses))
        else:
            shown.append((other, None, None))
    data, pages = render.render(
        pb,
        fmt,
        tiles=tiles,
        jobs=n_jobs,
        answers=answers,
        guesses=guesses,
        language=language,
        beside=shown,
    )
    files.atomic_write(out, data)
    return RenderOutcome(out, pages)


# ------------------------------------------------------------------ optimal


def optimal(
    cfg: Config,
    *,
    letters: Sequence[str] | None = None,
    budget: float = 60.0,
    first: str | None = None,
    n_jobs: int = 1,
    checkpoints: Path | None = None,
    weighted: bool = False,
    until: float | None = None,
) -> strategies.OptimalPlay:
    """Per group, the tree with the fewest total turns that finds every word in time (or the
    fewest words left unfound), within ``budget`` seconds a group, on ``n_jobs`` workers; with
    ``checkpoints``, finished groups are kept there and a run stopped part-way resumes;
    ``until``: a wall-clock end for the whole call (:func:`playbook.pipeline.strategies.
    play_optimal`).

    Examples:
        Mastermind with three pegs and two colours: 18 guesses over its 8 codes, proven.

        >>> from importlib import resources
        >>> from playbook import api, config
        >>> cfg = config.load(resources.files("playbook.configs") / "mastermind-3x2.yaml")
        >>> best = api.optimal(cfg)
        >>> best.summary()["total"], best.summary()["lower_bound"], best.summary()["optimal"]
        (18, 18, True)
        >>> best.summary()["first_guess"]
        '112'
    """
    _need("cfg", cfg, Config, CONFIG)
    _words("letters", letters)
    _seconds("budget", budget)
    if first is not None:
        _need("first", first, str, "a guess, as text, or None")
    _jobs("n_jobs", n_jobs)
    if checkpoints is not None:
        _need("checkpoints", checkpoints, Path, "a folder (a pathlib.Path) or None")
    _flag("weighted", weighted)
    if until is not None:
        _need("until", until, (int, float), "a time.time() value or None")
        if not until < float("inf"):
            raise ValueError(f"until: expected a time, got {until!r}")
    return strategies.play_optimal(
        cfg, letters=letters, budget=budget, first=first, n_jobs=n_jobs,
        checkpoints=checkpoints, weighted=weighted, until=until,
    )  # fmt: skip
