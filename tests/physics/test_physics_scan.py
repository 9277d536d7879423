"""``benchmarks/physics_scan.py``: the scan that found session 26's contact-phase faults finds faults, and
passes shots that have none."""

from __future__ import annotations

import subprocess
import sys

from bench_scripts import BENCHMARKS, benchmark
from poolhall import Layout, Stroke, simulate
from poolhall.equipment import TableSpec

benchmark("airborne_hashes")  # physics_scan imports its breaks by name: registered in sys.modules first
scan = benchmark("physics_scan")
NINE, SEVEN = TableSpec(), TableSpec.named("7-foot")


def test_clean_breaks_have_no_fault_and_the_command_says_so() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "physics_scan.py"), "--shots", "breaks", "--count", "3"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 of 3 breaks shots (9-foot) with a fault"


def test_a_ball_beyond_the_tables_cushions_is_off_the_bed() -> None:
    """A shot on the 9-foot table judged against the shorter 7-foot table: the object ball rolls past where the
    7-foot table's foot cushion would be, which the check must call a ball off the bed."""
    result = simulate(Layout.from_positions({0: (0.6, 0.5), 1: (1.5, 0.5)}, NINE), Stroke(2.0, 0.0))
    assert result.final.position(1)[0] > SEVEN.length
    assert scan.faults(result, NINE) == []
    assert any(fault.startswith("off-bed: ball 1") for fault in scan.faults(result, SEVEN))


def test_the_known_fault_of_a_ball_over_the_rail_is_found() -> None:
    """The engine does not meet balls with a ball flying over a rail (docs/physics.md, known limitations): on
    the 8-foot table's shot 1399 the cue ball's path over the right rail passes through ball 14 rolling by."""
    eight = TableSpec.named("8-foot")
    found = scan.faults(simulate(*scan.table_shot(1399, eight)), eight)
    assert any(f.startswith("overlap: balls 0, 14") and "(rail, rolling)" in f for f in found), found
