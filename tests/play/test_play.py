"""play and simulate through the real command line and standard input."""

from __future__ import annotations

import io
import os
import selectors
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers import interruptible, run_cli

from playbook import config, model, play, words
from playbook.cli import main as playbook_main
from playbook.cli.playing import Tiles
from playbook.games import Mastermind, WordGame, Wordle
from playbook.io import shipped
from playbook.pipeline.session import Session
from playbook.spelling import Spelling

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd, stdin=stdin)


def play_book(book: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    """``play`` of letter c with the playbook ``book`` (a Dutch list), spoken in English."""
    args = ["play", "lingo-nl-5", "--playbook", str(book), "--letter", "c", "--language", "en"]
    return cli(*args, stdin=stdin)


@pytest.fixture(scope="module")
def lingo_book(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    """The default playbook, built for letters c and u (fast to build)."""
    out = tmp_path_factory.mktemp("out")
    r = cli("build", "--letters", "c,u", "--out", str(out), "--formats", "yaml")
    assert r.returncode == 0, r.stderr
    return out / "lingo-nl-5" / "playbook-cu.yaml"


@pytest.mark.parametrize(
    ("args", "differs"),
    [
        # the case: a plan for the paper's rules (any word) played under the TV rules
        (
            ["play", "lingo-nl-5-tv", "--letter", "c", "--moves", "broed"],
            "made for other rules than lingo-nl-5-tv: game.guess_pool: the playbook's is "
            "'all', the config's 'revealed'",
        ),
        (["simulate", "lingo-nl-5-tv", "--letters", "c"], "game.guess_pool: the playbook's"),
        (
            ["play", "lingo-nl-6", "--letter", "c"],
            "game.length: the playbook's is 5, the config's 6",
        ),
        (
            ["simulate", "lingo-nl-5", "--words", "{words}"],
            "words.sha256: the playbook's word list",
        ),
    ],
)
def test_a_playbook_for_other_rules_is_refused_before_the_game(
    lingo_book: Path, tmp_path: Path, args: list[str], differs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cacao\ncobra\nuiers\n")
    args = [a.format(words=words) for a in args]
    monkeypatch.setenv("PLAYBOOK_CACHE", str(tmp_path / "cache"))
    r = cli(*args, "--playbook", str(lingo_book))
    assert r.returncode == 2 and r.stdout == "", r.stdout
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"error: {lingo_book}: ") and differs in line, line
    # refused before the feedback table: none computed (read, it would have been written)
    assert not list(tmp_path.glob("cache/feedback-*"))


def feedback_line(game, guess: str, answer: str) -> str:  # type: ignore[no-untyped-def]
    return game.format(game.feedback(guess, answer))


@pytest.mark.slow
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
    r = play_book(lingo_book, "\n".join(lines) + "\n")
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
    r = play_book(lingo_book, stdin)
    assert r.returncode == 0
    out = r.stdout
    assert "has 4 marks; expected 5" in out
    assert "unknown mark 'z'" in out
    assert "'zzzzz' is not a word this game accepts" in out
    assert "no word of the list gives ooooo" in out and "(step 1)" in out
    assert "commands:" in out
    assert "152 words possible:" in out
    assert "nothing to undo" in out
    assert out.rstrip().endswith("bye")
    assert "Traceback" not in r.stderr


def test_simulate_all_agrees_with_verify(lingo_book: Path) -> None:
    v = cli("verify", str(lingo_book), "--quiet")
    # the playbook covers two letters only: verify replays those, as simulate plays them
    pb = model.load(str(lingo_book))
    assert pb.stats is not None
    s = cli("simulate", "lingo-nl-5", "--playbook", str(lingo_book), "--letters", "c,u")
    assert s.returncode == 0, s.stdout + s.stderr
    dist = " ".join(f"{k}:{v}" for k, v in sorted(pb.stats.distribution.items()))
    assert f"turns {dist};" in s.stdout
    assert v.returncode == 0 and "groups c, u only" in v.stdout, v.stdout


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


# ---------------------------------------------------------------- the process: EOF, Ctrl-C


def test_end_of_input_says_bye() -> None:
    r = cli("play", "mastermind-4x6", "--rule", "minimax", stdin="")
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith("bye") and r.stderr == ""


def test_ctrl_c_at_the_prompt_ends_cleanly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "playbook", "play", "mastermind-4x6", "--rule", "minimax"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=interruptible,
    )
    assert proc.stdout is not None
    seen = b""
    with selectors.DefaultSelector() as sel:  # wait for the prompt (the deadline: a safety net)
        sel.register(proc.stdout, selectors.EVENT_READ)
        while not seen.endswith(b"> ") and sel.select(timeout=120):
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    assert seen.endswith(b"> "), seen
    proc.send_signal(signal.SIGINT)
    _, errs = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert errs.decode().strip() == "interrupted: bye"
    assert b"play: 1122" in seen


# ---------------------------------------------------------------- in-process


def main(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return playbook_main(argv)


def test_moves_exit_non_zero_unless_solved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    mm = ["play", "mastermind-4x6", "--rule", "minimax", "--moves"]
    assert main([*mm, "1122 4b0w"], "", monkeypatch) == 0
    assert "solved: 1122 after 1 turn\n" in capsys.readouterr().out
    assert main([*mm, "1122 1b1w"], "", monkeypatch) == 1
    assert "the game did not end solved" in capsys.readouterr().err
    assert main([*mm, "1122 1b1w 3456 3b1w"], "", monkeypatch) == 2  # impossible pegs
    err = capsys.readouterr().err
    assert "--moves: step 2 ('3456 3b1w') was refused" in err and "Traceback" not in err
    assert main([*mm, "1122 0b0w 3456"], "", monkeypatch) == 2
    assert "--moves: give WORD FEEDBACK steps" in capsys.readouterr().err
    # digits with spaces; steps separated by ;
    lingo = ["play", "lingo-nl-5", "--letter", "c", "--language", "en", "--moves"]
    assert main([*lingo, "haren 0 0 1 0 0 cacao 2 2 2 2 2"], "", monkeypatch) == 2
    assert "step 2 ('cacao 2 2 2 2 2') was refused" in capsys.readouterr().err
    assert main([*lingo, "haren 0 2 0 0 0 cacao 2 2 2 2 2"], "", monkeypatch) == 0
    assert "solved: cacao after 2 turns" in capsys.readouterr().out
    assert main([*lingo, "cacao gg ggg; "], "", monkeypatch) == 0
    assert "solved: cacao after 1 turn" in capsys.readouterr().out


def test_group_prompt_q_quit_and_new(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Dutch has a group q: a bare q asks once more, quit always quits
    assert (
        main(["play", "lingo-nl-5", "--language", "en"], "zz\nq\nq\nnew\nij\nquit\n", monkeypatch)
        == 0
    )
    out, err = capsys.readouterr()
    assert "revealed letter (group), or quit? " in out
    assert "no group 'zz'" in err
    assert "q is a group here: type q again to play it, or quit to end" in out
    assert "group q: ? for help, quit to end" in out
    assert "group IJ: ? for help" in out  # IJ typed as ij: its own group
    assert out.rstrip().endswith("bye")
    assert main(["play", "lingo-nl-5", "--language", "en"], "quit\n", monkeypatch) == 0
    assert "group" not in capsys.readouterr().out.split("?", 1)[1]
    assert main(["play", "mastermind-4x6", "--rule", "minimax"], "new\nq\n", monkeypatch) == 0
    assert capsys.readouterr().out.count("play: 1122") == 2


def test_words_file_with_ij_and_hard_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = tmp_path / "w.txt"
    ws.write_text("zijnen\nzeden\nzegen\nzagen\nzalen\nzoete\n")
    args = ["play", "lingo-nl-5", "--words", str(ws), "--letter", "z", "--language", "en"]
    assert main([*args, "--moves", "zijnen ooooo"], "", monkeypatch) == 0
    assert "solved: zijnen after 1 turn" in capsys.readouterr().out
    assert main(["play", "lingo-nl-5", "--words", str(tmp_path / "no.txt")], "", monkeypatch) == 2
    assert "--words: " in capsys.readouterr().err
    # hard mode: lamer does not fit raise's feedback for camel (the a would be elsewhere)
    hard = ["play", "wordle", "--hard", "--moves", "raise .g..y; lamer yggg."]
    assert main(hard, "", monkeypatch) == 2
    assert "hard mode: lamer does not fit the feedback so far (step 2)" in capsys.readouterr().out


def test_simulate_shows_the_cheating_hosts_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "mastermind-4x6", "--rule", "minimax", "--host", "adversarial"]
    assert main(args, "", monkeypatch) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "all words: 1296 words, adversarial host"
    assert lines[1] == "  1. 1122 0b0w  256 words left"
    assert lines[-2].startswith("  found ") and lines[-2].endswith(" after 5 turns")
    assert lines[-1].startswith("1 game (adversarial host): turns 5:1;")


def test_tiles_in_colour_and_as_text() -> None:
    wordle, lingo = Wordle(), WordGame()
    code = wordle.feedback("lamer", "camel")
    assert Tiles(wordle, Spelling(), "wordle").move("lamer", code) == "lamer yggg."
    assert Tiles(lingo, Spelling(), "lingo").move("lamer", code) == "lamer xooo."
    coloured = Tiles(wordle, Spelling(), "wordle", colour=True).move("lamer", code)
    assert coloured.startswith("[bold white on #c9b458] L [/][bold white on #6aaa64] A [/]")
    ij = Tiles(lingo, Spelling({"zynen": "zijnen"}, True), "lingo", colour=True)
    assert "\u0132" in ij.move("zynen", lingo.feedback("zynen", "zeden"))  # one IJ tile
    mm = Mastermind()
    assert Tiles(mm, Spelling(), "lingo", colour=True).move("1122", 6) == "1122 1b1w"


def test_play_speaks_the_plans_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a Dutch plan's game in Dutch: a lost rarer word (gewit), its review, the take-over and
    # its chance, the help; Dutch names of the commands and the English ones alike
    lines = ["oo...", "hulp", "why", "kans 2", "woorden", "overzicht", "terug", "stop"]
    assert main(["play", "lingo-nl-5-tv", "--letter", "g"], "\n".join(lines), monkeypatch) == 0
    out = capsys.readouterr().out
    for dutch in (
        "volgt de meegeleverde kaart lingo-nl-5-tv",
        "letter g: ? voor hulp, stop om te eindigen",
        "woorden mogelijk",
        "speel: ",
        "opdrachten:",
        "teruggenomen: ",
        "waarom ",
        "als je vanaf hier de kaart volgt: gemiddeld nog ",
        "met 2 beurten over: speel ",
        "overzicht: jouw zetten",
        "tot ziens",
    ):
        assert dutch in out, dutch
    for english in ("possible", "play:", "turns", "why ", "commands", "bye", "review"):
        assert english not in out, english
    # the same game in English where asked for
    assert (
        main(["play", "lingo-nl-5-tv", "--letter", "g", "--language", "en"], "q\n", monkeypatch)
        == 0
    )
    out = capsys.readouterr().out
    assert "following the shipped plan lingo-nl-5-tv" in out and "words possible" in out


def test_the_compile_notice_is_in_the_catalog_as_jit_says_it() -> None:
    # play says the one-time compile notice in the plan's language: the catalog's message is
    # the notice jit writes
    from playbook import jit
    from playbook.play import talk
    from playbook.render import i18n

    assert talk.COMPILING == jit.NOTICE_TEXT
    dutch = i18n.translator("nl").gettext(talk.COMPILING)
    assert dutch != talk.COMPILING and "%(seconds)s" in dutch


def test_off_the_tree_the_last_turn_plays_a_word_that_may_be_the_answer() -> None:
    """Off a whole tree, the most-parts rule splits the words still possible; on the last
    turn no splitter can find the word, so the first of them is played (the rule played
    fghwz there, which tells the four apart and finds none: Wordle's tree lost 17 words of
    its list that way, gives among them)."""
    from playbook.core.problem import Problem

    answers = ["fives", "gives", "hives", "wives"]
    game = Wordle()
    problem = Problem.of(game, [*answers, "fghwz", "zzzzz"], answers)
    player = play.OffTreePlayer(problem)
    blank = ("zzzzz", game.feedback("zzzzz", "gives"))
    assert player.next_move([blank] * 4) == "fghwz"  # two turns left: it tells them apart
    assert player.next_move([blank] * 5) == "fives"  # the last: a word that may be it
    assert play.RulePlayer(problem, "most-parts").next_move([blank] * 5) == "fghwz"
    # from the start the splitter finds each on the second turn
    assert [play.follow(problem, play.OffTreePlayer(problem), w) for w in answers] == [2] * 4


def test_off_the_tree_the_last_turn_plays_the_likeliest_word_that_may_be_the_answer() -> None:
    """With the list's chances (its answer model), the last turn off a tree plays the
    likeliest word still possible, ties in list order: which one decides which word is
    found, not how many (the NYT's gofer was lost behind fouer, first in list order)."""
    from playbook.core.problem import Problem

    answers = ["fives", "gives", "hives", "wives"]
    game = Wordle()
    problem = Problem.of(game, [*answers, "fghwz", "zzzzz"], answers)
    blank = ("zzzzz", game.feedback("zzzzz", "gives"))

    def chances(likely: list[float]) -> Any:
        return lambda words: np.asarray([likely[answers.index(w)] for w in words])

    for likely, want in (
        ([0.1, 0.7, 0.7, 0.2], "gives"),  # the likeliest, the first of two alike
        ([0.0, 0.0, 0.0, 0.0], "fives"),  # all alike: list order
        ([0.1, 0.2, 0.3, 0.9], "wives"),
    ):
        player = play.OffTreePlayer.of(problem, chances(likely))
        assert player.next_move([blank] * 5) == want
        assert player.next_move([blank] * 4) == "fghwz"  # not the last: the rule's splitter
    # the words a word's feedback leaves: hives and wives share "ives", fives the f
    hist = [("fives", game.feedback("fives", "wives"))]
    player = play.OffTreePlayer.of(problem, chances([0.9, 0.1, 0.2, 0.3]))
    assert player.next_move([blank] * 4 + hist) == "wives"


def test_session_chances_are_the_answer_model_s_where_the_language_has_one() -> None:
    path = shipped.path_of(shipped.index()["wordle"])
    pb = model.load(str(path))
    session = Session.from_playbook(pb, str(path))
    got = session.chances(["gofer", "gomer", "fouer"])
    assert got is not None
    assert list(got) == words.chance_of(["gofer", "gomer", "fouer"], "en")
    assert got[0] > got[1] > got[2] > 0
    path = shipped.path_of(shipped.index()["mastermind-3x2"])
    pb = model.load(str(path))
    assert Session.from_playbook(pb, str(path)).chances(["1122"]) is None
