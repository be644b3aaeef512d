"""The answer model (issue 43): which words a plan promises, recorded and replayed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import yaml
from helpers import run_cli, sample

from playbook import config, memory, model, words
from playbook.core.problem import Problem
from playbook.errors import ConfigError
from playbook.games import WordGame
from playbook.model import GroupPlan, Move, Row, TryWords
from playbook.pipeline import build, choices, likely
from playbook.pipeline.session import Session
from playbook.replay import word_turns
from playbook.search import tables
from playbook.search.tables import TableSettings
from playbook.search.trees import Probe
from playbook.spelling import Spelling
from playbook.verify import verify

ROOT = Path(__file__).resolve().parents[2]


def test_frequencies_come_from_the_bundled_wordfreq_figures() -> None:
    nl = words.frequencies("nl")
    assert (nl["tafel"], nl["kamer"], nl["waxen"]) == (4.83, 5.28, 2.69)
    assert "gebep" not in nl and "waven" not in nl  # no measurable frequency
    assert words.frequencies("en")["house"] > 5
    # a word the list writes with IJ as one letter is looked up as it is written
    assert words.zipf_of(["\u0133sje", "gebep"], "nl", {}) == [nl["ijsje"], 0.0]
    with pytest.raises(words.WordListError, match="no word frequencies for language 'xx'"):
        words.frequencies("xx")


def test_common_words_by_threshold_or_the_most_common_per_length() -> None:
    ws = ["aaaaa", "bbbbb", "ccccc", "dddddd", "eeeeee", "fffff"]
    zipf = [3.0, 2.5, 0.0, 4.0, 1.0, 2.49]
    assert words.common_words(ws, zipf, min_zipf=2.5, most_common=None) == (
        "aaaaa",
        "bbbbb",
        "dddddd",
    )
    # a word with no frequency is never common, even at threshold 0
    assert "ccccc" not in words.common_words(ws, zipf, min_zipf=0.0, most_common=None)
    # the two most frequent of each length, in list order
    assert words.common_words(ws, zipf, min_zipf=None, most_common=2) == (
        "aaaaa", "bbbbb", "dddddd", "eeeeee",
    )  # fmt: skip


@pytest.fixture(scope="module")
def common_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, model.Playbook]:
    """The TV config under the common model (Zipf >= 2.5) built for n, u and x, saved as
    YAML."""
    cfg = config.override(
        config.load(ROOT / "config" / "lingo-nl-5-tv.yaml"),
        n_jobs=1,
        **{
            "render.formats": "yaml",
            "search.restarts": 20,
            "words.answer_model": "common",
            "words.min_zipf": 2.5,
        },
    )
    result = build.build(cfg, letters=("n", "u", "x"))
    assert result.report.ok
    folder = tmp_path_factory.mktemp("common")
    path = folder / "playbook.yaml"
    path.write_text(model.dumps(result.playbook))
    return path, result.playbook


def test_the_common_model_plans_for_the_common_words_and_guesses_any(common_build) -> None:  # type: ignore[no-untyped-def]
    _, pb = common_build
    info = pb.words
    assert info.answer_model == "common" and info.min_zipf == 2.5
    nl = words.frequencies("nl")
    every = words.load("opentaal-nl", length=5, ij_letter=True).words
    common = [w for w in every if nl.get(w.replace("\u0133", "ij"), 0) >= 2.5]
    assert info.answers_count == len(common) < (info.count or 0) == len(every)
    assert info.answers_sha256 == words.words_sha256(common)
    found = {g.group: g.stats.words for g in pb.groups if g.stats is not None}
    assert found == {c: sum(1 for w in common if w[0] == c) for c in "nux"}
    # every guess of the plans is a word of the list; some are not common words
    played = {w for g in pb.groups for w in g.openings}
    assert played <= set(every)


def test_verify_replays_the_model_and_refuses_an_edited_one(common_build, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path, _ = common_build
    ok = run_cli("verify", str(path), cwd=path.parent)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    data = yaml.safe_load(path.read_text())
    data["words"]["min_zipf"] = 3.0  # other answers than the plan was made and checked for
    edited = tmp_path / "edited.yaml"
    edited.write_text(yaml.safe_dump(data, allow_unicode=True))
    r = run_cli("verify", str(edited), cwd=tmp_path)
    assert r.returncode != 0 and "words.answers_sha256" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    data["words"]["answer_model"] = "likely"
    edited.write_text(yaml.safe_dump(data, allow_unicode=True))
    r = run_cli("verify", str(edited), cwd=tmp_path)
    assert (
        r.returncode == 2
        and "words.answer_model: 'likely'; allowed: all, common, picks, weighted" in r.stderr
    )


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("words_section", "message"),
    [
        (
            "  answer_model: common\n  answers: other.txt\n",
            "key 'words.answer_model': 'common' picks the answers from the word list, and "
            "words.answers names a list of its own; set one",
        ),
        ("  most_common: 100\n", "key 'words.most_common': belongs to answer_model: common"),
        ("  answer_model: common\n  min_zipf: 9\n", "key 'words.min_zipf': 9 is out of range"),
        (
            "  answer_model: likely\n",
            "'likely' is not allowed; allowed: all, common, picks, weighted",
        ),
        ("  answer_model: common\n  min_zipf: high\n", "expected a number, got 'high'"),
    ],
)
def test_bad_answer_models_are_one_line_errors(
    tmp_path: Path, words_section: str, message: str
) -> None:
    text = f"name: t\ngame: lingo\nwords:\n  list: opentaal-nl\n{words_section}"
    with pytest.raises(ConfigError, match=None) as exc:
        choices.load(_written(tmp_path / "t.yaml", text))  # as the command line reads it
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_the_common_model_needs_a_list_of_known_language(tmp_path: Path) -> None:
    (tmp_path / "w.txt").write_text("tafel\nkamer\n")
    (tmp_path / "c.yaml").write_text(
        "name: c\ngame: lingo\nwords:\n  list: w.txt\n  answer_model: common\n"
    )
    r = run_cli("build", "c.yaml", "--out", "out", cwd=tmp_path)
    assert r.returncode == 2 and "key 'words.answer_model'" in r.stderr
    assert "needs word frequencies" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists()


def _probe_depth(node: object) -> int:
    """Exception moves one after another in ``node``, at the deepest."""
    if not isinstance(node, Probe):
        return 0
    return 1 + max((_probe_depth(child) for _, child in node.children), default=0)


def test_capped_exception_moves_never_nest_deeper(dutch5: tuple[str, ...]) -> None:
    """With ``probes`` capped, no chain of exception moves is longer; where the free plan is
    within the cap the capped one is no worse, and 0 means try lists only."""
    answers = [w for w in dutch5 if w.startswith("k")][:60]
    guesses = sorted(set(sample(dutch5, 90, 7)) | set(answers))
    problem = Problem.of(WordGame(length=5, turns=5), guesses, answers, name="k")
    cols = list(range(len(answers)))

    def key(s: tables.Solved) -> tuple[int, int]:
        return (max(s.worst - 3, 0), s.total)

    free = tables.solve(problem, cols, 3, TableSettings(profile="simple"))
    assert _probe_depth(free.node) >= 2  # the case the cap is for
    previous = free
    for cap in (0, 1, 2, 3):
        capped = tables.solve(problem, cols, 3, TableSettings(profile="simple", probes=cap))
        assert _probe_depth(capped.node) <= cap
        if _probe_depth(free.node) <= cap:
            assert key(capped) <= key(free)
        if cap == 0:
            assert not isinstance(capped.node, Probe)
        else:  # one move more allowed finds no fewer words in time
            assert capped.worst <= previous.worst
        previous = capped


def test_memory_counts_how_deep_triggers_nest() -> None:
    inner = (Row("x....", TryWords(("bavet",))),)
    deeper = (Row("o.x.x", Move("bavet", (Row("o..o.", Move("bedam", None)),))),)
    flat = GroupPlan("b", ("breek",), (Row("o..o.", Move("bingo", inner)),))
    nested = GroupPlan("b", ("breek",), (Row("o..o.", Move("bingo", deeper)),))
    assert memory.of_plan(flat).nesting == 0 and memory.of_plan(nested).nesting == 2
    assert (memory.of_plan(flat) + memory.of_plan(nested)).nesting == 2


def test_word_turns_follow_the_plan_then_the_words_still_possible(dutch5: tuple[str, ...]) -> None:
    """Answers are replayed as verify does (the same distribution); a word the plan was not
    made for plays the openings, the answers still possible in list order, then every word
    still possible in list order: checked against that walk written out here."""
    game = WordGame(length=5, turns=5)
    group = [w for w in dutch5 if w.startswith("k")][:80]
    answers, others = group[::2], group[1::2]
    plan = GroupPlan("k", (answers[0], answers[7]), None)
    turns = word_turns(model.Playbook("t", game.record(), {}, (plan,)), game, answers, others)

    def walk(word: str, pool: list[str]) -> int | None:
        history: list[tuple[str, int]] = []
        for guess in plan.openings:
            history.append((guess, game.feedback(guess, word)))
            if guess == word:
                return len(history)
        for candidates in (answers, pool):
            for guess in candidates:
                if len(history) >= 5:
                    return None
                if guess in {g for g, _ in history} or not game.fits(guess, history):
                    continue
                history.append((guess, game.feedback(guess, word)))
                if guess == word:
                    return len(history)
        return None

    for w in answers:
        assert turns[w] == walk(w, []), w
    for w in others:
        assert turns[w] == walk(w, sorted(group)), w
    assert sum(t is not None for t in turns.values()) > len(group) // 2
    report = verify(model.Playbook("t", game.record(), {}, (plan,)), game, group, answers)
    found = [t for w, t in turns.items() if w in answers and t is not None]
    assert dict(Counter(found)) == dict(report.overall.distribution)


def test_likely_try_lists_put_the_most_used_word_first_where_it_keeps_the_guarantee(
    small_group: Problem,
) -> None:
    cols = [0, 1, 2]
    weights = np.zeros(len(small_group.answers))
    weights[2], weights[0], weights[1] = 100.0, 10.0, 1.0
    roomy = tables.lean_try(small_group, cols, 5, weights)
    assert roomy.node.cols == (2, 0, 1) and roomy.worst <= 5
    assert tables.lean_try(small_group, cols, 5).node.cols == (0, 1, 2)  # list order
    # one turn for two words: a coin flip, the likelier word first
    flip = tables.lean_try(small_group, [0, 1], 1, weights)
    assert flip.node.cols[0] == 0 and tables.leaves_failing(flip, 1) == [1]
    weights[1] = 50.0
    assert tables.lean_try(small_group, [0, 1], 1, weights).node.cols[0] == 1


def test_likely_figures_of_the_common_plan(common_build) -> None:  # type: ignore[no-untyped-def]
    path, pb = common_build
    session = Session.from_playbook(pb, str(path))
    fig = likely.measure(pb, session)
    assert fig.answers == sum(1 for a in session.answers if a[0] in "nux") == pb.stats.words
    assert fig.lost_chance == 0.0
    rare = [w for w in session.guesses if w[0] in "nux" and w not in set(session.answers)]
    assert fig.rare == len(rare) and 0 < fig.rare_found <= fig.rare
    # by hand: the frequencies as weights, every answer found
    turns = word_turns(pb, session.game, session.answers)
    nl = words.frequencies("nl")
    w = {a: 10 ** nl[a.replace("\u0133", "ij")] for a in session.answers if a[0] in "nux"}
    mine = {a: t for a, t in turns.items() if a in w}
    by_hand = sum(mine[a] * w[a] for a in w) / sum(w.values())
    assert abs(fig.weighted_average - by_hand) < 1e-9


def test_a_trap_family_shows_each_word_s_chance() -> None:
    from playbook.render.chances import with_chances

    nl = words.frequencies("nl")
    shown = with_chances(("gevit", "gewit"), Spelling(), "nl")
    share = 10 ** nl["gewit"] / (10 ** nl["gewit"] + 10 ** nl.get("gevit", min(nl.values())))
    assert shown[1] == f"gewit ({100 * share:.0f}%)" and shown[0].startswith("gevit (")
    assert sum(int(s.split("(")[1].rstrip("%)")) for s in shown) in (99, 100, 101)
    assert with_chances(("gevit", "gewit"), Spelling(), None) == ["gevit", "gewit"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--configs", "lingo-nl-5-tv,nope"], "--configs: 'nope' is not a bundled config"),
        (["--configs", "lingo-nl-5-tv+fast"], "'lingo-nl-5-tv+fast' is not a bundled config"),
        (["--out", "a-file/x"], "--out: a-file is a file, not a folder"),
    ],
)
def test_likely_words_script_refuses_bad_arguments_before_any_build(
    tmp_path: Path, args: list[str], message: str
) -> None:
    from helpers import run_script

    (tmp_path / "a-file").write_text("")
    r = run_script("likely_words.py", args, tmp_path)
    assert r.returncode == 2 and message in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not list(tmp_path.glob("*/*"))


def test_the_weighted_model_guarantees_every_word_and_tries_the_most_used_first() -> None:
    cfg = config.override(
        config.load(ROOT / "config" / "lingo-nl-5-tv-all.yaml"),
        n_jobs=1,
        **{"render.formats": "yaml", "search.restarts": 20, "words.answer_model": "weighted"},
    )
    result = build.build(cfg, letters=("j", "o"))
    pb = result.playbook
    assert result.report.ok and pb.words.answer_model == "weighted"
    assert pb.words.answers_sha256 is None  # every word of the list is an answer
    nl = words.frequencies("nl")
    lists = [
        r.row.node.words
        for g in pb.groups
        for r in model.walk_rows(g.table)
        if isinstance(r.row.node, TryWords) and r.row.node.words and len(r.row.node.words) > 1
    ]
    zipf = [[nl.get(w.replace("\u0133", "ij"), 0.0) for w in ws] for ws in lists]
    likely_first = [z for z in zipf if z == sorted(z, reverse=True) and z != sorted(z)]
    assert likely_first and len(likely_first) >= len(lists) // 2


def test_play_follows_a_rarer_word_through_the_card_s_fallback(common_build) -> None:  # type: ignore[no-untyped-def]
    """A word the plan was not made for: play follows the plan, then (where no answer gives
    the feedback) the words of the list that fit, in list order; the same turns as
    :func:`word_turns` measures, for every rare word of u and x."""
    from playbook import play

    path, pb = common_build
    session = Session.from_playbook(pb, str(path))
    game = session.game
    mine = set(session.answers)
    checked = 0
    for letter in "ux":
        plan = pb.group(letter)
        rare = [w for w in session.guesses if w[0] == letter and w not in mine]
        answers = [a for a in session.answers if a[0] == letter]
        turns = word_turns(pb, game, answers, rare)
        # the fallback's problem is made the first time feedback fits no answer, at most once
        # a game, and never for a game of an answer (it took 1.2 s before Wordle's first prompt)
        for word in [*rare, *answers[:5]]:
            made: list[str] = []

            def rare_of(letter: str = letter, made: list[str] = made) -> object:
                made.append(letter)
                return session.rare(letter)

            problem = session.problem(letter)
            player = play.make_player(problem, plan, "scm", early=pb.try_when_fit)
            helper = play.Assistant(problem, player, session.spelling, rare_of=rare_of)  # type: ignore[arg-type]
            said = ""
            for _ in range(5):
                move = helper.suggestion()
                assert move is not None, (word, said)
                said = helper.handle(f"{move} {game.format(game.feedback(move, word))}")
                assert not helper.refused, (word, said)
                if helper.finished:
                    break
            found = helper.finished and not helper.lost and helper.history[-1][0] == word
            assert len(made) <= (1 if word in rare else 0), (word, made)
            if word in rare:
                assert (len(helper.history) if found else None) == turns[word], (word, said)
                checked += 1
            else:
                assert found, (word, said)
    assert checked > 10


def test_the_card_shows_one_plan_per_rules_beside_the_paper_s(common_build, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Beside the paper's plan the card shows one TV plan, the common words' one, however many
    TV plans of the list were built (the whole list's, variants): a card of two columns."""
    import dataclasses

    from playbook.pipeline import outputs

    _, tv = common_build
    whole = dataclasses.replace(tv.words, answer_model="all", min_zipf=None)
    built = {
        "lingo-nl-5-tv-all": dataclasses.replace(tv, name="lingo-nl-5-tv-all", words=whole),
        "lingo-nl-5-tv": tv,
        "lingo-nl-5-tv-likely-order": dataclasses.replace(tv, name="lingo-nl-5-tv-likely-order"),
    }
    for name, pb in built.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "playbook.yaml").write_text(model.dumps(pb))
    paper_rules = {**tv.game_section, "guess_pool": "all"}
    paper_rules["rules_sha256"] = model.rules_sha256(paper_rules)
    paper = dataclasses.replace(tv, name="lingo-nl-5", game=paper_rules, words=whole)
    assert [o.name for o in outputs.companions(tmp_path, paper)] == ["lingo-nl-5-tv"]
    for name in ("lingo-nl-5-tv", "lingo-nl-5-tv-likely-order"):
        (tmp_path / name / "playbook.yaml").unlink()  # no common plan: the whole list's
    assert [o.name for o in outputs.companions(tmp_path, paper)] == ["lingo-nl-5-tv-all"]
