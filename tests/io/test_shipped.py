"""Shipped plans (issue 48, item 2): the default plans come verified inside the package;
``play``, ``show``, ``render`` and ``verify`` take a plan's name where no file has it, each
read only when its bytes have the sha256 it was shipped with, and nothing is ever written
into the package."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from helpers import run_cli

from playbook import model
from playbook.cli.named import bundled_configs
from playbook.errors import PlaybookFileError
from playbook.io import shipped

EXPECTED = (
    "lingo-nl-5-tv",
    "lingo-nl-5",
    "lingo-nl-6-tv",
    "lingo-nl-7-tv",
    "lingo-en-4",
    "lingo-en-5",
    "lingo-en-6",
    "lingo-en-us-4",
    "lingo-en-us-5",
    "lingo-en-us-6",
    "wordle",
    "wordle-hard",
    "wordle-card",
    "mastermind-4x6",
    "mastermind-3x2",
)
"""The plans issue 48 names (Dutch TV and paper rules, English at ITV's lengths, Wordle), and
those of issue 55: Dutch six and seven letters under the TV rules (answers seen on SBS6), the
American cards (CBS); and of issue 57: Wordle and Mastermind played best (the proven optimal
trees), Wordle's card to learn beside them."""


def test_the_default_plans_ship_with_their_checksums() -> None:
    assert shipped.names() == EXPECTED
    on_disk = {p.name for p in shipped.folder().glob("*.yaml")}
    assert on_disk == {p.file for p in shipped.index().values()}
    for plan in shipped.index().values():
        data = (shipped.folder() / plan.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == plan.sha256, plan.name
        assert plan.name in bundled_configs()  # built from a config that ships too
        assert plan.title


@pytest.mark.slow  # whole plans verified, played or rendered: out of the fast loop
@pytest.mark.parametrize("name", EXPECTED)
def test_each_shipped_plan_verifies_as_read(name: str, tmp_path: Path) -> None:
    """What ``playbook verify NAME`` says of the installed file: every answer found in time."""
    done = run_cli("verify", name, "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    pb = model.load(str(shipped.path_of(shipped.index()[name])))
    assert pb.name == name


def _tampered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The plans' folder copied with one byte of wordle-card's plan changed, made the
    package's."""
    copy = tmp_path / "plans"
    shutil.copytree(shipped.folder(), copy)
    target = copy / "wordle-card.yaml"
    data = target.read_bytes()
    assert b"seed: 2022" in data
    target.write_bytes(data.replace(b"seed: 2022", b"seed: 2023", 1))  # still a playbook
    monkeypatch.setattr(shipped, "folder", lambda: copy)
    shipped.index.cache_clear()
    return target


def test_a_changed_plan_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = _tampered(monkeypatch, tmp_path)
    try:
        with pytest.raises(PlaybookFileError, match="does not match the sha256"):
            shipped.path_of(shipped.index()["wordle-card"])
        for argv in (["show", "wordle-card"], ["play", "wordle-card", "--moves", "rabid"]):
            done = run_cli(*argv, cwd=tmp_path)
            assert done.returncode == 2, argv
            (line,) = done.stderr.strip().splitlines()
            assert line.startswith(f"error: {target}: shipped plan 'wordle-card' does not match")
    finally:
        shipped.index.cache_clear()


def test_a_broken_index_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / shipped.INDEX).write_text('[{"name": "wordle"}]')
    monkeypatch.setattr(shipped, "folder", lambda: tmp_path)
    shipped.index.cache_clear()
    try:
        done = run_cli("show", "no-such-plan", cwd=tmp_path)
        assert done.returncode == 2
        (line,) = done.stderr.strip().splitlines()
        assert "the shipped plans' index cannot be read" in line and "reinstall" in line
    finally:
        shipped.index.cache_clear()


@pytest.mark.slow  # whole plans verified, played or rendered: out of the fast loop
def test_play_follows_the_shipped_plan_by_name(tmp_path: Path) -> None:
    """``play NAME`` plays the shipped plan as ``--playbook FILE`` does; ``--rule`` the rule."""
    path = str(shipped.path_of(shipped.index()["lingo-nl-5-tv"]))
    moves = ["play", "lingo-nl-5-tv", "--letter", "c", "--moves", "cobra o...."]
    by_name = run_cli(*moves, cwd=tmp_path)
    by_file = run_cli(*moves, "--playbook", path, cwd=tmp_path)
    assert by_name.stdout == by_file.stdout and by_name.returncode == by_file.returncode
    by_rule = run_cli(*moves, "--rule", "scm", cwd=tmp_path)
    assert by_rule.stdout != by_name.stdout  # the rule plays other words than the plan


@pytest.mark.slow  # whole plans verified, played or rendered: out of the fast loop
def test_play_says_it_follows_the_plan(tmp_path: Path) -> None:
    done = run_cli("play", "wordle", cwd=tmp_path, stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "following the shipped plan wordle (verified" in done.stdout


def test_a_bare_name_means_the_package_s_for_every_command(tmp_path: Path) -> None:
    """One rule for names (issue 58): a bare name is the shipped plan (or bundled config)
    where the package has one, for show, render, play and build alike; ./NAME is the file;
    where both exist, one line says so."""
    (tmp_path / "wordle").write_text("not a playbook\n")
    for argv in (["show", "wordle"], ["play", "wordle", "--moves", "salet ....."]):
        done = run_cli(*argv, cwd=tmp_path)
        assert "note: wordle is the shipped plan of that name; ./wordle means the file" in (
            done.stderr
        ), argv
        assert "salet" in done.stdout or done.stdout.startswith("wordle: 2315 words"), argv
    done = run_cli("show", "./wordle", cwd=tmp_path)
    assert done.returncode == 2 and "./wordle" in done.stderr
    typo = run_cli("show", "wordel", cwd=tmp_path)
    assert typo.returncode == 2
    assert typo.stderr.strip() == (
        "error: wordel: playbook file not found, and no shipped plan has that name; did you "
        "mean wordle? (playbook lists names them all)"
    )


def test_a_folder_of_that_name_does_not_hide_the_plan(tmp_path: Path) -> None:
    (tmp_path / "wordle").mkdir()
    shown = run_cli("show", "wordle", cwd=tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith("wordle: 2315 words")
    site = run_cli("site", "out", "--only", "wordle", cwd=tmp_path)
    assert site.returncode == 0, site.stderr
    assert "1 plan's page" in site.stdout and (tmp_path / "out" / "wordle.html").is_file()


@pytest.mark.slow  # whole plans verified, played or rendered: out of the fast loop
def test_render_writes_here_never_into_the_package(tmp_path: Path) -> None:
    before = sorted(p.name for p in shipped.folder().iterdir())
    done = run_cli("render", "lingo-en-5", "--format", "page", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    page = tmp_path / "lingo-en-5-play.html"
    assert page.is_file() and b"playbook-data" in page.read_bytes()
    assert sorted(p.name for p in shipped.folder().iterdir()) == before
    shown = run_cli("show", "lingo-nl-5-tv", "--letter", "c", cwd=tmp_path)
    assert shown.returncode == 0 and "c" in shown.stdout


def test_an_unknown_name_says_no_such_file_and_names_the_plans(tmp_path: Path) -> None:
    done = run_cli("show", "wordl", cwd=tmp_path)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line == (
        "error: wordl: playbook file not found, and no shipped plan has that name; "
        "did you mean wordle? (playbook lists names them all)"
    )
    done = run_cli("show", "qqq", cwd=tmp_path)  # nothing close: every shipped name
    (line,) = done.stderr.strip().splitlines()
    assert line.endswith("no shipped plan has that name; " + ", ".join(EXPECTED))
    done = run_cli("show", "missing.yaml", cwd=tmp_path)  # a file's name: the file's error
    assert done.stderr.strip() == "error: missing.yaml: playbook file not found"


@pytest.mark.slow  # whole plans verified, played or rendered: out of the fast loop
def test_site_writes_the_shipped_plans(tmp_path: Path) -> None:
    """``playbook site DIR``: every shipped plan's page beside the index, manifest and
    worker (what a phone installs: tests/render/test_site.py opens such a site offline)."""
    done = run_cli("site", "site", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = json.loads(done.stdout)["files"]
    paged = [n for n in EXPECTED if not n.startswith("mastermind")]  # Mastermind: no page
    assert {f"{n}.html" for n in paged} <= set(written)
    assert not {f"{n}.html" for n in EXPECTED} - {f"{n}.html" for n in paged} & set(written)
    assert {"index.html", "manifest.webmanifest", "sw.js"} <= set(written)
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == sorted(written)
    index = (tmp_path / "site" / "index.html").read_text()
    assert all(f'href="{n}.html"' in index for n in paged)
    # each link names its own page: plans of one game and length told apart by what differs
    # (language, spelling, rules, kind): a screen reader's list of links read two alike
    links = re.findall(r'<h2><a href="([^"]+)">([^<]+)</a>', index)
    assert len(links) == len(paged) and len({text for _, text in links}) == len(links)
    assert ("lingo-nl-5-tv.html", "Lingo, 5 letters, Dutch, TV rules") in links
    assert ("lingo-nl-5.html", "Lingo, 5 letters, Dutch, paper rules") in links
    assert ("lingo-en-5.html", "Lingo, 5 letters, English, British") in links
    assert ("lingo-en-us-5.html", "Lingo, 5 letters, English, American") in links
    assert ("wordle.html", "Wordle, 5 letters, best play") in links
    assert ("wordle-card.html", "Wordle, 5 letters, card to learn") in links
    assert ("wordle-hard.html", "Wordle, 5 letters, hard mode") in links
    worker = (tmp_path / "site" / "sw.js").read_text()
    assert all(f"{n}.html" in worker for n in paged)


def test_site_refuses_what_is_not_shipped(tmp_path: Path) -> None:
    done = run_cli("site", "out", "--only", "wordle,lingo-nl-9", cwd=tmp_path)
    assert done.returncode == 2 and not (tmp_path / "out").exists()
    (line,) = done.stderr.strip().splitlines()
    assert line == (
        "error: --only: lingo-nl-9 is not a shipped plan; shipped: " + ", ".join(EXPECTED)
    )


@pytest.mark.slow  # three builds in processes of their own (about 30 s)
def test_shipped_plans_come_out_the_same_when_built_again(tmp_path: Path) -> None:
    """Issue 58, item 5: a shipped plan rebuilt from its config is the shipped file, all but
    its date and version (``scripts/ship_plans.py --rebuild``); Wordle's tree too, its exact
    search and its widening (issue 57) alike; a name not shipped is refused before any
    build."""
    from helpers import run_script

    names = ("mastermind-3x2", "lingo-en-5", "wordle")
    r = run_script("ship_plans.py", ["--rebuild", ",".join(names)], tmp_path)
    assert r.returncode == 0, r.stderr
    assert all(f"{name}: the same" in r.stdout for name in names), r.stdout
    r = run_script("ship_plans.py", ["--rebuild", "lingo-xx"], tmp_path)
    assert r.returncode == 2 and "'lingo-xx' is not shipped" in r.stderr


def test_two_plans_differ_only_where_a_build_may_differ() -> None:
    import runpy

    ship = runpy.run_path(str(Path(__file__).resolve().parents[2] / "scripts" / "ship_plans.py"))
    text = shipped.path_of(shipped.index()["mastermind-3x2"]).read_text(encoding="utf-8")
    assert ship["same_plan"](text, text.replace("created: '2026", "created: '2027")) == []
    changed = text.replace("average: 2.25", "average: 2.5", 1)
    assert changed != text and ship["same_plan"](text, changed) == ["summary"]
