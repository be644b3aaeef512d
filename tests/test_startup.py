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
        "import sys\nfrom playbook import signals\n"
        "try:\n    exec('raise KeyboardInterrupt')\nexcept KeyboardInterrupt:\n    pass\n"
        f"if {forget}:\n    signals.forget_caught_interrupt()\nsys.exit(130)\n"
    )
    done = subprocess.run([sys.executable, "-m", "stopped"], cwd=tmp_path, timeout=120)
    assert done.returncode == (130 if forget else -2)
