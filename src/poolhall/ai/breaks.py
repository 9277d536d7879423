"""The break, tuned by simulation: where to put the cue ball in the kitchen and how to strike.

Eight-ball (8B-6): a power break at the apex ball, from the middle or off to
one side, at a few speeds and thicknesses. 14.1 opening break (14.1-6): a
safety break, thin on a back-corner ball of the rack, slow enough that the
cue ball comes back up table. Every plan is simulated under the level's
noise and ruled by the referee (``evaluate.estimate``): a legal break that
keeps the table and leaves a shot is best, a scratch or a breaking foul worst.

The tuning depends only on the rack and the level (its random stream is
seeded from the layout), so the placement and the stroke asked separately
agree even when different processes answer them.
"""

from __future__ import annotations

import math
import zlib

import numpy as np

from poolhall.ai.context import Context
from poolhall.ai.evaluate import estimate
from poolhall.ai.geometry import Point
from poolhall.ai.levels import Level
from poolhall.equipment import CUE, TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke

EIGHT_SPEEDS = (7.0, 8.5, 10.0)
STRAIGHT_SPEEDS = (2.2, 2.8, 3.4)


def kitchen_spots(table: TableSpec) -> list[Point]:
    """Cue-ball spots for a break: on the middle line and toward either side rail, a little behind the string."""
    x = table.head_string_x - 0.08
    w = table.width
    return [(x, w / 2), (x, w / 2 + 0.25 * w), (x, w / 2 - 0.25 * w)]


def _plans(layout: Layout, spot: Point, game: str) -> list[Stroke]:
    """Strokes tried from ``spot``: at the apex (eight-ball) or thin on a back corner ball (14.1)."""
    r = layout.table.ball.radius
    balls = [b for b in layout.on_table if b != CUE]
    if game == "eight-ball":
        apex = min(balls, key=lambda b: layout.positions[b][0])
        ax, ay = layout.positions[apex]
        centre = math.atan2(ay - spot[1], ax - spot[0])
        d = math.dist(spot, (ax, ay))
        offsets = (0.0, math.asin(0.25 * 2 * r / d) * (1 if spot[1] < ay else -1))
        return [Stroke(speed=v, phi=centre + o, b=-0.1) for v in EIGHT_SPEEDS for o in offsets]
    back = max(layout.positions[b][0] for b in balls)
    corners = [b for b in balls if layout.positions[b][0] > back - r]
    corner = min(corners, key=lambda b: abs(layout.positions[b][1] - spot[1]))
    cx, cy = layout.positions[corner]
    centre = math.atan2(cy - spot[1], cx - spot[0])
    d = math.dist(spot, (cx, cy))
    side = 1 if cy > layout.table.width / 2 else -1
    return [
        Stroke(speed=v, phi=centre + side * math.asin(f * 2 * r / d), a=-0.3 * side)
        for v in STRAIGHT_SPEEDS
        for f in (0.75, 0.85)
    ]


def plan_break(ctx: Context, level: Level, spots: list[Point] | None = None) -> tuple[Point, Stroke]:
    """The best (spot, stroke) over ``spots`` (default ``kitchen_spots``), each plan simulated under noise."""
    layout = ctx.layout.with_positions({CUE: None})
    seed = zlib.crc32(layout.positions.tobytes() + level.name.encode())
    rng = np.random.default_rng(seed)
    best: tuple[float, Point, Stroke] | None = None
    for spot in spots or kitchen_spots(layout.table):
        placed = ctx.with_layout(layout.with_positions({CUE: spot}))
        for stroke in _plans(layout, spot, ctx.game):
            value = estimate(placed, stroke, None, level.safety_samples, rng, "quick").value
            if best is None or value > best[0]:
                best = (value, spot, stroke)
    assert best is not None
    return best[1], best[2]
