"""The SQLite store: WAL, atomic commits, versions that cannot be skipped or taken twice."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from poolhall.web.store import Store, StoreError, token_hash


def test_actions_commit_in_order_and_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "poolhall.sqlite"
    store = Store(path)
    store.create("m1", {"game": "eight-ball"}, {"A": "secret-a"}, {"seed": 7})
    store.commit("m1", 1, {"type": "place"}, finished=False)
    store.commit("m1", 2, {"type": "shoot"}, finished=False)
    store.close()

    again = Store(path)
    match = again.get("m1")
    assert match is not None
    assert match.version == 2 and match.record == {"seed": 7} and not match.finished
    assert match.token_hashes == {"A": token_hash("secret-a")}
    assert "secret-a" not in path.read_bytes().decode("latin-1")
    assert [a["type"] for a in again.actions("m1")] == ["place", "shoot"]
    assert [m.id for m in again.unfinished()] == ["m1"]
    again.close()
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_stale_version_changes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    store.create("m1", {}, {}, {"n": 0})
    store.commit("m1", 1, {"type": "a"}, finished=False)
    for version in (1, 3):
        with pytest.raises(StoreError):
            store.commit("m1", version, {"type": "b"}, finished=True)
    match = store.get("m1")
    assert match is not None and match.version == 1 and not match.finished
    assert len(store.actions("m1")) == 1
    store.close()


def test_finished_matches_are_not_resumed(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    store.create("old", {}, {}, {})
    store.create("new", {}, {}, {})
    store.commit("old", 1, {"type": "a"}, finished=True)
    assert [m.id for m in store.unfinished()] == ["new"]
    assert {row[0] for row in store.listing()} == {"old", "new"}
    store.close()
