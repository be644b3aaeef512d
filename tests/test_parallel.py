"""The parallel module: streams of tasks drawn as workers free up, with checkpoints."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli, slow_square

from playbook import parallel
from playbook.io.checkpoint import Checkpoint


def _draw(seen: set[int], stop: int, log: list[int]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Tasks 0, 1, 2, ... until a result of ``stop`` squared or more has been seen."""
    for i in range(100):
        if any(v >= stop * stop for v in seen):
            return
        log.append(i)
        yield f"t{i}", (i,)


@pytest.mark.parametrize("jobs", [1, 2])
def test_stream_draws_lazily_and_returns_every_drawn_task(jobs: int) -> None:
    seen: set[int] = set()
    drawn: list[int] = []
    out = {}
    # tasks of 20 ms: each result reaches this loop before the workers are far ahead
    for name, value in parallel.stream(slow_square, _draw(seen, 10, drawn), jobs):
        assert name not in out
        out[name] = value
        seen.add(value)
    # every task drawn ran once, with its own result
    assert out == {f"t{i}": i * i for i in drawn}
    # the draw saw the results: it stopped soon after task 10 (a few tasks ahead of the
    # workers, as many again in their hands), not at 100
    assert 10 in drawn
    assert len(drawn) <= 11 + 3 * jobs + 1


def test_stream_with_a_checkpoint_runs_nothing_twice(tmp_path: Path) -> None:
    first = Checkpoint(tmp_path, "k" * 16)
    tasks = [(f"t{i}", (i, 3)) for i in range(8)]
    a = dict(parallel.stream(pow, tasks, 2, checkpoint=first))
    assert first.saved == 8
    again = Checkpoint(tmp_path, "k" * 16)
    b = dict(parallel.stream(pow, [*tasks, ("t8", (8, 3))], 2, checkpoint=again))
    assert again.loaded == 8 and again.saved == 1
    assert b == {**a, "t8": 512}
    # serially too
    serial = Checkpoint(tmp_path, "k" * 16)
    assert dict(parallel.stream(pow, tasks, 1, checkpoint=serial)) == a
    assert serial.loaded == 8 and serial.saved == 0


def test_run_with_a_checkpoint_reports_each_task_once_by_index(tmp_path: Path) -> None:
    names = [f"t{i}" for i in range(6)]
    tasks = [(i, 2) for i in range(6)]
    part = Checkpoint(tmp_path, "r" * 16)
    parallel.run(pow, tasks[:3], 1, checkpoint=part, names=names[:3])
    seen: list[tuple[int, int]] = []
    again = Checkpoint(tmp_path, "r" * 16)
    out = parallel.run(
        pow, tasks, 2, checkpoint=again, names=names, on_done=lambda i, r: seen.append((i, r))
    )
    assert out == [i * i for i in range(6)]
    assert sorted(seen) == [(i, i * i) for i in range(6)]  # the task's index, every task once
    assert again.loaded == 3 and again.saved == 3


WORKERS_SCRIPT = """
import os, sys, time
from pathlib import Path
from playbook import parallel

def task(folder):
    (Path(folder) / str(os.getpid())).write_text("running")  # the task has begun
    time.sleep(600)

parallel.run(task, [(sys.argv[1],)] * 2, 2)
"""


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
@pytest.mark.slow
def test_workers_end_with_their_parent(sig: signal.Signals, tmp_path: Path) -> None:
    # a parent running two 10-minute tasks on two workers is killed: its workers must not
    # compute on for nobody (SIGKILL reaches no handler: the workers watch their parent).
    # No step waits on the clock: each task writes a file once it runs, the test waits for
    # both (the deadlines are safety nets for a machine as busy as CI's can be)
    proc = subprocess.Popen([sys.executable, "-c", WORKERS_SCRIPT, str(tmp_path)])
    try:
        workers = _wait_for(lambda: {int(f.name) for f in tmp_path.iterdir()}, 2, 300)
        assert workers <= set(parallel.children(proc.pid)), "the tasks ran in other processes"
        proc.send_signal(sig)
        proc.wait(timeout=120)
        assert not _wait_for(lambda: {p for p in workers if _alive(p)}, 0, 120)
    finally:
        proc.kill()
        proc.wait()


