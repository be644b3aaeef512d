"""Writing outputs safely: temporary name, then rename, inside the chosen folder; the folder's
lock and its bookkeeping; a set of outputs moved in place as one. (Reading what a user hands
us is :mod:`playbook.io.safe_yaml`; holding signals while a set moves,
:mod:`playbook.io.signals`.)"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from playbook.errors import PlaybookError
from playbook.io import signals
from playbook.io.safe_yaml import read_user_file


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


def cache_dir() -> Path:
    """The tool's own cache (feedback matrices, the key that signs checkpoints):
    ``$PLAYBOOK_CACHE`` or ``$XDG_CACHE_HOME/playbook``."""
    if env := os.environ.get("PLAYBOOK_CACHE"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "playbook"


def local_secret(name: str = "checkpoint.key") -> bytes:
    """A random key kept in :func:`cache_dir` (readable by this user only), made on first
    use; what this machine's builds sign their checkpoint units with, so that units planted
    in a folder by someone else are recognised. Where the cache cannot be written, a key for
    this process only (units are then trusted within the run, not across runs)."""
    path = cache_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            fd = -1
        if fd >= 0:
            with os.fdopen(fd, "w") as fh:
                fh.write(os.urandom(32).hex())
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd) as fh:
            key = bytes.fromhex(fh.read(128).strip())
        if len(key) >= 16:
            return key
    except (OSError, ValueError):
        pass
    return _PROCESS_SECRET


_PROCESS_SECRET = os.urandom(32)


def inside(folder: Path, name: str) -> Path:
    """``folder/name``, refusing names that would leave the folder (and a folder whose path
    runs into a loop of symbolic links)."""
    try:
        target, root = (folder / name).resolve(), folder.resolve()
    except (RuntimeError, OSError):  # Python reports a loop of links as a RuntimeError
        raise PlaybookError(
            f"--out: {folder}: a loop of symbolic links; give a folder that can be reached"
        ) from None
    if root not in target.parents:
        raise PlaybookError(f"output name {name!r} would write outside {folder}")
    return target


def result_target(path: Path, flag: str, force: bool) -> None:
    """Check a script's results file before its work starts: a file (not a folder) in a
    folder that can be written, and no earlier result replaced unless ``force`` (the
    script's ``--force``); a one-line error otherwise."""
    if path.is_dir():
        raise PlaybookError(f"{flag}: {path} is a folder; give a file name")
    if path.exists() and not force:
        raise PlaybookError(
            f"{flag}: {path} holds an earlier result; give --force to replace it, or another name"
        )
    writable_folder(path.parent, flag)


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


LOCK = ".build-lock"
"""The file in an output folder that a build holds while it writes there (:func:`locked`)."""
CHECKPOINTS = ".checkpoint"
"""The folder in an output folder where a build keeps its finished work units."""
STAGING = ".incoming"
"""The folder inside an output folder where a set of outputs is written before it replaces
the files in place; its :data:`COMMITTED` list, once written, means the set is whole."""
COMMITTED = "committed"

_KINDS = {stat.S_IFREG: "a file", stat.S_IFDIR: "a folder", stat.S_IFLNK: "a symbolic link"}


def kind_of(path: Path) -> str | None:
    """What ``path`` is, without following a symbolic link: ``"a file"``, ``"a folder"``, ``"a
    symbolic link"``, another kind in words, or None when nothing is there."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        return f"unreadable ({exc.strerror})"
    return _KINDS.get(stat.S_IFMT(mode), "a pipe, device or socket")


def check_bookkeeping(folder: Path, flag: str = "--out") -> None:
    """Refuse, in one line, an output folder whose bookkeeping entries (:data:`LOCK`,
    :data:`CHECKPOINTS`, :data:`STAGING` and its :data:`COMMITTED` list) are not of the kind
    a build makes there: a symbolic link or a pipe there would make a build write, move or
    delete a file elsewhere, or block."""
    wanted = (
        (folder / LOCK, "a file"),
        (folder / CHECKPOINTS, "a folder"),
        (folder / STAGING, "a folder"),
        (folder / STAGING / COMMITTED, "a file"),
    )
    for path, kind in wanted:
        found = kind_of(path)
        if found is not None and found != kind:
            raise PlaybookError(
                f"{flag}: {path} is {found}; playbook keeps {kind} there. Remove it or choose "
                "another folder"
            )


def _open_lock(path: Path) -> int:
    """The lock file's descriptor, opened without following a symbolic link and without
    blocking; a one-line error for anything but a regular file."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        found = kind_of(path)
        what = (
            f"is {found}" if found not in (None, "a file") else f"cannot be opened ({exc.strerror})"
        )
        raise PlaybookError(
            f"--out: {path} {what}; playbook keeps a file there. Remove it or choose another folder"
        ) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise PlaybookError(
            f"--out: {path} is {kind_of(path)}; playbook keeps a file there. Remove it or choose "
            "another folder"
        )
    return fd


@contextlib.contextmanager
def locked(folder: Path, what: str = "build") -> Iterator[None]:
    """Hold ``folder/.build-lock`` while a build works on it: a second build into the same
    folder is refused in one line instead of mixing its files with the first one's. The lock
    is the operating system's, so it ends with the process, however that ends; the file is
    removed when the work is done (a build killed leaves it, empty of meaning: the next build
    takes it over). Bookkeeping entries of the wrong kind are refused first
    (:func:`check_bookkeeping`)."""
    check_bookkeeping(folder)
    path = folder / LOCK
    fd = _open_lock(path)
    held = False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.pread(fd, 64, 0).decode(errors="replace").strip()
            other = other if other.isdigit() else "?"
            raise PlaybookError(
                f"--out: another {what} (process {other}) is writing in {folder}; wait for it "
                "to end or choose another --out"
            ) from None
        held = True
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        if held:  # removed while still held: no other build can have taken it meanwhile
            with contextlib.suppress(OSError):
                os.unlink(path)
        os.close(fd)


MAX_SET = 64
"""Most files in one set of outputs (a build writes a playbook and a few renderings)."""


def plain_name(name: str) -> bool:
    """Whether ``name`` names a file directly in a folder: not empty, no separator, not ``.``
    or ``..``, no control character (nothing that could lead elsewhere or drive a terminal)."""
    return (
        0 < len(name) <= 255
        and "/" not in name
        and name not in (".", "..")
        and all(ch.isprintable() for ch in name)
    )


def _committed_names(folder: Path) -> list[str]:
    """The names a committed set lists, each checked to be a plain file name whose staged
    copy (if still there) is a regular file; a one-line error otherwise (the set was not
    written by playbook, and finishing it could write elsewhere)."""
    staging = folder / STAGING
    listing = staging / COMMITTED
    raw = read_user_file(listing, 64 * 1024, "list of outputs", PlaybookError)
    try:
        names = raw.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        names = [""]
    where = f"{listing}: not a set of outputs written by playbook"
    if len(names) > MAX_SET:
        raise PlaybookError(f"{where} (more than {MAX_SET} names); remove {staging}")
    for n, name in enumerate(names, 1):
        if not plain_name(name):
            raise PlaybookError(
                f"{where} (line {n} is not a plain file name: {name!r}); remove {staging}"
            )
        found = kind_of(staging / name)
        if found not in (None, "a file"):
            raise PlaybookError(f"{where} ({staging / name} is {found}); remove {staging}")
    return names


def _move_committed(folder: Path, names: list[str]) -> list[str]:
    """Move the files of a committed set from the staging folder into ``folder`` (those
    still there), then drop the staging folder; the names of the set."""
    staging = folder / STAGING
    for name in names:
        if (staging / name).exists():
            os.replace(staging / name, folder / name)
    shutil.rmtree(staging, ignore_errors=True)
    return names


def pending(folder: Path) -> bool:
    """Whether ``folder`` holds a set of outputs a build stopped while moving in place (read
    only: the next build into the folder finishes it)."""
    return kind_of(folder / STAGING / COMMITTED) == "a file"


def finish_set(folder: Path) -> list[str]:
    """Finish the set of outputs a process stopped while moving into ``folder`` (killed
    between its moves), or drop one it had not finished writing; the names moved now. The
    caller holds the folder's :func:`locked`; bookkeeping of the wrong kind, or a list naming
    anything but plain files of the staging folder, is refused in one line."""
    staging = folder / STAGING
    check_bookkeeping(folder)
    if pending(folder):
        names = _committed_names(folder)
        with signals.held():
            return _move_committed(folder, names)
    if kind_of(staging) == "a folder":
        shutil.rmtree(staging, ignore_errors=True)
    return []


def check_targets(folder: Path, names: Sequence[str]) -> None:
    """Refuse, in one line, to replace anything but a file (or a link) by an output: a
    folder or a pipe of that name would stop the set half-way through its moves."""
    for name in names:
        found = kind_of(folder / name)
        if found not in (None, "a file", "a symbolic link"):
            raise PlaybookError(
                f"--out: {folder / name} is {found}; the build writes a file of that name there. "
                "Move it away or choose another --out"
            )


def write_set(
    folder: Path, items: Sequence[tuple[str, str | bytes]], on_commit: Callable[[], None]
) -> list[Path]:
    """Write files that belong together (a playbook and its renderings) so that the folder
    shows the old set or the new, never a mix: each is written into a staging folder and
    flushed, a list of them marks the set complete (``on_commit`` is called then), and they
    are moved in place while signal handlers :func:`defer`; a set killed between its moves
    is finished by :func:`finish_set`. The caller holds the folder's :func:`locked`."""
    check_targets(folder, [name for name, _ in items])
    finish_set(folder)
    staging = folder / STAGING
    staging.mkdir(parents=True, exist_ok=True)  # finish_set removed one that was there
    for name, data in items:
        atomic_write(staging / name, data)
    with signals.held():
        atomic_write(staging / COMMITTED, "".join(f"{name}\n" for name, _ in items))
        on_commit()
        _move_committed(folder, [name for name, _ in items])
    return [folder / name for name, _ in items]
