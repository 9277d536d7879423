"""``poolhall bench physics|break|batch|soak --json``: one JSON object of the documented shape, from a fresh process."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from poolhall import Layout, Stroke, cli, simulate
from poolhall.bench import airborne
from poolhall.equipment import TableSpec


def bench_json(kind: str, *options: str) -> dict:  # type: ignore[type-arg]
    """``poolhall bench KIND --json OPTIONS`` in a fresh process: its one line of stdout, parsed."""
    done = subprocess.run(
        [sys.executable, "-m", "poolhall.cli", "bench", kind, "--json", *options],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1  # the progress bar goes to stderr, never into the JSON
    return json.loads(lines[0])


@pytest.mark.slow  # a cold start compiles the simulator: about a minute
def test_bench_physics_json_shape() -> None:
    report = bench_json("physics", "--repeat", "2")
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
def test_bench_break_json_shape() -> None:
    """``poolhall bench break --json``: the fields issue 14 names; renumbered racks break exactly the same."""
    report = bench_json("break", "--breaks", "4")
    assert set(report) == {
        "pocketed_mean", "made_ball_share", "legal_share", "eight_on_break_share", "scratch_share", "rails_mean",
        "by_pocket", "corner_balls_share", "at_pro_speed", "by_gap", "relabelled", "median_ms",
    }  # fmt: skip
    assert set(report["by_gap"]) == {"0", "0.01mm", "0.1mm"}
    assert math.isclose(sum(report["by_pocket"].values()), report["pocketed_mean"])
    assert 0 <= report["corner_balls_share"] <= 1
    assert set(report["at_pro_speed"]) == {"pocketed_mean", "made_ball_share", "rails_mean"}
    for share in ("made_ball_share", "legal_share", "eight_on_break_share", "scratch_share"):
        assert 0 <= report[share] <= 1
    assert 0 <= report["pocketed_mean"] <= 15 and 0 <= report["rails_mean"] <= 15
    assert report["rails_mean"] >= 4  # a 9 m/s break drives balls to the rails
    assert report["relabelled"]["same_counts_share"] == 1.0
    assert report["median_ms"] > 0


@pytest.mark.slow
def test_bench_airborne_json_shape() -> None:
    """``poolhall bench airborne --json``: every ball that left has a launching event, and the bands add up."""
    report = bench_json("airborne", "--strokes", "40")
    assert report["strokes"] == 40
    assert 0 <= report["cue_off_share"] <= report["off_table_share"] <= 1
    assert report["object_off_share"] <= report["off_table_share"]
    assert set(report["launched_by"]) <= {"stroke", "ball-ball", "ball-slate", "ball-cushion"}
    assert sum(report["launched_by"].values()) >= round(report["off_table_share"] * 40)  # each stroke: >= 1 ball
    assert 0 <= report["back_from_rail"] <= report["rail_landings"]
    assert set(report["by_speed"]) == {"6-7", "7-8", "8-9", "9-10"}
    assert set(report["by_elevation"]) == {"0-2", "2-4", "4-6"}


def test_bench_break_refuses_no_breaks(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "break", "--breaks", "0"]) == 2
    assert "poolhall bench: --breaks 0: expected at least 1" in capsys.readouterr().err


@pytest.mark.slow
def test_bench_batch_json_shape() -> None:
    """``bench batch --json``: the issue's shape, and the batch equal to simulate bit for bit."""
    report = bench_json("batch", "--repeat", "1")
    assert set(report) == {"cut", "midgame"}
    for row in report.values():
        assert set(row) == {"loop_per_s", "batch_1_per_s", "batch_all_per_s", "speedup_1", "identical"}
        assert row["identical"] is True
        assert all(row[k] > 0 for k in ("loop_per_s", "batch_1_per_s", "batch_all_per_s"))
        assert math.isclose(row["speedup_1"], row["batch_1_per_s"] / row["loop_per_s"])


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


def test_bench_airborne_counts_a_flight_over_a_rail_once() -> None:
    """A ball driven, slightly raised, over the foot rail: its flight is several 5 ms ``rail`` segments (session
    27) and one landing on the rail for the report."""
    table = TableSpec()
    result = simulate(Layout.from_positions({0: (1.5, 0.6)}, table), Stroke(7.0, 0.0, theta=0.2))
    assert sum(seg.motion == "rail" for seg in result.segments[0]) > 1
    assert airborne.flights_over_rails(result) == [0]
