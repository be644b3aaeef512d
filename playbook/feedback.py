"""The feedback matrix: the code of every guess against every answer, and its disk cache.

Each game's ``matrix`` uses a numba kernel from here; :func:`reference_matrix` is the
plain-Python definition it is tested against. Codes fit ``uint8`` where a game has at most 256
of them (Lingo/Wordle up to five letters) and ``uint16`` beyond.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numba
import numpy as np

from playbook.games import Game

FEEDBACK_KERNEL_VERSION = 1
"""Bumped whenever the kernel's output could change, so stale caches are not reused."""


def encode_words(words: Sequence[str], length: int) -> np.ndarray:
    """Words as an ``(n, length)`` uint8 array of letter numbers (a=0 ... z=25)."""
    if not words:
        return np.zeros((0, length), dtype=np.uint8)
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), length) - ord("a")).astype(np.uint8)


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


@numba.njit(cache=True, parallel=True)
def _fill_mastermind(
    guesses: np.ndarray, answers: np.ndarray, colours: int, out: np.ndarray
) -> None:
    n_g, pegs = guesses.shape
    n_a = answers.shape[0]
    for i in numba.prange(n_g):
        g = guesses[i]
        cg = np.zeros(colours, dtype=np.int8)
        for p in range(pegs):
            cg[g[p]] += 1
        for j in range(n_a):
            a = answers[j]
            black = 0
            ca = np.zeros(colours, dtype=np.int8)
            for p in range(pegs):
                if g[p] == a[p]:
                    black += 1
                ca[a[p]] += 1
            common = 0
            for c in range(colours):
                common += min(cg[c], ca[c])
            out[i, j] = black * (pegs + 1) + common - black


@numba.njit(cache=True)
def _fill_hangman(letters: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    n_a, width = answers.shape
    for i in range(letters.shape[0]):
        g = letters[i]
        for j in range(n_a):
            code = 0
            for p in range(width):
                if answers[j, p] == g:
                    code |= 1 << p
            out[i, j] = code


def hangman_matrix(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Hangman codes (bit i set when the letter is at position i) of letters against words;
    a guess of more than one letter falls back to the plain rule."""
    if any(len(g) != 1 for g in guesses):
        return game.reference_matrix(guesses, answers)
    width = max((len(a) for a in answers), default=1)
    enc = np.full((len(answers), width), 255, dtype=np.uint8)
    for j, a in enumerate(answers):
        enc[j, : len(a)] = np.frombuffer(a.encode("ascii"), dtype=np.uint8)
    letters = np.frombuffer("".join(guesses).encode("ascii"), dtype=np.uint8)
    out = np.empty((len(guesses), len(answers)), dtype=game.code_dtype)
    _fill_hangman(letters, enc, out)
    return out


def word_matrix(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Lingo/Wordle feedback codes of every guess (rows) against every answer (columns)."""
    length = game.word_length or 0
    out = np.empty((len(guesses), len(answers)), dtype=game.code_dtype)
    _fill(encode_words(guesses, length), encode_words(answers, length), out)
    return out


def mastermind_matrix(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Mastermind codes (black * (pegs + 1) + white) of every guess against every answer."""
    pegs = game.word_length or 0

    def enc(codes: Sequence[str]) -> np.ndarray:
        raw = np.frombuffer("".join(codes).encode("ascii"), dtype=np.uint8)
        return (raw.reshape(len(codes), pegs) - ord("1")).astype(np.uint8)

    out = np.empty((len(guesses), len(answers)), dtype=game.code_dtype)
    _fill_mastermind(enc(guesses), enc(answers), int(getattr(game, "colours", 9)), out)
    return out


def matrix(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Feedback codes of every guess (rows) against every answer (columns): the game's kernel."""
    return game.matrix(guesses, answers)


def reference_matrix(game: Game, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """The same matrix from the plain-Python rule of the game (for tests and benchmarks)."""
    return game.reference_matrix(guesses, answers)


def cache_dir() -> Path:
    """Where matrices are cached: ``$PLAYBOOK_CACHE`` or ``$XDG_CACHE_HOME/playbook``."""
    if env := os.environ.get("PLAYBOOK_CACHE"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "playbook"


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
        return matrix(game, guesses, answers), False
    path = cache_dir() / f"feedback-{cache_key(game, guesses, answers)}.npy"
    want = (len(guesses), len(answers))
    try:
        m = np.load(path, allow_pickle=False)
        if m.shape == want and m.dtype == game.code_dtype:
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
