"""``poolhall bench physics --json``: exactly one JSON object of the documented shape, from a fresh process."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest


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


@pytest.mark.slow
def test_bench_soak_json_shape_and_no_error() -> None:
    """A short soak: 50 matches at once for 20 s on loopback; exactly the documented keys, and no error."""
    done = subprocess.run(
        [str(Path(sys.executable).parent / "poolhall"), "bench", "soak", "--json", "--minutes", "0.34"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    keys = ["shots", "errors", "p50_s", "p99_s", "max_s", "rss_start_mib", "rss_end_mib", "db_mib"]
    assert list(report) == keys
    assert report["errors"] == 0 and report["shots"] > 50
    assert 0 < report["p50_s"] <= report["p99_s"] <= report["max_s"]
    assert report["rss_start_mib"] > 10 and report["rss_end_mib"] > 10 and report["db_mib"] > 0
