"""Benchmark of the core engine: feedback kernel, exhaustive pair search, the default build.

Run from the repository root:

    .venv/bin/python benchmarks/bench_core.py            # everything (a few minutes)
    .venv/bin/python benchmarks/bench_core.py --quick    # no full builds, letters c and k only

Prints a plain table of figures and ratios and writes the same to
``benchmarks/results/core.json``. See ``benchmarks/README.md`` for what each figure means.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numba
import numpy as np

from playbook import words
from playbook.core.matrix import cached_matrix
from playbook.core.problem import Problem
from playbook.core.ranking import SCM
from playbook.games import WordGame, find_game
from playbook.games import lingo as word_games
from playbook.search import openings

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_JSON = HERE / "results" / "core.json"

WORD_LIST = "opentaal-nl"
LENGTH = 5
TURNS = 5
CONFIG = "lingo-nl-5"

GOAL_KERNEL_SPEEDUP = 20.0
"""Feedback kernel vs the plain-Python reference, per pair."""
GOAL_BUILD_JOBS2_S = 120.0
"""Wall time of the default build with two workers."""
GOAL_BUILD_SPEEDUP = 1.7
"""Wall time with one worker over wall time with two."""

FULL_LETTERS = "skca"
QUICK_LETTERS = "ck"

Row = Sequence[str]


# ------------------------------------------------------------------ helpers


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds one call of ``fn`` takes, and its result."""
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def repeat(fn: Callable[[], Any], n: int) -> tuple[list[float], Any]:
    """Times of ``n`` calls of ``fn``, and the last result."""
    times: list[float] = []
    out = None
    for _ in range(max(1, n)):
        t, out = timed(fn)
        times.append(t)
    return times, out


def si(x: float, unit: str = "") -> str:
    """A number with a k/M/G prefix, e.g. ``47.3 M``."""
    for factor, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= factor:
            return f"{x / factor:.2f} {prefix}{unit}"
    return f"{x:.2f} {unit}".rstrip()


