"""``parallel.unordered``: results larger than a pipe's buffer come back whole, and stopping early never hangs.

A match record (about 100 kB) sent through the pool's pipe is written in pieces; a worker terminated in the
middle of one left ``Pool.terminate`` waiting for the rest for ever (a Ctrl-C hung ``poolhall simulate``
once in CI: the pool's result thread sat in a read of the record's last 111 431 bytes). Results now come
back through files (``parallel.py``'s docstring). That race is too narrow to provoke on demand (the old
code passes these tests too); they check that the file path brings big results back whole, that
stopping early returns, and that no result file is left behind.
"""

from __future__ import annotations

import glob
import os
import tempfile
import threading
from contextlib import closing

from poolhall import parallel

BIG = 400_000  # bytes: several times a pipe's 64 kB buffer


def _big(i: int) -> str:
    return str(i) * BIG


def _leftovers() -> set[str]:
    return set(glob.glob(os.path.join(tempfile.gettempdir(), "poolhall-results-*")))


def test_big_results_come_back_whole() -> None:
    before = _leftovers()
    got = sorted(parallel.unordered(_big, list(range(6)), 2))
    assert got == [_big(i) for i in range(6)]
    assert _leftovers() == before


def test_stopping_while_workers_send_big_results_never_hangs() -> None:
    before = _leftovers()

    def stop_early() -> None:
        for _ in range(15):
            with closing(parallel.unordered(_big, list(range(40)), 2)) as results:
                assert next(results) in {_big(i) for i in range(40)}

    runner = threading.Thread(target=stop_early, daemon=True)
    runner.start()
    runner.join(timeout=120)
    assert not runner.is_alive(), "terminating the pool hung"
    assert _leftovers() == before
