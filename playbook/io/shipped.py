"""The shipped plans: verified playbooks inside the package, so that ``play``, ``show``,
``render`` and the site work right after install, with no build.

``playbook/data/plans/`` holds each plan's ``playbook.yaml`` as a build wrote it, and
``index.json`` records for each its file's sha256, the config it was built from and the
verification it passed (written by ``scripts/ship_plans.py``, which builds, verifies and
copies them in). A plan is read only when its bytes have the sha256 the index records: a
file edited or damaged after shipping is refused, naming it, never followed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache
from importlib import resources
from pathlib import Path

from playbook.errors import PlaybookFileError

INDEX = "index.json"
"""The index of the shipped plans, in their folder."""


@dataclasses.dataclass(frozen=True)
class Plan:
    """One shipped plan, as the index records it."""

    name: str
    """Its name: the bundled config it was built from (``lingo-nl-5-tv``)."""
    file: str
    """Its file in the plans' folder."""
    sha256: str
    """The sha256 of the file's bytes as shipped."""
    title: str
    """What it is, in a line (``Dutch Lingo, five letters, the TV rules``)."""


def folder() -> Path:
    """The folder of the shipped plans (inside the installed package)."""
    return Path(str(resources.files("playbook.data") / "plans"))


@cache
def index() -> dict[str, Plan]:
    """The shipped plans by name, as the index lists them (a one-line error where the index
    is missing or malformed: the installation is damaged)."""
    path = folder() / INDEX
    try:
        data = json.loads(path.read_text("utf-8"))
        plans = [Plan(**{f.name: str(p[f.name]) for f in dataclasses.fields(Plan)}) for p in data]
    except (OSError, ValueError, TypeError, KeyError) as exc:
        raise PlaybookFileError(
            f"{path}: the shipped plans' index cannot be read ({exc}); reinstall lingo-playbook"
        ) from None
    return {p.name: p for p in plans}


def names() -> tuple[str, ...]:
    """The shipped plans' names, in the index's order."""
    return tuple(index())


def find(text: str) -> Plan | None:
    """The shipped plan named ``text``, or None (a name only: a path is never a plan's)."""
    return index().get(text)


def path_of(plan: Plan) -> Path:
    """The plan's file, its bytes checked against the index's sha256 (a one-line error
    naming the file where they differ)."""
    path = folder() / plan.file
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PlaybookFileError(
            f"{path}: shipped plan {plan.name!r} cannot be read ({exc.strerror or exc}); "
            "reinstall lingo-playbook"
        ) from None
    if hashlib.sha256(data).hexdigest() != plan.sha256:
        raise PlaybookFileError(
            f"{path}: shipped plan {plan.name!r} does not match the sha256 it was shipped with "
            "(changed after it was verified); reinstall lingo-playbook or build it: "
            f"playbook build {plan.name}"
        )
    return path
