"""A ball in the air meets Mathavan et al. (2010)'s cushion without the table's contact (issue 14, third round).

The rubber is the same whether the ball touches the cloth or not: the paper's work restitution (0.98,
falling above 2.5 m/s of normal speed as its Fig. 7(a) measured) and its nose friction mu_w = 0.14, at a
contact theta above the equator for the ball's height (below it once the centre is above the nose).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from phys_shots import TABLE, R, assert_energy_never_rises

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.physics import state as st
from poolhall.physics.packing import param_vector
from poolhall.physics.resolve import mathavan_2010
from poolhall.physics.resolve.han_2005 import contact_sin, resolve_cushion

P = param_vector(TABLE, PhysicsParams())
M = TABLE.ball.mass


def _ball(vy: float, vz: float, z: float, vx: float = 0.0, spin: tuple[float, float, float] = (0.0, 0.0, 0.0)):  # type: ignore[no-untyped-def]
    b = np.zeros(st.N_BALL)
    b[st.BVX], b[st.BVY], b[st.BVZ], b[st.BZ] = vx, vy, vz, z
    b[st.BWX], b[st.BWY], b[st.BWZ] = spin
    return b


def _energy(b: np.ndarray) -> float:
    spin = b[st.BWX] ** 2 + b[st.BWY] ** 2 + b[st.BWZ] ** 2
    height = M * 9.80665 * b[st.BZ]
    return 0.5 * M * (b[st.BVX] ** 2 + b[st.BVY] ** 2 + b[st.BVZ] ** 2) + 0.2 * M * R * R * spin + height


def _height_for(sin_t: float) -> float:
    """The height above the cloth at which the nose touches a ball ``sin_t`` above its equator."""
    return (P[st.NOSE_SIN] - sin_t) * R


def test_straight_in_at_the_equator_the_rebound_is_the_papers_restitution() -> None:
    """A ball without spin flying straight at the cushion with its centre at the nose's height: no slip at
    the nose, so it comes back at e_e of its speed -- 0.98 up to 2.5 m/s, 0.98 (2.5 / v) ** 0.5 above,
    the law fitted to Fig. 7(a)'s fast markers -- and no vertical speed (Han 2005 gave 0.85 at every speed)."""
    for speed in (0.5, 1.0, 2.5, 3.4, 5.0, 8.0):
        b = _ball(speed, 0.0, _height_for(0.0))
        mathavan_2010.resolve_cushion_mathavan_in_air(b, 0.0, 1.0, contact_sin(b[st.BZ], P), P)
        e = 0.98 * min(1.0, (2.5 / speed) ** 0.5)
        assert -b[st.BVY] / speed == pytest.approx(e, rel=1e-3)
        assert b[st.BVZ] == pytest.approx(0.0, abs=1e-12)
        assert b[st.BVX] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("sin_t", [0.27, 0.1, -0.2, -0.5, -0.8])
@pytest.mark.parametrize("vz", [-1.0, 0.0, 1.5])
def test_without_friction_the_impulse_is_along_the_contact_normal(sin_t: float, vz: float) -> None:
    """With mu_w = 0 the nose pushes along its normal only: the velocity across the normal is kept, the
    velocity along it reverses at e_e (rigid: 0.98 at any speed; within the 40 steps' 0.2 %: the end of
    restitution is interpolated linearly in a work that is quadratic within its step), and the spin is
    untouched."""
    p = np.array(P)
    p[st.MU_W], p[st.YIELD_EXP] = 0.0, 0.0
    vy, vx = 3.0, 1.0
    b = _ball(vy, vz, _height_for(sin_t), vx=vx, spin=(5.0, -7.0, 11.0))
    normal = np.array([0.0, math.sqrt(1.0 - sin_t * sin_t), sin_t])  # from the ball's centre to the contact
    before = np.array([vx, vy, vz])
    mathavan_2010.resolve_cushion_mathavan_in_air(b, 0.0, 1.0, sin_t, p)
    after = np.array([b[st.BVX], b[st.BVY], b[st.BVZ]])
    assert after @ normal == pytest.approx(-0.98 * (before @ normal), rel=2e-3)
    np.testing.assert_allclose(after - (after @ normal) * normal, before - (before @ normal) * normal, atol=1e-9)
    assert (b[st.BWX], b[st.BWY], b[st.BWZ]) == (5.0, -7.0, 11.0)


def test_a_ball_above_the_nose_is_thrown_up_less_than_hans_impulse_threw_it() -> None:
    """The bench's case (issue 14): an object ball lifted 23 mm meets the nose 32 degrees below its equator.
    Mathavan's restitution at 8.5 m/s (0.53) and its friction throw it up at 4.9 m/s, Han's e_c = 0.85 at
    6.1 m/s; a slow ball (2 m/s, rigid range) is thrown up about as much by either."""
    fast = _ball(8.5, 0.3, 0.023)
    mathavan_2010.resolve_cushion_mathavan_in_air(fast, 0.0, 1.0, contact_sin(0.023, P), P)
    assert 4.5 < fast[st.BVZ] < 5.3
    slow = _ball(2.0, 0.3, 0.023)
    mathavan_2010.resolve_cushion_mathavan_in_air(slow, 0.0, 1.0, contact_sin(0.023, P), P)
    assert 1.4 < slow[st.BVZ] < 1.8


