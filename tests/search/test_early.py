"""The rules a person applies at the table, inside the plan and its proof: the rule of early
tries (play the words left as soon as they fit in the turns left) and exception rows before
the last openings; the builder's figures are the walk's, and verify replays both."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest
from helpers import NODES, sample

from playbook import model
from playbook.convert import openings_plan
from playbook.core.problem import Problem
from playbook.games.lingo import WordGame
from playbook.model import Move, Playbook, Row, TryWords
from playbook.replay import Replay
from playbook.search import tables
from playbook.search.openings import Opening
from playbook.search.rescue import EARLY, rescue, swap
from playbook.search.tables import TableSettings
from playbook.search.unfinder import Unfinder
from playbook.verify import verify


@pytest.fixture(scope="module")
def tight(dutch5: tuple[str, ...]) -> Problem:
    """One letter's 60 words under the TV rules (guesses start with the letter too), where
    three turns leave words that fixed openings do not find in time."""
    answers = sample([w for w in dutch5 if w[0] == "g"], 60, 3)
    return Problem.of(WordGame(length=5, turns=3), answers, answers, name="g")


def _plan(problem: Problem, t: tables.Tables) -> model.GroupPlan:
    score = problem.score(list(t.moves))
    return openings_plan(problem, Opening(t.moves, score, "test"), t)


def _replayed(problem: Problem, plan: model.GroupPlan, early: bool) -> dict[str, int]:
    """Turns the walk takes for each answer (past the limit too: tries go on)."""
    replay = Replay(problem.game, problem.answers, early)
    out = {}
    for a in problem.answers:
        found, history, why = replay.replay(plan, a)
        assert found, (a, why)
        out[a] = len(history)
    return out


def _turns(p: Problem, turns: int) -> Problem:
    """``p`` in a game of ``turns`` turns (the walk plays within the game's limit)."""
    return Problem.of(WordGame(length=5, turns=turns), p.guesses, p.answers, name=p.name)


def _openings(problem: Problem, k: int, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    return [int(r) for r in rng.choice(len(problem.guesses), size=k, replace=False)]


@pytest.mark.parametrize("turns", [3, 4, 5])
@pytest.mark.parametrize(
    ("early", "profile"), [(False, "simple"), (True, "simple"), (True, "lean"), (True, "list")]
)
def test_the_builder_counts_what_the_walk_plays(small_group, turns, early, profile) -> None:  # type: ignore[no-untyped-def]
    """Tables' total and unguaranteed words are what replaying the plan gives, for random
    openings of one to three words, with the rule of early tries and without, for each
    shape of table."""
    p = _turns(small_group, turns)
    for k, seed in itertools.product((1, 2, 3), range(4)):
        moves = _openings(p, k, seed)
        t = tables.after_openings(p, moves, turns, TableSettings(profile=profile, early=early))
        turns_of = _replayed(p, _plan(p, t), early)
        assert sum(turns_of.values()) == t.total, (moves, turns)
        late = sorted(a for a, n in turns_of.items() if n > turns)
        assert late == sorted(p.answers[c] for c in t.unguaranteed)


def test_early_tries_never_play_an_opening_when_the_words_left_fit(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    turns = 5
    for seed in range(6):
        moves = _openings(p, 3, seed)
        plan = _plan(p, tables.after_openings(p, moves, turns, EARLY))
        replay = Replay(p.game, p.answers, True)
        saved = 0
        for a in p.answers:
            _, history, _ = replay.replay(plan, a)
            for i, (w, _) in enumerate(history[: len(plan.openings)]):
                left = replay.still_possible(history[:i])
                if len(left) > turns - i:
                    assert w == plan.openings[i], (a, history)
                else:
                    # the rule takes over: a word left is tried (the next opening only
                    # where it is one)
                    assert w in left, (a, history)
                    saved += w != plan.openings[i]
                    break
        assert saved, "the openings should sometimes leave few enough words to try"


def test_early_tries_are_never_worse(small_group) -> None:  # type: ignore[no-untyped-def]
    """Trying the words left when they fit finds every word the plan finds in time, in no
    more turns on average."""
    p = small_group
    for seed in range(6):
        moves = _openings(p, 3, seed)
        plain = tables.after_openings(p, moves, 5)
        early = tables.after_openings(p, moves, 5, EARLY)
        assert set(early.unguaranteed) <= set(plain.unguaranteed)
        assert early.total <= plain.total


def test_exception_rows_rescue_words_the_openings_lose(tight) -> None:  # type: ignore[no-untyped-def]
    """Where fixed openings lose words, exception rows before the last opening find more of
    them in time, never fewer than any strategy must lose, and the walk agrees."""
    p, turns = tight, 3
    finder = Unfinder(p, limit=turns, nodes=NODES)
    fewest = finder.fewest(np.arange(len(p.answers)), turns)
    assert fewest is not None
    rescued_some = False
    for seed in range(8):
        moves = _openings(p, 2, seed)
        t = tables.after_openings(p, moves, turns, EARLY)
        r = rescue(p, t, turns, nodes=NODES)
        assert fewest <= len(r.unguaranteed) <= len(t.unguaranteed)
        rescued_some |= len(r.unguaranteed) < len(t.unguaranteed)
        plan = _plan(p, r)
        if any(part.depth < len(moves) for part in r.parts):
            assert any(len(row.feedback.split()) < len(moves) for row in plan.table or ())
        turns_of = _replayed(p, plan, True)
        assert sum(turns_of.values()) == r.total
        late = sorted(a for a, n in turns_of.items() if n > turns)
        assert late == sorted(p.answers[c] for c in r.unguaranteed)
    assert rescued_some, "some openings should leave words that an exception row rescues"


def test_a_swapped_opening_reaches_what_exception_rows_cannot(tight) -> None:  # type: ignore[no-untyped-def]
    """Where exception rows leave more words than any strategy must, one opening swapped for
    a first move of the exact search leaves no more, never fewer than the fewest, and the
    walk agrees with the figures."""
    p, turns = tight, 3
    fewest = Unfinder(p, limit=turns, nodes=NODES).fewest(np.arange(len(p.answers)), turns)
    assert fewest is not None
    swapped_some = False
    for seed in range(4):
        moves = _openings(p, 2, seed)
        r = rescue(p, tables.after_openings(p, moves, turns, EARLY), turns, nodes=NODES)
        s = swap(p, r, turns, nodes=NODES)
        assert fewest <= len(s.unguaranteed) <= len(r.unguaranteed)
        assert len(set(s.moves) ^ set(r.moves)) in (0, 2)  # one opening replaced, or none
        swapped_some |= s.moves != r.moves
        turns_of = _replayed(p, _plan(p, s), True)
        assert sum(turns_of.values()) == s.total
        late = sorted(a for a, n in turns_of.items() if n > turns)
        assert late == sorted(p.answers[c] for c in s.unguaranteed)
    assert swapped_some, "some openings should be worth a swap"


def test_a_swap_out_of_nodes_is_the_same_on_a_slow_machine(tight, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 58: what a swap keeps depends on the nodes it is given, never on the clock. With
    80 nodes the exact search runs out before any better opening, with 160 it finds one; and
    a Python clock that jumps an hour at every read (a machine under heavy load, which
    stopped the swap at once when its budget was seconds) gives the very same tables."""
    import time

    p, turns = tight, 3
    moves = _openings(p, 2, 0)
    base = rescue(p, tables.after_openings(p, moves, turns, EARLY), turns, nodes=NODES)
    assert swap(p, base, turns, nodes=80).moves == base.moves
    calm = swap(p, base, turns, nodes=160)
    assert calm.moves != base.moves and len(calm.unguaranteed) < len(base.unguaranteed)
    hours = iter(range(10**9))
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + 3600.0 * next(hours))
    loaded = swap(p, base, turns, nodes=160)
    monkeypatch.undo()
    assert (loaded.moves, loaded.unguaranteed, loaded.total, loaded.parts) == (
        calm.moves,
        calm.unguaranteed,
        calm.total,
        calm.parts,
    )


# ------------------------------------------------------------------ verify


def _playbook(p: Problem, plan: model.GroupPlan, early: bool) -> Playbook:
    return Playbook(
        name="t",
        game=p.game.rules(),
        words={"list": "t", "count": len(p.answers), "sha256": "0"},
        groups=(plan,),
        try_when_fit=early,
    )


def test_verify_replays_the_rule_the_playbook_records(small_group) -> None:  # type: ignore[no-untyped-def]
    """A plan made for early tries, read without the rule, reaches other rows and turns:
    verify follows what the playbook says, so the claim and the replay must agree."""
    p = small_group
    moves = _openings(p, 3, 1)
    plan = _plan(p, tables.after_openings(p, moves, 5, EARLY))
    good = verify(_playbook(p, plan, True), p.game, p.guesses, p.answers, check_claims=False)
    assert good.ok
    stats = good.groups[plan.group]
    claimed = dataclasses.replace(plan, stats=dataclasses.replace(stats, claimed=stats.to_dict()))
    assert verify(_playbook(p, claimed, True), p.game, p.guesses, p.answers).ok
    flipped = verify(_playbook(p, claimed, False), p.game, p.guesses, p.answers)
    assert not flipped.ok


def test_verify_rejects_exception_rows_that_cannot_occur(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    moves = _openings(p, 2, 0)
    plan = _plan(p, tables.after_openings(p, moves, 5, EARLY))
    first = p.guesses[moves[0]]
    # a row keyed by the first opening's feedback that no word gives (its own word solved)
    never = Row(p.game.format(p.game.solved), TryWords((p.answers[0],)))
    odd = dataclasses.replace(plan, table=(*(plan.table or ()), never))
    rep = verify(_playbook(p, odd, True), p.game, p.guesses, p.answers, check_claims=False)
    assert any("no word of the group reaches it" in x for x in rep.problems), rep.problems
    # three blocks after two openings
    key = " ".join(p.game.format(0) for _ in range(3))
    wrong = dataclasses.replace(plan, table=(*(plan.table or ()), Row(key, Move(first, None))))
    rep = verify(_playbook(p, wrong, True), p.game, p.guesses, p.answers, check_claims=False)
    assert any("3 feedback blocks; expected 1 to 2" in x for x in rep.problems), rep.problems


def test_verify_refuses_the_rule_where_guesses_are_not_answers() -> None:
    from playbook.games.hangman import Hangman

    game = Hangman(misses=6)
    answers = ["abc", "abd", "xyz"]
    guesses = list("abcdxyz")
    plan = model.GroupPlan(game.group_of("abc"), (), None, len(answers))
    pb = Playbook("h", game.rules(), {"list": "t", "count": 3, "sha256": "0"}, (plan,))
    rep = verify(dataclasses.replace(pb, try_when_fit=True), game, guesses, answers)
    assert any("try_when_fit: true, but hangman" in x for x in rep.problems), rep.problems


def test_the_rule_is_written_and_read_back(small_group) -> None:  # type: ignore[no-untyped-def]
    p = small_group
    plan = _plan(p, tables.after_openings(p, _openings(p, 2, 2), 5, EARLY))
    pb = _playbook(p, plan, True)
    text = model.dumps(pb)
    assert "\ntry_when_fit: true\n" in text and "# try_when_fit:" in text
    assert model.loads(text).try_when_fit
    assert "try_when_fit" not in model.dumps(_playbook(p, plan, False))
    assert not model.loads(model.dumps(_playbook(p, plan, False))).try_when_fit
