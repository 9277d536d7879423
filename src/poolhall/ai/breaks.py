"""The break, planned by simulation: where to put the cue ball in the kitchen, which ball to hit and how.

Eight-ball (8B-6): every plan of spot x first ball x speed x tip height is
simulated under the level's noise and ruled by the referee
(``evaluate.estimate``): a legal break that pockets a ball and leaves the
cue ball with a shot (near the middle of the table, not in a pocket) is
best, a scratch or a breaking foul worst (worse than a foul mid-game:
``BREAK_FOUL_EXTRA``). The spots run across the kitchen
from the middle to near either side rail; the first ball is the apex (full,
or a quarter ball off it) or the second-row ball on the spot's side (the
"second-ball break" of players who break from the side rail: the apex is
driven sideways into the pack instead of straight back, and the cue ball
comes off the pack toward the middle). Speeds up to 11.5 m/s, draw, stun or
follow. A first pass with a few samples per plan keeps the best
``FINALISTS``; they are simulated again with more samples and the best wins.

14.1 opening break (14.1-6): a safety break, thin on a back-corner ball of
the rack with running side, slow enough that the cue ball comes back up
table; tried at a few speeds and thicknesses from several spots.

The plan depends only on the rack as a player sees it, the game, the table
and the level. A rack whose balls each lie within ``SNAP`` of a slot of the
tight triangle (every rack the game makes: issue 14's loose racks move balls
hundredths of a millimetre) is planned as that tight triangle, so one search
serves every rack of a match instead of one search per rack (about 7 s for
pro); the stroke is then aimed at the rack on the table (the plan is kept as
a spot and an index into ``eight_ball_plans``, which aim at the real apex or
second ball). The balls are relabelled in a fixed order before planning
(which object ball lies where does not change a break's physics), its random
stream is seeded from that geometry, and the plan is kept per process
(``_PLANS``), so the placement and the stroke, asked separately (maybe in
different processes), agree. A rack of another shape is planned as it lies.

That search cannot tell the best plans apart: at the tournament noise a
plan's value is mostly whether the break keeps the table (worth about six
units against a miss), so the leaders differ by a few tenths where one sample
spreads over several units, and 24 samples chose by luck (session 24, on
2 000 fresh racks: pro's plan kept the table on 72 % of them and scratched on
4 %; the plan the planner itself values highest with many samples keeps 77 %
and scratches on 2 %). So pro's plans are searched once, long (``deep_search``:
successive halving to 2 048 samples a finalist, spread over loose copies of
the rack drawn as the game loosens its racks, since a break turns on gaps no
player sees), and kept in the break book (``break_book.json``, written by
``benchmarks/break_book.py``), keyed by everything the search depends on
(``book_key``); a plan the book lacks is searched as above.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from poolhall import racking
from poolhall.ai.context import Context
from poolhall.ai.evaluate import estimate
from poolhall.ai.geometry import Point
from poolhall.ai.levels import Level
from poolhall.equipment import CUE, EIGHT, PhysicsParams, TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke

EIGHT_SPEEDS = (8.0, 10.0, 11.5)
EIGHT_TIPS = (-0.2, 0.0, 0.3)
STRAIGHT_SPEEDS = (2.2, 2.8, 3.4)
#: Hits on the second-row ball, in ball diameters off its centre (- toward the rack's middle).
SECOND_BALL_OFFSETS = (-0.15, 0.0, 0.15)
#: Kitchen spots across the table, as fractions of the width from the middle (+ and -).
SPOT_FRACTIONS = (0.0, 0.25, 0.33, 0.4)
#: Plans kept for the second pass, and samples per plan there (the first pass uses the level's safety_samples).
FINALISTS = 6
FINAL_SAMPLES = 24
#: What a breaking foul costs beyond the search's usual ``evaluate.FOUL``: the opponent then has the
#: cue ball in hand on an opened rack (8B-6), which at these noise levels he often runs, about half a
#: game (WIN / 2 = 3) rather than the mid-game foul's 1.2.
BREAK_FOUL_EXTRA = 1.8
#: Plans kept per process (a table size and game give one rack shape; the key holds every setting of the level,
#: not just its name: a test-sized "pro" must not reuse the real one's plan).
PLAN_CACHE = 32
_PLANS: dict[bytes, tuple[Point, int]] = {}
#: How far (m) a ball may lie from a slot of the tight triangle for the rack to be planned as that triangle:
#: a millimetre, far beyond the gaps a racked triangle leaves and far below what a player can see.
SNAP = 0.001
#: The break book: plans found by ``deep_search``, by ``book_key`` (``benchmarks/break_book.py`` writes it).
BOOK = Path(__file__).with_name("break_book.json")
_BOOK: dict[str, dict[str, Any]] = {}
#: ``deep_search``'s budget: every plan's first samples, then rounds that keep the best plans (by their mean
#: over every sample so far) and top each up to that many samples; the loose racks the samples are spread over.
DEEP_FIRST = 32
DEEP_ROUNDS = ((30, 128), (8, 512), (3, 2048))
DEEP_RACKS = 64


def kitchen_spots(table: TableSpec) -> list[Point]:
    """Cue-ball spots for a break: a little behind the head string, from the middle toward either side rail."""
    x = table.head_string_x - 0.08
    w = table.width
    return [(x, w / 2 + sign * f * w) for f in SPOT_FRACTIONS for sign in ((1,) if f == 0 else (1, -1))]


def _toward(spot: Point, target: Point, thickness_offset: float, r: float) -> float:
    """The cue direction from ``spot`` at ``target`` moved sideways by ``thickness_offset`` ball diameters."""
    centre = math.atan2(target[1] - spot[1], target[0] - spot[0])
    d = math.dist(spot, target)
    return centre + math.asin(max(-1.0, min(1.0, thickness_offset * 2 * r / d)))


def eight_ball_plans(layout: Layout, spot: Point) -> list[Stroke]:
    """Strokes from ``spot``: apex full or quarter ball, or the second-row ball on the spot's side; every speed, tip."""
    r = layout.table.ball.radius
    balls = sorted((b for b in layout.on_table if b != CUE), key=lambda b: layout.positions[b][0])
    apex = tuple(layout.positions[balls[0]])
    side = 1 if spot[1] >= apex[1] else -1  # the side of the rack the cue ball comes from
    second = max(balls[1:3], key=lambda b: side * layout.positions[b][1])
    row2 = tuple(layout.positions[second])
    aims = [_toward(spot, apex, 0.0, r), _toward(spot, apex, 0.25 * side, r)]
    aims += [_toward(spot, row2, f, r) for f in SECOND_BALL_OFFSETS]
    return [Stroke(speed=v, phi=phi, b=tip) for phi in aims for v in EIGHT_SPEEDS for tip in EIGHT_TIPS]