STARTING_SCRIPT = """
import os, signal, sys
from pathlib import Path
from playbook import parallel

with parallel.started(2, "json"):
    # the workers are being spawned: name them, and die before they are up
    while not (kids := [p for p in parallel.children(os.getpid())
                        if b"popen_loky" in Path(f"/proc/{p}/cmdline").read_bytes()]):
        pass
    Path(sys.argv[1]).write_text(" ".join(map(str, kids)))
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow
def test_workers_still_starting_end_with_their_parent(tmp_path: Path) -> None:
    # killed while its workers were still starting, the parent never saw them up; they
    # used to take the new parent (init) for theirs and wait on for work (over 30 s)
    named = tmp_path / "workers"
    proc = subprocess.Popen([sys.executable, "-c", STARTING_SCRIPT, str(named)])
    try:
        proc.wait(timeout=120)
        workers = {int(p) for p in named.read_text().split()}
        assert workers
        assert not _wait_for(lambda: {p for p in workers if _alive(p)}, 0, 25)
    finally:
        proc.kill()
        proc.wait()


def _wait_for(seen: Callable[[], set[int]], size: int, seconds: float) -> set[int]:
    """``seen()`` once it has ``size`` members, or as it is when ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    now = seen()
    while len(now) != size and time.monotonic() < deadline:
        time.sleep(0.1)
        now = seen()
    return now


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


@pytest.mark.slow
def test_a_stopped_build_ends_its_workers_at_once(tmp_path: Path) -> None:
    # SIGTERM reaches the build's handler: it ends the workers itself and says what it kept
    args = ["build", "--letters", "k", "--jobs", "2", "--formats", "yaml", "--no-resume"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "playbook", *args, "--out", str(tmp_path)],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 120
    workers: set[int] = set()
    while time.time() < deadline and len(workers) < 2 and proc.poll() is None:
        workers = {p for p in parallel.children(proc.pid) if "popen_loky" in _cmdline(p)}
        time.sleep(0.1)
    assert len(workers) == 2, "the build ended before its workers were seen"
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert "interrupted: no output was changed" in stderr and "Traceback" not in stderr
    # the build ended them before it exited; a dead process may still be reaped by now
    assert not _wait_for(lambda: {p for p in workers if _alive(p)}, 0, 60)


def die_once(i: int, marker: str) -> int:
    """``i * i``; task 3 kills its worker the first time it runs."""
    m = Path(marker) / str(i)
    if i == 3 and not m.exists():
        m.write_text("lost")
        os._exit(1)
    return i * i


@pytest.mark.slow
def test_a_lost_dask_worker_is_retried(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # the worker running task 3 dies mid-task: the scheduler runs it again elsewhere, the
    # results are whole and in order, and nothing of the cluster's logs reaches the terminal
    with parallel.backend("dask", workers=2):
        out = parallel.run(die_once, [(i, str(tmp_path)) for i in range(6)], 2)
    assert out == [i * i for i in range(6)]
    assert (tmp_path / "3").exists()  # it did die once
    err = capfd.readouterr().err
    assert "Traceback" not in err and "distributed." not in err, err


def test_a_problem_pickles_its_fields_only_whatever_its_caches() -> None:
    """A task's problem may be pickled in joblib's feeder thread while the main thread fills
    one of its caches (``row_of``, ``in_answers``): the dict changing size mid-pickle was a
    PicklingError in a build. Its state is its fields, taken in one copy, and it comes back
    whole (the caches made again where they are needed)."""
    import dataclasses
    import pickle

    from playbook.core.problem import Problem
    from playbook.games import GAMES

    ws = ("kabel", "kamer", "kanon", "kater")
    p = Problem.of(GAMES["lingo"](), ws, ws)
    fields = {f.name for f in dataclasses.fields(p)}
    assert set(p.__getstate__()) == fields
    _ = p.row_of, p.in_answers
    assert set(p.__getstate__()) == fields
    q = pickle.loads(pickle.dumps(p))
    assert q.answers == p.answers and (q.F == p.F).all() and q.row_of == p.row_of


CORES_CASES = [("3", -1, 3), ("3", -2, 2), ("1", -2, 1), ("3", 5, 5), ("", -1, os.cpu_count() or 1)]


@pytest.mark.parametrize(("cores", "n_jobs", "workers"), CORES_CASES)
def test_playbook_cores_is_how_many_cores_minus_one_counts(
    monkeypatch: pytest.MonkeyPatch, cores: str, n_jobs: int, workers: int
) -> None:
    """``$PLAYBOOK_CORES`` caps what -1 (one per core) and -2 (all but one) mean; a count
    given outright is kept. (The suite runs with it at 1: conftest.)"""
    monkeypatch.setenv("PLAYBOOK_CORES", cores)
    assert parallel.effective_jobs(n_jobs) == workers


@pytest.mark.parametrize("value", ["0", "x", "-1", "2.5", "1025", "9" * 5000, "²", " 2"])
def test_a_bad_playbook_cores_is_one_line_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("PLAYBOOK_CORES", value)
    r = run_cli("build", "lingo-nl-5", "--letters", "q", "--out", "o", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == (
        f"error: PLAYBOOK_CORES={value!r}: the cores -1 workers may use, a whole number 1 to "
        "1024 (or unset: all of them)\n"
    )
    assert not (tmp_path / "o").exists()
