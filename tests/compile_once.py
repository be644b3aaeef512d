"""One compilation of each kernel between pytest's workers (issue 47, item 5).

On a fresh clone numba's cache is empty, and both workers reach the same kernels (the exact
search, the pair search, the feedback fill) within seconds of each other: each compiled them,
about 20 CPU-seconds of the suite done twice. Here a worker compiles a cached kernel only
while it holds that kernel's lock (a file beside the run's folders, ``flock``); the other
worker waits for it and then loads what the first wrote to numba's cache. Waiting costs
no CPU, and a lock held by a worker that dies is released by the kernel.

Each kernel has a lock of its own, taken again freely by the worker that holds it (a
recursive kernel compiles itself). A worker holds several at once only while one kernel's
compilation compiles the kernels it calls, and the call graph has no cycles across
kernels, so two workers never wait for each other.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

_HELD: dict[str, tuple[int, int]] = {}
"""The locks this process holds: key -> (file descriptor, depth)."""
_GUARD = threading.RLock()


def _key(dispatcher: Any) -> str | None:
    """The lock's name for a dispatcher that writes numba's cache, else None."""
    from numba.core.caching import NullCache

    if isinstance(getattr(dispatcher, "_cache", None), NullCache):
        return None
    fn = getattr(dispatcher, "py_func", None)
    if fn is None:
        return None
    name = f"{fn.__module__}.{fn.__qualname__}"
    return hashlib.sha1(name.encode()).hexdigest()[:16]


def install(folder: Path) -> None:
    """Wrap numba's ``Dispatcher.compile`` in this process with the locks in ``folder``."""
    from numba.core.dispatcher import Dispatcher

    folder.mkdir(parents=True, exist_ok=True)
    original: Callable[[Any, Any], Any] = Dispatcher.compile

    def compile_once(self: Any, sig: Any) -> Any:
        key = _key(self)
        if key is None:
            return original(self, sig)
        with _GUARD:
            fd, depth = _HELD.get(key, (-1, 0))
            if depth == 0:
                fd = os.open(folder / f"{key}.lock", os.O_RDWR | os.O_CREAT, 0o644)
                fcntl.flock(fd, fcntl.LOCK_EX)
            _HELD[key] = (fd, depth + 1)
            try:
                # numba looks in its cache first: what the other worker wrote is loaded
                return original(self, sig)
            finally:
                fd, depth = _HELD[key]
                if depth == 1:
                    del _HELD[key]
                    fcntl.flock(fd, fcntl.LOCK_UN)
                    os.close(fd)
                else:
                    _HELD[key] = (fd, depth - 1)

    Dispatcher.compile = compile_once  # type: ignore[method-assign]
