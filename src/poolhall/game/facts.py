"""The one bridge from physics to the referee: a ``ShotResult`` becomes the shot's facts (``rules.model.Shot``).

Everything the referee needs is read from the ordered events and, for the
kitchen rule, from the cue ball's trajectory segments (DESIGN.md "Shot
facts", RULES.md section 7.2):

- first contact: the ball-ball event(s) with the cue ball that come first; two
  or more only when they happen at the same instant (within ``SAME_TIME``);
- rail contacts: every ball-cushion event after that first contact, in order
  (a jaw counts as its rail: the simulator already names the rail);
- pocketed balls in the order they dropped, with ``direct``: the single first
  ball contacted, which then touched no other ball (not even the cue ball
  again) and no rail but the jaws of the pocket it dropped into;
- off-table balls from the final layout;
- kitchen facts, with the cue ball in hand behind the head string: whether the
  first ball's base lay behind the head string at the start (GEN-2) and
  whether the cue ball's centre reached the head string before the first
  contact, evaluated exactly on the polynomial segments;
- ``after`` (14.1 only): the zones of the last object ball and the cue ball
  and the head-string facts, from ``racking``'s classifiers.

- technique (RULES 8B-5), from the stroke and the cue ball's path
  (``technique_of``): ``jump`` when the cue ball was in the air before its
  first contact, else ``masse`` or ``curve`` when side spin is struck with the
  cue raised (from ``MASSE_ELEVATION`` or ``CURVE_ELEVATION``), else ``normal``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from poolhall import racking
from poolhall.equipment import CUE, TableSpec
from poolhall.game.actions import CallValue
from poolhall.layout import Layout
from poolhall.physics import ShotResult, Stroke
from poolhall.physics.result import Event, Segment
from poolhall.rules.model import AfterFacts, BallInHand, KitchenFacts, Pocketed, RailContact, Shot

#: Two events this close in time happen at the same instant (a split first contact, GEN-10).
SAME_TIME = 1e-9
#: Cue elevations (rad) from which a stroke with side spin is a massé, or a curve shot: our reading of
#: Alciatore's illustrated principles (massé "with the cue elevated steeply", a curve with "slight
#: elevation"); the rules name the techniques but give no angles (RULES 8B-5).
MASSE_ELEVATION = math.radians(45)
CURVE_ELEVATION = math.radians(10)


def first_contact(events: Sequence[Event]) -> tuple[tuple[int, ...], int | None]:
    """The object ball(s) the cue ball touched first and the index of that (last simultaneous) event."""
    first_time: float | None = None
    balls: list[int] = []
    index: int | None = None
    for i, event in enumerate(events):
        if event.kind != "ball-ball" or CUE not in event.balls:
            continue
        if first_time is None:
            first_time = event.time
        elif event.time - first_time > SAME_TIME:
            break
        other = next(b for b in event.balls if b != CUE)
        if other not in balls:
            balls.append(other)
        index = i
    return tuple(balls), index


def rail_contacts(events: Sequence[Event], after: int | None) -> tuple[RailContact, ...]:
    """Ball-rail contacts after event ``after`` (the first contact); none if the cue ball hit nothing."""
    if after is None:
        return ()
    return tuple(
        RailContact(ball, e.where) for e in events[after + 1 :] if e.kind == "ball-cushion" for ball in e.balls[:1]
    )


def _is_direct(events: Sequence[Event], ball: int, pocket: str, first: tuple[int, ...], after: int | None) -> bool:
    if after is None or first != (ball,):
        return False
    for event in events[after + 1 :]:
        if ball not in event.balls:
            continue
        if event.kind == "ball-pocket":
            return event.where == pocket
        if event.kind == "ball-ball":
            return False
        if event.kind == "ball-cushion" and event.jaw_of != pocket:
            return False
    return False


def pocketed(events: Sequence[Event], first: tuple[int, ...], after: int | None) -> tuple[Pocketed, ...]:
    """The balls that dropped, in order, each with its pocket and the ``direct`` flag."""
    drops: list[Pocketed] = []
    for event in events:
        if event.kind == "ball-pocket":
            ball = event.balls[0]
            drops.append(Pocketed(ball, event.where, _is_direct(events, ball, event.where, first, after)))
    return tuple(drops)


def _max_x(segment: Segment, until: float) -> float:
    """The largest x the segment's ball reaches between its start and ``until`` (exact on the quadratic)."""
    tau_end = min(segment.t1, until) - segment.t0
    x0, vx, ax = segment.p0[0], segment.v0[0], segment.acc[0]

    def x(tau: float) -> float:
        return x0 + vx * tau + 0.5 * ax * tau * tau

    candidates = [x(0.0), x(max(tau_end, 0.0))]
    if ax != 0.0:
        vertex = -vx / ax
        if 0.0 < vertex < tau_end:
            candidates.append(x(vertex))
    return max(candidates)


def cue_crossed_before(segments: Sequence[Segment], time: float, table: TableSpec) -> bool:
    """The cue ball's base reached the head string (on it is no longer behind it, GEN-2) before ``time``."""
    return any(not racking.behind_head_string(table, (_max_x(s, time), 0.0)) for s in segments if s.t0 < time)


def kitchen_facts(result: ShotResult, first: tuple[int, ...], index: int | None) -> KitchenFacts | None:
    """GEN-9 facts for a shot from the kitchen; None when the cue ball touched no ball."""
    if index is None:
        return None
    start, table = result.initial, result.initial.table
    behind = all(racking.behind_head_string(table, start.position(b) or (0.0, 0.0)) for b in first)
    crossed = cue_crossed_before(result.segments.get(CUE, []), result.events[index].time, table)
    return KitchenFacts(first_ball_behind=behind, cue_crossed_first=crossed)


def after_facts(final: Layout) -> AfterFacts:
    """14.1-7.6-C1 and 14.1-7.7 facts on the final layout."""
    balls = [b for b in final.on_table if b != CUE]
    raw = racking.after_facts(final, balls[0] if len(balls) == 1 else None)
    return AfterFacts(
        last_ball=raw["last_ball"],
        cue_ball=raw["cue_ball"],
        all_behind_head_string=raw["all_behind_head_string"],
        nearest_to_head_string=tuple(raw["nearest_to_head_string"]),
    )


def technique_of(stroke: Stroke, result: ShotResult) -> Literal["normal", "jump", "curve", "masse"]:
    """How the shot was played (RULES 8B-5): jump, massé, curve or normal (see the module docstring)."""
    _, index = first_contact(result.events)
    until = result.events[index].time if index is not None else result.duration
    if any(s.motion == "airborne" and s.t0 < until for s in result.segments.get(CUE, ())):
        return "jump"
    if stroke.a != 0.0 and stroke.theta >= MASSE_ELEVATION:
        return "masse"
    if stroke.a != 0.0 and stroke.theta >= CURVE_ELEVATION:
        return "curve"
    return "normal"


def shot_facts(
    result: ShotResult, call: CallValue, ball_in_hand: BallInHand, straight_pool: bool, stroke: Stroke | None = None
) -> Shot:
    """The facts of one simulated shot (see the module docstring); without the ``stroke`` the technique is normal."""
    first, index = first_contact(result.events)
    return Shot(
        call=call,
        first_contact=first,
        kitchen=kitchen_facts(result, first, index) if ball_in_hand == "kitchen" else None,
        rail_contacts=rail_contacts(result.events, index),
        pocketed=pocketed(result.events, first, index),
        off_table=tuple(sorted(result.final.off_table)),
        technique=technique_of(stroke, result) if stroke is not None else "normal",
        after=after_facts(result.final) if straight_pool else None,
    )
