"""The fixed shots every physics benchmark plays (``poolhall bench physics`` and ``benchmarks/``).

Ball centres and a ``Stroke``, so another simulator can be set up from exactly
the same numbers. All on the 9-foot table.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from poolhall.equipment import TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.racking import eight_ball_rack

TABLE = TableSpec.nine_foot()


@dataclass(frozen=True)
class FixedShot:
    """Where the balls are and how the cue strikes."""

    name: str
    positions: dict[int, tuple[float, float]]
    stroke: Stroke

    def layout(self) -> Layout:
        return Layout.from_positions(self.positions, TABLE)


def _aim(cue: tuple[float, float], ball: tuple[float, float], target: tuple[float, float]) -> float:
    """The cue's direction that sends ``ball`` toward ``target`` (ghost-ball aim, no throw)."""
    ux, uy = target[0] - ball[0], target[1] - ball[1]
    norm = math.hypot(ux, uy)
    d = 2 * TABLE.ball.radius
    ghost = (ball[0] - d * ux / norm, ball[1] - d * uy / norm)
    return math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])


def break_shot() -> FixedShot:
    """A 9-foot eight-ball break at 8 m/s, straight into the apex of the seed-0 rack, from the kitchen."""
    rack = eight_ball_rack(0, TABLE, loose=True)
    cue = (TABLE.head_string_x - 0.1, TABLE.width / 2 + 0.003)
    positions = {b: rack.position(b) for b in rack.on_table} | {0: cue}
    apex = TABLE.foot_spot
    return FixedShot("break", positions, Stroke(speed=8.0, phi=math.atan2(apex[1] - cue[1], apex[0] - cue[0])))


def cut_shot() -> FixedShot:
    """A 30-degree cut of the 1 toward the foot-left corner, the other object balls spread out of the way."""
    cue, one = (1.10, 0.95), (1.95, 0.95)
    spread = {2: (0.35, 1.05), 3: (0.60, 0.15), 4: (1.25, 1.15), 5: (1.55, 0.15), 6: (2.25, 0.20), 7: (2.35, 0.55)}
    spread |= {8: (1.30, 0.40), 9: (0.30, 0.40), 10: (1.70, 1.15)}
    corner = (TABLE.length, TABLE.width)
    return FixedShot("cut", {0: cue, 1: one, **spread}, Stroke(speed=2.5, phi=_aim(cue, one, corner), b=0.1))


def bank_shot() -> FixedShot:
    """A one-rail cross-side bank: the 2 off the right cushion toward the side-left pocket, hit straight on."""
    r, mid = TABLE.ball.radius, TABLE.length / 2
    two = (mid - 0.25, 0.35)
    mirror = (mid, 2 * r - TABLE.width)  # the side-left pocket reflected in the line the ball's centre bounces on
    ux, uy = mirror[0] - two[0], mirror[1] - two[1]
    norm = math.hypot(ux, uy)
    cue = (two[0] - 0.45 * ux / norm, two[1] - 0.45 * uy / norm)
    return FixedShot("bank", {0: cue, 2: two}, Stroke(speed=3.0, phi=math.atan2(uy, ux)))


def fixed_shots() -> list[FixedShot]:
    return [break_shot(), cut_shot(), bank_shot()]


def midgame_shot() -> FixedShot:
    """A mid-game table: seven object balls at seeded random places, the cue ball aimed full at the 1 at 3 m/s."""
    rng = random.Random(15)
    r = TABLE.ball.radius
    placed: dict[int, tuple[float, float]] = {}
    while len(placed) < 8:
        xy = (rng.uniform(2 * r, TABLE.length - 2 * r), rng.uniform(2 * r, TABLE.width - 2 * r))
        if all(math.dist(xy, q) >= 3 * r for q in placed.values()):
            placed[len(placed)] = xy
    (cx, cy), (ox, oy) = placed[0], placed[1]
    return FixedShot("midgame", placed, Stroke(speed=3.0, phi=math.atan2(oy - cy, ox - cx)))
