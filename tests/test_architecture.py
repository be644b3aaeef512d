"""ARCHITECTURE.md names every module of the package where it lives, and no module that is
gone (issue 47, item 4: the old file omitted 27 modules and kept old names)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "playbook"


def _modules() -> set[str]:
    return {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py")
    }


def _named() -> set[str]:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return set(re.findall(r"`((?:\w+/)*\w+\.py)`", text))


def test_every_module_is_named_in_its_room() -> None:
    missing = sorted(_modules() - _named())
    assert missing == [], f"ARCHITECTURE.md does not name: {', '.join(missing)}"


def test_every_module_named_exists() -> None:
    gone = sorted(n for n in _named() if not (PACKAGE / n).is_file() and not (ROOT / n).is_file())
    assert gone == [], f"ARCHITECTURE.md names modules that do not exist: {', '.join(gone)}"


def test_no_module_is_over_500_lines() -> None:
    """The house's size for a module (issue 47, item 4): past it, a module holds two
    concerns. The page's scripts too (issue 59, item 3)."""
    package = Path(__file__).resolve().parent.parent / "playbook"
    over = sorted(
        f"{p.relative_to(package.parent)}: {n}"
        for p in [*package.rglob("*.py"), *package.rglob("*.js")]
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500
    )
    assert over == []
