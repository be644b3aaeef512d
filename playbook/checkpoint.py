"""Checkpoints of finished work units, so an interrupted build resumes where it stopped.

Each unit's result is a small JSON file written atomically (temporary name, then rename) in a
folder keyed by everything the result depends on; a unit found there is not run again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playbook.files import atomic_write


def _plain(value: Any) -> Any:
    """JSON form of unit results (tuples become lists)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return value


def _tuples(value: Any) -> Any:
    """Back from JSON: lists become tuples (unit results are tuples)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


class Checkpoint:
    """A folder of finished units for one build (identified by ``key``)."""

    def __init__(
        self, root: Path, key: str, valid: Callable[[str, Any], bool] | None = None
    ) -> None:
        self.folder = root / key[:16]
        self.loaded = 0
        self.saved = 0
        self.rejected: list[str] = []
        """Units found on disk but unreadable or not of the shape their phase returns
        (recomputed)."""
        self.valid = valid
        """Whether a unit read back (by name) has the shape its phase returns."""

    @staticmethod
    def key_of(*parts: Any) -> str:
        """A key from everything the results depend on."""
        return hashlib.sha256(
            json.dumps(_plain(list(parts)), sort_keys=True, default=str).encode()
        ).hexdigest()

    def _path(self, name: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
        return self.folder / f"{safe}.json"

    def get(self, name: str) -> tuple[bool, Any]:
        """(True, result) if the unit finished before, else (False, None)."""
        path = self._path(name)
        if not path.is_file():
            return False, None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        value = _tuples(data["result"]) if isinstance(data, dict) and "result" in data else None
        if value is None and not (isinstance(data, dict) and "result" in data):
            self.rejected.append(name)
            return False, None
        if self.valid is not None and not self.valid(name, value):
            self.rejected.append(name)
            return False, None
        self.loaded += 1
        return True, value

    def put(self, name: str, result: Any) -> None:
        atomic_write(self._path(name), json.dumps({"result": _plain(result)}), durable=False)
        self.saved += 1

    def clear(self) -> None:
        """Remove the folder (after the build's outputs are written)."""
        shutil.rmtree(self.folder, ignore_errors=True)
        parent = self.folder.parent
        if parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
