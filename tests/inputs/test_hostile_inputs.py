"""Hostile inputs on the surfaces issue 45 names that the corpus had not: each one line and
its exit code, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli, run_script

from playbook.games import Hangman

pytestmark = pytest.mark.slow  # processes, builds or Node: out of the fast loop

TINY = (
    "name: t\ngame: lingo\nwords:\n  list: w.txt\nrules:\n  turns: {turns}\n"
    "render:\n  formats: yaml\n"
)
WORDS = "kabel\nkamer\nkanon\nkater\nlepel\nlaken\n"


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in process (what is hostile here is the input, not the process)."""
    return run_cli(*args, cwd=cwd)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "w.txt").write_text(WORDS)
    (folder / "c.yaml").write_text(TINY.format(turns=1))
    r = _run(["build", "c.yaml", "--out", "out"], folder)
    assert r.returncode == 0, r.stderr
    return folder


def test_turns_no_plan_can_meet_build_a_playbook_that_passes_its_own_verify(built: Path) -> None:
    r = _run(["verify", "out/t/playbook.yaml"], built)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "words found within 1 turn;" in r.stdout  # one turn, not "1 turns"


def test_show_with_standard_output_closed_is_one_line(built: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "playbook", "show", "out/t/playbook.yaml"],
        cwd=built, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600,
        preexec_fn=lambda: __import__("os").close(1),
    )  # fmt: skip
    assert (
        r.returncode == 2
        and r.stderr == "error: standard output is closed: nothing could be printed\n"
    )


def test_an_out_folder_in_a_loop_of_links_is_one_line(built: Path) -> None:
    (built / "loop1").symlink_to(built / "loop2")
    (built / "loop2").symlink_to(built / "loop1")
    r = _run(["build", "c.yaml", "--out", "loop1/x"], built)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert (
        r.stderr
        == "error: --out: loop1/x: a loop of symbolic links; give a folder that can be reached\n"
    )


@pytest.mark.parametrize("text", ["1_2", "١", "+3", "2,,x"])
def test_hangman_positions_are_digits_only(text: str) -> None:
    with pytest.raises(ValueError, match="write positions like 2,5 or - for a miss"):
        Hangman().parse(text)
    assert Hangman().parse("1,2") == 3


@pytest.mark.parametrize("triples", [{"exists": False}, {"exists": False, "target": {"a": 1}}])
def test_triple_notes_without_a_whole_target_render_and_show(built: Path, triples: dict) -> None:  # type: ignore[type-arg]
    import yaml

    data = yaml.safe_load((built / "out" / "t" / "playbook.yaml").read_text())
    for g in data["groups"].values():
        g.setdefault("notes", {})["exhaustive_triples"] = triples
    (built / "odd.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    for args in (
        ["render", "odd.yaml", "--format", "html", "-o", "odd.html"],
        ["show", "odd.yaml"],
    ):
        r = _run(args, built)
        assert "Traceback" not in r.stderr and r.returncode in (0, 2), r.stderr


def test_a_folder_named_like_a_bundled_config_does_not_hide_it(tmp_path: Path) -> None:
    """After ``build --out .`` the working folder holds a folder named like the config: the
    ``next:`` commands the build printed name the bundled config, and still work."""
    (tmp_path / "mastermind-3x2").mkdir()
    r = _run(["strategy", "mastermind-3x2", "--rule", "scm"], tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("rule scm: first guess"), r.stderr


def test_the_next_commands_stay_one_line_each_whatever_the_folder(tmp_path: Path) -> None:
    from playbook.cli.commands import next_steps
    from playbook.games import WordGame
    from playbook.model import GroupPlan, Playbook

    pb = Playbook(name="x", game=WordGame(), words={}, groups=(GroupPlan("k", ("kante",), None),))
    for folder in ("out/a b", "out/a\nb", "out/it's"):
        lines = next_steps([Path(folder) / "playbook.yaml", Path(folder) / "p-card.pdf"], pb)
        assert all("\n" not in line for line in lines) and len(lines) == 3, lines
    assert next_steps([Path("out/a\nb/playbook.yaml")], pb)[0] == (
        "  playbook show $'out/a\\x0ab/playbook.yaml' --letter k"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"runs": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"runs": ' + "9" * 5000 + "}", "a number too long"),
        ("{not json", "not JSON"),
        ('{"runs": 3}', "not the results of exact_optima.py"),
    ],
)
def test_a_results_file_of_hostile_json_is_one_line(tmp_path: Path, text: str, says: str) -> None:
    """Issue 45, item 3: a JSON file a script reads (exact_optima.py --table --json) with
    limits: one line and exit 2, never a traceback."""
    (tmp_path / "r.json").write_text(text)
    r = run_script("exact_optima.py", ["--table", "--json", str(tmp_path / "r.json")], tmp_path)
    assert r.returncode == 2 and says in r.stderr and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.parametrize("game", ["lingo", "wordle"])
