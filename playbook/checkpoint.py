"""Checkpoints of finished work units, so an interrupted build resumes where it stopped.

Each unit's result is a small JSON file written atomically (temporary name, then rename) in a
folder keyed by everything the result depends on; a unit found there is not run again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
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

    def __init__(self, root: Path, key: str) -> None:
        self.folder = root / key[:16]
        self.loaded = 0
        self.saved = 0

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
        try:
            data = json.loads(self._path(name).read_text())
        except (OSError, ValueError):
            return False, None
        if not isinstance(data, dict) or "result" not in data:
            return False, None
        self.loaded += 1
        return True, _tuples(data["result"])

    def put(self, name: str, result: Any) -> None:
        atomic_write(self._path(name), json.dumps({"result": _plain(result)}), durable=False)
        self.saved += 1

    def clear(self) -> None:
        """Remove the folder (after the build's outputs are written)."""
        shutil.rmtree(self.folder, ignore_errors=True)
        parent = self.folder.parent
        if parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
