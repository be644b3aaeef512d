"""Running one case of the hostile-input corpus (tests/hostile.py) in process, guarded: at
most :data:`SECONDS` and :data:`MEMORY` more address space; the corpus is split over two test
files (every other case each) so that both of pytest's workers share it."""

from __future__ import annotations

import os
import re
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import hostile
import pytest

from playbook import cli

SECONDS = 30
"""A case that runs longer than this hangs."""
MEMORY = 1 << 30
"""A case may grow the process by this much (an alias bomb expanded fails, not the machine)."""


class Hang(Exception):
    """The case ran past :data:`SECONDS`."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"no exit within {SECONDS} s")


def _vm_bytes() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


@contextmanager
def guard() -> Iterator[None]:
    """At most :data:`SECONDS` and :data:`MEMORY` more address space for the case."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _vm_bytes() + MEMORY if os.path.exists("/proc/self/status") else soft
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _run(argv: list[str]) -> int:
    try:
        return cli.main(argv)
    except SystemExit as exc:  # argparse
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)


def check(
    case: hostile.Case,
    base: hostile.Base,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The case exits with its exact code, prints no traceback and no escape sequence, a
    refusal is one line ``error: ...``, and nothing beside its folder changes."""
    folder = tmp_path / "case"
    folder.mkdir()
    victim = hostile.plant_victim(tmp_path)  # what no case may touch: beside the folder
    case.setup(folder, base)
    monkeypatch.chdir(folder)
    argv = hostile.argv_of(case, folder, base)
    around, inside = hostile.snapshot(tmp_path, skip=folder), hostile.snapshot(folder)
    with guard():
        code = _run(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, (out + err)[-2000:]
    assert "\x1b" not in out + err, "an escape sequence reached the terminal"
    assert code == case.code, f"exit {code}, expected {case.code}; stderr: {err[-1000:]!r}"
    if code == 2:
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("error: "), err[-1000:]
    if case.says:
        assert re.search(case.says, out + err), f"{case.says!r} not in {(out + err)[-1000:]!r}"
    assert hostile.snapshot(tmp_path, skip=folder) == around, f"{victim}: written outside"
    if case.still:
        assert hostile.snapshot(folder) == inside, "a command that reads wrote in its folder"
