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

from playbook import signals

INTERRUPTED = 130


def run() -> None:
    """The ``playbook`` command (and ``python -m playbook``)."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, signals.raise_interrupt)
    try:
        from playbook.cli import run as command
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):
            sys.stderr.write("interrupted: nothing was written\n")
        sys.exit(INTERRUPTED)
    command()
