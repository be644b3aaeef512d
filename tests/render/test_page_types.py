"""The type check of the page's scripts (issue 59, item 3): ``tsc --checkJs`` reads the JSDoc
types of ``playbook/render/templates/*.js`` (``tsconfig.json``; the service worker under
``tsconfig.worker.json``), as ``.ci/run`` runs it before the tests. Here: every script is in
a check, and a copy of the page's scripts with a type error fails with that error and no
other, naming the file and the line (a check that could not fail would prove nothing).
TypeScript is npm's (``npm ci``, pinned by ``package-lock.json``): the tests skip where
``node_modules/`` is not installed; CI installs it first.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # Node and the compiler: seconds, out of the fast loop

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "playbook" / "render" / "templates"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
TSC_WAIT_S = 600
"""How long the compiler may take (a few seconds on a quiet machine; CI's can be busy)."""


def tsc(*args: str) -> subprocess.CompletedProcess[str]:
    if not TSC.exists():
        pytest.skip("TypeScript is not installed here: npm ci --no-audit --no-fund")
    return subprocess.run(
        [str(TSC), *args], capture_output=True, text=True, timeout=TSC_WAIT_S, cwd=ROOT
    )


def test_every_page_script_is_checked_and_passes() -> None:
    """Every script of the templates is in one of the two checks, each with ``// @ts-check``
    on its first line (an editor checks it too), and both checks are CI's (``.ci/run`` runs
    them before the tests, so here the files each one reads are listed, not checked a second
    time: tsc's ``--listFilesOnly``). The check of the page's scripts passes: the test below
    holds a copy of them to the one error it breaks them with."""
    scripts = sorted(p.name for p in TEMPLATES.glob("*.js"))
    assert len(scripts) >= 12
    for name in scripts:
        first = (TEMPLATES / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == "// @ts-check", name
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    listed: list[str] = []
    for config in ("tsconfig.json", "tsconfig.worker.json"):
        assert f"npx --no-install tsc -p {config} \\\n" in ci, config
        run = tsc("-p", config, "--listFilesOnly")
        assert run.returncode == 0, run.stdout + run.stderr
        listed += run.stdout.splitlines()
    checked = {Path(line).name for line in listed if Path(line).parent == TEMPLATES}
    assert set(scripts) <= checked


def test_a_type_error_fails_the_check(tmp_path: Path) -> None:
    """The scripts copied, one broken as page.js once was (a group's name read as ``g.g``,
    a field of the data, not of the decoded group: the Wordle page titled its one group
    "Letter ALL WORDS"): tsc exits non-zero and names the file, the line and the property."""
    copy = tmp_path / "templates"
    copy.mkdir()
    for path in [*TEMPLATES.glob("*.js"), *TEMPLATES.glob("*.d.ts")]:
        shutil.copy(path, copy / path.name)
    page = copy / "page.js"
    text = page.read_text(encoding="utf-8")
    assert text.count('g.name !== "*"') == 1
    page.write_text(text.replace('g.name !== "*"', 'g.g !== "*"'), encoding="utf-8")
    config = tmp_path / "tsconfig.json"
    config.write_text(
        json.dumps(
            {
                "extends": str(ROOT / "tsconfig.json"),
                "include": ["templates/*.js", "templates/globals.d.ts"],
                "exclude": ["templates/site-sw.js"],
            }
        )
    )
    run = tsc("-p", str(config))
    assert run.returncode != 0
    line = next(n for n, s in enumerate(text.splitlines(), 1) if 'g.name !== "*"' in s)
    # that error and no other: the failure is the error's, not the copy's (the copy
    # unbroken is what the test above checks, file for file)
    (error,) = [s for s in run.stdout.splitlines() if ": error TS" in s]
    assert f"templates/page.js({line}," in error, run.stdout
    assert "TS2339: Property 'g' does not exist on type 'Group'" in error, run.stdout
