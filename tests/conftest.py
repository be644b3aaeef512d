"""Shared fixtures: small word lists cut from the bundled Dutch list."""

from __future__ import annotations

import json
import os
import resource
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import compile_once
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


OPT_IN = ("slow", "browser")
"""The marks left out of the developer's loop: builds, PDFs, the hostile corpus, exact
searches, Chromium. ``--all`` runs them (CI does: the README's check command)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all", action="store_true", help="run the slow and browser tests too (as CI does)"
    )
    parser.addoption(
        "--cpu-by-test",
        metavar="FILE",
        help="write each test's CPU-seconds (its subprocesses' included) to FILE as JSON",
    )


def _fast_loop(config: pytest.Config) -> bool:
    return not (config.getoption("--all") or config.option.markexpr)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--all`` or a ``-m`` of its own, a run leaves out the tests marked
    :data:`OPT_IN`."""
    if not _fast_loop(config):
        return
    left = [item for item in items if any(item.get_closest_marker(m) for m in OPT_IN)]
    if left:
        config.hook.pytest_deselected(items=left)
        gone = set(left)
        items[:] = [item for item in items if item not in gone]


# The bundled configs ask for one worker per core (n_jobs: -1). Here that is one: a build
# that is not about parallel work runs in the test's process, where the kernels are compiled
# already, not in worker processes that each start, load them and take the lists by pipe
# (about 18 CPU-seconds of the suite). The tests of parallel work ask for their workers by
# number, which this does not change; commands the tests start inherit it.
os.environ["PLAYBOOK_CORES"] = "1"


@pytest.fixture(autouse=True, scope="session")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """One feedback-matrix cache for the run, shared by pytest's workers (each under the
    run's folder): a matrix is computed once, not once per worker. Its files are keyed by
    content and written whole (rename), so workers may write the same one at once. And the
    kernels compiled once between the workers (:mod:`compile_once`)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = shared / "matrix-cache"
    cache.mkdir(exist_ok=True)
    os.environ["PLAYBOOK_CACHE"] = str(cache)
    compile_once.install(shared / "compile-locks")


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


# The CPU record (issue 47, item 5): the CPU-seconds each test file took, its subprocesses'
# included (user + sys, getrusage of this process and its waited-for children), summed over
# pytest's workers and printed at the end of the run, the costliest first: where the suite's
# CPU goes, beside --durations' wall times.
_CPU: dict[str, float] = {}
_BY_TEST: dict[str, float] = {}


def _cpu_now() -> float:
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    before = _cpu_now()
    yield
    spent = _cpu_now() - before
    name = item.nodeid.split("::")[0]
    _CPU[name] = _CPU.get(name, 0.0) + spent
    _BY_TEST[item.nodeid] = spent


def _record_dir(config: pytest.Config) -> Path:
    """Where the workers leave their records: beside the run's temporary folders."""
    base = Path(config._tmp_path_factory.getbasetemp())  # type: ignore[attr-defined]
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "cpu-record"


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not _CPU:
        return
    folder = _record_dir(session.config)
    folder.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (folder / f"{worker}.json").write_text(json.dumps(_CPU))
    if session.config.getoption("--cpu-by-test"):
        (folder / f"{worker}.tests").write_text(json.dumps(_BY_TEST))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    folder = _record_dir(config)
    total: dict[str, float] = {}
    for record in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        for name, cpu in json.loads(record.read_text()).items():
            total[name] = total.get(name, 0.0) + cpu
    if not total:
        return
    if target := config.getoption("--cpu-by-test"):
        tests: dict[str, float] = {}
        for record in sorted(folder.glob("*.tests")):
            tests.update(json.loads(record.read_text()))
        Path(target).write_text(json.dumps(dict(sorted(tests.items())), indent=0) + "\n")
    terminalreporter.section("CPU-seconds by test file (the costliest 15)")
    for name, cpu in sorted(total.items(), key=lambda kv: -kv[1])[:15]:
        terminalreporter.write_line(f"{cpu:8.1f}  {name}")
    terminalreporter.write_line(f"{sum(total.values()):8.1f}  in all ({len(total)} files)")
    if _fast_loop(config):
        terminalreporter.write_line(
            "the fast loop: the slow and browser tests were left out (--all runs them)"
        )


CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests drive through Playwright."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a test module; a failure (not a skip) when it cannot start."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - the test extras install it
        pytest.fail(f"playwright is not installed ({exc}); pip install -e '.[test]'")
    pw = sync_playwright().start()
    try:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as exc:
        pw.stop()
        pytest.fail(f"Chromium cannot start ({CHROMIUM}; apt-get install chromium): {exc}")
    yield chromium
    chromium.close()
    pw.stop()
