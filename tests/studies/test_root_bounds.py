"""scripts/wordle_root_bounds.py: what it resumes from, a small run of both stages and its
re-check, and its bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import script

from playbook import parallel


def test_a_run_resumes_from_the_whole_lines_written(tmp_path: Path) -> None:
    mod = script("wordle_root_bounds")
    out = tmp_path / "bounds.jsonl"
    assert mod._done(out, 1) == ({}, 0)
    recs = [
        {"row": 3, "guess": "abcde", "bound": 8000, "whole": True},
        {"row": 7, "guess": "fghij", "bound": 7, "whole": False},
    ]
    odd = ['{"row": "3", "guess": "x", "bound": 1, "whole": true}', "[1, 2]", "\x1b[2J"]
    text = "".join(json.dumps(r) + "\n" for r in recs) + "\n".join(odd) + '\n{"row": 9, "gue'
    out.write_text(text)
    assert mod._done(out, 1) == ({3: recs[0], 7: recs[1]}, 4)  # the others are done again
    second = {**recs[0], "exact": False, "weight": 5, "parts": [[1, 2, 3, 0]]}
    out.write_text(json.dumps(second) + "\n" + json.dumps({**second, "parts": [[1, 2, 3]]}) + "\n")
    assert mod._done(out, 2) == ({3: second}, 1)


@pytest.mark.slow
def test_both_stages_on_a_few_guesses_then_their_recheck(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Four first guesses at a cut-off of 7,800: plook is out by its opening bound, trace
    (7,795) and crate (7,798) are searched to it, salet is solved whole (7,920); a second run
    has nothing to do; the re-check holds the files and fails a line changed to claim more."""
    mod = script("wordle_root_bounds")
    bounds, proof = tmp_path / "b.jsonl", tmp_path / "p.jsonl"
    args = ["--bounds", str(bounds), "--proof", str(proof), "--jobs", "1", "--cutoff", "7800"]
    args += ["--guesses", "trace,crate,plook"]  # and salet, the --best
    assert mod.main(args) == 0
    out = capsys.readouterr().out
    assert "salet: exactly 7920" in out and "best first guess" not in out  # not at the cut-off
    assert "at or above 7800 by the first stage and 2 by the second" in out
    firsts, _ = mod._done(bounds, 1)
    seconds, _ = mod._done(proof, 2)
    assert sorted(r["guess"] for r in firsts.values()) == ["crate", "plook", "salet", "trace"]
    assert sorted(r["guess"] for r in seconds.values()) == ["crate", "salet", "trace"]
    assert all(r["bound"] >= 7800 for r in seconds.values())
    assert mod.main(args) == 0
    assert capsys.readouterr().out.count("0 to go") == 3  # resumed: nothing left
    assert mod.main([*args, "--recheck", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("holds") == 7 and "FAILS" not in out
    rec = next(r for r in seconds.values() if r["guess"] == "crate")
    exact = [i for i, part in enumerate(rec["parts"]) if part[3]]
    rec["parts"][max(exact, key=lambda i: rec["parts"][i][1])][2] += 1  # claims one more
    proof.write_text(json.dumps(rec) + "\n")
    assert mod.main([*args, "--recheck", "1"]) == 1
    assert "crate: 7800 FAILS" in capsys.readouterr().out
    for row in (rec["row"], 10**6):  # a line someone sent, with a guess that drives terminals
        proof.write_text(json.dumps({**rec, "guess": "\x1b[2J", "row": row}) + "\n")
        assert mod.main([*args, "--recheck", "1"]) == 1
        out = capsys.readouterr().out
        assert "\x1b" not in out and "FAILS" in out


def test_bad_arguments_stop_before_any_work(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    mod = script("wordle_root_bounds")
    files = ["--bounds", str(tmp_path / "x.jsonl"), "--proof", str(tmp_path / "y.jsonl")]
    cases = [
        (["--jobs", "0"], "error: --jobs"),
        (["--cutoff", "0"], "error: --jobs"),
        (["--limit", "-1"], "error: --jobs"),
        (["--recheck", "-1"], "error: --jobs"),
        (["--scheduler", "10.0.0.5"], "error: --scheduler"),
        (["--best", "zzzzz"], "error: --best"),
        (["--guesses", "salet,zzzzz"], "error: --guesses"),
        (["--guesses", " , "], "error: --guesses"),
        (["--recheck", "2"], "error: " + str(tmp_path)),
    ]
    for argv, says in cases:
        assert mod.main([*argv, *files]) == 2
        err = capsys.readouterr().err
        assert err.startswith(says) and err.count("\n") == 1, err
    assert not (tmp_path / "x.jsonl").exists() and not (tmp_path / "y.jsonl").exists()
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "f").write_text("a file where a folder is asked")
    unwritable = ["--bounds", str(tmp_path / "ro" / "f" / "b.jsonl"), "--proof", files[3]]
    assert mod.main(unwritable) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {tmp_path / 'ro' / 'f' / 'b.jsonl'}:") and err.count("\n") == 1


@pytest.mark.slow
def test_hard_mode_bounds_first_guesses_at_its_own_cutoff(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """--hard: the first two guesses bounded under hard mode at salet's 8,122; then with no
    cut-off, each whole bound at least the plain one (the rule only takes guesses away)."""
    mod = script("wordle_root_bounds")
    files = ["--bounds", str(tmp_path / "h.jsonl"), "--proof", str(tmp_path / "hp.jsonl")]
    assert mod.main(["--hard", "--limit", "2", "--jobs", "1", *files]) == 0
    assert "are at or above 8122 by the first stage" in capsys.readouterr().out
    hard = mod.bound_rows(mod.CONFIG, [0, 1], 10**6, True)  # the first stage alone
    plain = mod.bound_rows(mod.CONFIG, [0, 1], 10**6, False)
    assert all(h["whole"] and p["whole"] for h, p in zip(hard, plain, strict=True))
    assert all(h["bound"] >= p["bound"] for h, p in zip(hard, plain, strict=True))


@pytest.mark.slow
def test_a_dead_scheduler_is_one_line_and_leaves_no_file(
    tmp_path: Path, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    mod = script("wordle_root_bounds")
    monkeypatch.setattr(parallel, "SCHEDULER_TIMEOUT", 1)  # the wait is what a dead one costs
    files = ["--bounds", str(tmp_path / "b.jsonl"), "--proof", str(tmp_path / "p.jsonl")]
    argv = ["--scheduler", "tcp://127.0.0.1:9", "--guesses", "trace", *files]
    assert mod.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --scheduler: no Dask scheduler answers") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_the_root_script_writes_through_no_link(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue 45, item 1: a link named like an output (dangling, or to a file elsewhere) is
    refused in one line before any work; nothing is created or changed through it."""
    mod = script("wordle_root_bounds")
    (tmp_path / "elsewhere.jsonl").write_text("kept\n")
    (tmp_path / "b.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    (tmp_path / "p.jsonl").symlink_to(tmp_path / "nowhere" / "p.jsonl")  # dangling
    for bounds, proof in (("b.jsonl", "q.jsonl"), ("c.jsonl", "p.jsonl")):
        argv = ["--bounds", str(tmp_path / bounds), "--proof", str(tmp_path / proof)]
        assert mod.main([*argv, "--guesses", "trace"]) == 2
        err = capsys.readouterr().err
        assert "is a symbolic link, not a file to write" in err and err.count("\n") == 1, err
    assert (tmp_path / "elsewhere.jsonl").read_text() == "kept\n"
    assert not (tmp_path / "nowhere").exists()


def test_hostile_json_lines_are_just_not_whole(tmp_path: Path) -> None:
    """Issue 45, item 3: a line with a 5,000-digit number, 100,000 nested arrays or a
    figure beyond 64 bits is a line to do again, never a traceback."""
    mod = script("wordle_root_bounds")
    good = '{"row": 1, "guess": "salet", "bound": 7920, "whole": true}'
    lines = [
        good,
        '{"row": 2, "guess": "trace", "bound": ' + "9" * 5000 + ', "whole": true}',
        "[" * 100_000 + "]" * 100_000,
        '{"row": 3, "guess": "crate", "bound": 10000000000000000000, "whole": true}',
    ]
    path = tmp_path / "b.jsonl"
    path.write_text("\n".join(lines) + "\n")
    done, bad = mod._done(path, 1)
    assert list(done) == [1] and bad == 3
    proof = '{"row": 1, "guess": "salet", "bound": 7920, "exact": true, "weight": 1, '
    path.write_text(proof + '"parts": [[1, 2, 3, 4]]}\n' + proof + '"parts": [[1, 2, 3, 1e19]]}\n')
    assert mod._done(path, 2)[1] == 1
