"""A ball flying over a jaw (issue 14, fifth round): the rail beside the pocket catches it, or it clears the rail.

Checked against the table's geometry (where the rail's outer edge is), plain mechanics (a ball whose bottom
stays below the rail's top cannot clear it; a slow one comes back; no flight gains energy) and the same
strokes played with ``PhysicsParams(rail_at_jaws=False)``, the engine before, in which such a ball left the
table the moment it reached the jaw.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phys_shots import FOUND_WITH, TABLE, R, assert_energy_never_rises, assert_nothing_sinks, first, rail_flights
from test_rail import over_rail

from poolhall import Layout, PhysicsParams, ShotResult, Stroke, simulate
from poolhall.equipment import CUSHION_TOP_RISE, POCKETS, RAIL_WIDTH, RAILS, TableSpec
from poolhall.game.record import params_of
from poolhall.physics.detect.ball_cushion import CPOCKET, CR, CRAIL, CX, CY, LJAW, LNX, LNY, LRAIL, LX0, LX1, LY0, LY1
from poolhall.physics.packing import param_vector, table_arrays
from poolhall.physics.resolve.rail import BACK, LEFT, outer_edge
from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, BX, BY, BZ, N_BALL
from poolhall.physics.stroke import cue_strike

L, W = TABLE.length, TABLE.width
P = param_vector(TABLE, PhysicsParams())
LINES, _, _ = table_arrays(TABLE)
NOSE = TABLE.cushion_nose_height
#: The rail's top above the bed.
TOP = NOSE + CUSHION_TOP_RISE
M, G = TABLE.ball.mass, PhysicsParams().gravity
GONE_AT_ONCE = PhysicsParams(rail_at_jaws=False)
#: Every jaw facing: its row of the lines array.
FACINGS = [k for k, row in enumerate(LINES) if row[LJAW] >= 0]
NAMES = [f"{POCKETS[int(LINES[k, LJAW])]}-{RAILS[int(LINES[k, LRAIL])]}-{k}" for k in FACINGS]


def _rail(k: int) -> str:
    return RAILS[int(LINES[k, LRAIL])]


def _facing_named(pocket: str, rail: str) -> int:
    """The first facing of ``pocket`` on ``rail`` (the one nearer the head at a side pocket)."""
    return next(k for k in FACINGS if POCKETS[int(LINES[k, LJAW])] == pocket and _rail(k) == rail)


def _behind_nose(rail: str, x: float, y: float) -> float:
    """How far (x, y) lies behind ``rail``'s nose line (the noses bound [0, L] x [0, W])."""
    return {"head": -x, "foot": x - L, "right": -y, "left": y - W}[rail]


