"""``playbook build``: a build checked before its work (:func:`prepare_build`), then run
(:func:`run_build`), and what its summary says after it (:func:`after_build`); the config
read and overridden the way every command reads one (:func:`load_config`)."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from playbook import memory, model, parallel
from playbook.arguments import CONFIG
from playbook.arguments import flag as _flag
from playbook.arguments import need as _need
from playbook.arguments import words as _words
from playbook.config import Config, override
from playbook.io import files
from playbook.pipeline import build as building
from playbook.pipeline import choices, likely, outputs
from playbook.pipeline.build import BuildResult
from playbook.pipeline.likely import Likely
from playbook.pipeline.outcomes import BuildOutcome
from playbook.pipeline.outputs import Written
from playbook.pipeline.session import Session
from playbook.pipeline.units import Progress

__all__ = [
    "AfterBuild",
    "BuildJob",
    "BuildOutcome",
    "BuildResult",
    "Likely",
    "Progress",
    "Session",
    "Written",
    "after_build",
    "load_config",
    "prepare_build",
    "run_build",
]


def load_config(path: str | Path, overrides: Mapping[str, object] | None = None) -> Config:
    """The config file at ``path`` read strictly, its registries' choices checked, then
    ``overrides`` applied (keys as :func:`playbook.config.override` takes them: ``n_jobs``,
    ``"search.seed"``...; a value of None leaves the key as the file has it).

    Examples:
        >>> from importlib import resources
        >>> from playbook import api
        >>> path = resources.files("playbook.configs") / "mastermind-3x2.yaml"
        >>> api.load_config(path, {"render.formats": "yaml"}).render.formats
        'yaml'
    """
    cfg = choices.load(Path(str(path)))
    return override(cfg, **overrides) if overrides else cfg


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


# ------------------------------------------------------------------ after a build


@dataclasses.dataclass(frozen=True)
class AfterBuild:
    """What a build's summary says beside its playbook: the plans built beside it in the same
    folder for the same list and rules (other profiles), its figures on the words a show
    plays (where its answers are weighed), and how many words its card prints."""

    siblings: tuple[model.Playbook, ...]
    figures: Likely | None
    card_words: int


def after_build(outcome: BuildOutcome, out: str | Path) -> AfterBuild:
    """What the summary of a build written under ``out`` says beside its playbook.

    Examples:
        >>> import tempfile
        >>> from importlib import resources
        >>> from pathlib import Path
        >>> from playbook import api
        >>> path = resources.files("playbook.configs") / "mastermind-3x2.yaml"
        >>> out = Path(tempfile.mkdtemp())
        >>> cfg = api.load_config(path, {"render.formats": "yaml"})
        >>> built = api.run_build(api.prepare_build(cfg, out))
        >>> notes = api.after_build(built, out)
        >>> notes.siblings, notes.figures, notes.card_words
        ((), None, 3)
    """
    _need("outcome", outcome, BuildOutcome, "a playbook.api.BuildOutcome (api.run_build)")
    pb, session = outcome.result.playbook, outcome.result.session
    weighed = pb.words.model is not None and pb.words.model.weighed
    few = memory.small_groups(session.answers, session.game.group_of, pb.groups)
    return AfterBuild(
        tuple(outputs.siblings(Path(out), pb)),
        likely.measure(pb, session) if weighed else None,
        len(memory.card_words(pb.groups, few)),
    )
