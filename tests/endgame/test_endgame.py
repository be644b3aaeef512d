"""The End Game against the clock (issue 46, item 3): exact chances checked against brute
force, and the best policies never below the simpler ones."""

from __future__ import annotations

import itertools
import random
from functools import cache
from pathlib import Path

import pytest
from helpers import run_cli

from playbook.endgame import chances as endgame
from playbook.endgame.chances import LINES, NEVER, Paths, Rules


def _random_plan(rng: random.Random, lost: bool = False) -> dict[int, int]:
    plan = {k: rng.randint(0, 40) for k in range(1, LINES + 1)}
    plan[rng.randint(1, LINES)] += 1
    if lost:
        plan[LINES + 1] = rng.randint(1, 5)
    return plan


@pytest.mark.parametrize("seed", range(6))
def test_never_passing_equals_the_convolution_of_the_turns(seed: int) -> None:
    """Passing no word, every word found within its lines: the chance that the lines of all
    words fit the clock, by brute force over every combination of turns."""
    rng = random.Random(seed)
    plans = [_random_plan(rng) for _ in range(3)]
    rules = Rules(seconds=rng.choice([60, 90, 120]), line=rng.randint(5, 10))
    total = [sum(p.values()) for p in plans]
    brute = sum(
        (plans[0][a] / total[0]) * (plans[1][b] / total[1]) * (plans[2][c] / total[2])
        for a, b, c in itertools.product(range(1, LINES + 1), repeat=3)
        if rules.line * (a + b + c) <= rules.seconds
    )
    assert endgame.end_game(plans, rules).never == pytest.approx(brute, abs=1e-12)


def _by_enumeration(plans: list[dict[int, int]], rules: Rules, ks: tuple[int, ...]) -> float:
    """A fixed rule's chance by following every game: each word drawn, its lines played until
    found or the rule's ``k`` (or the fifth line) passes it."""
    dists = [endgame.distribution(p) for p in plans]

    line = rules.line + rules.line_overhead  # a line as the clock runs

    @cache
    def win(w: int, t: int) -> float:
        if w == len(plans):
            return 1.0
        t -= rules.word_overhead  # a fresh word: the letter given before the first line
        if t < 0:
            return 0.0
        total = 0.0
        for k, p in enumerate(dists[w], 1):  # found at line k: if the rule plays that far
            if p and k <= ks[w] and k * line <= t:
                total += p * win(w + 1, t - k * line)
        # not found within min(k, 5) lines: those lines spent, then a pass, a fresh word
        stop = min(ks[w], LINES)
        open_after = 1.0 - sum(dists[w][:stop])
        spent = stop * line + rules.pass_cost
        if open_after > 0 and spent <= t:
            total += open_after * win(w, t - spent)
        return total

    return win(0, rules.seconds)


@pytest.mark.parametrize("seed", range(6))
def test_every_fixed_rule_equals_following_every_game(seed: int) -> None:
    rng = random.Random(100 + seed)
    plans = [_random_plan(rng, lost=rng.random() < 0.5) for _ in range(rng.randint(1, 3))]
    rules = Rules(
        seconds=rng.randint(20, 60),
        line=rng.randint(3, 10),
        pass_cost=rng.randint(0, 3),
        word_overhead=rng.choice([0, 0, 1, 3]),
        line_overhead=rng.choice([0, 0, 1]),
    )
    for ks in itertools.product(range(1, NEVER + 1), repeat=len(plans)):
        got = endgame._solve([endgame.distribution(p) for p in plans], rules, ks)
        assert got == pytest.approx(_by_enumeration(plans, rules, ks), abs=1e-12), ks


def _paths(rng: random.Random, words: int) -> Paths:
    """A made-up plan: each word a path of made-up marks, a few not found."""
    games = []
    for i in range(words):
        k = rng.randint(1, LINES)
        found = rng.random() > 0.05
        path = tuple(f"g{j}={rng.randint(0, 2 if j < 2 else 1)}" for j in range(k - 1))
        games.append(("a" if i % 3 else "b", (*path, f"w{i}=2"), found))
    return Paths(tuple(games))


