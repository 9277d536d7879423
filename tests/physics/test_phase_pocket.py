"""A ball that a contact phase carries past a pocket's drop drops at the phase's end (session 29).

A ball hanging in a pocket's jaws with two balls frozen behind it in line, struck from behind: the three
collide as one system (``resolve/cluster.py``), and within the phase's fraction of a millisecond the hanging
ball's centre crosses the capture circle (a ball drops when its centre enters it). The phase does not look at
the pockets, and the event loop after it asked only when a ball's centre would next come *into* a capture
circle: one already inside never dropped. It rolled on through the pocket to 35 m from the table, "on the
table", and its neighbour followed it into the pocket. Now a centre already inside drops at once.

The scan family built for this (``physics_scan --shots pockets``) found a second case: a phase left a ball
pressed into a jaw and a hair above the cloth, and the event loop's rule for a ball found pressed into a
cushion skipped every ball in the air.
"""

from __future__ import annotations

import math

import pytest
from phys_shots import FOUND_WITH, assert_nothing_sinks

from poolhall import Layout, Stroke, simulate
from poolhall.equipment import TableSpec, table_geometry

TABLE = TableSpec.named("9-foot")
R = TABLE.ball.radius
POCKETS = table_geometry(TABLE).pockets


def _hanger_in_line(pocket: int, short_of_drop: float) -> tuple[Layout, Stroke]:
    """Ball 3 ``short_of_drop`` metres short of ``pocket``'s capture circle, balls 2 and 1 frozen behind it on
    the pocket's centre line, the cue ball 0.3 m behind them, struck at 3 m/s along the line."""
    shape = POCKETS[pocket]
    (ax, ay), (bx, by) = shape.points
    cx, cy = shape.capture_centre
    mx, my = (ax + bx) / 2 - cx, (ay + by) / 2 - cy  # from the capture centre out through the mouth
    n = math.hypot(mx, my)
    ux, uy = mx / n, my / n
    d = shape.capture_radius + short_of_drop
    positions = {3: (cx + ux * d, cy + uy * d)}
    for ball, behind in ((2, 2 * R), (1, 4 * R), (0, 4 * R + 0.3)):
        positions[ball] = (cx + ux * (d + behind), cy + uy * (d + behind))
    return Layout.from_positions(positions, TABLE), Stroke(3.0, math.atan2(-uy, -ux))


@pytest.mark.parametrize("pocket", range(len(POCKETS)), ids=[p.name for p in POCKETS])
@pytest.mark.parametrize("short_of_drop", [5e-5, 5e-4], ids=["0.05mm", "0.5mm"])
def test_the_hanging_ball_drops_when_the_phase_ends(pocket: int, short_of_drop: float) -> None:
    layout, stroke = _hanger_in_line(pocket, short_of_drop)
    result = simulate(layout, stroke)
    phase = next(s for s in result.segments[3] if s.motion == "contact")
    drop = next(e for e in result.events if e.kind == "ball-pocket" and e.balls == (3,))
    assert drop.time == phase.t1  # the phase carried it past the drop: it drops as the phase ends
    assert result.final.pocketed[3] == POCKETS[pocket].name
    assert_nothing_sinks(result, TABLE)


#: Scan shot 88 of ``physics_scan --shots pockets`` (9-foot): ball 14 hangs in the foot-right pocket, ball 9
#: beside it 0.3 mm off the jaw; the cue ball, hopping off a raised cue, lands on them.
SCAN_88 = (
    {0: (2.0910200381378945, 1.0071629812252185), 9: (2.516544824506448, 0.0640694478837215),
     11: (0.3190533520461743, 0.7217532761654424), 14: (2.520759499673441, 0.007028366451764814)},
    Stroke(8.284937139043933, -1.1597825032621096, theta=0.06587845792108082, a=-0.32376858838057915,
           b=-0.07420858578859983),
)  # fmt: skip


def test_a_ball_left_in_a_jaw_a_hair_up_meets_it_when_the_phase_ends() -> None:
    """The phase of balls 0, 9 and 14 ends with ball 9 pressed 1 mm into the jaw and 0.2 um above the cloth (the
    cue ball's tilted contact lifted it): it meets the jaw then. It used to be left alone as a ball in the air
    (one in the air may be over the cushion) and ran 0.7 mm deeper before it landed."""
    positions, stroke = SCAN_88
    result = simulate(Layout.from_positions(positions, TABLE), stroke, params=FOUND_WITH)
    phase = next(s for s in result.segments[9] if s.motion == "contact")
    at_end = [e.kind for e in result.events if e.time == phase.t1 and e.balls == (9,)]
    assert "ball-cushion" in at_end
    assert_nothing_sinks(result, TABLE)
