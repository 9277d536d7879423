"""Balls off the cloth (issue 8): jump shots, massé, landing on the bed, balls driven off the table."""

from __future__ import annotations

import math

import pytest
from phys_shots import TABLE, R, assert_energy_never_rises, assert_nothing_sinks, first

from poolhall import Layout, PhysicsParams, ShotResult, Stroke, simulate

L, W = TABLE.length, TABLE.width
HALF_DIAMOND = L / 16  # eight diamonds along the length (WPA)


def _first_contact(result: ShotResult) -> tuple[int, ...] | None:
    return next((e.balls for e in result.events if e.kind == "ball-ball"), None)


def _jump_layout() -> Layout:
    """Cue ball below the side-left pocket, a blocker half a diamond ahead (a quarter ball off the line),
    the 2 on the line to the pocket."""
    return Layout.from_positions({0: (L / 2, 0.30), 1: (L / 2 + R / 2, 0.30 + HALF_DIAMOND), 2: (L / 2, 0.95)})


def test_a_steep_hard_stroke_jumps_the_blocker_and_pockets_the_target() -> None:
    """Cue at 0.9 rad, 2 m/s: the bed throws the cue ball up, it flies over the blocker, lands and pots the 2."""
    result = simulate(_jump_layout(), Stroke(2.0, math.pi / 2, theta=0.9))
    assert _first_contact(result) == (0, 2)
    assert result.final.pocketed.get(2) == "side-left"
    hit = first(result, "ball-ball")
    assert any(s.motion == "airborne" and s.t0 < hit.time for s in result.segments[0])
    assert first(result, "ball-slate", 0).time < hit.time  # it came down before it reached the 2
    assert_nothing_sinks(result)  # in three dimensions: it went over the blocker, not through it
    assert_energy_never_rises(result)


def test_below_the_jump_threshold_the_blocker_stops_the_shot() -> None:
    """The same stroke at 1.5 m/s hops too low: the cue ball hits the blocker and the 2 stays up."""
    result = simulate(_jump_layout(), Stroke(1.5, math.pi / 2, theta=0.9))
    assert _first_contact(result) == (0, 1)
    assert 2 not in result.final.pocketed
    assert_nothing_sinks(result)


def test_a_level_stroke_never_leaves_the_cloth() -> None:
    """theta = 0: nothing drives the ball into the bed, so no segment is airborne (the benchmark shots)."""
    result = simulate(_jump_layout(), Stroke(6.0, math.pi / 2))
    assert all(s.motion != "airborne" for segs in result.segments.values() for s in segs)


def test_a_hard_steep_shot_into_a_cushion_drives_the_object_ball_off_the_table() -> None:
    """A jumped cue ball comes down on the 1 fifteen centimetres from the foot cushion: the bed throws the 1 up and
    it flies over the cushion, its bottom above the nose (lower, the nose's edge throws it back: 6 m/s no longer
    does it); the same stroke level only banks it back (RULES GEN-4: off the table)."""
    ob = (L - R - 0.15, W / 2)
    layout = Layout.from_positions({0: (ob[0] - 0.15, W / 2), 1: ob})
    result = simulate(layout, Stroke(8.0, 0.0, theta=0.5))
    assert 1 in result.final.off_table and 1 not in result.final.pocketed
    left = first(result, "ball-off-table", 1)
    assert left.where == "foot"
    assert result.state_at(left.time - 1e-9)[1].z >= TABLE.cushion_nose_height
    assert result.final.position(1) is None
    assert_energy_never_rises(result)
    level = simulate(layout, Stroke(8.0, 0.0))
    assert not level.final.off_table


def test_masse_curves_around_a_blocker() -> None:
    """Right English from a raised cue (0.7 rad), aimed 14 degrees left of a blocked target: the cue ball passes
    the blocker on its left and curves back onto the target; without the side spin it misses the target."""
    layout = Layout.from_positions({0: (0.8, W / 2), 1: (1.1, W / 2), 2: (1.5, W / 2)})
    result = simulate(layout, Stroke(2.0, 0.25, theta=0.7, a=0.45))
    assert _first_contact(result) == (0, 2)
    passing = min((s for s in result.segments[0] if s.t0 < 0.4), key=lambda s: abs(s.state(s.t0).position[0] - 1.1))
    assert passing.state(passing.t0).position[1] - W / 2 > 2 * R  # went around, to the left
    straight = simulate(layout, Stroke(2.0, 0.25, theta=0.7))
    assert _first_contact(straight) != (0, 2)
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


def test_a_dropped_ball_bounces_with_the_ball_slate_restitution() -> None:
    """Straight up and down (a vertical stroke is refused, so a 1.2 rad centre stroke): each landing returns
    e_s = 0.5 of the fall speed until the rebound is lower than the hop height; then it rolls."""
    params = PhysicsParams()
    result = simulate(Layout.from_positions({0: (0.6, W / 2)}), Stroke(3.0, 0.0, theta=1.2))
    landings = [e.time for e in result.events if e.kind == "ball-slate"]
    assert len(landings) >= 2
    speeds = [(result.state_at(t - 1e-9)[0].vz, result.state_at(t)[0].vz) for t in landings]
    for down, up in speeds:
        if up > 0.0:
            assert up / -down == pytest.approx(params.e_slate, rel=1e-6)
    assert speeds[-1][1] == 0.0  # the last landing stays on the cloth
    assert math.sqrt(2 * params.gravity * params.hop_height) > -speeds[-1][0] * params.e_slate
