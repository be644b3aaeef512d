"""``playbook completion SHELL``: the script that completes the commands, flags and choices
(shtab writes it from the parser itself, so it never lags behind a new flag)."""

from __future__ import annotations

import argparse

from playbook.cli.parser import parsers

FILES = frozenset({"config", "playbook", "playbooks", "others", "words", "output", "card"})
"""Arguments that name a file (a config or playbook may also be a bundled or shipped name)."""

FOLDERS = frozenset({"out", "folder"})
"""Arguments that name a folder."""


NAMED = frozenset({"config", "playbook", "playbooks", "others"})
"""Arguments that take a bundled config's or a shipped plan's name as well as a file."""


def _names() -> list[str]:
    """The bundled configs' and shipped plans' names (what a bare name may mean)."""
    from playbook.cli.named import bundled_configs
    from playbook.io import shipped

    return sorted({*bundled_configs(), *shipped.names()})


def _named(names: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Each shell's way to complete a name or a file: the completer, and the preamble that
    defines it (tcsh and powershell: files only)."""
    words = " ".join(names)
    preamble = {
        "bash": f'_playbook_names() {{\n  compgen -W "{words}" -- $1\n  compgen -f -- $1\n}}\n',
        "zsh": (
            f"_playbook_names() {{\n  _alternative 'names:name:({words})' 'files:file:_files'\n}}\n"
        ),
    }
    complete = {
        "bash": "_playbook_names",
        "zsh": "_playbook_names",
        "fish": f"(printf '%s\\n' {words}; __fish_complete_path (commandline -ct))",
    }
    return complete, preamble


def script(shell: str) -> str:
    """The completion script for ``shell`` (one of :data:`playbook.names.SHELLS`): files and
    folders where an argument names one, and the bundled configs' and shipped plans' names
    where it may name one of those."""
    import shtab  # only here: the other commands never load it

    parser, commands = parsers()  # one tree: the marks below are on the parser written
    named, preamble = _named(_names())
    for sub in commands.values():
        for action in sub._actions:
            if action.dest in NAMED:
                action.complete = {**shtab.FILE, **named}  # type: ignore[attr-defined]
            elif action.dest in FILES:
                action.complete = shtab.FILE  # type: ignore[attr-defined]
            elif action.dest in FOLDERS:
                action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
    return shtab.complete(parser, shell=shell, preamble=preamble.get(shell, ""))


def cmd_completion(args: argparse.Namespace) -> int:
    print(script(args.shell), end="")
    return 0
