"""Ball in hand: where to put the cue ball (RULES GEN-9), judged by the shots it leaves.

Candidate spots are a grid over the allowed area plus, for every legal ball
and open pocket, spots behind the ghost ball at a few distances and at small
cut angles (a slight cut leaves the cue ball room to move for position). A
spot scores its best straight-in chance (``geometry.chances``) plus a quarter
of the second best (a spare shot if the first leaves no position); in eight-ball
the best ball's chance counts times one plus what potting it clears of the
problem balls (``ai/problems.py``): in hand is when a ball few spots reach is
easiest to take. With no
pot anywhere, the spot with the nearest clear sight of a legal ball wins: the
search will play a safety from it.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall import racking
from poolhall.ai import geometry, problems, shots
from poolhall.ai.context import Context
from poolhall.ai.geometry import Point
from poolhall.equipment import CUE
from poolhall.layout import Layout

#: Distances behind the ghost ball (m) and cut angles (rad) of the spots built around each pot.
BEHIND = (0.12, 0.25, 0.45)
CUTS = (-0.45, -0.2, 0.2, 0.45)


def candidate_spots(ctx: Context, empty: Layout) -> list[Point]:
    """The grid and the spots behind each pot (see the module docstring), legal ones only."""
    table, r = empty.table, empty.table.ball.radius
    spots = [(float(x), float(y)) for x, y in shots.table_spots(table, ctx.kitchen)]
    targets = ctx.targets()
    if targets:
        aim, half, _ = geometry.windows(table, empty.positions[targets])
        for i, ball in enumerate(targets):
            bx, by = empty.positions[ball]
            for j in range(aim.shape[1]):
                if half[i, j] <= 0:
                    continue
                base = math.atan2(-aim[i, j, 1], -aim[i, j, 0])
                for cut in CUTS:
                    for back in BEHIND:
                        gx, gy = bx - 2 * r * aim[i, j, 0], by - 2 * r * aim[i, j, 1]
                        spots.append((gx + back * math.cos(base + cut), gy + back * math.sin(base + cut)))
    return [xy for xy in spots if racking.cue_ball_fits(empty, xy, kitchen=ctx.kitchen)]


def spot_score(ctx: Context, empty: Layout, xy: Point, bonus: np.ndarray | None = None) -> float:
    """The spot's best chance plus a quarter of the second best; with ``bonus`` (per legal ball, what
    potting it clears of the problem balls, ``problems.cleared``) the best ball's chance counts times
    (1 + its bonus), so the cue ball in hand goes where a problem ball can be potted, if one can."""
    placed = empty.with_positions({CUE: xy})
    chances = geometry.chances(placed, xy, ctx.targets(), ctx.noise.sigma_phi)
    found = np.sort(chances.ravel())[::-1]
    if found.size == 0:
        return 0.0
    first = found[0] if bonus is None else (chances.max(axis=1) * (1 + bonus)).max()
    return float(first + 0.25 * (found[1] if found.size > 1 else 0.0))


def best_spot(ctx: Context) -> tuple[Point, float]:
    """The spot for the cue ball and its score (0 when no pot is possible from anywhere)."""
    empty = ctx.layout.with_positions({CUE: None})
    spots = candidate_spots(ctx, empty)
    if not spots:
        raise ValueError("no legal spot for the cue ball")  # a table this full cannot happen in play
    bonus = np.array([problems.cleared(ctx, b) for b in ctx.targets()])
    ranked = [spot_score(ctx, empty, xy, bonus) for xy in spots]
    best = int(np.argmax(ranked))
    score = spot_score(ctx, empty, spots[best])
    if score > 0:
        return spots[best], score
    return _safety_spot(ctx, empty, spots), 0.0


def _safety_spot(ctx: Context, empty: Layout, spots: list[Point]) -> Point:
    """The spot nearest (beyond a few centimetres) to a legal ball it can see."""
    targets = ctx.targets() or [b for b in empty.on_table if b != CUE]
    best, best_d = spots[0], math.inf
    for xy in spots:
        for ball in targets:
            bxy = empty.position(ball)
            assert bxy is not None
            d = math.dist(xy, bxy)
            if 0.15 < d < best_d and geometry.clear(empty, xy, bxy, (CUE, ball)):
                best, best_d = xy, d
    return best
