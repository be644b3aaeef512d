"""The exact search below the root, in numba: values of answer sets by depth-first branch and
bound, with counting lower bounds, memoised by a hash of the set (see
:mod:`playbook.search.optimal` for the method and how the root drives it). With the other
kernels of the searches, it lives in :mod:`playbook.core` (numba code in one home)."""

from __future__ import annotations

import sys
import time

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic

from playbook.engines.hashset import first_seen, hash_set
from playbook.engines.symmetry import node_guesses

INF = 1 << 40
"""Above every value: the best total before any tree is found."""
MISS = 1 << 22
"""What an answer not found within the turns adds to a value, besides its guesses: more than
all the guesses of any set (answers x turns), so the least value leaves the fewest answers
unfound, then takes the fewest guesses. A value ``v`` leaves ``v // MISS`` answers unfound."""
ABORT = -1
"""What the search returns when the time budget ran out."""
UNIT = np.zeros(0, dtype=np.int64)
"""The weights of a search where every answer weighs 1 (none given)."""
SHIFT = 20
"""Memo entries pack (value << SHIFT) | (guess << 1) | exact."""
GUESS_MASK = (1 << (SHIFT - 1)) - 1


# ------------------------------------------------------------------ bounds


def counting_table(limit: int, n: int, branching: int) -> np.ndarray:
    """``table[t, k]``: the counting lower bound for ``k`` answers with ``t`` turns left.

    At most one answer is found with each guess, and each guess has at most ``branching``
    non-solving feedbacks, so at most ``branching ** (d - 1)`` answers are found with guess
    ``d``; the bound fills the levels from the top, and each answer that does not fit costs
    its ``t`` guesses and :data:`MISS` (a strategy that finds fewer pays ``MISS`` for each
    more, which outweighs any guesses it saves).
    """
    table = np.zeros((limit + 1, n + 1), dtype=np.int64)
    k = np.arange(n + 1, dtype=np.int64)
    for t in range(limit + 1):
        cost = np.zeros(n + 1, dtype=np.int64)
        left = k.copy()
        cap = 1
        for d in range(1, t + 1):  # level d takes what fits of the answers left
            take = np.minimum(left, cap)
            cost += d * take
            left -= take
            cap = min(cap * max(branching, 1), n + 1)
        table[t] = cost + left * (t + MISS)
    table[:, 0] = 0
    return table


def branching_of(F: np.ndarray, solved: int) -> int:
    """Number of distinct non-solving feedback codes in ``F`` (at most the children of a guess)."""
    F = np.ascontiguousarray(F)
    seen = _codes_met(F.reshape(-1), max(int(F.max(initial=0)), solved) + 1)
    return int(seen.sum() - (1 if seen[solved] else 0))


