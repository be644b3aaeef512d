"""The game registry: Mastermind and Hangman rules, known figures, strategies that verify."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest
from helpers import BUDGET, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import config, model, play
from playbook.core.problem import Problem
from playbook.engines import kernels
from playbook.errors import ConfigError
from playbook.games import GAMES, Hangman, Mastermind, Wordle, find_game, from_rules
from playbook.pipeline import strategies
from playbook.search import hangman as hangman_search

ROOT = Path(__file__).resolve().parents[2]
MM = Mastermind(pegs=4, colours=6, turns=5)


def test_registry_lists_names() -> None:
    assert set(GAMES) == {"lingo", "wordle", "mastermind", "hangman"}
    with pytest.raises(ConfigError, match="allowed: hangman, lingo, mastermind, wordle"):
        find_game("chess")
    assert from_rules(MM.rules()) == MM
    assert from_rules({"name": "wordle", "length": 5, "turns": 6, "revealed": "none"}) == Wordle()


def test_mastermind_feedback_examples() -> None:
    # ABBA vs AAAB: 1 black, 2 white (A=1, B=2)
    assert MM.format(MM.feedback("1112", "1221")) == "1b2w"
    assert MM.format(MM.feedback("1221", "1112")) == "1b2w"
    assert MM.feedback("1234", "1234") == MM.solved
    assert MM.parse("1b2w") == MM.feedback("1112", "1221")
    with pytest.raises(ValueError, match="impossible"):
        MM.parse("3b1w")
    codes = MM.generated_words()
    assert len(codes) == 1296 and codes[0] == "1111" and codes[-1] == "6666"
    assert list(codes) == sorted(codes)  # numeric order
    # 14 distinct answers for 4 pegs
    F = MM.matrix(codes, codes)
    assert len(np.unique(F)) == 14


@given(
    st.integers(1, 4).flatmap(
        lambda p: st.tuples(
            st.just(p),
            st.integers(2, 6).flatmap(
                lambda c: st.tuples(
                    st.just(c),
                    st.lists(st.text("123456"[:c], min_size=p, max_size=p), min_size=1, max_size=8),
                    st.lists(st.text("123456"[:c], min_size=p, max_size=p), min_size=1, max_size=8),
                )
            ),
        )
    )
)
@settings(max_examples=150, deadline=None)
def test_mastermind_kernel_equals_reference(case) -> None:  # type: ignore[no-untyped-def]
    pegs, (colours, guesses, answers) = case
    game = Mastermind(pegs=pegs, colours=colours)
    assert np.array_equal(game.matrix(guesses, answers), game.reference_matrix(guesses, answers))


@pytest.mark.parametrize(
    ("opening", "largest", "parts"),
    [
        ("1122", 256, 13),
        ("1123", 276, 14),
        ("1234", 312, 14),
        ("1112", 317, None),
        ("1111", 625, None),
    ],
)
def test_mastermind_opening_partitions(opening: str, largest: int, parts: int | None) -> None:
    codes = MM.generated_words()
    row = MM.matrix([opening], codes)[0]
    counts = np.bincount(row)
    assert counts.max() == largest
    if parts is not None:
        assert np.count_nonzero(counts) == parts


def test_knuth_minimax_guarantees_five() -> None:
    cfg = config.load(ROOT / "config" / "mastermind-4x6.yaml")
    result = strategies.play_rule(cfg, "minimax")
    s = result.summary()
    assert (s["first_guess"], s["total"], s["worst"]) == ("1122", 5801, 5)
    assert result.report.ok


def test_strategy_tree_out_passes_verify(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "tree.yaml"
    r = run_cli(
        "strategy", "mastermind-4x6", "--rule", "scm", "--json", "--out", str(out), cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert set(data) >= {"rule", "first_guess", "total", "average", "worst", "distribution"}
    assert sum(data["distribution"].values()) == 1296
    v = run_cli("verify", str(out), "--quiet", cwd=tmp_path)
    assert v.returncode == 0, v.stdout
    pb = model.load(str(out))
    assert pb.stats is not None and pb.stats.words == 1296
    # a rule whose tree needs a sixth guess: reported, and the exit code says so
    r = run_cli("strategy", "mastermind-4x6", "--rule", "expected-size", "--json", cwd=tmp_path)
    data = json.loads(r.stdout)
    assert r.returncode == 1
    assert (data["total"], data["worst"], data["distribution"]["6"]) == (5696, 6, 3)
    assert data["failures"] == 3


def test_wordle_rank_classics() -> None:
    cfg = config.load(ROOT / "config" / "wordle.yaml")
    firsts = {
        rule: strategies.rank(cfg, rule, top=1)[0]["guess"]
        for rule in ("expected-size", "entropy", "minimax", "most-parts")
    }
    assert firsts == {
        "expected-size": "roate",
        "entropy": "soare",
        "minimax": "arise",
        "most-parts": "trace",
    }


def test_mastermind_rank_folds_symmetric_guesses() -> None:
    # 1122, 1133, 2211, ... split the codes alike: the game's symmetry keeps one of each
    cfg = config.load(ROOT / "config" / "mastermind-4x6.yaml")
    rows = strategies.rank(cfg, "minimax", top=10)
    assert [r["guess"] for r in rows] == ["1122", "1123", "1234", "1112", "1111"]
    assert [r["largest"] for r in rows] == [256, 276, 312, 317, 625]  # Knuth's partitions
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]


# ---------------------------------------------------------------- hangman


def test_hangman_feedback() -> None:
    h = Hangman(misses=6)
    assert h.format(h.feedback("a", "banana")) == "2,4,6"
    assert h.feedback("z", "banana") == 0 and h.cost(0) == 1
    assert h.parse("2,4,6") == h.feedback("a", "banana")
    assert h.feedback("banana", "banana") != 0 and h.feedback("banane", "banana") == 0
    ws = ["banana", "apple", "kiwi", "fig"]
    letters = list("abcdefghijklmnopqrstuvwxyz")
    assert np.array_equal(h.matrix(letters, ws), h.reference_matrix(letters, ws))


@functools.cache
def _brute(F_bytes: bytes, shape: tuple[int, int], cols: tuple[int, ...]) -> int:
    return brute_worst(np.frombuffer(F_bytes, dtype=np.uint16).reshape(shape), cols)


def brute_worst(F: np.ndarray, cols: tuple[int, ...]) -> int:
    """Fewest worst-case misses by plain recursion over every letter and every answer of the
    host (no pruning, no bounds; identical sub-problems are cached)."""
    if len(cols) == 1:
        return 0
    best = None
    for letter in range(F.shape[0]):
        codes = {}
        for c in cols:
            codes.setdefault(int(F[letter, c]), []).append(c)
        if len(codes) == 1:
            continue
        key = np.ascontiguousarray(F, dtype=np.uint16)
        v = max(
            (1 if code == 0 else 0) + _brute(key.tobytes(), key.shape, tuple(p))
            for code, p in codes.items()
        )
        best = v if best is None else min(best, v)
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(6))
def test_hangman_exact_equals_brute_force(dutch5, seed: int) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    ws = sorted(rng.choice(dutch5, size=9, replace=False).tolist())
    p = Problem.of(Hangman(max_length=5), list("abcdefghijklmnopqrstuvwxyz"), ws, name="5")
    F = p.F
    for family_bound in (False, True):
        r = hangman_search.solve_length(p, budget=BUDGET, family_bound=family_bound)
        assert r.exact == brute_worst(F, tuple(range(len(ws))))
        assert max(hangman_search.misses(r.tree, F).values()) == r.exact
        assert r.greedy >= r.exact
        # the cheating host never does better than the worst case of the tree
        assert hangman_search.cheating_host(r.tree)[0] <= r.exact


def test_hangman_family_bound_leaves_out_a_letter_found_elsewhere() -> None:
    # chat, what, phat, ghat, that differ at the first letter only, but the t of "that" is a
    # hit on all of them (their last letter): guessing t tells "that" apart for nothing, so the
    # five need 3 misses, not 4; the bound once said 4 (and so cut the search wrongly)
    ws = ["chat", "ghat", "phat", "that", "what"]
    p = Problem.of(Hangman(max_length=4), list("abcdefghijklmnopqrstuvwxyz"), ws, name="4")
    cols = np.arange(len(ws), dtype=np.int64)
    ids = hangman_search.family_ids(ws)
    bound = kernels.family_bound(ids, cols, int(ids.max()) + 1)
    truth = brute_worst(p.F, tuple(range(len(ws))))
    assert truth == 3 and bound == 3
    r = hangman_search.solve_length(p, budget=BUDGET)
    assert r.exact == 3


def test_hangman_family_needs_misses() -> None:
    # bill, fill, hill, kill, mill, pill, sill, till, will: only the first letter differs
    ws = [c + "ill" for c in "bfhkmpstw"]
    p = Problem.of(Hangman(max_length=4), list("abcdefghijklmnopqrstuvwxyz"), ws, name="4")
    r = hangman_search.solve_length(p, budget=BUDGET, family_bound=False)
    assert r.exact == len(ws) - 1  # each guess of a first letter rules out one word


def test_what_a_history_costs_is_summed_in_one_place() -> None:
    """``Game.spent`` is the one sum of a history's cost (turns, hangman's misses): a second
    copy written elsewhere in the package would drift from it (issue 27)."""
    import re

    package = ROOT / "playbook"
    copies = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in package.rglob("*.py")
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if re.search(r"\.cost\(\w+\) for ", line) and p.name != "base.py"
    ]
    assert copies == []
    game = Hangman()
    history = [("e", 0), ("a", 2), ("s", 0)]
    assert game.spent(history) == 2 and Wordle().spent(history) == 3


@pytest.mark.parametrize("rule", ["scm", "minimax"])
def test_hangman_rule_player_tries_the_last_words(dutch5, rule: str) -> None:  # type: ignore[no-untyped-def]
    # with one or two words left the rule tries the first of them: in hangman a word is not a
    # guess row, so the move is the word itself (it once became guess row -1, the letter z)
    ws = sorted(np.random.default_rng(3).choice(dutch5, size=40, replace=False).tolist())
    p = Problem.of(Hangman(max_length=5), list("abcdefghijklmnopqrstuvwxyz"), ws, name="5")
    player = play.RulePlayer(p, rule)
    games = [play.play_game(p, player, answer=w) for w in ws]
    assert all(g.won for g in games)
    assert all(g.moves[-1][0] == g.answer for g in games)  # found by trying the word
    assert max(Hangman().spent(g.moves) for g in games) <= 26


def test_hangman_minimax_playbook_is_verified_with_its_proof(tmp_path: Path) -> None:
    """``hangman-en-minimax`` plays without a loss (26 misses), so its playbook holds each
    length's exact minimax tree and ``verify`` finds every word; ``--proofs`` re-decides the
    recorded minimax. Twelve letters (3,199 words): 3 misses, one more for the greedy rule."""
    from helpers import run_cli

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "out"
    r = run_cli("build", "hangman-en-minimax", "--letters", "12,", "--out", str(out), cwd=root)
    assert r.returncode == 0, r.stderr
    (pb,) = (out / "hangman-en-minimax").glob("playbook*.yaml")
    data = model.load(str(pb))
    (group,) = data.groups
    assert group.notes["exact_misses"] == 3 and group.notes["lower_bound"] == 3
    assert group.notes["verdict"] == "every word within 25 misses"
    from playbook import api

    good = api.verify_playbook(data, str(pb), proofs=True)
    assert good.exit_code == 0, good.lines()
    assert any(x.startswith("proofs: re-decided") for x in good.lines())
    # a tampered figure is caught by the proof
    text = pb.read_text().replace("exact_misses: 3", "exact_misses: 2")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    caught = api.verify_playbook(model.load(str(bad)), str(bad), proofs=True)
    assert caught.exit_code == 1 and any("exact minimax gives 3" in x for x in caught.lines())
