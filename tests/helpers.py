"""Small helpers shared by tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def sample(ws: tuple[str, ...] | list[str], n: int, seed: int) -> list[str]:
    """``n`` distinct words of ``ws``, reproducibly."""
    rng = np.random.default_rng(seed)
    return sorted(rng.choice(ws, size=n, replace=False).tolist())


def write_words(path: Path, ws: list[str]) -> Path:
    """A word-list file, one word a line."""
    path.write_text("\n".join(ws) + "\n")
    return path
