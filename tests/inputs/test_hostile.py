"""The hostile-input corpus (tests/hostile.py): every case exits with its exact code, prints no
traceback, and a refusal (exit 2) is one line ``error: ...`` on stderr. The even cases here,
the odd ones in tests/inputs/test_hostile_odd.py (both of pytest's workers share the corpus)."""

from __future__ import annotations

from pathlib import Path

import hostile
import pytest
from hostile_run import check

pytestmark = pytest.mark.slow

CASES = hostile.cases()
MINE = CASES[0::2]


@pytest.mark.parametrize("case", MINE, ids=[c.id for c in MINE])
def test_hostile(
    case: hostile.Case,
    hostile_base: hostile.Base,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    check(case, hostile_base, tmp_path, monkeypatch, capsys)


def test_corpus_size() -> None:
    kinds = {k: sum(c.kind == k for c in CASES) for k in hostile.KINDS}
    assert sum(kinds.values()) == len(CASES) >= 300
    assert kinds["pb"] >= 130 and kinds["cfg"] >= 60 and kinds["list"] >= 40, kinds
    assert kinds["path"] >= 30 and kinds["cmd"] >= 50, kinds
