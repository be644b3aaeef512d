"""Benchmark of the game registry and full strategies (issue 4), measured in one run.

    .venv/bin/python benchmarks/bench_games.py

Prints each figure beside its goal and writes ``benchmarks/results/games.json``:
the Wordle feedback matrix 12,972 x 2,315 (goal < 0.5 s; the plain-Python rule's time is
extrapolated from a slice, and a vectorised numpy implementation of the same rule is timed on
a slice too), each Mastermind greedy rule's full tree (goal < 2 s each), and the Wordle minimax
and entropy trees over all 2,315 answers (goal < 15 s each). The Mastermind optimum has its own
script, ``bench_optimal.py``.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import time
from pathlib import Path

import numba
import numpy as np

from playbook import config
from playbook.core.ranking import RULES
from playbook.pipeline import strategies
from playbook.pipeline.session import Session

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def numpy_wordle_matrix(guesses: list[str], answers: list[str]) -> np.ndarray:
    """A plain vectorised numpy implementation of the Wordle rule (the common approach)."""
    g = np.array([list(w) for w in guesses])[:, None, :]
    a = np.array([list(w) for w in answers])[None, :, :]
    exact = g == a
    codes = np.zeros((len(guesses), len(answers)), dtype=np.int64)
    marks = np.where(exact, 2, 0)
    for i in range(5):
        # copies of g[i] in the answer not matched exactly, minus earlier wrong-place marks
        avail = ((a == g[:, :, i : i + 1]) & ~exact).sum(axis=2)
        used = ((g[:, :, :i] == g[:, :, i : i + 1]) & ~exact[:, :, :i]).sum(axis=2)
        yellow = (~exact[:, :, i]) & (avail > used)
        marks[:, :, i] = np.where(yellow, 1, marks[:, :, i])
    for i in range(5):
        codes = codes * 3 + marks[:, :, i]
    return codes.astype(np.uint8)


def timed(fn, *args, **kw):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn(*args, **kw)
    return out, time.perf_counter() - t


def main() -> None:
    figures: dict[str, object] = {}
    print("playbook games benchmark")
    print(
        f"  cpu cores {os.cpu_count()}, python {platform.python_version()}, numpy "
        f"{np.__version__}, numba {numba.__version__}, {datetime.datetime.now():%Y-%m-%d %H:%M}"
    )

    cfg = config.load(REPO / "config" / "wordle.yaml")
    session = Session.open(cfg)
    game = session.game
    guesses, answers = list(session.guesses), list(session.answers)
    game.matrix(guesses[:10], answers[:10])  # compile / load the kernel
    m, t_kernel = min((timed(game.matrix, guesses, answers) for _ in range(3)), key=lambda x: x[1])
    _, t_ref = timed(game.reference_matrix, guesses[:100], answers)
    ref_full = t_ref * len(guesses) / 100
    sl = guesses[:400]
    vec, t_vec = timed(numpy_wordle_matrix, sl, answers)
    assert np.array_equal(vec, m[:400]), "numpy reference disagrees with the kernel"
    vec_full = t_vec * len(guesses) / 400
    print("\n1. Wordle feedback matrix 12,972 x 2,315")
    print(
        f"  kernel                        {t_kernel:8.3f} s   goal < 0.5 s: "
        f"{'met' if t_kernel < 0.5 else 'NOT MET'}"
    )
    print(
        f"  numpy vectorised (extrapolated) {vec_full:6.1f} s   ({vec_full / t_kernel:.0f}x slower)"
    )
    print(
        f"  plain Python (extrapolated)   {ref_full:8.1f} s   ({ref_full / t_kernel:.0f}x slower)"
    )
    figures["wordle_matrix"] = {
        "kernel_s": t_kernel,
        "numpy_s_extrapolated": vec_full,
        "python_s_extrapolated": ref_full,
    }

    print("\n2. Mastermind 4x6 greedy trees (goal < 2 s each)")
    mm = config.load(REPO / "config" / "mastermind-4x6.yaml")
    strategies.play_rule(mm, "minimax")  # warm-up: kernels loaded, matrix cached
    figures["mastermind"] = {}
    for rule in RULES:
        r, t = timed(strategies.play_rule, mm, rule)
        s = r.summary()
        print(
            f"  {rule:17s} first {s['first_guess']}  total {s['total']:5d}  "
            f"worst {s['worst']}  {t:6.2f} s  {'met' if t < 2 else 'NOT MET'}"
        )
        figures["mastermind"][rule] = {"total": s["total"], "worst": s["worst"], "seconds": t}  # type: ignore[index]

    print("\n3. Wordle full trees over 2,315 answers (goal < 15 s each)")
    figures["wordle"] = {}
    for rule in ("minimax", "entropy"):
        r, t = timed(strategies.play_rule, cfg, rule)
        s = r.summary()
        print(
            f"  {rule:8s} first {s['first_guess']}  total {s['total']}  average "
            f"{s['average']}  worst {s['worst']}  {t:6.2f} s  {'met' if t < 15 else 'NOT MET'}"
        )
        figures["wordle"][rule] = {
            "total": s["total"],
            "worst": s["worst"],
            "seconds": t,  # type: ignore[index]
            "distribution": s["distribution"],
        }
    out = HERE / "results" / "games.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
