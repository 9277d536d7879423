"""Ctrl-C (a real SIGINT to a real process) stops ``simulate`` and ``bench`` within moments, keeps every
finished record, says how many and where, and a second Ctrl-C never hangs them."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real processes, real signals: seconds each

#: A guard against a hang, not a speed claim: every run below stops in well under a second when it works.
HANG = 60


def _start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "poolhall.cli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def _wait_for(proc: subprocess.Popen[str], words: str) -> list[str]:
    """Read stderr until a line holds ``words``; the lines read."""
    assert proc.stderr is not None
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if words in line:
            return lines
    raise AssertionError(f"the command ended before saying {words!r}: {''.join(lines)}")


def _interrupt(proc: subprocess.Popen[str], times: int) -> tuple[int, str, str]:
    for _ in range(times):
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=HANG)
    return proc.returncode, out, err


def test_one_ctrl_c_stops_simulate_and_keeps_the_finished_records(tmp_path: Path) -> None:
    proc = _start(["simulate", "--games", "400", "--jobs", "2", "--out", "records"], tmp_path)
    _wait_for(proc, "match-0")  # a record is written
    code, _, err = _interrupt(proc, 1)
    assert code == 130, err
    records = sorted((tmp_path / "records").iterdir())
    assert records and all(p.suffix == ".json" for p in records)  # no half-written file
    for path in records:
        assert json.loads(path.read_text())["result"]["over"]
    last = err.strip().splitlines()[-1]
    assert last == (f"poolhall simulate: interrupted: stopped after {len(records)} of 400 matches; "
                    f"{len(records)} records are in records/")  # fmt: skip
    assert len(records) < 400 and "Traceback" not in err and "leaked" not in err


def test_ctrl_c_drops_the_matches_under_way_at_once(tmp_path: Path) -> None:
    """Two 14.1 matches to 150 between club players take minutes; Ctrl-C in the first seconds ends both."""
    argv = ["simulate", "--game", "14.1", "--players", "club", "club", "--games", "2", "--out", "records"]
    proc = _start(argv, tmp_path)
    _wait_for(proc, "match ")  # a running match has reported its score
    code, _, err = _interrupt(proc, 1)
    assert code == 130 and "stopped after 0 of 2 matches" in err
    assert not list((tmp_path / "records").iterdir())


def test_a_second_ctrl_c_never_hangs(tmp_path: Path) -> None:
    proc = _start(["simulate", "--games", "400", "--jobs", "2", "--out", "records"], tmp_path)
    _wait_for(proc, "match-0")
    code, _, err = _interrupt(proc, 2)
    assert code == 130 and "Traceback" not in err and "leaked" not in err


def test_ctrl_c_stops_bench_ai(tmp_path: Path) -> None:
    proc = _start(["bench", "ai", "--games", "50"], tmp_path)
    _wait_for(proc, "bench ai:")
    code, out, err = _interrupt(proc, 2)
    assert code == 130 and not out
    assert err.strip().splitlines()[-1].startswith("poolhall bench: interrupted: stopped after ")
    assert "Traceback" not in err and "leaked" not in err