@pytest.mark.parametrize("seed", range(4))
def test_seeing_more_never_wins_less(seed: int) -> None:
    """The policy that sees the words still possible wins at least what the best policy by
    lines spent wins, which wins at least the best fixed rule, which wins at least passing
    no word; and the games that policy reaches end in its value."""
    rng = random.Random(seed)
    paths = [_paths(rng, rng.randint(20, 60)) for _ in range(3)]
    rules = Rules(
        seconds=60,
        line=rng.randint(5, 8),
        pass_cost=rng.randint(0, 3),
        word_overhead=rng.choice([0, 1, 2]),
        line_overhead=rng.choice([0, 1]),
    )
    game = endgame.end_game([p.turns() for p in paths], rules)
    sighted, where = endgame.best_with_sight(paths, rules)
    assert sighted >= game.best - 1e-12 >= game.ruled - 2e-12 >= game.never - 3e-12
    assert all(0 <= t <= rules.seconds for w in where for _, _, t in w)


@pytest.mark.parametrize("seed", range(3))
def test_an_overhead_per_line_is_a_longer_line_and_one_per_word_costs_time(seed: int) -> None:
    rng = random.Random(300 + seed)
    paths = [_paths(rng, rng.randint(20, 60)) for _ in range(3)]
    base = Rules(seconds=90, line=rng.randint(6, 9), pass_cost=2)
    slow = Rules(seconds=90, line=base.line, pass_cost=2, line_overhead=1)
    longer = Rules(seconds=90, line=base.line + 1, pass_cost=2)
    assert endgame.best_with_sight(paths, slow)[0] == pytest.approx(
        endgame.best_with_sight(paths, longer)[0], abs=1e-12
    )
    # a second a word is at most what three seconds off the clock would cost, at least nothing
    late = Rules(seconds=90, line=base.line, pass_cost=2, word_overhead=1)
    short = Rules(seconds=87, line=base.line, pass_cost=2)
    plans = [_random_plan(rng) for _ in range(3)]  # every word found: no word passed
    assert endgame.end_game(plans, late).never == pytest.approx(
        endgame.end_game(plans, short).never, abs=1e-12
    )  # passing no word: three words, three seconds
    assert endgame.best_with_sight(paths, late)[0] <= endgame.best_with_sight(paths, base)[0]


@pytest.mark.parametrize(
    ("kw", "says"),
    [({"line": 0}, "line: expected whole seconds"), ({"seconds": 2.5}, "seconds: expected"),
     ({"pass_cost": -1}, "pass_cost: expected")],
)  # fmt: skip
def test_rules_outside_their_range_are_refused(kw: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Rules(**kw)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_command_on_built_plans(tmp_path: Path) -> None:
    """``playbook endgame`` on two small built plans: the figures as JSON, and a bad clock
    one line and exit 2."""
    words = "kabel\nkamer\nkanon\nkater\nlepel\nlaken\nlater\nladen\n"
    (tmp_path / "w.txt").write_text(words)
    (tmp_path / "c.yaml").write_text(
        "name: t\ngame: lingo\nwords:\n  list: w.txt\nrender:\n  formats: yaml\n"
    )
    assert run_cli("build", "c.yaml", "--out", "o", cwd=tmp_path).returncode == 0
    pb = "o/t/playbook.yaml"
    r = run_cli("endgame", pb, pb, "--seconds", "40", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    import json

    figures = json.loads(r.stdout)["figures"]
    assert figures["plans"] == ["t", "t"] and figures["line_seconds"] == 10
    assert 0 < figures["never_pass"] <= figures["best_with_sight"] <= 1
    # the card's End Game page: one A4 page with the rule and a row per speed
    r = run_cli("endgame", pb, pb, "--card", "eg.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    from pypdf import PdfReader

    pages = PdfReader(tmp_path / "eg.pdf").pages
    text = pages[0].extract_text()
    assert len(pages) == 1 and "End Game" in text and "When to pass." in text
    assert all(f"\n{s} " in text or f"\n{s}\n" in text for s in (10, 9, 8, 7, 6)), text
    assert "with 1 s lost before each word" in " ".join(text.split())
    r = run_cli("endgame", pb, "--card", "eg.txt", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == (
        "error: --card: eg.txt: expected a file ending .pdf or .html\n"
    )
    r = run_cli("endgame", pb, "--line", "0", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == (
        "error: --line: expected whole seconds from 1 to 60, got 0\n"
    )
    r = run_cli("endgame", pb, "--word-overhead", "-1", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == (
        "error: --word-overhead: expected whole seconds from 0 to 60, got -1\n"
    )
