"""Hostile inputs on the newest surfaces (issue 58): the scripts' arguments and results files
checked before any work, the End Game's plans and cost, plans that cannot stand beside one
another, an answer model on a game of codes, names shown escaped. Each case one line on
standard error and exit 2, or done right."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import run_cli, run_script


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def test_likely_words_checks_its_results_file_before_any_build(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    r = run_script("likely_words.py", ["--configs", "lingo-nl-5-tv", "--json", "folder"], tmp_path)
    assert r.returncode == 2 and "--json: folder is a folder" in _one_line(r.stderr)
    (tmp_path / "old.json").write_text('{"runs": []}\n')
    r = run_script(
        "likely_words.py", ["--configs", "lingo-nl-5-tv", "--json", "old.json"], tmp_path
    )
    assert r.returncode == 2 and "holds an earlier result; give --force" in _one_line(r.stderr)
    assert (tmp_path / "old.json").read_text() == '{"runs": []}\n'
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())


@pytest.mark.parametrize("text", ["{}", '{"runs": [{"config": "x"}]}', '{"runs": "abc"}'])
def test_likely_words_table_of_a_file_of_another_kind_is_one_line(
    tmp_path: Path, text: str
) -> None:
    (tmp_path / "r.json").write_text(text)
    r = run_script("likely_words.py", ["--table", "--json", "r.json"], tmp_path)
    assert r.returncode == 2 and _one_line(r.stderr).startswith("error: ")


def test_likely_words_adds_only_to_a_results_file_of_its_own_kind(tmp_path: Path) -> None:
    """``--add`` keeps the other configs' runs: it reads the results file first, and one of
    another kind is refused in one line before any build."""
    (tmp_path / "r.json").write_text('{"runs": "abc"}')
    args = ["--configs", "lingo-en-5", "--json", "r.json", "--add", "--out", "o"]
    r = run_script("likely_words.py", args, tmp_path)
    assert r.returncode == 2 and "--add: r.json: not the results of likely_words.py" in r.stderr
    assert not (tmp_path / "o" / "lingo-en-5").exists()


@pytest.mark.parametrize(
    ("args", "env", "says"),
    [
        (["--configs", "nosuch"], {}, "--configs: 'nosuch' is not a config of config/"),
        (["--configs", "lingo-nl-5-tv@abc"], {}, "a Zipf threshold from 0 to 8 after @"),
        (["--configs", "lingo-nl-5-tv@99"], {}, "a Zipf threshold from 0 to 8 after @"),
        (["--configs", "lingo-nl-5"], {"PLAYBOOK_CORES": "x"}, "PLAYBOOK_CORES='x'"),
        (["--configs", "lingo-nl-5"], {}, "holds an earlier result; give --force"),
    ],
)  # fmt: skip
def test_frontier_checks_every_argument_before_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], env: dict[str, str], says: str
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    r = run_script("frontier.py", args, tmp_path)
    assert r.returncode == 2 and says in _one_line(r.stderr), r.stderr


def test_the_end_game_refuses_seven_plans_a_partial_plan_and_a_clock_too_long(
    tmp_path: Path,
) -> None:
    r = run_cli("endgame", *["lingo-en-4"] * 7, cwd=tmp_path)
    assert r.returncode == 2 and "7 plans given; the End Game takes one to six" in r.stderr
    r = run_cli("endgame", *["lingo-en-4"] * 6, "--seconds", "3600", "--line", "1", cwd=tmp_path)
    assert r.returncode == 2 and "use fewer plans or a shorter clock" in _one_line(r.stderr)
    words = "kabel\nkamer\nkanon\nkater\nlepel\nlaken\nlater\nladen\n"
    (tmp_path / "w.txt").write_text(words)
    (tmp_path / "c.yaml").write_text(
        "name: t\ngame: lingo\nwords:\n  list: w.txt\nrender:\n  formats: yaml\n"
    )
    built = run_cli("build", "c.yaml", "--out", "o", "--letters", "k", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    path = next((tmp_path / "o").glob("*/playbook-*.yaml"))  # a partial build: playbook-k
    r = run_cli("endgame", str(path), cwd=tmp_path)
    assert r.returncode == 2 and "a plan for some letters only (k)" in _one_line(r.stderr)


def test_an_answer_model_on_a_game_of_codes_is_refused(tmp_path: Path) -> None:
    (tmp_path / "m.yaml").write_text("name: m\ngame: mastermind\nwords:\n  answer_model: common\n")
    r = run_cli("build", "m.yaml", "--out", "o", cwd=tmp_path)
    assert r.returncode == 2
    assert _one_line(r.stderr) == (
        "error: m.yaml:4: key 'words.answer_model': mastermind plays codes, not words of a "
        "list: an answer model, word chances and likely orders do not apply (leave "
        "words.answer_model: all)"
    )


@pytest.mark.parametrize(
    ("fmt", "other", "says"),
    [
        ("card", "lingo-nl-5-tv", "is not lingo-en-5's word list under other rules"),
        ("card", "mastermind-4x6", "is not lingo-en-5's word list under other rules"),
        ("page", "lingo-nl-5-tv", "is another game or language than lingo-en-5"),
        ("page", "wordle", "is another game or language than lingo-en-5"),
    ],
)
def test_plans_that_cannot_stand_beside_one_another_are_refused(
    tmp_path: Path, fmt: str, other: str, says: str
) -> None:
    r = run_cli("render", "lingo-en-5", "--format", fmt, "--with", other, "-o", "x", cwd=tmp_path)
    assert r.returncode == 2 and says in _one_line(r.stderr)
    assert list(tmp_path.iterdir()) == []


def test_tabs_of_one_length_are_told_apart(tmp_path: Path) -> None:
    r = run_cli(
        "render", "lingo-en-4", "--format", "page", "--with", "lingo-en-us-4", "-o", "p.html",
        cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert 'data-plan="lingo-en-4">4 letters, British<' in page
    assert 'data-plan="lingo-en-us-4">4 letters, American<' in page


def test_a_site_name_with_escape_sequences_is_shown_escaped(tmp_path: Path) -> None:
    name = "bad\x1b[2Jname"
    r = run_cli("site", name, "--only", "wordle", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "bad\\x1b[2Jname" in r.stdout
    assert (tmp_path / name / "index.html").is_file()
    r = run_cli("site", "", cwd=tmp_path)
    assert r.returncode == 2 and "give the folder to write the site into" in r.stderr
    assert sorted(os.listdir(tmp_path)) == [name]


def test_results_tables_of_the_benchmarks_on_bad_json_are_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    (tmp_path / "bad.json").write_text(json.dumps({"plans": "x"}))
    for script in ("real_answers.py", "answer_frontier.py", "english_endgame.py"):
        r = subprocess.run(
            [sys.executable, str(root / "benchmarks" / script), "--table", "--out", "bad.json"],
            capture_output=True, text=True, cwd=tmp_path, timeout=120,
        )  # fmt: skip
        assert r.returncode == 2 and "no results to print" in _one_line(r.stderr), script


def test_a_pair_search_too_costly_is_refused_with_its_cost() -> None:
    """Issue 58, item 3: Mastermind 5x8 (32,768 codes) asks about 1.8e13 steps of the pair
    search; it is refused before it starts, naming the cost and the way out. 4x8 starts."""
    from types import SimpleNamespace

    from playbook.pipeline.units import pair_refusal

    big = SimpleNamespace(F=SimpleNamespace(shape=(32768, 32768)))
    why = pair_refusal(big)  # type: ignore[arg-type]
    assert why is not None and "about 1.8e+13 steps" in why
    assert "set search.max_openings: 1" in why
    fits = SimpleNamespace(F=SimpleNamespace(shape=(4096, 4096)))
    assert pair_refusal(fits) is None  # type: ignore[arg-type]


def test_exact_optima_keeps_an_earlier_result_without_force(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text('{"runs": []}\n')
    r = run_script("exact_optima.py", ["--configs", "lingo-nl-5", "--json", "r.json"], tmp_path)
    assert r.returncode == 2 and "holds an earlier result; give --force" in _one_line(r.stderr)
    assert (tmp_path / "r.json").read_text() == '{"runs": []}\n'