def table(headers: Row, rows: Sequence[Row], indent: str = "  ") -> str:
    """A plain left-aligned text table."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(r: Row) -> str:
        return indent + "  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()

    rule = indent + "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def goal(met: bool) -> str:
    return "met" if met else "NOT MET"


def machine_busy_s() -> float | None:
    """CPU-seconds all processes of the machine have used since boot (from /proc/stat)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except (OSError, IndexError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def own_cpu_s() -> float:
    """CPU-seconds used by this process and its finished children (builds and their workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


class Load:
    """Measures, over a ``with`` block, the CPU used by us and by everything else.

    Other programs busy on the machine disturb the timings; ``other_cores`` says how many
    cores they kept busy on average.
    """

    def __enter__(self) -> Load:
        self.t0, self.cpu0, self.busy0 = time.perf_counter(), own_cpu_s(), machine_busy_s()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.t0
        self.cpu = own_cpu_s() - self.cpu0
        busy1 = machine_busy_s()
        self.other: float | None = None
        if busy1 is not None and self.busy0 is not None:
            self.other = max(0.0, busy1 - self.busy0 - self.cpu)

    def as_dict(self) -> dict[str, Any]:
        return {
            "wall_s": self.wall,
            "own_cpu_s": self.cpu,
            "other_cpu_s": self.other,
            "other_cores": None if self.other is None else self.other / self.wall,
        }


def load_note(load: dict[str, Any]) -> str:
    """One line on how busy the rest of the machine was."""
    cores = load["other_cores"]
    if cores is None:
        return "  other processes: unknown (no /proc/stat)"
    warn = "  (timings disturbed: rerun on a quiet machine)" if cores > 0.25 else ""
    return f"  other processes kept {cores:.2f} cores busy on average{warn}"


# ------------------------------------------------------------------ machine


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (or what platform knows)."""
    try:
        for ln in Path("/proc/cpuinfo").read_text().splitlines():
            if ln.lower().startswith("model name"):
                return ln.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 1
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": usable,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "numba_threads": numba.get_num_threads(),
        "platform": platform.platform(),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def print_machine(m: dict[str, Any]) -> None:
    rows = [
        ("cpu", m["cpu"]),
        ("cores", f"{m['cores']} ({m['cores_usable']} usable by this process)"),
        ("python", m["python"]),
        ("numpy", m["numpy"]),
        ("numba", f"{m['numba']} ({m['numba_threads']} threads)"),
        ("platform", m["platform"]),
        ("date", m["date"]),
    ]
    print("machine")
    print(table(("item", "value"), rows))


# ------------------------------------------------------------------ 1. feedback kernel


def make_game() -> WordGame:
    return find_game("lingo")(length=LENGTH, turns=TURNS, revealed="first")


def kernel_dispatcher() -> Any:
    """The numba dispatcher of the Lingo feedback kernel, if the module still has it."""
    return getattr(word_games, "_fill", None)


def cold_compile_seconds(game: WordGame, word: str) -> float | None:
    """Compile time of the feedback kernel from scratch (a fresh dispatcher, no disk cache)."""
    kernel = kernel_dispatcher()
    if kernel is None or not hasattr(kernel, "py_func"):
        return None
    fresh = numba.njit(parallel=True, cache=False)(kernel.py_func)
    g = word_games.encode_words([word], LENGTH)
    dtype = game.matrix([word], [word]).dtype
    out = np.empty((1, 1), dtype=dtype)
    t, _ = timed(lambda: fresh(g, g, out))
    return t


def cache_hits() -> int | None:
    """How often numba has loaded the feedback kernel from its disk cache in this process."""
    kernel = kernel_dispatcher()
    stats = getattr(kernel, "stats", None)
    return None if stats is None else sum(stats.cache_hits.values())


def bench_feedback(
    game: WordGame, wl: list[str], ref_guesses: int, repeats: int
) -> tuple[dict[str, Any], np.ndarray]:
    """Kernel on the full matrix vs the plain-Python reference on a slice of guesses."""
    n = len(wl)
    hits_before = cache_hits()
    first_s, _ = timed(lambda: game.matrix(wl, wl))
    hits_after = cache_hits()
    loaded = None if hits_after is None else hits_after > (hits_before or 0)
    compile_s = cold_compile_seconds(game, wl[0])
    times, full = repeat(lambda: game.matrix(wl, wl), repeats)
    kernel_s = min(times)
    kernel_rate = n * n / kernel_s

    # an evenly spread slice of guesses (not just the words starting with 'a')
    k = min(ref_guesses, n)
    idx = np.linspace(0, n - 1, k).round().astype(np.int64)
    idx = np.unique(idx)
    guesses = [wl[i] for i in idx]
    ref_s, ref = timed(lambda: game.reference_matrix(guesses, wl))
    on_slice = game.matrix(guesses, wl)
    assert np.array_equal(on_slice, ref), "feedback kernel differs from the reference"
    assert np.array_equal(full[idx], ref), "full kernel matrix differs from the reference"
    ref_rate = len(guesses) * n / ref_s
    speedup = kernel_rate / ref_rate
    res = {
        "words": n,
        "pairs_full": n * n,
        "first_call_s": first_s,
        "first_call_loaded_from_numba_cache": loaded,
        "cold_compile_s": compile_s,
        "kernel_times_s": times,
        "kernel_s": kernel_s,
        "kernel_median_s": statistics.median(times),
        "kernel_pairs_per_s": kernel_rate,
        "reference_guesses": len(guesses),
        "reference_pairs": len(guesses) * n,
        "reference_s": ref_s,
        "reference_pairs_per_s": ref_rate,
        "reference_full_extrapolated_s": n * n / ref_rate,
        "speedup": speedup,
        "goal_speedup": GOAL_KERNEL_SPEEDUP,
        "goal_met": speedup >= GOAL_KERNEL_SPEEDUP,
        "equal_to_reference": True,
    }
    return res, full


def print_feedback(r: dict[str, Any], repeats: int) -> None:
    n = r["words"]
    how = {True: "load from numba disk cache", False: "compile", None: "compile or load"}[
        r["first_call_loaded_from_numba_cache"]
    ]
    compile_s = r["cold_compile_s"]
    rows = [
        (f"kernel first call ({how})", f"{r['first_call_s']:.3f} s", ""),
        (
            "kernel cold compile (fresh, no cache)",
            "n/a" if compile_s is None else f"{compile_s:.3f} s",
            "",
        ),
        (
            f"kernel {n} x {n} (best of {repeats})",
            f"{r['kernel_s']:.3f} s",
            f"{si(r['kernel_pairs_per_s'])} pairs/s",
        ),
        (
            f"reference {r['reference_guesses']} x {n}",
            f"{r['reference_s']:.3f} s",
            f"{si(r['reference_pairs_per_s'])} pairs/s",
        ),
        (f"reference {n} x {n} (extrapolated)", f"{r['reference_full_extrapolated_s']:.1f} s", ""),
        (
            "speed-up kernel / reference (per pair)",
            f"{r['speedup']:.1f}x",
            f"goal >= {GOAL_KERNEL_SPEEDUP:.0f}x: {goal(r['goal_met'])}",
        ),
        ("kernel == reference on the slice", "yes" if r["equal_to_reference"] else "NO", ""),
    ]
    print(f"\n1. feedback matrix: {WORD_LIST}, {LENGTH} letters, ij -> y ({n} words)")
    print(table(("figure", "value", "rate / goal"), rows))


# ------------------------------------------------------------------ 2. pair search


def letter_data(
    game: WordGame, wl: list[str], full: np.ndarray, letter: str, guesses: int | None = None
) -> Problem:
    """The problem of one letter as the build has it: all guesses (or the first ``guesses``)
    x the letter's answers."""
    cols = np.asarray([j for j, w in enumerate(wl) if w[0] == letter], dtype=np.int64)
    rows = slice(None, guesses)
    answers = [wl[j] for j in cols]
    return Problem.from_matrix(game, wl[rows], answers, full[rows][:, cols], name=letter)


def bench_pairs(
    game: WordGame, wl: list[str], full: np.ndarray, letters: str, repeats: int
) -> dict[str, Any]:
    """``openings.best_pair`` per letter with bound = turns - 2, as the build's pair phase."""
    bound = TURNS - 2
    # warm-up on a small slice, so compile / cache-load time is not counted
    p0 = letter_data(game, wl, full, letters[0], 64)
    warm_s, _ = timed(lambda: openings.best_pair(p0, SCM, bound))
    out: dict[str, Any] = {"bound": bound, "warmup_s": warm_s, "letters": []}
    for letter in letters:
        p = letter_data(game, wl, full, letter)
        n_g, n_a = p.F.shape
        pairs = n_g * (n_g - 1) // 2
        times, best = repeat(lambda p=p: openings.best_pair(p, SCM, bound), repeats)
        t = min(times)
        entry: dict[str, Any] = {
            "letter": letter,
            "answers": n_a,
            "guesses": n_g,
            "pairs": pairs,
            "times_s": times,
            "seconds": t,
            "pairs_per_s": pairs / t,
            "found": best is not None,
        }
        if best is not None:
            entry.update(
                moves=[wl[g] for g in best.moves],
                largest=best.score.largest,
                parts=best.score.parts,
                sumsq=best.score.sumsq,
            )
        out["letters"].append(entry)
    total_pairs = sum(e["pairs"] for e in out["letters"])
    total_s = sum(e["seconds"] for e in out["letters"])
    out["total_pairs"] = total_pairs
    out["total_s"] = total_s
    out["pairs_per_s"] = total_pairs / total_s
    return out


def print_pairs(r: dict[str, Any], repeats: int) -> None:
    rows = []
    for e in r["letters"]:
        if e["found"]:
            result = (
                f"{' + '.join(e['moves'])}: largest {e['largest']}, "
                f"{e['parts']} parts, sumsq {e['sumsq']}"
            )
        else:
            result = f"no pair with largest part <= {r['bound']}"
        rows.append(
            (
                e["letter"],
                str(e["answers"]),
                str(e["guesses"]),
                si(e["pairs"]),
                f"{e['seconds']:.3f}",
                si(e["pairs_per_s"]),
                result,
            )
        )
    rows.append(
        ("all", "", "", si(r["total_pairs"]), f"{r['total_s']:.3f}", si(r["pairs_per_s"]), "")
    )
    print(
        f"\n2. exhaustive pair search: openings.best_pair, SCM, bound {r['bound']}, "
        f"serial (best of {repeats}; warm-up {r['warmup_s']:.3f} s not counted)"
    )
    print(table(("letter", "answers", "guesses", "pairs", "time s", "pairs/s", "result"), rows))


# ------------------------------------------------------------------ 3. default build


def playbook_cmd() -> list[str]:
    """The installed ``playbook`` command next to this interpreter, else ``python -c``."""
    exe = Path(sys.executable).with_name("playbook")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "import sys; from playbook.cli import main; sys.exit(main())"]


