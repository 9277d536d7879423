"""The server under faults: a commit that fails, a database that is damaged or not one, a second server.

The commit is made to fail the way it fails in a club: another process holds
SQLite's write lock (``BEGIN IMMEDIATE`` on its own connection) for longer
than the server's busy timeout. A full disk or an I/O error takes the same path.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from poolhall.web.app import create_app
from poolhall.web.guard import Limits
from poolhall.web.store import Store, StoreError

from .helpers import create, join, send
from .test_server import LEGAL_BREAK, pot

QUICK_LOCK = Limits(busy_timeout_s=0.2)


def test_a_failed_commit_changes_nothing_answers_retry_and_the_match_resumes(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread", limits=QUICK_LOCK)) as client:
        made = create(client, game="straight-pool", mode="scorekeeper", points_to_win=5, seed=1)
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            join(ws, *made["tokens"].values())
            send(ws, {"type": "choose", "option": "break"})
            assert send(ws, {"type": "facts", "shot": LEGAL_BREAK})["version"] == 2
            before = send(ws, {"type": "sync"})
            other = sqlite3.connect(db, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")  # another writer holds the lock past the busy timeout
            refused = send(ws, {"type": "facts", "shot": pot(5)})
            assert refused["type"] == "error" and refused["code"] == "retry" and refused["version"] == 2
            assert send(ws, {"type": "sync"})["match"] == before["match"]  # memory is what the disk holds
            other.execute("ROLLBACK")
            other.close()
            again = send(ws, {"type": "facts", "shot": pot(5)})
            assert again["type"] == "event" and again["version"] == 3 and again["match"]["score"]["A"] == 1
            after = client.get(f"/api/matches/{made['id']}").json()
    with TestClient(create_app(db, thinkers="thread")) as restarted:
        assert restarted.get(f"/api/matches/{made['id']}").json() == after
        assert restarted.get(f"/api/matches/{made['id']}/record").status_code == 200


def test_stored_actions_that_do_not_replay_are_moved_aside_and_the_match_resumes(db: Path) -> None:
    """A database written by a server before failed commits were undone: action 3 of 4 lost, so 4 does not fit."""
    with TestClient(create_app(db, thinkers="thread")) as client:
        made = create(client, game="straight-pool", mode="scorekeeper", points_to_win=9, seed=1)
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            join(ws, *made["tokens"].values())
            send(ws, {"type": "choose", "option": "break"})
            send(ws, {"type": "facts", "shot": LEGAL_BREAK})
            at_two = send(ws, {"type": "facts", "shot": pot(5)})["match"]
            send(ws, {"type": "facts", "shot": {**LEGAL_BREAK, "first_contact": [6]}})
    conn = sqlite3.connect(db)
    with conn:  # action 3 (A potting the 5) vanishes; action 4 takes its number
        conn.execute("DELETE FROM actions WHERE match_id = ? AND version = 3", (made["id"],))
        conn.execute("UPDATE actions SET version = 3 WHERE match_id = ? AND version = 4", (made["id"],))
        conn.execute("UPDATE matches SET version = 3 WHERE id = ?", (made["id"],))
    conn.close()
    with TestClient(create_app(db, thinkers="thread")) as client:
        fetched = client.get(f"/api/matches/{made['id']}")
        assert fetched.status_code == 200
        body = fetched.json()
        assert body["version"] in (2, 3)  # resumed at the last action that replays
        assert client.get(f"/api/matches/{made['id']}/record").status_code == 200
        assert at_two["asked"]["kind"] == body["match"]["asked"]["kind"]
    conn = sqlite3.connect(db)
    kept = conn.execute("SELECT COUNT(*) FROM actions WHERE match_id = ?", (made["id"],)).fetchone()[0]
    dropped = conn.execute("SELECT COUNT(*) FROM dropped_actions WHERE match_id = ?", (made["id"],)).fetchone()[0]
    conn.close()
    assert kept + dropped == 3 and kept == body["version"]


# ------------------------------------------------------------------ the database file at start
def _database_with_matches(path: Path) -> None:
    store = Store(path)
    for i in range(40):
        store.create(f"match{i:04d}", {"game": "eight-ball", "pad": "x" * 400}, {"A": "t" * 32}, {"n": i})
        for version in range(1, 6):
            store.commit(f"match{i:04d}", version, {"type": "choose", "pad": "y" * 200}, finished=False)
    store.close()


def test_a_damaged_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    _database_with_matches(path)
    assert path.stat().st_size > 16 * 4096
    with path.open("r+b") as f:  # 4 KiB of garbage over the third page
        f.seek(2 * 4096)
        f.write(os.urandom(4096))
    with pytest.raises(StoreError, match=r"damaged|not a database"):
        Store(path)


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"", "empty file"), (b"hello, this is a shopping list\n" * 200, "not a database"), (None, "truncated")],
)
def test_a_file_that_is_not_a_poolhall_database_is_refused(tmp_path: Path, content: bytes | None, words: str) -> None:
    path = tmp_path / "club.sqlite"
    if content is None:  # a copy cut short
        _database_with_matches(path)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    else:
        path.write_bytes(content)
    with pytest.raises(StoreError) as caught:
        Store(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    if words != "truncated":
        assert words in message


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (n INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="another program"):
        Store(path)


def test_a_second_store_on_the_same_file_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    first = Store(path)
    with pytest.raises(StoreError, match="in use by another poolhall server"):
        Store(path)
    first.close()
    Store(path).close()


def test_a_server_starting_on_a_new_file_is_reported_as_in_use_not_as_an_empty_file(tmp_path: Path) -> None:
    """Two servers started at once on a missing file: the first holds the lock while its file is still empty."""
    import fcntl

    path = tmp_path / "new.sqlite"
    with open(f"{path}.lock", "a") as starting:
        fcntl.flock(starting, fcntl.LOCK_EX | fcntl.LOCK_NB)
        path.touch()  # the first server's sqlite3.connect has created the file, nothing written yet
        with pytest.raises(StoreError, match="in use by another poolhall server"):
            Store(path)


def _serve(db: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(Path(sys.executable).parent / "poolhall"), "serve", "--port", "0", "--db", str(db), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def test_serve_on_a_bad_file_says_one_line_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite"
    bad.write_text("not a database\n" * 100)
    proc = _serve(bad)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert err.count("\n") == 1 and "not a database" in err and "Traceback" not in err


@pytest.mark.slow
def test_a_second_server_on_the_same_file_refuses_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    first = _serve(db)
    try:
        assert first.stdout is not None
        line = first.stdout.readline()  # "poolhall is serving http://127.0.0.1:PORT/ ..." once it accepts
        assert "serving" in line, first.stderr.read() if first.stderr else ""
        second = _serve(db)
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2 and err.count("\n") == 1 and "in use by another poolhall server" in err
    finally:
        first.terminate()
        first.communicate(timeout=30)