def test_max_length_on_a_game_of_one_length_is_refused_by_key(tmp_path: Path, game: str) -> None:
    """``words.max_length`` belongs to Hangman; on Lingo or Wordle it ended in ``ValueError:
    cannot reshape array`` (words of two lengths in one feedback table)."""
    (tmp_path / "w.txt").write_text(WORDS + "kabels\nlepels\n")
    text = TINY.format(turns=5).replace("game: lingo", f"game: {game}")
    (tmp_path / "c.yaml").write_text(
        text.replace("  list: w.txt\n", "  list: w.txt\n  max_length: 6\n")
    )
    r = _run(["build", "c.yaml", "--out", "out"], tmp_path)
    assert r.returncode == 2 and r.stderr == (
        f"error: c.yaml:5: key 'words.max_length': {game} plays words of words.length letters "
        "only; words of several lengths are for hangman; leave max_length out\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("args", "code"), [(["verify"], 0), (["show"], 0)])
def test_a_reader_that_goes_away_leaves_the_exit_code_alone(
    built: Path, args: list[str], code: int
) -> None:
    """``verify PB | head -c1`` exited 1, the code of a failed verification, with no word
    (rich's own answer to a broken pipe): the rest of the output is dropped and the command
    ends with its own code."""
    import os

    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written
    try:
        p = subprocess.run(
            [sys.executable, "-m", "playbook", *args, "out/t/playbook.yaml"],
            cwd=built, stdout=w, stderr=subprocess.PIPE, text=True, timeout=600,
        )  # fmt: skip
    finally:
        os.close(w)
    assert p.returncode == code and p.stderr == "", p.stderr


DOCUMENTED_SCRIPTS = (
    "derive_wordlists.py", "exact_optima.py", "frontier.py", "likely_words.py",
    "results_table.py", "same_outputs.py", "wordle_hard_mode.py", "wordle_root_bounds.py",
)  # fmt: skip


@pytest.mark.parametrize("script", DOCUMENTED_SCRIPTS)
def test_a_script_refuses_a_bad_argument_in_one_line(tmp_path: Path, script: str) -> None:
    """``--jobs x`` printed a script's whole usage (3 lines): one line and exit 2, as the
    command line does."""
    r = run_script(script, ["--jobs", "x"], tmp_path)
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.startswith(f"error: {script}: ") and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.endswith(f"(see '{script} --help')\n")


SECOND_ROUND = [
    # the audit's second round on issue 45: (arguments, exit code, the message's start)
    (["value", "mastermind-3x2", "--budget", "inf"], 2,
     "error: playbook value: argument --budget: expected seconds, a number above 0 and at most"),
    (["strategy", "mastermind-3x2", "--rule", "optimal", "--jobs", "100000"], 2,
     "error: playbook strategy: argument --jobs: expected a number of workers from 1 to 1024"),
    (["simulate", "mastermind-3x2", "--host", "random", "--games", "99999999999999999999"], 2,
     "error: playbook simulate: argument --games: expected at most 10,000,000 games"),
    (["strategy", "hangman-en", "--rule", "minimax", "--letters", "4"], 2, "error: "),
    (["build", "c.yaml", "--out", "o", "--jobs", "0"], 2,
     "error: playbook build: argument --jobs: expected a number of workers from 1"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "code", "says"), SECOND_ROUND)
def test_the_second_round_of_the_audit(built: Path, args: list[str], code: int, says: str) -> None:
    r = _run(args, built)
    assert r.returncode == code and r.stderr.startswith(says), r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_an_output_file_of_the_wrong_kind_is_refused(built: Path) -> None:
    """``strategy --out`` and ``render -o`` onto a FIFO (or, as root, a device such as
    /dev/full) replaced it with a plain file; they refuse it, and it stays what it was."""
    import os
    import stat

    fifo = built / "pipe"
    if not fifo.exists():
        os.mkfifo(fifo)
    for args in (
        ["strategy", "mastermind-3x2", "--rule", "minimax", "--out", "pipe"],
        ["render", "out/t/playbook.yaml", "--format", "md", "-o", "pipe"],
    ):
        r = _run(args, built)
        assert r.returncode == 2 and r.stderr == (
            "error: " + ("--out" if args[0] == "strategy" else "-o") + ": pipe is not a plain "
            "file (a device, a pipe or a socket); name a file to write\n"
        ), r.stderr
        assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_hangman_takes_no_greedy_rule(built: Path) -> None:
    r = _run(["strategy", "hangman-en", "--rule", "first-consistent", "--letters", "4"], built)
    assert r.returncode == 2 and r.stderr.endswith(
        "--rule first-consistent plays games counted in turns (Lingo, Wordle, Mastermind); "
        "hangman's plans come from build (the exact tree) and value\n"
    ), r.stderr


@pytest.mark.parametrize(
    ("moves", "says"),
    [
        ("kabel ooooo; new; kamer ooooo", "step 2 ('new') ends the game; --moves plays one game "
         "(1 step after it not played)"),
        ("kabel ooooo; new", "step 2 ('new') ends the game; --moves plays one game (0 steps "
         "after it not played)"),
    ],
)  # fmt: skip
def test_moves_play_one_game(built: Path, moves: str, says: str) -> None:
    """``play --moves "...; new; ..."`` dropped every step after ``new`` without a word."""
    r = _run(["play", "c.yaml", "--letter", "k", "--moves", moves], built)
    assert r.returncode == 2 and r.stderr == f"error: --moves: {says}\n", r.stderr


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("name: h\ngame: hangman\nwords:\n  list: w.txt\n  length: 5\n  max_length: 4\n",
         "h.yaml:6: key 'words.max_length': 4 is below words.length (5); the lengths run from "
         "words.length up to max_length"),
        ("name: " + "x" * 150 + "\ngame: lingo\nwords:\n  list: w.txt\n",
         "h.yaml:1: key 'name': a name of 150 characters; at most 100 (it names the output "
         "folder)"),
        ("name: h\ngame: lingo\nwords:\n  list: w.txt\ncompare: nope.yaml\n",
         "h.yaml: key 'compare': nope.yaml: playbook file not found"),
    ],
)  # fmt: skip
def test_config_keys_of_the_second_round(built: Path, text: str, says: str) -> None:
    (built / "h.yaml").write_text(text)
    r = _run(["build", "h.yaml", "--out", "oh"], built)
    assert r.returncode == 2 and r.stderr == f"error: {says}\n", r.stderr
    assert not (built / "oh").exists() or not any((built / "oh").rglob("*.yaml"))


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["show", "--help"]])
def test_help_to_a_full_disk_is_one_line(built: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "playbook", *args], cwd=built, stdout=full,
            stderr=subprocess.PIPE, text=True, timeout=600,
        )  # fmt: skip
    assert r.returncode == 2 and r.stderr == "error: standard output: No space left on device\n"


