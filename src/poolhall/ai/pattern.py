"""Position judged with the ball after next in mind: a leave is worth its next pot and where it sends the cue ball.

The plain quick estimate (``evaluate.quick_quality``) scores a leave by its best next pot alone,
so a run often gets perfect shape on a ball from which no route reaches the one after: the last
ball of a group with the 8 behind it, or the second-last one with the last tied up. Players
plan the last balls as a pattern. This module does it geometrically, with no simulation:

- the next pots are the best ``SHOTS`` straight-in pots from where the cue ball lies
  (``geometry.chances``), each with its chance ``c``;
- for each, the cue ball leaves the ghost ball along the tangent line (stun), bent toward
  the object ball's line (follow) or away from it (draw), or straight on or back: the spots at
  ``REACH`` metres along those ``ROUTES`` (clamped to the cloth, as a ball stops at a cushion)
  are where position can be played to;
- from those spots, the best chance at any ball that is legal after the pot (eight-ball: the rest of
  the group, or the 8 after the last; the 8 itself wins) is ``reach``: the mean of the best
  ``TOP`` spots, so one lucky spot does not make a route;
- the leave is worth ``max c * (1 - WEIGHT + WEIGHT * reach)``.

14.1 (14.1-7.3): with two balls left, the one not potted stays as the *break ball* and the other
fourteen are racked, apex empty. So when a pot leaves one ball, ``reach`` is the break shot's
worth: the chance at that ball from the spots, the new rack in the way, counted in full only where
the cue ball's route off it (the tangent line, or bent by follow) runs into the rack
(``into_rack``), and at ``BREAKLESS`` of it where the cue ball would stay out. A table with a
fresh rack and its break ball (``break_ball``) is judged the same way from where the cue ball
lies. So the break ball is chosen, and position played for the break, from the third-last ball on.

Only the levels that judge position by look-ahead (``pro``) use it, and only where it is cheap and
matters: when at most ``BALLS`` balls are left to play before the game ball (or a 14.1 rack is new).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall import racking
from poolhall.ai import geometry
from poolhall.ai.context import Context, group_after
from poolhall.equipment import CUE, EIGHT, OBJECT_BALLS, POCKETS
from poolhall.layout import Layout

#: Next pots looked at, the weight of the shot after, the spots averaged for ``reach``.
SHOTS = 3
WEIGHT = 0.4
TOP = 3
#: The pattern is judged when at most this many balls are left before the game ball (else the plain estimate).
BALLS = 3
#: Distances (m) the cue ball may travel after the pot, and how far the routes bend toward (+) or
#: away from (-) the object ball's line (follow, draw), as a multiple of that line added to the tangent.
REACH = (0.1, 0.3, 0.6, 1.0)
ROUTES = (0.0, 0.7, -0.7)
#: 14.1: a break-ball pot whose cue ball stays out of the rack is worth this share of its chance, and
#: the cue ball's route is looked along this far (m) for a rack ball to run into.
BREAKLESS = 0.3
BREAK_REACH = 1.0
#: 14.1 break shots: the break ball's pots are also tried at these object-ball speeds at the pocket (m/s), each
#: tip height and side (``search.BREAK_SIDES``), played once without noise and the ``BREAK_KEEP`` best kept
#: (``search.break_shots``; the others join the first pass apart).
#: The position strokes stop at 2.2 m/s, at which the cue ball moves a few balls of the rack. On 25 break-shot
#: positions (``benchmarks/ai_targets.py breakspeeds``, 12 noisy plays of the best pot at each speed and tip)
#: the break ball dropped about as often at every speed from 0.8 to 6.5 m/s (0.57-0.80), while the best
#: straight-in chance left after it rose from 0.12-0.29 at up to 2.2 m/s to 0.38-0.44 at 6.5 (positions
#: 0-24), and from 0.11-0.52 to 0.64-0.69 (positions 200-224, looked at after the choice).
BREAK_ARRIVALS = (3.2, 4.8, 6.5)
BREAK_KEEP = 4


def rest_after(ctx: Context, ball: int) -> list[int] | None:
    """The balls legal for the shooter once ``ball`` is potted; None when potting it wins (the 8).

    Eight-ball on an open table: ``ball`` settles the group (8B-4), so the rest is its group.
    14.1 has no game ball here: the rest is every other ball.
    """
    on = sorted(b for b in ctx.situation.on_table if b != ball)
    if ctx.game != "eight-ball":
        return on
    if ball == EIGHT:
        return None
    own = group_after(ctx, ball)
    return [b for b in on if b in own] or [b for b in on if b == EIGHT]


def spots_after(ctx: Context, cue: tuple[float, float], ghost: np.ndarray, aim: np.ndarray) -> np.ndarray:
    """Where the cue ball can be sent from ``ghost`` (see the module docstring), clamped to the cloth."""
    travel = ghost - np.asarray(cue)
    travel /= max(float(np.hypot(*travel)), 1e-9)
    tangent = travel - float(travel @ aim) * aim
    norm = float(np.hypot(*tangent))
    tangents = [tangent / norm] if norm > 0.05 else [np.array([-aim[1], aim[0]]), np.array([aim[1], -aim[0]])]
    dirs = [t + bend * aim for t in tangents for bend in ROUTES] + [aim, -aim]
    table, r = ctx.layout.table, ctx.layout.table.ball.radius
    lo = np.array([r + 0.01, r + 0.01])
    hi = np.array([table.length - r - 0.01, table.width - r - 0.01])
    out = [ghost]
    for d in dirs:
        u = d / max(float(np.hypot(*d)), 1e-9)
        out += [np.clip(ghost + s * u, lo, hi) for s in REACH]
    return np.array(out)


def reach(ctx: Context, ball: int, spots: np.ndarray) -> float:
    """The mean of the ``TOP`` best spots' best chance at a ball legal after ``ball`` is potted
    (14.1, the last ball but one: the break shot on the ball left, into the new rack)."""
    rest = rest_after(ctx, ball)
    if rest is None:
        return 1.0
    if not rest:
        return 0.0
    layout = ctx.layout.with_positions({ball: None})
    if ctx.game != "eight-ball" and len(rest) == 1:
        best = break_value(ctx, rerack(layout, rest[0]), spots, rest[0])
    else:
        best = geometry.chances_from(layout, spots, rest, ctx.noise.sigma_phi).max(axis=(1, 2))
    return float(np.sort(best)[::-1][:TOP].mean())


def rerack(layout: Layout, keep: int) -> Layout:
    """``layout`` with the fourteen other object balls racked tight, apex empty (14.1-7.3), for judging a break."""
    others = [b for b in OBJECT_BALLS if b != keep]
    slots = racking.rack_slots(layout.table)[1:]
    return layout.with_positions(dict(zip(others, slots, strict=True)))


def break_ball(ctx: Context) -> int | None:
    """14.1: the ball left out of a fresh fourteen-ball rack (every other ball on a slot, the apex empty), else None."""
    if ctx.game == "eight-ball" or len(ctx.situation.on_table) != len(OBJECT_BALLS):
        return None
    all_slots = np.asarray(racking.rack_slots(ctx.layout.table))
    near = 0.25 * ctx.layout.table.ball.radius
    on_slot = {
        b: np.hypot(*(all_slots - ctx.layout.positions[b]).T) < near for b in ctx.situation.on_table
    }  # fmt: skip
    if any(at[0] for at in on_slot.values()):
        return None  # a full rack (the apex filled): the opening, or 14.1-7.3's fifteen-ball re-rack
    out = [b for b, at in on_slot.items() if not at[1:].any()]
    return out[0] if len(out) == 1 else None


def break_value(ctx: Context, layout: Layout, spots: np.ndarray, ball: int) -> np.ndarray:
    """(len(spots),): the best break shot on ``ball`` from each spot: its chance, or ``BREAKLESS`` of it
    when the cue ball's route off the ball misses the rack (``into_rack``)."""
    found = geometry.chances_from(layout, spots, [ball], ctx.noise.sigma_phi)[:, 0, :]
    if not found.any():
        return found.max(axis=1)
    r = layout.table.ball.radius
    aim, _, _ = geometry.windows(layout.table, layout.positions[[ball]])
    rack = layout.positions[[b for b in OBJECT_BALLS if b != ball]]
    for j in range(len(POCKETS)):
        if not found[:, j].any():
            continue
        u = aim[0, j]
        ghost = layout.positions[ball] - 2 * r * u
        pots = np.flatnonzero(found[:, j] > 0)
        found[pots[~into_rack(spots[pots], ghost, u, rack, r)], j] *= BREAKLESS
    return found.max(axis=1)


