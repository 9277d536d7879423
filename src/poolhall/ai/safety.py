"""Wide safety candidates, pruned by one noiseless play each before the noisy passes.

The narrow set (``search.safety_candidates``: the nearest balls, five thicknesses, three speeds,
no spin) misses most of what a player plays for safety: a thin hit that sends the cue ball two
rails behind a blocker, a soft draw that parks it on the far rail, a rail-first hit. This module
tries many more strokes and lets the simulator sort them, the way ``search.prune`` buys breadth
of position strokes:

- **direct hits** of the nearest legal balls in sight (``DIRECT_BALLS``) at seven thicknesses
  and five cue-ball speeds at the ball, centre ball;
- **a fan** of cue directions all round (every ``FAN_STEP``) at a few speeds, of which only the
  strokes whose first contact is a legal ball are kept: rail-first hits, kicks and hits of balls
  the straight lines above do not see, found by the simulator itself, so they hold whatever the
  cushion model (no mirror-image aim is assumed);
- **variants** of the ``REFINE`` best of those: a little softer or firmer, draw, stun or follow,
  side either way (``VARIANTS``): the speed and spin that park the cue ball where it hides.

Each batch is simulated once without noise in one ``simulate_many`` call; only the strokes that
touch a legal ball first and keep the cue ball on the table are ruled, each valued as the search
values an outcome with the quick position estimate (after a safety, minus the opponent's best
straight-in chance; a foul's ``FOUL``). The ``RESCORE`` best (at most ``PER_BALL`` on one first
ball, so a position whose best leaves all come off one ball still has others; ``keep`` shared out where
fewer balls are legal: ``per_ball_cap``) are valued again
with the opponent's banks and combinations (``evaluate.quick_reply``, a few milliseconds each, too
dear for all of them), and the ``keep`` best of those go to the noisy passes, where noise and the
opponent's simulated reply (``evaluate.reply_quality``) judge them.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.ai import shots
from poolhall.ai.context import Context
from poolhall.ai.evaluate import rule_outcome, value
from poolhall.equipment import CUE
from poolhall.game.actions import CallValue
from poolhall.layout import Layout
from poolhall.physics import Outcomes, Stroke, simulate_many
from poolhall.rules.model import SAFETY, Ruling

#: Contact offsets of the direct hits, as fractions of a full ball's width (0 full, +-0.9 thin).
THICKNESS = (-0.9, -0.6, -0.3, 0.0, 0.3, 0.6, 0.9)
#: Cue-ball speeds at the object ball (m/s) of the direct hits (centre ball).
ARRIVALS = (0.5, 0.9, 1.4, 2.0, 2.8)
#: The fan: a cue direction every ``FAN_STEP`` radians, at these cue speeds (m/s), centre ball.
FAN_STEP = math.radians(2.0)
FAN_SPEEDS = (1.8, 3.2)
#: The ``REFINE`` best of those are tried again with each variant: (speed factor, tip height, side).
REFINE = 10
VARIANTS = (
    *((f, b, 0.0) for f in (0.8, 1.0, 1.25) for b in (-0.35, 0.0, 0.35) if (f, b) != (1.0, 0.0)),
    (1.0, 0.0, -0.3),
    (1.0, 0.0, 0.3),
)
#: The best ``RESCORE`` by the straight-in estimate are judged again with banks and combinations
#: (``evaluate.quick_reply``) before the ``keep`` best go on.
RESCORE = 45
#: Most candidates kept on one first ball (``per_ball``); legal balls in sight given direct hits (the nearest).
PER_BALL = 8
DIRECT_BALLS = 5

Scored = tuple[float, Stroke, int, str, tuple[Ruling, Layout]]


def direct_strokes(ctx: Context, targets: list[int]) -> list[Stroke]:
    """The ``DIRECT_BALLS`` nearest legal balls in sight at each thickness and speed."""
    cue = ctx.layout.position(CUE)
    assert cue is not None
    hits = shots.safeties(ctx.layout, cue, targets, DIRECT_BALLS, THICKNESS)
    return [Stroke(speed=shots.stick_speed(hit, v), phi=hit.phi) for hit in hits for v in ARRIVALS]


def fan_strokes() -> list[Stroke]:
    """Cue directions all round at ``FAN_SPEEDS`` (kept later only where a legal ball is hit first)."""
    phis = np.arange(0.0, 2 * math.pi, FAN_STEP)
    return [Stroke(speed=v, phi=float(phi)) for phi in phis for v in FAN_SPEEDS]


def variants(stroke: Stroke) -> list[Stroke]:
    """``stroke`` at the other speeds, tip heights and sides of ``VARIANTS``."""
    return [Stroke(speed=min(shots.MAX_STICK, stroke.speed * f), phi=stroke.phi, b=b, a=a) for f, b, a in VARIANTS]


def scored(ctx: Context, strokes: list[Stroke], call: CallValue, kinds: list[str]) -> list[Scored]:
    """Each stroke that touches a legal ball first and keeps the cue ball up, played once without noise:
    (value with the quick position estimate, stroke, first ball, kind)."""
    if not strokes:
        return []
    try:
        out = simulate_many(ctx.layout, strokes)
    except ValueError:
        return []
    assert isinstance(out, Outcomes)
    legal = ctx.targets() or sorted(ctx.situation.on_table)
    first = out.first_contact[:, 0]
    ok = np.isin(first, legal) & (out.pocket[:, CUE] < 0) & ~out.off_table[:, CUE]
    found = []
    for k in np.flatnonzero(ok).tolist():
        ruled = rule_outcome(ctx, out, k, call)
        if ruled is not None:
            worth = value(ctx, *ruled, "quick", None)  # type: ignore[arg-type]
            found.append((worth, strokes[k], int(first[k]), kinds[k], ruled))
    return found


def per_ball_cap(legal: int, keep: int) -> int:
    """Most candidates kept on one first ball when ``legal`` balls may be hit first: ``PER_BALL``, or the
    ``keep`` shared among them where they are fewer.

    The cap keeps candidates off other balls when the best leaves all come off one; with one legal ball
    (eight-ball's endgame: pro's last ball, or the 8) it only cut the noisy passes from ``keep`` safeties to
    ``PER_BALL``, and that endgame is where most of pro's eight-ball safeties fail (sessions 7 and 8).
    """
    return max(PER_BALL, keep // max(legal, 1))


def candidates(ctx: Context, safety_allowed: bool, keep: int) -> list[tuple[Stroke, CallValue, str]]:
    """The ``keep`` best safety strokes of the module docstring: (stroke, call, kind) each."""
    call: CallValue = SAFETY if safety_allowed else None
    direct = direct_strokes(ctx, ctx.targets() or sorted(ctx.situation.on_table))
    fan = fan_strokes()
    found = scored(ctx, direct + fan, call, ["safety"] * len(direct) + ["fan"] * len(fan))
    found.sort(key=lambda s: -s[0])
    more = [(v, kind) for _, stroke, _, kind, _ in found[:REFINE] for v in variants(stroke)]
    found += scored(ctx, [v for v, _ in more], call, [kind for _, kind in more])
    found.sort(key=lambda s: -s[0])
    shortlist: list[Scored] = []
    per_ball: dict[int, int] = {}
    cap = per_ball_cap(len(ctx.targets() or ctx.situation.on_table), keep)
    for entry in found:
        if per_ball.get(entry[2], 0) < cap:
            per_ball[entry[2]] = per_ball.get(entry[2], 0) + 1
            shortlist.append(entry)
        if len(shortlist) == RESCORE:
            break
    rescored = [(value(ctx, *e[4], "pattern", None, replies=True), e) for e in shortlist]  # type: ignore[arg-type]
    rescored.sort(key=lambda s: -s[0])
    return [(e[1], call, e[3]) for _, e in rescored[:keep]]