@numba.njit(cache=True, nogil=True)
def _codes_met(codes, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Which of the codes ``0 .. n_codes - 1`` occur in ``codes`` (one pass, no copy: numpy's
    ``bincount`` widens the whole matrix first, 47 ms of Mastermind 4x6's search)."""
    seen = np.zeros(n_codes, dtype=np.bool_)
    for i in range(codes.shape[0]):
        seen[codes[i]] = True
    return seen


# ------------------------------------------------------------------ numba search


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


@numba.njit(cache=True, nogil=True)
def set_key(S, t, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Memo key of the answer columns ``S`` with ``t`` turns left."""
    h = np.uint64(0)
    for i in range(S.shape[0]):
        h += zob[S[i]]
    return h + np.uint64(t) * np.uint64(0x9E3779B97F4A7C15)


@numba.njit(cache=True, nogil=True)
def perfect(row, S, seen, mark):  # type: ignore[no-untyped-def]  # numba types it at the call
    """True if guess ``row`` gives every answer of ``S`` a different feedback."""
    for i in range(S.shape[0]):
        c = row[S[i]]
        if seen[c] == mark:
            return False
        seen[c] = mark
    return True


@numba.njit(cache=True, nogil=True)
def telling_apart(F, S, col_row, seen, stats, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(guess, weight) of the heaviest possible answer of ``S`` that tells all the others
    apart (the first where every answer weighs 1), or (-1, -1)."""
    heaviest = np.int64(-1)
    best_g = -1
    for i in range(S.shape[0]):
        stats[2] += 1
        g = col_row[S[i]]
        if perfect(F[g], S, seen, stats[2]):
            if w.shape[0] == 0:
                return g, np.int64(1)
            if w[S[i]] > heaviest:
                heaviest, best_g = w[S[i]], g
    return best_g, heaviest


@numba.njit(cache=True, nogil=True)
def parts_of(row, S, seen, mark, solved):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(parts, the place in ``S`` of the answer the guess finds, or -1) of ``S`` under guess
    ``row``; ``seen`` holds ``mark`` for the codes met (a fresh ``mark`` per call)."""
    parts = 0
    at = -1
    for i in range(S.shape[0]):
        c = row[S[i]]
        if seen[c] != mark:
            seen[c] = mark
            parts += 1
            if c == solved:
                at = i
    return parts, at


@numba.njit(cache=True, nogil=True)
def weigh(S, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(total, least, most) of the weights of the answers ``S``; each weighs 1 where ``w``
    is empty."""
    n = S.shape[0]
    if w.shape[0] == 0:
        return np.int64(n), np.int64(1), np.int64(1)
    total = np.int64(0)
    lo = np.int64(INF)
    hi = np.int64(0)
    for i in range(n):
        x = w[S[i]]
        total += x
        lo = min(lo, x)
        hi = max(hi, x)
    return total, lo, hi


@numba.njit(cache=True, nogil=True)
def weighted_bound(lbtab, t, k, total, lo):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The counting bound of ``k`` answers weighing ``total`` (the lightest ``lo``) with
    ``t`` turns left: each pays its first guess and, for each guess beyond, at least ``lo``;
    answers no tree can find pay :data:`MISS` each. ``lbtab[t, k]`` itself for weights of 1.
    Valid while the weights times the turns stay below :data:`MISS`."""
    b = lbtab[t, k]
    left = b // MISS
    return left * MISS + total + lo * (b - left * MISS - k)


@numba.njit(cache=True, nogil=True)
def scan(F, S, t, cands, lbtab, solved, n_codes, w, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """For each candidate guess on set ``S`` with ``t`` turns left: (bound, in set, parts,
    sum of squared part sizes, partition hash). The bound is the weight of ``S`` (``|S|``
    where ``w`` is empty: every answer weighs 1) plus the counting bound of each non-solving
    part with ``t - 1`` turns (:func:`weighted_bound`).

    The partition hash is the sum over the parts of a mix of each part's signature, the sum
    of its answers' ``zob`` keys: guesses that split ``S`` alike get the same hash whatever
    codes they show. One pass over ``S`` lays the counts and signatures out by code and lists
    the codes met (without a branch), and one over the codes met reads them (over all codes,
    or all of ``S``, it was 15-25% slower on Lingo's sets of 8 to 60 answers); the hash needs
    no chain of multiplications through the answers (1.7x faster on Mastermind 4x6's sets
    than the label-by-first-appearance hash it replaced)."""
    m = cands.shape[0]
    n = S.shape[0]
    unit = w.shape[0] == 0
    wsum = np.zeros(n_codes, dtype=np.int64)
    wlo = np.full(n_codes, INF, dtype=np.int64)
    total, _, _ = weigh(S, w)
    bound = np.empty(m, dtype=np.int64)
    ins = np.zeros(m, dtype=np.int64)
    parts = np.empty(m, dtype=np.int64)
    sumsq = np.empty(m, dtype=np.int64)
    phash = np.empty(m, dtype=np.uint64)
    counts = np.zeros(n_codes, dtype=np.int64)
    sig = np.zeros(n_codes, dtype=np.uint64)
    below = lbtab[t - 1]
    zs = np.empty(n, dtype=np.uint64)  # the answers' keys, read once per set
    for i in range(n):
        zs[i] = zob[S[i]]
    cs = np.empty(n, dtype=np.int64)  # the codes met under the guess
    for j in range(m):
        row = F[cands[j]]
        nm = 0
        for i in range(n):
            c = np.int64(row[S[i]])
            cs[nm] = c
            nm += counts[c] == 0
            counts[c] += 1
            sig[c] += zs[i]
            if not unit:
                x = w[S[i]]
                wsum[c] += x
                if x < wlo[c]:
                    wlo[c] = x
        s = total
        q = 0
        h = np.uint64(0)
        for i in range(nm):
            c = cs[i]
            k = counts[c]
            q += k * k
            h += _mix(sig[c])
            if c == solved:
                ins[j] = 1
            elif unit:
                s += below[k]
            else:
                s += weighted_bound(lbtab, t - 1, k, wsum[c], wlo[c])
            if not unit:
                wsum[c] = 0
                wlo[c] = INF
            counts[c] = 0
            sig[c] = 0
        bound[j] = s
        parts[j] = nm
        sumsq[j] = q
        phash[j] = h
    return bound, ins, parts, sumsq, phash


@numba.njit(cache=True, nogil=True)
def _mix(sig):  # type: ignore[no-untyped-def]  # numba types it at the call
    """What a part of signature ``sig`` adds to a partition hash (:func:`scan`)."""
    x = sig * np.uint64(0x9E3779B97F4A7C15)
    return x ^ (x >> np.uint64(29))


def least_bound(F, S, t, cands, lbtab, solved, n_codes, w, zob) -> int:  # type: ignore[no-untyped-def]
    """The least bound :func:`scan` gives any of ``cands`` that splits ``S`` or is in it
    (its weight and its parts' counting bounds): a lower bound of ``S``'s value one level
    deeper than counting (:data:`INF` where no candidate does either)."""
    bound, ins, nparts, _, _ = scan(F, S, t, cands, lbtab, solved, n_codes, w, zob)
    useful = bound[(nparts > 1) | (ins == 1)]
    return int(useful.min()) if len(useful) else INF


LEAN_BYTES = 1 << 28
"""The largest feedback matrix the lean scan copies (:func:`by_answer`; Mastermind 5x5's
is 9.8 MB)."""
NO_LEAN = (np.zeros((0, 0), dtype=np.uint8), 0, 0)
"""What the search gets where it scans the matrix itself (:func:`by_answer`)."""


def by_answer(F: np.ndarray, solved: int) -> tuple[np.ndarray, int, int]:
    """(matrix, solved code, number of codes) for :func:`scan_bounds`: ``F`` transposed (a
    row per answer) with its codes renumbered from 0 in the order of the codes met; or
    :data:`NO_LEAN` where ``F`` is over :data:`LEAN_BYTES`."""
    if F.size > LEAN_BYTES:
        return NO_LEAN
    seen = _codes_met(np.ascontiguousarray(F).reshape(-1), max(int(F.max(initial=0)), solved) + 1)
    seen[solved] = True
    used = np.flatnonzero(seen)
    dense = np.zeros(len(seen), dtype=np.uint8)
    dense[used] = np.arange(len(used), dtype=np.uint8)
    FT = np.ascontiguousarray(F.T)  # numpy's transposed copy: 1.5 ms on 4x6, 2x a loop's
    _renumbered(FT.reshape(-1), dense)
    return FT, int(dense[solved]), len(used)


@numba.njit(cache=True, nogil=True)
def _renumbered(codes, dense):  # type: ignore[no-untyped-def]  # numba types it at the call
    """``codes`` (flat) written over with ``dense[codes]``."""
    for i in range(codes.shape[0]):
        codes[i] = dense[codes[i]]


@numba.njit(cache=True, nogil=True)
def laid_codes(FT, S, cands):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The code of each answer of ``S`` under each guess of ``cands`` (a row per guess), from
    :func:`by_answer`'s copy, read answer by answer: each answer's row in order of guess,
    where reading each guess's row in order of answer missed the cache (on Mastermind 5x5's
    sets of about 14 answers and 2,500 guesses, the scan was 2 to 2.5x faster)."""
    m = cands.shape[0]
    n = S.shape[0]
    laid = np.empty((m, n), dtype=np.uint8)
    for i in range(n):
        r = FT[S[i]]
        for j in range(m):
            laid[j, i] = r[cands[j]]
    return laid


@numba.njit(cache=True, nogil=True)
def first_apart(laid, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The first row of ``laid`` (:func:`laid_codes`) whose codes all differ, or -1
    (``seen``: one stamp per code, ``stats[2]`` the last stamp)."""
    for j in range(laid.shape[0]):
        stats[2] += 1
        mark = stats[2]
        apart = True
        for i in range(laid.shape[1]):
            c = laid[j, i]
            if seen[c] == mark:
                apart = False
                break
            seen[c] = mark
        if apart:
            return j
    return -1


@numba.njit(cache=True, nogil=True)
def first_perfect(F, S, cands, seen, stats):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The first of ``cands`` that gives every answer of ``S`` a different feedback, or -1."""
    for j in range(cands.shape[0]):
        stats[2] += 1
        if perfect(F[cands[j]], S, seen, stats[2]):
            return j
    return -1


@numba.njit(cache=True, nogil=True)
def scan_bounds(laid, t, lbtab, solved, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`scan`'s (bound, in set, parts) alone, every answer weighing 1, of the guesses
    whose codes are ``laid`` (:func:`laid_codes`; ``solved``, ``n_codes``:
    :func:`by_answer`'s): for a search that needs the other two of the few guesses it tries
    only (:func:`describe`).

    Each guess counts its answers by code and reads all ``n_codes`` counts, with no branch
    and no list of the codes met (on Mastermind 4x6's sets 1.4 to 1.8x faster than
    :func:`scan`). The solved part adds no bound (``lbtab[t, 0]`` is 0)."""
    m, n = laid.shape
    bound = np.empty(m, dtype=np.int64)
    ins = np.empty(m, dtype=np.int64)
    parts = np.empty(m, dtype=np.int64)
    below = lbtab[t - 1]
    if n_codes <= 16 and n < 256:
        _packed_bounds(laid, below, solved, n_codes, bound, ins, parts)
        return bound, ins, parts
    counts = np.zeros(n_codes, dtype=np.int64)
    for j in range(m):
        row = laid[j]
        for i in range(n):
            counts[row[i]] += 1
        ks = counts[solved]
        s = n - below[ks]
        nm = 0
        for c in range(n_codes):
            k = counts[c]
            nm += k > 0
            s += below[k]
            counts[c] = 0
        ins[j] = ks > 0
        bound[j] = s
        parts[j] = nm
    return bound, ins, parts


@numba.njit(cache=True, nogil=True)
def _packed_bounds(laid, below, solved, n_codes, bound, ins, parts):  # type: ignore[no-untyped-def]  # numba types it at the call
    """:func:`scan_bounds` for at most 16 codes and 255 answers: each guess counts in a byte
    per code of two 64-bit words held in registers, where counting in memory waits on each
    count written before (on Mastermind 4x6's sets, 3 to 26% faster in five runs)."""
    m, n = laid.shape
    one = np.uint64(1)
    low = np.uint64(7)
    for j in range(m):
        row = laid[j]
        lo = np.uint64(0)
        hi = np.uint64(0)
        for i in range(n):
            c = np.uint64(row[i])
            inc = one << ((c & low) << np.uint64(3))
            up = c >> np.uint64(3)  # 0 or 1
            lo += inc * (one - up)
            hi += inc * up
        s = n
        nm = 0
        ks = 0
        for c in range(n_codes):
            word = lo if c < 8 else hi
            k = np.int64((word >> np.uint64((c & 7) * 8)) & np.uint64(255))
            nm += k > 0
            if c == solved:
                ks = k
            else:
                s += below[k]
        ins[j] = ks > 0
        bound[j] = s
        parts[j] = nm


@numba.njit(cache=True, nogil=True)
def describe(F, S, cands, keep, bound, b, zob, counts, sig, sumsq, phash):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Fills :func:`scan`'s sum of squared part sizes and partition hash for the candidates
    ``keep`` of bound ``b`` (``counts``, ``sig``: zeros, one per code, left zero)."""
    n = S.shape[0]
    for i in range(keep.shape[0]):
        j = keep[i]
        if bound[j] != b:
            continue
        row = F[cands[j]]
        for a in range(n):
            c = row[S[a]]
            counts[c] += 1
            sig[c] += zob[S[a]]
        q = 0
        h = np.uint64(0)
        for c in range(counts.shape[0]):
            k = counts[c]
            if k > 0:
                q += k * k
                h += _mix(sig[c])
                counts[c] = 0
                sig[c] = 0
        sumsq[j] = q
        phash[j] = h


@numba.njit(cache=True, nogil=True)
def memo_entry(memo, S, t, zob):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The memo's packed entry for ``S`` with ``t`` turns left, or -1 (compiled, so that no
    process pays for compiling the typed dictionary's own lookup)."""
    return memo.get(set_key(S, t, zob), np.int64(-1))


@numba.njit(cache=True, nogil=True)
def _store(memo, key, val, guess, exact):  # type: ignore[no-untyped-def]  # numba types it at the call
    old = memo.get(key, np.int64(-1))
    if old >= 0 and (old & 1) == 1:
        return
    if exact:
        memo[key] = (val << SHIFT) | (np.int64(guess) << 1) | 1
    elif old < 0 or (old >> SHIFT) < val:
        memo[key] = val << SHIFT


@numba.njit(cache=True, nogil=True)
def worth_trying(bound, ins, parts, below):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Indices (ascending) of the candidates worth trying: they split the set or are in it,
    and their bound is below ``below``."""
    m = bound.shape[0]
    keep = np.empty(m, dtype=np.int64)
    nk = 0
    for j in range(m):
        if bound[j] < below and (parts[j] > 1 or ins[j] == 1):
            keep[nk] = j
            nk += 1
    return keep[:nk]


@numba.njit(cache=True, nogil=True)
def _tie_key(ins, sumsq, j):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The order among guesses of one bound: possible answers first, then the smallest sum
    of squared part sizes (31 bits)."""
    q = sumsq[j]
    if q > 0x7FFFFFFF:
        q = 0x7FFFFFFF
    return ((1 - ins[j]) << 31) | q


@numba.njit(cache=True, nogil=True)
def guess_order(bound, ins, parts, sumsq, phash, below):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Indices of the candidates worth trying (:func:`worth_trying`), best first (by bound,
    then :func:`_tie_key`, then index), one per distinct partition: the whole order, for
    the root (the search below takes it a bound at a time, :func:`next_bound`)."""
    keep = worth_trying(bound, ins, parts, below)
    nk = keep.shape[0]
    # one stable sort of a packed key where the bounds fit in 32 bits, else two (bounds with
    # unfound answers in them are too large to share a 64-bit key)
    sec = np.empty(nk, dtype=np.int64)
    bk = np.empty(nk, dtype=np.int64)
    wide = False
    for i in range(nk):
        j = keep[i]
        sec[i] = _tie_key(ins, sumsq, j)
        bk[i] = bound[j]
        if bound[j] >= 0x7FFFFFFF:
            wide = True
    if wide:
        o0 = np.argsort(sec, kind="mergesort")
        o1 = o0[np.argsort(bk[o0], kind="mergesort")]
    else:
        o1 = np.argsort((bk << 32) | sec, kind="mergesort")
    out = keep[o1]
    table, used = hash_set(nk)
    return out[: _first_of_each(out, nk, phash, table, used)]


@numba.njit(cache=True, nogil=True)
def _first_of_each(out, n, phash, table, used):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Keeps in ``out[:n]``, in place and in order, the first candidate of each partition
    hash not met before (``table``, ``used``: :func:`~playbook.engines.hashset.hash_set`);
    returns how many."""
    no = 0
    for i in range(n):
        j = out[i]
        if first_seen(table, used, phash[j]):
            out[no] = j
            no += 1
    return no


@numba.njit(cache=True, nogil=True)
def next_bound(bound, keep, after):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The least bound of the candidates ``keep`` above ``after`` (:data:`INF` where none)."""
    b = np.int64(INF)
    for i in range(keep.shape[0]):
        x = bound[keep[i]]
        if after < x < b:
            b = x
    return b


@numba.njit(cache=True, nogil=True)
def with_bound(bound, ins, sumsq, phash, keep, b, table, used, out):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Writes to ``out`` the candidates ``keep`` of bound ``b`` in :func:`guess_order`'s
    order, each partition once (``table``, ``used``: :func:`~playbook.engines.hashset.hash_set`
    of the partitions met, shared by the calls of one set); returns how many.

    A search takes its guesses a bound at a time (:func:`next_bound`): it tries a few
    (on Dutch Lingo's l, paper rules, 6 per set with four turns left, of 640 ordered on
    average), and sorting them all had taken a fifth of its time."""
    nb = 0
    for i in range(keep.shape[0]):
        j = keep[i]
        if bound[j] == b:
            out[nb] = j
            nb += 1
    if nb > 1:
        sec = np.empty(nb, dtype=np.int64)
        for i in range(nb):
            sec[i] = _tie_key(ins, sumsq, out[i])
        o = np.argsort(sec, kind="mergesort")
        tmp = out[:nb].copy()
        for i in range(nb):
            out[i] = tmp[o[i]]
    return _first_of_each(out, nb, phash, table, used)


@numba.njit(cache=True, nogil=True)
def distinct_splits(cands, ins, parts, phash):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The candidates (rows, ascending) that a part of this set needs: guesses that split a
    set alike split each of its subsets alike, and a guess that does not split it splits
    none. So of each class of guesses that split the set alike this keeps its possible
    answers (each may be the answer of a part, which makes it the better guess there) and
    its first other guess (the one a part would take of that class in any case: the same
    trees come out). ``ins``, ``parts``, ``phash``: :func:`scan`'s for ``cands``."""
    m = cands.shape[0]
    table, used = hash_set(m)
    out = np.empty(m, dtype=np.int64)
    no = 0
    for j in range(m):
        if ins[j] == 1:
            out[no] = cands[j]
            no += 1
            continue
        if parts[j] <= 1:
            continue
        if first_seen(table, used, phash[j]):
            out[no] = cands[j]
            no += 1
    return out[:no]


@numba.njit(cache=True, nogil=True)
def _two_turns(  # type: ignore[no-untyped-def]  # numba types it at the call
    F,
    S,
    beta,
    col_row,
    cands,
    seen,
    stats,
    solved,
    symbols,
    positions,
    n_symbols,
    hist,
    nh,
    classes,
    w,
    total,
):
    """Value of ``S`` (3+ answers, weighing ``total``) with two turns left, and the guess
    (-1 if none).

    Every answer pays the first guess and each one not found by it the second, so a guess
    that finds the answer at ``at`` and splits ``S`` into ``parts`` (the solved one
    included) costs ``2 total - w[at] + MISS * (n - parts)``: with weights of 1, ``2n - 1``
    for a possible answer that tells all apart and ``2n`` for another guess that does."""
    n = S.shape[0]
    unit = w.shape[0] == 0
    best_g, heaviest = telling_apart(F, S, col_row, seen, stats, w)
    if best_g >= 0:
        return 2 * total - heaviest, best_g, True
    if 2 * total >= beta:
        return 2 * total, -1, False
    rows = cands
    if nh >= 0 and symbols.shape[0] > 0:
        rows = node_guesses(symbols, positions, n_symbols, hist, nh, S, col_row, classes)
    best = np.int64(INF)
    for j in range(rows.shape[0]):
        stats[2] += 1
        parts, at = parts_of(F[rows[j]], S, seen, stats[2], solved)
        found = np.int64(0) if at < 0 else (np.int64(1) if unit else w[S[at]])
        v = 2 * total - found + MISS * (n - parts)
        if v < best:
            best, best_g = v, rows[j]
            if parts == n:
                break
    return best, best_g, True


@numba.njit(cache=True, nogil=True)
def layout_buffers(n, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The room :func:`lay_out` works in for sets of up to ``n`` answers, made once per set:
    (counts, start, buf, met, pc, pk)."""
    return (
        np.zeros(n_codes, dtype=np.int64),
        np.zeros(n_codes, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
        np.empty(n_codes, dtype=np.int64),
    )


@numba.njit(cache=True, nogil=True)
def lay_out(row, S, counts, start, buf, solved, n_codes, met, pc, pk):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Lay the answers of ``S`` out in ``buf`` by the code guess ``row`` gives them; returns
    the codes and sizes of the non-solving parts in order of code (part of code ``c`` at
    ``buf[start[c]:]``), as views of ``pc`` and ``pk``. ``counts`` is left zero; ``met``,
    ``pc``, ``pk``: room for ``n_codes`` each (nothing is allocated here: this runs for each
    guess tried). Where few codes are met, only they are visited."""
    n = S.shape[0]
    nm = 0
    for i in range(n):
        c = row[S[i]]
        if counts[c] == 0:
            met[nm] = c
            nm += 1
        counts[c] += 1
    if 4 * nm <= n_codes:
        for i in range(1, nm):  # few codes: sort them in place
            c = met[i]
            k = i - 1
            while k >= 0 and met[k] > c:
                met[k + 1] = met[k]
                k -= 1
            met[k + 1] = c
    else:
        nm = 0
        for c in range(n_codes):
            if counts[c] > 0:
                met[nm] = c
                nm += 1
    pos = 0
    npart = 0
    for i in range(nm):
        c = met[i]
        k = counts[c]
        start[c] = pos
        pos += k
        if c != solved:
            pc[npart] = c
            pk[npart] = k
            npart += 1
    for i in range(n):
        c = row[S[i]]
        buf[start[c]] = S[i]
        start[c] += 1
    for i in range(nm):
        c = met[i]
        start[c] -= counts[c]
        counts[c] = 0
    return pc[:npart], pk[:npart]


@numba.njit(cache=True, nogil=True)
def split_by_code(row, S, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """(codes, ends, laid): the answers of ``S`` laid out by the code guess ``row`` gives
    them, codes ascending; part ``i`` (code ``codes[i]``) is ``laid[ends[i - 1]:ends[i]]``
    (from 0 for the first), each in the order of ``S``. For building trees from Python: one
    compiled call per node where ``np.unique`` and a mask per code took 0.06 s of
    Mastermind 4x6's tree."""
    counts = np.zeros(n_codes, dtype=np.int64)
    for i in range(S.shape[0]):
        counts[row[S[i]]] += 1
    k = 0
    for c in range(n_codes):
        if counts[c] > 0:
            k += 1
    codes = np.empty(k, dtype=np.int64)
    ends = np.empty(k, dtype=np.int64)
    start = np.empty(n_codes, dtype=np.int64)
    pos = 0
    k = 0
    for c in range(n_codes):
        if counts[c] > 0:
            start[c] = pos
            pos += counts[c]
            codes[k] = c
            ends[k] = pos
            k += 1
    laid = np.empty(S.shape[0], dtype=np.int64)
    for i in range(S.shape[0]):
        c = row[S[i]]
        laid[start[c]] = S[i]
        start[c] += 1
    return codes, ends, laid


@numba.njit(cache=True, nogil=True)
def memo_guess(S, t, memo, zob, col_row, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The best guess of sorted ``S`` with ``t`` turns left, of a set the search solved
    exactly: the first answer of one or two (the heavier of two with weights), else the
    memo's; -1 where the memo has no exact entry."""
    if S.shape[0] == 2 and w.shape[0] > 0 and w[S[1]] > w[S[0]]:
        return col_row[S[1]]
    if S.shape[0] <= 2 or t == 1:
        return col_row[S[0]]
    packed = memo.get(set_key(S, t, zob), np.int64(-1))
    if packed < 0 or (packed & 1) == 0:
        return np.int64(-1)
    return (packed >> 1) & GUESS_MASK


def walk_room(n: int, t: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Room for :func:`walk` on ``n`` answers with ``t`` turns: (nodes, try lists' answers,
    answers found with their depth, counters)."""
    return (
        np.empty((n * (t + 1) + 1, 5), dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty((n, 2), dtype=np.int64),
        np.zeros(3, dtype=np.int64),
    )


@numba.njit(cache=True, nogil=True)
def walk(S, t, depth, g, parent, code, F, memo, zob, solved, n_codes, col_row, w, room):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Lays out the tree that plays ``g`` on sorted ``S`` with ``t`` turns and then the
    memoised best guesses (:func:`memo_guess`), depth first with the parts in order of code:
    in ``room`` (:func:`walk_room`), a row per node (guess or -1 for a try list past the last
    turn, parent row, code from it, answers, where its try list starts in the second
    array), each answer found with the depth it is found at, and the three counts. Returns
    False where a set has no exact memo entry (one compiled call where a Python recursion
    took 15 ms of Mastermind 4x6's 0.2 s)."""
    nodes, tries, found, cnt = room
    k = cnt[0]
    cnt[0] += 1
    nodes[k, 0] = g
    nodes[k, 1] = parent
    nodes[k, 2] = code
    nodes[k, 3] = S.shape[0]
    nodes[k, 4] = -1
    codes, ends, laid = split_by_code(F[g], S, n_codes)
    for i in range(codes.shape[0]):
        part = laid[0 if i == 0 else ends[i - 1] : ends[i]]
        c = codes[i]
        if c == solved:
            found[cnt[1], 0] = part[0]
            found[cnt[1], 1] = depth
            cnt[1] += 1
        elif t == 1:
            kk = cnt[0]
            cnt[0] += 1
            nodes[kk, 0] = -1
            nodes[kk, 1] = k
            nodes[kk, 2] = c
            nodes[kk, 3] = part.shape[0]
            nodes[kk, 4] = cnt[2]
            tries[cnt[2] : cnt[2] + part.shape[0]] = part
            cnt[2] += part.shape[0]
        else:
            cg = memo_guess(part, t - 1, memo, zob, col_row, w)
            if cg < 0:
                return False
            if not walk(
                part, t - 1, depth + 1, cg, k, c, F, memo, zob, solved, n_codes, col_row, w, room,
            ):  # fmt: skip
                return False
    return True


@numba.njit(cache=True, nogil=True)
def solve(  # type: ignore[no-untyped-def]  # numba types it at the call
    S,
    t,
    beta,
    cands,
    F,
    col_row,
    allrows,
    lbtab,
    zob,
    memo,
    stats,
    deadline,
    solved,
    n_codes,
    symbols,
    positions,
    n_symbols,
    hist,
    nh,
    classes,
    lean,
    w,
):
    """Value of answer set ``S`` (sorted columns) with ``t`` turns left, if below ``beta``.

    Returns the exact value when it is below ``beta`` (memoised with its guess), else a lower
    bound that is at least ``beta``; ``ABORT`` once the clock passes ``deadline``. Candidate
    guesses are ``cands``: every row, or at least one of each class of guesses that split
    ``S`` alike (:func:`distinct_splits`, which gives the parts theirs); ``allrows``: every
    row. ``stats``: [nodes, aborted, stamp].

    Where the game has a symmetry (``symbols`` has rows: :mod:`playbook.engines.symmetry`) and
    the guesses that led here are known (``hist[:nh]``; ``nh`` below 0 where they are not),
    only one guess per class of guesses alike is tried, here and further down (``classes``:
    :func:`~playbook.engines.symmetry.class_cache`, the classes of each history met; ``lean``:
    :func:`by_answer`'s copy of the matrix that such a search scans, or :data:`NO_LEAN`).

    ``w``: each answer's weight (whole numbers; empty: all 1), what each guess it pays for
    costs: the value is then the weighted sum of guesses (a codemaker who picks answers by
    these weights), with :data:`MISS` still for each answer not found in time.
    """
    n = S.shape[0]
    if t == 0:
        return np.int64(n * MISS)
    unit = w.shape[0] == 0
    if n == 1:
        return np.int64(1) if unit else w[S[0]]
    total, lo, hi = weigh(S, w)
    if t == 1:  # one of them is found
        return np.int64(total + (n - 1) * MISS)
    if n == 2:  # the heavier first
        return np.int64(3) if unit else total + min(w[S[0]], w[S[1]])
    lb0 = weighted_bound(lbtab, t, n, total, lo)
    if lb0 >= beta:
        return lb0
    key = set_key(S, t, zob)
    got = memo.get(key, np.int64(-1))
    if got >= 0:
        val = got >> SHIFT
        if (got & 1) == 1 or val >= beta:
            return val
        if val > lb0:
            lb0 = val
    stats[0] += 1
    if (stats[0] & 255) == 0 and now() > deadline:
        stats[1] = 1
    if stats[1] != 0:
        return np.int64(ABORT)
    seen = np.zeros(n_codes, dtype=np.int64)
    if t == 2:
        v, g, exact = _two_turns(
            F, S, beta, col_row, cands, seen, stats, solved, symbols, positions, n_symbols,
            hist, nh, classes, w, total,
        )  # fmt: skip
        _store(memo, key, v, max(g, 0), exact)
        return v
    # a possible answer that tells all others apart: 2n - 1, the least any set can cost (with
    # weights: the heaviest such answer, the least where it is the heaviest of all)
    best = beta
    best_g, heaviest = telling_apart(F, S, col_row, seen, stats, w)
    if best_g >= 0 and unit:
        _store(memo, key, 2 * n - 1, best_g, True)
        return np.int64(2 * n - 1)
    if best_g >= 0:
        # another possible answer first costs 2 total - hi + lo at least, a guess outside
        # S 2 total: where neither can be less, this one is the least
        if heaviest + lo >= hi:
            _store(memo, key, 2 * total - heaviest, best_g, True)
            return 2 * total - heaviest
        floor = 2 * total - hi
        if 2 * total - heaviest < best:
            best = 2 * total - heaviest
        else:
            best_g = -1
    else:
        # none: every tree costs 2 total - hi + lo at least (2n with weights of 1)
        floor = 2 * total - hi + lo
    if floor > lb0:
        lb0 = floor
        if lb0 >= beta:
            _store(memo, key, lb0, 0, False)
            return lb0
    if nh >= 0 and symbols.shape[0] > 0:
        cands = node_guesses(symbols, positions, n_symbols, hist, nh, S, col_row, classes)
    # with a symmetry the parts keep one guess per class of their own from all rows, so the
    # sums of squares and partition hashes are needed only of the guesses tried (with weights
    # of 1: scan_bounds counts no weights)
    FT, lean_solved, lean_codes = lean
    lean_scan = symbols.shape[0] > 0 and unit and FT.shape[0] > 0
    laid = laid_codes(FT, S, cands) if lean_scan else np.empty((0, 0), dtype=np.uint8)
    if lbtab[2, n] == 2 * n - 1:  # few enough to be told apart by one guess: 2 total
        j = first_apart(laid, seen, stats) if lean_scan else first_perfect(F, S, cands, seen, stats)
        if j >= 0:
            if lb0 >= 2 * total:
                _store(memo, key, 2 * total, cands[j], True)
                return np.int64(2 * total)
            if 2 * total < best:
                best, best_g = 2 * total, cands[j]
    if lean_scan:
        bound, ins, parts = scan_bounds(laid, t, lbtab, lean_solved, lean_codes)
        sumsq = np.empty(bound.shape[0], dtype=np.int64)
        phash = np.empty(bound.shape[0], dtype=np.uint64)
    else:
        bound, ins, parts, sumsq, phash = scan(F, S, t, cands, lbtab, solved, n_codes, w, zob)
    least = np.int64(INF)
    above = np.int64(INF)
    for j in range(bound.shape[0]):
        if parts[j] > 1 or ins[j] == 1:
            if bound[j] < least:
                least = bound[j]
            if bound[j] >= beta and bound[j] < above:
                above = bound[j]
    if least >= INF:
        _store(memo, key, np.int64(INF), 0, True)
        return np.int64(INF)
    if least > lb0:
        lb0 = least
    if lb0 >= best:
        if best_g >= 0:  # the tree found above is as good as any
            _store(memo, key, best, best_g, True)
            return best
        _store(memo, key, lb0, 0, False)
        return lb0
    keep = worth_trying(bound, ins, parts, best)
    table, used = hash_set(keep.shape[0])
    batch = np.empty(keep.shape[0], dtype=np.int64)
    nb = 0
    bi = 0
    b = np.int64(-1)
    # the parts' candidates: each class of guesses alike on S once (with a symmetry, the
    # parts keep one guess per class of their own from all rows instead)
    kids = allrows if symbols.shape[0] > 0 else distinct_splits(cands, ins, parts, phash)
    fail_lb = above
    counts, start, buf, met, pc_buf, pk_buf = layout_buffers(n, n_codes)
    sig = np.zeros(n_codes if lean_scan else 0, dtype=np.uint64)
    while True:
        if bi == nb:  # the guesses of the next bound
            b = next_bound(bound, keep, b)
            if b >= best:
                if b < fail_lb:
                    fail_lb = b
                break
            if lean_scan:
                describe(F, S, cands, keep, bound, b, zob, counts, sig, sumsq, phash)
            nb = with_bound(bound, ins, sumsq, phash, keep, b, table, used, batch)
            bi = 0
            continue
        j = batch[bi]
        bi += 1
        total_lb = bound[j]
        if total_lb >= best:
            if total_lb < fail_lb:
                fail_lb = total_lb
            break
        g = cands[j]
        pc, pk = lay_out(F[g], S, counts, start, buf, solved, n_codes, met, pc_buf, pk_buf)
        by_size = np.argsort(pk, kind="mergesort")
        acc = total
        rest = total_lb - total
        ok = True
        for pi in range(pc.shape[0]):
            c = pc[by_size[pi]]
            k = pk[by_size[pi]]
            part = buf[start[c] : start[c] + k]
            if unit:
                lbp = lbtab[t - 1, k]
            else:
                pt, plo, _ = weigh(part, w)
                lbp = weighted_bound(lbtab, t - 1, k, pt, plo)
            rest -= lbp
            if k == 1:
                v = np.int64(1) if unit else w[part[0]]
            elif k == 2:
                v = np.int64(3) if unit else lbp  # the heavier first: total + the lighter
            else:
                cb = best - acc - rest
                if nh >= 0:
                    hist[nh] = g
                v = solve(
                    part, t - 1, cb, kids, F, col_row, allrows, lbtab, zob, memo,
                    stats, deadline, solved, n_codes, symbols, positions, n_symbols, hist,
                    nh + 1 if nh >= 0 else nh, classes, lean, w,
                )  # fmt: skip
                if v == ABORT:
                    return np.int64(ABORT)
                if v >= cb:
                    ok = False
                    if acc + v + rest < fail_lb:
                        fail_lb = acc + v + rest
                    break
            acc += v
        if ok and acc < best:
            best = acc
            best_g = g
    if best_g >= 0:
        _store(memo, key, best, best_g, True)
        return best
    if fail_lb < lb0:
        fail_lb = lb0
    _store(memo, key, fail_lb, 0, False)
    return fail_lb


# ------------------------------------------------------------------ the fewest unfound
