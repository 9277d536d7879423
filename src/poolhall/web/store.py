"""The app's memory: one SQLite file in WAL mode.

Each match is a row (its settings, the hashes of its seat tokens, its
version, and the header of the match layer's record: game, options, table,
seed); each committed action is a row of ``actions``. ``commit`` adds the
action and moves the version in one transaction and returns only once SQLite
has it, and the room broadcasts only after that: what a page has seen, a
restarted server still knows. On start the app asks for every unfinished
match and rebuilds it by folding its actions over the header.

Tokens are kept as SHA-256 hashes: the database alone does not let anyone act
for a seat. The calls are synchronous and short; the app runs them in a thread,
except ``commit_now``, the room's first try at a commit, made on the event loop.

Why the loop commits itself: a commit is a fraction of a millisecond (WAL,
``synchronous=NORMAL``: the action is written into the WAL file, no fsync),
but a hop to a thread and back waits twice for the GIL while the loop is busy
with twenty other rooms, and under ``bench web`` that hop was half of a shot's
latency (a mean of 30 ms). So ``commit_now`` never waits: it has its own
connection with no busy timeout and no automatic checkpoint, and it gives up
(returns False, nothing written) when another writer holds the lock or another
thread holds the connection; the room then commits in a thread, which waits
up to the busy timeout. The fsyncs of WAL checkpoints, the one thing in a
commit that waits for the disk, are made by the store's own checkpoint thread,
on its own connection, at most once a second (``CHECKPOINT_EVERY_S``).

Opening the store refuses, with a ``StoreError`` of one sentence that says
what to do, a file that is empty, is not SQLite, is another program's
database, fails SQLite's ``quick_check``, or is held by another server (an
exclusive ``flock`` on ``<file>.lock``, released by the kernel however the
holder ends, ``kill -9`` included). Two servers on one file would each keep
their own rooms and overwrite each other's versions.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    config TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    version INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id),
    version INTEGER NOT NULL,
    at REAL NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match_id, version)
);
CREATE TABLE IF NOT EXISTS dropped_actions (
    match_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    at REAL NOT NULL,
    action TEXT NOT NULL,
    dropped REAL NOT NULL
);
"""


#: Seconds between two WAL checkpoints while actions are committed (the WAL holds at most that many seconds of
#: actions before they are copied into the database file).
CHECKPOINT_EVERY_S = 1.0


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredMatch:
    """A match row: ``config`` as created, ``record`` the header of the match layer's record (no actions)."""

    id: str
    created: float
    updated: float
    config: dict[str, Any]
    token_hashes: dict[str, str]
    version: int
    finished: bool
    record: dict[str, Any]


class StoreError(RuntimeError):
    """The database refused a write (a version already taken, the write lock held too long, a disk error),
    or cannot be opened (damaged, not ours, in use by another server): one sentence, what to do."""


