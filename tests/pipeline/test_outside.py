"""Nothing a folder holds can make the tool write, move or delete outside it: a crafted set of
outputs, bookkeeping entries of the wrong kind, planted checkpoint units."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import start
from hostile import snapshot

from playbook.errors import PlaybookError
from playbook.io import files
from playbook.io.checkpoint import Checkpoint


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    v = tmp_path / "victim"
    v.mkdir()
    (v / "victim.txt").write_text("precious\n")
    return v


def _staged(folder: Path, names: list[str], planted: dict[str, str]) -> None:
    staging = folder / files.STAGING
    staging.mkdir(parents=True)
    for rel, text in planted.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    (staging / files.COMMITTED).write_text("".join(n + "\n" for n in names))


@pytest.mark.parametrize(
    "name",
    ["../victim/victim.txt", "{victim}/victim.txt", "..", ".", "", "a/b", "x\x1b]0;t\x07"],
)
def test_a_crafted_set_is_refused_and_nothing_moves(
    tmp_path: Path, victim: Path, name: str
) -> None:
    folder = tmp_path / "out"
    name = name.replace("{victim}", str(victim))
    # the file the move would take: .incoming/../victim/victim.txt is out/victim/victim.txt
    _staged(folder, ["ok.yaml", name], {".incoming/ok.yaml": "new", "victim/victim.txt": "evil"})
    before, kept = snapshot(tmp_path), snapshot(victim)
    with pytest.raises(PlaybookError, match="not a set of outputs written by playbook"):
        files.finish_set(folder)
    assert snapshot(victim) == kept and snapshot(tmp_path) == before


def test_a_staged_link_is_refused(tmp_path: Path, victim: Path) -> None:
    folder = tmp_path / "out"
    _staged(folder, ["pb.yaml"], {})
    os.symlink(victim / "victim.txt", folder / files.STAGING / "pb.yaml")
    with pytest.raises(PlaybookError, match="is a symbolic link"):
        files.finish_set(folder)
    assert not (folder / "pb.yaml").exists()


@pytest.mark.parametrize("entry", [files.LOCK, files.STAGING, files.CHECKPOINTS])
@pytest.mark.parametrize("kind", ["link-to-file", "link-to-folder", "link-loop", "fifo", "wrong"])
def test_bookkeeping_of_the_wrong_kind_is_refused(
    tmp_path: Path, victim: Path, entry: str, kind: str
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    p = folder / entry
    if kind == "link-to-file":
        os.symlink(victim / "victim.txt", p)
    elif kind == "link-to-folder":
        os.symlink(victim, p)
    elif kind == "link-loop":
        os.symlink(p.name, p)
    elif kind == "fifo":
        os.mkfifo(p)
    elif entry == files.LOCK:
        p.mkdir()
    else:
        p.write_text("a file")
    kept = snapshot(victim)
    refused = r"^--out: .*; playbook keeps a (file|folder) there"
    with pytest.raises(PlaybookError, match=refused), files.locked(folder):
        files.finish_set(folder)
    assert snapshot(victim) == kept


def test_the_lock_is_a_file_of_our_own(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / files.LOCK).write_text("\x1b[2J12")  # left by someone: not shown
    with files.locked(folder):
        assert (folder / files.LOCK).read_text() == str(os.getpid())
    assert not (folder / files.LOCK).exists()  # nothing left behind once the work is done
    held = pytest.raises(PlaybookError, match=r"\(process \d+\)")
    with files.locked(folder), held, files.locked(folder):
        pass


def _unit_file(cp: Checkpoint, name: str) -> Path:
    return cp._path(name)


def test_planted_checkpoint_units_are_recognised(tmp_path: Path) -> None:
    mine = Checkpoint(tmp_path, "k" * 64, secret=b"s" * 32)
    mine.put("pairs-j-0", (3, [1, 2]))
    assert Checkpoint(tmp_path, "k" * 64, secret=b"s" * 32).get("pairs-j-0") == (True, (3, (1, 2)))
    # signed by another machine's key, or for another build or another unit: not trusted
    for cp in (
        Checkpoint(tmp_path, "k" * 64, secret=b"t" * 32),
        Checkpoint(tmp_path, "k" * 16 + "x" * 48, secret=b"s" * 32),
    ):
        assert cp.get("pairs-j-0") == (False, None) and cp.rejected == ["pairs-j-0"]
    path = _unit_file(mine, "pairs-j-0")
    unit = json.loads(path.read_text())
    other = dict(unit, unit="pairs-k-0")
    _unit_file(mine, "pairs-k-0").write_text(json.dumps(other))
    # a unit without a seal (as a folder someone sends would carry), or with a changed result
    _unit_file(mine, "pairs-x-0").write_text(json.dumps({"result": [0, [1]]}))
    _unit_file(mine, "pairs-y-0").write_text(json.dumps(dict(unit, unit="pairs-y-0")))
    unit["result"] = [0, [1, 2]]
    path.write_text(json.dumps(unit))
    fresh = Checkpoint(tmp_path, "k" * 64, secret=b"s" * 32)
    for name in ("pairs-j-0", "pairs-k-0", "pairs-x-0", "pairs-y-0"):
        assert fresh.get(name) == (False, None)
    assert fresh.rejected == ["pairs-j-0", "pairs-k-0", "pairs-x-0", "pairs-y-0"]


def test_the_machine_key_is_kept_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYBOOK_CACHE", str(tmp_path / "cache"))
    key = files.local_secret()
    assert key == files.local_secret() and len(key) == 32
    assert (tmp_path / "cache" / "checkpoint.key").stat().st_mode & 0o077 == 0
    # a cache that cannot hold it: a key for this process only
    monkeypatch.setenv("PLAYBOOK_CACHE", "/proc/version/cache")
    assert files.local_secret() == files.local_secret() != key


# ---------------------------------------------------------------- signals, words, hard mode


def test_a_long_matrix_is_computed_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between blocks Python runs its signal handlers: no one call of the kernel is longer
    than :data:`matrix.STEP_CELLS` pairs, and the blocks make the whole matrix."""
    import numpy as np

    from playbook.core import matrix
    from playbook.games import WordGame

    game = WordGame()
    words = sorted(
        {a + b + c + d + e for a in "ab" for b in "abc" for c in "ab" for d in "ac" for e in "abd"}
    )
    sizes: list[int] = []
    real = WordGame.matrix

    def counted(self: WordGame, g: list[str], a: list[str]) -> np.ndarray:
        sizes.append(len(g) * len(a))
        return real(self, g, a)

    monkeypatch.setattr(matrix, "STEP_CELLS", 500)
    monkeypatch.setattr(WordGame, "matrix", counted)
    got = matrix.in_steps(game, words, words)
    assert len(sizes) > 1 and max(sizes) <= 500
    assert np.array_equal(got, real(game, words, words))