@pytest.mark.parametrize("bad", ["0", "NaN", "1e400", "-3", "2.5"])
def test_exact_optima_table_checks_its_figures(tmp_path: Path, bad: str) -> None:
    """``exact_optima.py --table`` of a results file whose total is 0 (ZeroDivisionError),
    NaN or 1e400 (a table of nan and inf): one line, exit 2."""
    import json

    letter = {"words": 3, "total": 5, "lower_bound": 5, "proven": True, "feasible": True,
              "unguaranteed": 0, "not_guaranteed": []}  # fmt: skip
    runs = [{"letters": {"a": dict(letter)}}, {"letters": {"a": dict(letter)}}]
    text = json.dumps({"runs": runs}).replace('"total": 5', f'"total": {bad}', 1)
    (tmp_path / "r.json").write_text(text)
    r = run_script("exact_optima.py", ["--table", "--json", str(tmp_path / "r.json")], tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "not the results of exact_optima.py" in r.stderr


@pytest.mark.parametrize(
    ("script", "args", "says"),
    [
        ("wiener_bracket.py", ["--turns", "0"], "argument --turns: expected a whole number from 5"),
        ("stop_builds.py", ["-1", "0"], "argument runs: expected a number of runs, 1 or more"),
    ],
)  # fmt: skip
def test_script_ranges(tmp_path: Path, script: str, args: list[str], says: str) -> None:
    r = run_script(script, args, tmp_path)
    assert r.returncode == 2 and says in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_a_playbook_with_min_zipf_out_of_range_is_refused_by_key(built: Path) -> None:
    text = (built / "out" / "t" / "playbook.yaml").read_text()
    (built / "z.yaml").write_text(text.replace("words:\n", "words:\n  min_zipf: .nan\n", 1))
    r = _run(["verify", "z.yaml"], built)
    assert (
        r.returncode == 2 and "words.min_zipf: nan; expected a Zipf value from 0 to 8" in r.stderr
    )
    assert r.stderr.count("\n") == 1, r.stderr
