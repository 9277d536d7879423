"""``poolhall bench physics --json``: exactly one JSON object of the documented shape, from a fresh process."""

from __future__ import annotations

import json
import math
import subprocess
import sys


def test_bench_physics_json_shape() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "poolhall.cli", "bench", "physics", "--json", "--repeat", "2"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1  # the progress bar goes to stderr, never into the JSON
    report = json.loads(lines[0])
    assert set(report) == {"break", "cut", "bank", "warm_start_s", "cold_start_s", "rss_mib"}
    for shot in ("break", "cut", "bank"):
        row = report[shot]
        assert set(row) == {"median_s", "events", "shots_per_s"}
        assert isinstance(row["events"], int) and row["events"] >= 2  # at least the stroke and one more event
        assert 0 < row["median_s"] < 1
        assert math.isclose(row["shots_per_s"], 1 / row["median_s"])
    assert report["break"]["events"] > report["bank"]["events"]  # sixteen balls collide more than two
    assert 0 < report["warm_start_s"] < report["cold_start_s"]  # an empty numba cache means compiling
    assert 10 < report["rss_mib"] < 2000


def test_bench_batch_json_shape() -> None:
    """``bench batch --json``: the issue's shape, and the batch equal to simulate bit for bit."""
    done = subprocess.run(
        [sys.executable, "-m", "poolhall.cli", "bench", "batch", "--json", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert set(report) == {"cut", "midgame"}
    for row in report.values():
        assert set(row) == {"loop_per_s", "batch_1_per_s", "batch_all_per_s", "speedup_1", "identical"}
        assert row["identical"] is True
        assert all(row[k] > 0 for k in ("loop_per_s", "batch_1_per_s", "batch_all_per_s"))
        assert math.isclose(row["speedup_1"], row["batch_1_per_s"] / row["loop_per_s"])
