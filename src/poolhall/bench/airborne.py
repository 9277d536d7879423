"""``poolhall bench airborne``: how often hard, slightly elevated strokes put a ball off the table.

Issue 14's measure: ``N`` seeded strokes (``--strokes``, 600 by default) on
the 9-foot table, each from its own random table (the cue ball and five
object balls uniform on the cloth, no two within a centimetre), the cue aimed
at a random object ball's centre at a cue speed uniform in 6-10 m/s, an
elevation uniform in 0-6 degrees and a tip offset uniform over the miscue
disc. Stroke ``k`` depends only on ``k``, so every run plays the same strokes.

The report: ``off_table_share`` (strokes that put any ball off the table,
RULES GEN-4; target under 1 %), ``cue_off_share`` and ``object_off_share``
(strokes that put the cue ball, an object ball off), ``rail_landings`` (balls
that flew over a cushion's nose and came down on the rubber or the rail top,
``resolve/rail.py``), ``back_from_rail`` (how many of those came back to the
bed or a pocket), ``launched_by`` (for every ball that left, the event that
started its last flight: ``stroke``, ``ball-ball`` (a tilted line of centres),
``ball-slate`` (the bed's rebound of a ball driven into it) or
``ball-cushion`` (the nose's edge below the ball's equator)), ``by_speed`` and
``by_elevation`` (the off-table share in bands of cue speed, m/s, and
elevation, degrees), ``airborne_share`` (strokes with a ball in the air) and
``median_ms``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from poolhall.equipment import CUE, TableSpec
from poolhall.layout import Layout
from poolhall.physics import ShotResult, Stroke, simulate
from poolhall.physics.stroke import MAX_CUE_SPEED

HELP = "how often hard strokes at a low elevation put a ball off the table (issue 14: under 1 %)"
#: ``poolhall bench airborne --strokes N``.
SIZE = "strokes"
TABLE = TableSpec.nine_foot()
#: Cue speeds (m/s) and elevations (degrees) of the strokes: issue 14's "6-10 m/s strokes under 6 degrees".
SPEEDS = (6.0, 10.0)
ELEVATIONS = (0.0, 6.0)
OBJECT_BALLS = 5
assert SPEEDS[1] <= MAX_CUE_SPEED


def steps(strokes: int) -> int:
    return strokes


def position_and_stroke(k: int) -> tuple[Layout, Stroke]:
    """Stroke ``k``'s table and stroke (see the module docstring)."""
    rng = np.random.default_rng([14, k])
    r = TABLE.ball.radius
    placed: list[tuple[float, float]] = []
    while len(placed) < 1 + OBJECT_BALLS:
        xy = (
            float(rng.uniform(r + 0.01, TABLE.length - r - 0.01)),
            float(rng.uniform(r + 0.01, TABLE.width - r - 0.01)),
        )
        if all(math.dist(xy, other) > 2 * r + 0.01 for other in placed):
            placed.append(xy)
    layout = Layout.from_positions(dict(enumerate(placed)), TABLE)
    target = placed[1 + int(rng.integers(OBJECT_BALLS))]
    offset, angle = 0.5 * math.sqrt(rng.uniform()), rng.uniform(0.0, 2 * math.pi)
    stroke = Stroke(
        speed=float(rng.uniform(*SPEEDS)),
        phi=math.atan2(target[1] - placed[0][1], target[0] - placed[0][0]),
        theta=math.radians(float(rng.uniform(*ELEVATIONS))),
        a=offset * math.cos(angle),
        b=offset * math.sin(angle),
    )
    return layout, stroke


def flights_over_rails(result: ShotResult) -> list[int]:
    """The ball of each flight over a rail in ``result``: its ``rail`` segments joined end to end (since session 27
    a flight is recorded in 5 ms pieces; counting the pieces counted each flight a dozen times or more)."""
    balls = []
    for row in result.segments.values():
        for before, seg in zip([None, *row], row, strict=False):
            if seg.motion == "rail" and (before is None or before.motion != "rail" or before.t1 != seg.t0):
                balls.append(seg.ball)
    return balls


def measure(strokes: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring."""
    off = cue_off = object_off = airborne = landings = back = 0
    launched: Counter[str] = Counter()
    bands: dict[str, dict[str, list[int]]] = {"by_speed": {}, "by_elevation": {}}
    times: list[float] = []
    for k in range(strokes):
        layout, stroke = position_and_stroke(k)
        start = time.perf_counter()
        result = simulate(layout, stroke)
        times.append(time.perf_counter() - start)
        gone = result.final.off_table
        off += bool(gone)
        cue_off += CUE in gone
        object_off += any(b != CUE for b in gone)
        airborne += any(s.motion == "airborne" for row in result.segments.values() for s in row)
        on_rail = flights_over_rails(result)
        landings += len(on_rail)
        back += sum(1 for ball in on_rail if ball not in gone)
        for ball in gone:
            launched[_launch(result, ball)] += 1
        for name, value, width in (("by_speed", stroke.speed, 1.0), ("by_elevation", math.degrees(stroke.theta), 2.0)):
            low = math.floor(value / width) * width
            band = bands[name].setdefault(f"{low:g}-{low + width:g}", [0, 0])
            band[0] += bool(gone)
            band[1] += 1
        tick(f"stroke {k + 1}/{strokes}")
    return {
        "strokes": strokes,
        "off_table_share": off / strokes,
        "cue_off_share": cue_off / strokes,
        "object_off_share": object_off / strokes,
        "rail_landings": landings,
        "back_from_rail": back,
        "launched_by": dict(sorted(launched.items())),
        **{name: {k: v[0] / v[1] for k, v in sorted(rows.items())} for name, rows in bands.items()},
        "airborne_share": airborne / strokes,
        "median_ms": statistics.median(times) * 1000,
    }


def _launch(result: ShotResult, ball: int) -> str:
    """The event that sent ``ball`` up for its last flight before it left: the last one that raised its upward speed."""
    kind = "stroke"
    for e in result.events:
        if ball not in e.balls or e.kind in ("ball-off-table", "stroke"):
            continue
        if result.state_at(e.time + 1e-9)[ball].vz > max(result.state_at(e.time - 1e-9)[ball].vz, 0.0) + 1e-6:
            kind = e.kind
    return kind


def summary(report: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    return "\n".join(
        [
            f"strokes putting a ball off the table: {report['off_table_share']:.1%} of {report['strokes']}"
            f" (cue ball {report['cue_off_share']:.1%}, object balls {report['object_off_share']:.1%})",
            f"balls landing on a cushion or rail top: {report['rail_landings']}"
            f" ({report['back_from_rail']} came back to the bed)",
            "what launched the last flight of each ball that left: "
            + ", ".join(f"{k} {v}" for k, v in report["launched_by"].items()),
            "by cue speed (m/s): " + ", ".join(f"{k} {v:.1%}" for k, v in report["by_speed"].items()),
            "by elevation (degrees): " + ", ".join(f"{k} {v:.1%}" for k, v in report["by_elevation"].items()),
            f"strokes with a ball in the air: {report['airborne_share']:.0%}",
            f"median time per stroke: {report['median_ms']:.3f} ms",
        ]
    )
