"""Run a function over many items in worker processes, and stop at once on Ctrl-C.

``concurrent.futures.ProcessPoolExecutor`` does not suit a command a person
interrupts: on Ctrl-C its shutdown waits for every task already handed to a
worker (a 14.1 match can take a minute), and a second Ctrl-C while it waits
deadlocks the parent and its workers. A ``multiprocessing.Pool`` can be
terminated instead. So here the workers ignore SIGINT (a terminal sends it to
the whole process group), the parent alone takes it, terminates the workers,
and ignores a second Ctrl-C for the few milliseconds that takes (its handler
turns further ones off before it raises, so no second KeyboardInterrupt can
break into the cleanup).

Results come back through files, not the pool's pipe: a result larger than
the pipe's buffer (a match record is about 100 kB) is written in pieces, and a
worker terminated in the middle of one leaves the pool's result thread waiting
for the rest for ever, so ``Pool.terminate`` never returned (a Ctrl-C hung
``poolhall simulate``: seen once, in a CI run of ``tests/test_interrupt.py``). A worker pickles its
result to a file of the run's own folder and sends only the file's name, a few
bytes, which a pipe writes whole.

A worker may also tell the parent how far the item it runs has come
(``report``); the parent hands those messages to ``on_report`` while it waits.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import pickle
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.queues import SimpleQueue
from typing import Any, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

#: How often (seconds) the parent looks for reports while no result is ready.
POLL_SECONDS = 0.2

_reports: SimpleQueue[Any] | None = None


def report(message: Any) -> None:
    """Send ``message`` to the parent's ``on_report``; does nothing outside a worker of ``unordered``."""
    if _reports is not None:
        _reports.put(message)


def _start_worker(queue: SimpleQueue[Any]) -> None:
    global _reports
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _reports = queue


def _spooled(fn: Callable[[Item], Result], folder: str, item: Item) -> str:
    """``fn(item)``, pickled to a new file in ``folder``; its path (the module docstring says why)."""
    result = fn(item)
    fd, path = tempfile.mkstemp(dir=folder, suffix=".pickle")
    with os.fdopen(fd, "wb") as f:
        pickle.dump(result, f, protocol=pickle.HIGHEST_PROTOCOL)
    return path


def _unspooled(path: str) -> Any:
    with open(path, "rb") as f:
        result = pickle.load(f)
    os.unlink(path)
    return result


def unordered(
    fn: Callable[[Item], Result],
    items: Sequence[Item],
    workers: int,
    on_report: Callable[[Any], None] | None = None,
) -> Iterator[Result]:
    """``fn(item)`` for every item on ``workers`` processes, yielded as each finishes.

    Closing the iterator early, or an exception (``KeyboardInterrupt``) while
    it waits, terminates the workers at once: unfinished items are dropped.
    """
    context = multiprocessing.get_context()
    queue: SimpleQueue[Any] = context.SimpleQueue()
    # A Ctrl-C while the pool forks its workers lands in an at-fork callback (logging's), where Python
    # ignores the KeyboardInterrupt: it would be lost. So it waits, blocked, until the pool is there.
    main = _in_main_thread()
    if main:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = context.Pool(workers, initializer=_start_worker, initargs=(queue,))
    folder = tempfile.mkdtemp(prefix="poolhall-results-")
    finished = False
    with first_interrupt_only():
        try:
            if main:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            results = pool.imap_unordered(functools.partial(_spooled, fn, folder), items)
            for _ in range(len(items)):
                while True:
                    try:
                        path = results.next(timeout=POLL_SECONDS)
                        break
                    except multiprocessing.TimeoutError:
                        _drain(queue, on_report)
                _drain(queue, on_report)
                yield _unspooled(path)
            finished = True
        finally:
            if finished:
                pool.close()
            else:
                pool.terminate()
            pool.join()
            queue.close()
            shutil.rmtree(folder, ignore_errors=True)  # results never collected (a Ctrl-C)


@contextlib.contextmanager
def first_interrupt_only() -> Iterator[None]:
    """Inside, the first Ctrl-C raises ``KeyboardInterrupt`` and turns further ones off until the block ends.

    So a person pressing Ctrl-C again while the workers are being stopped can
    neither break into that cleanup nor leave them running. Outside the main
    thread (where signals are not ours to handle) it does nothing.
    """
    if not _in_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """A Ctrl-C inside waits until the block ends, then interrupts as it would have.

    For the few lines that must happen together or not at all: a record renamed into place and
    counted as written (else an interrupt between the two leaves a ``.partial`` file, or a record
    the closing line does not count). The handler is swapped, not the signal mask: a process-wide
    signal goes to any thread that does not block it (the pool's helper threads), and Python then
    runs the handler in the main thread anyway. Outside the main thread it does nothing.
    """
    if not _in_main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            signal.raise_signal(signal.SIGINT)  # now, to whatever handled it before


def _in_main_thread() -> bool:
    """Signal handlers and masks are only the main thread's to change."""
    return threading.current_thread() is threading.main_thread()


def _drain(queue: SimpleQueue[Any], on_report: Callable[[Any], None] | None) -> None:
    while not queue.empty():
        message = queue.get()
        if on_report is not None:
            on_report(message)


def _interrupted(signum: int, frame: object) -> None:
    """The first Ctrl-C stops the run; any further one, while the workers are being stopped, is ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt
