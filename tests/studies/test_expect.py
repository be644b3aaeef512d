"""Randomised Hangman guessers (:mod:`playbook.studies.expect`): the exact expected mistakes
by hand on a tiny list, against simulation within its error, and the command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import run_cli

from playbook import words
from playbook.studies.expect import expected_mistakes, simulate

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("strategy", ["most", "proportional", "smallest"])
def test_a_tiny_list_by_hand(strategy: str) -> None:
    """ab among ab, ac: "most" plays a (both hold it), then b or c alike: a miss half the
    time. "proportional" plays a with 1/2, b or c with 1/4 each: c costs one miss, a leaves
    the coin of "most": 1/4 + 1/2 * 1/2 = 1/2 as well. "smallest": a leaves both words alike,
    b and c one each: b or c alike, a miss half the time."""
    assert expected_mistakes(["ab", "ac"], "ab", strategy).mistakes == pytest.approx(0.5)
    # bc among ab, ac, bc: "most" and "proportional" may miss; "smallest" plays b (it leaves
    # one word at most, a and c two), a hit that leaves bc alone
    three = expected_mistakes(["ab", "ac", "bc"], "bc", strategy).mistakes
    assert three == 0 if strategy == "smallest" else three > 0


@pytest.mark.parametrize("strategy", ["most", "proportional", "smallest"])
def test_the_exact_figure_is_what_simulation_finds(strategy: str) -> None:
    four = words.load("english", length=4).words
    rng = random.Random(29)
    # the simulation of "smallest" splits the words by every letter at every step: a sample
    some = sorted([*rng.sample(four, 60), "pays"]) if strategy != "most" else four
    exact = expected_mistakes(some, "pays", strategy, budget=300).mistakes
    mean, error = simulate(some, "pays", strategy, games=400, seed=7)
    assert abs(mean - exact) <= 4 * error + 1e-9, (mean, error, exact)


def test_the_mistakes_command() -> None:
    r = run_cli("mistakes", "hangman-en", "pays", "--strategy", "most", cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("pays under most: 4.5000 mistakes on average (exact;")
    r = run_cli("mistakes", "hangman-en", "zzzz", "--strategy", "most", cwd=ROOT)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "is not a word" in r.stderr
    r = run_cli("mistakes", "mastermind-3x2", "111", "--strategy", "most", cwd=ROOT)
    assert r.returncode == 2 and "expected mistakes are Hangman's" in r.stderr
