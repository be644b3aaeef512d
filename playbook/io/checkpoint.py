"""Checkpoints of finished work units, so an interrupted build resumes where it stopped.

Each unit's result is a small JSON file written atomically (temporary name, then rename) in a
folder keyed by everything the result depends on; a unit found there is not run again. A unit
carries what produced it (the build's key, its own name) signed with this machine's key
(:func:`playbook.io.files.local_secret`): a unit planted in the folder by someone else, or
copied from another build, is recognised and computed again, never trusted.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playbook.errors import PlaybookError
from playbook.io.files import atomic_write, kind_of, local_secret


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
        self,
        root: Path,
        key: str,
        valid: Callable[[str, Any], bool] | None = None,
        secret: bytes | None = None,
    ) -> None:
        self.folder = root / key[:16]
        for path in (root, self.folder):
            if (found := kind_of(path)) not in (None, "a folder"):
                raise PlaybookError(
                    f"--out: {path} is {found}; playbook keeps a folder of checkpoints there. "
                    "Remove it or choose another folder"
                )
        self.key = key
        self.secret = local_secret() if secret is None else secret
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

    def _seal(self, name: str, result: Any) -> str:
        """The signature of one unit: this build's key, the unit's name and its result."""
        body = json.dumps([self.key, name, result], sort_keys=True, separators=(",", ":"))
        return hmac.new(self.secret, body.encode(), hashlib.sha256).hexdigest()

    def get(self, name: str) -> tuple[bool, Any]:
        """(True, result) if the unit finished before, else (False, None); a unit that is
        unreadable, not signed by this machine for this build and name, or not of its
        phase's shape is recorded in :attr:`rejected` and computed again."""
        path = self._path(name)
        if kind_of(path) is None:
            return False, None
        data: Any = None
        if kind_of(path) == "a file" and path.stat().st_size <= self.LIMIT:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, RecursionError):
                data = None
        signed = (
            isinstance(data, dict)
            and set(data) == {"unit", "key", "result", "seal"}
            and data["unit"] == name
            and data["key"] == self.key
            and isinstance(data["seal"], str)
            and hmac.compare_digest(data["seal"], self._seal(name, data["result"]))
        )
        if not signed:
            self.rejected.append(name)
            return False, None
        value = _tuples(data["result"])
        if self.valid is not None and not self.valid(name, value):
            self.rejected.append(name)
            return False, None
        self.loaded += 1
        return True, value

    LIMIT = 16 << 20
    """Largest unit file read back (ours are a few kB)."""

    def put(self, name: str, result: Any) -> None:
        plain = _plain(result)
        unit = {"unit": name, "key": self.key, "result": plain, "seal": self._seal(name, plain)}
        path = self._path(name)
        if path.is_dir() and not path.is_symlink():  # planted: a unit is a file of its own
            raise PlaybookError(
                f"{path}: a folder where the build keeps a finished unit; remove it, or build "
                "with --no-resume"
            )
        atomic_write(path, json.dumps(unit), durable=False)
        self.saved += 1

    def clear(self) -> None:
        """Remove the folder (after the build's outputs are written)."""
        if kind_of(self.folder) == "a folder":
            shutil.rmtree(self.folder, ignore_errors=True)
        parent = self.folder.parent
        if kind_of(parent) == "a folder" and not any(parent.iterdir()):
            parent.rmdir()
