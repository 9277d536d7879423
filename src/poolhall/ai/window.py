"""Aim at the middle of the window that pots, found by simulation.

The geometric window (``geometry.windows``: the fan of directions in which the
ball clears both jaw points by a radius) is not the simulated pocket's: the
simulator's pocket takes a ball that grazes a jaw, or rattles in off the
facing point, on one side more than the other, and a slow ball falls in
from further off line than a fast one. So, for a stroke that pots when played
exactly, the search walks the cue direction out to each side (steps of the
level's sigma_phi, doubling) until the noiseless shot no longer pots, finds
each edge by bisection, and aims at the middle of the interval. Every trial is
the real simulator and the real referee (``evaluate.play_out``): "pots" means
the shooter keeps the table (or wins the game) with the ball called.
"""

from __future__ import annotations

from dataclasses import replace

from poolhall.ai.context import Context
from poolhall.ai.evaluate import continued, play_out
from poolhall.game.actions import CallValue
from poolhall.physics import Stroke

#: Doublings of the step tried outward before the window is taken as wider than that, and bisections per edge.
EXPAND = 5
BISECT = 3


def pots(ctx: Context, stroke: Stroke, call: CallValue) -> bool:
    """The noiseless ``stroke`` is a legal pot that keeps the table or wins the game."""
    out = play_out(ctx, stroke, call)
    if out is None:
        return False
    ruling, _ = out
    return continued(ctx, ruling) or (ruling.game_over and ruling.winner == ctx.shooter)


def edge(ctx: Context, stroke: Stroke, call: CallValue, sign: int, step: float) -> float:
    """How far (rad, >= 0) the aim can turn toward ``sign`` and still pot (to within a bisection)."""
    inside, outside = 0.0, None
    d = step
    for _ in range(EXPAND):
        if not pots(ctx, replace(stroke, phi=stroke.phi + sign * d), call):
            outside = d
            break
        inside, d = d, 2 * d
    if outside is None:
        return inside
    for _ in range(BISECT):
        middle = (inside + outside) / 2
        if pots(ctx, replace(stroke, phi=stroke.phi + sign * middle), call):
            inside = middle
        else:
            outside = middle
    return (inside + outside) / 2


def centred(ctx: Context, stroke: Stroke, call: CallValue) -> Stroke:
    """``stroke`` aimed at the middle of its potting interval of cue directions (as it is if it does not pot)."""
    if call is None or call == "safety" or not pots(ctx, stroke, call):
        return stroke
    step = ctx.noise.sigma_phi
    up = edge(ctx, stroke, call, +1, step)
    down = edge(ctx, stroke, call, -1, step)
    return replace(stroke, phi=stroke.phi + (up - down) / 2)
