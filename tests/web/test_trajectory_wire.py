"""What the page gets to animate a shot: rows it can evaluate exactly, with heights for balls in the air (issue 8)."""

from __future__ import annotations

import math

from poolhall import Layout, Stroke, TableSpec, simulate
from poolhall.web.views import trajectory_json

T = TableSpec.nine_foot()
L, W, R = T.length, T.width, T.ball.radius


def evaluate(row: list[float], t: float) -> tuple[float, float, float]:
    """The page's formula (render.js ``positionsAt``)."""
    tau = min(t, row[1]) - row[0]
    x = row[2] + row[4] * tau + 0.5 * row[6] * tau * tau
    y = row[3] + row[5] * tau + 0.5 * row[7] * tau * tau
    z = row[8] + row[9] * tau + 0.5 * row[10] * tau * tau if len(row) > 8 else 0.0
    return x, y, z


def test_a_jump_shot_sends_the_height_of_the_flying_cue_ball() -> None:
    """RULES 8B-5 / issue 8: the page draws a jumping ball lifted, so airborne rows carry z0, vz0, az."""
    layout = Layout.from_positions({0: (L / 2, 0.30), 1: (L / 2 + R / 2, 0.30 + 0.3175 / 2), 2: (L / 2, 0.95)})
    result = simulate(layout, Stroke(2.0, math.pi / 2, theta=0.9))
    wire = trajectory_json(result)
    airborne = [s for s in result.segments[0] if s.motion == "airborne"]
    assert airborne
    lifted = [row for row in wire["balls"]["0"] if len(row) == 11]
    assert len(lifted) == len(airborne)
    peak = max(airborne, key=lambda s: s.state(s.t0 + (s.t1 - s.t0) / 2).z)
    middle = peak.t0 + (peak.t1 - peak.t0) / 2
    row = next(r for r in lifted if r[0] <= middle <= r[1])
    x, y, z = evaluate(row, middle)
    truth = result.state_at(middle)[0]
    assert math.isclose(z, truth.z, abs_tol=1e-4) and z > 0.005
    assert math.dist((x, y), truth.position) < 1e-4
    assert all(len(r) == 8 for r in wire["balls"]["1"])  # a ball on the cloth sends no height


def test_a_ball_that_flies_off_is_gone_from_its_exit_with_the_cushion_named() -> None:
    """RULES GEN-4: the page removes a ball that left the table and marks where it went over."""
    ob = (L - R - 0.15, W / 2)  # the shot of tests/physics/test_airborne.py
    result = simulate(Layout.from_positions({0: (ob[0] - 0.15, W / 2), 1: ob}), Stroke(8.0, 0.0, theta=0.5))
    assert 1 in result.final.off_table
    wire = trajectory_json(result)
    time, cushion = wire["off_table"]["1"]
    assert cushion == "foot"
    exit_event = next(e for e in result.events if e.kind == "ball-off-table" and e.balls == (1,))
    assert math.isclose(time, exit_event.time, abs_tol=1e-4)
    assert "1" not in wire["pocketed"]
    assert wire["balls"]["1"][-1][1] <= time + 1e-4  # no row after it left
