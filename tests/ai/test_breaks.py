"""The break plan (``ai/breaks.py``): one plan per rack shape, from the kitchen, and better than a plain break."""

from __future__ import annotations

import math

import numpy as np
import pytest

from poolhall import racking
from poolhall.ai import breaks
from poolhall.ai.context import context_of
from poolhall.ai.evaluate import estimate
from poolhall.ai.player import ComputerPlayer
from poolhall.equipment import CUE, EIGHT
from poolhall.game import Match
from poolhall.physics import Stroke
from poolhall.rules.model import Options

from .helpers import light


def _break_context(seed: int):
    match = Match("eight-ball", Options(), seed=seed, lag_winner="A")
    player = ComputerPlayer(light("pro"))
    while match.view().asked.kind not in ("place", "shoot"):
        match.apply(match.state.to_act, player.act(match.view()))
    return context_of(match.view(), player.level.noise)


def test_relabelling_keeps_the_rack_shape_and_the_eight() -> None:
    ctx = _break_context(1)
    rack = ctx.layout.with_positions({CUE: None})
    same = breaks.canonical(rack, "eight-ball")
    assert sorted(same.on_table) == sorted(rack.on_table)
    assert same.position(EIGHT) == rack.position(EIGHT)
    shape = sorted(map(tuple, rack.positions[sorted(rack.on_table)]))
    assert sorted(map(tuple, same.positions[sorted(same.on_table)])) == shape


@pytest.mark.slow
def test_a_rack_gets_one_plan_from_the_kitchen_whoever_asks() -> None:
    """The plan depends only on the rack (seeded from its shape): made again from scratch it is the same."""
    a = _break_context(1)
    level = light("pro")
    spot, stroke = breaks.plan_break(a, level)
    breaks._PLANS.clear()  # as in another process
    assert breaks.plan_break(a, level) == (spot, stroke)
    assert racking.behind_head_string(a.layout.table, spot)
    assert 0 < stroke.speed <= max(breaks.EIGHT_SPEEDS)


def test_the_plan_beats_a_plain_centre_break_under_noise() -> None:
    ctx = _break_context(1)
    level = light("pro")
    spot, stroke = breaks.plan_break(ctx, level)
    table = ctx.layout.table
    centre = (table.head_string_x - 0.08, table.width / 2)
    plain = Stroke(speed=8.0, phi=0.0)  # straight at the apex from the middle of the kitchen
    rng = np.random.default_rng(5)
    planned = estimate(ctx.with_layout(ctx.layout.with_positions({CUE: spot})), stroke, None, 40, rng, "quick")
    centred = estimate(ctx.with_layout(ctx.layout.with_positions({CUE: centre})), plain, None, 40, rng, "quick")
    assert planned.pot_rate > centred.pot_rate  # keeps the table more often


def test_a_loose_rack_is_planned_as_the_tight_triangle_it_was_racked_in() -> None:
    """Issue 14's racks move balls hundredths of a millimetre: a player sees the same triangle every time."""
    tight = racking.rack_slots(racking.eight_ball_rack(1).table)
    loose = [racking.eight_ball_rack(seed, loose=True) for seed in (1, 2, 3)]
    assert any(sorted(map(tuple, r.positions[sorted(r.on_table)])) != sorted(tight) for r in loose)
    for rack in loose:
        snapped = breaks.as_racked(rack)
        assert snapped is not None
        assert sorted(map(tuple, snapped.positions[sorted(snapped.on_table)])) == sorted(tight)
        assert math.dist(snapped.position(EIGHT), rack.position(EIGHT)) < breaks.SNAP  # the 8 keeps its slot
    moved = racking.eight_ball_rack(1)
    apex = min(moved.on_table, key=lambda b: moved.positions[b][0])
    x, y = moved.positions[apex]
    assert breaks.as_racked(moved.with_positions({apex: (x - 0.005, y)})) is None  # 5 mm off: planned as it lies


@pytest.mark.slow
def test_one_search_serves_every_rack_and_each_stroke_aims_at_its_own_rack() -> None:
    level = light("pro")
    breaks._PLANS.clear()
    planned = []
    for seed in (1, 2):
        ctx = _break_context(seed)
        spot, stroke = breaks.plan_break(ctx, level)
        rack = ctx.layout.with_positions({CUE: None})
        assert stroke in breaks.eight_ball_plans(rack, spot)  # aimed at this rack's balls, not the triangle's
        planned.append((spot, stroke))
    assert len(breaks._PLANS) == 1
    assert planned[0][0] == planned[1][0]
