"""What the commands share: the terminal they print on, ``--letters`` read, and the line a
command says where its ``--budget`` runs out."""

from __future__ import annotations

from collections.abc import Callable

from playbook.cli import console as report
from playbook.cli.named import err
from playbook.spelling import split_letters

# Rich markup and emoji codes are off: text from files (names, groups, words) is printed as
# it is, never read as markup; our own styling is given as rich Text (:mod:`playbook.cli.console`)
console = report.Out()
if not console.is_terminal:
    console = report.Out(width=200)


def letters(text: str | None) -> tuple[str, ...] | None:
    """``--letters`` as group names (None: every group; given but naming none, an error
    where the groups are known)."""
    return None if text is None else split_letters(text)


def undecided(command: str, budget: float, why: str) -> int:
    """Say on one line that ``command`` ran out of its ``budget`` seconds: exit 1."""
    err.print(f"{command}: not decided within {budget:g} s ({why})", markup=False, soft_wrap=True)
    return 1


def past_budget(command: str, budget: float) -> Callable[[], None]:
    """The line a command says where its work ran past its ``--budget`` (the watchdog)."""

    def say() -> None:
        undecided(command, budget, "its work ran past the budget; nothing found")

    return say
