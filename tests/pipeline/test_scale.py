"""Backends and checkpoints: Dask gives the same playbook; an interrupted build resumes."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from helpers import interruptible, run_cli, sample, write_words

from playbook import config, model, parallel
from playbook.pipeline import build

pytestmark = pytest.mark.slow


def _plans(pb: model.Playbook) -> dict[str, object]:
    d = model.to_dict(pb)
    d.pop("meta")
    return d


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory, dutch5: tuple[str, ...]) -> config.Config:
    """A list of 821 words whose groups take every kind of work unit, in a second where the
    whole list took minutes: q settled by one word, i by an exhaustive triple (after the
    pairs), k by hill-climbing once the triples are proven short (440 words)."""
    folder = tmp_path_factory.mktemp("small")
    ws = sorted(set([w for w in dutch5 if w[0] in "ikq"] + sample(dutch5, 300, 11)))
    write_words(folder / "words.txt", ws)
    (folder / "small.yaml").write_text(
        "name: small\nwords:\n  list: words.txt\n  length: 5\n"
        "search:\n  restarts: 30\n  seed: 5\nn_jobs: 1\n"
    )
    return config.load(folder / "small.yaml")


def test_dask_local_cluster_gives_the_same_playbook(small: config.Config) -> None:
    pytest.importorskip("distributed")
    # singles, pairs, triples and hill-climbing units on the workers
    local = build.build(small, letters=tuple("ikq"), n_jobs=2).playbook
    made = {g.group: (g.method, len(g.openings)) for g in local.groups}
    assert made == {"i": ("exhaustive", 3), "k": ("hill-climbing", 3), "q": ("exhaustive", 1)}
    with parallel.backend("dask", workers=2):
        on_dask = build.build(small, letters=tuple("ikq"), n_jobs=2).playbook
    assert _plans(on_dask) == _plans(local)


def test_checkpoints_resume_to_the_same_result(tmp_path: Path, small: config.Config) -> None:
    root = tmp_path / "ckpt"
    first = build.build(small, letters=tuple("ikq"), n_jobs=1, checkpoint_root=root)
    assert first.checkpoint is not None and first.checkpoint.saved > 0
    # a second run finds every unit done: nothing is recomputed, the result is the same
    again = build.build(small, letters=tuple("ikq"), n_jobs=1, checkpoint_root=root)
    assert again.checkpoint is not None
    assert again.checkpoint.saved == 0 and again.checkpoint.loaded == first.checkpoint.saved
    assert _plans(again.playbook) == _plans(first.playbook)


def test_damaged_checkpoint_units_are_computed_again(tmp_path: Path, small: config.Config) -> None:
    root = tmp_path / "ckpt"
    first = build.build(small, letters=("i",), n_jobs=1, checkpoint_root=root)
    units = sorted(root.rglob("*.json"))
    triples = [u for u in units if u.name.startswith("triples")]
    pairs = [u for u in units if u.name.startswith("pairs")]
    assert len(triples) == 16 and pairs
    damage = {
        triples[0]: "{not json",
        triples[1]: "",
        triples[2]: '{"result": "a string"}',
        triples[3]: '{"result": [[1, 2, 99999999], 1, 2, 3]}',  # a guess beyond the list
        pairs[0]: '{"result": [1, 2, 3]}',
        pairs[1]: '{"other": 1}',
        pairs[2]: "[1e999999]",
    }
    for path, text in damage.items():
        path.write_text(text)
    again = build.build(small, letters=("i",), n_jobs=1, checkpoint_root=root)
    assert again.checkpoint is not None
    assert sorted(again.checkpoint.rejected) == sorted(p.stem for p in damage)
    assert again.checkpoint.saved == len(damage)
    assert _plans(again.playbook) == _plans(first.playbook)


def _run(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "playbook", *args],
        cwd=cwd,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=interruptible,
    )


KILLED_ARGS = [
    "build", "--letters", "k,q", "--search-depth", "2", "--restarts", "200", "--jobs", "1",
    "--formats", "yaml",
]  # fmt: skip
"""The paper's method (pairs, then hill-climbing: no triple search first): eight blocks of
restarts for k, checkpointed one by one, about a second and a half after the first two."""


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    """The playbook of an uninterrupted build, without checkpoints."""
    out = tmp_path_factory.mktemp("ref")
    ref = run_cli(*KILLED_ARGS, "--no-resume", "--out", str(out), cwd=out)
    assert ref.returncode == 0, ref.stderr
    return out / "lingo-nl-5" / "playbook-kq.yaml"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_killed_build_resumes_and_matches(
    tmp_path, uninterrupted: Path, sig: signal.Signals
) -> None:  # type: ignore[no-untyped-def]
    args = KILLED_ARGS
    # an earlier playbook in the output folder must survive the interruption intact
    out = tmp_path / "out" / "lingo-nl-5"
    out.mkdir(parents=True)
    (out / "playbook-kq.yaml").write_text("old\n")
    proc = _run([*args, "--out", str(tmp_path / "out")], tmp_path)
    ckpt = out / ".checkpoint"
    deadline = time.time() + 600
    while time.time() < deadline and proc.poll() is None:
        if ckpt.exists() and len(list(ckpt.rglob("climb-*.json"))) >= 2:
            break
        time.sleep(0.2)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode != 0
    if sig == signal.SIGINT:
        assert "interrupted" in stderr and "resume" in stderr
        assert "Traceback" not in stderr
    assert (out / "playbook-kq.yaml").read_text() == "old\n"
    assert not [p for p in out.iterdir() if p.name.startswith(".playbook")]  # no half files
    kept = len(list(ckpt.rglob("*.json")))
    assert kept >= 2
    done = run_cli(*args, "--out", str(tmp_path / "out"), cwd=tmp_path)  # the resume
    assert done.returncode == 0, done.stderr
    a = yaml.safe_load((out / "playbook-kq.yaml").read_text())
    b = yaml.safe_load(uninterrupted.read_text())
    a.pop("meta")
    b.pop("meta")
    assert a == b
    assert not ckpt.exists()  # cleared once the outputs are written