def into_rack(cues: np.ndarray, ghost: np.ndarray, aim: np.ndarray, rack: np.ndarray, r: float) -> np.ndarray:
    """(len(cues),): the cue ball from each of ``cues``, leaving ``ghost`` along the tangent line or bent
    toward ``aim`` by follow, meets a rack ball. All spots in one numpy pass (the pattern asks for many)."""
    travel = ghost - cues
    travel = travel / np.maximum(np.hypot(*travel.T), 1e-9)[:, None]
    tangent = travel - (travel @ aim)[:, None] * aim
    norm = np.hypot(*tangent.T)
    full = norm < 0.05  # nearly full: the cue ball follows the object ball, not into the rack beside it
    tangent = np.where(full[:, None], aim, tangent / np.maximum(norm, 1e-9)[:, None])
    bent = tangent + 0.7 * aim
    bent = np.where(full[:, None], aim, bent / np.hypot(*bent.T)[:, None])
    routes = np.concatenate([tangent, bent])
    starts = np.repeat(ghost[None, :], len(routes), axis=0)
    hits = geometry.segment_hits(starts, ghost + BREAK_REACH * routes, rack, 2 * r).any(axis=1)
    return hits.reshape(2, len(cues)).any(axis=0)


def left_to_play(ctx: Context) -> int:
    """Balls the shooter must still pot before the game ball (14.1: all on the table)."""
    if ctx.game != "eight-ball":
        return len(ctx.situation.on_table)
    targets = ctx.targets()
    return 0 if targets == [EIGHT] else len(targets)


