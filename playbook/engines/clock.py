"""When the compiled searches stop (:func:`tick`): after a number of nodes, the same on any
machine and under any load, or at a deadline on the clock (read every 256 nodes)."""

from __future__ import annotations

import sys
import time

import numba
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic

CLOCK_MONOTONIC = 1
"""Linux's id of the clock ``time.perf_counter`` reads there."""


@intrinsic
def _monotonic(typingctx):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Seconds of Linux's monotonic clock, read by calling ``clock_gettime`` from the
    compiled code: no object mode, so nothing is compiled when a process first reads the
    clock (an object-mode block is compiled then, not cached: 75 ms, a third of Mastermind
    4x5's search) and the interpreter's lock is not taken."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i32, i64, f64 = ir.IntType(32), ir.IntType(64), ir.DoubleType()
        spec = cgutils.alloca_once(builder, ir.ArrayType(i64, 2))  # struct timespec
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(i32, [i32, spec.type]), "clock_gettime"
        )
        builder.call(fn, [ir.Constant(i32, CLOCK_MONOTONIC), spec])
        sec = builder.sitofp(builder.load(cgutils.gep(builder, spec, 0, 0)), f64)
        nsec = builder.sitofp(builder.load(cgutils.gep(builder, spec, 0, 1)), f64)
        return builder.fadd(sec, builder.fmul(nsec, ir.Constant(f64, 1e-9)))

    return numba.types.float64(), codegen


if sys.platform.startswith("linux"):

    @numba.njit(cache=True, nogil=True)
    def now():  # type: ignore[no-untyped-def]  # numba types it at the call
        """``time.perf_counter()`` read from compiled code."""
        return _monotonic()

else:  # pragma: no cover - this project runs on Linux

    @numba.njit(cache=True)  # reads the clock in object mode: the lock is taken for that only
    def now():  # type: ignore[no-untyped-def]  # numba types it at the call
        """``time.perf_counter()`` read from compiled code."""
        with numba.objmode(t="float64"):
            t = time.perf_counter()
        return t


NODES = 3
"""The slot of a search's ``stats`` that holds its node limit (0: it stops by the clock)."""


@numba.njit(cache=True, nogil=True)
def tick(stats, deadline):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Count a node searched (``stats[0]``); True once the search must stop (``stats[1]``
    set): past ``stats[NODES]`` nodes where that limit is set, which makes what a search
    finds depend on nothing but its input; else once the clock passes ``deadline``."""
    stats[0] += 1
    if stats[NODES] > 0:
        if stats[0] > stats[NODES]:
            stats[1] = 1
    elif (stats[0] & 255) == 0 and now() > deadline:
        stats[1] = 1
    return stats[1] != 0
