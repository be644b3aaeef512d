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

import importlib.abc
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

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


def install() -> None:
    """Put :class:`NoBlasProbe` first on the import path, once."""
    if not any(isinstance(f, NoBlasProbe) for f in sys.meta_path):
        sys.meta_path.insert(0, NoBlasProbe())


install()
