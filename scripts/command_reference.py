"""Write ``docs/commands.md``, the command reference, from the command line's own parser:
every command and every flag with its help, as ``playbook COMMAND --help`` prints it.

    .venv/bin/python scripts/command_reference.py           # write docs/commands.md
    .venv/bin/python scripts/command_reference.py --check   # exit 1 if it is stale

The commands are read from the tool's parser, :func:`playbook.cli.parser` (a new command is
picked up by running this again, nothing here names them); the help is wrapped at 80
columns whatever the terminal, so the file is the same on every machine.
``tests/test_docs.py`` fails when the file and the parser disagree.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "commands.md"
COLUMNS = "80"
"""The terminal width the help is wrapped for (the tool wraps at most at 80 columns)."""

HEADER = """\
# Commands

<!-- Written by scripts/command_reference.py from the parser; do not edit by hand. -->

Every command of `playbook` with every flag and its help, as `playbook COMMAND --help`
prints it. A config is a file or the name of a bundled config (`playbook lists` names them).
What the commands are for, with examples: [the commands in use](guide/usage.md).
"""


@contextlib.contextmanager
def _columns(width: str) -> Iterator[None]:
    """The terminal width argparse wraps help for (it reads ``COLUMNS``), for a while."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = width
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def _block(text: str) -> str:
    return "```text\n" + text.rstrip() + "\n```\n"


def command_parsers(top: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's parser by name, in the order the tool's help lists them, read from the
    tool's parser itself (an alias names no second section)."""
    found: dict[str, argparse.ArgumentParser] = {}
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if all(sub is not seen for seen in found.values()):
                    found[name] = sub
    return found


def reference() -> str:
    """The text of ``docs/commands.md``: the tool's help, then each command's, in the
    parser's order."""
    from playbook.cli import parser

    top = parser()
    with _columns(COLUMNS):
        parts = [HEADER, "## playbook\n", _block(top.format_help())]
        for name, sub in command_parsers(top).items():
            parts += [f"## {name}\n", _block(sub.format_help())]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="command_reference.py", description="Write docs/commands.md from the parser."
    )
    ap.add_argument(
        "--check", action="store_true", help="exit 1 if the file differs from the parser's help"
    )
    args = ap.parse_args(argv)
    text = reference()
    shown = TARGET.relative_to(ROOT)
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else None
        if current != text:
            print(
                f"{shown} is stale: run .venv/bin/python scripts/command_reference.py",
                file=sys.stderr,
            )
            return 1
        return 0
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
