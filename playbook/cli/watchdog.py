"""Ctrl-C and SIGTERM answered within a second, whatever the main thread is doing.

Python runs signal handlers in the main thread between bytecodes, so a command inside a long
compiled loop (a numba kernel of the triple search) would not see the signal until the loop
returned, minutes later. The interpreter's own C handler still writes the signal's number to
a wake-up file descriptor at once; a thread reading it gives the main thread a moment to act
(:data:`GRACE`), then ends the process itself: the command's own handler where it has one
(the build's ends its workers), else one line and exit 130. A set of outputs moving in place
(:func:`playbook.io.signals.defer`) is waited for, so nothing is left half-written.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator

from playbook.io import signals

GRACE = 1.0
"""Seconds the main thread has to answer a signal before the watchdog does."""

SIGNALS = (signal.SIGINT, signal.SIGTERM)

_REPORTED = threading.Event()
"""Set once the command has said it was interrupted (no second line from the watchdog)."""


def reported() -> None:
    """The command printed its own line about the interrupt."""
    _REPORTED.set()


def _act(signum: int, say: Callable[[], None]) -> None:
    while signals.moving():  # a set of outputs is moving in place: wait for it to be whole
        time.sleep(0.05)
    handler = signal.getsignal(signum)
    if callable(handler) and handler not in (signal.default_int_handler, signals.raise_interrupt):
        handler(signum, None)  # the command's own (the build's ends the process itself)
    if not _REPORTED.is_set():
        with contextlib.suppress(OSError, ValueError):
            say()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(signals.INTERRUPTED)


def _watch(fd: int, stop: threading.Event, say: Callable[[], None]) -> None:
    while not stop.is_set():
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            data = os.read(fd, 16)
        except OSError:
            return
        for signum in data:
            if signum in SIGNALS and not stop.wait(GRACE):
                _act(signum, say)


@contextlib.contextmanager
def watching(say: Callable[[], None]) -> Iterator[None]:
    """While the command runs, a SIGINT or SIGTERM it has not answered within
    :data:`GRACE` seconds ends the process (``say`` prints the line). Only from the main
    thread; elsewhere (or where the descriptor cannot be set) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        previous = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    except (ValueError, OSError):
        os.close(r)
        os.close(w)
        yield
        return
    _REPORTED.clear()
    stop = threading.Event()
    thread = threading.Thread(target=_watch, args=(r, stop, say), name="watchdog", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        signal.set_wakeup_fd(previous)
        with contextlib.suppress(OSError):
            os.write(w, b"\0")  # wakes the thread at once (0 is no signal)
        thread.join(timeout=2)
        os.close(w)
        os.close(r)


BUDGET_GRACE = 5.0
"""Seconds past a ``--budget`` a command may take to report what it found before the
watchdog ends it (a search checks its clock between steps; a step inside compiled code, or
the feedback table of a huge game, may not)."""


@contextlib.contextmanager
def budget(seconds: float | None, say: Callable[[], None]) -> Iterator[None]:
    """A ``--budget`` the command keeps: where it has not ended :data:`BUDGET_GRACE` seconds
    past it, ``say`` prints one line and the process exits 1 (a set of outputs moving in
    place is waited for)."""
    if seconds is None:
        yield
        return
    done = threading.Event()

    def watch() -> None:
        if done.wait(seconds + BUDGET_GRACE):
            return
        while signals.moving():
            time.sleep(0.05)
        with contextlib.suppress(OSError, ValueError):
            say()
            sys.stderr.flush()
        os._exit(1)

    thread = threading.Thread(target=watch, name="budget", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
