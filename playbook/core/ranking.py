"""Rankings: how candidate moves are ordered by the split they make, each defined once.

A ranking has primary statistics (``scm``: the largest part, then more parts, then a smaller
sum of squares; ``expected-size``: the sum of squares; ...), and a tie policy says what
decides between candidates equal on them:

* :attr:`Ties.SCORES`, the 1994 paper's chain: the largest part smaller (definition 1), more
  parts (definition 2), a smaller sum of k*k*a_k (footnote 6), more of the moves possible
  answers themselves (definition 3), then list order. The opening search and its tables use
  it, so that every ranking ends in the paper's order.
* :attr:`Ties.POSSIBLE`, the rule of the greedy strategies in the literature (Knuth, Kooi): a
  move that may itself be the answer, then list order. Strategies and play use it.

The same definition drives the numba kernels (:meth:`Ranking.kernel_keys`), Python sort keys
(:meth:`Ranking.key`) and array orders (:meth:`Ranking.order`); a property test holds them
to one another.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import NamedTuple

import numpy as np

from playbook.core.scores import Score
from playbook.engines.kernels import LARGEST, N_IN, PARTS, SLOG, SLOG_SCALE, SUMSQ
from playbook.names import FIRST_CONSISTENT as FIRST_CONSISTENT
from playbook.names import RULES as RULES


class Ties(enum.Enum):
    """What decides between candidates equal on a ranking's primary statistics."""

    SCORES = "scores"
    """The paper's chain: largest part, parts, sum of squares, possible answers, list order."""
    POSSIBLE = "possible"
    """A move that may be the answer, then list order."""


_TAIL = {
    Ties.SCORES: (LARGEST, PARTS, SUMSQ, N_IN),
    Ties.POSSIBLE: (N_IN,),
}


class Splits(NamedTuple):
    """Statistics of the splits that candidate moves make, one array entry per candidate."""

    largest: np.ndarray
    """Largest part (``kernels.INFEASIBLE`` where a part exceeded the bound asked for)."""
    parts: np.ndarray
    sumsq: np.ndarray
    slog: np.ndarray


@dataclasses.dataclass(frozen=True)
class Ranking:
    """An order of candidate moves by the split they make."""

    name: str
    primary: tuple[int, ...]
    """The statistics that rank first (``kernels.LARGEST`` ...), most significant first."""
    description: str

    def keys(self, ties: Ties) -> tuple[int, ...]:
        """Every statistic compared, in order: the primary ones, then the tie policy's."""
        return self.primary + tuple(k for k in _TAIL[ties] if k not in self.primary)

    def kernel_keys(self, ties: Ties) -> np.ndarray:
        """:meth:`keys` for the numba kernels."""
        return np.asarray(self.keys(ties), dtype=np.int64)

    @property
    def largest_first(self) -> bool:
        """Whether a better candidate never has a larger largest part (bounds may tighten)."""
        return self.primary[0] == LARGEST

    def key(self, score: Score, ties: Ties) -> tuple[float, ...]:
        """Sort key of a score: smaller ranks first (list order breaks what remains)."""
        value = {
            LARGEST: score.largest,
            PARTS: -score.parts,
            SUMSQ: score.sumsq,
            SLOG: float(np.rint(score.slog * SLOG_SCALE)),
            N_IN: -score.n_in,
        }
        return tuple(value[k] for k in self.keys(ties))

    def order(
        self, splits: Splits, n_in: np.ndarray, ties: Ties, *, target: int | None = None
    ) -> np.ndarray:
        """Candidate indices best first (index breaks ties). With a ``target``, candidates
        whose largest part meets it come first."""
        value = {
            LARGEST: splits.largest,
            PARTS: -np.asarray(splits.parts),
            SUMSQ: splits.sumsq,
            SLOG: np.rint(np.asarray(splits.slog) * SLOG_SCALE),
            N_IN: -np.asarray(n_in),
        }
        columns = [value[k] for k in reversed(self.keys(ties))]
        if target is not None:
            columns.append(np.asarray(splits.largest) > target)
        return np.lexsort([np.arange(len(splits.largest)), *columns])


RANKINGS: dict[str, Ranking] = {
    r.name: r
    for r in (
        Ranking(
            "scm",
            (LARGEST, PARTS, SUMSQ),
            "the 1994 paper's order: largest part, parts, sum of squares",
        ),
        Ranking("expected-size", (SUMSQ,), "smallest expected size of the part left (Irving)"),
        Ranking("entropy", (SLOG,), "most information in the feedback"),
        Ranking("minimax", (LARGEST,), "smallest largest part (Knuth)"),
        Ranking("most-parts", (PARTS,), "most parts (Kooi)"),
    )
}
"""Every ranking, by name."""

OPENING_RANKINGS = ("scm", "expected-size", "entropy")
"""Rankings a config may choose for the opening search (``search.ranking``)."""


SCM = RANKINGS["scm"]


def ranking(name: str) -> Ranking:
    """A ranking by name (names are checked where they are read: config, command line)."""
    return RANKINGS[name]
