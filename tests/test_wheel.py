"""The wheel holds the whole package (issue 48, item 1): every module, template, catalog,
word list and bundled config that git tracks, whatever the hand-written package list says,
and the licence; built from this checkout as ``pip wheel`` builds it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def _tracked() -> set[str]:
    """The package's files as the wheel names them (``config/`` is ``playbook/configs/``)."""
    out = subprocess.run(
        ["git", "ls-files", "playbook", "config"], cwd=ROOT, capture_output=True, text=True
    )
    if out.returncode != 0:
        pytest.fail(f"git ls-files: {out.stderr}", pytrace=False)
    names = set()
    for name in out.stdout.split():
        names.add(
            "playbook/configs/" + name[len("config/") :] if name.startswith("config/") else name
        )
    return names


def test_the_wheel_holds_every_file_of_the_package(tmp_path: Path) -> None:
    # a copy of the tree, so that the build's own folders stay out of the checkout
    src = tmp_path / "src"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True, timeout=120)
    for name in subprocess.run(
        ["git", "diff", "--name-only", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split():  # uncommitted changes too, as they are here
        if (ROOT / name).is_file():
            (src / name).write_bytes((ROOT / name).read_bytes())
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         str(src), "-w", str(tmp_path / "dist")],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("lingo_playbook-*.whl")
    inside = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(_tracked() - inside)
    assert missing == [], f"not in the wheel: {', '.join(missing[:20])}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in inside)
    assert wheel.stat().st_size < 20 * 1024 * 1024