def test_ctrl_c_inside_compiled_code_or_a_pool_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A KeyboardInterrupt that a pool or compiled code turns into another error (SystemError)
    ends as an interrupt: exit 130, one line, no traceback."""
    from playbook import cli, model

    def interrupted(path: str) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemError("error return without exception set") from None

    monkeypatch.setattr(model, "load", interrupted)
    assert cli.main(["show", str(tmp_path / "pb.yaml")]) == 130
    err = capsys.readouterr().err
    assert err.startswith("interrupted") and err.count("\n") == 1


def test_a_bundled_name_is_never_a_file_beside(tmp_path: Path) -> None:
    from playbook import words

    bundled = words.load("opentaal-nl", length=5)
    (tmp_path / "opentaal-nl").write_text("kaart\nkoets\n")
    assert words.load("opentaal-nl", length=5, base=tmp_path) == bundled
    assert words.load("./opentaal-nl", length=5, base=tmp_path).words == ("kaart", "koets")


def test_a_playbook_breaking_hard_mode_fails_its_replay(tmp_path: Path) -> None:
    """A Wordle playbook whose fixed openings do not fit each other's feedback, marked hard
    (its rules' checksum made again): every word reached through such a move fails."""
    import dataclasses

    from playbook import api, config, model, words
    from playbook.pipeline import build

    ws = words.load("wordle-answers", length=5).words[::10]  # 232 words: two openings
    (tmp_path / "w.txt").write_text("\n".join(ws) + "\n")
    (tmp_path / "c.yaml").write_text(
        "name: w\ngame: wordle\nwords:\n  list: w.txt\nrules:\n  revealed: none\n  turns: 3\n"
        "search:\n  max_openings: 2\n  restarts: 5\n"
    )
    pb = build.build(config.load(tmp_path / "c.yaml"), n_jobs=1).playbook
    assert len(pb.groups[0].openings) >= 2
    hard = dataclasses.replace(pb, game=dataclasses.replace(pb.game, hard=True))
    (tmp_path / "pb.yaml").write_text(model.dumps(hard))
    rep = api.verify_playbook(model.load(tmp_path / "pb.yaml"), str(tmp_path / "pb.yaml")).report
    assert rep.undeclared and all("hard mode" in f.reason for f in rep.undeclared)
    with pytest.raises(config.ConfigError, match=r"rules\.hard: true; a playbook's fixed openings"):
        build.build(config.override(config.load(tmp_path / "c.yaml"), **{"rules.hard": True}))


STUCK = """
import pathlib, sys
from playbook import cli, model
from playbook.engines.primitives import jit  # compiled as the package's kernels are

@jit
def spin(n):
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s

spin(10)

def stuck(path):
    pathlib.Path(sys.argv[1]).write_text("ready")
    return spin(10**14)  # hours inside compiled code: no bytecode runs meanwhile

model.load = stuck
sys.exit(cli.main(["show", "pb.yaml"]))
"""


@pytest.mark.slow
def test_ctrl_c_inside_compiled_code_ends_the_command(tmp_path: Path) -> None:
    """Python runs signal handlers between bytecodes; inside a numba loop none run. The
    watchdog still ends the command: exit 130, one line, soon after the signal (the loop
    alone would run for hours; the bound below is generous for a busy machine)."""
    import signal
    import sys
    import time

    ready, script = tmp_path / "ready", tmp_path / "stuck.py"
    script.write_text(STUCK)
    proc = start([sys.executable, str(script), str(ready)], tmp_path)
    try:
        deadline = time.monotonic() + 300
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ready.exists(), proc.communicate(timeout=5)
        time.sleep(0.5)  # inside the loop
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err.startswith("interrupted") and err.count("\n") == 1, err


IN_OBJECT_MODE = {"playbook.engines.clock.now"}
"""Kernels that run Python (the clock) in object mode: they take the lock for that call."""


def test_every_compiled_kernel_lets_the_watchdog_run() -> None:
    """A kernel that held the interpreter's lock would keep the watchdog from answering a
    signal: every numba function of the package is compiled with ``nogil``."""
    import importlib
    import pkgutil

    import numba.core.registry

    import playbook

    seen = 0
    for info in pkgutil.walk_packages(playbook.__path__, "playbook."):
        if info.name.endswith(("cover_gpu", "__main__")):
            continue  # CUDA kernels run on the device; __main__ runs the command line
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, numba.core.registry.CPUDispatcher):
                if value.py_func.__module__ != info.name:
                    continue  # imported from the module that defines it: checked there
                seen += 1
                if f"{info.name}.{name}" in IN_OBJECT_MODE:
                    continue
                assert value.targetoptions.get("nogil"), f"{info.name}.{name} holds the GIL"
    assert seen >= 30


