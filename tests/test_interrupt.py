"""Ctrl-C (a real SIGINT to a real process) stops ``simulate`` and ``bench`` within moments, keeps every
finished record, says how many and where, and a second Ctrl-C never hangs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from interrupting import interrupt, interrupt_simulate, start, wait_for

pytestmark = pytest.mark.slow  # real processes, real signals: seconds each


def test_one_ctrl_c_stops_simulate_and_keeps_the_finished_records(tmp_path: Path) -> None:
    records, err = interrupt_simulate(tmp_path, ["--jobs", "2"], 1)
    assert err.strip().splitlines()[-1].endswith(f"{len(records)} records are in records/")  # the last word
    assert "leaked" not in err


def test_ctrl_c_drops_the_matches_under_way_at_once(tmp_path: Path) -> None:
    """Two 14.1 matches to 150 between club players take minutes; Ctrl-C in the first seconds ends both."""
    argv = ["simulate", "--game", "14.1", "--players", "club", "club", "--games", "2", "--out", "records"]
    proc = start(argv, tmp_path)
    wait_for(proc, "match ")  # a running match has reported its score
    code, _, err = interrupt(proc, 1)
    assert code == 130 and "stopped after 0 of 2 matches" in err
    assert not list((tmp_path / "records").iterdir())


def test_a_second_ctrl_c_never_hangs(tmp_path: Path) -> None:
    proc = start(["simulate", "--games", "400", "--jobs", "2", "--out", "records"], tmp_path)
    wait_for(proc, "match-0")
    code, _, err = interrupt(proc, 2)
    assert code == 130 and "Traceback" not in err and "leaked" not in err


def test_ctrl_c_stops_bench_ai(tmp_path: Path) -> None:
    proc = start(["bench", "ai", "--games", "50"], tmp_path)
    wait_for(proc, "bench ai:")
    code, out, err = interrupt(proc, 2)
    assert code == 130 and not out
    assert err.strip().splitlines()[-1].startswith("poolhall bench: interrupted: stopped after ")
    assert "Traceback" not in err and "leaked" not in err
