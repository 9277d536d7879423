"""Single shots against known results of pool physics (each tolerance's derivation is in its docstring)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from phys_shots import TABLE, R, angle_deg, first

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.equipment import table_geometry
from poolhall.physics.packing import param_vector
from poolhall.physics.resolve.ball_ball import resolve_ball_ball
from poolhall.physics.resolve.han_2005 import resolve_cushion

PARAMS = PhysicsParams()
MU_G_SLIDE = PARAMS.mu_slide * PARAMS.gravity
MU_G_ROLL = PARAMS.mu_roll * PARAMS.gravity


def test_centre_ball_slides_then_rolls_at_five_sevenths() -> None:
    """A centre hit leaves no spin; friction then brings v to 5/7 v0 over 12 v0^2 / (49 mu_s g).

    Closed form (Marlow ch. 6), so only rounding separates engine and formula: 1e-9 relative.
    """
    layout = Layout.from_positions({0: (0.5, 0.635)})
    result = simulate(layout, Stroke(speed=1.5, phi=0.0))
    v0 = result.segments[0][0].v0[0]
    ev = first(result, "sliding-rolling", 0)
    after = result.state_at(ev.time)[0]
    assert after.velocity[0] == pytest.approx(5 / 7 * v0, rel=1e-9)
    assert after.position[0] - 0.5 == pytest.approx(12 * v0**2 / (49 * MU_G_SLIDE), rel=1e-9)
    assert after.spin[1] == pytest.approx(after.velocity[0] / R, rel=1e-9)  # rolling without slip


def test_rolling_ball_stops_after_v_squared_over_2_mu_r_g() -> None:
    """From the slide-to-roll instant at speed v the ball rolls v^2 / (2 mu_r g) (closed form: 1e-9)."""
    layout = Layout.from_positions({0: (0.3, 0.635)})
    result = simulate(layout, Stroke(speed=0.5, phi=0.0))
    roll = first(result, "sliding-rolling", 0)
    start = result.state_at(roll.time)[0]
    stop = first(result, "rolling-stationary", 0)
    assert stop.time == result.duration
    travelled = result.final.position(0)[0] - start.position[0]
    assert travelled == pytest.approx(start.velocity[0] ** 2 / (2 * MU_G_ROLL), rel=1e-9)


def test_stun_straight_in_stops_the_cue_ball() -> None:
    """Head-on with no spin the cue ball keeps (1 - e)/2 of its speed, the object ball (1 + e)/2.

    The cue ball starts 1 mm from the object ball, so it gains almost no roll
    before contact (friction over 1 mm changes R w by ~1e-3 of v): the speed
    ratio after contact is (1 - e)/(1 + e) = 0.0256 to 1e-3, and the cue ball
    then creeps v^2/(2 mu_r g)-ish, under 1 cm, where a rolling ball would follow
    through by tens of cm.
    """
    x0 = 1.0
    layout = Layout.from_positions({0: (x0, 0.635), 1: (x0 + 2 * R + 0.001, 0.635)})
    result = simulate(layout, Stroke(speed=2.0, phi=0.0))
    hit = first(result, "ball-ball")
    after = result.state_at(hit.time)
    e = PARAMS.e_ball
    assert after[0].velocity[0] / after[1].velocity[0] == pytest.approx((1 - e) / (1 + e), abs=1e-3)
    assert abs(after[1].velocity[1]) < 1e-12  # no cut, no throw
    assert result.final.position(0)[0] - after[0].position[0] < 0.01


def test_stun_cut_sends_the_cue_ball_off_at_right_angles() -> None:
    """A stun cut at 45 degrees: the balls part at 90 degrees less the effects of e and throw.

    With e = 0.95 the cue ball keeps (1 - e)/2 v cos(45) along the line of
    centres (1.4 degrees off the tangent line), and friction throws the object
    ball by ~2-3 degrees (TP A.14 at 1-2 m/s): the angle between the two
    departures is 90 degrees within 5.
    """
    ob = (1.5, 0.635)
    cut = math.radians(45)
    # the cue ball touches the object ball with the line of centres at 45 degrees to its path (+x)
    contact = (ob[0] - 2 * R * math.cos(cut), ob[1] + 2 * R * math.sin(cut))
    layout = Layout.from_positions({0: (contact[0] - 0.002, contact[1]), 1: ob})
    result = simulate(layout, Stroke(speed=2.0, phi=0.0))
    hit = first(result, "ball-ball")
    after = result.state_at(hit.time)
    between = abs(angle_deg(after[0].velocity) - angle_deg(after[1].velocity))
    assert between == pytest.approx(90, abs=5)


def test_rolling_half_ball_hit_deflects_the_cue_ball_about_thirty_degrees() -> None:
    """The 30-degree rule (Alciatore TP 3.1, Wallace): a rolling cue ball at a half-ball hit ends ~33.7 degrees off.

    Ideal balls give atan(sin a cos a / (sin^2 a + 2/5)) = 33.7 degrees at a = 30
    degrees; e = 0.95 and ball-ball friction move it by about a degree, so we
    accept 33.7 +/- 3 degrees for the final (rolling) direction.
    """
    ob = (1.8, 0.635)
    cut = math.radians(30)
    contact = (ob[0] - 2 * R * math.cos(cut), ob[1] + 2 * R * math.sin(cut))
    layout = Layout.from_positions({0: (contact[0] - 0.8, contact[1]), 1: ob})
    result = simulate(layout, Stroke(speed=1.2, phi=0.0, b=0.4))  # b = 0.4: natural roll from the tip
    hit = first(result, "ball-ball")
    rolling = next(s for s in result.segments[0] if s.t0 >= hit.time and s.motion == "rolling")
    assert abs(angle_deg(rolling.v0)) == pytest.approx(33.7, abs=3)


def _throw_deg(speed: float) -> float:
    """Object ball throw at a half-ball stun hit: its direction against the line of centres."""
    cut = math.radians(30)
    n = (math.cos(cut), -math.sin(cut))
    # ball states (x, y, vx, vy, wx, wy, wz, z, vz), both on the cloth
    b1 = np.array([0.0, 0.0, speed, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    b2 = np.array([2 * R * n[0], 2 * R * n[1], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    resolve_ball_ball(b1, b2, param_vector(TABLE, PARAMS))
    assert b1[2] + b2[2] == pytest.approx(speed, rel=1e-12)  # momentum conserved
    assert b1[3] + b2[3] == pytest.approx(0.0, abs=1e-12)
    return abs(angle_deg((b2[2], b2[3])) - angle_deg(n))


def test_cut_induced_throw_is_a_few_degrees_and_falls_with_speed() -> None:
    """TP A.14: half-ball stun throw is ~4-5 degrees slow and ~2-3 fast, since mu(v) falls with slip speed."""
    slow, medium, fast = (_throw_deg(v) for v in (0.5, 1.5, 4.0))
    assert 3.0 < slow < 6.0
    assert slow > medium > fast > 1.0


def test_han_cushion_rebound_of_a_stun_ball() -> None:
    """Head-on, no spin: the Han impulse gives v' / v = (1 + e) cos^2(t) + (2/7) sin^2(t) - 1, sin(t) = h/R - 1.

    With e = 0.85 and the WPA nose (h = 1.27 R, t = 15.7 degrees) that is 0.736:
    the nose above the centre costs restitution a cos^2 factor and sticking
    friction a little more (Eqs 17-22). The ball leaves with backspin-free
    topspin from the friction at the nose.
    """
    p = param_vector(TABLE, PARAMS)
    sin_t = TABLE.cushion_nose_height / R - 1
    b = np.array([1.0, 0.6, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    resolve_cushion(b, 1.0, 0.0, sin_t, p)
    expected = (1 + PARAMS.e_cushion) * (1 - sin_t**2) + 2 / 7 * sin_t**2 - 1
    assert -b[2] / 2.0 == pytest.approx(expected, rel=1e-12)
    assert b[3] == 0.0
    assert b[8] < 0.0  # the nose above the centre pushes the ball down into the bed


def test_cushion_rebound_keeps_the_tangential_sense_and_loses_speed() -> None:
    """A rolling ball at 45 degrees into the foot rail: it keeps moving +y, comes back -x, and is slower."""
    layout = Layout.from_positions({0: (2.2, 0.4)})
    result = simulate(layout, Stroke(speed=1.5, phi=math.radians(45), b=0.4))
    hit = first(result, "ball-cushion", 0)
    assert hit.where == "foot" and hit.jaw_of is None
    before = result.segments[0][[s.t1 for s in result.segments[0]].index(hit.time)].state(hit.time)
    after = result.state_at(hit.time)[0]
    assert before.velocity[0] > 0 > after.velocity[0]
    assert after.velocity[1] > 0
    assert math.hypot(*after.velocity) < math.hypot(*before.velocity)


def test_ball_rolled_at_the_pocket_centre_drops() -> None:
    """A slow rolling ball aimed at the foot-right capture circle's centre drops there."""
    pocket = next(p for p in table_geometry(TABLE).pockets if p.name == "foot-right")
    start = (2.2, 0.35)
    phi = math.atan2(pocket.capture_centre[1] - start[1], pocket.capture_centre[0] - start[0])
    result = simulate(Layout.from_positions({0: start}), Stroke(speed=1.0, phi=phi, b=0.4))
    drop = first(result, "ball-pocket", 0)
    assert drop.where == "foot-right"
    assert result.final.pocketed == {0: "foot-right"}
    assert not any(e.kind == "ball-cushion" for e in result.events)


def test_ball_aimed_at_a_jaw_point_rattles_off_it() -> None:
    """Aimed straight at a jaw's rounded point the ball hits that jaw (counted to its rail) and is not pocketed."""
    geo = table_geometry(TABLE)
    jaw = next(j for j in geo.jaws if j.pocket == "side-right")
    facing = min((ln for ln in geo.lines if ln.jaw_of == "side-right"), key=lambda ln: math.dist(ln.start, jaw.centre))
    # come in along the middle of the jaw's exposed arc, between the nose normal (0, 1) and the facing's normal
    mid = (facing.normal[0], facing.normal[1] + 1.0)
    norm = math.hypot(*mid)
    start = (jaw.centre[0] + 0.3 * mid[0] / norm, jaw.centre[1] + 0.3 * mid[1] / norm)
    phi = math.atan2(-mid[1], -mid[0])
    result = simulate(Layout.from_positions({0: start}), Stroke(speed=1.0, phi=phi))
    hit = first(result, "ball-cushion", 0)
    assert hit.jaw_of == "side-right" and hit.where == "right"
    assert result.final.pocketed == {}