def straight_pool_plans(layout: Layout, spot: Point) -> list[Stroke]:
    """Thin hits on the back-corner ball nearer the spot's side, with running side, at gentle speeds."""
    r = layout.table.ball.radius
    balls = [b for b in layout.on_table if b != CUE]
    back = max(layout.positions[b][0] for b in balls)
    corners = [b for b in balls if layout.positions[b][0] > back - r]
    corner = min(corners, key=lambda b: abs(layout.positions[b][1] - spot[1]))
    cxy = tuple(layout.positions[corner])
    side = 1 if cxy[1] > layout.table.width / 2 else -1
    thin = (0.75, 0.85)
    return [Stroke(speed=v, phi=_toward(spot, cxy, side * f, r), a=-0.3 * side) for v in STRAIGHT_SPEEDS for f in thin]


def canonical(layout: Layout, game: str) -> Layout:
    """The rack with its balls relabelled in order of position (eight-ball: the 8 stays where the 8 is)."""
    balls = sorted((b for b in layout.on_table if b != CUE), key=lambda b: tuple(np.round(layout.positions[b], 6)))
    eight_at = next((b for b in balls if b == EIGHT), None) if game == "eight-ball" else None
    labels = iter(b for b in range(1, 16) if b != EIGHT or eight_at is None)
    moves: dict[int, Point | None] = {b: None for b in range(1, 16)}
    for b in balls:
        moves[EIGHT if b == eight_at else next(labels)] = tuple(layout.positions[b])
    return layout.with_positions(moves)


