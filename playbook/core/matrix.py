"""The feedback matrix of a game's guesses and answers, and its disk cache.

Each game computes its matrix with its own kernel (:meth:`Game.matrix`); this module keeps
the results on disk, keyed by the game's feedback rule, both lists and the kernel version, so
a build does not compute the same matrix twice.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
from collections.abc import Sequence

import numpy as np

from playbook.games import Game
from playbook.io.files import atomic_write, cache_dir

FEEDBACK_KERNEL_VERSION = 1
"""Bumped whenever the kernels' output could change, so stale caches are not reused."""


MAX_CELLS = 2_500_000_000
"""Most guess-answer pairs a session takes on (its feedback matrix, and the work of every
pass over it): Mastermind 5x8 has 1.1 billion, 6x6 2.2 billion; 5x9 (3.5 billion), 6x7 or a
list of 100,000 words are refused before anything is allocated."""


def memory_bytes() -> int:
    """This machine's memory (0 where it cannot be read)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0


def size_refusal(game: Game, n_guesses: int, n_answers: int) -> str | None:
    """Why a game of ``n_guesses`` guesses and ``n_answers`` answers is too big to take on
    (its feedback matrix over :data:`MAX_CELLS` pairs, or over half this machine's memory),
    in words naming both limits; None where it fits."""
    cells = n_guesses * n_answers
    need = cells * np.dtype(game.code_dtype).itemsize
    half = memory_bytes() // 2
    if cells <= MAX_CELLS and (not half or need <= half):
        return None
    room = f", half of this machine's {2 * half / 2**30:.0f} GiB" if half else ""
    return (
        f"{n_guesses:,} guesses x {n_answers:,} answers is {cells:,} feedback pairs "
        f"({need / 2**30:.1f} GiB); playbook takes on at most {MAX_CELLS:,} pairs{room}: use "
        "a shorter list or a smaller game"
    )


STEP_CELLS = 20_000_000
"""Feedback pairs computed in one call of a game's kernel (a few tenths of a second): between
calls Python runs its signal handlers, so Ctrl-C or SIGTERM ends a long matrix at once."""


def in_steps(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The game's matrix, computed a block of guesses at a time (:data:`STEP_CELLS`)."""
    rows = max(1, STEP_CELLS // max(1, len(answers)))
    if len(guesses) <= rows:
        return game.matrix(guesses, answers)
    out = np.empty((len(guesses), len(answers)), dtype=game.code_dtype)
    for lo in range(0, len(guesses), rows):
        out[lo : lo + rows] = game.matrix(guesses[lo : lo + rows], answers)
    return out


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
        return in_steps(game, guesses, answers), False
    path = cache_dir() / f"feedback-{cache_key(game, guesses, answers)}.npy"
    want = (len(guesses), len(answers))
    try:
        m = np.load(path, allow_pickle=False)
        if m.shape == want and m.dtype == game.code_dtype:
            return m, True
    except (OSError, ValueError):
        pass
    m = in_steps(game, guesses, answers)
    buf = io.BytesIO()
    np.save(buf, m, allow_pickle=False)
    with contextlib.suppress(OSError):  # a read-only cache only costs time
        atomic_write(path, buf.getvalue(), durable=False)
    return m, False
