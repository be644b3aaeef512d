"""The command line: parses options, calls the library, prints results. Nothing else.

``parser`` defines the arguments, ``commands`` runs each command (one library call and its
printing), ``console`` prints tables and progress.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from playbook.cli.commands import err
from playbook.cli.parser import parsers
from playbook.errors import PlaybookError

__all__ = ["commands", "main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The command line's parser."""
    return parsers()[0]


def commands() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, by name."""
    return parsers()[1]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: errors in input become one line on stderr and a non-zero exit."""
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except PlaybookError as exc:
        # one line, whatever the names it quotes hold (a file name may hold a newline)
        line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(exc))
        err.print(f"error: {line}", markup=False, soft_wrap=True)
        return exc.exit_code
    except KeyboardInterrupt:
        err.print(
            "interrupted: nothing was written for the unfinished build (finished outputs are kept)",
            soft_wrap=True,
        )
        return 130
    except BrokenPipeError:
        return 0
