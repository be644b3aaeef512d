"""The one place that runs work in parallel: maps plain serial functions over joblib workers.

Results come back in task order whatever the number of workers, so a build is identical for
every ``n_jobs``.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import queue
import re
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import joblib
from joblib.parallel import LokyBackend

from playbook import arguments
from playbook.errors import PlaybookError
from playbook.io.checkpoint import Checkpoint
from playbook.names import BACKENDS as BACKENDS

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


_BACKEND: dict[str, Any] = {"name": "loky"}
_STARTING: list[Generator[None, None, None]] = []
"""Workers being started by :func:`started`, waited for before the next map."""


def effective_jobs(n_jobs: int) -> int:
    """Workers to use: ``-1`` means one per core (:func:`playbook.arguments.cores`), ``-2``
    all but one."""
    if n_jobs < 0:
        return max(1, arguments.cores() + 1 + n_jobs)
    return max(1, n_jobs)


_ADDRESS = re.compile(
    r"tcp://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\]):(?P<port>\d{1,5})"
)


def scheduler_refusal(address: str) -> str | None:
    """Why ``address`` is not one a build can reach a Dask scheduler at (``tcp://HOST:PORT``
    only: a unix socket, an in-process or a TLS address need settings playbook does not
    take), or None."""
    m = _ADDRESS.fullmatch(address)
    if m is None:
        scheme = address.split("://", 1)[0] if "://" in address else ""
        why = f"the {scheme}:// scheme is not supported; " if scheme and scheme != "tcp" else ""
        return f"{address!r}: {why}give a scheduler as tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"
    if not 1 <= int(m["port"]) <= 65535:
        return f"{address!r}: port {m['port']}; a port is 1 to 65535"
    return None


@contextmanager
def backend(
    name: str = "loky", *, scheduler: str | None = None, workers: int | None = None
) -> Iterator[None]:
    """Run the maps inside on local processes (``loky``) or a Dask cluster (``dask``).

    For Dask, ``scheduler`` is the address of a running cluster (``tcp://host:port``);
    without it a ``distributed.LocalCluster`` with ``workers`` processes is started here.
    """
    if name == "loky":
        yield
        return
    from distributed import Client, LocalCluster  # optional dependency

    if scheduler:
        if (why := scheduler_refusal(scheduler)) is not None:
            raise PlaybookError(f"--scheduler: {why}")
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise PlaybookError(
                f"--scheduler: no Dask scheduler answers at {scheduler} within "
                f"{SCHEDULER_TIMEOUT} s ({str(exc).splitlines()[0]}); start one with "
                "'dask scheduler', or leave --scheduler out to run here"
            ) from None
        cluster = None
    else:
        cluster = LocalCluster(
            n_workers=workers or effective_jobs(-1),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)
    previous = dict(_BACKEND)
    _BACKEND.update(name="dask", workers=len(client.scheduler_info()["workers"]))
    try:
        with joblib.parallel_config(backend="dask"), _quiet_cluster():
            yield
    finally:
        _BACKEND.clear()
        _BACKEND.update(previous)
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def _quiet_cluster() -> Iterator[None]:
    """Dask's own log lines kept off the terminal while it works for a build: a worker lost
    on the way is retried by the scheduler (its task runs again elsewhere), and what it
    cannot recover from reaches the build as one line (:func:`_cluster_errors`)."""
    loggers = [
        logging.getLogger(name)
        for name in ("distributed", *logging.root.manager.loggerDict)
        if name.startswith("distributed")
    ]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


def _import(module: str, parent: int) -> None:
    _watch_parent(parent)
    importlib.import_module(module)


_WATCHED: list[int] = []
"""In a worker: the parent process it watches (once :func:`_watch_parent` has run)."""
WATCH_SECONDS = 0.5
"""How often a local worker looks whether the process that started it still lives."""


def _watch_parent(parent: int | None) -> None:
    """In a local worker: end this process when ``parent`` (the process that asked for the
    work; None: the one that started this worker) ends, however that ends (SIGKILL
    included, which no handler sees). A worker that starts after its parent died (killed
    while its workers were still starting: the worker is then another process's child)
    ends at once; otherwise a thread looks every :data:`WATCH_SECONDS`, compiled code
    releasing the interpreter's lock meanwhile."""
    if _WATCHED:
        return
    if parent is None:  # a cluster's worker: it watches the process that started it
        parent = os.getppid()
    if os.getppid() != parent:
        os._exit(1)
    _WATCHED.append(parent)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="playbook-parent-watch", daemon=True).start()


def _loky() -> LokyBackend:
    """The local workers' backend: each worker watches this process from its start (the
    executor's initializer runs before the worker takes any work, so a worker whose parent
    died while it was starting ends even if no work ever reached it)."""
    return LokyBackend(initializer=_watch_parent, initargs=(os.getpid(),))


def _in_worker(parent: int, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a local worker that ends with ``parent``."""
    _watch_parent(parent)
    return fn(*args)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from ``/proc``; none where it cannot be read)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat_line = (entry / "stat").read_text()
            if int(stat_line.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile, or not ours to read
    return out


def end_workers() -> None:
    """End this process's child processes at once (the local workers and their helpers):
    called when a build is stopped, so that no worker computes on for nobody."""
    for child in children(os.getpid()):
        with contextlib.suppress(OSError):
            os.kill(child, signal.SIGKILL)


SCHEDULER_TIMEOUT = 10
"""Seconds to wait for a Dask scheduler before the build gives up (before any search)."""


@contextmanager
def started(n_jobs: int, module: str) -> Iterator[None]:
    """Start the local worker processes now, each importing ``module``, and go on at once:
    the serial work inside overlaps their start (a second or two each); the first map waits
    for them. Leaving early (an error) waits for them to be up: cancelling a start under
    way races with loky's queue thread, which then prints a traceback."""
    jobs = effective_jobs(n_jobs)
    if jobs > 1 and _BACKEND["name"] == "loky" and not _STARTING:
        _STARTING.append(
            joblib.Parallel(n_jobs=jobs, backend=_loky(), return_as="generator", max_nbytes="1M")(
                joblib.delayed(_import)(module, os.getpid()) for _ in range(jobs)
            )
        )
    try:
        yield
    finally:
        _started()


def _started() -> None:
    while _STARTING:
        for _ in _STARTING.pop():
            pass


def run(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    n_jobs: int = 1,
    *,
    on_done: Callable[[int, T], None] | None = None,
    checkpoint: Checkpoint | None = None,
    names: Sequence[str] | None = None,
) -> list[T]:
    """``[fn(*t) for t in tasks]``, on ``n_jobs`` workers; ``on_done(i, result)`` as they end,
    with ``i`` the task's index, once for every task.

    With a ``checkpoint`` (and a unique name per task), finished tasks are saved as they end
    and tasks saved by an earlier run are not run again (``on_done`` hears of them first).
    """
    if checkpoint is not None and names is not None:
        done: dict[int, T] = {}
        for i, name in enumerate(names):
            hit, value = checkpoint.get(name)
            if hit:
                done[i] = value
        todo = [i for i in range(len(tasks)) if i not in done]
        if on_done:
            for i, value in done.items():  # they ended in an earlier run
                on_done(i, value)

        def save(k: int, result: T) -> None:
            i = todo[k]
            checkpoint.put(names[i], result)
            if on_done:
                on_done(i, result)

        fresh = run(fn, [tasks[i] for i in todo], n_jobs, on_done=save)
        done.update(zip(todo, fresh, strict=True))
        return [done[i] for i in range(len(tasks))]
    _started()
    jobs = effective_jobs(n_jobs)
    results: list[T] = []
    if (jobs == 1 and _BACKEND["name"] == "loky") or len(tasks) <= 1:
        for i, t in enumerate(tasks):
            r = fn(*t)
            results.append(r)
            if on_done:
                on_done(i, r)
        return results
    if _BACKEND["name"] == "dask":
        jobs = _BACKEND.get("workers", jobs)
        gen = _cluster_errors(
            joblib.Parallel(n_jobs=jobs, return_as="generator")(
                joblib.delayed(fn)(*t) for t in tasks
            )
        )
    else:
        gen = joblib.Parallel(n_jobs=jobs, backend=_loky(), return_as="generator", max_nbytes="1M")(
            joblib.delayed(_in_worker)(os.getpid(), fn, *t) for t in tasks
        )
    for i, r in enumerate(gen):
        results.append(r)
        if on_done:
            on_done(i, r)
    return results


class Task(Protocol[T_co]):
    """A work unit as one frozen value that runs itself: ``task()`` (it travels to a worker
    whole, so its fields must pickle)."""

    def __call__(self) -> T_co: ...


def _call(task: Task[T]) -> T:
    return task()


def each(
    tasks: Sequence[Task[T]], n_jobs: int = 1, *, on_done: Callable[[int, T], None] | None = None
) -> list[T]:
    """``[task() for task in tasks]`` on ``n_jobs`` workers (:func:`run`)."""
    return run(_call, [(t,) for t in tasks], n_jobs, on_done=on_done)


def _cluster_errors(gen: Iterator[T]) -> Iterator[T]:
    """Results of a Dask map; a worker or the scheduler lost on the way is one line (the
    finished units are in the checkpoint), not the cluster's traceback."""
    try:
        yield from gen
    except Exception as exc:
        if not type(exc).__module__.startswith(("distributed", "tornado", "asyncio")):
            raise
        detail = (str(exc).splitlines() or ["no detail"])[0]
        raise PlaybookError(
            f"the Dask cluster lost work ({type(exc).__name__}: {detail}); finished work "
            "units are kept: run the same command again to resume"
        ) from None


def _named(
    parent: int | None, fn: Callable[..., T], name: str, args: tuple[Any, ...]
) -> tuple[str, T]:
    _watch_parent(parent)
    return name, fn(*args)


def stream(
    fn: Callable[..., T],
    tasks: Iterable[tuple[str, tuple[Any, ...]]],
    n_jobs: int = 1,
    *,
    checkpoint: Checkpoint | None = None,
) -> Iterator[tuple[str, T]]:
    """``(name, fn(*args))`` for each ``(name, args)`` of ``tasks``, as each one ends.

    Unlike :func:`run`, the tasks are drawn one at a time as workers free up (with more than
    one worker, a few ahead of them and from the thread that feeds them), so the iterable may
    leave out tasks that the results seen so far make needless: no worker waits for a whole
    batch to end. Names must be unique; with a ``checkpoint``, finished tasks are saved as
    they end and tasks saved by an earlier run are not run again.
    """

    def cached(name: str) -> tuple[bool, Any]:
        return (False, None) if checkpoint is None else checkpoint.get(name)

    jobs = effective_jobs(n_jobs)
    if jobs == 1 and _BACKEND["name"] == "loky":
        for name, args in tasks:
            hit, value = cached(name)
            if not hit:
                value = fn(*args)
                if checkpoint is not None:
                    checkpoint.put(name, value)
            yield name, value
        return
    _started()
    saved: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
    local = os.getpid() if _BACKEND["name"] == "loky" else None  # a cluster's are elsewhere

    def fresh() -> Iterator[Any]:
        for name, args in tasks:
            hit, value = cached(name)
            if hit:
                saved.put((name, value))
            else:
                yield joblib.delayed(_named)(local, fn, name, args)

    if _BACKEND["name"] == "dask":
        jobs = _BACKEND.get("workers", jobs)
        options: dict[str, Any] = {}
    else:
        options = {"backend": _loky(), "max_nbytes": "1M"}
    gen = joblib.Parallel(
        n_jobs=jobs,
        return_as="generator_unordered",
        batch_size=1,
        pre_dispatch="n_jobs",
        **options,
    )(fresh())
    if _BACKEND["name"] == "dask":
        gen = _cluster_errors(gen)
    for name, value in gen:
        while not saved.empty():
            yield saved.get()
        if checkpoint is not None:
            checkpoint.put(name, value)
        yield name, value
    while not saved.empty():
        yield saved.get()
