"""The one bridge from physics to the referee: a ``ShotResult`` becomes the shot's facts (``rules.model.Shot``).

Everything the referee needs is read from the ordered events and, for the
kitchen rule, from the cue ball's trajectory segments (DESIGN.md "Shot
facts", RULES.md section 7.2). The reading itself is compiled, in
``physics/batch.py`` (``simulate_many``'s outcome arrays, or ``outcome_of`` one
``ShotResult``); here those arrays become a ``Shot``, one way for both:

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
  (``technique``): ``jump`` when the cue ball was in the air before its
  first contact, else ``masse`` or ``curve`` when side spin is struck with the
  cue raised (from ``MASSE_ELEVATION`` or ``CURVE_ELEVATION``), else ``normal``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import numpy as np

from poolhall import racking
from poolhall.equipment import CUE, POCKETS, RAILS
from poolhall.game.actions import CallValue
from poolhall.layout import Layout
from poolhall.physics import Outcomes, ShotResult, Stroke
from poolhall.physics.batch import SAME_TIME, outcome_of
from poolhall.physics.result import Event
from poolhall.rules.model import AfterFacts, BallInHand, KitchenFacts, Pocketed, RailContact, Shot

#: Cue elevations (rad) from which a stroke with side spin is a massé, or a curve shot: our reading of
#: Alciatore's illustrated principles (massé "with the cue elevated steeply", a curve with "slight
#: elevation"); the rules name the techniques but give no angles (RULES 8B-5).
MASSE_ELEVATION = math.radians(45)
CURVE_ELEVATION = math.radians(10)


def first_contact(events: Sequence[Event]) -> tuple[tuple[int, ...], int | None]:
    """The object ball(s) the cue ball touched first and the index of that (last simultaneous) event.

    For callers holding the events (the computer players' aim checks); the
    referee's facts come from ``outcome_facts``, which reads the same thing off
    the simulator's arrays (``physics.batch``).
    """
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


def shot_facts(
    result: ShotResult, call: CallValue, ball_in_hand: BallInHand, straight_pool: bool, stroke: Stroke | None = None
) -> Shot:
    """The facts of one simulated shot (see the module docstring); without the ``stroke`` the technique is normal."""
    return outcome_facts(outcome_of(result), 0, call, ball_in_hand, straight_pool, stroke)


def outcome_facts(
    outcomes: Outcomes,
    k: int,
    call: CallValue,
    ball_in_hand: BallInHand,
    straight_pool: bool,
    stroke: Stroke | None = None,
) -> Shot:
    """The facts of shot ``k`` of ``simulate_many``'s outcomes: ``shot_facts`` without a ``ShotResult``.

    Both read the same arrays (``physics.batch``), so a shot's facts do not
    depend on which way it was simulated.
    """
    start = outcomes.initial(k)
    first = tuple(int(b) for b in outcomes.first_contact[k] if b >= 0)
    n_rails, n_drops = int(outcomes.n_rails[k]), int(outcomes.n_drops[k])
    drops = outcomes.drops[k, :n_drops].tolist()
    gone = set(start.off_table) | {int(b) for b in np.flatnonzero(outcomes.off_table[k])}
    return Shot(
        call=call,
        first_contact=first,
        kitchen=_kitchen(start, first, float(outcomes.cue_reach_x[k])) if ball_in_hand == "kitchen" else None,
        rail_contacts=tuple(
            RailContact(b, RAILS[r] if r >= 0 else None) for b, r in outcomes.rails[k, :n_rails].tolist()
        ),
        pocketed=tuple(Pocketed(b, POCKETS[p], bool(d)) for (b, p), d in zip(drops, outcomes.direct[k], strict=False)),
        off_table=tuple(sorted(gone)),
        technique=technique(stroke, bool(outcomes.cue_airborne[k])) if stroke is not None else "normal",
        after=after_facts(outcomes.final(k)) if straight_pool else None,
    )


def _kitchen(start: Layout, first: tuple[int, ...], cue_reach_x: float) -> KitchenFacts | None:
    """GEN-9 facts for a shot from the kitchen; None when the cue ball touched no ball.

    The cue ball's base reached the head string (on it is no longer behind it,
    GEN-2) before the contact when its largest x until then is not behind it.
    """
    if not first:
        return None
    table = start.table
    behind = all(racking.behind_head_string(table, start.position(b) or (0.0, 0.0)) for b in first)
    crossed = not racking.behind_head_string(table, (cue_reach_x, 0.0))
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


def technique(stroke: Stroke, cue_airborne: bool) -> Literal["normal", "jump", "curve", "masse"]:
    """How the shot was played (RULES 8B-5): jump, massé, curve or normal (see the module docstring)."""
    if cue_airborne:
        return "jump"
    if stroke.a != 0.0 and stroke.theta >= MASSE_ELEVATION:
        return "masse"
    if stroke.a != 0.0 and stroke.theta >= CURVE_ELEVATION:
        return "curve"
    return "normal"
