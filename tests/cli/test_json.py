"""``--json`` on every command that prints results (issue 48, item 5): each prints one JSON
document with the keys its schema documents (docs/guide/json.md), and nothing else on
standard output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

from playbook.cli.parser import parsers

ROOT = Path(__file__).resolve().parents[2]
PAPER = str(ROOT / "config" / "lingo-1994-paper.yaml")

INTERACTIVE = {"play", "completion"}
"""Commands that print no results: the interactive assistant, and a shell script (its own
format)."""


def test_every_command_that_prints_results_takes_json() -> None:
    _, commands = parsers()
    lacking = sorted(
        name
        for name, p in commands.items()
        if name not in INTERACTIVE and "--json" not in p._option_string_actions
    )
    assert lacking == []


def _json(*args: str, cwd: Path, code: int = 0) -> dict:  # type: ignore[type-arg]
    r = run_cli(*args, "--json", cwd=cwd)
    assert r.returncode == code, r.stderr
    return json.loads(r.stdout)  # the whole of standard output: one document


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("json")
    (folder / "w.txt").write_text("kabel\nkamer\nkanon\nkater\nlepel\nlaken\n")
    (folder / "c.yaml").write_text(
        "name: t\ngame: lingo\nwords:\n  list: w.txt\nrender:\n  formats: yaml\n"
    )
    done = _json("build", "c.yaml", "--out", "o", cwd=folder)
    assert set(done) >= {"playbook", "verdict", "exit_code", "overall", "groups", "files"}
    assert done["overall"]["words"] == 6 and done["files"][0]["path"].endswith("playbook.yaml")
    return folder


def test_verify_show_render_simulate(built: Path) -> None:
    pb = "o/t/playbook.yaml"
    v = _json("verify", pb, cwd=built)
    assert v["ok"] is True and v["exit_code"] == 0 and v["overall"]["words"] == 6
    assert v["not_found"] == [] and set(v["groups"]) == {"k", "l"}
    shown = _json("show", pb, "--letter", "l", cwd=built)
    assert shown["name"] == "t" and list(shown["groups"]) == ["l"]
    assert set(_json("show", pb, cwd=built)["groups"]) == {"k", "l"}
    r = _json("render", pb, "--format", "md", "-o", "t.md", cwd=built)
    assert r["file"].endswith("t.md") and (built / "t.md").is_file()
    sim = _json("simulate", "c.yaml", "--playbook", pb, "--show", cwd=built)
    assert sim["games"] == 6 and sim["losses"] == 0 and len(sim["played"]) == 6
    assert all(m[1] == "ooooo" for g in sim["played"] for m in g["moves"][-1:])


def test_a_playbook_that_fails_says_so_in_json_too(tmp_path: Path) -> None:
    v = _json("verify", PAPER, cwd=tmp_path, code=1)
    assert v["ok"] is False and v["not_found"] and v["verdict"].startswith("FAILED")
    assert {"group", "word", "reason", "path", "declared"} <= set(v["not_found"][0])


def test_lists_mistakes_and_the_figures(tmp_path: Path) -> None:
    lists = _json("lists", cwd=tmp_path)
    assert {"opentaal-nl", "wordle-answers"} <= {x["name"] for x in lists["lists"]}
    assert "lingo-nl-5-tv" in lists["configs"]
    assert [p["name"] for p in lists["plans"]][:2] == ["lingo-nl-5-tv", "lingo-nl-5"]
    assert all(len(p["sha256"]) == 64 and p["title"] for p in lists["plans"])
    m = _json("mistakes", "hangman-en", "tree", "--strategy", "most", cwd=tmp_path)
    assert m["word"] == "tree" and m["mistakes"] >= 0
    st = _json("strategy", "mastermind-3x2", "--rule", "scm", cwd=tmp_path)
    assert sum(st["distribution"].values()) == 8
