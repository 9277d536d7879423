"""The app's memory: one SQLite file in WAL mode.

Each match is a row (its settings, the hashes of its seat tokens, its
version, and the header of the match layer's record: game, options, table,
seed); each committed action is a row of ``actions``. ``commit`` adds the
action and moves the version in one transaction and returns only once SQLite
has it, and the room broadcasts only after that: what a page has seen, a
restarted server still knows. On start the app asks for every unfinished
match and rebuilds it by folding its actions over the header.

Tokens are kept as SHA-256 hashes: the database alone does not let anyone act
for a seat. The calls are synchronous and short; rooms run them in a thread.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping
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
"""


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
    """The database refused a write (a version already taken: two writers on one match)."""


class Store:
    """The SQLite file; safe to call from several threads (one connection behind a lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit is in the WAL file before we broadcast, so it survives the process
        # being killed; only a power loss or an OS crash can lose the last commits (FULL would fsync each
        # one for that, at a price on every action). docs/web.md, "Persistence and recovery".
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, match_id: str, config: Mapping[str, Any], tokens: Mapping[str, str], record: Any) -> None:
        now = time.time()
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        with self._lock:
            self._db.execute(
                "INSERT INTO matches (id, created, updated, config, token_hashes, version, finished, record)"
                " VALUES (?, ?, ?, ?, ?, 0, 0, ?)",
                (match_id, now, now, json.dumps(config), json.dumps(hashes), json.dumps(record)),
            )

    def commit(self, match_id: str, version: int, action: Mapping[str, Any], finished: bool) -> None:
        """Action number ``version``, atomically with the match's version; ``StoreError`` if it is taken."""
        now = time.time()
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO actions (match_id, version, at, action) VALUES (?, ?, ?, ?)",
                    (match_id, version, now, json.dumps(action)),
                )
                updated = self._db.execute(
                    "UPDATE matches SET version = ?, finished = ?, updated = ? WHERE id = ? AND version = ?",
                    (version, int(finished), now, match_id, version - 1),
                ).rowcount
                if updated != 1:
                    raise StoreError(f"match {match_id}: version {version - 1} is not the latest")
                self._db.execute("COMMIT")
            except (sqlite3.Error, StoreError) as exc:
                self._db.execute("ROLLBACK")
                raise StoreError(str(exc)) from exc

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
        """Every match still being played, oldest first: the app resumes them on start."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {self._COLUMNS} FROM matches WHERE finished = 0 ORDER BY created"
            ).fetchall()
        return [self._row(row) for row in rows]

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
