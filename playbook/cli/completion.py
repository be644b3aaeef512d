"""``playbook completion SHELL``: the script that completes the commands, flags and choices
(shtab writes it from the parser itself, so it never lags behind a new flag)."""

from __future__ import annotations

import argparse

from playbook.cli.parser import parsers

FILES = frozenset({"config", "playbook", "playbooks", "others", "words", "output", "card"})
"""Arguments that name a file (a config or playbook may also be a bundled or shipped name)."""

FOLDERS = frozenset({"out", "folder"})
"""Arguments that name a folder."""


def script(shell: str) -> str:
    """The completion script for ``shell`` (one of :data:`playbook.names.SHELLS`)."""
    import shtab  # only here: the other commands never load it

    parser, commands = parsers()  # one tree: the marks below are on the parser written
    for sub in commands.values():
        for action in sub._actions:
            if action.dest in FILES:
                action.complete = shtab.FILE  # type: ignore[attr-defined]
            elif action.dest in FOLDERS:
                action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
    return shtab.complete(parser, shell=shell)


def cmd_completion(args: argparse.Namespace) -> int:
    print(script(args.shell), end="")
    return 0
