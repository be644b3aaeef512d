"""Play the proven best (issue 57): whole optimal trees as playbooks (``profile: optimal``),
verified with their stated total, shipped, followed by ``play``, and left for the best move on
the spot where the word is not one the tree was made for."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
import yaml
from helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import cli, config, model, play
from playbook.api import playing
from playbook.core.problem import Problem
from playbook.games import WordGame
from playbook.io import shipped
from playbook.pipeline import build
from playbook.pipeline.likely import tree_turns
from playbook.pipeline.session import Session
from playbook.search import greedy
from playbook.search.greedy import rule_order
from playbook.verify import verify

ROOT = Path(__file__).resolve().parents[2]


def test_the_optimal_profile_builds_the_proven_tree(tmp_path: Path) -> None:
    cfg = config.load(ROOT / "config" / "mastermind-4x6.yaml")
    result = build.build(cfg, n_jobs=1)
    (g,) = result.playbook.groups
    assert result.report.ok and g.method == "strategy optimal" and g.proven
    assert g.notes["optimum"] == {"total": 5626, "lower_bound": 5626, "proven": True}
    assert result.playbook.stats is not None and result.playbook.stats.worst == 5
    path = tmp_path / "mm.yaml"
    path.write_text(model.dumps(result.playbook))
    done = run_cli("verify", str(path), "--proofs", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # a total that replay does not give is refused, naming the note
    data = yaml.safe_load(path.read_text())
    data["groups"]["*"]["notes"]["optimum"]["total"] = 5625
    path.write_text(yaml.safe_dump(data))
    done = run_cli("verify", str(path), cwd=tmp_path)
    assert done.returncode == 1
    assert "groups.*.notes.optimum.total: recorded 5625, but replay counts 5626" in done.stdout


def test_a_first_guess_the_rules_do_not_allow_is_refused_before_the_search() -> None:
    cfg = config.override(
        config.load(ROOT / "config" / "mastermind-3x2.yaml"), **{"search.first": "1234"}
    )
    with pytest.raises(Exception, match=r"key 'search.first': '1234' is not among the 8 allowed"):
        build.build(cfg, n_jobs=1)


def test_a_single_answer_tree_states_the_largest_set_verify_counts() -> None:
    """A group of one answer: its first guess is the word, a set of one (was ``largest: 0``,
    which verify refused)."""
    cfg = config.load(ROOT / "config" / "mastermind-3x2.yaml")
    session = Session.open(cfg)
    problem = session.problem("*")
    one = dataclasses.replace(problem, answers=problem.answers[:1], F=problem.F[:, :1])
    from playbook.convert import tree_plan
    from playbook.search.trees import Probe

    plan = tree_plan(one, Probe(one.row_of[one.answers[0]], (), 1), "strategy optimal")
    pb = model.Playbook(
        name="one", game=session.game, game_section=session.rules_info,
        words=session.words_info, groups=(plan,), profile="strategy optimal",
    )  # fmt: skip
    report = verify(pb, session.game, session.guesses, one.answers)
    assert plan.largest == 1 and not report.problems, report.problems


def test_the_shipped_trees_are_the_optimum() -> None:
    for name, total in (("wordle", 7920), ("mastermind-4x6", 5626), ("mastermind-3x2", 18)):
        pb = model.load(str(shipped.path_of(shipped.index()[name])))
        (g,) = pb.groups
        assert g.proven and g.notes["optimum"]["total"] == total, name
        if name == "wordle":  # widened at the same total: fewer of the list's words lost
            widened = g.notes["list_words"]
            assert widened["lost"] < widened["lost_before"] and widened["trade_turns"] == 0
            # judged by the chance of the words lost first (the list's answer model)
            assert widened["chance_lost"] < widened["chance_lost_before"]
    assert model.load(str(shipped.path_of(shipped.index()["wordle"]))).groups[0].openings == (
        "salet",
    )


def test_play_follows_the_tree_and_leaves_it_for_a_word_it_was_not_made_for(
    tmp_path: Path,
) -> None:
    moves = "salet ...o. rownd xo... vichy ..... poker .o.oo boxer .o.oo"
    done = run_cli("play", "wordle", "--moves", moves, cwd=tmp_path)
    out = done.stdout
    assert "play: rownd" in out and "play: vichy" in out  # the tree's moves
    assert "the board has left the tree" in out
    # the sixth turn: fouer, gofer and gomer are left, and the likeliest is played
    assert "3 words possible: fouer gofer gomer" in out
    assert "play: gofer (off the tree, the last turn: the likeliest word still possible)" in out
    # off the tree before the last turn (gives): the most-parts rule's splitter
    done = run_cli("play", "wordle", "--moves", "salet x..o. rumor .....", cwd=tmp_path)
    assert "play: kindy (off the tree: the most-parts rule)" in done.stdout


def test_a_word_off_the_tree_is_still_found_where_time_allows() -> None:
    path = shipped.path_of(shipped.index()["wordle"])
    pb = model.load(str(path))
    session = Session.from_playbook(pb, str(path))
    # three editor's picks that were never among the 2,315
    turns = tree_turns(pb, session, {"guano", "kayak", "sally", "gofer", "gives"})
    assert all(turns[w] is not None and turns[w] <= 6 for w in ("guano", "kayak", "sally"))
    # a word of the list off the tree at its last turn is guessed, not split (it was lost)
    assert turns["gives"] == 6
    problem = session.problem("*")
    player = play.make_player(problem, pb.groups[0], "scm")
    # an answer of the tree: the tree alone, the turns its stats say
    assert play.follow(problem, player, "cigar") == tree_turns(pb, session, {"cigar"})["cigar"]


def test_play_rule_optimal_follows_the_proven_tree(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "mastermind-3x2", "--rule", "optimal", "--moves", "112 3b"]) == 0
    out = capsys.readouterr().out
    assert "solved: 112 after 1 turn" in out and "the playbook: 1 turn" in out
    # a group the exact search does not prove within the budget: refused in one line
    monkeypatch.setattr(playing, "OPTIMAL_BUDGET", 0.001)
    code = cli.main(["play", "lingo-nl-5", "--rule", "optimal", "--letter", "s", "--moves", ""])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert "--rule optimal: the optimum of 's' is not proven within 0.001 s" in err
    assert "playbook strategy lingo-nl-5 --rule optimal --budget SECONDS" in err


def test_the_hard_mode_tree_keeps_what_was_revealed(tmp_path: Path) -> None:
    """wordle-hard: salet's tree under Wordle's hard mode (8,122 guesses), replayed under the
    rule; a move that drops a revealed letter is refused by verify and by play."""
    path = shipped.path_of(shipped.index()["wordle-hard"])
    pb = model.load(str(path))
    (g,) = pb.groups
    assert pb.game.rules()["keep_revealed"] is True
    assert g.openings == ("salet",) and g.notes["optimum"]["total"] == 8122
    # break the rule at one move: verify names the answer and the rule
    data = yaml.safe_load(path.read_text())
    rows = data["groups"]["*"]["table"]
    row = next(r for r in rows if r.get("move") and r["feedback"] == "o....")
    row["move"] = "crumb"  # drops the s salet placed
    edited = tmp_path / "edited.yaml"
    edited.write_text(yaml.safe_dump(data))
    done = run_cli("verify", str(edited), cwd=tmp_path)
    assert done.returncode == 1 and "Wordle's hard mode: crumb drops" in done.stdout
    refused = run_cli("play", "wordle-hard", "--moves", "salet ...o. rownd xo...", cwd=tmp_path)
    assert refused.returncode == 2
    assert "Wordle's hard mode: rownd drops a letter the feedback so far revealed" in refused.stdout


def test_wordle_s_hard_mode_is_wordle_s_rule_only(tmp_path: Path) -> None:
    bad = tmp_path / "c.yaml"
    bad.write_text("name: c\ngame: lingo\nrules:\n  keep_revealed: true\n")
    done = run_cli("build", str(bad), "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2
    assert "key 'rules.keep_revealed': Wordle's hard mode is Wordle's rule" in done.stderr
    hard = run_cli("build", "wordle-hard", "--out", str(tmp_path), cwd=tmp_path)
    assert hard.returncode == 2 and "scripts/wordle_hard_mode.py --playbook" in hard.stderr


def _small_wordle(turns: int) -> tuple[object, object]:
    """A Wordle of ``turns`` turns on 400 words of the bundled list, 80 of them answers: a
    tree that cannot find every word of the list in time."""
    from playbook.core.problem import Problem
    from playbook.games import Wordle

    path = shipped.path_of(shipped.index()["wordle"])
    session = Session.from_playbook(model.load(str(path)), str(path))
    words = tuple(session.guesses[::32][:400])
    answers = words[::5]
    game = Wordle(turns=turns)
    return Problem.of(game, words, answers, name="*"), Problem.of(game, words, words, name="*")


@pytest.mark.parametrize(("trade", "weighted"), [(0, False), (1, False), (0, True)])
def test_widening_a_tree_keeps_its_total_and_counts_the_lost_words_as_play_does(
    trade: int, weighted: bool
) -> None:
    """The words lost, as widen counts them, are those play loses following the tree; with
    the list's chances (weighted), play's last turn off the tree plays the likeliest word,
    and widen weighs the words it loses by their chances, as play loses them."""
    import functools

    from playbook import words
    from playbook.pipeline import planners
    from playbook.search.widen import widen

    problem, every = _small_wordle(3)
    plan = planners.plan_optimal(problem, 3, 20.0, None)
    listed = every.answers  # type: ignore[attr-defined]
    chance = np.asarray(words.chance_of(listed, "en")) if weighted else None
    w = widen(plan, problem, every, trade, penalty=1, chance=chance)  # type: ignore[arg-type]

    def lost(p: model.GroupPlan) -> tuple[int, int, float]:
        """What play does: every word of the list followed, the tree then the rule."""
        spent, missed, weight = 0, 0, 0.0
        off = functools.partial(play.OffTreePlayer.of, chances=lambda ws: chance)
        for i, word in enumerate(listed):
            player = play.make_player(problem, p, "most-parts")
            turns = play.follow(problem, player, word, every, off)  # type: ignore[arg-type]
            missed += turns is None
            weight += chance[i] if chance is not None and turns is None else 0.0
            if word in problem.answers:  # type: ignore[attr-defined]
                spent += turns or 0
        return spent, missed, weight

    before, after = lost(plan), lost(w.plan)
    assert (before[1], after[1]) == (w.lost_before, w.lost_after)  # the count is play's
    assert w.lost_before > 0
    total = plan.notes["optimum"]["total"]
    if weighted:  # the chance lost is play's, and no more than before
        assert w.chance_before == pytest.approx(before[2]) and w.chance_after == pytest.approx(
            after[2]
        )
        assert w.chance_after is not None and w.chance_before is not None
        assert w.chance_after <= w.chance_before
    else:
        assert w.lost_after <= w.lost_before and w.chance_after is None
    if trade == 0:
        assert after[0] == before[0] == total and w.total == total  # the proven total kept
    else:
        # each subtree replaced costs at most one turn more, and saves more words than that
        assert total <= w.total <= total + w.nodes
        assert w.lost_before - w.lost_after > w.total - total


@settings(max_examples=150)
@given(data=st.data())
def test_a_rule_s_pick_is_the_first_of_its_order(small_group: Problem, data: st.DataObject) -> None:
    """The pick's shortcuts (a word still possible that tells all apart, else the first guess
    that does) choose what ranking every guess chooses, for each rule, in hard mode too."""
    n = len(small_group.answers)
    cols = np.array(
        sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=3, max_size=12))), dtype=np.int64
    )
    rule = data.draw(st.sampled_from(["scm", "minimax", "most-parts", "expected-size", "entropy"]))
    allowed = None
    if data.draw(st.booleans()):  # hard mode: some guesses not allowed, the possible ones are
        size = len(small_group.guesses)
        allowed = np.array(data.draw(st.lists(st.booleans(), min_size=size, max_size=size)))
        rows = small_group.answer_rows[cols]
        allowed[rows[rows >= 0]] = True
    cands = np.arange(len(small_group.guesses), dtype=np.int64)
    if allowed is not None:
        cands = np.flatnonzero(allowed).astype(np.int64)
    assert (
        greedy.pick(small_group, rule, cols, allowed)
        == rule_order(small_group, rule, cols, cands)[0]
    )


def test_the_pick_s_shortcuts_are_taken() -> None:
    """Both shortcuts are met: a set that a word of its own tells apart (the first such in
    list order), and one that only a word outside it does (the rules' order agrees)."""
    game = WordGame(length=3, turns=6)
    cols = np.arange(3, dtype=np.int64)
    own = Problem.of(game, ["abd", "abc", "xyz"], ["abc", "abd", "xyz"])
    assert greedy.perfect_answer(own, cols) == 0  # abd: abc, abd and xyz all differ
    assert greedy.pick(own, "scm", cols) == 0
    outside = Problem.of(game, ["bax", "bay", "baz", "yza"], ["bax", "bay", "baz"])
    assert greedy.perfect_answer(outside, cols) == -1  # each ba? word leaves two alike
    for rule in ("scm", "most-parts", "entropy"):
        everyone = np.arange(4, dtype=np.int64)
        assert greedy.pick(outside, rule, cols) == 3 == rule_order(outside, rule, cols, everyone)[0]
