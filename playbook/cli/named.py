"""What an argument names: one rule for every command (docs/guide/usage.md). A bare name (no
folder, no ``.yaml``) is the package's (a shipped plan, a bundled config) where the package has
one, else a file here; ``./NAME`` is always the file."""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

from rich.console import Console

from playbook import model
from playbook.cli.parsing import printable
from playbook.errors import PlaybookError
from playbook.io import files, shipped
from playbook.names import DEFAULT_CONFIG

err = Console(stderr=True, highlight=False, markup=False, emoji=False)
"""Standard error, text printed as it is (never read as markup)."""


def bundled_configs() -> list[str]:
    """Names of the configs that ship with the package."""
    folder = resources.files("playbook.configs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def bare(text: str) -> bool:
    """Whether an argument is a bare name (no folder, no ``.yaml``): the one rule every
    command reads it by (docs/guide/usage.md): a bare name is the package's (a shipped plan,
    a bundled config) where the package has one, else a file here; ``./NAME`` is always the
    file."""
    return "/" not in text and not text.endswith((".yaml", ".yml"))


def note_shadowed(text: str, what: str) -> None:
    """Say in one line that a file or folder here has the name the package's ``what`` is
    taken by (``./NAME`` means the file)."""
    if Path(text).exists():
        err.print(
            f"note: {printable(text)} is the {what} of that name; ./{printable(text)} means "
            "the file here",
            markup=False,
            soft_wrap=True,
        )


def unknown_name(text: str, what: str, known: Sequence[str]) -> PlaybookError:
    """A one-line error for a name that is neither a file here nor the package's, with the
    closest names (``did you mean``) or else all of them."""
    close = difflib.get_close_matches(text, known, n=3, cutoff=0.75)
    hint = (
        f"did you mean {' or '.join(close)}? (playbook lists names them all)"
        if close
        else f"{', '.join(known)}"
    )
    return PlaybookError(f"{printable(text)}: {what}; {hint}")


@contextlib.contextmanager
def config_path(arg: str | None) -> Iterator[Path]:
    """A config file path: a bundled config by its bare name (default lingo-nl-5), else the
    file named (:func:`bare`: one rule for names)."""
    name = arg or DEFAULT_CONFIG
    if bare(name) and name in bundled_configs():
        if arg:
            note_shadowed(arg, "bundled config")
        with resources.as_file(resources.files("playbook.configs").joinpath(name + ".yaml")) as f:
            yield Path(f)
        return
    if bare(name) and not Path(name).exists():
        raise unknown_name(name, "no such config file or bundled config", bundled_configs())
    yield Path(name)


def playbook_file(text: str) -> str:
    """A playbook argument as a file: a shipped plan by its bare name (its bytes checked
    against the sha256 it was shipped with), else the file named (:func:`bare`)."""
    plan = shipped.find(text) if bare(text) else None
    if plan is not None:
        note_shadowed(text, "shipped plan")
        return str(shipped.path_of(plan))
    if bare(text) and not (Path(text).exists() and not Path(text).is_dir()):
        raise unknown_name(
            text, "playbook file not found, and no shipped plan has that name", shipped.names()
        )
    return text


def is_shipped(path: str) -> bool:
    """``path`` is a shipped plan's file (a render never writes beside it: into the
    installed package)."""
    return Path(path).resolve().parent == shipped.folder().resolve()


def load_playbook(path: str) -> model.Playbook:
    """A playbook file (``path`` as :func:`playbook_file` resolved it), read as it is:
    reading writes nothing (a set of outputs that a killed build left half in place beside it
    is only named: the next build into that folder finishes it,
    :func:`playbook.io.files.finish_set`)."""
    folder = Path(path).parent
    if files.pending(folder):
        err.print(
            f"note: {folder / files.STAGING} holds outputs a build stopped while moving in "
            f"place; {Path(path).name} is read as it is (the next build into {folder} "
            "finishes the move)",
            markup=False,
            soft_wrap=True,
        )
    return model.load(path)
