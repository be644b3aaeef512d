"""numba kernels for the hot loops of the search (plain references live in
:mod:`playbook.core.scores`).

All kernels work on a feedback matrix ``F`` (guesses x answers of one group) and on a
partition of the answers given as ``order`` (answer columns grouped by class) with class
boundaries ``starts``/``ends``, classes sorted largest first. Candidates are compared by a
ranking's ``keys`` (:class:`playbook.core.ranking.Ranking`): a list of the statistics below,
most significant first.
"""

from __future__ import annotations

import numba
import numpy as np

LARGEST, PARTS, SUMSQ, SLOG, N_IN = 1, 2, 3, 4, 5
"""Statistics of a split, as a ranking's keys: the largest part (smaller first), the number
of parts (more first), the sum of squared part sizes (smaller first), the sum of k*log2 k
(smaller first: more information) and how many of the moves may be the answer (more first)."""
SLOG_SCALE = 1e9
"""The sum of k*log2 k is compared as ``rint(slog * SLOG_SCALE)``: equal splits summed in
another order compare equal."""
INFEASIBLE = np.iinfo(np.int32).max
WIT_SLOTS = 32  # witnesses kept by the triple search
WIT_MAX = 4  # most members of a witness (bound + 1)
BLOCK = 4096  # third words marked at once by the witnesses


@numba.njit(cache=True)
def slog_key(slog):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The comparable form of a sum of k*log2 k."""
    return np.rint(slog * SLOG_SCALE)


@numba.njit(cache=True)
def compare(keys, mx_a, parts_a, sq_a, slog_a, nin_a, mx_b, parts_b, sq_b, slog_b, nin_b):  # type: ignore[no-untyped-def]  # numba types it at the call
    """-1 if split a ranks before b under ``keys``, 1 if after, 0 if tied (the caller breaks
    ties by index)."""
    for k in keys:
        if k == LARGEST:
            if mx_a != mx_b:
                return -1 if mx_a < mx_b else 1
        elif k == PARTS:
            if parts_a != parts_b:
                return -1 if parts_a > parts_b else 1
        elif k == SUMSQ:
            if sq_a != sq_b:
                return -1 if sq_a < sq_b else 1
        elif k == SLOG:
            la = slog_key(slog_a)
            lb = slog_key(slog_b)
            if la != lb:
                return -1 if la < lb else 1
        elif nin_a != nin_b:  # N_IN
            return -1 if nin_a > nin_b else 1
    return 0


@numba.njit(cache=True)
def _scan(F, g, order, starts, ends, bound, counts, stamp, cur):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Stats of refining the partition by guess ``g``; mx = INFEASIBLE once a part > bound."""
    mx = 0
    parts = 0
    sq = 0
    slog = 0.0
    row = F[g]
    for c in range(starts.shape[0]):
        cur += 1
        s = starts[c]
        e = ends[c]
        if e - s == 1:
            parts += 1
            sq += 1
            if mx < 1:
                mx = 1
            continue
        for t in range(s, e):
            code = row[order[t]]
            if stamp[code] != cur:
                stamp[code] = cur
                counts[code] = 1
                parts += 1
            else:
                counts[code] += 1
                if counts[code] > bound:
                    return INFEASIBLE, 0, 0, 0.0, cur
        for t in range(s, e):
            code = row[order[t]]
            k = counts[code]
            if k > 0:
                sq += k * k
                slog += k * np.log2(k)
                if k > mx:
                    mx = k
                counts[code] = 0
    return mx, parts, sq, slog, cur


