"""numba, readied without its BLAS probe.

When numba first loads a compiled function in a process it imports its array maths, which
asks scipy for BLAS (``import scipy.linalg.cython_blas``): all of ``scipy.linalg``, 0.3 to
0.6 s on this project's machine, in every process that runs a kernel (measured with cProfile:
``numba/np/arraymath.py`` ``_check_blas``). No kernel here uses BLAS (it serves numba's
``np.dot``, ``np.linalg`` and the choice of inner product in ``np.correlate``), so while the
array maths loads, that one import fails at once and numba notes that it has no BLAS.
``scipy.linalg`` itself is untouched: whoever imports it at any other moment (the linear
programs of the studies) gets all of it. Installed by :mod:`playbook.games` and
:mod:`playbook.engines`, before any kernel runs; costs nothing until then.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import sys
from collections.abc import Iterator, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any, TextIO

PROBE = "scipy.linalg"
"""What numba's BLAS probe imports (``scipy.linalg.cython_blas``, under this package)."""

PROBING = "numba.np.arraymath"
"""The module whose loading probes for BLAS (its ``_HAVE_BLAS``, once set, ends the probe)."""


class NoBlasProbe(importlib.abc.MetaPathFinder):
    """Fails an import of :data:`PROBE` (or under it) while :data:`PROBING` is loading, and
    only then; finds nothing itself otherwise."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname == PROBE or fullname.startswith(PROBE + "."):
            loading = sys.modules.get(PROBING)
            if loading is not None and not hasattr(loading, "_HAVE_BLAS"):
                raise ImportError(f"{fullname}: held out of numba's BLAS probe (playbook.jit)")
        return None


FIRST_RUN_SECONDS = 20
"""About how long the first run of a command that searches compiles its kernels, on this
project's 2-core machine (``benchmarks/bench_startup.py --cold``: ``strategy mastermind-3x2
--rule optimal`` compiles 44 kernels; results/startup.json's ``cold``)."""

NOTICE_TEXT = (
    "note: compiling the search kernels once, about %(seconds)s s on a 2-core machine (later "
    "runs load them from numba's cache)"
)
"""The notice as a message id (``play`` shows it in the plan's language: :func:`speak`)."""
NOTICE = NOTICE_TEXT % {"seconds": FIRST_RUN_SECONDS}


class CompileNotice:
    """A listener of numba's compile events that says, once per process and before the first
    kernel compiles, that the kernels are being compiled (:data:`NOTICE`, one line on
    ``stream``); on a terminal it also shows which kernel compiles, on a line it clears when
    that kernel is done. A kernel loaded from numba's cache raises no event: a warm run says
    nothing."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.given = stream
        self.text = NOTICE
        """The line it says (:func:`speak` gives another language's)."""
        self.said = False
        self.depth = 0
        self.count = 0
        self.active = True
        """Whether it speaks (:func:`announcing` turns it on only while a command runs)."""

    @property
    def stream(self) -> TextIO:
        """The stream given, else standard error as it is now (not as it was when the
        notice was made: a caller may have replaced it since)."""
        return self.given or sys.stderr

    @property
    def terminal(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):
            return False

    def _write(self, text: str) -> None:
        """Write and flush; a stream closed or gone is no reason to stop a search."""
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def on_start(self, event: Any) -> None:
        if not self.active:
            return
        if not self.said:
            self.said = True
            self._write(self.text + "\n")
        self.depth += 1
        if self.depth == 1:
            self.count += 1
            if self.terminal:
                name = getattr(getattr(event.data["dispatcher"], "py_func", None), "__name__", "")
                self._write(f"\r  compiling kernel {self.count}: {name}\x1b[K")

    def on_end(self, event: Any) -> None:
        if not self.active or not self.depth:
            return
        self.depth -= 1
        if self.depth == 0 and self.terminal:
            self._write("\r\x1b[K")


@contextlib.contextmanager
def announcing(stream: TextIO | None = None) -> Iterator[None]:
    """While a command runs, a first compile says so (:class:`CompileNotice`, registered
    once per process; numba is imported only when a kernel is first called, so this costs a
    command that runs none nothing). Outside it (a library call, a test after a command in
    the same process) the notice is silent."""
    global _NOTICE
    if _NOTICE is None:
        _NOTICE = CompileNotice(stream)
        if "numba.core.dispatcher" in sys.modules:
            _register(_NOTICE)
        else:
            sys.meta_path.insert(0, _OnNumba())
    _NOTICE.active = True
    try:
        yield
    finally:
        _NOTICE.active = False


_NOTICE: CompileNotice | None = None


def speak(text: str) -> None:
    """Say ``text`` instead of :data:`NOTICE` from now on in this process, should a kernel
    compile (the notice of a command that speaks the plan's language)."""
    if _NOTICE is not None:
        _NOTICE.text = text


def _register(notice: CompileNotice) -> None:
    """Register ``notice`` with numba's event system (a :class:`numba.core.event.Listener`
    made here, so that numba is imported only when it is loading anyway)."""
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, e: Any) -> None:
            notice.on_start(e)

        def on_end(self, e: Any) -> None:
            notice.on_end(e)

    event.register("numba:compile", Listener())


class _OnNumba(importlib.abc.MetaPathFinder):
    """Registers :data:`_NOTICE` with numba's event system as ``numba.core.dispatcher`` (the
    first module that compiles) is about to load, then steps aside (finds nothing itself)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname == "numba.core.dispatcher" and _NOTICE is not None:
            sys.meta_path.remove(self)
            _register(_NOTICE)
        return None


def install() -> None:
    """Put :class:`NoBlasProbe` first on the import path, once."""
    if not any(isinstance(f, NoBlasProbe) for f in sys.meta_path):
        sys.meta_path.insert(0, NoBlasProbe())


install()
