"""The figures in the docs are the benchmarks' (issue 56, item 11): every table that a
benchmark prints from its results JSON stands in the docs between two markers,

    <!-- NAME table: SCRIPT --table [ARGS] -->
    ...
    <!-- end of the NAME table -->

and is exactly what ``SCRIPT --table ARGS`` prints from ``benchmarks/results/`` today: a
result measured again and not copied into the docs fails here."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
MARK = re.compile(
    r"<!-- (?P<name>[\w-]+) table: (?P<command>[^>]+?) -->\n(?P<body>.*?)"
    r"<!-- end of the (?P=name) table -->",
    re.S,
)


def _blocks() -> list[tuple[str, str, str, str]]:
    found = []
    for page in PAGES:
        for m in MARK.finditer(page.read_text(encoding="utf-8")):
            rel = str(page.relative_to(ROOT))
            found.append((rel, m["name"], m["command"], m["body"]))
    return found


BLOCKS = _blocks()


def test_the_docs_hold_the_measured_tables() -> None:
    names = {name for _, name, _, _ in BLOCKS}
    assert {"real-answers", "answer-frontier"} <= names


@pytest.mark.parametrize(
    ("page", "name", "command", "body"), BLOCKS, ids=[f"{b[0]}:{b[1]}" for b in BLOCKS]
)
def test_a_docs_table_is_what_its_benchmark_prints(
    page: str, name: str, command: str, body: str
) -> None:
    script, *args = shlex.split(command)
    assert (ROOT / script).is_file(), f"{page}: {name}: no script {script}"
    assert "--table" in args, f"{page}: {name}: the command must print from the JSON"
    done = subprocess.run(
        [sys.executable, str(ROOT / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert body.strip() == done.stdout.strip(), (
        f"{page}: the {name} table differs from `{command}`; paste its output between the markers"
    )
