"""The hall: which rooms are in memory, loading them off the event loop, and letting them go.

A room is in memory while someone uses it: pages are connected, a computer
seat is thinking, or a command came within ``Limits.idle_room_s``. A finished
match's room goes as soon as its last page leaves (``Hall.adopt``); any other
the sweep (every ``Limits.sweep_every_s``) stops and drops; the next
request for it loads it again from the database (``rooms.restore``, in a
thread: replaying a long match takes most of a second, and the event loop
must keep serving every other socket meanwhile). So the server's memory
follows the matches being played, not every match ever opened.

The sweep also expires matches (``Store.expire``): one with no shot played
and no action for ``unstarted_ttl_s`` is deleted; one with a shot played and
no action for ``abandoned_ttl_s`` leaves play (it no longer counts against
``max_in_play`` and is not resumed on start; its record stays and it loads
again when someone opens it).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import logging
import multiprocessing
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Literal

from poolhall.web import rooms
from poolhall.web.guard import CreateRate, Limits
from poolhall.web.players import Thinkers, start_worker
from poolhall.web.rooms import Room
from poolhall.web.store import Store

log = logging.getLogger("poolhall.web")


#: The cycle collector's thresholds for a server process (Python's defaults: 700, 10, 10; ``settle_collector``).
#: With the defaults the collector walked every object of every room every few seconds (under the soak 19
#: full collections a minute, 0.4 to 0.5 s each, 15 % of the event loop's time). Our data is freed by
#: reference counting; the collector is only for the cycles asyncio and the WebSocket library leave, whose
#: garbage is what the heap grows by between two collections: a middle collection every 500 000
#: allocations, a full one every 20 of those (with the libraries frozen, it walks only the rooms).
GC_THRESHOLDS = (50_000, 10, 20)


def settle_collector() -> None:
    """Once in a server process, before it serves (``poolhall serve`` and the benches' servers): compile the
    simulator, then move every object there is into the collector's permanent generation and raise its thresholds.

    The imported libraries and the compiled simulator are about 150 000 objects that live as long as the
    process; without ``gc.freeze`` every full collection walked them all again: 0.24 to 0.43 s with the loop
    stopped, the worst shot latencies of ``bench web`` (measured with ``gc.callbacks`` in the server).
    What is frozen is never collected, so this runs before any room exists.
    """
    rooms.warm_up()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


#: Computer workers: processes of about 150 MB each, started when the hall opens (``Thinkers.start``).
WORKERS = 2


def release_free_memory() -> None:
    """Give the C allocator's free pages back to the system (glibc ``malloc_trim``; elsewhere nothing).

    Rooms come and go all day, and what they freed stays in glibc's heap, scattered between live blocks:
    under the soak the heap grew by 30 MiB in 100 s while what was in use went back to its start, and the
    server's resident memory grew with the heap. ``malloc_trim(0)`` returns every whole free page inside
    the heap (not only at its top); the sweep calls it in a thread, every ``Limits.sweep_every_s``.
    """
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        return libc
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to trim
        return None


_LIBC = _glibc()


class UnknownMatch(LookupError):
    """No match of that id in the database."""


class Hall:
    """The app's rooms, store and computer workers, opened when the app starts and closed when it stops."""

    def __init__(self, db_path: str | Path, thinkers: Literal["process", "thread"], limits: Limits) -> None:
        self.db_path = db_path
        self.kind = thinkers
        self.limits = limits
        self.rooms: dict[str, Room] = {}
        self.creates = CreateRate(limits.creates_burst, limits.creates_per_minute)
        self.sockets = 0  # WebSockets open now (Limits.max_sockets)
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._letting_go: set[asyncio.Task[None]] = set()  # finished rooms being unloaded (Hall._let_go)

    async def open(self) -> int:
        """Open the database and the workers, and resume every match in play; returns how many."""
        self.store = Store(self.db_path, busy_timeout=self.limits.busy_timeout_s)
        self.thinkers = Thinkers(self._pool)
        await asyncio.gather(asyncio.to_thread(rooms.warm_up), self.thinkers.start(WORKERS))
        for stored in await asyncio.to_thread(self.store.unfinished):
            try:
                room = await asyncio.to_thread(rooms.restore, stored, self.store, self.thinkers)
            except Exception:  # one broken match must not keep the others down
                log.exception("match %s could not be resumed", stored.id)
                continue
            self.adopt(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever(), name="hall-sweep")
        return len(self.rooms)

    def _pool(self) -> Executor:
        if self.kind == "process":
            context = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(max_workers=WORKERS, mp_context=context, initializer=start_worker)
        return ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="poolhall-computer")

    async def room(self, match_id: str) -> Room:
        """The room of ``match_id``, loaded from the database if it is not in memory; ``UnknownMatch`` if none.

        Two requests for a match being loaded wait for the same load.
        """
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        loading = self._loading.get(match_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(loading)

    async def _load(self, match_id: str) -> Room:
        stored = await asyncio.to_thread(self.store.get, match_id)
        if stored is None:
            raise UnknownMatch(match_id)
        room = await asyncio.to_thread(rooms.restore, stored, self.store, self.thinkers)
        self.adopt(room)
        return room

    def adopt(self, room: Room) -> None:
        """A room created or loaded: into memory, its task started, and let go as soon as it is finished and
        its last page has left (``Room.on_done``), not at the next sweep.

        Under ``bench soak`` two matches end every second; left to the sweep (every 15 s, one room after
        another) finished rooms piled up faster than it let them go: 120 of 168 rooms in memory after 40 s
        were finished, and the server's memory grew with them.
        """
        self.rooms[room.id] = room
        room.on_done = self._let_go
        room.start()

    def _let_go(self, room: Room) -> None:
        task = asyncio.get_running_loop().create_task(self._unload(room))
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    async def in_play(self) -> int:
        return await asyncio.to_thread(self.store.in_play)

    # ------------------------------------------------------------ letting go
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_every_s)
            try:
                await self.sweep()
            except Exception:  # the sweep must go on; the next one tries again
                log.exception("the hall's sweep failed")

    async def sweep(self, now: float | None = None) -> tuple[int, int, int]:
        """Unload idle rooms and expire matches; returns (rooms unloaded, matches deleted, matches retired)."""
        now = time.time() if now is None else now
        idle = [r for r in self.rooms.values() if r.idle_for(now) >= (0.0 if r.match.over else self.limits.idle_room_s)]
        await asyncio.gather(*(self._unload(room) for room in idle))  # at once: each waits for its task to end
        unloaded = len(idle)
        await asyncio.to_thread(release_free_memory)
        busy = [room.id for room in self.rooms.values()]
        deleted, retired = await asyncio.to_thread(
            self.store.expire, now - self.limits.unstarted_ttl_s, now - self.limits.abandoned_ttl_s, busy
        )
        if unloaded or deleted or retired:
            log.info("sweep: %d rooms unloaded, %d unstarted matches deleted, %d retired", unloaded, deleted, retired)
        return unloaded, deleted, retired

    async def _unload(self, room: Room) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        await room.stop()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await asyncio.gather(*self._letting_go)
        for room in list(self.rooms.values()):
            await room.stop()
        self.rooms.clear()
        self.thinkers.shutdown()
        self.store.close()