def test_400_steps_match_5000_in_the_air(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's steps in the air (``STEPS_IN_AIR``) against 5000 (run uncompiled, where the count is read
    at call time) for balls at 1.5 and 6 m/s across the nose's height range, rising or falling, with top,
    no or back spin and side spin: within 0.1 % of the speed."""
    cases = [
        (vy, vz, sin_t, (w, 0.0, side))
        for vy in (1.5, 6.0)
        for vz in (-0.8, 0.0, 0.8)
        for sin_t in (0.2, -0.3, -0.7)
        for w in (-60.0, 0.0, 60.0)
        for side in (-40.0, 0.0, 40.0)
    ]

    def run() -> list[tuple[float, ...]]:
        out = []
        for vy, vz, sin_t, spin in cases:
            b = _ball(vy, vz, _height_for(sin_t), vx=0.7, spin=spin)
            mathavan_2010.resolve_cushion_mathavan_in_air(b, 0.0, 1.0, sin_t, P)
            out.append((b[st.BVX], b[st.BVY], b[st.BVZ]))
        return out

    compiled = run()
    monkeypatch.setattr(mathavan_2010, "STEPS_IN_AIR", 5000.0)
    monkeypatch.setattr(
        mathavan_2010, "resolve_cushion_mathavan_in_air", mathavan_2010.resolve_cushion_mathavan_in_air.py_func
    )
    for coarse, fine in zip(compiled, run(), strict=True):
        speed = math.hypot(*fine)
        assert math.dist(coarse, fine) < 0.001 * speed


@settings(max_examples=300, deadline=None)
@given(
    vy=hs.floats(0.01, 10.0),
    vx=hs.floats(-5.0, 5.0),
    vz=hs.floats(-4.0, 4.0),
    sin_t=hs.floats(-0.99, float(P[st.NOSE_SIN])),
    spin=hs.tuples(hs.floats(-400.0, 400.0), hs.floats(-400.0, 400.0), hs.floats(-400.0, 400.0)),
)
def test_an_impact_in_the_air_never_adds_energy(vy: float, vx: float, vz: float, sin_t: float, spin) -> None:  # type: ignore[no-untyped-def]
    """Friction at the nose and a work restitution of at most 1: the impact only takes energy (translation,
    spin and height, beyond 1e-9 J never), and the ball stops moving into the cushion along the normal."""
    b = _ball(vy, vz, _height_for(sin_t), vx=vx, spin=spin)
    before = _energy(b)
    mathavan_2010.resolve_cushion_mathavan_in_air(b, 0.0, 1.0, sin_t, P)
    assert _energy(b) <= before + 1e-9
    if vy * math.sqrt(1.0 - sin_t * sin_t) + vz * sin_t > 0.0:
        assert b[st.BVY] * math.sqrt(1.0 - sin_t * sin_t) + b[st.BVZ] * sin_t <= 1e-9


def test_run_sends_a_ball_in_the_air_to_it() -> None:
    """A stroke with the cue raised 15 degrees, 0.25 m from the bottom rail: the cue ball hops off the bed
    and reaches the cushion about 2 cm up, and its state after that impact is the model's from its state
    before (by default; with ``cushion_model="han-2005"`` Han's, which differs). Energy never rises."""
    layout = Layout.from_positions({0: (TABLE.length / 4, 0.25)})
    stroke = Stroke(4.0, -math.pi / 2, theta=math.radians(15.0))
    after = {}
    for model in ("mathavan-2010", "han-2005"):
        result = simulate(layout, stroke, params=PhysicsParams(cushion_model=model))
        assert_energy_never_rises(result)
        hit = next(e for e in result.events if e.kind == "ball-cushion")
        before = result.state_at(hit.time - 1e-12)[0]
        assert -1.0 < contact_sin(before.z, P) < float(P[st.NOSE_SIN])  # in the air, below the nose
        after[model] = result.state_at(hit.time + 1e-12)[0]
        assert after[model].velocity[1] > 0.0  # back from the bottom cushion
        if model == "mathavan-2010":
            b = _ball(before.velocity[1], before.vz, before.z, vx=before.velocity[0], spin=before.spin)
            mathavan_2010.resolve_cushion_mathavan_in_air(b, 0.0, -1.0, contact_sin(before.z, P), P)
            assert after[model].velocity[1] == pytest.approx(b[st.BVY], rel=1e-6)
            assert after[model].vz == pytest.approx(b[st.BVZ], abs=1e-6)
    assert abs(after["mathavan-2010"].velocity[1] - after["han-2005"].velocity[1]) > 0.05


def test_mathavan_in_air_false_keeps_hans_impulse_for_a_ball_in_the_air() -> None:
    """``PhysicsParams(mathavan_in_air=False)``: the same stroke's airborne impact is Han 2005's from the state
    before it, as before issue 14's third round (a record without the field reads it so:
    ``tests/game/test_physics_match.py``)."""
    layout = Layout.from_positions({0: (TABLE.length / 4, 0.25)})
    stroke = Stroke(4.0, -math.pi / 2, theta=math.radians(15.0))
    params = PhysicsParams(mathavan_in_air=False)
    result = simulate(layout, stroke, params=params)
    hit = next(e for e in result.events if e.kind == "ball-cushion")
    before, after = result.state_at(hit.time - 1e-12)[0], result.state_at(hit.time + 1e-12)[0]
    b = _ball(before.velocity[1], before.vz, before.z, vx=before.velocity[0], spin=before.spin)
    p = param_vector(TABLE, params)
    resolve_cushion(b, 0.0, -1.0, contact_sin(before.z, p), p)
    assert after.velocity[1] == pytest.approx(b[st.BVY], rel=1e-6)
    assert after.vz == pytest.approx(b[st.BVZ], abs=1e-6)
