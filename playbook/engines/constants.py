"""The values the exact searches share: what a value counts (:data:`MISS` for each answer
not found in time), the best before any tree is found (:data:`INF`), what a search returns
when the clock stopped it (:data:`ABORT`), and how a memo entry packs its value and guess
(:data:`SHIFT`, :data:`GUESS_MASK`)."""

from __future__ import annotations

import numpy as np

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
