"""scripts/wordle_root_bounds.py: what it resumes from, and its bad arguments."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "wordle_root_bounds.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wordle_root_bounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_run_resumes_from_the_whole_lines_written(tmp_path: Path) -> None:
    mod = _script()
    out = tmp_path / "bounds.jsonl"
    assert mod._done(out) == {}
    recs = [{"row": 3, "guess": "abcde", "bound": 8000}, {"row": 7, "guess": "fghij", "bound": 7}]
    out.write_text("".join(json.dumps(r) + "\n" for r in recs) + '{"row": 9, "gue')
    assert mod._done(out) == {3: recs[0], 7: recs[1]}  # the line cut short is done again


def test_bad_arguments_stop_before_any_work(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    mod = _script()
    for argv in (["--jobs", "0"], ["--cutoff", "0"], ["--limit", "-1"]):
        assert mod.main([*argv, "--out", str(tmp_path / "x.jsonl")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: --jobs") and err.count("\n") == 1
    assert not (tmp_path / "x.jsonl").exists()