def plan_break(ctx: Context, level: Level, spots: list[Point] | None = None) -> tuple[Point, Stroke]:
    """The best (spot, stroke) over ``spots`` (default ``kitchen_spots``): from the break book, else searched."""
    layout, key = plan_key(ctx, level, spots)
    if key not in _PLANS:
        if len(_PLANS) >= PLAN_CACHE:
            _PLANS.clear()
        found = from_book(key) if spots is None else None
        _PLANS[key] = found or _search(replace(ctx, layout=layout), level, spots or kitchen_spots(layout.table), key)
    spot, index = _PLANS[key]
    return spot, _plans_of(ctx.game)(ctx.layout.with_positions({CUE: None}), spot)[index]


def plan_key(ctx: Context, level: Level, spots: list[Point] | None = None) -> tuple[Layout, bytes]:
    """The rack a plan is searched on (``canonical``, snapped to the triangle) and the search's key: the rack,
    the game, the table, every setting of the level and the spots."""
    rack = ctx.layout.with_positions({CUE: None})
    layout = canonical(as_racked(rack) or rack, ctx.game)
    return layout, layout.positions.tobytes() + f"{ctx.game}|{layout.table}|{level!r}|{spots}".encode()


def book_key(key: bytes) -> str:
    """The break book's name for a search ``key``, with what else a plan depends on: the plans tried and the
    physics (a book built before either changed is not read)."""
    grid = (EIGHT_SPEEDS, EIGHT_TIPS, SECOND_BALL_OFFSETS, SPOT_FRACTIONS, STRAIGHT_SPEEDS, PhysicsParams())
    return hashlib.sha256(key + repr(grid).encode()).hexdigest()[:24]


def from_book(key: bytes) -> tuple[Point, int] | None:
    """The break book's plan for a search ``key`` (its spot and index), or None."""
    if not _BOOK and BOOK.exists():
        _BOOK.update(json.loads(BOOK.read_text()))
    entry = _BOOK.get(book_key(key))
    return None if entry is None else ((entry["spot"][0], entry["spot"][1]), entry["index"])


def as_racked(rack: Layout) -> Layout | None:
    """``rack`` with every ball moved onto the tight triangle's slot within ``SNAP`` of it; None if one has none."""
    slots = racking.rack_slots(rack.table)
    moves: dict[int, Point | None] = {}
    taken: set[int] = set()
    for ball in rack.on_table:
        xy = rack.positions[ball]
        k = min(range(len(slots)), key=lambda i: math.dist(slots[i], xy))
        if k in taken or math.dist(slots[k], xy) > SNAP:
            return None
        taken.add(k)
        moves[ball] = slots[k]
    return rack.with_positions(moves)


def _plans_of(game: str) -> Callable[[Layout, Point], list[Stroke]]:
    return eight_ball_plans if game == "eight-ball" else straight_pool_plans


def _search(ctx: Context, level: Level, spots: list[Point], key: bytes) -> tuple[Point, int]:
    """The best plan's spot and its index among ``_plans_of(game)(rack, spot)``."""
    rng = np.random.default_rng(zlib.crc32(key))
    plans = []
    for spot in spots:
        placed = ctx.with_layout(ctx.layout.with_positions({CUE: spot}))
        plans += [(placed, spot, i, stroke) for i, stroke in enumerate(_plans_of(ctx.game)(ctx.layout, spot))]
    first = [_value(c, s, level.safety_samples, rng) for c, _, _, s in plans]
    kept = [plans[i] for i in np.argsort(first)[::-1][:FINALISTS]]
    second = [_value(c, s, FINAL_SAMPLES, rng) for c, _, _, s in kept]
    _, spot, index, _ = kept[int(np.argmax(second))]
    return spot, index