def _at_facing(k: int, along: float, speed: float, turn: float, vz: float, bottom: float,
               spin: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> tuple[np.ndarray, float, float]:  # fmt: skip
    """A ball touching facing ``k`` ``along`` metres from where it leaves its jaw point, its horizontal velocity
    ``turn`` radians off the facing's outward normal (nx, ny), its bottom ``bottom`` above the bed; returns
    (state, nx, ny)."""
    row = LINES[k]
    nx, ny = -row[LNX], -row[LNY]  # outward: from the ball into the rubber
    ex, ey = row[LX1] - row[LX0], row[LY1] - row[LY0]
    ex, ey = ex / math.hypot(ex, ey), ey / math.hypot(ex, ey)
    b = np.zeros(N_BALL)
    b[BX], b[BY] = row[LX0] + along * ex - R * nx, row[LY0] + along * ey - R * ny
    c, s = math.cos(turn), math.sin(turn)
    b[BVX], b[BVY], b[BVZ], b[BZ] = speed * (c * nx - s * ny), speed * (s * nx + c * ny), vz, bottom
    b[BWX], b[BWY], b[BWZ] = spin
    return b, nx, ny


def _edge(k: int, b: np.ndarray, nx: float, ny: float) -> tuple[float, float, float]:
    """The outer edge of facing ``k``'s rail in ``over_rail``'s frame for ball ``b``."""
    return outer_edge(LINES, int(LINES[k, LRAIL]), b[BX], b[BY], nx, ny, R)


def _energy(b: np.ndarray) -> float:
    v2 = b[BVX] ** 2 + b[BVY] ** 2 + b[BVZ] ** 2
    w2 = b[BWX] ** 2 + b[BWY] ** 2 + b[BWZ] ** 2
    return 0.5 * M * v2 + 0.2 * M * R * R * w2 + M * G * b[BZ]


@pytest.mark.parametrize("k", FACINGS, ids=NAMES)
def test_the_outer_edge_is_the_rails_outer_edge(k: int) -> None:
    """Every point of the line ``outer_edge`` gives, mapped back to the table as ``over_rail`` maps its frame,
    lies RAIL_WIDTH behind the nose line of the facing's rail, whatever the facing's angle."""
    b, nx, ny = _at_facing(k, 0.02, 1.0, 0.0, 0.0, NOSE + 0.002)
    rail = _rail(k)
    e_d, e_u, edge = outer_edge(LINES, RAILS.index(rail), b[BX], b[BY], nx, ny, R)
    assert e_d > 0.0  # moving into the rubber takes the ball toward the edge
    for u in (-0.1, 0.0, 0.1):
        d = (edge - e_u * u) / e_d
        x, y = b[BX] + (d + R) * nx - u * ny, b[BY] + (d + R) * ny + u * nx
        assert _behind_nose(rail, x, y) == pytest.approx(RAIL_WIDTH, abs=1e-12)


def test_at_a_nose_the_outer_edge_is_the_rail_width_straight_behind() -> None:
    """A ball at the foot cushion's nose: the edge is d = RAIL_WIDTH in the nose's own frame."""
    foot = RAILS.index("foot")
    e_d, e_u, edge = outer_edge(LINES, foot, L - R, W / 2, 1.0, 0.0, R)
    assert (e_d, e_u) == (1.0, 0.0) and edge == pytest.approx(RAIL_WIDTH, abs=1e-15)


@pytest.mark.parametrize("k", FACINGS, ids=NAMES)
def test_a_slow_ball_over_a_facing_below_the_rail_top_comes_back_over_the_mouth(k: int) -> None:
    """0.2 m/s into the rubber, its bottom 1 mm above the nose (below the rail's top): it falls before it is over
    the rubber's top, meets the facing's edge beyond its equator and is pushed back in front of the facing, over
    the pocket's mouth, moving away from the rubber, with no more energy than it had."""
    b, nx, ny = _at_facing(k, 0.02, 0.2, 0.0, 0.0, NOSE + 0.001)
    out = np.zeros(N_BALL)
    touch, span, outcome = over_rail(b, nx, ny, *_edge(k, b, nx, ny), P, out)
    assert touch < span and outcome == BACK
    assert (out[BX] - b[BX]) * nx + (out[BY] - b[BY]) * ny <= 1e-12  # in front of the facing again
    assert out[BVX] * nx + out[BVY] * ny < 0.0
    assert _energy(out) <= _energy(b) + 1e-12


@pytest.mark.parametrize("k", FACINGS, ids=NAMES)
def test_a_fast_ball_above_the_rail_top_clears_the_rail_beside_the_pocket(k: int) -> None:
    """5 m/s into the rubber along the facing's normal, its bottom 15 mm above the nose and rising at 1 m/s: it
    stays above the rail's top until its centre passes the rail's outer edge (at most 25 in away, beside a side
    pocket, where the facing's normal runs 14 degrees off the rail), so it never touches and has left the table
    there."""
    b, nx, ny = _at_facing(k, 0.02, 5.0, 0.0, 1.0, NOSE + 0.015)
    out = np.zeros(N_BALL)
    touch, _, outcome = over_rail(b, nx, ny, *_edge(k, b, nx, ny), P, out)
    assert touch == math.inf and outcome == LEFT
    assert _behind_nose(_rail(k), out[BX], out[BY]) >= RAIL_WIDTH - 1e-9
    assert out[BZ] > TOP  # its bottom still above the cap: it was never on it


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(FACINGS),
    st.floats(0.0, 0.08),
    st.floats(0.01, 8.0),
    st.floats(-1.2, 1.2),
    st.floats(-3.0, 3.0),
    st.floats(0.0, 0.2),
    st.tuples(st.floats(-300, 300), st.floats(-300, 300), st.floats(-300, 300)),
)
def test_no_flight_over_a_jaw_gains_energy(k, along, speed, turn, vz, above, spin) -> None:  # type: ignore[no-untyped-def]
    """Any facing, place along it, speed, direction into the rubber, height and spin: the flight over the rail
    beside the pocket ends (back or off) with at most the mechanical energy it started with."""
    b, nx, ny = _at_facing(k, along, speed, turn, vz, NOSE + 1e-6 + above, spin)
    out = np.zeros(N_BALL)
    _, span, outcome = over_rail(b, nx, ny, *_edge(k, b, nx, ny), P, out)
    assert outcome in (BACK, LEFT) and span > 0.0
    assert np.all(np.isfinite(out))
    assert _energy(out) <= _energy(b) + 1e-9


