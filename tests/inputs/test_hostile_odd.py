"""The odd cases of the hostile-input corpus (the even ones: tests/inputs/test_hostile.py)."""

from __future__ import annotations

from pathlib import Path

import hostile
import pytest
from hostile_run import check

pytestmark = pytest.mark.slow

CASES = hostile.cases()
MINE = CASES[1::2]


@pytest.mark.parametrize("case", MINE, ids=[c.id for c in MINE])
def test_hostile(
    case: hostile.Case,
    hostile_base: hostile.Base,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    check(case, hostile_base, tmp_path, monkeypatch, capsys)