def test_an_interrupt_inside_a_finaliser_prints_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while numba compiles can land in a weakref callback (its type cache), where
    Python cannot raise it and printed "Exception ignored in ..." with a traceback before
    the command's one line (found by the signal tests on a cold cache). From a command's
    start such an interrupt is silent (the command or its watchdog answers it), as is any
    error there once the process was interrupted; any other error there is still
    reported."""
    import gc
    import sys
    import weakref

    from playbook.io import signals

    class Thing:
        pass

    def raising(kind: type[BaseException]) -> None:
        thing = Thing()
        kept.append(weakref.ref(thing, lambda _: (_ for _ in ()).throw(kind())))
        del thing
        gc.collect()

    kept: list[object] = []
    before = sys.unraisablehook
    sys.unraisablehook = signals.quiet_unraisable
    try:
        raising(KeyboardInterrupt)
        assert capsys.readouterr().err == ""
        raising(ValueError)
        assert "Exception ignored" in capsys.readouterr().err
        # once interrupted, a finaliser's error is the interrupt's (an object it cut off
        # half made: llvmlite's ObjectRef without its handle), and silent too
        monkeypatch.setattr(signals, "_RECEIVED", [2])
        raising(AttributeError)
        assert capsys.readouterr().err == ""
    finally:
        sys.unraisablehook = before