def _jump_into(
    k: int, along: float, cue_speed: float, elevation: float, bottom: float, turn: float = 0.0
) -> tuple[Layout, Stroke, float]:
    """A centre-ball jump stroke that sends the cue ball alone onto facing ``k``, ``turn`` radians off its outward
    normal, so that its centre comes one radius from the facing, ``along`` metres from the jaw point, with its
    bottom ``bottom`` above the bed on the way down; returns (layout, stroke, that time)."""
    b, _, _ = _at_facing(k, along, 1.0, turn, 0.0, 0.0)
    return _jump_to(b[BX], b[BY], b[BVX], b[BVY], cue_speed, elevation, bottom)


def _jump_to(
    x: float, y: float, ux: float, uy: float, cue_speed: float, elevation: float, bottom: float
) -> tuple[Layout, Stroke, float]:
    """A centre-ball jump stroke along (ux, uy) (a unit vector) whose cue ball's centre passes (x, y) with its
    bottom ``bottom`` above the bed on the way down; returns (layout, stroke, the time it is there).

    Worked out from the cue ball's launch (``cue_strike``, and the bed's rebound e_s of its downward part) and
    its parabola: no horizontal force acts in the air, so the start lies the flight's length back along (ux, uy).
    """
    stroke = Stroke(cue_speed, math.atan2(uy, ux), theta=elevation)
    (vx, vy, vz), _ = cue_strike(stroke, TABLE.ball, PhysicsParams())
    up = -PhysicsParams().e_slate * vz
    t_hit = (up + math.sqrt(up * up - 2.0 * G * bottom)) / G  # the later root of up t - g t^2 / 2 = bottom
    flight = math.hypot(vx, vy) * t_hit
    layout = Layout.from_positions({0: (x - flight * ux, y - flight * uy)}, TABLE)
    return layout, stroke, t_hit


def _left_at(result: ShotResult) -> tuple[float, float]:
    """(time, bottom's height) when the cue ball left the table at a jaw, in a shot without the rail there."""
    gone = first(result, "ball-off-table", 0)
    assert gone.jaw_of is not None
    return gone.time, result.state_at(gone.time - 1e-12)[0].z


@pytest.mark.parametrize("k", [_facing_named("side-right", "right"), _facing_named("head-left", "left")])
def test_a_slow_jump_onto_a_facing_below_the_rail_top_does_not_leave_the_table(k: int) -> None:
    """A steep jump reaches the facing 38.5 mm up (its bottom between the nose, 36.3 mm, and the rail's top,
    41.1 mm), falling, at 0.3 m/s across: before, it left the table there; now it meets the facing's edge, a
    rail contact at that jaw, and comes back over the mouth, where it drops into the pocket or rolls back to
    the bed, as it must: it cannot rise, so it cannot clear the rail."""
    layout, stroke, t_hit = _jump_into(k, 0.01, 1.55, math.radians(81.5), 0.0385)
    before = simulate(layout, stroke, params=GONE_AT_ONCE)
    t_left, bottom = _left_at(before)
    assert t_left == pytest.approx(t_hit, abs=1e-9) and NOSE < bottom < TOP
    assert before.state_at(t_left - 1e-12)[0].vz < 0.0
    now = simulate(layout, stroke)
    assert not now.final.off_table
    pocket = POCKETS[int(LINES[k, LJAW])]
    assert now.final.pocketed in ({0: pocket}, {})
    over = rail_flights(now, 0)
    assert len(over) == 1 and over[0][0] == pytest.approx(t_hit, abs=1e-9)
    touch = first(now, "ball-cushion", 0)
    assert touch.jaw_of == pocket and touch.where == _rail(k) and over[0][0] <= touch.time <= over[0][1]
    assert_nothing_sinks(now)
    assert_energy_never_rises(now)


