"""``poolhall serve`` stopping while its computers think: by kill -9, SIGTERM or Ctrl-C, no worker lives on.

Each test starts the real command on a free loopback port, creates a match
between two computers (so a worker is nearly always deciding), waits until
the workers exist and the match is moving, stops the server, and then checks
every process the server had started is gone, and that the server said
nothing alarming (no traceback, no "leaked semaphore").
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _serving(db: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "poolhall"), "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "serving" in line, line
    return proc, line.split()[3]


def _computers_thinking(proc: subprocess.Popen[str], url: str) -> list[int]:
    """A match between two computers, moving; returns the server's child processes then."""
    seats = {"A": {"kind": "computer"}, "B": {"kind": "computer"}}
    made = httpx.post(f"{url}api/matches", json={"seats": seats, "seed": 5}, timeout=30).json()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        version = httpx.get(f"{url}api/matches/{made['id']}", timeout=30).json()["version"]
        workers = _children(proc.pid)
        if version >= 3 and len(workers) >= 2:
            return workers
        time.sleep(0.2)
    raise AssertionError("the computers never started")


def _all_gone(pids: list[int], within: float = 20.0) -> list[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


def test_kill_9_while_computers_think_leaves_no_worker(tmp_path: Path) -> None:
    proc, url = _serving(tmp_path / "hall.sqlite")
    try:
        workers = _computers_thinking(proc, url)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
        assert _all_gone(workers) == []
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_or_ctrl_c_while_computers_think_stops_cleanly(tmp_path: Path, how: signal.Signals) -> None:
    proc, url = _serving(tmp_path / "hall.sqlite")
    try:
        workers = _computers_thinking(proc, url)
        proc.send_signal(how)
        _, err = proc.communicate(timeout=60)
        assert _all_gone(workers, within=5.0) == []
        assert "Traceback" not in err and "leaked" not in err, err
        assert proc.returncode in (0, 130, -how), (proc.returncode, err)
    finally:
        if proc.poll() is None:
            proc.kill()
