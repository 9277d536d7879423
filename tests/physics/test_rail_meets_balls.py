"""A ball over a rail meets the balls below it (session 27; before, its flight was one recorded curve that no
ball could touch).

``benchmarks/physics_scan.py --shots tables --table 8-foot`` found two shots in 10 000 where the cue ball ran
along the rubber's top while an object ball rolled along the cushion below, and the two passed through each
other by up to 23 mm. The flight over the rail is now followed in pieces (``simulate.RAIL_CHUNK`` steps of
``resolve/rail.py``), each a parabola through its ends that the other balls' contacts are solved against; the
pieces are the same steps as the whole flight, so a flight that meets no ball ends exactly as before.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phys_shots import FOUND_WITH, R, assert_energy_never_rises, assert_nothing_sinks
from test_rail import FLIGHTS, NOSE, NOSE_EDGE, OVER_HEAD, P, _ball, over_rail

from poolhall import Layout, Stroke, simulate
from poolhall.equipment import TableSpec
from poolhall.physics.resolve.rail import F_T, F_TOUCH, N_F, ONGOING, rail_begin, rail_run, rail_state
from poolhall.physics.state import N_BALL

EIGHT_FOOT = TableSpec.named("8-foot")
#: The scan's shots 1399 and 6903 (8-foot table, 14.1 racks with the break ball out): the cue ball jumps onto the
#: rail beside the rack and runs along it while ball 14 (first shot) or ball 7 (second) rolls along the cushion.
SCAN_SHOTS = [
    (
        {
            0: (1.9732912022955216, 0.32629322868437777), 1: (1.8744033875162465, 0.6731519272488882),
            2: (1.7258933518262805, 0.587375), 3: (1.8743734073051226, 0.5588),
            4: (1.6764, 0.5588), 5: (1.8743883576056193, 0.44447410531995113),
            6: (1.8743734073051226, 0.61595), 7: (1.8248800554788418, 0.47307499999999997),
            8: (1.8248800554788418, 0.644525), 9: (1.7753867036525612, 0.5588),
            10: (1.8743734073051226, 0.5016499999999999), 11: (1.7753867036525612, 0.61595),
            12: (1.4348359133685211, 0.4926776245708618), 13: (1.8248800554788418, 0.587375),
            14: (1.7753867036525612, 0.5016499999999999), 15: (1.7258933518262805, 0.530225),
        },
        Stroke(5.007766775204053, 2.318254333561215, theta=0.20703400968358596,
               a=-0.036683349330017684, b=0.09651884797798187),
    ),
    (
        {
            0: (1.9937209744758075, 1.0323362242783705), 1: (1.8743734073051226, 0.6730999999999999),
            2: (1.7753867036525612, 0.5588), 3: (1.8248800554788418, 0.47307499999999997),
            4: (1.8743734073051226, 0.61595), 5: (1.8743734073051226, 0.44449999999999995),
            6: (1.8248800554788418, 0.530225), 7: (1.3413341087581903, 0.04975301755213034),
            8: (1.7753867036525612, 0.5016499999999999), 9: (1.6764, 0.5588),
            10: (1.7258933518262805, 0.530225), 11: (1.8248800554788418, 0.587375),
            12: (1.8743734073051226, 0.5016499999999999), 13: (1.7258933518262805, 0.587375),
            14: (1.8743734073051226, 0.5588), 15: (1.7753584919463032, 0.6159988641086072),
        },
        Stroke(9.086349268602167, -1.8993138691828613, theta=0.08667712741175203,
               a=0.462307483992912, b=0.07932947442357569),
    ),
]  # fmt: skip


@pytest.mark.parametrize("shot", range(len(SCAN_SHOTS)), ids=["scan-1399", "scan-6903"])
def test_a_ball_on_the_rail_meets_the_ball_rolling_below_it(shot: int) -> None:
    """The cue ball, on the rail, is struck by the object ball rolling along the cushion below (a ball-ball event
    while its motion is ``rail``); no two balls overlap at any event (they did by 0.9 and 23 mm), and no event
    adds energy."""
    positions, stroke = SCAN_SHOTS[shot]
    result = simulate(Layout.from_positions(positions, EIGHT_FOOT), stroke, params=FOUND_WITH)
    on_rail = [
        e for e in result.events
        if e.kind == "ball-ball" and 0 in e.balls and result.state_at(e.time - 1e-9)[0].motion == "rail"
    ]  # fmt: skip
    assert on_rail, "the cue ball met no ball while over the rail"
    assert_nothing_sinks(result, EIGHT_FOOT)
    assert_energy_never_rises(result)


def _in_pieces(ball: np.ndarray, sizes: list[int]) -> tuple[np.ndarray, float, float, int]:
    """Ball ``ball``'s flight over the foot nose in pieces of ``sizes`` steps (the last size repeated to the end)."""
    f = np.empty(N_F)
    rail_begin(ball, 1.0, 0.0, *NOSE_EDGE, -R, P, f)
    outcome, k = ONGOING, 0
    while outcome == ONGOING:
        outcome = rail_run(f, sizes[min(k, len(sizes) - 1)], P)
        k += 1
    out = np.zeros(N_BALL)
    rail_state(f, P, out, True)
    return out, f[F_TOUCH], f[F_T], outcome


@settings(max_examples=60, deadline=None)
@given(*FLIGHTS, st.lists(st.integers(1, 400), min_size=1, max_size=5))
def test_a_flight_in_pieces_is_the_whole_flight_bit_for_bit(
    vn: float, vz: float, above: float, spin: tuple, sizes: list[int]
) -> None:
    """Whatever the pieces, the flight ends in the same state, at the same time, with the same first touch and
    outcome as the whole flight followed in one go (``rail_finish``): a flight that meets no ball is what it was
    before pieces."""
    ball = _ball(vn, vz, NOSE + above, spin)
    whole = np.zeros(N_BALL)
    touch, span, outcome = over_rail(ball, 1.0, 0.0, *NOSE_EDGE, P, whole)
    out, touch2, span2, outcome2 = _in_pieces(ball, sizes)
    assert (outcome2, span2) == (outcome, span)
    assert touch2 == touch or (math.isinf(touch) and math.isinf(touch2))
    assert out.tobytes() == whole.tobytes()


def test_a_flight_is_recorded_piece_by_piece_along_the_rail() -> None:
    """The head-cushion hop of ``test_rail``: its flight is several pieces, each joined to the next (no gap in
    time or place), so a replay draws the ball's path over the rail rather than one curve between its ends."""
    result = simulate(*OVER_HEAD)
    pieces = [s for s in result.segments[0] if s.motion == "rail"]
    assert len(pieces) >= 2
    for a, b in itertools.pairwise(pieces):
        assert b.t0 == a.t1
        end = result.state_at(a.t1 - 1e-12)[0]
        assert math.dist(end.position, b.p0) < 1e-6
