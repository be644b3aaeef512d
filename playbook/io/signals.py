"""Holding SIGINT and SIGTERM while a set of outputs moves in place: a handler asks
:func:`defer` and returns at once; the signal comes again once the set is whole."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

_HELD = {"depth": 0, "pending": 0}
"""How many sets of outputs are moving in place now (``depth``), and the signal that came
meanwhile (``pending``, 0 for none)."""


INTERRUPTED = 130
"""The exit code after Ctrl-C or SIGTERM (128 + SIGINT), everywhere."""


@contextlib.contextmanager
def held() -> Iterator[None]:
    """The moves that replace a set of outputs: a signal handler that asks :func:`defer`
    waits for them to end (the signal is raised again then)."""
    _HELD["depth"] += 1
    try:
        yield
    finally:
        _HELD["depth"] -= 1
        signum = _HELD["pending"]
        if not _HELD["depth"] and signum:
            _HELD["pending"] = 0
            os.kill(os.getpid(), signum)


def moving() -> bool:
    """Whether a set of outputs is moving in place now (a signal must wait for it)."""
    return bool(_HELD["depth"])


def defer(signum: int) -> bool:
    """For a SIGINT/SIGTERM handler: True when a set of outputs is moving in place, so the
    handler returns at once and the signal comes again once the set is whole (a mask would
    not do: the signal may reach another thread, and Python runs handlers in this one)."""
    if _HELD["depth"]:
        _HELD["pending"] = _HELD["pending"] or signum  # the first one acts
        return True
    return False


_RECEIVED: list[int] = []
"""The SIGINT and SIGTERM that :func:`raise_interrupt` turned into KeyboardInterrupt."""


def raise_interrupt(signum: int, frame: object) -> None:
    """The handler of SIGINT and SIGTERM from a command's start (:mod:`playbook.launch`):
    KeyboardInterrupt, remembered (compiled code that the exception reaches may turn it into
    an error of its own: :func:`interrupted` still knows)."""
    _RECEIVED.append(signum)
    raise KeyboardInterrupt


def quiet_unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """``sys.unraisablehook`` from a command's start: an interrupt raised where Python cannot
    raise it (a finaliser or a weakref callback, such as numba's type cache runs while it
    compiles) is remembered already (:func:`interrupted`) and answered by the command or its
    watchdog in one line; Python's default would print "Exception ignored in ..." and a
    traceback first. So is any error there once the process was interrupted: the finaliser
    of an object the interrupt cut off half made (llvmlite's ``ObjectRef``, interrupted while
    numba compiled, had no handle to close: found by the signal tests on a fresh clone).
    Anything else goes to the default hook."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt) or interrupted():
        return
    sys.__unraisablehook__(unraisable)


def forget_caught_interrupt() -> None:
    """Clear CPython's note of a KeyboardInterrupt that ended code run by a string ``exec``.

    CPython (3.11 and 3.12: ``run_eval_code_obj``) notes such an interrupt even where it was
    caught, and under ``python -m`` then ends the process by SIGINT's default when it exits,
    whatever code it exits with (-2, where the command said its one line and chose 130).
    dataclasses, namedtuples and numba make their functions by string ``exec``, so an
    interrupt that lands while a module is imported or a kernel compiled can leave the note
    (seen once in the signal tests: ``value`` stopped 2.5 s in, on a cold cache). Each string
    ``exec`` starts by clearing it: called just before a command exits."""
    exec("pass")  # a constant, run for its side effect on the interpreter


def interrupted() -> bool:
    """Whether :func:`raise_interrupt` has run in this process."""
    return bool(_RECEIVED)


def by_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` was raised while a KeyboardInterrupt was being handled, or by one
    (compiled code may turn the interrupt into an error of its own)."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, KeyboardInterrupt):
            return True
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return False
