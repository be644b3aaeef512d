"""Builds end to end through the real CLI: determinism, verify exit codes, errors."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from helpers import run_cli, sample, write_words

from playbook import cli, config, model
from playbook.io import files, safe_yaml
from playbook.pipeline import build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def project(tmp_path_factory, dutch5):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("proj")
    ws = sorted(set([w for w in dutch5 if w[0] in "jquxy"] + sample(dutch5, 200, 11)))
    write_words(folder / "words.txt", ws)
    (folder / "tiny.yaml").write_text(
        "name: tiny\nwords:\n  list: words.txt\n  length: 5\n"
        "search:\n  restarts: 30\n  seed: 5\nn_jobs: 1\nrender:\n  formats: yaml,html\n"
    )
    (folder / "tiny-fast.yaml").write_text(
        "name: tiny-fast\nwords:\n  list: words.txt\n  length: 5\nprofile: fast\n"
        "search:\n  ranking: expected-size\nfast:\n  candidates: 2\n  breadth: 4\n"
    )
    return folder


def _groups(pb: model.Playbook) -> dict[str, object]:
    d = model.to_dict(pb)
    d.pop("meta")
    return d


def test_identical_for_any_jobs(project) -> None:  # type: ignore[no-untyped-def]
    cfg = config.load(project / "tiny.yaml")
    one = build.build(cfg, n_jobs=1).playbook
    two = build.build(cfg, n_jobs=2).playbook
    assert _groups(one) == _groups(two)
    assert build.build(cfg, n_jobs=2).playbook.groups == two.groups


@pytest.mark.slow
def test_cli_build_verify_show(project) -> None:  # type: ignore[no-untyped-def]
    r = run_cli("build", "tiny.yaml", "--out", "out", "--letters", "j,q,x", cwd=project)
    assert r.returncode == 0, r.stderr
    assert "verified" in r.stdout
    # the summary fits 80 columns, its totals agree with its rows, and the files written
    # are listed with their sizes; a log (not a terminal) gets plain progress lines
    table = [ln for ln in r.stdout.splitlines() if re.match(r" (letter|[jqx]|all) ", ln)]
    assert len(table) == 5 and all(len(ln) <= 80 for ln in table), table
    # a build of some letters has its own file name: it never replaces the whole playbook
    assert re.search(r"playbook-jqx\.yaml  \(\d+ kB\)", r.stdout)
    assert "next:" in r.stdout and "playbook play tiny --playbook" in r.stdout
    assert re.search(r"^\[ *[0-9.]+ s\] pairs \d+/\d+", r.stderr, re.MULTILINE), r.stderr
    part_path = project / "out" / "tiny" / "playbook-jqx.yaml"
    data = yaml.safe_load(part_path.read_text())
    assert sorted(data["groups"]) == ["j", "q", "x"]
    # verify checks a partial playbook as one; claimed whole, the groups not built fail
    r = run_cli("verify", str(part_path), cwd=project)
    assert r.returncode == 0 and "groups j, q, x only" in r.stdout, r.stdout
    whole = project / "out" / "whole-claim.yaml"
    whole.write_text(part_path.read_text().replace("letters: jqx", "letters: all"))
    r = run_cli("verify", str(whole), cwd=project)
    assert r.returncode == 1
    assert "has no plan for group 'u'" in r.stdout
    r = run_cli("build", "tiny.yaml", "--out", "out", cwd=project)
    assert r.returncode == 0, r.stderr
    pb_path = project / "out" / "tiny" / "playbook.yaml"
    full = pb_path.read_bytes()
    again = run_cli("build", "tiny.yaml", "--out", "out", "--letters", "q", cwd=project)
    assert again.returncode == 0 and "playbook-q.yaml" in again.stdout, again.stderr
    assert pb_path.read_bytes() == full and part_path.exists()
    r = run_cli("verify", str(pb_path), cwd=project)
    assert r.returncode == 0, r.stdout
    assert "OK: all" in r.stdout
    r = run_cli("show", str(pb_path), "--letter", "j", cwd=project)
    assert r.returncode == 0 and "openings" in r.stdout
    # tamper: remove one word from a try list -> exit 1 naming the word
    text = pb_path.read_text()
    data = yaml.safe_load(text)
    row = next(
        r
        for g in data["groups"].values()
        for r in g.get("table", [])
        if isinstance(r.get("try"), list) and len(r["try"]) >= 2
    )
    lost = row["try"].pop()
    bad = project / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    r = run_cli("verify", str(bad), cwd=project)
    assert r.returncode == 1
    assert f" {lost}: not among the words to try" in r.stdout


def test_fast_profile_beats_simple(project) -> None:  # type: ignore[no-untyped-def]
    simple = build.build(config.load(project / "tiny.yaml"), n_jobs=1)
    fast = build.build(config.load(project / "tiny-fast.yaml"), n_jobs=1)
    assert simple.report.ok and fast.report.ok
    assert fast.playbook.stats is not None and simple.playbook.stats is not None
    assert fast.playbook.stats.average < simple.playbook.stats.average
    assert all(len(g.openings) <= 1 for g in fast.playbook.groups)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["build", "nope.yaml"], 2, "nope.yaml: config file not found"),
        (["build", "tiny.yaml", "--letters", "7"], 2, "--letters: no group '7' in this list"),
        (["build", "tiny.yaml", "--letters", ",,,"], 2, "--letters: no group named"),
        # with workers started early: the same one line, nothing from them
        (["build", "tiny.yaml", "--letters", "7", "--jobs", "2"], 2, "no group '7' in this list"),
        (["build", "tiny.yaml", "--jobs", "0"], 2, "--jobs: expected a number of workers from 1"),
        (["verify", "missing.yaml"], 2, "missing.yaml: playbook file not found"),
        (["verify", "tiny.yaml"], 2, "tiny.yaml: playbook: this is a config, not a playbook"),
        (["build", "tiny.yaml", "--out", "tiny.yaml"], 2, "--out: "),
        # a dead scheduler (a 10 s wait): the hostile corpus's build-scheduler-dead
        (["simulate", "tiny.yaml", "--games", "-3"], 2, "--games: expected a whole number"),
        (["show", "missing.yaml"], 2, "playbook file not found"),
        (["frobnicate"], 2, "invalid choice"),
    ],
)
def test_cli_errors(project, args: list[str], code: int, message: str) -> None:  # type: ignore[no-untyped-def]
    r = run_cli(*args, cwd=project)
    assert r.returncode == code, r.stderr
    assert message in r.stderr + r.stdout, r.stderr
    assert "Traceback" not in r.stderr and "Warning" not in r.stderr, r.stderr


def test_every_command_has_help() -> None:
    commands = cli.command_parsers()
    assert set(commands) >= {"build", "verify", "render", "show", "play", "simulate", "lists"}
    for name, sp in commands.items():
        assert sp.description, name
        assert sp.format_help()


def test_paper_playbook_verifies_against_todays_list() -> None:
    r = run_cli(
        "verify", "config/lingo-1994-paper.yaml", "--quiet", cwd=Path(__file__).resolve().parents[2]
    )
    # the paper's openings do not guarantee every word of today's list
    assert r.returncode == 1
    assert "FAIL k " in r.stdout
    assert "'letse' is not a word" in r.stdout  # stere is a word of the list (stère)


@pytest.mark.slow
def test_default_build_proves_every_group(tmp_path: Path) -> None:
    # under the TV rules a triple leaves at most 2 words of c, and none does for l
    args = ["build", "lingo-nl-5-tv-all", "--letters", "c,l", "--formats", "yaml", "--out", "out"]
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    pb = model.load(tmp_path / "out" / "lingo-nl-5-tv-all" / "playbook-cl.yaml")
    c, l_ = pb.group("c"), pb.group("l")
    assert c.method == "exhaustive" and c.proven and not c.proven_none and c.largest <= 2
    assert c.notes["exhaustive_triples"]["exists"] is True
    assert l_.proven and l_.proven_none and l_.method == "hill-climbing" and l_.largest > 2
    assert "(proven by exhaustive search): l" in r.stdout
    assert "found by a heuristic search" not in r.stdout
    # a log gets a line per letter as its triple search ends
    assert re.search(r"triples \d+/\d+ \(c: .* \(largest set 2, proven best\)", r.stderr)
    assert re.search(r"triples \d+/\d+ \(l: no three openings leave at most 2", r.stderr)
    # the paper's method: hill-climbing, nothing proven about l
    r2 = run_cli(*args[:-1], "out2", "--search-depth", "2", cwd=tmp_path)
    assert r2.returncode == 0, r2.stderr
    l2 = model.load(tmp_path / "out2" / "lingo-nl-5-tv-all" / "playbook-cl.yaml").group("l")
    assert not l2.proven and "exhaustive_triples" not in l2.notes


@pytest.mark.slow
def test_partial_build_and_verify_agree(project) -> None:  # type: ignore[no-untyped-def]
    r = run_cli("build", "tiny.yaml", "--letters", "qxj", "--formats", "yaml", "--out", "part",
                cwd=project)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "every word of j, q, x found within 5 turns (a partial playbook" in r.stdout
    v = run_cli("verify", "part/tiny/playbook-jqx.yaml", cwd=project)
    assert v.returncode == 0, v.stdout
    assert "a partial playbook (build --letters): groups j, q, x only" in v.stdout
    bad_out = run_cli(
        "render", "part/tiny/playbook-jqx.yaml", "-o", "/proc/none/x.html", cwd=project
    )
    assert bad_out.returncode == 2 and "-o: cannot write in /proc/none" in bad_out.stderr
    assert "Traceback" not in bad_out.stderr
    # the summary it records is checked: a tampered one is named with what differs
    path = project / "part" / "tiny" / "playbook-jqx.yaml"
    data = yaml.safe_load(path.read_text())
    data["summary"]["failures"] = 3
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    bad = run_cli("verify", str(path), cwd=project)
    assert bad.returncode == 1
    assert "PROBLEM summary: recorded failures 3 but replay gives 0\n" in bad.stdout, bad.stdout


@pytest.mark.slow
def test_simulate_follows_the_playbook_only(project) -> None:  # type: ignore[no-untyped-def]
    # a row taken out of the table: verify fails those words, and simulate loses them too
    r = run_cli("build", "tiny.yaml", "--letters", "j", "--formats", "yaml", "--out", "sim",
                cwd=project)  # fmt: skip
    assert r.returncode == 0, r.stderr
    path = project / "sim" / "tiny" / "playbook-j.yaml"
    data = yaml.safe_load(path.read_text())
    rows = data["groups"]["j"]["table"]
    gone = max(rows, key=lambda row: row["words"])
    rows.remove(gone)
    broken = project / "sim" / "broken.yaml"
    broken.write_text(yaml.safe_dump(data, sort_keys=False))
    v = run_cli("verify", str(broken), cwd=project)
    assert v.returncode == 1
    failed = int(re.search(r"FAILED: (\d+) words not found", v.stdout).group(1))  # type: ignore[union-attr]
    assert failed == gone["words"]
    s = run_cli("simulate", "tiny.yaml", "--playbook", str(broken), "--letters", "j", cwd=project)
    assert s.returncode == 1, s.stdout
    assert f"losses {failed}" in s.stdout, s.stdout
    assert "left the playbook (it has no move there): lost" in s.stdout


@pytest.mark.slow
def test_two_builds_into_one_folder(project) -> None:  # type: ignore[no-untyped-def]
    # while one build holds the folder (here: this process), another is refused in one line
    # before any work, and nothing of the first one's is touched
    folder = project / "twice" / "tiny"
    folder.mkdir(parents=True)
    (folder / "playbook.yaml").write_text("the first build's\n")
    with files.locked(folder):
        second = run_cli("build", "tiny.yaml", "--formats", "yaml", "--out", "twice", cwd=project)
    assert second.returncode == 2
    assert f"another build (process {os.getpid()}) is writing in" in second.stderr
    assert len(second.stderr.strip().splitlines()) == 1, second.stderr
    assert (folder / "playbook.yaml").read_text() == "the first build's\n"
    # once it is free, a build goes ahead
    third = run_cli("build", "tiny.yaml", "--formats", "yaml", "--out", "twice", cwd=project)
    assert third.returncode == 0, third.stderr


def test_groups_too_large_for_the_triple_search_say_so(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from playbook.search import openings

    monkeypatch.setattr(openings, "TRIPLE_MEMORY", 1000)
    cfg = config.load(ROOT / "config" / "lingo-nl-5-tv-all.yaml")
    c = build.build(cfg, letters=("c",), n_jobs=1).playbook.group("c")
    assert c.method == "hill-climbing" and not c.proven
    assert "hill-climbing instead" in c.notes["exhaustive_triples"]["skipped"]


@pytest.fixture(scope="module")
def hostile(project):  # type: ignore[no-untyped-def]
    """Files that must be refused without being read in full or built: a FIFO nobody writes,
    a device, YAML nested 60,000 deep, an alias bomb."""
    os.mkfifo(project / "fifo")
    base = (project / "tiny.yaml").read_text()
    (project / "fifo-list.yaml").write_text(base.replace("list: words.txt", "list: fifo"))
    (project / "zero-list.yaml").write_text(base.replace("list: words.txt", "list: /dev/zero"))
    (project / "deep.yaml").write_text("a: " + "[" * 60000 + "]" * 60000 + "\n")
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 30)]
    lines.append("playbook: 1\nname: bomb\ngame: *a29\nwords: {}\ngroups: {}")
    (project / "bomb.yaml").write_text("\n".join(lines) + "\n")
    (project / "aliases.yaml").write_text("a: &a x\nb: [" + ", ".join(["*a"] * 101) + "]\n")
    return project


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["verify", "fifo"], "fifo: not a regular file"),
        (["build", "fifo"], "fifo: not a regular file"),
        (["build", "fifo-list.yaml"], "key 'words.list': fifo: not a regular file"),
        (["build", "zero-list.yaml"], "key 'words.list': /dev/zero: not a regular file"),
        # who refuses 60,000 levels first, libyaml or our own limit of 64, and in which words,
        # depends on the YAML library: what matters is the file and the line, in one line
        (["verify", "deep.yaml"], re.compile(r"^error: deep\.yaml:1: ")),
        (["build", "deep.yaml"], re.compile(r"^error: deep\.yaml:1: ")),
        (["verify", "bomb.yaml"], "bomb.yaml:7: YAML aliases (*name) that expand to more than"),
        (["build", "bomb.yaml"], "bomb.yaml:7: YAML aliases (*name) that expand to more than"),
        (["verify", "aliases.yaml"], "aliases.yaml:2: more than 100 YAML aliases"),
    ],
)
@pytest.mark.slow
def test_hostile_files_are_refused_in_one_line(
    hostile: Path, args: list[str], message: str | re.Pattern[str]
) -> None:
    before = _tree(hostile)
    r = run_cli(*args, cwd=hostile)
    assert r.returncode == 2, r.stderr
    assert r.stdout == "" and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    if isinstance(message, str):
        assert message in lines[0], r.stderr
    else:
        assert message.search(lines[0]), r.stderr
    assert _tree(hostile) == before  # nothing written


def _tree(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    return {
        str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
        for p in folder.rglob("*")
    }


@pytest.mark.parametrize(
    ("exc", "text", "want"),
    [
        # the library's mark
        (
            yaml.MarkedYAMLError(
                problem="found x", problem_mark=yaml.Mark("", 0, 2, 0, None, None)
            ),
            "a\nb\nc\n",
            "f.yaml:3: not valid YAML (found x)",
        ),
        # a mark only for the context
        (
            yaml.MarkedYAMLError(context="in y", context_mark=yaml.Mark("", 0, 1, 0, None, None)),
            "a\nb\n",
            "f.yaml:2: not valid YAML (",
        ),
        # the reader's position, no mark
        (
            yaml.reader.ReaderError("f", 4, 0, "utf-8", "special characters are not allowed"),
            "ab\ncd\x00",
            "f.yaml:2: not valid YAML (special characters are not allowed)",
        ),
        # no mark, no position, a reason over two lines: the line the parser reached
        (yaml.YAMLError("something\nelse"), "a: 1\n", "f.yaml:1: not valid YAML (something else)"),
    ],
)
def test_any_yaml_refusal_is_one_line_with_file_and_line(
    exc: yaml.YAMLError, text: str, want: str
) -> None:
    got = safe_yaml.yaml_refusal(exc, text, "f.yaml")
    assert got.startswith(want) and "\n" not in got


def test_a_build_ends_with_the_card_to_print_and_the_page_to_open() -> None:
    # a contestant's material first, then the commands (issue 28, item 6)
    from playbook.cli.commands import next_steps
    from playbook.games import WordGame
    from playbook.model import GroupPlan, Playbook

    pb = Playbook(
        name="lingo-nl-5-tv-all",
        game=WordGame(),
        words={},
        groups=(GroupPlan("k", ("kante",), None),),
    )
    out = Path("output/lingo-nl-5-tv-all")
    names = ["playbook.yaml", "playbook.pdf", "playbook-card.pdf", "playbook-play.html"]
    lines = next_steps([out / n for n in names], pb)
    assert lines[0].startswith("  print the card") and lines[0].endswith("playbook-card.pdf")
    assert lines[1].startswith("  open on a phone") and lines[1].endswith("playbook-play.html")
    assert lines[2:] == [
        f"  playbook show {out / 'playbook.yaml'} --letter k",
        f"  playbook play lingo-nl-5-tv-all --playbook {out / 'playbook.yaml'} --letter k",
    ]
    # a build without the card and the page names only what it wrote
    assert next_steps([out / "playbook.yaml"], pb) == lines[2:]


@pytest.mark.slow
def test_a_plan_built_beside_another_of_its_list_under_other_rules(
    tmp_path: Path, dutch5: list[str]
) -> None:
    """Two builds of one list under other rules into one folder (the English free-guess plan,
    then the TV plan): the second's card sets the first beside it in a column, and its page
    plays its own plan alone (a build once handed the first to the page as a tab without its
    lists, and the build failed writing the page)."""
    write_words(tmp_path / "words.txt", sorted(w for w in dutch5 if w[0] in "qxy"))
    common = "words:\n  list: words.txt\n  length: 5\nsearch:\n  restarts: 4\nn_jobs: 1\n"
    formats = "render:\n  formats: yaml,card,page\n"
    (tmp_path / "free.yaml").write_text("name: free\n" + common + formats)
    tv = "rules:\n  guess_pool: revealed\n"
    (tmp_path / "tv.yaml").write_text("name: tv\n" + common + tv + formats)
    out = tmp_path / "out"
    for name in ("free", "tv"):
        r = run_cli("build", f"{name}.yaml", "--out", "out", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    page = (out / "tv" / "playbook-play.html").read_text(encoding="utf-8")
    assert '"name": "free"' not in page and '"name":"free"' not in page
    from pypdf import PdfReader

    card = "".join(p.extract_text() for p in PdfReader(out / "tv" / "playbook-card.pdf").pages)
    assert "free · average" in card and "tv · average" in card  # a column each
