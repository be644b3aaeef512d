"""Shared fixtures: small word lists cut from the bundled Dutch list."""

from __future__ import annotations

import os
from pathlib import Path

import hostile
import pytest
from helpers import sample
from hypothesis import HealthCheck, settings

from playbook import words
from playbook.core.problem import Problem
from playbook.games import WordGame

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# No property test may fail for the clock: no per-example deadline, and no health check for
# slow data generation (a busy machine, as CI's can be, is slow at everything).
settings.register_profile("playbook", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("playbook")


@pytest.fixture(autouse=True, scope="session")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """One feedback-matrix cache for the run, shared by pytest's workers (each under the
    run's folder): a matrix is computed once, not once per worker. Its files are keyed by
    content and written whole (rename), so workers may write the same one at once."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = shared / "matrix-cache"
    cache.mkdir(exist_ok=True)
    os.environ["PLAYBOOK_CACHE"] = str(cache)


@pytest.fixture(scope="session")
def dutch5() -> tuple[str, ...]:
    return words.load("opentaal-nl", length=5, ij_to_y=True).words


@pytest.fixture(scope="session")
def lingo() -> WordGame:
    return WordGame(length=5, turns=5)


@pytest.fixture(scope="session")
def small_group(dutch5: tuple[str, ...], lingo: WordGame) -> Problem:
    """A small guess pool (120 words) and one letter's answers among them."""
    pool = sample(dutch5, 90, 7)
    answers = [w for w in dutch5 if w.startswith("u")][:30]
    guesses = sorted(set(pool) | set(answers))
    return Problem.of(lingo, guesses, answers, name="u")


@pytest.fixture(scope="module")
def hostile_base(tmp_path_factory: pytest.TempPathFactory) -> hostile.Base:
    """The hostile corpus's built config and playbook (tests/hostile.py), once per file of
    the corpus."""
    return hostile.build_base(tmp_path_factory.mktemp("hostile-base"))