def prime_caches(game: WordGame, wl: list[str], full: np.ndarray) -> None:
    """Fill the feedback-matrix cache and numba's disk cache, so both builds start equal."""
    cached_matrix(game, wl, wl)
    p = letter_data(game, wl, full, "c", 64)
    openings.best_single(p, SCM, TURNS - 1)
    openings.best_pair(p, SCM, TURNS - 2)


def run_build(jobs: int, out: Path, env: dict[str, str]) -> dict[str, Any]:
    cmd = [*playbook_cmd(), "build", CONFIG, "--jobs", str(jobs), "--out", str(out)]
    with Load() as load:
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    text = proc.stdout + proc.stderr
    m = re.search(r"wrote \S+ .*? in ([0-9.]+) s", text.replace("\n", " "))
    return {
        "jobs": jobs,
        "command": " ".join(cmd),
        "wall_s": load.wall,
        "cpu_s": load.cpu,
        "load": load.as_dict(),
        "build_reported_s": float(m.group(1)) if m else None,
        "exit_code": proc.returncode,
        "output_tail": text[-2000:],
    }


def without_created(path: Path) -> list[str]:
    """The playbook's lines, less its ``created:`` date line."""
    return [
        ln
        for ln in path.read_text(encoding="utf-8").splitlines()
        if not re.match(r"\s*created:", ln)
    ]


