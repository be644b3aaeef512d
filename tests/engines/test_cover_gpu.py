"""The GPU path of the triple search gives the CPU's results.

Everywhere: on numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``, in a fresh interpreter, as
numba reads it at import), the GPU kernel's code runs thread by thread in Python. Where a CUDA
GPU is present, also on the GPU itself; elsewhere that test is skipped and says why.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from helpers import run_cli

from playbook.core.ranking import RANKINGS, SCM
from playbook.engines import cover, cover_gpu
from playbook.search import openings

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

SIMULATED = textwrap.dedent(
    """
    import numpy as np
    from playbook.engines import cover, cover_gpu
    from playbook.core.ranking import RANKINGS
    from playbook.search.openings import TIES

    rng = np.random.default_rng(7)
    checked = 0
    for trial in range(24):
        n_g, n = int(rng.integers(3, 12)), int(rng.integers(2, 10))
        F = rng.integers(0, int(rng.integers(2, 4)), size=(n_g, n)).astype(np.uint8)
        in_ans = rng.integers(0, 2, size=n_g).astype(np.int64)
        bound = int(rng.integers(1, 4))
        rank = ("scm", "entropy", "expected-size")[trial % 3]
        keys = RANKINGS[rank].kernel_keys(TIES)
        E, sim = cover.agreement(np.ascontiguousarray(F.T))
        firsts = cover.first_words(E, sim, n_g, bound, np.arange(n_g))
        for units in (1, 2):
            for u in range(units):
                mine = np.arange(u, len(firsts), units)
                a = cover.search(F, E, sim, firsts, mine, bound, keys, in_ans, 5)[0]
                b = cover_gpu.search(F, E, sim, firsts, mine, bound, keys, in_ans, 5)[0]
                assert list(a) == list(b), (trial, u, a, b)
                checked += 1
    print("same", checked)
    """
)


def test_gpu_kernel_equals_cpu_on_the_cuda_simulator() -> None:
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    r = subprocess.run(
        [sys.executable, "-c", SIMULATED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert "same 72" in r.stdout, r.stdout


def test_group_size_limits_are_stated() -> None:
    assert cover_gpu.fits(548, 5778, 243, 2) is None
    assert "answers" in (cover_gpu.fits(cover_gpu.MAX_N + 1, 10, 243, 2) or "")
    assert "guesses" in (cover_gpu.fits(10, 64 * cover_gpu.MAX_W + 1, 243, 2) or "")
    assert "codes" in (cover_gpu.fits(10, 10, cover_gpu.MAX_CODES + 1, 2) or "")


NO_GPU = cover_gpu.available()


@pytest.mark.skipif(NO_GPU is not None, reason=f"no CUDA GPU here: {NO_GPU}")
def test_gpu_equals_cpu_on_dutch_letters(lingo, dutch5) -> None:  # type: ignore[no-untyped-def]
    from playbook.core.problem import Problem

    for letter in "lk":
        answers = [w for w in dutch5 if w[0] == letter]
        p = Problem.of(lingo, dutch5, answers, name=letter)
        for rank in (SCM, RANKINGS["entropy"]):
            cpu = [openings.triple_unit(p, rank, 2, u) for u in range(openings.TRIPLE_UNITS)]
            gpu = openings.triple_unit_gpu(p, rank, 2, 0)
            best = openings.merge_triples(p, cpu, rank)
            assert gpu.moves == (tuple(sorted(best.moves)) if best else None)


@pytest.mark.skipif(NO_GPU is None, reason="a CUDA GPU is here: --device gpu would run")
def test_device_gpu_without_one_is_a_one_line_error(tmp_path: Path) -> None:
    r = run_cli("build", "lingo-nl-5", "--letters", "q", "--device", "gpu", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "key 'search.device': gpu: no CUDA GPU" in lines[0], r.stderr
    assert not list(tmp_path.rglob("playbook*"))  # nothing written
    ok = run_cli(
        "build", "lingo-nl-5", "--letters", "q", "--device", "auto", "--formats", "yaml",
        cwd=tmp_path,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr


def test_cpu_units_cover_one_search(lingo, dutch5) -> None:  # type: ignore[no-untyped-def]
    # the units split the first words of one search: together they equal one unit
    from playbook.core.problem import Problem

    rng = np.random.default_rng(3)
    answers = [w for w in dutch5 if w[0] == "l"][::4]
    guesses = sorted(set(rng.choice(dutch5, size=300, replace=False).tolist()) | set(answers))
    p = Problem.of(lingo, guesses, answers, name="l")
    whole = openings.triple_unit(p, SCM, 1, 0, 1)
    parts = [openings.triple_unit(p, SCM, 1, u, 5) for u in range(5)]
    merged = openings.merge_triples(p, parts, SCM)
    assert whole.moves == (tuple(sorted(merged.moves)) if merged else None)
    assert whole.first_words == sum(u.first_words for u in parts)
    assert cover.pair_bytes(len(answers), len(guesses)) == openings.triple_memory(p)
