"""What a library call accepts: the checks at the boundary of :mod:`playbook.api` and
:mod:`playbook.studies`, each a TypeError or ValueError naming the argument and what it takes."""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from typing import Any

from playbook.errors import PlaybookError


def need(name: str, value: Any, typ: type | tuple[type, ...], what: str) -> None:
    """At the library's boundary: ``value`` of ``typ``, else a TypeError naming the argument
    and what it takes (true is no number here)."""
    numbers = typ in (int, float) or typ == (int, float)
    if not isinstance(value, typ) or (numbers and isinstance(value, bool)):
        raise TypeError(f"{name}: expected {what}, got {value!r}")


def seconds(name: str, value: Any) -> None:
    """A time budget: a finite number of seconds above 0."""
    need(name, value, (int, float), "seconds, a number")
    if not 0 < value < float("inf"):
        raise ValueError(f"{name}: expected seconds above 0, got {value!r}")


MAX_JOBS = 1024
"""The most workers a call starts."""


def jobs(name: str, value: Any) -> None:
    """A number of workers: 1 to :data:`MAX_JOBS`, or -1 for one per core."""
    need(name, value, int, "a whole number of workers")
    if not (value == -1 or 1 <= value <= MAX_JOBS):
        raise ValueError(f"{name}: expected 1 to {MAX_JOBS} workers, or -1, got {value!r}")


CORES_VARIABLE = "PLAYBOOK_CORES"
"""The environment variable that says how many cores ``-1`` workers count (a shared machine,
a container that sees the host's cores, a test run that starts no workers); unset: all."""


def cores() -> int:
    """The cores a negative ``n_jobs`` counts: ``$PLAYBOOK_CORES`` where it is set (a whole
    number, 1 to :data:`MAX_JOBS`), else the machine's; another value is a
    :class:`~playbook.errors.PlaybookError` naming the variable (the command line checks it
    before any work)."""
    text = os.environ.get(CORES_VARIABLE, "")
    if text == "":
        return os.cpu_count() or 1
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else 0
    if not 1 <= value <= MAX_JOBS:
        raise PlaybookError(
            f"{CORES_VARIABLE}={text!r}: the cores -1 workers may use, a whole number 1 to "
            f"{MAX_JOBS} (or unset: all of them)"
        )
    return value


def flag(name: str, value: Any) -> None:
    """True or False."""
    need(name, value, bool, "True or False")


def words(name: str, value: Any, *, optional: bool = True) -> None:
    """Words or groups: None (where ``optional``), or a sequence of texts."""
    if value is None and optional:
        return
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(
            f"{name}: expected a list of texts{' or None' if optional else ''}, got {value!r}"
        )
    for item in value:
        need(name, item, str, "a list of texts")


def choice(name: str, value: Any, allowed: Collection[str]) -> None:
    """``value`` one of ``allowed``, else a ValueError (a TypeError for no text) naming them."""
    need(name, value, str, "text")
    if value not in allowed:
        raise ValueError(f"{name}: {value!r} is not allowed; allowed: {', '.join(allowed)}")


CONFIG = "a playbook.config.Config (playbook.config.load(path))"
PLAYBOOK = "a playbook.model.Playbook (playbook.model.load(path))"