def bench_build(game: WordGame, wl: list[str], full: np.ndarray, rounds: int = 3) -> dict[str, Any]:
    """The default build on 1 and 2 jobs, one after the other, ``rounds`` times (the order
    turned round every other round).

    This machine's speed drifts by 10-30% from minute to minute, so the speed-up is the median
    over the rounds of each round's ratio (two builds minutes apart see about the same
    machine); the ratio of each one's best wall time is printed beside it.
    """
    with tempfile.TemporaryDirectory(prefix="bench-core-") as tmp:
        root = Path(tmp)
        env = dict(os.environ, PLAYBOOK_CACHE=str(root / "cache"), NO_COLOR="1", TERM="dumb")
        os.environ["PLAYBOOK_CACHE"] = env["PLAYBOOK_CACHE"]
        try:
            prime_caches(game, wl, full)
        finally:
            os.environ.pop("PLAYBOOK_CACHE")
        runs = []
        for r in range(rounds):
            for jobs in (1, 2) if r % 2 == 0 else (2, 1):
                runs.append(run_build(jobs, root / f"out-{r}-jobs{jobs}", env))
                runs[-1]["round"] = r + 1
        files = [
            root / f"out-{run['round'] - 1}-jobs{run['jobs']}" / CONFIG / "playbook.yaml"
            for run in runs
        ]
        ok = all(r["exit_code"] == 0 for r in runs) and all(f.exists() for f in files)
        identical = (
            all(without_created(f) == without_created(files[0]) for f in files[1:]) if ok else None
        )
        yaml_bytes = files[1].stat().st_size if ok else None
    one = min((r for r in runs if r["jobs"] == 1), key=lambda r: r["wall_s"])
    two = min((r for r in runs if r["jobs"] == 2), key=lambda r: r["wall_s"])
    by_round = {(run["round"], run["jobs"]): run["wall_s"] for run in runs}
    ratios = [by_round[(r, 1)] / by_round[(r, 2)] for r in range(1, rounds + 1)]
    speedup = statistics.median(ratios)
    return {
        "config": CONFIG,
        "runs": runs,
        "best": {"1": one, "2": two},
        "round_speedups": ratios,
        "speedup": speedup,
        "speedup_of_bests": one["wall_s"] / two["wall_s"],
        "builds_ok": ok,
        "identical": identical,
        "playbook_yaml_bytes": yaml_bytes,
        "goal_jobs2_s": GOAL_BUILD_JOBS2_S,
        "goal_jobs2_met": ok and two["wall_s"] < GOAL_BUILD_JOBS2_S,
        "goal_speedup": GOAL_BUILD_SPEEDUP,
        "goal_speedup_met": ok and speedup >= GOAL_BUILD_SPEEDUP,
    }


