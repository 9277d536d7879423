"""Say once, before the simulator first compiles, that the wait is expected.

The simulator's kernels are compiled by numba on their first call and cached
(``__pycache__/*.nbi`` beside the physics modules, or ``NUMBA_CACHE_DIR``).
Without a cache the first shot waits 10-20 s in silence, which looks like a
hang; so a command that is about to simulate calls ``announce`` first, or
``prepare``, which also compiles (or loads) the kernels in this process: workers
forked afterwards inherit them instead of each compiling or loading its own.
"""

from __future__ import annotations

import os
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import TextIO

MESSAGE = "preparing the simulator, once: 15 s to a minute (later runs start at once)"


def cache_folder() -> Path | None:
    """Where numba keeps the physics kernels' cache (None when the package cannot be found)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    spec = find_spec("poolhall.physics")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def compiled() -> bool:
    """Whether the kernels have been compiled and cached before (an index file is there)."""
    folder = cache_folder()
    return folder is not None and any(folder.rglob("*.nbi"))


def announce(stream: TextIO | None = None) -> None:
    """Print ``MESSAGE`` to stderr when the simulator has not been compiled yet."""
    if not compiled():
        print(MESSAGE, file=stream or sys.stderr, flush=True)


def prepare(stream: TextIO | None = None) -> None:
    """``announce``, then compile (or load) every kernel in this process (``physics.warm``)."""
    from poolhall.physics.warm import compile_kernels

    announce(stream)
    compile_kernels()
