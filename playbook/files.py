"""Writing outputs safely: temporary name, then rename, inside the chosen folder."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from playbook.errors import PlaybookError


def atomic_write(path: Path, data: str | bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so that a reader sees the old file or the new, never half.

    ``durable`` also flushes the data to the disk before the rename (so a power cut cannot
    leave an empty file); checkpoints skip that, as a lost one is only recomputed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode() if isinstance(data, str) else data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def inside(folder: Path, name: str) -> Path:
    """``folder/name``, refusing names that would leave the folder."""
    target = (folder / name).resolve()
    if folder.resolve() not in target.parents:
        raise PlaybookError(f"output name {name!r} would write outside {folder}")
    return target


def writable_folder(folder: Path, flag: str = "--out") -> None:
    """Create ``folder`` and check that files can be written in it, before long work starts;
    a one-line error otherwise."""
    for p in (folder, *folder.parents):
        if p.exists() and not p.is_dir():
            raise PlaybookError(f"{flag}: {p} is a file, not a folder")
        if p.exists():
            break
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".playbook-write-test.")
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise PlaybookError(
            f"{flag}: cannot write in {folder} ({exc.strerror or exc}); choose another folder"
        ) from None


@contextlib.contextmanager
def locked(folder: Path, what: str = "build") -> Iterator[None]:
    """Hold ``folder/.build-lock`` while a build works on it: a second build into the same
    folder is refused in one line instead of mixing its files with the first one's. The lock
    is the operating system's, so it ends with the process, however that ends."""
    path = folder / ".build-lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            raise PlaybookError(
                f"--out: another {what} (process {other}) is writing in {folder}; wait for it "
                "to end or choose another --out"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)