def print_build(r: dict[str, Any]) -> None:
    rows = []
    for run in r["runs"]:
        inner = run["build_reported_s"]
        other = run["load"]["other_cores"]
        rows.append(
            (
                f"{run['round']}: --jobs {run['jobs']}",
                f"{run['wall_s']:.1f}",
                "-" if inner is None else f"{inner:.1f}",
                f"{run['cpu_s']:.1f}",
                f"{run['cpu_s'] / run['wall_s']:.2f}",
                "?" if other is None else f"{other:.2f}",
                str(run["exit_code"]),
            )
        )
    print(
        f"\n3. default build: playbook build {CONFIG} (subprocess, primed caches; 1 and 2 jobs "
        "one after the other in each round, the order turned round every other round)"
    )
    print(
        table(
            ("run", "wall s", "build's own s", "cpu s", "cores used", "other procs' cores", "exit"),
            rows,
        )
    )
    two = r["best"]["2"]
    summary = [
        (
            "wall time, --jobs 2",
            f"{two['wall_s']:.1f} s",
            f"goal < {GOAL_BUILD_JOBS2_S:.0f} s: {goal(r['goal_jobs2_met'])}",
        ),
        (
            "speed-up jobs 1 / jobs 2, each round",
            "  ".join(f"{x:.2f}x" for x in r["round_speedups"]),
            "",
        ),
        (
            "speed-up jobs 1 / jobs 2, median of the rounds",
            f"{r['speedup']:.2f}x",
            f"goal >= {GOAL_BUILD_SPEEDUP}x: {goal(r['goal_speedup_met'])}",
        ),
        (
            "best wall time, jobs 1 / best, jobs 2",
            f"{r['speedup_of_bests']:.2f}x",
            "",
        ),
        (
            "playbook.yaml identical (less created:)",
            {True: "yes", False: "NO", None: "n/a (a build failed)"}[r["identical"]],
            "",
        ),
    ]
    print(table(("figure", "value", "goal"), summary))
    for run in r["runs"]:
        note = load_note(run["load"])
        print(note.replace("  other", f"  {run['round']}: --jobs {run['jobs']}: other"))
    for run in r["runs"]:
        if run["exit_code"] != 0:
            print(f"\n  build --jobs {run['jobs']} exited {run['exit_code']}; output tail:")
            print("  " + run["output_tail"].strip().replace("\n", "\n  "))


# ------------------------------------------------------------------ main


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"skip the full builds; pair search on letters {QUICK_LETTERS} only",
    )
    p.add_argument(
        "--letters",
        help=f"letters for the pair search (default {FULL_LETTERS}, quick {QUICK_LETTERS})",
    )
    p.add_argument(
        "--ref-guesses",
        type=int,
        default=300,
        help="guesses (rows) of the plain-Python reference slice (default 300)",
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=3,
        help="timed repeats of the kernel and each pair search; best counts (default 3)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of builds on 1 and 2 jobs; the speed-up is the median of the rounds' "
        "(default 3)",
    )
    p.add_argument(
        "--json",
        type=Path,
        default=DEFAULT_JSON,
        help="where to write the results (default benchmarks/results/core.json)",
    )
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    letters = args.letters or (QUICK_LETTERS if args.quick else FULL_LETTERS)
    game = make_game()
    wl = list(words.load(WORD_LIST, length=LENGTH, ij_to_y=True).words)

    m = machine()
    print(f"playbook core benchmark ({'quick' if args.quick else 'full'})\n")
    print_machine(m)
    sys.stdout.flush()

    with Load() as load:
        fb, full = bench_feedback(game, wl, args.ref_guesses, args.repeats)
    fb["load"] = load.as_dict()
    print_feedback(fb, args.repeats)
    print(load_note(fb["load"]))
    sys.stdout.flush()

    with Load() as load:
        pairs = bench_pairs(game, wl, full, letters, args.repeats)
    pairs["load"] = load.as_dict()
    print_pairs(pairs, args.repeats)
    print(load_note(pairs["load"]))
    sys.stdout.flush()

    results: dict[str, Any] = {
        "quick": args.quick,
        "machine": m,
        "feedback": fb,
        "pairs": pairs,
        "build": None,
    }
    if args.quick:
        print("\n3. default build: skipped (--quick)")
    else:
        results["build"] = bench_build(game, wl, full, args.rounds)
        print_build(results["build"])

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