@numba.njit(cache=True)
def eval_candidates(F, cands, order, starts, ends, bound, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Stats (largest, parts, sum of squares, sum k*log2 k) of every candidate guess.

    A candidate whose refinement has a part larger than ``bound`` gets largest = INFEASIBLE
    (its other stats are then meaningless); pass a large bound for exact stats of all.
    """
    n = cands.shape[0]
    mx = np.empty(n, dtype=np.int32)
    parts = np.empty(n, dtype=np.int32)
    sq = np.empty(n, dtype=np.int64)
    slog = np.empty(n, dtype=np.float64)
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    for i in range(n):
        a, b, c, d, cur = _scan(F, cands[i], order, starts, ends, bound, counts, stamp, cur)
        mx[i] = a
        parts[i] = b
        sq[i] = c
        slog[i] = d
    return mx, parts, sq, slog


@numba.njit(cache=True)
def classes_of(codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Group positions by code: (order, starts, ends), classes largest first (ties by code)."""
    order = np.argsort(codes, kind="mergesort")
    n = codes.shape[0]
    n_cls = 0
    for t in range(n):
        if t == 0 or codes[order[t]] != codes[order[t - 1]]:
            n_cls += 1
    s0 = np.empty(n_cls, dtype=np.int64)
    e0 = np.empty(n_cls, dtype=np.int64)
    k = -1
    for t in range(n):
        if t == 0 or codes[order[t]] != codes[order[t - 1]]:
            k += 1
            s0[k] = t
        e0[k] = t + 1
    sizes = e0 - s0
    by_size = np.argsort(-sizes, kind="mergesort")
    return order, s0[by_size], e0[by_size]


@numba.njit(cache=True)
def pair_chunk(F, firsts, bound, keys, in_ans, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Best pair (g1, g2 > g1) with g1 in ``firsts``, among pairs whose largest part <= bound.

    Exhaustive; the only pruning is early exit once a part exceeds the bound, and where the
    ranking puts the largest part first (SCM) the bound tightens to the best largest part
    found, which can never discard a better pair. ``keys`` must end with N_IN.
    Returns (g1, g2, largest, parts, sumsq, slog); g1 = -1 if no pair meets the bound.
    """
    tighten = keys[0] == LARGEST
    n_g = F.shape[0]
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    best_g1 = -1
    best_g2 = -1
    bmx = INFEASIBLE
    bparts = 0
    bsq = 0
    bslog = 0.0
    bnin = 0
    for i in range(firsts.shape[0]):
        g1 = firsts[i]
        order, starts, ends = classes_of(F[g1])
        for g2 in range(g1 + 1, n_g):
            mx, parts, sq, slog, cur = _scan(F, g2, order, starts, ends, bound, counts, stamp, cur)
            if mx == INFEASIBLE:
                continue
            nin = in_ans[g1] + in_ans[g2]
            if (
                best_g1 < 0
                or compare(keys, mx, parts, sq, slog, nin, bmx, bparts, bsq, bslog, bnin) < 0
            ):
                best_g1, best_g2 = g1, g2
                bmx, bparts, bsq, bslog, bnin = mx, parts, sq, slog, nin
                if tighten and bmx < bound:
                    bound = bmx
    return best_g1, best_g2, bmx, bparts, bsq, bslog


@numba.njit(cache=True)
def refine(F, g, order, starts, ends, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Split every class of a partition by the codes of guess ``g`` (counting sort per class);
    returns the refined (order, starts, ends), classes largest first."""
    n = order.shape[0]
    out = np.empty(n, dtype=np.int64)
    s_out = np.empty(n, dtype=np.int64)
    e_out = np.empty(n, dtype=np.int64)
    counts = np.zeros(n_codes, dtype=np.int64)
    pos = np.zeros(n_codes, dtype=np.int64)
    row = F[g]
    k = 0
    for c in range(starts.shape[0]):
        s = starts[c]
        e = ends[c]
        for t in range(s, e):
            counts[row[order[t]]] += 1
        p = s
        for t in range(s, e):
            code = row[order[t]]
            if counts[code] > 0:
                pos[code] = p
                s_out[k] = p
                e_out[k] = p + counts[code]
                p += counts[code]
                k += 1
                counts[code] = 0
        for t in range(s, e):
            code = row[order[t]]
            out[pos[code]] = order[t]
            pos[code] += 1
    s_out = s_out[:k]
    e_out = e_out[:k]
    by_size = np.argsort(-(e_out - s_out), kind="mergesort")
    return out, s_out[by_size], e_out[by_size]


@numba.njit(cache=True)
def _feasible(F, g, order, starts, ends, n_big, bound, counts, stamp, cur):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether guess ``g`` splits the ``n_big`` largest classes into parts of at most
    ``bound`` (early exit at the first part that grows past it). Returns (position of the
    member that broke the bound or -1, class of it, cur)."""
    row = F[g]
    for c in range(n_big):
        cur += 1
        for t in range(starts[c], ends[c]):
            code = row[order[t]]
            if stamp[code] != cur:
                stamp[code] = cur
                counts[code] = 1
            else:
                counts[code] += 1
                if counts[code] > bound:
                    return t, c, cur
    return -1, -1, cur


@numba.njit(cache=True)
def _kill(FT, wit, wlen, w, lo, hi, kill):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Mark in ``kill`` the guesses lo..hi-1 that give all members of witness ``w`` one code
    (slices first, so that the loops vectorise)."""
    a = FT[wit[w, 0], lo:hi]
    b = FT[wit[w, 1], lo:hi]
    if wlen[w] == 2:
        for j in range(hi - lo):
            kill[j] |= a[j] == b[j]
        return
    c = FT[wit[w, 2], lo:hi]
    if wlen[w] == 3:
        for j in range(hi - lo):
            x = a[j]
            kill[j] |= (x == b[j]) & (x == c[j])
        return
    d = FT[wit[w, 3], lo:hi]
    for j in range(hi - lo):
        x = a[j]
        kill[j] |= (x == b[j]) & (x == c[j]) & (x == d[j])


@numba.njit(cache=True)
def _same_part(F, g, wit, wlen, w):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether guess ``g`` gives every member of witness ``w`` the same code."""
    row = F[g]
    x = row[wit[w, 0]]
    for m in range(1, wlen[w]):  # noqa: SIM110 (a plain loop for numba)
        if row[wit[w, m]] != x:
            return False
    return True


@numba.njit(cache=True)
def _big_parts(row, o1, s1, e1, n_big1, bound, out, s_out, e_out, counts, pos):  # type: ignore[no-untyped-def]  # numba types it at the call
    """The parts larger than ``bound`` when the ``n_big1`` largest classes are split by the
    codes ``row`` (only those can break the bound); written to ``out``/``s_out``/``e_out``
    with the largest part first. Returns how many."""
    k = 0
    p = 0
    best = -1
    best_size = 0
    for c in range(n_big1):
        s = s1[c]
        e = e1[c]
        for t in range(s, e):
            counts[row[o1[t]]] += 1
        for t in range(s, e):
            code = row[o1[t]]
            m = counts[code]
            if m > bound:
                pos[code] = p
                s_out[k] = p
                e_out[k] = p + m
                if m > best_size:
                    best_size = m
                    best = k
                p += m
                k += 1
            counts[code] = 0
        for t in range(s, e):
            code = row[o1[t]]
            if pos[code] >= 0:
                out[pos[code]] = o1[t]
                pos[code] += 1
        for t in range(s, e):
            pos[row[o1[t]]] = -1
    if best > 0:
        s_out[0], s_out[best] = s_out[best], s_out[0]
        e_out[0], e_out[best] = e_out[best], e_out[0]
    return k


@numba.njit(cache=True)
def _n_past(s, e, bound):  # type: ignore[no-untyped-def]  # numba types it at the call
    """How many classes (largest first) have more than ``bound`` members."""
    k = 0
    while k < s.shape[0] and e[k] - s[k] > bound:
        k += 1
    return k


@numba.njit(cache=True)
def _remember(F, g3, t, c, big_o, big_s, wit, wlen, slot):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Store in ``slot`` the witness that third word ``g3`` made: the members of class ``c``
    up to position ``t`` (where it broke the bound) that it gave the code of member ``t``."""
    row3 = F[g3]
    code = row3[big_o[t]]
    m = 0
    for u in range(big_s[c], t + 1):
        if row3[big_o[u]] == code:
            wit[slot, m] = big_o[u]
            m += 1
    wlen[slot] = m


@numba.njit(cache=True)
def _listed(valid, nv, slot):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Whether ``slot`` is among the first ``nv`` entries of ``valid``."""
    return np.any(valid[:nv] == slot)


@numba.njit(cache=True)
def triple_chunk(F, firsts, bound, keys, in_ans, n_codes):  # type: ignore[no-untyped-def]  # numba types it at the call
    """Best triple (g1 < g2 < g3) with g1 in ``firsts`` among triples whose largest part is
    at most ``bound``. Exhaustive; what it skips can never be better:

    * a third word is rejected at the first part past the bound, scanning the pair's largest
      classes first (classes within the bound cannot break it);
    * the members found breaking the bound (bound + 1 answers of one part of the pair that a
      third word gave one code) are kept as witnesses; any third word that gives a witness
      still inside one part of the current pair a single code breaks the bound too, so it is
      rejected without a scan (marked for a block of third words at once, vectorised);
    * where the ranking puts the largest part first (SCM) the bound tightens to the best
      largest part found;
    * once the best splits every word apart (largest 1), a triple can only tie on the score
      unless it has more possible answers among its words, so first and second words that
      cannot raise that count are skipped (ties go to the earlier triple anyway), and a pair
      that already splits every word apart takes the first possible answer as third word.

    Only the pair's parts past the bound are built for the scan of the third words; the full
    refinement is made for a pair only when some third word keeps within the bound.

    ``keys`` must end with N_IN. Returns (g1, g2, g3, largest, parts, sumsq, slog, triples
    settled); g1 = -1 if none.
    """
    tighten = keys[0] == LARGEST
    n_g = F.shape[0]
    n = F.shape[1]
    counts = np.zeros(n_codes, dtype=np.int32)
    stamp = np.zeros(n_codes, dtype=np.int64)
    cur = 0
    b1 = -1
    b2 = -1
    b3 = -1
    bmx = INFEASIBLE
    bparts = 0
    bsq = 0
    bslog = 0.0
    bnin = 0
    examined = 0
    big_o = np.empty(n, dtype=np.int64)
    big_s = np.empty(n, dtype=np.int64)
    big_e = np.empty(n, dtype=np.int64)
    counts2 = np.zeros(n_codes, dtype=np.int64)
    pos2 = np.full(n_codes, -1, dtype=np.int64)
    # next possible answer at or after each row (for the all-singletons shortcut)
    next_in = np.full(n_g + 1, -1, dtype=np.int64)
    for r in range(n_g - 1, -1, -1):
        next_in[r] = r if in_ans[r] else next_in[r + 1]
    # witnesses: sets of bound + 1 answers that one third word gave one code within one part
    # of a pair; a later third word that does the same is ruled out without a scan
    FT = np.ascontiguousarray(F.T)
    wit = np.zeros((WIT_SLOTS, WIT_MAX), dtype=np.int64)
    wlen = np.zeros(WIT_SLOTS, dtype=np.int64)
    n_w = 0
    w_next = 0
    valid = np.empty(WIT_SLOTS, dtype=np.int64)
    new_w = np.empty(BLOCK, dtype=np.int64)
    kill = np.zeros(BLOCK, dtype=np.bool_)
    for i in range(firsts.shape[0]):
        g1 = firsts[i]
        if tighten and bmx == 1 and bnin >= in_ans[g1] + 2:
            m = n_g - g1 - 1
            examined += m * (m - 1) // 2
            continue
        o1, s1, e1 = classes_of(F[g1])
        n_big1 = _n_past(s1, e1, bound)
        for g2 in range(g1 + 1, n_g):
            if tighten and bmx == 1 and bnin >= in_ans[g1] + in_ans[g2] + 1:
                examined += n_g - g2 - 1
                continue
            # only the pair's parts past the bound decide feasibility; the full refinement is
            # made once a third word passes (or when no part is past the bound)
            n_big = _big_parts(F[g2], o1, s1, e1, n_big1, bound, big_o, big_s, big_e, counts2, pos2)
            full = False
            if n_big == 0:
                o2, s2, e2 = refine(F, g2, o1, s1, e1, n_codes)
                full = True
                if tighten and s2.shape[0] == n and g2 + 1 < n_g:
                    # the pair splits every word apart: every third word ties on the score
                    examined += n_g - g2 - 1
                    g3 = next_in[g2 + 1] if next_in[g2 + 1] >= 0 else g2 + 1
                    nin = in_ans[g1] + in_ans[g2] + in_ans[g3]
                    if (
                        b1 < 0
                        or compare(keys, 1, n, n, 0.0, nin, bmx, bparts, bsq, bslog, bnin) < 0
                    ):
                        b1, b2, b3 = g1, g2, g3
                        bmx, bparts, bsq, bslog, bnin = 1, n, n, 0.0, nin
                        bound = 1
                        n_big1 = _n_past(s1, e1, bound)
                    continue
            # witnesses still valid for this pair: all members in one part of it
            nv = 0
            for w in range(n_w):
                if _same_part(F, g1, wit, wlen, w) and _same_part(F, g2, wit, wlen, w):
                    valid[nv] = w
                    nv += 1
            lo = g2 + 1
            while lo < n_g:
                hi = min(lo + BLOCK, n_g)
                kill[: hi - lo] = False
                if n_big > 0:
                    for v in range(nv):
                        _kill(FT, wit, wlen, valid[v], lo, hi, kill)
                n_new = 0
                for g3 in range(lo, hi):
                    examined += 1
                    if n_big > 0:
                        if kill[g3 - lo]:
                            continue
                        dead = False
                        for q in range(n_new):
                            if _same_part(F, g3, wit, wlen, new_w[q]):
                                dead = True
                                break
                        if dead:
                            continue
                        t, c, cur = _feasible(
                            F, g3, big_o, big_s, big_e, n_big, bound, counts, stamp, cur
                        )
                        if t >= 0:
                            if bound + 1 <= WIT_MAX:
                                # remember the members that broke the bound: they rule out
                                # every later third word that gives them one code, cheaply
                                if n_w < WIT_SLOTS:
                                    slot = n_w
                                    n_w += 1
                                else:
                                    slot = w_next
                                    w_next = (w_next + 1) % WIT_SLOTS
                                _remember(F, g3, t, c, big_o, big_s, wit, wlen, slot)
                                if not _listed(valid, nv, slot):
                                    valid[nv] = slot
                                    nv += 1
                                new_w[n_new] = slot
                                n_new += 1
                            continue
                    if not full:
                        o2, s2, e2 = refine(F, g2, o1, s1, e1, n_codes)
                        full = True
                    mx, parts, sq, slog, cur = _scan(F, g3, o2, s2, e2, bound, counts, stamp, cur)
                    if mx == INFEASIBLE:
                        continue
                    nin = in_ans[g1] + in_ans[g2] + in_ans[g3]
                    if (
                        b1 < 0
                        or compare(keys, mx, parts, sq, slog, nin, bmx, bparts, bsq, bslog, bnin)
                        < 0
                    ):
                        b1, b2, b3 = g1, g2, g3
                        bmx, bparts, bsq, bslog, bnin = mx, parts, sq, slog, nin
                        if tighten and bmx < bound:
                            bound = bmx
                            n_big1 = _n_past(s1, e1, bound)
                            n_big = _big_parts(
                                F[g2],
                                o1,
                                s1,
                                e1,
                                n_big1,
                                bound,
                                big_o,
                                big_s,
                                big_e,
                                counts2,
                                pos2,
                            )
                lo = hi
    return b1, b2, b3, bmx, bparts, bsq, bslog, examined
