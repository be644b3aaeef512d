"""argparse's parser as the tool's commands and scripts use it: errors in one line and exit
2, help and version written with their failures reported, help at most 80 columns wide."""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from playbook.names import AUTO, LANGUAGE_CHOICES

HELP_WIDTH = 80
"""Help is wrapped to the terminal, at most this wide (a wide terminal reads no better)."""


def _formatter(prog: str) -> argparse.HelpFormatter:
    width = min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2
    return argparse.HelpFormatter(prog, width=max(width, 40))


class Parser(argparse.ArgumentParser):
    """argparse's parser whose errors are one line (``error: ...``) and exit 2, as every
    other error of the tool is, without the usage block; help at most :data:`HELP_WIDTH`
    columns wide."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"error: {self.prog}: {message} (see '{self.prog} --help')\n")
        sys.exit(2)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help and version go to standard output (argparse drops a failed write without a
        word: ``--help > /dev/full`` exited 0): a write that fails is one line and exit 2."""
        if not message:
            return
        out = file or sys.stderr
        try:
            out.write(message)
            out.flush()
        except BrokenPipeError:  # the reader has what it wanted (--help | head -1)
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        except OSError as exc:
            sys.stderr.write(f"error: standard output: {exc.strerror or exc}\n")
            sys.exit(2)


def printable(text: str) -> str:
    """``text`` as a terminal may show it: a character that is not printable (an escape, a
    newline) written as Python writes it in a string (``\\x1b``), as ``ls`` shows a name."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


Subparsers = Any
"""argparse's sub-parser action (a private type)."""

Command = Callable[[argparse.Namespace], int]
"""What a command runs: the parsed arguments in, the exit code out."""


def command(module: str, name: str) -> Command:
    """``playbook.cli.<module>.<name>``, imported only when its command runs: parsing (and
    ``--help``, ``--version``) loads none of the library, numba, scipy or the renderers."""

    def run(args: argparse.Namespace) -> int:
        return int(getattr(importlib.import_module(f"playbook.cli.{module}"), name)(args))

    run.__qualname__ = run.__name__ = f"{module}.{name}"
    return run


def language(p: argparse.ArgumentParser, what: str, dutch: str) -> None:
    """``--language auto|en|nl``: ``auto`` is Dutch ``dutch`` (a Dutch word list), else English."""
    help_ = f"{what} (default auto: Dutch {dutch}, else English)"
    p.add_argument("--language", choices=LANGUAGE_CHOICES, default=AUTO, help=help_)
