"""The picks model (issue 55): each word's chance of being a show's pick, the answers above a
threshold, the plan's own words a person knows, and a card that fits what a person learns."""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from playbook import config, memory, words
from playbook.pipeline import build, cardfit
from playbook.pipeline.session import Session
from playbook.verify import verify

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import answer_fit  # noqa: E402


def test_the_answers_are_the_words_whose_chance_reaches_the_threshold() -> None:
    cfg = config.load(ROOT / "config" / "lingo-nl-5-tv.yaml")
    session = Session.open(cfg, matrix=False)
    every = session.guesses
    chance = dict(zip(every, words.chance_of(every, "nl"), strict=True))
    least = cfg.words.min_chance
    assert session.answers == tuple(w for w in every if chance[w] >= least)
    assert session.words_info.answer_model == "picks"
    assert session.words_info.min_chance == least
    # the chances: of the model, not of frequency alone (an inflection weighs less)
    nl = words.chances("nl")
    assert 0 < nl["kozijn"] < 1 and nl["tafel"] > nl["tafels"]


def test_the_manifest_s_model_gives_every_chance_written() -> None:
    """The chance of a word is the logistic of the recorded intercept and coefficients."""
    for language in ("en", "nl"):
        m = words.answer_model(language)
        assert list(m["features"]) == list(answer_fit.FEATURES[language])
        coef = m["coefficients"]
        assert isinstance(coef, dict) and set(coef) == set(m["features"])
        features = tuple(m["features"])
        values = tuple(coef[f] for f in features)
        fitted = answer_fit.Fitted(language, features, values, float(m["intercept"]), 0, 0)
        # a word used often, in SCOWL 35 / an approved base word: likely; none used: unlikely
        likely = [5.0, 0, 1, 1, 0] if language == "en" else [5.0, 0, 1, 0, 0, 0]
        rare = [0.0, 1, 0, 0, 1] if language == "en" else [0.0, 1, 0, 0, 1, 0]
        assert fitted.chance(likely) > 0.5 > 0.01 > fitted.chance(rare)
        z = m["intercept"] + sum(c * x for c, x in zip(values, likely, strict=True))
        assert math.isclose(fitted.chance(likely), 1 / (1 + math.exp(-z)), abs_tol=1e-5)


@pytest.mark.parametrize(
    ("word", "inflected"),
    [
        ("cats", True),
        ("boxes", True),
        ("tried", True),
        ("baked", True),
        ("stopped", True),
        ("glass", False),
        ("bonus", False),
        ("seed", False),
        ("tennis", False),
    ],
)
def test_an_english_inflection_is_a_form_of_a_shorter_word(word: str, inflected: bool) -> None:
    stems = {"cat", "box", "try", "bake", "stop", "glas", "bon", "tenni"}
    assert answer_fit.inflected(word, stems) is inflected


def test_the_fit_separates_picks_from_the_rest() -> None:
    from sklearn import linear_model

    rng = np.random.default_rng(7)
    rows, picked = {}, set()
    for i in range(400):
        z = float(rng.uniform(0, 6))
        word = f"w{i:03d}"
        rows[word] = [z, 0.0, float(z > 3), float(z > 2), 0.0]
        if rng.random() < 1 / (1 + math.exp(-(2 * z - 8))):
            picked.add(word)
    fitted = answer_fit.fit("en", rows, picked, linear_model)
    assert fitted.picks == len(picked) and fitted.fitted_words == 400
    assert fitted.coefficients[0] > 0  # the more used, the likelier


def test_play_chance_keeps_the_plan_s_own_words_known(tmp_path: Path) -> None:
    cfg = config.override(
        config.load(ROOT / "config" / "lingo-nl-5-tv.yaml"), **{"words.play_chance": 0.2}
    )
    session = Session.open(cfg)
    problem = session.problem("e")
    chance = dict(zip(session.guesses, words.chance_of(session.guesses, "nl"), strict=True))
    answers = set(session.answers)
    assert set(problem.answers) <= set(problem.guesses)
    assert all(chance[w] >= 0.2 or w in answers for w in problem.guesses)
    every = Session.open(config.load(ROOT / "config" / "lingo-nl-5-tv.yaml")).problem("e")
    assert len(problem.guesses) < len(every.guesses)
    assert session.words_info.play_chance == 0.2


@pytest.fixture(scope="module")
def gl_build() -> build.BuildResult:
    cfg = config.override(
        config.load(ROOT / "config" / "lingo-nl-5-tv.yaml"),
        n_jobs=1,
        **{"render.formats": "yaml", "search.restarts": 20},
    )
    result = build.build(cfg, letters=("g", "l"))
    assert result.report.ok
    return result


def test_a_card_is_fitted_by_dropping_the_cheapest_exceptions(gl_build) -> None:  # type: ignore[no-untyped-def]
    pb, session = gl_build.playbook, gl_build.session
    problems = {g.group: session.problem(g.group) for g in pb.groups}
    mine = [w for p in problems.values() for w in p.answers]
    few = memory.small_groups(mine, session.game.group_of, pb.groups)
    full = len(memory.card_words(pb.groups, few))
    openings = sum(len(g.openings) for g in pb.groups)
    assert full > openings  # there are exceptions to drop
    for budget in (full, full - 1, openings):
        fitted = cardfit.fit(problems, pb.groups, budget, lambda name: None)
        printed = len(memory.card_words(fitted, few))
        assert printed <= max(budget, openings)
        fresh = tuple(dataclasses.replace(g, stats=None) for g in fitted)  # as a build has them
        trimmed = dataclasses.replace(pb, groups=fresh, stats=None)
        report = verify(trimmed, session.game, session.guesses, session.answers)
        assert not report.undeclared and not report.problems, report.problems[:3]
        if budget == full:
            assert fitted == list(pb.groups)  # nothing dropped where the card fits
    lost = sum(
        len(g.unguaranteed) for g in cardfit.fit(problems, pb.groups, openings, lambda n: None)
    )
    assert lost > 0  # what the exceptions found
