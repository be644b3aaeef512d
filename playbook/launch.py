"""The ``playbook`` command's first step: SIGINT and SIGTERM answered from the very start.

The command line imports the search's compiled kernels, which takes a moment; a Ctrl-C or a
SIGTERM in that moment would end in a traceback, or (SIGTERM's default) kill the process
without a word. Here, before anything heavy is imported, both raise KeyboardInterrupt (a
signal a shell's background job ignores stays ignored), which the command turns into one
line and exit 130 whenever it comes: during the imports, the parsing, or the work (where
:mod:`playbook.cli.watchdog` answers within a second even inside compiled code).
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable
from types import TracebackType
from typing import NoReturn

from playbook.io import signals


def _answer_signals() -> None:
    """SIGINT and SIGTERM raise KeyboardInterrupt (one a shell's background job ignores stays
    ignored)."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, signals.raise_interrupt)
    sys.unraisablehook = signals.quiet_unraisable  # an interrupt inside a finaliser: no noise


def _interrupted_while_importing(
    kind: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    """A script's uncaught error before :func:`script` took over: an interrupt is one line and
    exit 130 (nothing was written yet), anything else the usual traceback."""
    if isinstance(exc, KeyboardInterrupt) or signals.by_interrupt(exc) or signals.interrupted():
        with contextlib.suppress(OSError):
            sys.stderr.write("interrupted: nothing was written\n")
            sys.stderr.flush()
        import os

        os._exit(signals.INTERRUPTED)
    sys.__excepthook__(kind, exc, tb)


def begin() -> None:
    """A script's first statement, before its heavy imports: SIGINT and SIGTERM answered from
    here on, with one line and exit 130 while it is still importing."""
    _answer_signals()
    sys.excepthook = _interrupted_while_importing


def script(main: Callable[[], int | None], said: str = "") -> NoReturn:
    """Run a script's ``main`` as the command line runs a command: a SIGINT or SIGTERM,
    whenever it comes (inside compiled code too: the watchdog answers within a second), is
    one line (``interrupted: `` and ``said``, by default that outputs already written are
    kept whole) and exit 130; then exit with ``main``'s code."""
    from playbook.cli import watchdog

    line = f"interrupted: {said or 'outputs already written are kept whole'}\n"

    def say() -> None:
        sys.stderr.write(line)

    _answer_signals()
    sys.excepthook = sys.__excepthook__
    stopped = False
    code: int | None = 0
    try:
        with watchdog.watching(say):
            code = main()
    except KeyboardInterrupt:
        stopped = True
    except Exception as exc:
        if not (signals.by_interrupt(exc) or signals.interrupted()):
            raise
        stopped = True
    # a signal that reached no code that could raise it (a finaliser swallowed it before the
    # watchdog began): the script is interrupted all the same
    stopped = stopped or (signals.interrupted() and code != signals.INTERRUPTED)
    if stopped:
        watchdog.reported()
        with contextlib.suppress(OSError):
            say()
        code = signals.INTERRUPTED
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)  # done: a signal now would only spoil the code
    signals.forget_caught_interrupt()  # exit with the code chosen, not by SIGINT
    sys.exit(code or 0)


def run() -> None:
    """The ``playbook`` command (and ``python -m playbook``)."""
    _answer_signals()
    try:
        from playbook.cli import run as command
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):
            sys.stderr.write("interrupted: nothing was written\n")
        signals.forget_caught_interrupt()
        sys.exit(signals.INTERRUPTED)
    command()