class Store:
    """The SQLite file; safe to call from several threads (one connection behind a lock)."""

    def __init__(self, path: str | Path, busy_timeout: float = 5.0) -> None:
        """Open (or create) ``path``; ``busy_timeout``: seconds a commit waits for another writer's lock."""
        self.path = str(path)
        self._lock = threading.Lock()
        # The lock first: a server starting on a new file creates it empty, and a second one started at the
        # same moment must hear that the file is in use, not that it is empty.
        self._exclusive = _lock_file(f"{path}.lock", self.path)
        try:
            if Path(path).is_file() and Path(path).stat().st_size == 0:
                raise StoreError(f"{path} is an empty file, not a poolhall database: remove it or choose another file")
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=busy_timeout)
            self._open()
        except BaseException:
            self._exclusive.close()
            raise
        # The event loop's connection (commit_now): never waits for a lock, never checkpoints.
        self._now = self._connect(timeout=0.0)
        self._now.execute("PRAGMA wal_autocheckpoint=0")
        self._now_lock = threading.Lock()
        self._committed = threading.Event()  # set by every commit: the checkpoint thread has work
        self.checkpoints = 0  # checkpoints made (the tests read it)
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint_forever, name="poolhall-checkpoint", daemon=True)
        self._checkpointer.start()

    def _connect(self, timeout: float) -> sqlite3.Connection:
        """Another connection to the file, with the store's settings (WAL is the file's own)."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=timeout)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _checkpoint_forever(self) -> None:
        """The checkpoint thread: after commits, copy the WAL into the database file (and fsync), once a second
        at most, without blocking writers (``PASSIVE``); its own connection, so no reader waits for it."""
        db = self._connect(timeout=1.0)
        try:
            while not self._closing.is_set():
                self._committed.wait()
                self._committed.clear()
                if self._closing.is_set():
                    break
                with contextlib.suppress(sqlite3.Error):  # busy or failing now: the next round tries again
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                    self.checkpoints += 1
                self._closing.wait(CHECKPOINT_EVERY_S)
        finally:
            db.close()

    def _open(self) -> None:
        try:
            tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            verdict = self._db.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{self.path} is not a database SQLite can read ({exc}): choose another file") from None
        if verdict != "ok":
            self._db.close()
            raise StoreError(
                f"{self.path} is damaged ({verdict}): restore it from a backup, or start on a new file"
                " (this one is left as it is)"
            )
        if tables and "matches" not in tables:
            self._db.close()
            raise StoreError(f"{self.path} is another program's database (tables: {', '.join(sorted(tables))})")
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit is in the WAL file before we broadcast, so it survives the process
        # being killed; only a power loss or an OS crash can lose the last commits (FULL would fsync each
        # one for that, at a price on every action). docs/web.md, "Persistence and recovery".
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(matches)")}
        if "expired" not in columns:  # a database from before expiry: every match in it is in play
            self._db.execute("ALTER TABLE matches ADD COLUMN expired INTEGER NOT NULL DEFAULT 0")

    def close(self) -> None:
        self._closing.set()
        self._committed.set()
        self._checkpointer.join()
        with self._now_lock:
            self._now.close()
        with self._lock:
            self._db.close()
            self._exclusive.close()

    def create(self, match_id: str, config: Mapping[str, Any], tokens: Mapping[str, str], record: Any) -> None:
        now = time.time()
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        with self._lock:
            self._db.execute(
                "INSERT INTO matches (id, created, updated, config, token_hashes, version, finished, record)"
                " VALUES (?, ?, ?, ?, ?, 0, 0, ?)",
                (match_id, now, now, json.dumps(config), json.dumps(hashes), json.dumps(record)),
            )

    def commit(self, match_id: str, version: int, action: Mapping[str, Any] | str, finished: bool) -> None:
        """Action number ``version`` (or its JSON text), atomically with the match's version; ``StoreError`` if it
        is taken. Waits up to the busy timeout for another writer's lock: call it in a thread.
        """
        with self._lock:
            _commit(self._db, match_id, version, action if isinstance(action, str) else json.dumps(action), finished)
        self._committed.set()

    def commit_now(self, match_id: str, version: int, action: str | Callable[[], str], finished: bool) -> bool:
        """``commit`` without waiting, for the event loop: False, with nothing written, when it would wait
        (another writer holds SQLite's lock, or another thread this connection); ``StoreError`` as ``commit``.

        ``action``: the action's JSON, or a function making it (called only once the commit can go ahead).
        """
        if not self._now_lock.acquire(blocking=False):
            return False
        try:
            try:
                self._now.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if exc.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):  # primary code
                    return False
                raise StoreError(f"match {match_id}, action {version}: {exc}") from exc
            _commit(self._now, match_id, version, action, finished, begun=True)
        finally:
            self._now_lock.release()
        self._committed.set()
        return True

    def version(self, match_id: str) -> int | None:
        """The committed version of a match (None: no such match)."""
        with self._lock:
            row = self._db.execute("SELECT version FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else int(row[0])

    def truncate(self, match_id: str, version: int) -> int:
        """Keep the first ``version`` actions; move the rest to ``dropped_actions`` (kept, not lost); how many moved.

        For a match whose stored actions no longer replay (written by a server
        before commits were checked this way): it resumes at the last action
        that does, instead of never again.
        """
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO dropped_actions SELECT match_id, version, at, action, ? FROM actions"
                    " WHERE match_id = ? AND version > ?",
                    (now, match_id, version),
                )
                moved = self._db.execute(
                    "DELETE FROM actions WHERE match_id = ? AND version > ?", (match_id, version)
                ).rowcount
                self._db.execute("UPDATE matches SET version = ? WHERE id = ?", (version, match_id))
                self._db.execute("COMMIT")
            except sqlite3.Error:
                self._db.execute("ROLLBACK")
                raise
        return int(moved)

    def _row(self, row: tuple[Any, ...]) -> StoredMatch:
        return StoredMatch(
            id=row[0],
            created=row[1],
            updated=row[2],
            config=json.loads(row[3]),
            token_hashes=json.loads(row[4]),
            version=row[5],
            finished=bool(row[6]),
            record=json.loads(row[7]),
        )

    _COLUMNS = "id, created, updated, config, token_hashes, version, finished, record"

    def get(self, match_id: str) -> StoredMatch | None:
        with self._lock:
            row = self._db.execute(f"SELECT {self._COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else self._row(row)

    def unfinished(self) -> list[StoredMatch]:
        """Every match in play (unfinished, not expired), oldest first: the app resumes them on start."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {self._COLUMNS} FROM matches WHERE finished = 0 AND expired = 0 ORDER BY created"
            ).fetchall()
        return [self._row(row) for row in rows]

    def in_play(self) -> int:
        """How many matches are in play (unfinished, not expired)."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM matches WHERE finished = 0 AND expired = 0").fetchone()
        return int(row[0])

    def expire(self, unstarted_before: float, abandoned_before: float, keep: list[str]) -> tuple[int, int]:
        """Delete unstarted matches idle since before ``unstarted_before``; retire those with a shot idle since
        before ``abandoned_before`` (records kept); never the ids in ``keep``. Returns (deleted, retired).

        A match has had a shot when one of its actions carries a ``shot`` (a stroke played, or facts entered).
        """
        kept = json.dumps(keep)
        shot = (
            "EXISTS (SELECT 1 FROM actions a WHERE a.match_id = m.id AND json_extract(a.action, '$.shot') IS NOT NULL)"
        )
        idle = "m.finished = 0 AND m.id NOT IN (SELECT value FROM json_each(?))"
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                doomed = f"SELECT m.id FROM matches m WHERE {idle} AND m.updated < ? AND NOT {shot}"
                self._db.execute(f"DELETE FROM actions WHERE match_id IN ({doomed})", (kept, unstarted_before))
                deleted = self._db.execute(
                    f"DELETE FROM matches WHERE id IN ({doomed})", (kept, unstarted_before)
                ).rowcount
                retired = self._db.execute(
                    f"UPDATE matches SET expired = 1 WHERE id IN"
                    f" (SELECT m.id FROM matches m WHERE {idle} AND m.expired = 0 AND m.updated < ? AND {shot})",
                    (kept, abandoned_before),
                ).rowcount
                self._db.execute("COMMIT")
            except sqlite3.Error:
                self._db.execute("ROLLBACK")
                raise
        return int(deleted), int(retired)

    def listing(self, limit: int = 100) -> list[tuple[str, float, float, dict[str, Any], int, bool]]:
        """Newest first: (id, created, updated, config, version, finished), without the records."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, updated, config, version, finished FROM matches ORDER BY created DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [(r[0], r[1], r[2], json.loads(r[3]), r[4], bool(r[5])) for r in rows]

    def actions(self, match_id: str) -> list[dict[str, Any]]:
        """The committed actions of a match, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT action FROM actions WHERE match_id = ? ORDER BY version", (match_id,)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]


def _commit(
    db: sqlite3.Connection,
    match_id: str,
    version: int,
    text: str | Callable[[], str],
    finished: bool,
    begun: bool = False,
) -> None:
    """Action ``version`` of ``match_id`` (its JSON ``text``, or a function making it) and the match's version, in
    one transaction on ``db`` (``begun``: its ``BEGIN IMMEDIATE`` is made); rolled back and raised as
    ``StoreError`` if anything fails."""
    now = time.time()
    try:
        if not begun:
            db.execute("BEGIN IMMEDIATE")
        if not isinstance(text, str):
            text = text()
        db.execute(
            "INSERT INTO actions (match_id, version, at, action) VALUES (?, ?, ?, ?)", (match_id, version, now, text)
        )
        updated = db.execute(
            "UPDATE matches SET version = ?, finished = ?, updated = ?, expired = 0 WHERE id = ? AND version = ?",
            (version, int(finished), now, match_id, version - 1),
        ).rowcount
        if updated != 1:
            raise StoreError(f"match {match_id}: version {version - 1} is not the latest")
        db.execute("COMMIT")
    except (sqlite3.Error, StoreError) as exc:
        if db.in_transaction:  # BEGIN itself may be what failed (the lock held elsewhere)
            db.execute("ROLLBACK")
        raise StoreError(f"match {match_id}, action {version}: {exc}") from exc


def _lock_file(lock_path: str, db_path: str) -> Any:
    """An open file holding an exclusive ``flock`` on ``lock_path``, or ``StoreError`` if a server holds it."""
    handle = open(lock_path, "a")  # noqa: SIM115 - held open for the store's life; closed by Store.close
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise StoreError(
            f"{db_path} is in use by another poolhall server (it holds {lock_path}):"
            " stop that one or choose another file"
        ) from None
    return handle
