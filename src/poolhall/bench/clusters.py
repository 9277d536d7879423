"""Cluster tables: spread eight-ball tables with some of pro's balls tied up, for measuring break-outs.

Session 13 built break-out shots (pots whose cue ball is sent into a cluster, safeties that break one)
and measured them on these tables (``benchmarks/ai_targets.py cluster``); they did not help beyond
noise and were reverted (docs/ai.md), the tables stay for the next attempt. A *cluster* is a group of
object balls each within ``GAP`` of another (touching or nearly); it is *tied* when it holds one of the
shooter's legal balls in trouble: no way into any pocket (``geometry.pocketable``), or in eight-ball a
problem ball (``problems.access`` under ``problems.ENOUGH``).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.ai import geometry, problems
from poolhall.ai.context import Context, context_of
from poolhall.ai.noise import LEVELS
from poolhall.bench import spread
from poolhall.equipment import CUE
from poolhall.game import Match
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Options

#: Two balls with a gap under this (m) belong to one cluster: touching, or too close to pass between.
GAP = 0.01
#: Pro's balls moved to touch another ball on a cluster table, and the gap they are left at (m).
MOVES = 2
TOUCH_GAP = 1e-4


def clusters(layout: Layout, gap: float = GAP) -> list[list[int]]:
    """The groups of two or more object balls on ``layout`` linked by gaps under ``gap``, each sorted."""
    balls = sorted(b for b in layout.on_table if b != CUE)
    if len(balls) < 2:
        return []
    xy = layout.positions[balls]
    near = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) < 2 * layout.table.ball.radius + gap
    seen: set[int] = set()
    out = []
    for i in range(len(balls)):
        if i in seen:
            continue
        group, todo = {i}, [i]
        while todo:
            j = todo.pop()
            for k in np.flatnonzero(near[j]).tolist():
                if k not in group:
                    group.add(k)
                    todo.append(k)
        seen |= group
        if len(group) > 1:
            out.append(sorted(balls[k] for k in group))
    return out


def in_trouble(ctx: Context) -> list[int]:
    """The shooter's legal balls with no way into a pocket, and in eight-ball his problem balls."""
    targets = ctx.targets()
    if not targets:
        return []
    bad = ~geometry.pocketable(ctx.layout, targets)
    if ctx.game == "eight-ball":
        bad |= problems.access(ctx.layout, targets, ctx.noise.sigma_phi) < problems.ENOUGH
    return [b for b, out in zip(targets, bad.tolist(), strict=True) if out]


def tied(ctx: Context) -> list[int]:
    """The balls of the clusters that hold a ball in trouble (``in_trouble``)."""
    groups = clusters(ctx.layout)
    trouble = set(in_trouble(ctx)) if groups else set()
    return [b for group in groups if trouble & set(group) for b in group]


def cluster_table(index: int) -> Match:
    """The first seeded draw for ``index``: pro (A, solids) against seven stripes and the 8, the fifteen balls
    spread as ``spread``'s tables are, then ``MOVES`` of pro's balls each moved to touch another ball at a random
    angle (where that overlaps no third ball and stays on the cloth), redrawn until a tied cluster is on the
    table; pro to play with the cue ball in hand anywhere."""
    table, balls = spread.TABLE, list(range(1, 16))
    r = table.ball.radius
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, "s13-cluster", index, k))
        positions = dict(zip(balls, spread.random_spots(rng, len(balls), 0.01), strict=True))
        for ball in rng.choice(np.arange(1, 8), size=MOVES, replace=False).tolist():
            other = int(rng.choice([b for b in balls if b != ball]))
            angle = rng.uniform(0, 2 * math.pi)
            ox, oy = positions[other]
            xy = (ox + (2 * r + TOUCH_GAP) * math.cos(angle), oy + (2 * r + TOUCH_GAP) * math.sin(angle))
            on_cloth = r + 0.01 < xy[0] < table.length - r - 0.01 and r + 0.01 < xy[1] < table.width - r - 0.01
            if on_cloth and all(math.dist(xy, p) > 2 * r for b, p in positions.items() if b not in (ball, other)):
                positions[ball] = xy
        match = Match.from_position("eight-ball", Layout.from_positions(positions, table), shooter="A",
                                    ball_in_hand="anywhere", groups={"A": "solids", "B": "stripes"},
                                    options=Options(), seed=derived_seed(0, "s13-cluster-match", index))  # fmt: skip
        if tied(context_of(match.view(), LEVELS["pro"])):
            return match
    raise RuntimeError(f"no cluster table for index {index}")
