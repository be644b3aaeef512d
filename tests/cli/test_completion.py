"""Shell completion (issue 48, item 5): ``playbook completion SHELL`` writes a script from the
parser itself, so every command, flag and choice completes; bash runs it here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import run_cli

from playbook import names
from playbook.cli import command_parsers


def _complete(script: Path, words: list[str], cwd: Path | None = None) -> list[str]:
    """What bash offers for the last of ``words`` (the completion function called as bash's
    programmable completion calls it)."""
    line = " ".join(words)
    quoted = " ".join(f"'{w}'" for w in words)
    code = (
        f"source '{script}'; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; "
        f"COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _shtab_playbook; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", code], capture_output=True, text=True, timeout=60, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("completion")
    done = run_cli("completion", "bash", cwd=folder)
    assert done.returncode == 0 and not done.stderr
    path = folder / "playbook.bash"
    path.write_text(done.stdout)
    return path


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completes_commands_flags_and_choices(bash_script: Path) -> None:
    assert subprocess.run(["bash", "-n", str(bash_script)], timeout=60).returncode == 0
    assert _complete(bash_script, ["playbook", "bu"]) == ["build"]
    assert set(_complete(bash_script, ["playbook", ""])) >= set(command_parsers())
    assert _complete(bash_script, ["playbook", "render", "x", "--format", ""]) == list(
        names.FORMATS
    )
    assert "--letters" in _complete(bash_script, ["playbook", "build", "--l"])
    assert _complete(bash_script, ["playbook", "simulate", "x", "--host", "a"]) == [
        "all",
        "adversarial",
    ]
    # a playbook, a config and an output folder complete as files and folders
    (bash_script.parent / "plan.yaml").write_text("")
    (bash_script.parent / "plans").mkdir(exist_ok=True)
    here = bash_script.parent
    assert "plan.yaml" in _complete(bash_script, ["playbook", "show", "pla"], here)
    assert "plan.yaml" in _complete(bash_script, ["playbook", "build", "pla"], here)
    assert _complete(bash_script, ["playbook", "build", "--out", "pla"], here) == ["plans"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_a_config_or_plan_completes_by_its_bundled_name_as_well_as_by_file(
    bash_script: Path,
) -> None:
    here = bash_script.parent
    (here / "lingo-mine.yaml").write_text("")
    offered = _complete(bash_script, ["playbook", "show", "lingo-nl-5"], here)
    assert {"lingo-nl-5", "lingo-nl-5-tv"} <= set(offered)
    assert "lingo-mine.yaml" in _complete(bash_script, ["playbook", "show", "lingo-m"], here)
    assert "wordle-hard" in _complete(bash_script, ["playbook", "build", "wordle-h"], here)
    # a folder argument is not offered names
    assert "wordle" not in _complete(bash_script, ["playbook", "build", "--out", "wor"], here)


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_offer_the_names(shell: str, tmp_path: Path) -> None:
    done = run_cli("completion", shell, cwd=tmp_path)
    assert done.returncode == 0
    assert "lingo-nl-5-tv" in done.stdout and "wordle-hard" in done.stdout


@pytest.mark.parametrize("shell", names.SHELLS)
def test_every_shell_gets_every_command_and_flag(shell: str, tmp_path: Path) -> None:
    done = run_cli("completion", shell, cwd=tmp_path)
    assert done.returncode == 0
    out = done.stdout
    for name, parser in command_parsers().items():
        assert name in out, (shell, name)
        for action in parser._actions:
            for flag in action.option_strings:
                if flag.startswith("--") and shell != "tcsh":
                    assert flag in out or f"-l {flag[2:]}" in out, (shell, name, flag)


def test_an_unknown_shell_is_refused_in_one_line(tmp_path: Path) -> None:
    done = run_cli("completion", "cmd.exe", cwd=tmp_path)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "invalid choice" in done.stderr and "bash" in done.stderr
