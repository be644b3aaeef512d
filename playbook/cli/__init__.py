"""The command line: parses options, calls the library, prints results. Nothing else.

``parser`` defines the arguments, ``commands`` runs each command (one library call and its
printing), ``console`` prints tables and progress.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from playbook import arguments, jit
from playbook.cli import watchdog
from playbook.cli.parser import parsers
from playbook.cli.parsing import printable
from playbook.errors import PlaybookError
from playbook.io import signals

__all__ = ["command_parsers", "main", "parser", "run"]


def parser() -> argparse.ArgumentParser:
    """The command line's parser."""
    return parsers()[0]


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, by name. (Not ``commands``: that name is the submodule
    ``playbook.cli.commands``, which a command run binds on this package.)"""
    return parsers()[1]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: errors in input become one line on stderr and a non-zero exit; no
    command at all prints the usage (what each command does) and exits 2."""
    if not (sys.argv[1:] if argv is None else argv):
        parser().print_help()
        print(
            "error: no command given: pick one of those above (playbook COMMAND --help)",
            file=sys.stderr,
        )
        return 2
    args = parser().parse_args(argv)
    try:
        arguments.cores()  # $PLAYBOOK_CORES refused before any work
        # a first run says that it compiles, before it does
        with jit.announcing(), watchdog.watching(_say_interrupted):
            if signals.interrupted():  # a signal swallowed in a finaliser before the watch
                raise KeyboardInterrupt
            code = int(args.func(args))
        if signals.interrupted() and code != signals.INTERRUPTED:  # one no code could raise
            raise KeyboardInterrupt
        return code
    except PlaybookError as exc:
        # one line, whatever the names it quotes hold (a file name may hold a newline)
        _refused(str(exc))
        return exc.exit_code
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:
        return 0
    except MemoryError:
        return _refused("out of memory; use a shorter list or a smaller game")
    except OSError as exc:
        # the system refused a read or a write the checks before could not foresee (a disk
        # full, standard output to /dev/full, a file made immutable meanwhile)
        where = exc.filename or "output"
        return _refused(f"{where}: {exc.strerror or exc}")
    except Exception as exc:
        # Ctrl-C inside a worker pool or compiled code (numba may turn the KeyboardInterrupt
        # into an error of its own as it crosses into a kernel)
        if signals.by_interrupt(exc) or signals.interrupted():
            return _interrupted()
        raise


def _say(line: str) -> None:
    """One line on standard error (the library and rich are not loaded to say it)."""
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def _say_interrupted() -> None:
    _say("interrupted: outputs already written are kept whole")


def _interrupted() -> int:
    watchdog.reported()
    with contextlib.suppress(OSError):
        _say_interrupted()
    return signals.INTERRUPTED


def _refused(line: str) -> int:
    line = printable(line)
    with contextlib.suppress(OSError):
        _say(f"error: {line}")
    return 2


def run() -> None:
    """The ``playbook`` command: :func:`main`, then exit with its code. Once the command is
    done, SIGINT and SIGTERM are ignored while the interpreter shuts down (the workers' pool
    ends, in well under a second): the command has done and said everything, and a signal
    then would only turn its exit code into a kill or a traceback."""
    closed = sys.stdout is None
    if closed:  # started with standard output closed: what is printed goes nowhere
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (for the rest of the process)
    try:
        code = main()
    except KeyboardInterrupt:  # before the command's own handling (while parsing)
        code = _interrupted()
    except SystemExit as exc:  # --help and --version print, then exit: checked below
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    signals.forget_caught_interrupt()  # exit with the code chosen, not by SIGINT
    if closed:  # nothing reached standard output
        sys.exit(code or _refused("standard output is closed: nothing could be printed"))
    try:
        sys.stdout.flush()
    except OSError as exc:  # standard output to a full disk or /dev/full
        code = code or _refused(f"standard output: {exc.strerror or exc}")
    finally:
        # what stays unwritten is dropped: no second complaint when the interpreter ends
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(code)
