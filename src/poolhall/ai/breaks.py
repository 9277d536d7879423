"""The break, planned by simulation: where to put the cue ball in the kitchen, which ball to hit and how.

Eight-ball (8B-6): every plan of spot x first ball x speed x tip height is
simulated under the level's noise and ruled by the referee
(``evaluate.estimate``): a legal break that pockets a ball and leaves the
cue ball with a shot (near the middle of the table, not in a pocket) is
best, a scratch or a breaking foul worst (worse than a foul mid-game:
``BREAK_FOUL_EXTRA``). The spots run across the kitchen
from the middle to near either side rail; the first ball is the apex (full,
or a quarter ball off it) or the second-row ball on the spot's side (the
"second-ball break" of players who break from the side rail: the apex is
driven sideways into the pack instead of straight back, and the cue ball
comes off the pack toward the middle). Speeds up to 11.5 m/s, draw, stun or
follow. A first pass with a few samples per plan keeps the best
``FINALISTS``; they are simulated again with more samples and the best wins.

14.1 opening break (14.1-6): a safety break, thin on a back-corner ball of
the rack with running side, slow enough that the cue ball comes back up
table; tried at a few speeds and thicknesses from several spots.

The plan depends only on the rack as a player sees it, the game, the table
and the level. A rack whose balls each lie within ``SNAP`` of a slot of the
tight triangle (every rack the game makes: issue 14's loose racks move balls
hundredths of a millimetre) is planned as that tight triangle, so one search
serves every rack of a match instead of one search per rack (about 7 s for
pro); the stroke is then aimed at the rack on the table (the plan is kept as
a spot and an index into ``eight_ball_plans``, which aim at the real apex or
second ball). The balls are relabelled in a fixed order before planning
(which object ball lies where does not change a break's physics), its random
stream is seeded from that geometry, and the plan is kept per process
(``_PLANS``), so the placement and the stroke, asked separately (maybe in
different processes), agree. A rack of another shape is planned as it lies.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from poolhall import racking
from poolhall.ai.context import Context
from poolhall.ai.evaluate import estimate
from poolhall.ai.geometry import Point
from poolhall.ai.levels import Level
from poolhall.equipment import CUE, EIGHT, TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke

EIGHT_SPEEDS = (8.0, 10.0, 11.5)
EIGHT_TIPS = (-0.2, 0.0, 0.3)
STRAIGHT_SPEEDS = (2.2, 2.8, 3.4)
#: Hits on the second-row ball, in ball diameters off its centre (- toward the rack's middle).
SECOND_BALL_OFFSETS = (-0.15, 0.0, 0.15)
#: Kitchen spots across the table, as fractions of the width from the middle (+ and -).
SPOT_FRACTIONS = (0.0, 0.25, 0.33, 0.4)
#: Plans kept for the second pass, and samples per plan there (the first pass uses the level's safety_samples).
FINALISTS = 6
FINAL_SAMPLES = 24
#: What a breaking foul costs beyond the search's usual ``evaluate.FOUL``: the opponent then has the
#: cue ball in hand on an opened rack (8B-6), which at these noise levels he often runs, about half a
#: game (WIN / 2 = 3) rather than the mid-game foul's 1.2.
BREAK_FOUL_EXTRA = 1.8
#: Plans kept per process (a table size and game give one rack shape; the key holds every setting of the level,
#: not just its name: a test-sized "pro" must not reuse the real one's plan).
PLAN_CACHE = 32
_PLANS: dict[bytes, tuple[Point, int]] = {}
#: How far (m) a ball may lie from a slot of the tight triangle for the rack to be planned as that triangle:
#: a millimetre, far beyond the gaps a racked triangle leaves and far below what a player can see.
SNAP = 0.001


def kitchen_spots(table: TableSpec) -> list[Point]:
    """Cue-ball spots for a break: a little behind the head string, from the middle toward either side rail."""
    x = table.head_string_x - 0.08
    w = table.width
    return [(x, w / 2 + sign * f * w) for f in SPOT_FRACTIONS for sign in ((1,) if f == 0 else (1, -1))]


def _toward(spot: Point, target: Point, thickness_offset: float, r: float) -> float:
    """The cue direction from ``spot`` at ``target`` moved sideways by ``thickness_offset`` ball diameters."""
    centre = math.atan2(target[1] - spot[1], target[0] - spot[0])
    d = math.dist(spot, target)
    return centre + math.asin(max(-1.0, min(1.0, thickness_offset * 2 * r / d)))


def eight_ball_plans(layout: Layout, spot: Point) -> list[Stroke]:
    """Strokes from ``spot``: apex full or quarter ball, or the second-row ball on the spot's side; every speed, tip."""
    r = layout.table.ball.radius
    balls = sorted((b for b in layout.on_table if b != CUE), key=lambda b: layout.positions[b][0])
    apex = tuple(layout.positions[balls[0]])
    side = 1 if spot[1] >= apex[1] else -1  # the side of the rack the cue ball comes from
    second = max(balls[1:3], key=lambda b: side * layout.positions[b][1])
    row2 = tuple(layout.positions[second])
    aims = [_toward(spot, apex, 0.0, r), _toward(spot, apex, 0.25 * side, r)]
    aims += [_toward(spot, row2, f, r) for f in SECOND_BALL_OFFSETS]
    return [Stroke(speed=v, phi=phi, b=tip) for phi in aims for v in EIGHT_SPEEDS for tip in EIGHT_TIPS]


