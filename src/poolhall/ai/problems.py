"""Problem balls: the shooter's balls that few cue-ball spots on the table give a fair shot at.

A run on a spread eight-ball table seldom ends on the balls the shooter takes first: pro's failed
runs from ball in hand (spread tables 1000-1029, 2000-2029, 3000-3029; docs/ai.md) ended on the
last ball of the group or on the 8 in 34 of 59 failures, often a ball near a rail with the
opponent's balls around it, which the search had left for last because every earlier leave had
an easier pot. Players find those balls before they start the run and play them while they can,
or move them. This module measures it without simulation:

- a ball's *access* is the share of the spots of a grid over the cloth (``GRID`` m apart) from
  which its best straight pot has a chance of at least ``FAIR`` (``geometry.chances_from``:
  window, cut, distance, both paths clear of every other ball);
- a ball with access below ``ENOUGH`` is a problem in proportion: it costs ``COST`` times
  ``1 - access / ENOUGH`` (a ball with no fair shot from anywhere costs ``COST``);
- ``cost`` sums that over the balls the shooter must still pot in eight-ball: his group's balls
  on the table and the 8 (on an open table, the cheaper of the two groups).

The search values a continued turn by how the shot changed that cost (``evaluate.value``), so a
pot of a problem ball, or a cue ball that moves a blocker away, is worth what it clears. The
cost does not depend on where the cue ball lies, so it is worked out once per object-ball
layout (most noisy samples of a stroke leave the same one) and remembered.
"""

from __future__ import annotations

import numpy as np

from poolhall.ai import geometry, shots
from poolhall.ai.context import Context, group_after
from poolhall.equipment import CUE, EIGHT, SOLIDS, STRIPES
from poolhall.layout import Layout

#: The grid's spacing (m), the chance that counts as a fair shot, the access below which a ball is a problem,
#: and what a ball with no fair shot from anywhere costs a leave (in the units of ``evaluate``'s values).
GRID = 0.15
FAIR = 0.5
ENOUGH = 0.3
COST = 0.5
#: Object-ball layouts remembered, keyed by positions rounded to ``KEY_STEP`` m (a ball nudged a millimetre by
#: a kiss does not change any ball's access on a grid of ``GRID``; a ball moved or potted does).
CACHE = 4096
KEY_STEP = 0.005

_remembered: dict[tuple[object, ...], float] = {}


def access(layout: Layout, balls: list[int], sigma_phi: float) -> np.ndarray:
    """(len(balls),): the share of the grid's spots from which each ball has a fair straight pot."""
    if not balls:
        return np.zeros(0)
    empty = layout.with_positions({CUE: None}) if layout.position(CUE) is not None else layout
    spots = shots.table_spots(layout.table, False, GRID)
    found = geometry.chances_from(empty, spots, balls, sigma_phi, floor=FAIR).max(axis=2)
    return (found >= FAIR).mean(axis=0)


def balls_cost(layout: Layout, balls: list[int], sigma_phi: float) -> float:
    """What ``balls`` (those of them on the table) cost on ``layout`` (module docstring), remembered."""
    on = tuple(b for b in balls if layout.position(b) is not None)
    if not on:
        return 0.0
    key = (layout.table, on, sigma_phi, np.round(layout.positions[1:] / KEY_STEP).tobytes())
    if key not in _remembered:
        if len(_remembered) >= CACHE:
            _remembered.clear()
        worth = access(layout, list(on), sigma_phi)
        _remembered[key] = float(COST * np.clip(1.0 - worth / ENOUGH, 0.0, 1.0).sum())
    return _remembered[key]


def cleared(ctx: Context, ball: int) -> float:
    """What potting ``ball`` clears of ``cost(ctx)`` (0 outside eight-ball or for the 8; on an open table it
    can be negative: the pot also chooses the group, maybe the costlier one)."""
    if ctx.game != "eight-ball" or ball == EIGHT:
        return 0.0
    rest = sorted(b for b in ctx.situation.on_table if b in group_after(ctx, ball) and b != ball)
    return cost(ctx) - balls_cost(ctx.layout.with_positions({ball: None}), [*rest, EIGHT], ctx.noise.sigma_phi)


def cost(ctx: Context) -> float:
    """What the problem balls the shooter of ``ctx`` must still pot cost him (0 outside eight-ball)."""
    if ctx.game != "eight-ball":
        return 0.0
    on, sigma = ctx.situation.on_table, ctx.noise.sigma_phi
    if ctx.situation.groups is None:
        groups = [sorted(b for b in on if b in group) for group in (SOLIDS, STRIPES)]
        return min(balls_cost(ctx.layout, [*g, EIGHT], sigma) for g in groups)
    own = SOLIDS if ctx.situation.groups[ctx.shooter] == "solids" else STRIPES
    return balls_cost(ctx.layout, [*sorted(b for b in on if b in own), EIGHT], sigma)
