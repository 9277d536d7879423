"""A ball that flies free of its group within a contact phase rebounds off the cushion it reaches (session 28).

The contact phase (``resolve/cluster.py``) integrates its members without the table's pieces. A jumped cue
ball skipping across a rack's top holds a phase open for tens of milliseconds, and a ball struck out of the
rack within it ran on through the foot cushion and off the table (scan shot 48473, 8-foot). Checked here:
that shot, kept on the bed with the cushion contact in its events; and the phase's rebound against the event
loop's own (the same model, from the same state).
"""

from __future__ import annotations

import numpy as np
import pytest
from phys_shots import FOUND_WITH, assert_energy_never_rises, assert_nothing_sinks

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.equipment import RAILS, TableSpec
from poolhall.physics.detect.ball_cushion import LRAIL
from poolhall.physics.packing import param_vector, table_arrays
from poolhall.physics.resolve.cluster import _meet_cushion
from poolhall.physics.simulate import _inner_box
from poolhall.physics.state import BVX, BVY, BWX, BWY, BWZ, BX, BY, BZ, N_BALL

EIGHT_FOOT = TableSpec.named("8-foot")
R = EIGHT_FOOT.ball.radius
#: The scan's shot 48473 (8-foot table, a 14.1 rack with ball 3 out near the foot rail): the cue ball, jumped
#: at 7.6 degrees, lands on the rack; in the 37 ms phase that follows ball 5 drives ball 3 into the foot rail.
SCAN_48473 = (
    {
        0: (0.09264386647514333, 0.33066866664381067), 1: (1.8743799242216461, 0.6731112876305273),
        2: (1.775372819018108, 0.5016259511076825), 3: (2.100044194680798, 0.4271968560534971),
        4: (1.8248800554788418, 0.530225), 5: (1.8743734073051226, 0.44449999999999995),
        6: (1.7258933518262805, 0.587375), 7: (1.8248800554788418, 0.644525),
        8: (1.7753867036525612, 0.61595), 9: (1.7258933518262805, 0.530225), 10: (1.6764, 0.5588),
        11: (1.8743734073051226, 0.61595), 12: (1.8743892448389252, 0.5588),
        13: (1.7753867036525612, 0.5588), 14: (1.8248800554788418, 0.587375),
        15: (1.8743734073051226, 0.5016499999999999),
    },
    Stroke(9.003039514269581, 0.06491518541452604, theta=0.13322144755467746,
           a=0.013946149172687897, b=0.24406664478684842),
)  # fmt: skip


def test_a_ball_struck_out_of_a_long_phase_rebounds_off_the_foot_rail() -> None:
    """Ball 3 stays on the bed at every event (it came out of the phase 4.5 cm beyond the foot nose and slid away
    to x = 238 m), its foot-rail contact is an event at the phase's end, and no event adds energy."""
    positions, stroke = SCAN_48473
    result = simulate(Layout.from_positions(positions, EIGHT_FOOT), stroke, params=FOUND_WITH)
    phase = next(s for s in result.segments[3] if s.motion == "contact")
    assert phase.t1 - phase.t0 > 0.02  # a long phase: the case the fix is for
    at_end = [e for e in result.events if e.time == phase.t1 and e.balls == (3,)]
    assert [(e.kind, e.where) for e in at_end] == [("ball-cushion", "foot")]
    assert_nothing_sinks(result, EIGHT_FOOT)
    assert_energy_never_rises(result)


LINES, JAWS, _ = table_arrays(EIGHT_FOOT)
P = param_vector(EIGHT_FOOT, PhysicsParams())
INNER = _inner_box(LINES, JAWS, table_arrays(EIGHT_FOOT)[2], R, EIGHT_FOOT.length, EIGHT_FOOT.width)
FOOT = EIGHT_FOOT.length - R  # a ball's centre touching the foot nose


def _ball(x: float, vx: float, z: float = 0.0) -> np.ndarray:
    """A ball state mid-width at ``x``, ``z`` up, moving at (vx, 0.3 vx) without spin."""
    b = np.zeros(N_BALL)
    b[BX], b[BY], b[BZ], b[BVX], b[BVY] = x, EIGHT_FOOT.width / 2, z, vx, 0.3 * vx
    return b


@pytest.mark.parametrize(("a", "b"), [(0.0, 0.0), (0.3, 0.4), (-0.2, -0.3)], ids=["centre", "side-follow", "draw"])
def test_the_phase_rebounds_a_ball_as_the_event_loop_does(a: float, b: float) -> None:
    """A ball's state just before it touches the foot cushion in a shot of its own, put 2 um into the nose,
    comes off as the shot's own cushion event sends it (the rebound does not depend on where along the normal
    it is taken)."""
    start = (FOOT - 0.3, EIGHT_FOOT.width / 2)
    alone = simulate(Layout.from_positions({0: start}, EIGHT_FOOT), Stroke(1.5, 0.0, a=a, b=b))
    t = next(e.time for e in alone.events if e.kind == "ball-cushion")
    before, after = alone.state_at(t - 1e-12)[0], alone.state_at(t)[0]
    ball = _ball(FOOT + 2e-6, 0.0)
    ball[BY] = before.position[1]
    ball[BVX], ball[BVY] = before.velocity
    ball[BWX], ball[BWY], ball[BWZ] = before.spin
    piece = _meet_cushion(ball, LINES, JAWS, INNER, P)
    assert piece >= 0 and RAILS[int(LINES[piece, LRAIL])] == "foot"
    assert ball[BVX] < 0.0
    np.testing.assert_allclose([ball[BVX], ball[BVY], ball[BWX], ball[BWY], ball[BWZ]],
                               [*after.velocity, *after.spin], rtol=1e-6, atol=1e-9)  # fmt: skip


@pytest.mark.parametrize(
    ("x", "vx", "z"),
    [
        (EIGHT_FOOT.length / 2, 2.0, 0.0),  # mid-table: inside the box no cushion reaches
        (FOOT + 2e-6, -2.0, 0.0),  # touching, but leaving the cushion
        (FOOT - 1e-4, 2.0, 0.0),  # closing, not yet touching
        (FOOT + 2e-6, 2.0, 0.04),  # its bottom above the nose: flies on over the rail
    ],
    ids=["inside", "leaving", "short", "over-the-nose"],
)
def test_no_rebound_where_the_ball_meets_no_cushion(x: float, vx: float, z: float) -> None:
    b = _ball(x, vx, z)
    before = b.copy()
    assert _meet_cushion(b, LINES, JAWS, INNER, P) == -1
    assert np.array_equal(b, before)
