"""``poolhall bench physics --json``: exactly one JSON object of the documented shape, from a fresh process."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest


@pytest.mark.slow  # a cold start compiles the simulator: about a minute
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
