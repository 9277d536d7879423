"""The computer's worker pool survives a dead worker: it is rebuilt once and the decision still arrives."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from poolhall.game import Choose, Match
from poolhall.web.players import Thinkers, decide


def _pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


def _kill_a_worker(thinkers: Thinkers) -> None:
    """SIGKILL one of the pool's processes and wait until it is gone, as the OOM killer would."""
    pool = thinkers.pool
    assert isinstance(pool, ProcessPoolExecutor)
    process = next(iter(pool._processes.values()))  # the executor names its workers nowhere else
    os.kill(process.pid, signal.SIGKILL)
    process.join(10)
    # The executor's own thread may reap the worker first; until it has recorded the exit code, ours reads None
    # (seen once in CI), so wait for the code rather than take the first reading.
    deadline = time.monotonic() + 10
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.exitcode == -signal.SIGKILL


@pytest.mark.slow
def test_a_killed_worker_is_replaced_and_the_next_decision_arrives() -> None:
    match = Match("eight-ball", seed=3, lag_winner="A")
    view = match.view()

    async def scenario() -> None:
        thinkers = Thinkers(_pool)
        try:
            first = await thinkers.run(decide, "simple", view)
            assert isinstance(first, Choose)
            _kill_a_worker(thinkers)
            again = await thinkers.run(decide, "simple", view)
            assert again == first  # the same view, the same answer, from a new worker
            assert thinkers.rebuilt == 1
        finally:
            thinkers.shutdown()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_call_that_kills_its_worker_every_time_is_retried_once_then_raised() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(_pool)
        try:
            with pytest.raises(BrokenProcessPool):
                await thinkers.run(os._exit, 1)
            assert thinkers.rebuilt == 1
        finally:
            thinkers.shutdown()

    asyncio.run(asyncio.wait_for(scenario(), 120))


@pytest.mark.slow
def test_the_computer_workers_are_started_when_the_hall_opens(tmp_path: Path) -> None:
    """A process pool starts its workers on demand; the hall starts all of them before it serves, so the first
    computer turn of the server's life does not wait seconds for a worker to boot (nor steal both cores then)."""
    from poolhall.web.guard import Limits
    from poolhall.web.hall import WORKERS, Hall

    async def scenario() -> list[bool]:
        hall = Hall(tmp_path / "hall.sqlite", "process", Limits())
        await hall.open()
        try:
            pool = hall.thinkers.pool
            assert isinstance(pool, ProcessPoolExecutor)
            return [process.is_alive() for process in pool._processes.values()]  # no decision asked yet
        finally:
            await hall.close()

    assert asyncio.run(scenario()) == [True] * WORKERS
