"""A ball that a contact phase carries past a pocket's drop drops at the phase's end (session 29).

A ball hanging in a pocket's jaws with two balls frozen behind it in line, struck from behind: the three
collide as one system (``resolve/cluster.py``), and within the phase's fraction of a millisecond the hanging
ball's centre crosses the capture circle (a ball drops when its centre enters it). The phase does not look at
the pockets, and the event loop after it asked only when a ball's centre would next come *into* a capture
circle: one already inside never dropped. It rolled on through the pocket to 35 m from the table, "on the
table", and its neighbour followed it into the pocket. Now a centre already inside drops at once.
"""

from __future__ import annotations

import math

import pytest
from phys_shots import assert_nothing_sinks

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
