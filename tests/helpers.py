"""Small helpers shared by tests."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import numpy as np

from playbook import api, cli, model
from playbook.errors import PlaybookError


def sample(ws: tuple[str, ...] | list[str], n: int, seed: int) -> list[str]:
    """``n`` distinct words of ``ws``, reproducibly."""
    rng = np.random.default_rng(seed)
    return sorted(rng.choice(ws, size=n, replace=False).tolist())


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
GOLDEN = Path(__file__).resolve().parent / "golden"
"""Playbooks kept as they were written by earlier versions."""


def script(name: str) -> ModuleType:
    """The module of ``scripts/NAME.py`` (scripts are not a package), loaded afresh."""
    path = SCRIPTS / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_words(path: Path, ws: list[str]) -> Path:
    """A word-list file, one word a line."""
    path.write_text("\n".join(ws) + "\n")
    return path


def run_cli(
    *args: str, cwd: Path, stdin: str = "", separate: bool = False
) -> subprocess.CompletedProcess[str]:
    """``playbook ARGS`` in ``cwd``, output captured as text: in this process (the library's
    kernels stay compiled, no interpreter starts), or with ``separate`` as ``python -m
    playbook`` in a process of its own, where what is tested is the process (signals, its
    exit on a closed pipe, what it imports)."""
    if separate:
        return subprocess.run(
            [sys.executable, "-m", "playbook", *args],
            input=stdin,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=900,
        )
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved = sys.stdin
    try:
        os.chdir(cwd)
        sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as exc:  # argparse: help, version, usage errors
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = saved
        os.chdir(here)
    return subprocess.CompletedProcess(["playbook", *args], code, out.getvalue(), err.getvalue())


def run_script(name: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``scripts/NAME ARGS`` in ``cwd``, in this process (where what is tested is what the
    script says, not how its process ends): its ``main`` with ``sys.argv`` as a shell gives
    it, run as ``__main__`` (:func:`playbook.launch.script` and all), output captured as
    text; the signal handlers and hooks it installs are put back after."""
    saved_signals = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    saved = (sys.argv, sys.excepthook, sys.unraisablehook, os.getcwd())
    out, err = io.StringIO(), io.StringIO()
    try:
        os.chdir(cwd)
        sys.argv = [str(SCRIPTS / name), *args]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                runpy.run_path(str(SCRIPTS / name), run_name="__main__")
                code: int | None = 0
            except SystemExit as exc:  # how a script ends (launch.script), or argparse's
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.excepthook, sys.unraisablehook, here = saved
        os.chdir(here)
        for sig, handler in saved_signals.items():
            signal.signal(sig, handler)
    return subprocess.CompletedProcess(
        [name, *args], int(code or 0), out.getvalue(), err.getvalue()
    )


def slow_square(x: int) -> int:
    """``x * x`` after 20 ms: a task slower than handing its result over."""
    time.sleep(0.02)
    return x * x


def verify_path(path: str, proofs: bool = False) -> tuple[int, list[str]]:
    """``verify``'s exit code and its problem lines for a playbook file, or (2, [error]) for
    a malformed one."""
    try:
        done = api.verify_playbook(model.load(path), path, proofs=proofs)
    except PlaybookError as exc:
        return 2, [str(exc)]
    return done.exit_code, list(done.report.problems)


BUDGET = 3600.0
"""The search budget (seconds) of a test that asserts a proof: far beyond what any of them
takes, so that what a test asserts does not depend on how busy the machine is."""

NODES = 10**12
"""The node budget of a test's exact search that must decide: far beyond what any of them
visits."""


def start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    """A process to signal: ``argv`` in ``cwd``, its output captured as text, Ctrl-C at its
    default (:func:`interruptible`)."""
    return subprocess.Popen(
        argv,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )


def interruptible() -> None:
    """For ``Popen(preexec_fn=...)``: Ctrl-C at its default in the child, whatever the test
    runner inherited (a shell's background job starts with SIGINT ignored, and Python then
    installs no handler of its own: the tests that send SIGINT would see nothing happen)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
