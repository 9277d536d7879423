"""Ball in hand placed by what the shot search makes of the spot (pro, ``Level.hand_spots``).

``placement.best_spot`` judges a spot by geometry alone: the straight-in chances it sees. It knows
nothing of the shape the first shot can get on the second ball, nor of a cluster the cue ball could
open, so a spot with a sure pot and no way on scores as well as one with a sure pot and a natural
route to the next ball. Here the geometric spots are only the shortlist:

1. the spots ranked by ``placement.spot_score`` (problem balls included), and the ``hand_spots``
   best kept with at most one per pot and side: each spot's best pot (ball, pocket) and the side of
   the line its cut angle puts it on, so the shortlist holds a few pots each from either side (a little
   angle is what a player places for: the cue ball can then be sent along the tangent line);
2. from each, that spot's ``SHOTS`` best pots tried with pro's wide strokes (``Level.wide_arrivals`` x
   ``spins`` x ``sides``), each aimed with one Newton step and played once without noise, valued as the
   search's prune values them (``search.played``: the pattern, problem balls and trouble, so a stroke
   whose cue ball opens a cluster is worth what it frees);
3. a stroke's worth is its pot's quick chance times its value, plus what a miss costs otherwise
   (``MISS``): a noiseless play makes every pot, and without the chance a long thin cut with a fine
   leave would beat a short one with a good leave. The spot of the best stroke wins.

No random stream: the spot is a function of the table, so the placement and the stroke (asked
separately, maybe in different processes) agree, and the search then plays from the spot as usual.
Where no spot has a pot, ``placement.best_spot``'s safety spot stands.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.ai import placement, problems, search, shots
from poolhall.ai.context import Context
from poolhall.ai.evaluate import LEAVE, refine_aim
from poolhall.ai.geometry import Point
from poolhall.ai.levels import Level
from poolhall.equipment import CUE
from poolhall.layout import Layout

#: What a missed pot is taken to be worth: the turn passes with the opponent left a shot.
MISS = -LEAVE
#: Pots tried from each shortlisted spot (its best first).
SHOTS = 2


def searched_spot(ctx: Context, level: Level) -> tuple[Point, float]:
    """The spot for the cue ball in hand and its worth (see the module docstring)."""
    empty = ctx.layout.with_positions({CUE: None})
    spots = placement.candidate_spots(ctx, empty)
    if not spots:
        raise ValueError("no legal spot for the cue ball")  # a table this full cannot happen in play
    bonus = np.array([problems.cleared(ctx, b) for b in ctx.targets()])
    # reversed: the quick chance caps at ``geometry.MAX_CHANCE``, so most open spots tie, and a tie goes to the
    # spots built behind the ghost balls (listed after the grid), placed for a slight cut at a short distance
    ranked = sorted(spots[::-1], key=lambda xy: -placement.spot_score(ctx, empty, xy, bonus))
    short = shortlist(ctx, empty, ranked, level.hand_spots)
    worths = [spot_worth(ctx, level, xy) for xy in short]
    if not worths or max(worths) == -math.inf:
        return placement.best_spot(ctx)
    best = int(np.argmax(worths))
    return short[best], worths[best]


def shortlist(ctx: Context, empty: Layout, ranked: list[Point], keep: int) -> list[Point]:
    """The first ``keep`` of ``ranked`` that have a pot, at most one per (ball, pocket, side of the line)."""
    out: list[Point] = []
    seen: set[tuple[int, str, bool]] = set()
    for xy in ranked:
        found = shots.pots(empty.with_positions({CUE: xy}), xy, ctx.targets(), ctx.noise.sigma_phi)
        if not found:
            continue
        best = found[0]
        key = (best.first, str(best.pocket), side_of(empty, xy, best))
        if key not in seen:
            seen.add(key)
            out.append(xy)
            if len(out) == keep:
                break
    return out


def side_of(empty: Layout, cue: Point, shot: shots.Shot) -> bool:
    """Which side of the object ball's line to the pocket the cue ball is on (the sign of the cross product)."""
    ball = empty.position(shot.first)
    assert shot.direction is not None and ball is not None
    dx, dy = shot.direction
    return dx * (cue[1] - ball[1]) - dy * (cue[0] - ball[0]) > 0


def spot_worth(ctx: Context, level: Level, xy: Point) -> float:
    """The best stroke's worth from ``xy`` (step 2 and 3 of the module docstring); -inf with no pot."""
    here = ctx.with_layout(ctx.layout.with_positions({CUE: xy}))
    found = shots.pots(here.layout, xy, here.targets(), here.noise.sigma_phi)[:SHOTS]
    chance = {shot.call(): shot.estimate for shot in found}
    candidates = [
        search.Candidate(refine_aim(here, shot, stroke, steps=1), shot.call(), shot.kind)
        for shot in found
        for stroke in shots.strokes(shot, level.wide_arrivals, level.spins, level.sides)
    ]
    if not candidates:
        return -math.inf
    return max(
        chance[p.candidate.call] * p.score + (1 - chance[p.candidate.call]) * MISS
        for p in search.played(here, candidates, search.first_position(level))
    )
