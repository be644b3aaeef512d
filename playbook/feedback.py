"""The feedback matrix: the code of every guess against every answer, and its disk cache.

``matrix(guesses, answers)`` is a numba kernel; :func:`reference_matrix` is the plain-Python
definition it is tested against. Codes fit ``uint8`` for words of up to five letters and
``uint16`` beyond.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numba
import numpy as np

from playbook.games import WordGame

FEEDBACK_KERNEL_VERSION = 1
"""Bumped whenever the kernel's output could change, so stale caches are not reused."""


def encode_words(words: list[str] | tuple[str, ...], length: int) -> np.ndarray:
    """Words as an ``(n, length)`` uint8 array of letter numbers (a=0 ... z=25)."""
    if not words:
        return np.zeros((0, length), dtype=np.uint8)
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), length) - ord("a")).astype(np.uint8)


def code_dtype(length: int) -> type[np.unsignedinteger]:
    """The smallest unsigned dtype that holds every code of a word of ``length`` letters."""
    return np.uint8 if 3**length <= 256 else np.uint16


@numba.njit(cache=True, parallel=True)
def _fill(guesses: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    n_g, length = guesses.shape
    n_a = answers.shape[0]
    for i in numba.prange(n_g):
        g = guesses[i]
        counts = np.zeros(26, dtype=np.int8)
        exact = np.zeros(length, dtype=np.bool_)
        for j in range(n_a):
            a = answers[j]
            code = 0
            for p in range(length):
                if g[p] == a[p]:
                    exact[p] = True
                else:
                    exact[p] = False
                    counts[a[p]] += 1
            for p in range(length):
                code *= 3
                if exact[p]:
                    code += 2
                elif counts[g[p]] > 0:
                    code += 1
                    counts[g[p]] -= 1
            for p in range(length):
                counts[a[p]] = 0
            out[i, j] = code


def matrix(game: WordGame, guesses: list[str], answers: list[str]) -> np.ndarray:
    """Feedback codes of every guess (rows) against every answer (columns)."""
    out = np.empty((len(guesses), len(answers)), dtype=code_dtype(game.length))
    _fill(encode_words(guesses, game.length), encode_words(answers, game.length), out)
    return out


def reference_matrix(game: WordGame, guesses: list[str], answers: list[str]) -> np.ndarray:
    """The same matrix from the plain-Python rule of the game (for tests and benchmarks)."""
    out = np.empty((len(guesses), len(answers)), dtype=code_dtype(game.length))
    for i, g in enumerate(guesses):
        for j, a in enumerate(answers):
            out[i, j] = game.feedback(g, a)
    return out


def cache_dir() -> Path:
    """Where matrices are cached: ``$PLAYBOOK_CACHE`` or ``$XDG_CACHE_HOME/playbook``."""
    if env := os.environ.get("PLAYBOOK_CACHE"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "playbook"


def cache_key(game: WordGame, guesses: list[str], answers: list[str]) -> str:
    """Content key of a matrix: the rules, both lists and the kernel version."""
    h = hashlib.sha256()
    h.update(f"{type(game).__name__}:{game.length}:v{FEEDBACK_KERNEL_VERSION}\n".encode())
    h.update("\n".join(guesses).encode())
    h.update(b"\n--\n")
    h.update("\n".join(answers).encode())
    return h.hexdigest()


def cached_matrix(
    game: WordGame, guesses: list[str], answers: list[str], *, use_cache: bool = True
) -> tuple[np.ndarray, bool]:
    """The feedback matrix, from the disk cache when present; returns ``(matrix, hit)``.

    The cache file is written atomically; an unreadable or wrong-shaped file is recomputed.
    """
    if not use_cache:
        return matrix(game, guesses, answers), False
    path = cache_dir() / f"feedback-{cache_key(game, guesses, answers)}.npy"
    want = (len(guesses), len(answers))
    try:
        m = np.load(path, allow_pickle=False)
        if m.shape == want and m.dtype == code_dtype(game.length):
            return m, True
    except (OSError, ValueError):
        pass
    m = matrix(game, guesses, answers)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".npy")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, m, allow_pickle=False)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache only costs time
    return m, False
