"""play and simulate through the real command line and standard input."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers import run_cli

from playbook import config, model, play
from playbook.games import Mastermind
from playbook.pipeline.session import Session

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd, stdin=stdin)


@pytest.fixture(scope="module")
def lingo_book(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    """The default playbook, built for letters c and u (fast to build)."""
    out = tmp_path_factory.mktemp("out")
    r = cli("build", "--letters", "c,u", "--out", str(out))
    assert r.returncode == 0, r.stderr
    return out / "lingo-nl-5" / "playbook.yaml"


def feedback_line(game, guess: str, answer: str) -> str:  # type: ignore[no-untyped-def]
    return game.format(game.feedback(guess, answer))


def test_full_lingo_game_from_the_playbook(lingo_book: Path) -> None:
    session = Session.open(config.load(ROOT / "config" / "lingo-nl-5.yaml"))
    game = session.game
    answer = "cacao"
    problem = session.problem("c")
    pb = model.load(str(lingo_book))
    player = play.make_player(problem, pb.group("c"), "scm")
    # the moves the playbook will suggest, answered with the true feedback
    history: list[tuple[str, int]] = []
    lines = []
    while True:
        move = player.next_move(history)
        lines.append(feedback_line(game, move, answer))
        history.append((move, game.feedback(move, answer)))
        if move == answer:
            break
    r = cli(
        "play",
        "lingo-nl-5",
        "--playbook",
        str(lingo_book),
        "--letter",
        "c",
        stdin="\n".join(lines) + "\n",
    )
    assert r.returncode == 0, r.stderr
    assert f"play: {pb.group('c').openings[0]}" in r.stdout
    assert f"solved: {answer} after {len(lines)} turns" in r.stdout
    assert len(lines) <= 5


def test_wordle_game_with_own_words() -> None:
    game = Session.open(config.load(ROOT / "config" / "wordle.yaml")).game
    answer = "camel"
    moves = ["lamer", "crane", "camel"]
    digits = str.maketrans("ox.", "210")
    stdin = "".join(f"{m} {feedback_line(game, m, answer).translate(digits)}\n" for m in moves)
    r = cli("play", "wordle", stdin=stdin)
    assert r.returncode == 0, r.stderr
    assert "play: " in r.stdout
    assert "solved: camel after 3 turns" in r.stdout


def test_mastermind_game() -> None:
    mm = Mastermind()
    answer = "3456"
    cfg = config.load(ROOT / "config" / "mastermind-4x6.yaml")
    player = play.RulePlayer(Session.open(cfg).problem("*"), "minimax")
    history: list[tuple[str, int]] = []
    lines = []
    while True:
        move = player.next_move(history)
        code = mm.feedback(move, answer)
        lines.append(mm.format(code))
        history.append((move, code))
        if move == answer:
            break
    r = cli("play", "mastermind-4x6", "--rule", "minimax", stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "play: 1122" in r.stdout
    assert f"solved: {answer} after {len(lines)} turns" in r.stdout


def test_bad_input_lines_are_answered_and_the_session_goes_on(lingo_book: Path) -> None:
    stdin = (
        "\n".join(
            [
                "o...",  # wrong length
                "o..z.",  # unknown symbol
                "zzzzz o....",  # not a word
                "ooooo",  # contradicts every word (the opening is not a c-word)
                "?",
                "l",
                "u",  # nothing to undo
                "q",
            ]
        )
        + "\n"
    )
    r = cli("play", "lingo-nl-5", "--playbook", str(lingo_book), "--letter", "c", stdin=stdin)
    assert r.returncode == 0
    out = r.stdout
    assert "has 4 marks; expected 5" in out
    assert "unknown mark 'z'" in out
    assert "'zzzzz' is not a word this game accepts" in out
    assert "no word of the list gives ooooo" in out and "(step 1)" in out
    assert "commands:" in out
    assert "149 words possible:" in out
    assert "nothing to undo" in out
    assert out.rstrip().endswith("bye")
    assert "Traceback" not in r.stderr


def test_simulate_all_agrees_with_verify(lingo_book: Path) -> None:
    v = cli("verify", str(lingo_book), "--quiet")
    # the playbook covers two letters only, so verify lists the other groups as missing;
    # compare with the playbook's own recorded distribution instead
    pb = model.load(str(lingo_book))
    assert pb.stats is not None
    s = cli("simulate", "lingo-nl-5", "--playbook", str(lingo_book), "--letters", "c,u")
    assert s.returncode == 0, s.stdout + s.stderr
    dist = " ".join(f"{k}:{v}" for k, v in sorted(pb.stats.distribution.items()))
    assert f"turns {dist};" in s.stdout
    assert v.returncode == 1


def test_adversarial_host_never_beats_a_verified_playbook(lingo_book: Path) -> None:
    s = cli(
        "simulate",
        "lingo-nl-5",
        "--playbook",
        str(lingo_book),
        "--letters",
        "c,u",
        "--host",
        "adversarial",
        "--show",
    )
    assert s.returncode == 0, s.stdout
    assert "losses 0" in s.stdout


def test_simulate_random_is_seeded() -> None:
    a = cli(
        "simulate",
        "mastermind-4x6",
        "--rule",
        "minimax",
        "--host",
        "random",
        "--games",
        "20",
        "--seed",
        "3",
    )
    b = cli(
        "simulate",
        "mastermind-4x6",
        "--rule",
        "minimax",
        "--host",
        "random",
        "--games",
        "20",
        "--seed",
        "3",
    )
    assert a.returncode == 0 and a.stdout == b.stdout
    assert "20 games (random host)" in a.stdout
