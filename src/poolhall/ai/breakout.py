"""Break-out strokes: pots whose cue ball is sent into a cluster, and, with no pot, safeties that break one.

Until session 13 a break-out was only a by-product: a pot or safety whose cue ball happened to free
a tied-up ball was preferred by ``evaluate.trouble`` (and eight-ball's ``problems.cost``), among the
strokes the search tried for position. Those stop at 2.2 m/s at the pocket and are kept for the
leave they give, so a firm stroke that opens a cluster seldom reached the noisy passes. A player
looks for the cluster first and then for the pot whose cue ball can get to it. Here:

- a **cluster** is a group of object balls each within ``GAP`` of another (touching or nearly); it
  is *tied* when it holds one of the shooter's legal balls in trouble: no way into any pocket
  (``geometry.pocketable``), or in eight-ball a problem ball (``problems.access`` under
  ``problems.ENOUGH``); in 14.1 the pack is one; for a pot, only a ball in trouble other than the
  ball potted ties its cluster (``opened_by``);
- **pots**: among the straight pots found (best first), those whose cue-ball route off the ghost
  ball (the tangent line for stun, bent toward the object ball's line by follow or back by draw:
  ``pattern.into_rack`` with ``BENDS``) meets a tied cluster's ball within ``pattern.BREAK_REACH``;
  the first ``POTS`` of them at ``ARRIVALS`` x ``SPINS``, each aimed with one Newton step. The
  geometry only chooses the pots: each stroke is played once without noise (one ``simulate_many``
  call per called ball, as ``search.prune`` does) and kept only if the turn goes on and a tied
  cluster's ball moved at least ``MOVED`` radii (the simulator is the judge of the line); the
  ``KEEP`` best by the search's first-pass value join the noisy passes;
- **safeties**: direct hits of a tied cluster's legal balls at ``SAFETY_THICKNESS`` x
  ``SAFETY_ARRIVALS``, played once, kept when a legal ball is hit first, the cue ball stays up and
  the cluster moved; the ``SAFETY_KEEP`` best by the safety prune's value join the safeties.
"""

from __future__ import annotations

import numpy as np

from poolhall.ai import geometry, pattern, problems, shots
from poolhall.ai.context import Context
from poolhall.ai.evaluate import Position, continued, play_many, refine_aim, value
from poolhall.ai.safety import scored
from poolhall.equipment import CUE
from poolhall.game.actions import CallValue
from poolhall.layout import Layout
from poolhall.physics import Stroke

#: Two balls with a gap under this (m) belong to one cluster: touching, or too close to pass between.
GAP = 0.01
#: Cue-ball routes off the ghost ball: the tangent line and these bends (follow +, draw -), as in ``pattern``.
BENDS = (0.7, -0.7)
#: Pots whose route meets a tied cluster tried, object-ball speeds at the pocket (m/s) and tip heights.
POTS = 3
ARRIVALS = (1.2, 2.2, 3.2, 4.8)
SPINS = (-0.35, 0.0, 0.35)
#: A cluster is broken when one of its balls moved at least this many radii (or dropped).
MOVED = 1.0
#: Pot break-outs kept for the noisy passes.
KEEP = 3
#: Safety break-outs: thicknesses (fractions of a full ball's width), cue-ball speeds at the ball (m/s), kept.
SAFETY_THICKNESS = (-0.5, -0.25, 0.0, 0.25, 0.5)
SAFETY_ARRIVALS = (1.4, 2.4, 3.4)
SAFETY_KEEP = 2

Found = tuple[Stroke, CallValue, str]


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
    """The balls of the clusters that hold a ball in trouble (``in_trouble``; looked for only where there is a
    cluster: on most tables there is none)."""
    groups = clusters(ctx.layout)
    return opened_by(groups, set(in_trouble(ctx)) if groups else set(), None)


def opened_by(groups: list[list[int]], trouble: set[int], potted: int | None) -> list[int]:
    """The balls, ``potted`` left out, of the ``groups`` that hold a ball of ``trouble`` other than ``potted``:
    a pot of the only troubled ball of its cluster frees it whatever the cue ball does."""
    return [b for group in groups if (trouble & set(group)) - {potted} for b in group if b != potted]


def broken(before: Layout, after: Layout, balls: list[int]) -> bool:
    """One of ``balls`` moved at least ``MOVED`` radii from ``before`` to ``after``, or left the table."""
    r = before.table.ball.radius
    for b in balls:
        was, now = before.position(b), after.position(b)
        if was is not None and (now is None or np.hypot(now[0] - was[0], now[1] - was[1]) >= MOVED * r):
            return True
    return False


def route_pots(ctx: Context, found: list[shots.Shot]) -> list[tuple[shots.Shot, list[int]]]:
    """The first ``POTS`` straight pots of ``found`` whose cue-ball route meets a ball of a cluster it would
    leave tied (``opened_by``), each with those balls."""
    cue = ctx.layout.position(CUE)
    assert cue is not None
    groups = clusters(ctx.layout)
    trouble = set(in_trouble(ctx)) if groups else set()
    r = ctx.layout.table.ball.radius
    out = []
    for shot in found:
        balls = opened_by(groups, trouble, shot.ball)
        if shot.kind != "pot" or shot.direction is None or shot.ball is None or not balls:
            continue
        aim = np.asarray(shot.direction, dtype=float)
        ghost = ctx.layout.positions[shot.ball] - 2 * r * aim
        cues = np.asarray([cue], dtype=float)
        if pattern.into_rack(cues, ghost, aim, ctx.layout.positions[balls], r, BENDS)[0]:
            out.append((shot, balls))
        if len(out) == POTS:
            break
    return out


def pot_strokes(ctx: Context, found: list[shots.Shot], position: Position) -> list[Found]:
    """The ``KEEP`` pot break-outs of the module docstring (none without a tied cluster), best first."""
    scored: list[tuple[float, Found]] = []
    for shot, balls in route_pots(ctx, found):
        call = shot.call()
        strokes = [refine_aim(ctx, shot, s, steps=1) for s in shots.strokes(shot, ARRIVALS, SPINS)]
        for stroke, out in zip(strokes, play_many(ctx, strokes, call), strict=True):
            if out is not None and continued(ctx, out[0]) and broken(ctx.layout, out[1], balls):
                scored.append((value(ctx, *out, position, None), (stroke, call, "breakout")))  # type: ignore[arg-type]
    scored.sort(key=lambda s: -s[0])
    return [found for _, found in scored[:KEEP]]


def safety_strokes(ctx: Context, call: CallValue) -> list[Found]:
    """The ``SAFETY_KEEP`` safety break-outs of the module docstring (none without a tied cluster), best first."""
    balls = tied(ctx)
    legal = sorted(set(balls) & set(ctx.targets() or ctx.situation.on_table))
    cue = ctx.layout.position(CUE)
    if not legal or cue is None:
        return []
    hits = shots.safeties(ctx.layout, cue, legal, None, SAFETY_THICKNESS)
    strokes = [Stroke(speed=shots.stick_speed(hit, v), phi=hit.phi) for hit in hits for v in SAFETY_ARRIVALS]
    found = [s for s in scored(ctx, strokes, call, ["breakout"] * len(strokes)) if broken(ctx.layout, s[4][1], balls)]
    found.sort(key=lambda s: -s[0])
    return [(s[1], call, s[3]) for s in found[:SAFETY_KEEP]]
