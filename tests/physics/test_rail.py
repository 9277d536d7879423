"""A ball flying over a cushion's nose (issue 14): the cushion's top and the rail cap catch it, or it clears the rail.

Checked against the profile's geometry and plain mechanics (``physics/resolve/rail.py``): where a ball
comes down, that the rubber's slope rolls a slow ball back to the bed, that the rail cap carries a
moving one over its outer edge, and that no flight over the rail gains energy.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from phys_shots import TABLE, R, assert_energy_never_rises, assert_nothing_sinks, rail_flights

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.equipment import CUSHION_TOP_RISE, CUSHION_TOP_WIDTH, RAIL_WIDTH
from poolhall.physics.packing import param_vector
from poolhall.physics.resolve.rail import BACK, LEFT, N_F, rail_begin, rail_finish
from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, BX, BY, BZ, N_BALL

P = param_vector(TABLE, PhysicsParams())
NOSE = TABLE.cushion_nose_height
M, G = TABLE.ball.mass, PhysicsParams().gravity
#: The rail's outer edge in a nose's own frame (``over_rail``'s e_d, e_u, edge): RAIL_WIDTH straight behind the nose.
NOSE_EDGE = (1.0, 0.0, RAIL_WIDTH)


def over_rail(
    b: np.ndarray, nx: float, ny: float, e_d: float, e_u: float, edge: float, p: np.ndarray, out: np.ndarray
) -> tuple[float, float, int]:
    """Ball state ``b``'s whole flight over the cushion whose outward normal is (nx, ny), from its nose crossing
    (``rail_begin``, then ``rail_finish``): (first touch, length, outcome), its end state into ``out``."""
    f = np.empty(N_F)
    rail_begin(b, nx, ny, e_d, e_u, edge, -R, p, f)
    return rail_finish(f, p, out)


def _ball(vn: float, vz: float, bottom: float, spin: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> np.ndarray:
    """A ball at the foot cushion (outward +x), its centre one radius before the nose line, ``bottom`` above the bed."""
    b = np.zeros(N_BALL)
    b[BX], b[BY], b[BZ] = TABLE.length - R, TABLE.width / 2, bottom
    b[BVX], b[BVY], b[BVZ] = vn, 0.0, vz
    b[BWX], b[BWY], b[BWZ] = spin
    return b


def _energy(b: np.ndarray) -> float:
    inertia = 0.4 * M * R * R
    v2 = b[BVX] ** 2 + b[BVY] ** 2 + b[BVZ] ** 2
    w2 = b[BWX] ** 2 + b[BWY] ** 2 + b[BWZ] ** 2
    return 0.5 * M * v2 + 0.5 * inertia * w2 + M * G * b[BZ]


def test_a_fast_ball_clears_the_rail_without_touching_it() -> None:
    """5 m/s outward, its bottom 15 mm above the nose and rising at 0.1 m/s: over the rail's 15 cm in 36 ms
    it falls 3 mm, less than the 15 mm less the rubber's 3/16 in rise: it never touches and has left the table."""
    out = np.zeros(N_BALL)
    touch, _, outcome = over_rail(_ball(5.0, 0.1, NOSE + 0.015), 1.0, 0.0, *NOSE_EDGE, P, out)
    assert touch == math.inf and outcome == LEFT
    assert out[BX] >= TABLE.length + RAIL_WIDTH - R  # its centre past the outer edge


def test_a_slow_ball_falling_at_the_nose_comes_back() -> None:
    """0.2 m/s outward, its bottom 1 mm above the nose: it falls before it is over the rubber's top, meets the
    nose's edge beyond its equator and is pushed back to the bed (GEN-4: not off the table)."""
    out = np.zeros(N_BALL)
    ball = _ball(0.2, 0.0, NOSE + 0.001)
    touch, span, outcome = over_rail(ball, 1.0, 0.0, *NOSE_EDGE, P, out)
    assert touch < span and outcome == BACK
    assert out[BX] <= TABLE.length - R + 1e-12  # back in front of the nose line
    assert out[BVX] < 0.0  # moving toward the table
    assert _energy(out) <= _energy(ball) + 1e-12


def test_a_ball_dropping_on_the_rubber_rolls_back_down_its_slope() -> None:
    """Lobbed at 0.15 m/s outward and 0.9 m/s up, it comes down on the rubber's top near the nose; the top rises
    3/16 in over 1 1/8 in (9.5 degrees), so once it stops climbing it rolls back over the nose to the bed."""
    out = np.zeros(N_BALL)
    touch, _, outcome = over_rail(_ball(0.15, 0.9, NOSE + 0.001), 1.0, 0.0, *NOSE_EDGE, P, out)
    up = 0.9 / G
    assert touch > up  # it came down first
    assert outcome == BACK and out[BVX] < 0.0