def straight_pool_plans(layout: Layout, spot: Point) -> list[Stroke]:
    """Thin hits on the back-corner ball nearer the spot's side, with running side, at gentle speeds."""
    r = layout.table.ball.radius
    balls = [b for b in layout.on_table if b != CUE]
    back = max(layout.positions[b][0] for b in balls)
    corners = [b for b in balls if layout.positions[b][0] > back - r]
    corner = min(corners, key=lambda b: abs(layout.positions[b][1] - spot[1]))
    cxy = tuple(layout.positions[corner])
    side = 1 if cxy[1] > layout.table.width / 2 else -1
    thin = (0.75, 0.85)
    return [Stroke(speed=v, phi=_toward(spot, cxy, side * f, r), a=-0.3 * side) for v in STRAIGHT_SPEEDS for f in thin]


def canonical(layout: Layout, game: str) -> Layout:
    """The rack with its balls relabelled in order of position (eight-ball: the 8 stays where the 8 is)."""
    balls = sorted((b for b in layout.on_table if b != CUE), key=lambda b: tuple(np.round(layout.positions[b], 6)))
    eight_at = next((b for b in balls if b == EIGHT), None) if game == "eight-ball" else None
    labels = iter(b for b in range(1, 16) if b != EIGHT or eight_at is None)
    moves: dict[int, Point | None] = {b: None for b in range(1, 16)}
    for b in balls:
        moves[EIGHT if b == eight_at else next(labels)] = tuple(layout.positions[b])
    return layout.with_positions(moves)


def plan_break(ctx: Context, level: Level, spots: list[Point] | None = None) -> tuple[Point, Stroke]:
    """The best (spot, stroke) over ``spots`` (default ``kitchen_spots``), each plan simulated under noise."""
    rack = ctx.layout.with_positions({CUE: None})
    layout = canonical(as_racked(rack) or rack, ctx.game)
    key = layout.positions.tobytes() + f"{ctx.game}|{layout.table}|{level!r}|{spots}".encode()  # all of the level
    if key not in _PLANS:
        if len(_PLANS) >= PLAN_CACHE:
            _PLANS.clear()
        _PLANS[key] = _search(replace(ctx, layout=layout), level, spots or kitchen_spots(layout.table), key)
    spot, index = _PLANS[key]
    return spot, _plans_of(ctx.game)(rack, spot)[index]


def as_racked(rack: Layout) -> Layout | None:
    """``rack`` with every ball moved onto the tight triangle's slot within ``SNAP`` of it; None if one has none."""
    slots = racking.rack_slots(rack.table)
    moves: dict[int, Point | None] = {}
    taken: set[int] = set()
    for ball in rack.on_table:
        xy = rack.positions[ball]
        k = min(range(len(slots)), key=lambda i: math.dist(slots[i], xy))
        if k in taken or math.dist(slots[k], xy) > SNAP:
            return None
        taken.add(k)
        moves[ball] = slots[k]
    return rack.with_positions(moves)


def _plans_of(game: str) -> Callable[[Layout, Point], list[Stroke]]:
    return eight_ball_plans if game == "eight-ball" else straight_pool_plans


def _search(ctx: Context, level: Level, spots: list[Point], key: bytes) -> tuple[Point, int]:
    """The best plan's spot and its index among ``_plans_of(game)(rack, spot)``."""
    rng = np.random.default_rng(zlib.crc32(key))
    plans = []
    for spot in spots:
        placed = ctx.with_layout(ctx.layout.with_positions({CUE: spot}))
        plans += [(placed, spot, i, stroke) for i, stroke in enumerate(_plans_of(ctx.game)(ctx.layout, spot))]
    first = [_value(c, s, level.safety_samples, rng) for c, _, _, s in plans]
    kept = [plans[i] for i in np.argsort(first)[::-1][:FINALISTS]]
    second = [_value(c, s, FINAL_SAMPLES, rng) for c, _, _, s in kept]
    _, spot, index, _ = kept[int(np.argmax(second))]
    return spot, index


def _value(ctx: Context, stroke: Stroke, samples: int, rng: np.random.Generator) -> float:
    found = estimate(ctx, stroke, None, samples, rng, "quick")
    extra = BREAK_FOUL_EXTRA if ctx.game == "eight-ball" else 0.0
    return found.value - extra * found.foul_rate
