"""The child loop's steps the exact searches share, in numba: a guess's non-solving parts laid
out in the order they are searched in (:func:`parts_in_order`, :func:`part_at`), and what a
part's value does to the guess (:func:`settle`).

Every branch and bound on a sum of the parts' values (:func:`~playbook.engines.solve.solve`,
:func:`~playbook.engines.unfound.unfound`, :func:`~playbook.studies.hard_search.hard_solve`) walks a
guess's parts the same way: each part is searched below what is left of the cut-off once the
parts before it are counted at their values and those after it at their bounds (``best - acc -
rest``), and the first part that reaches its cut-off rules the guess out, with the least total
it shows for the set's failing bound. The loop's body stays each search's own: what a small
part costs without a search (the exact search's one or two answers, with weights), what the
guess's parts must carry (hard mode's allowed guesses per code; the history of a symmetric
search), and the recursion, which numba compiles where a function calls itself by its own name."""

from __future__ import annotations

import numba
import numpy as np

from playbook.engines.layout import lay_out


@numba.njit(cache=True, nogil=True)
def parts_in_order(row, S, room, solved, n_codes, largest_first):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The non-solving parts of ``S`` under guess ``row``, laid out in ``room``
    (:func:`~playbook.engines.layout.layout_buffers`), and the order to search them in:
    (codes, sizes, order). Smallest first, ties by code (their exact values come cheaply and
    leave the tightest cut-off for the largest part), or largest first (the part likeliest
    to rule the guess out)."""
    counts, start, buf, met, pc_buf, pk_buf = room
    pc, pk = lay_out(row, S, counts, start, buf, solved, n_codes, met, pc_buf, pk_buf)
    if largest_first:
        return pc, pk, np.argsort(-pk, kind="mergesort")
    return pc, pk, np.argsort(pk, kind="mergesort")


@numba.njit(cache=True, nogil=True)
def part_at(room, pc, pk, by, i):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(the answers, the size) of the ``i``-th part in the order of :func:`parts_in_order`:
    a view of ``room``'s buffer, read only below (no copy)."""
    c = pc[by[i]]
    k = pk[by[i]]
    start = room[1][c]
    return room[2][start : start + k], k


@numba.njit(cache=True, nogil=True)
def settle(v, cb, acc, rest, fail_lb):  # type: ignore[no-untyped-def]  # numba types it at the call
    """What a part's value ``v``, searched below its cut-off ``cb``, does to the guess:
    (whether it rules the guess out, the parts' sum so far, the least total a guess ruled
    out has shown: ``acc + v + rest`` where this one is)."""
    if v >= cb:
        return True, acc, min(fail_lb, acc + v + rest)
    return False, acc + v, fail_lb