def test_a_ball_landing_on_the_cap_runs_over_the_outer_edge() -> None:
    """Lobbed at 0.6 m/s outward and 1 m/s up: it comes down on the flat cap beyond the rubber and, with
    rolling resistance 0.01 g, runs the rest of the rail's width and off (GEN-4)."""
    out = np.zeros(N_BALL)
    b = _ball(0.6, 1.0, NOSE + 0.001)
    touch, _, outcome = over_rail(b, 1.0, 0.0, *NOSE_EDGE, P, out)
    flight = (1.0 + math.sqrt(1.0 + 2 * G * (NOSE + 0.001 - NOSE - CUSHION_TOP_RISE))) / G
    assert 0.6 * flight - R > CUSHION_TOP_WIDTH  # it comes down beyond the rubber's top (the flat cap)
    assert math.isclose(touch, flight, rel_tol=0.02)
    assert outcome == LEFT and out[BX] >= TABLE.length + RAIL_WIDTH - R


def test_the_profile_works_on_any_rail() -> None:
    """The same flight over the right cushion (outward -y) ends at the mirrored place."""
    a, b = np.zeros(N_BALL), np.zeros(N_BALL)
    ball = _ball(0.2, 0.0, NOSE + 0.001)
    over_rail(ball, 1.0, 0.0, *NOSE_EDGE, P, a)
    side = np.zeros(N_BALL)
    side[BX], side[BY], side[BZ], side[BVY] = 1.0, R, NOSE + 0.001, -0.2
    over_rail(side, 0.0, -1.0, *NOSE_EDGE, P, b)
    assert math.isclose(a[BX] - ball[BX], -(b[BY] - side[BY]), abs_tol=1e-12)
    assert math.isclose(a[BVX], -b[BVY], abs_tol=1e-12) and math.isclose(a[BZ], b[BZ], abs_tol=1e-12)


#: A ball flying over the foot nose (``_ball``): its speed into the rubber, vertical speed, bottom above the nose, spin.
FLIGHTS = (
    st.floats(0.01, 8.0),
    st.floats(-3.0, 3.0),
    st.floats(0.0, 0.2),
    st.tuples(st.floats(-300, 300), st.floats(-300, 300), st.floats(-300, 300)),
)


@settings(max_examples=150, deadline=None)
@given(*FLIGHTS)
def test_no_flight_over_a_rail_gains_energy(vn: float, vz: float, above: float, spin: tuple) -> None:
    """Any speed, height and spin: the mechanical energy when it comes back or leaves is at most the start's."""
    ball = _ball(vn, vz, NOSE + above, spin)
    out = np.zeros(N_BALL)
    _, span, outcome = over_rail(ball, 1.0, 0.0, *NOSE_EDGE, P, out)
    assert outcome in (BACK, LEFT) and span > 0.0
    assert np.all(np.isfinite(out))
    assert _energy(out) <= _energy(ball) + 1e-9


#: A hard, slightly elevated stroke (7.2 m/s, 6 degrees) near the head cushion (``bench airborne``'s stroke 455).
OVER_HEAD = (
    Layout.from_positions(
        {0: (0.644806, 0.619535), 1: (1.335570, 0.633269), 2: (2.000701, 0.817254), 3: (1.079737, 0.173228),
         4: (0.136082, 0.756250), 5: (1.063596, 0.844437)}
    ),
    Stroke(7.193989, 2.879055, theta=0.104654, a=0.001246, b=-0.184860),
)  # fmt: skip


def test_a_cue_ball_hopping_over_the_head_nose_comes_back_to_the_table() -> None:
    """The cue ball, thrown up by the 4, flies over the head cushion's nose, comes down on the nose's edge and
    falls back to the bed (GEN-4: not off the table), a cushion contact in the record; the 4 clears the left
    rail and is off the table."""
    result = simulate(*OVER_HEAD)
    over = rail_flights(result, 0)
    assert len(over) == 1
    assert 0 not in result.final.off_table and 4 in result.final.off_table
    touch = [e for e in result.events if e.kind == "ball-cushion" and e.balls == (0,) and e.where == "head"]
    assert any(over[0][0] < e.time < over[0][1] for e in touch)
    after = next(s for s in result.segments[0] if s.t0 >= over[0][1])
    assert after.motion == "airborne" and after.v0[0] > 0.0  # back over the bed, moving away from the head rail
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


def test_no_ball_is_lost_when_the_event_cap_stops_a_shot_over_a_rail() -> None:
    """Capped after every number of events up to the whole shot, some while the cue ball is over the rail:
    every ball still ends on the bed, in a pocket or off the table, once."""
    layout, stroke = OVER_HEAD
    events = len(simulate(layout, stroke).events)
    over_rail_at_cap = 0
    for cap in range(1, events + 1):
        result = simulate(layout, stroke, params=PhysicsParams(max_events=cap))
        ends = [set(result.final.on_table), set(result.final.pocketed), set(result.final.off_table)]
        assert set.union(*ends) == set(layout.on_table) and sum(map(len, ends)) == len(layout.on_table), cap
        last = [s for s in result.segments[0] if s.t1 == result.duration]
        over_rail_at_cap += bool(last) and last[-1].motion == "rail"
    assert over_rail_at_cap >= 1
