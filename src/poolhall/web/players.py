"""Computer seats: the levels the app offers and the function a worker runs to decide.

The levels are the names of ``ai.registry`` (the game layer's built-in
``simple`` player and the computer players of ``ai/``). ``decide`` is a
top-level function so a process pool can run it: the server's event loop never
waits for a computer to think.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any, TypeVar

from poolhall.ai.registry import available, make_player
from poolhall.game import Action, MatchView, Player
from poolhall.game.execution import Execution, execution_of
from poolhall.physics.warm import compile_kernels

log = logging.getLogger("poolhall.web")
T = TypeVar("T")

#: The level a computer seat gets when none is asked for, in order of preference.
PREFERRED = ("club", "beginner", "simple")


#: The levels from the weakest to the strongest (docs/ai.md: each beats the one before it 80-90 % of the time;
#: ``simple`` is the game layer's built-in aimer). A level not named here (a plug-in) comes after them.
STRENGTH = ("simple", "beginner", "club", "strong", "pro")


def levels() -> list[dict[str, str]]:
    """Every level a computer seat can have, weakest first: ``[{"name", "label"}]`` (the page words them)."""
    rank = {name: i for i, name in enumerate(STRENGTH)}
    names = sorted(available(), key=lambda name: (rank.get(name, len(STRENGTH)), name))
    return [{"name": name, "label": name} for name in names]


def default_level() -> str:
    names = {level["name"] for level in levels()}
    return next((name for name in PREFERRED if name in names), sorted(names)[0])


@cache
def _player(level: str) -> Player:
    """One player per level and process (players read only the view, so sharing one is safe)."""
    return make_player(level)


def decide(level: str | None, view: MatchView) -> Action:
    """In a worker: the computer seat's answer to ``view.asked``."""
    return _player(level or default_level()).act(view)


def execution(level: str | None) -> Execution | None:
    """The level's execution noise: the room plays the seat's strokes through it, as ``Match.play`` does."""
    return execution_of(_player(level or default_level()))


def watch_parent() -> None:
    """A worker's initializer: leave Ctrl-C to the server, and end the moment the server process is gone.

    Ctrl-C reaches every process of the terminal's group; the server stops its
    workers itself, so a worker ignores SIGINT (no second traceback, no
    half-finished queue). And a server killed outright (``kill -9``, the OOM
    killer) cannot stop anything: each worker waits on its parent's sentinel
    (``multiprocessing.parent_process``), which becomes ready when the parent
    ends, and exits then, instead of living on with its 150 MB.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_and_exit() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_and_exit, name="poolhall-watch-parent", daemon=True).start()


def start_worker() -> None:
    """A computer worker's initializer: ``watch_parent``, then load the compiled simulator, so no player's
    turn waits for it (``physics.warm``)."""
    watch_parent()
    compile_kernels()


def ready() -> bool:
    """A worker's first task (``Thinkers.start``): it runs once the worker has started and loaded the simulator."""
    return True


class Thinkers:
    """Where computer seats decide: the app's worker pool, rebuilt once when a worker has died.

    A process pool whose worker is killed (out of memory, a signal) is broken
    for good: every later submission fails at once. Without a rebuild, every
    computer seat in the hall would stop until the server restarts.
    """

    def __init__(self, make: Callable[[], Executor]) -> None:
        self._make = make
        self.pool = make()
        self.rebuilt = 0  # how many times the pool was replaced (the tests read it)

    async def start(self, workers: int) -> None:
        """Start every worker now and wait until each can decide (``ready``, submitted ``workers`` times at once).

        A process pool starts its workers on demand, and a worker takes seconds of both cores to start
        (imports, the compiled simulator): left to the first decision, that start lands on the first
        minutes of play and the first computer's turn waits for it. ``bench web`` measured its matches'
        breaks, played while the workers started, at 10 times their cost.
        """
        await asyncio.gather(*(self.run(ready) for _ in range(workers)))

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool; if the pool is broken, rebuild it and try once more.

        A second break is raised (``BrokenProcessPool``): the call itself kills its worker.
        """
        loop = asyncio.get_running_loop()
        pool = self.pool
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self.pool is pool:  # another room may have rebuilt it already
                log.warning("a computer worker died: the worker pool is rebuilt")
                pool.shutdown(wait=False, cancel_futures=True)
                self.pool = self._make()
                self.rebuilt += 1
            return await loop.run_in_executor(self.pool, fn, *args)

    def shutdown(self) -> None:
        """Stop the workers now, thinking or not: the rooms are gone, nobody waits for a decision."""
        pool = self.pool
        if isinstance(pool, ProcessPoolExecutor):
            for process in list(pool._processes.values()):  # the executor names its workers nowhere else
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
