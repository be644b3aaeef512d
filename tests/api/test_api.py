"""The library's commands (:mod:`playbook.api`): what the CLI calls, called directly, with the
outcome's verdict and exit code; the optimal search in parallel and resumed from its
checkpoints."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers import GOLDEN, run_cli, sample, write_words

from playbook import api, config, model, studies, words
from playbook.errors import PlaybookError
from playbook.io.checkpoint import Checkpoint

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> config.Config:
    """A Lingo config (TV rules) on a few letters' words of the bundled list."""
    folder = tmp_path_factory.mktemp("api")
    listed = words.load("opentaal-nl", length=5, ij_letter=True).words
    chosen = [w for w in listed if w[0] in "qxy"] + sample(
        [w for w in listed if w[0] == "e"], 60, 1
    )
    write_words(folder / "w.txt", sorted(chosen))
    (folder / "c.yaml").write_text(
        "name: small\ngame: lingo\nwords:\n  list: w.txt\n  length: 5\nrules:\n  turns: 5\n"
        "  revealed: first\n  guess_pool: revealed\nsearch:\n  restarts: 4\n"
        "render:\n  formats: yaml,md\n"
    )
    return dataclasses.replace(config.load(folder / "c.yaml"), n_jobs=1)


def test_build_verify_render_as_library_calls(small: config.Config, tmp_path: Path) -> None:
    job = api.prepare_build(small, tmp_path / "out")
    assert job.groups == ("e", "q", "x", "y") and job.out_dir == tmp_path / "out" / "small"
    assert list(job.out_dir.iterdir()) == []  # the folder is made, nothing written in it yet
    done = api.run_build(job)
    assert done.exit_code == 0 and done.verdict.startswith("verified: every word found within 5")
    assert [p.name for p, _ in done.written.files] == ["playbook.yaml", "playbook.md"]
    path = str(job.out_dir / "playbook.yaml")
    checked = api.verify_playbook(model.load(path), path)
    assert checked.exit_code == 0 and checked.lines()[-1] == checked.verdict
    assert checked.verdict == f"OK: all {done.report.overall.words} words found within 5 turns"
    # the CLI prints the same verdicts and exits with the same codes
    cli = run_cli("verify", path, "--quiet", cwd=tmp_path)
    assert cli.returncode == 0 and cli.stdout.strip().splitlines()[-1] == checked.verdict
    shown = api.render_playbook(model.load(path), path, "html", letters=["q"])
    assert shown.path == job.out_dir / "playbook.html" and shown.path.stat().st_size > 0
    # a playbook whose table no longer finds a word: exit code 1, the failure named
    pb = model.load(path)
    e = next(g for g in pb.groups if g.group == "e")
    broken = dataclasses.replace(
        pb, groups=tuple(dataclasses.replace(g, table=()) if g is e else g for g in pb.groups)
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text(model.dumps(broken), encoding="utf-8")
    failed = api.verify_playbook(model.load(str(bad)), str(bad))
    assert failed.exit_code == 1 and failed.verdict.startswith("FAILED:")
    assert any(line.startswith("FAIL e ") for line in failed.lines())


def test_prepare_refuses_before_any_work(small: config.Config, tmp_path: Path) -> None:
    with pytest.raises(PlaybookError, match="--letters: no group 'k'"):
        api.prepare_build(small, tmp_path, letters=["k"])
    (tmp_path / "small").mkdir()
    (tmp_path / "small" / "playbook.md").mkdir()  # an output name held by a folder
    with pytest.raises(PlaybookError, match=r"playbook\.md"):
        api.prepare_build(small, tmp_path)


def test_optimal_in_parallel_equals_serial_and_resumes(
    small: config.Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = api.optimal(small, budget=3600)
    parallel = api.optimal(small, budget=3600, n_jobs=2)
    assert (
        model.dumps(serial.playbook).split("meta:")[0]
        == (model.dumps(parallel.playbook).split("meta:")[0])
    )
    assert serial.report.ok and all(r.proven for r in serial.results.values())
    # a run whose checkpoints are kept (as if stopped before its end) is resumed from them
    monkeypatch.setattr(Checkpoint, "clear", lambda self: None)
    first = api.optimal(small, budget=3600, checkpoints=tmp_path / "ck")
    again = api.optimal(small, budget=3600, checkpoints=tmp_path / "ck")
    assert (first.loaded, again.loaded) == (0, 4)
    assert again.summary()["total"] == serial.summary()["total"]
    assert {n: r.tree for n, r in again.results.items()} == {
        n: r.tree for n, r in serial.results.items()
    }


def _mm() -> config.Config:
    return config.load(Path(__file__).resolve().parents[2] / "config" / "mastermind-3x2.yaml")


@pytest.mark.parametrize(
    ("call", "error", "says"),
    [
        (
            lambda: api.prepare_build(None, Path("out")),
            TypeError,
            "cfg: expected a playbook.config.Config",
        ),  # type: ignore[arg-type]
        (
            lambda: api.verify_playbook(None, "x.yaml"),
            TypeError,
            "pb: expected a playbook.model.Playbook",
        ),  # type: ignore[arg-type]
        (
            lambda: api.render_playbook(_pb(), "x.yaml", "docx"),
            ValueError,
            "fmt: 'docx' is not allowed; allowed: ",
        ),
        (
            lambda: api.render_playbook(_pb(), "x.yaml", None),
            TypeError,
            "fmt: expected text, got None",
        ),  # type: ignore[arg-type]
        (
            lambda: api.render_playbook(_pb(), "x.yaml", "md", tiles="neon"),
            ValueError,
            "tiles: 'neon'",
        ),
        (lambda: studies.game_values(None), TypeError, "cfg: expected a playbook.config.Config"),  # type: ignore[arg-type]
        (lambda: studies.expected_mistakes(None, "kat", "uniform"), TypeError, "cfg: expected"),  # type: ignore[arg-type]
        (lambda: api.optimal(None), TypeError, "cfg: expected a playbook.config.Config"),  # type: ignore[arg-type]
        (
            lambda: studies.hangman_values("hangman-en"),
            TypeError,
            "cfg: expected a playbook.config.Config",
        ),  # type: ignore[arg-type]
        # the audit's second round: each argument checked where it comes in
        (lambda: api.run_build(None), TypeError, "job: expected a playbook.api.BuildJob"),  # type: ignore[arg-type]
        (lambda: api.render_target("x.yaml", "exe", None), ValueError, "fmt: 'exe'"),
        (lambda: api.optimal(_mm(), first=5), TypeError, "first: expected a guess"),  # type: ignore[arg-type]
        (lambda: api.optimal(_mm(), budget=float("nan")), ValueError, "budget: expected seconds"),
        (lambda: api.optimal(_mm(), n_jobs=0), ValueError, "n_jobs: expected 1 to 1024"),
        (lambda: api.optimal(_mm(), weighted="yes"), TypeError, "weighted: expected True"),  # type: ignore[arg-type]
        (lambda: studies.game_values(_mm(), openings=None), TypeError, "openings: expected a list"),  # type: ignore[arg-type]
        (lambda: studies.game_values(_mm(), cap=-1), ValueError, "cap: expected 1 answer"),
        (lambda: studies.game_values(_mm(), budget=0), ValueError, "budget: expected seconds"),
        (lambda: api.prepare_build(_mm(), Path("o"), letters=5), TypeError, "letters: expected"),  # type: ignore[arg-type]
        (lambda: api.prepare_build(_mm(), Path("o"), use_cache="no"), TypeError, "use_cache:"),  # type: ignore[arg-type]
        (lambda: api.output_file(None, "-o"), TypeError, "-o: expected a file name"),  # type: ignore[arg-type]
        (lambda: api.render_playbook(_pb(), "x.yaml", "md", beside=[None]), TypeError, "beside:"),  # type: ignore[list-item]
        (lambda: api.render_playbook(_pb(), "x.yaml", "md", n_jobs=0), ValueError, "n_jobs:"),
        (lambda: api.verify_playbook(_pb(), "x.yaml", proofs="yes"), TypeError, "proofs:"),  # type: ignore[arg-type]
    ],
)
def test_the_library_checks_its_arguments_at_the_boundary(call, error, says) -> None:  # type: ignore[no-untyped-def]
    """Issue 45, item 5: a wrong argument is a TypeError or ValueError naming it and what it
    takes, before any work, not an AttributeError or KeyError deep inside."""
    with pytest.raises(error) as exc:
        call()
    assert str(exc.value).startswith(says), exc.value


def _pb():  # type: ignore[no-untyped-def]
    return model.load(str(GOLDEN / "mastermind-4x6-minimax-3e233db.yaml"))


def test_the_face_names_each_family_once_as_its_module_exports() -> None:
    """``playbook.api`` loads a family of commands when one of its names is first read: the
    map it reads them by holds every name each family exports, and only those."""
    import importlib

    for family, names in api.FAMILIES.items():
        module = importlib.import_module(f"playbook.api.{family}")
        exported = set(module.__all__) - {
            n for f, ns in api.FAMILIES.items() if f != family for n in ns
        }
        assert set(names) <= set(module.__all__), family
        assert exported <= set(names), f"{family} exports {sorted(exported - set(names))}"
        for name in names:
            assert getattr(api, name) is getattr(module, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        api.nothing  # noqa: B018


def test_a_command_loads_only_its_own_family() -> None:
    """``play`` and ``endgame`` do not load the build's pipeline or the PDF maker (weasyprint)."""
    import subprocess
    import sys

    code = (
        "import sys; from playbook import api; api.open_board; "
        "print(sorted(m for m in ('playbook.api.building', 'playbook.pipeline.build', "
        "'weasyprint') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