def deep_search(ctx: Context, level: Level, tick: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The break book's entry for ``ctx``'s rack: the best plan by successive halving (``DEEP_FIRST``,
    ``DEEP_ROUNDS``) over ``DEEP_RACKS`` loose copies of the rack, sample ``n`` of every plan on copy
    ``n % DEEP_RACKS`` (so the plans meet the same racks); ``tick`` is called after each round. Seeded by the
    search's key."""
    layout, key = plan_key(ctx, level)
    ctx = replace(ctx, layout=layout)
    seed = zlib.crc32(key)
    rng = np.random.default_rng(seed)
    racks = _loose_copies(layout, seed)
    plans = [(spot, i) for spot in kitchen_spots(layout.table) for i in range(len(_plans_of(ctx.game)(layout, spot)))]
    totals, counts = np.zeros(len(plans)), np.zeros(len(plans), dtype=int)
    alive = list(range(len(plans)))
    for keep, want in ((len(plans), DEEP_FIRST), *DEEP_ROUNDS):
        alive = sorted(alive, key=lambda j: -totals[j] / max(counts[j], 1))[:keep]
        for j in alive:
            totals[j] += _sum_of_values(ctx, racks, plans[j], range(counts[j], want), rng)
            counts[j] = max(counts[j], want)
        if tick is not None:
            tick(f"{len(alive)} plans at {want} samples")
    ranked = sorted(alive, key=lambda j: -totals[j] / counts[j])
    spot, index = plans[ranked[0]]
    mean = {j: round(float(totals[j] / counts[j]), 4) for j in ranked}
    return {
        "key": book_key(key),
        "game": ctx.game,
        "table": layout.table.name,
        "level": level.name,
        "spot": list(spot),
        "index": index,
        "stroke": repr(_plans_of(ctx.game)(layout, spot)[index]),
        "finalists": [[*plans[j][0], plans[j][1], mean[j], int(counts[j])] for j in ranked],  # spot, index, value, n
    }


def _loose_copies(rack: Layout, seed: int) -> list[Layout]:
    """``DEEP_RACKS`` copies of a tight rack, loosened as the game loosens its racks (``racking.loosen``); a rack
    that is not the tight triangle is judged as it lies."""
    if as_racked(rack) is None:
        return [rack]
    balls = sorted((b for b in rack.on_table if b != CUE), key=lambda b: tuple(np.round(rack.positions[b], 6)))
    slots = [tuple(rack.positions[b]) for b in balls]  # the apex first, as ``loosen`` expects
    r = rack.table.ball.radius
    return [
        rack.with_positions(dict(zip(balls, racking.loosen(slots, r, random.Random(seed + k)), strict=True)))
        for k in range(DEEP_RACKS)
    ]


def _sum_of_values(
    ctx: Context, racks: list[Layout], plan: tuple[Point, int], samples: range, rng: np.random.Generator
) -> float:
    """The plan's value summed over ``samples``, sample ``n`` played on ``racks[n % len(racks)]`` (one simulation
    batch a rack)."""
    spot, index = plan
    total = 0.0
    for k, rack in enumerate(racks):
        n = len(range(samples.start + (k - samples.start) % len(racks), samples.stop, len(racks)))
        if n:
            placed = ctx.with_layout(rack.with_positions({CUE: spot}))
            total += n * _value(placed, _plans_of(ctx.game)(rack, spot)[index], n, rng)
    return total


def _value(ctx: Context, stroke: Stroke, samples: int, rng: np.random.Generator) -> float:
    found = estimate(ctx, stroke, None, samples, rng, "quick")
    extra = BREAK_FOUL_EXTRA if ctx.game == "eight-ball" else 0.0
    return found.value - extra * found.foul_rate
