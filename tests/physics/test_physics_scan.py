"""``benchmarks/physics_scan.py``: the scan that found session 26's contact-phase faults (and session 27's ball
over a rail) finds faults, and passes shots that have none."""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys

from bench_scripts import BENCHMARKS, benchmark
from poolhall import Layout, Stroke, simulate
from poolhall.equipment import TableSpec, table_geometry

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


def test_the_pockets_family_runs_from_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "physics_scan.py"), "--shots", "pockets", "--table", "7-foot",
         "--count", "3"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 of 3 pockets shots (7-foot) with a fault"


def test_a_ball_beyond_the_tables_cushions_is_off_the_bed() -> None:
    """A shot on the 9-foot table judged against the shorter 7-foot table: the object ball rolls past where the
    7-foot table's foot cushion would be, which the check must call a ball off the bed."""
    result = simulate(Layout.from_positions({0: (0.6, 0.5), 1: (1.5, 0.5)}, NINE), Stroke(2.0, 0.0))
    assert result.final.position(1)[0] > SEVEN.length
    assert scan.faults(result, NINE) == []
    assert any(fault.startswith("off-bed: ball 1") for fault in scan.faults(result, SEVEN))


def test_balls_closer_than_a_diameter_overlap() -> None:
    """A cut shot judged with balls 1 mm wider than the engine's: at the contact the two centres are the engine's
    diameter apart, 2 mm less than the wider balls' (the session 26 rail fault that stood in here is fixed,
    ``tests/physics/test_rail_meets_balls.py``)."""
    result = simulate(Layout.from_positions({0: (0.6, 0.5), 1: (1.5, 0.52)}, NINE), Stroke(2.0, 0.0))
    assert scan.faults(result, NINE) == []
    wider = dataclasses.replace(NINE, ball=dataclasses.replace(NINE.ball, radius=NINE.ball.radius + 1e-3))
    found = scan.faults(result, wider)
    assert any(f.startswith("overlap: balls 0, 1 by 2000.0 um") and "(ball-ball (0, 1))" in f for f in found), found


def test_a_flight_over_a_rail_that_ends_over_the_bed_is_a_fault() -> None:
    """A ball driven, slightly raised, over the foot rail: on its own table its flight's pieces end over the rail;
    judged on a table 20 cm longer they end 20 cm inside its foot nose, over the bed, as session 28's flights in
    a jaw facing's frame did (before its fix)."""
    result = simulate(Layout.from_positions({0: (1.5, 0.6)}, NINE), Stroke(7.0, 0.0, theta=0.2))
    assert any(seg.motion == "rail" for seg in result.segments[0])
    assert scan.faults(result, NINE) == []
    longer = dataclasses.replace(NINE, length=NINE.length + 0.2)
    assert any(fault.startswith("rail-over-bed: ball 0") for fault in scan.faults(result, longer))


def test_the_pockets_family_puts_a_cluster_at_a_pockets_mouth() -> None:
    """Each ``pockets`` shot (session 29) is a valid layout with a ball within 4 mm of a pocket's drop and a ball
    frozen, or nearly, beside it, and the same shot number gives the same shot."""
    geo = table_geometry(SEVEN)
    r = SEVEN.ball.radius
    for k in range(20):
        layout, stroke = scan.pocket_shot(k, SEVEN)
        assert layout.problems() == [] and stroke == scan.pocket_shot(k, SEVEN)[1]
        balls = [layout.position(b) for b in layout.on_table if b != 0]
        short = [min(math.dist(xy, p.capture_centre) - p.capture_radius for p in geo.pockets) for xy in balls]
        hanger = balls[short.index(min(short))]
        assert 0.0 < min(short) < 4e-3
        assert min(math.dist(hanger, xy) for xy in balls if xy != hanger) < 2 * r + 1e-4


def test_a_ball_pressed_into_a_cushion_that_meets_it_then_is_listed_apart() -> None:
    """Scan shot 91 of ``pockets`` (9-foot): a contact phase leaves ball 1 pressed 20 um into a cushion, which it
    meets at that instant (the phase leaves pressed members to the event loop): ``pressed``, not ``off-bed``.
    Judged on a table 1 cm shorter and narrower, each ball that meets a cushion is 1 cm into that table's, more
    than ``PRESSED``: ``off-bed``."""
    result = simulate(*scan.pocket_shot(91, NINE))
    found = scan.faults(result, NINE)
    assert found and all(f.startswith("pressed: ball 1") for f in found), found
    smaller = dataclasses.replace(NINE, length=NINE.length - 0.01, width=NINE.width - 0.01)
    assert any(f.startswith("off-bed") for f in scan.faults(result, smaller))


def test_a_record_that_runs_backward_or_skips_is_out_of_order() -> None:
    """A real shot's record runs forward; the same segments reversed end before they begin and leave gaps
    (session 29's phase-order fault left segments like that)."""
    result = simulate(Layout.from_positions({0: (0.6, 0.5), 1: (1.5, 0.52)}, NINE), Stroke(2.0, 0.0))
    segments = result.segments[0]
    assert len(segments) >= 3 and scan.out_of_order(segments) == []
    backward = [dataclasses.replace(s, t0=s.t1, t1=s.t0) for s in segments if s.t1 > s.t0]
    assert any("runs backward" in f for f in scan.out_of_order(backward))
    assert any(f.startswith("gap") for f in scan.out_of_order(segments[::2]))
