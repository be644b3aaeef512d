"""One definition of each ranking: the numba comparison, the Python sort key and the array
order put candidates in the same order, for every ranking and tie policy."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.core.ranking import RANKINGS, Ranking, Splits, Ties
from playbook.core.scores import Score
from playbook.engines import kernels

POLICIES = [(r, t) for r in RANKINGS.values() for t in Ties]

# small values so that ties are common; slog near-equal values (different summation orders
# of the same parts) must compare equal, values 1e-6 apart must not, and values either side of
# a rounding step must compare the same way everywhere (a tolerance would tie them)
SLOGS = [0.0, 2.0, 2.0 + 1e-13, 4.754887502163468, 4.754887502163469, 8.0, 8.000001]
SLOGS += [1.0000000004999, 1.0000000005001]
stats = st.tuples(
    st.integers(1, 4),
    st.integers(1, 4),
    st.integers(1, 12),
    st.sampled_from(SLOGS),
    st.integers(0, 3),
)


def _score(s: tuple[int, int, int, float, int]) -> Score:
    mx, parts, sq, slog, nin = s
    return Score(mx, parts, sq, slog, nin, total=10)


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize(
    ("rank", "ties"), POLICIES, ids=[f"{r.name}-{t.value}" for r, t in POLICIES]
)
@given(a=stats, b=stats)
@settings(max_examples=200, deadline=None)
def test_kernel_compare_agrees_with_python_key(rank: Ranking, ties: Ties, a, b) -> None:  # type: ignore[no-untyped-def]
    keys = rank.kernel_keys(ties)
    got = kernels.compare(keys, *a, *b)
    ka, kb = rank.key(_score(a), ties), rank.key(_score(b), ties)
    assert got == _sign((ka > kb) - (ka < kb))


@pytest.mark.parametrize(
    ("rank", "ties"), POLICIES, ids=[f"{r.name}-{t.value}" for r, t in POLICIES]
)
@given(cands=st.lists(stats, min_size=1, max_size=12))
@settings(max_examples=100, deadline=None)
def test_array_order_agrees_with_python_key(rank: Ranking, ties: Ties, cands) -> None:  # type: ignore[no-untyped-def]
    splits = Splits(*(np.asarray([c[i] for c in cands]) for i in range(4)))
    n_in = np.asarray([c[4] for c in cands])
    got = rank.order(splits, n_in, ties).tolist()
    want = sorted(range(len(cands)), key=lambda i: (rank.key(_score(cands[i]), ties), i))
    assert got == want
    # and the kernel, as a comparison sort, agrees too
    keys = rank.kernel_keys(ties)

    def cmp(i: int, j: int) -> int:
        return int(kernels.compare(keys, *cands[i], *cands[j])) or (i > j) - (i < j)

    assert sorted(range(len(cands)), key=functools.cmp_to_key(cmp)) == want


def test_tie_policies() -> None:
    # expected-size: the paper's chain after the sum of squares; a rule only asks whether the
    # move may be the answer
    es = RANKINGS["expected-size"]
    assert es.keys(Ties.SCORES) == (kernels.SUMSQ, kernels.LARGEST, kernels.PARTS, kernels.N_IN)
    assert es.keys(Ties.POSSIBLE) == (kernels.SUMSQ, kernels.N_IN)
    # scm is the same under both
    scm = RANKINGS["scm"]
    assert scm.keys(Ties.SCORES) == scm.keys(Ties.POSSIBLE)
    assert scm.largest_first and not es.largest_first
