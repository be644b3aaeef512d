"""The command line: parses options, calls the library, prints results. Nothing else.

``parser`` defines the arguments, ``commands`` runs each command (one library call and its
printing), ``console`` prints tables and progress.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence

from playbook.cli.commands import err
from playbook.cli.parser import parsers
from playbook.errors import PlaybookError

__all__ = ["commands", "main", "parser", "run"]


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


def run() -> None:
    """The ``playbook`` command: :func:`main`, then exit with its code. Once the command is
    done, SIGINT and SIGTERM are ignored while the interpreter shuts down (the workers' pool
    ends, in well under a second): the command has done and said everything, and a signal
    then would only turn its exit code into a kill or a traceback."""
    code = main()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    sys.exit(code)