def test_a_slow_jump_onto_a_jaw_point_below_the_rail_top_does_not_leave_the_table() -> None:
    """The rounded point between the right rail's nose and the head-right facing, met along the middle of its
    exposed arc by the same slow jump (38.5 mm up, falling, 0.3 m/s across): before, off the table; now a rail
    contact at that jaw, in the frame of the point's normal, and the ball is not lost."""
    jaws = table_arrays(TABLE)[1]
    jaw = next(j for j in jaws if POCKETS[int(j[CPOCKET])] == "head-right" and RAILS[int(j[CRAIL])] == "right")
    facing = LINES[_facing_named("head-right", "right")]
    mx, my = facing[LNX] + 0.0, facing[LNY] + 1.0  # between the facing's free normal and the nose's, (0, 1)
    mx, my = mx / math.hypot(mx, my), my / math.hypot(mx, my)
    reach = R + jaw[CR]
    layout, stroke, t_hit = _jump_to(
        jaw[CX] + reach * mx, jaw[CY] + reach * my, -mx, -my, 1.55, math.radians(81.5), 0.0385
    )
    before = simulate(layout, stroke, params=GONE_AT_ONCE)
    t_left, bottom = _left_at(before)
    assert t_left == pytest.approx(t_hit, abs=1e-9) and NOSE < bottom < TOP
    now = simulate(layout, stroke)
    assert not now.final.off_table and now.final.pocketed in ({0: "head-right"}, {})
    over = rail_flights(now, 0)
    assert len(over) == 1 and over[0][0] == pytest.approx(t_hit, abs=1e-9)
    touch = first(now, "ball-cushion", 0)
    assert touch.jaw_of == "head-right" and touch.where == "right" and over[0][0] <= touch.time <= over[0][1]
    assert_nothing_sinks(now)
    assert_energy_never_rises(now)


def test_a_jump_onto_a_facing_above_the_rail_top_lands_on_the_rail_and_runs_off_it() -> None:
    """From the table, 55 degrees off the head-right facing's normal, a jump reaches the facing 60 mm up (above
    the rail's top), falling, at 2 m/s: before, it left the table there; now it is followed over the rail from
    that instant, comes down on the rail beside the pocket (a rail contact at that jaw) and, still moving
    outward, runs off the rail's outer edge (GEN-4: off the table), 6 in behind the right rail's nose."""
    k = _facing_named("head-right", "right")
    layout, stroke, t_hit = _jump_into(k, 0.01, 3.0, math.radians(60), 0.06, math.radians(-55))
    before = simulate(layout, stroke, params=GONE_AT_ONCE)
    t_left, bottom = _left_at(before)
    assert t_left == pytest.approx(t_hit, abs=1e-9) and bottom > TOP
    now = simulate(layout, stroke)
    assert now.final.off_table == frozenset({0})
    over = rail_flights(now, 0)
    assert len(over) == 1 and over[0][0] == pytest.approx(t_hit, abs=1e-9)
    touch = first(now, "ball-cushion", 0)
    assert touch.jaw_of == "head-right" and touch.where == "right" and over[0][0] < touch.time < over[0][1]
    gone = first(now, "ball-off-table", 0)
    assert gone.time == over[0][1] > t_left
    assert _behind_nose("right", *now.state_at(gone.time)[0].position) == pytest.approx(RAIL_WIDTH, abs=1e-3)
    assert_energy_never_rises(now)


def test_records_written_before_the_field_replay_with_the_ball_gone_at_once() -> None:
    """A record's physics without ``rail_at_jaws`` is read as the engine played before it."""
    assert params_of({"cushion_model": "mathavan-2010", "pocket_back": True}).rail_at_jaws is False
    assert PhysicsParams().rail_at_jaws is True


#: ``benchmarks/physics_scan.py --shots tables --start 15000``'s shot 23399 (a cluster table, 9-foot): the cue ball
#: throws ball 10 up over the side-left pocket's facing.
OVER_FACING_ONTO_NOSE = (
    Layout.from_positions({
        0: (0.20090757474316032, 1.236306883404877), 1: (1.8151977368615198, 0.27602662128744004),
        2: (2.0734516336605338, 1.1917148952357852), 3: (1.8426382374543742, 0.4348959890673584),
        4: (1.1930831927355274, 1.1894922479970715), 5: (1.8329340805087657, 0.3304599255599789),
        6: (0.29235054700134244, 1.1380086339358226), 7: (1.8228159186520443, 0.21928575588862434),
        8: (2.045562850767454, 0.983719092721874), 9: (1.3286499956280036, 0.46446835970450795),
        10: (1.0390265139619133, 1.195104788383106), 11: (0.9199816702369956, 0.8568471585301224),
        12: (1.4372216724675364, 0.8281026530323059), 13: (1.7811055942224894, 0.6668155296246867),
        14: (2.0226108499737396, 1.0972165617775036), 15: (1.6969787242025811, 0.6102923658431205),
    }),
    Stroke(9.281130025153507, -0.5190674322192728, theta=0.08197473318412281, a=0.46380045747614035,
           b=0.05461727694329648),
)  # fmt: skip


