"""Practice positions: random layouts, and a straight-pool match that starts from one.

A practice shot is refereed as a 14.1 shot (call any ball in any pocket;
RULES 14.1-5): the referee, not this module, decides what counts as a legal
pot and what is a foul. ``practice_match`` starts the match from the
practice layout (``Match.from_position``): A to shoot, the cue ball where it
lies, no break pending.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from poolhall.equipment import CUE, OBJECT_BALLS, TableSpec
from poolhall.game import Match
from poolhall.game.simple_player import pocket_points
from poolhall.layout import Layout
from poolhall.rules.model import Options

#: A random ball keeps this far from every pocket's mouth centre (m): none starts in the jaws.
POCKET_CLEARANCE = 0.15
#: Extra room between random balls and from the cushions (m), beyond touching.
GAP = 0.005
MAX_TRIES = 10_000


def random_layout(rng: np.random.Generator, balls: int, table: TableSpec) -> Layout:
    """The cue ball and ``balls`` object balls (a random choice of numbers) at random, apart, off the jaws."""
    if not 1 <= balls <= len(OBJECT_BALLS):
        raise ValueError(f"balls: a practice layout has 1 to 15 object balls, got {balls}")
    r = table.ball.radius
    lo, hi = r + GAP, (table.length - r - GAP, table.width - r - GAP)
    pockets = list(pocket_points(table).values())
    numbers = [CUE, *sorted(int(b) for b in rng.choice(OBJECT_BALLS, size=balls, replace=False))]
    placed: dict[int, tuple[float, float]] = {}
    for _ in range(MAX_TRIES):
        if len(placed) == len(numbers):
            return Layout.from_positions(placed, table)
        xy = (float(rng.uniform(lo, hi[0])), float(rng.uniform(lo, hi[1])))
        if any(math.dist(xy, p) < POCKET_CLEARANCE for p in pockets):
            continue
        if any(math.dist(xy, q) < 2 * r + GAP for q in placed.values()):
            continue
        placed[numbers[len(placed)]] = xy
    raise ValueError(f"no room for {balls} balls after {MAX_TRIES} tries")


def fixed_layout(positions: Mapping[int, tuple[float, float]], table: TableSpec) -> Layout:
    """A practice position given by the user: the cue ball and at least one object ball (``ValueError`` else)."""
    layout = Layout.from_positions(positions, table)
    if layout.position(CUE) is None or len(layout.on_table) < 2:
        raise ValueError("a practice position needs the cue ball (0) and at least one object ball")
    return layout


def practice_match(layout: Layout, seed: int, options: Options | None = None) -> Match:
    """A 14.1 match at ``layout``: A to shoot, no break, the cue ball where it lies."""
    return Match.from_position("straight-pool", layout, shooter="A", options=options, seed=seed)
