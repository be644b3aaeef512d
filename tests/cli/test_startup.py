"""Start-up (issue 48, item 6): the command line imports only what a command uses. Parsing,
``--help`` and ``--version`` load none of numba, numpy, scipy, joblib, rich or the renderers;
each command's code is imported when it runs, and the names the parser lists are the
registries' own."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from playbook import names

HEAVY = (
    "numba",
    "numpy",
    "scipy",
    "joblib",
    "rich",
    "jinja2",
    "weasyprint",
    "matplotlib",
    "yaml",
    "playbook.api",
    "playbook.render",
    "playbook.pipeline",
    "playbook.games",
)
"""What parsing must not import (the library's heavy rooms and the packages they load)."""


def _loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter holds after running ``code``."""
    probe = (
        f"{code}\nimport json, sys\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} "
        f"or m in {HEAVY!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "argv",
    [["--version"], ["--help"], ["build", "--help"], ["play", "--help"], ["render", "--help"]],
)
def test_parsing_loads_nothing_heavy(argv: list[str]) -> None:
    code = (
        "import contextlib, io\nfrom playbook.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        f"    main({argv!r})"
    )
    assert _loaded_after(code) == []


def test_every_parser_builds_without_the_library() -> None:
    code = (
        "from playbook.cli import command_parsers\n"
        "for p in command_parsers().values():\n    p.format_help()"
    )
    assert _loaded_after(code) == []


def test_each_command_names_code_that_exists() -> None:
    from playbook.cli import command_parsers

    for name, parser in command_parsers().items():
        run = parser.get_default("func")
        module, _, function = run.__name__.partition(".")
        target = getattr(importlib.import_module(f"playbook.cli.{module}"), function, None)
        assert callable(target), f"{name}: playbook.cli.{run.__name__} does not exist"


def test_the_parser_lists_the_registries_names() -> None:
    from playbook import parallel, render
    from playbook.cli.named import bundled_configs
    from playbook.core import ranking
    from playbook.play import players
    from playbook.render import i18n, tiles
    from playbook.studies import expect

    assert tuple(render.FORMATS) == names.FORMATS
    assert ranking.RULES is names.RULES
    assert parallel.BACKENDS is names.BACKENDS
    assert players.HOSTS is names.HOSTS
    assert tiles.TILE_STYLES is names.TILE_STYLES
    assert tuple(tiles.PALETTES) == names.TILE_STYLES
    assert i18n.CHOICES == names.LANGUAGE_CHOICES
    locale = Path(i18n.__file__).parent.parent / "locale"
    for language in names.LANGUAGES[1:]:  # English is the message ids; the others a catalog
        assert (locale / language / "LC_MESSAGES" / "playbook.po").is_file(), language
    assert names.DEFAULT_CONFIG in bundled_configs()
    assert expect.STRATEGIES is names.GUESSERS


def test_kernels_run_without_scipy_linalg_and_it_still_loads() -> None:
    """numba's BLAS probe is held out (``playbook.jit``): a kernel runs with no
    ``scipy.linalg`` imported (0.3-0.6 s a process), and scipy's linear algebra and HiGHS
    still load whole afterwards (the studies' linear programs)."""
    code = (
        "import sys\nfrom playbook.games import WordGame\n"
        "m = WordGame(length=5, turns=5).matrix(['kabel', 'lepel'], ['kabel', 'lepel'])\n"
        "assert m.shape == (2, 2)\n"
        "print('scipy.linalg' in sys.modules)\n"
        "import numba.np.arraymath as am\nprint(am._HAVE_BLAS)\n"
        "import scipy.linalg.cython_blas\nfrom scipy.optimize import linprog\n"
        "print(linprog([1, 1], A_ub=[[-1, -1]], b_ub=[-1]).fun)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "False", "1.0"]


@pytest.mark.parametrize("forget", [False, True])
def test_a_caught_interrupt_in_exec_code_keeps_the_exit_code(tmp_path: Path, forget: bool) -> None:
    """CPython notes a KeyboardInterrupt that ended string-``exec``'d code (dataclasses,
    namedtuples and numba make functions so) even where it was caught, and ``python -m``
    then dies by SIGINT (-2) whatever code it exits with; the command clears the note
    before it exits (``signals.forget_caught_interrupt``), so a command that answered an
    interrupt in one line exits 130 as it said."""
    (tmp_path / "stopped.py").write_text(
        "import sys\nfrom playbook.io import signals\n"
        "try:\n    exec('raise KeyboardInterrupt')\nexcept KeyboardInterrupt:\n    pass\n"
        f"if {forget}:\n    signals.forget_caught_interrupt()\nsys.exit(130)\n"
    )
    done = subprocess.run([sys.executable, "-m", "stopped"], cwd=tmp_path, timeout=120)
    assert done.returncode == (130 if forget else -2)


class _Event:
    def __init__(self, name: str) -> None:
        def kernel() -> None:
            pass

        kernel.__name__ = name
        self.data = {"dispatcher": type("D", (), {"py_func": kernel})()}


class _Stream:
    def __init__(self, terminal: bool) -> None:
        self.text, self.terminal = "", terminal

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize("terminal", [False, True])
def test_a_first_compile_is_announced_once_and_progress_only_on_a_terminal(
    terminal: bool,
) -> None:
    """Issue 56, item 6: the first kernel compiled says so in one line (nested compiles and
    later kernels add nothing more); on a terminal each kernel's name shows on a line that is
    cleared when it is done."""
    from playbook import jit

    out = _Stream(terminal)
    notice = jit.CompileNotice(out)  # type: ignore[arg-type]
    notice.on_start(_Event("scan"))
    notice.on_start(_Event("inner"))  # compiled by scan: no line of its own
    notice.on_end(_Event("inner"))
    notice.on_end(_Event("scan"))
    notice.on_start(_Event("solve"))
    notice.on_end(_Event("solve"))
    assert out.text.count(jit.NOTICE) == 1 and out.text.startswith(jit.NOTICE + "\n")
    if terminal:
        assert "kernel 1: scan" in out.text and "kernel 2: solve" in out.text
        assert "inner" not in out.text and out.text.endswith("\r\x1b[K")
    else:
        assert out.text == jit.NOTICE + "\n"  # no escape sequence into a file or a pipe
    # outside a command (a library call, a test in the same process) it says nothing
    quiet = _Stream(terminal)
    silent = jit.CompileNotice(quiet)  # type: ignore[arg-type]
    silent.active = False
    silent.on_start(_Event("scan"))
    silent.on_end(_Event("scan"))
    assert quiet.text == "" and silent.depth == 0


@pytest.mark.slow  # compiles a greedy rule's three kernels into an empty cache (about 3 s)
def test_a_cold_run_says_it_compiles_and_a_warm_one_does_not(tmp_path: Path) -> None:
    """The notice is numba's compile events heard, whichever kernels compile: a greedy rule's
    three are enough to show it (the optimal search's 44 took 20 CPU-seconds here; the time
    the notice states is benchmarks/bench_startup.py's)."""
    import os

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    cmd = [sys.executable, "-m", "playbook", "strategy", "mastermind-3x2", "--rule", "minimax"]
    cold = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    assert cold.returncode == 0, cold.stderr
    from playbook import jit

    assert cold.stderr.splitlines()[0] == jit.NOTICE
    warm = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    assert warm.returncode == 0 and jit.NOTICE not in warm.stderr

    def figures(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("time ")]

    assert figures(warm.stdout) == figures(cold.stdout)
