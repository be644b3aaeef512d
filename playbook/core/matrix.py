"""The feedback matrix of a game's guesses and answers, and its disk cache.

Each game computes its matrix with its own kernel (:meth:`Game.matrix`); this module keeps
the results on disk, keyed by the game's feedback rule, both lists and the kernel version, so
a build does not compute the same matrix twice.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Sequence

import numpy as np

from playbook.files import atomic_write, cache_dir
from playbook.games import Game

FEEDBACK_KERNEL_VERSION = 1
"""Bumped whenever the kernels' output could change, so stale caches are not reused."""


def cache_key(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> str:
    """Content key of a matrix: the rules, both lists and the kernel version."""
    h = hashlib.sha256()
    h.update(f"{game.feedback_id}:v{FEEDBACK_KERNEL_VERSION}\n".encode())
    h.update("\n".join(guesses).encode())
    h.update(b"\n--\n")
    h.update("\n".join(answers).encode())
    return h.hexdigest()


def cached_matrix(
    game: Game, guesses: Sequence[str], answers: Sequence[str], *, use_cache: bool = True
) -> tuple[np.ndarray, bool]:
    """The feedback matrix, from the disk cache when present; returns ``(matrix, hit)``.

    The cache file is written atomically; an unreadable or wrong-shaped file is recomputed.
    """
    if not use_cache:
        return game.matrix(guesses, answers), False
    path = cache_dir() / f"feedback-{cache_key(game, guesses, answers)}.npy"
    want = (len(guesses), len(answers))
    try:
        m = np.load(path, allow_pickle=False)
        if m.shape == want and m.dtype == game.code_dtype:
            return m, True
    except (OSError, ValueError):
        pass
    m = game.matrix(guesses, answers)
    buf = io.BytesIO()
    np.save(buf, m, allow_pickle=False)
    with contextlib.suppress(OSError):  # a read-only cache only costs time
        atomic_write(path, buf.getvalue(), durable=False)
    return m, False