def test_a_ball_back_from_over_a_facing_above_the_nose_beyond_it_flies_over_that_nose() -> None:
    """Ball 10 flies over the side pocket's facing, whose rail ``over_rail`` takes as long: it runs 20 cm along
    the left rail's top and comes back past the mouth, where its centre is 8 mm in front of the left nose line
    with its bottom 19 mm up, inside the rubber. Before session 27 it went on from there as a ball in the air,
    came down inside the cushion and rolled on in it (off the bed); now it flies over that nose from where it is
    (a second rail contact, on the left rail beside no jaw) and comes back a radius in front of it."""
    result = simulate(*OVER_FACING_ONTO_NOSE, params=FOUND_WITH)
    touches = [e for e in result.events if e.kind == "ball-cushion" and e.balls == (10,) and e.where == "left"]
    assert [e.jaw_of for e in touches[:2]] == ["side-left", None]
    flights = rail_flights(result, 10)  # the second flight begins where the first came back: one path over the rail
    assert len(flights) == 1 and flights[0][0] < touches[1].time < flights[0][1]
    back = result.state_at(flights[0][1])[10]
    assert W - back.position[1] >= R - 1e-9
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


EIGHT_FOOT = TableSpec.named("8-foot")
#: ``benchmarks/physics_scan.py --shots tables --table 8-foot --start 45000``'s shot 54962 (a 14.1 rack): the cue
#: ball, jumped at 57 degrees from beside the foot-left pocket, comes down over the side-left pocket's facing.
OVER_FACING_ACROSS_THE_BED = (
    Layout.from_positions({
        0: (2.1629808884017074, 1.0788740721753538), 1: (1.8248800554788418, 0.47307499999999997),
        2: (1.7258933518262805, 0.530225), 3: (1.8743734073051226, 0.61595),
        4: (1.8743962650118668, 0.44446040929057434), 5: (1.775378011836626, 0.6159650546668097),
        6: (1.8248800554788418, 0.530225), 7: (1.8744003180486815, 0.5588), 8: (1.7753867036525612, 0.5588),
        9: (1.8248800554788418, 0.644525), 10: (1.8248800554788418, 0.587375),
        11: (1.7258933518262805, 0.587375), 12: (1.7753764706979092, 0.501632276002631), 13: (1.6764, 0.5588),
        14: (1.8744033781194738, 0.6731519109732005), 15: (1.8743734073051226, 0.5016499999999999),
    }, EIGHT_FOOT),
    Stroke(5.44199759276118, -2.1930644468779197, theta=0.9884421935150776, a=-0.39919612675641225,
           b=0.2803311615938425),
)  # fmt: skip


def test_a_ball_over_a_facing_that_comes_over_the_bed_drops_to_it() -> None:
    """The cue ball lands on the rail beside the side-left pocket and rolls on in the facing's frame, whose rail
    is taken as long along the facing's normal: that carried it, at the rail cap's height, out across the table
    and through ball 5 (a 1 mm overlap, and 0.8 s "on the rail"). Now, once in front of the left nose moving in,
    it is in the air over the bed: it comes down there (session 28)."""
    result = simulate(*OVER_FACING_ACROSS_THE_BED, params=FOUND_WITH)
    length, width = EIGHT_FOOT.length, EIGHT_FOOT.width
    flights = rail_flights(result, 0)
    assert flights, "the cue ball never went over a rail"
    for start, end in flights:
        for t in np.linspace(start, end, 50):
            x, y = result.state_at(float(t))[0].position
            inner = R + 1e-3  # a flight over a nose ends a radius in front of it, within its last step
            assert not (inner < x < length - inner and inner < y < width - inner), (t, x, y)  # not over the bed
    back = flights[-1][1]
    assert any(e.kind == "ball-slate" and e.balls == (0,) and back < e.time < back + 0.2 for e in result.events)
    assert_nothing_sinks(result, EIGHT_FOOT)
    assert_energy_never_rises(result)


