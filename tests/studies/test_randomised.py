"""Hangman with mixed strategies (issue 29, item 3): the value against a host who keeps his
word and the Hangman question's recurrence, each held to a brute force on tiny lists, and the
equilibria checked (neither side gains by deviating)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from helpers import run_cli

from playbook.core.problem import Problem
from playbook.games.hangman import Hangman
from playbook.studies import mixed, randomised

ROOT = Path(__file__).resolve().parents[2]
LETTERS = list("abcdefghijklmnopqrstuvwxyz")


def problem(words: list[str]) -> Problem:
    return Problem.of(Hangman(max_length=len(words[0])), LETTERS, words, name=str(len(words[0])))


def splitting(F: np.ndarray, S: tuple[int, ...]) -> list[dict[int, tuple[int, ...]]]:
    """Every letter that splits S, as its parts by code (no move is forced here)."""
    out = []
    for letter in range(F.shape[0]):
        parts: dict[int, list[int]] = {}
        for c in S:
            parts.setdefault(int(F[letter, c]), []).append(c)
        if len(parts) > 1:
            out.append({k: tuple(v) for k, v in parts.items()})
    return out


def all_trees(F: np.ndarray, S: tuple[int, ...]) -> set[tuple[int, ...]]:
    """What every strategy tree costs each word of S (mistakes, in S's order): all of them,
    by plain enumeration over every splitting letter (trees alike in cost kept once)."""
    if len(S) == 1:
        return {(0,)}
    at = {w: i for i, w in enumerate(S)}
    out: set[tuple[int, ...]] = set()
    for parts in splitting(F, S):
        options = []
        for code, part in parts.items():
            options.append([(code, part, v) for v in all_trees(F, part)])
        for combo in itertools.product(*options):
            cost = [0] * len(S)
            for code, part, v in combo:
                for w, m in zip(part, v, strict=True):
                    cost[at[w]] = m + (1 if code == 0 else 0)
            out.add(tuple(cost))
    return out


def plain_program(C: np.ndarray) -> float:
    """The value of the zero-sum game with costs C (rows minimise), always by the program."""
    return mixed._maker_program(np.asarray(C, dtype=float))[0]


def plain_recurrence(F: np.ndarray, S: tuple[int, ...], memo: dict) -> float:  # type: ignore[type-arg]
    """The recurrence with every splitting letter a move and a program at every state."""
    if len(S) == 1:
        return 0.0
    if S in memo:
        return memo[S]
    at = {w: i for i, w in enumerate(S)}
    rows = []
    for parts in splitting(F, S):
        row = [0.0] * len(S)
        for code, part in parts.items():
            v = (1 if code == 0 else 0) + plain_recurrence(F, part, memo)
            for w in part:
                row[at[w]] = v
        rows.append(row)
    memo[S] = plain_program(np.array(rows))
    return memo[S]


TINY = [
    ["bill", "fill", "hill", "kill", "mill"],
    ["chat", "that", "what", "phat", "chit", "whit"],
    ["bank", "band", "bend", "bond", "bind", "sand", "send", "wand"],
    ["cart", "card", "care", "core", "cure", "pure", "pore", "part", "dart", "dare"],
]


@pytest.mark.parametrize("words", TINY, ids=lambda ws: f"{len(ws)}-words")
def test_kept_word_equals_the_program_over_every_tree(words: list[str]) -> None:
    F = problem(words).F
    n = len(words)
    costs = np.array(sorted(all_trees(F, tuple(range(n)))), dtype=float)
    value = mixed._maker_program(costs)[0]
    k = randomised.kept_word(F)
    assert k.value == pytest.approx(value, abs=1e-7)
    # neither side gains by deviating: the host's mix holds every tree to the value, the
    # guesser's mix holds every word to it
    q = np.array(k.host)
    assert q.sum() == pytest.approx(1.0)
    assert (costs @ q).min() == pytest.approx(k.value, abs=1e-7)
    guesser = sum(w * randomised.tree_misses(t, F, n) for t, w in k.trees)
    assert guesser.max() == pytest.approx(k.value, abs=1e-7)
    assert sum(w for _, w in k.trees) == pytest.approx(1.0)
    # and the best tree against a host who picks every word alike is the least average
    assert k.uniform == pytest.approx(costs.mean(axis=1).min(), abs=1e-9)


@pytest.mark.parametrize("words", TINY, ids=lambda ws: f"{len(ws)}-words")
def test_recurrence_equals_its_plain_statement(words: list[str]) -> None:
    F = problem(words).F
    n = len(words)
    r = randomised.recurrence(F)
    assert r.value == pytest.approx(plain_recurrence(F, tuple(range(n)), {}), abs=1e-7)
    # its strategy holds each word to no more than its value, and a host who keeps his word
    # cannot be held to less than the game's value
    k = randomised.kept_word(F)
    assert k.value - 1e-7 <= r.guarantee <= r.value + 1e-7
    # the first state's program: the host's mix holds every letter to the value
    assert sum(r.host) == pytest.approx(1.0)
    for letter, prob in r.strategy[tuple(range(n))]:
        assert prob > 0 and 0 <= letter < 26


def test_a_family_of_k_words_is_worth_half_of_k_less_one() -> None:
    # bill, fill, hill, kill, mill, pill: only the first letter tells them apart, and each
    # letter tells one word from the rest: k - 1 mistakes without chance, (k - 1) / 2 with
    words = [c + "ill" for c in "bfhkmp"]
    F = problem(words).F
    assert randomised.kept_word(F).value == pytest.approx(2.5)
    assert randomised.recurrence(F).value == pytest.approx(2.5)
    assert np.allclose(randomised.kept_word(F).host, 1 / 6)


def test_the_recurrence_and_the_kept_word_differ() -> None:
    # on 12 words of the English list the recurrence's host, who may change the word between
    # answers, is worth more than one who keeps it: the recurrence is not the game's value
    words = TINY[3] + ["tart", "tare"]
    F = problem(words).F
    r, k = randomised.recurrence(F), randomised.kept_word(F)
    assert r.value > k.value + 1e-3
    assert r.value == pytest.approx(plain_recurrence(F, tuple(range(len(words))), {}), abs=1e-7)


def test_expected_mistakes_under_the_recurrence_match_simulation() -> None:
    words = TINY[2]
    F = problem(words).F
    r = randomised.recurrence(F)
    moves = randomised.Moves(F)
    rng = np.random.default_rng(7)
    games = 4000
    for target in range(len(words)):
        total = []
        for _ in range(games):
            S, spent = tuple(range(len(words))), 0
            while len(S) > 1:
                letters, probs = zip(*r.strategy[S], strict=True)
                letter = letters[int(rng.choice(len(letters), p=np.array(probs) / sum(probs)))]
                for code, part in dict(moves(S))[letter]:
                    if target in part:
                        S, spent = part, spent + (1 if code == 0 else 0)
            total.append(spent)
        mean, se = np.mean(total), np.std(total, ddof=1) / np.sqrt(games)
        assert abs(mean - r.expected[target]) <= 4 * se + 1e-9


def test_value_command_for_hangman() -> None:
    r = run_cli(
        "value", "hangman-en", "--letters", "4", "--sample", "8", "--seed", "3", "--json",
        cwd=ROOT,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    (g,) = json.loads(r.stdout)
    assert g["words"] == 8 and g["of"] == 2409 and g["seed"] == 3
    assert sum(g["host"].values()) == pytest.approx(1.0)
    assert g["value"] <= g["recurrence_guarantee"] + 1e-7 <= g["recurrence"] + 2e-7
    assert g["value"] <= g["minimax"]
    assert g["uniform"] <= g["value"] + 1e-9
    text = run_cli(
        "value", "hangman-en", "--letters", "4", "--sample", "8", "--seed", "3", cwd=ROOT
    )
    assert text.returncode == 0 and "the host keeping his word" in text.stdout
    assert f"{g['value']:.4f}" in text.stdout
