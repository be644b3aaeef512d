"""The distribution (issue 48, item 1): ``python -m build`` makes the sdist and, from it, the
wheel; the wheel holds the whole package (every module, template, catalog, word list,
bundled config and shipped plan that git tracks, whatever the hand-written package list
says) and the licence; installed into a fresh venv outside the checkout it runs: the shipped
plans play, show and render with no build, in both languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
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


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python -m build`` of this checkout (a clone, uncommitted changes copied in, so that
    the build's own folders stay out of the checkout): the sdist, and the wheel built from it."""
    tmp = tmp_path_factory.mktemp("dist")
    src = tmp / "src"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True, timeout=120)
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout.splitlines()  # fmt: skip
    for line in changed:  # uncommitted and new files too, as they are here
        name = line[3:]
        if (ROOT / name).is_file() and not name.startswith((".venv", "output")):
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes((ROOT / name).read_bytes())
    r = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "dist"),
         str(src)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    return tmp / "dist"


def test_build_makes_the_sdist_and_the_wheel(dist: Path) -> None:
    (sdist,) = dist.glob("lingo_playbook-*.tar.gz")
    (wheel,) = dist.glob("lingo_playbook-*.whl")
    from playbook import __version__

    assert sdist.name == f"lingo_playbook-{__version__}.tar.gz"
    assert wheel.name.startswith(f"lingo_playbook-{__version__}-py3-none-any")


def test_the_wheel_holds_every_file_of_the_package(dist: Path) -> None:
    (wheel,) = dist.glob("lingo_playbook-*.whl")
    inside = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(_tracked() - inside)
    assert missing == [], f"not in the wheel: {', '.join(missing[:20])}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in inside)
    assert any(n.startswith("playbook/data/plans/") and n.endswith(".yaml") for n in inside)
    assert wheel.stat().st_size < 20 * 1024 * 1024


def test_the_installed_wheel_runs_outside_the_checkout(dist: Path, tmp_path: Path) -> None:
    """A fresh venv (the locked dependencies borrowed from this one by a path file, the
    package only from the wheel), used from an empty folder."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (wheel,) = dist.glob("lingo_playbook-*.whl")
    r = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    here = tmp_path / "empty"
    here.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PLAYBOOK_CACHE")}
    env["PLAYBOOK_CACHE"] = str(tmp_path / "cache")

    def playbook(*args: str) -> str:
        done = subprocess.run(
            [str(env_dir / "bin" / "playbook"), *args],
            cwd=here, env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, (args, done.stdout[-1000:], done.stderr[-2000:])
        return done.stdout

    where = subprocess.run(
        [str(python), "-c", "import playbook; print(playbook.__file__)"],
        cwd=here, env=env, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert where.startswith(str(env_dir)), where  # the wheel's package, not the checkout's
    assert playbook("--version").startswith("playbook ")
    assert "lingo-nl-5-tv" in playbook("lists")
    shown = json.loads(playbook("show", "lingo-nl-5-tv", "--letter", "c", "--json"))
    assert list(shown["groups"]) == ["c"] and shown["name"] == "lingo-nl-5-tv"
    played = playbook("play", "lingo-nl-5-tv", "--letter", "c", "--moves", "cobra ooooo")
    assert "geraden: cobra na 1 beurt" in played  # play speaks Dutch from the wheel too
    playbook("render", "lingo-nl-5-tv", "--format", "page", "--language", "nl")
    page = (here / "lingo-nl-5-tv-play.html").read_text()
    assert 'lang="nl"' in page  # the Dutch catalog is in the wheel
    playbook("site", "site", "--only", "wordle")
    assert (here / "site" / "sw.js").is_file() and (here / "site" / "wordle.html").is_file()
    assert "_shtab_playbook" in playbook("completion", "bash")
    assert sorted(p.name for p in here.iterdir()) == ["lingo-nl-5-tv-play.html", "site"]