def quality(ctx: Context) -> float | None:
    """The leave's worth (module docstring); None when more than ``BALLS`` are left (or the cue ball is in hand)."""
    cue = ctx.layout.position(CUE)
    if cue is None:
        return None
    fresh = break_ball(ctx)
    if fresh is not None:
        return float(break_value(ctx, ctx.layout, np.asarray([cue], dtype=float), fresh)[0])
    if left_to_play(ctx) > BALLS:
        return None
    targets = ctx.targets()
    if not targets:
        return 0.0
    table, r = ctx.layout.table, ctx.layout.table.ball.radius
    found = geometry.chances(ctx.layout, cue, targets, ctx.noise.sigma_phi)
    order = np.argsort(found.ravel())[::-1][:SHOTS]
    best = 0.0
    for flat in order:
        c = float(found.ravel()[flat])
        if c <= 0 or c <= best:
            break
        i, j = divmod(int(flat), len(POCKETS))
        ball = targets[i]
        aim, _, _ = geometry.windows(table, ctx.layout.positions[[ball]])
        u = aim[0, j]
        ghost = ctx.layout.positions[ball] - 2 * r * u
        worth = c * (1 - WEIGHT + WEIGHT * reach(ctx, ball, spots_after(ctx, cue, ghost, u)))
        best = max(best, worth)
    return best if math.isfinite(best) else 0.0