#: The 9-foot scan's shot 27649 (``--start 3000``, a 14.1 rack): a hard draw shot throws the cue ball up over the
#: side-left pocket's facing, half a metre high.
HIGH_OVER_A_FACING = (
    Layout.from_positions({
        0: (0.4345803762023825, 0.7076139602178367), 1: (2.1029734073051225, 0.7493),
        2: (2.053480055478842, 0.7207250000000001), 3: (2.053480055478842, 0.549275),
        4: (2.1029734073051225, 0.69215), 5: (2.102997454425043, 0.5206583491665217),
        6: (2.0039867036525614, 0.57785), 7: (2.053480055478842, 0.606425), 8: (2.0039867036525614, 0.635),
        9: (2.053480055478842, 0.663575), 10: (1.9544933518262806, 0.606425), 11: (1.905, 0.635),
        12: (0.307683077418294, 0.7155330552301947), 13: (2.1030032104218574, 0.5778241897437956),
        14: (1.9544933518262806, 0.663575), 15: (2.0039809523592074, 0.6921599615322983),
    }),
    Stroke(11.90175639775628, 3.047633423317034, theta=0.06768924129268841, a=0.17986051823362445,
           b=-0.4494602644765096),
)  # fmt: skip


def test_a_ball_flying_high_over_a_facing_comes_down_on_the_bed_without_a_rail_contact() -> None:
    """The cue ball clears the side-left facing and flies on over the bed. Before session 28 its flight kept the
    facing's frame for 0.6 s, and it came down on that frame's rail cap, 41 mm above the bed, 10 cm inside the
    left nose: a second side-left rail contact that never happened (the referee counts rail contacts). Now the
    flight ends once it is over the bed, the contact it had planned is not in the record, and it lands on the
    bed."""
    result = simulate(*HIGH_OVER_A_FACING, params=FOUND_WITH)
    jaw = [e for e in result.events if e.kind == "ball-cushion" and e.balls == (0,) and e.jaw_of == "side-left"]
    assert len(jaw) == 1
    flight = rail_flights(result, 0)[0]
    assert flight[0] > jaw[0].time
    end = result.state_at(flight[1])[0]
    assert W - end.position[1] < R  # handed back within a radius in front of the left nose, in the air
    assert (
        first(result, "ball-slate", 0).time
        < flight[0]
        < next(e.time for e in result.events if e.kind == "ball-slate" and e.balls == (0,) and e.time > flight[1])
    )
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


#: The 8-foot scan's shot 74528 (``--start 60000``, a 14.1 rack): the cue ball, jumped at 41 degrees with right
#: english, comes down off the foot rail and flies on over the side-left pocket's facing, then along the left
#: rail's nose.
ALONG_THE_NOSE_OVER_A_FACING = (
    Layout.from_positions({
        0: (0.765995835926176, 0.19477232273878492), 1: (1.8248800554788418, 0.47307499999999997),
        2: (1.7258933518262805, 0.530225), 3: (1.8743734073051226, 0.61595), 4: (1.6764, 0.5588),
        5: (1.8248800554788418, 0.587375), 6: (1.8248800554788418, 0.644525),
        7: (1.8743734073051226, 0.6730999999999999), 8: (1.7753867036525612, 0.5588),
        9: (1.8743853711497314, 0.5588), 10: (1.7258933518262805, 0.587375),
        11: (1.7753867036525612, 0.5016499999999999), 12: (1.8743734073051226, 0.5016499999999999),
        13: (1.7753811715697316, 0.6159595818485324), 14: (1.8743734073051226, 0.44449999999999995),
        15: (1.8248800554788418, 0.530225),
    }, EIGHT_FOOT),
    Stroke(5.591860508386925, 0.41633285481906074, theta=0.7104650068097085, a=0.43443936446921055,
           b=0.05036057346424857),
)  # fmt: skip


def test_a_ball_over_a_facing_that_comes_over_another_rail_takes_that_rails_frame() -> None:
    """The cue ball flies over the side-left facing and on toward the head, its centre a few millimetres either
    side of the left rail's nose line. In the facing's frame it came down on that frame's cap there and ran on,
    then dropped back to the bed 9 mm in front of the nose, inside the rubber, and rolled along inside the
    cushion (off the bed). Now, over the left rail's nose, it flies in that rail's frame: it comes back a radius
    in front of the nose, and no ball is ever off the bed (session 28)."""
    result = simulate(*ALONG_THE_NOSE_OVER_A_FACING, params=FOUND_WITH)
    flights = rail_flights(result, 0)
    assert flights
    back = result.state_at(flights[-1][1])[0]
    assert EIGHT_FOOT.width - back.position[1] >= R - 1e-9
    assert_nothing_sinks(result, EIGHT_FOOT)
    assert_energy_never_rises(result)
