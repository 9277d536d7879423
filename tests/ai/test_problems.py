"""Problem balls (``ai/problems.py``): access from the table, what they cost a leave, and the search clearing them."""

from __future__ import annotations

import math

import numpy as np

from poolhall.ai import geometry, placement, problems, shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.noise import NoiseModel
from poolhall.equipment import TableSpec
from poolhall.game import Match
from poolhall.layout import Layout

from .helpers import match_at

TOURNAMENT = NoiseModel.tournament()
R = TableSpec.nine_foot().ball.radius
GROUPS = {"A": "solids", "B": "stripes"}


def _ctx(match: Match) -> Context:
    return context_of(match.view(), TOURNAMENT)


def _ring(centre: tuple[float, float], first: int, count: int) -> dict[int, tuple[float, float]]:
    """``count`` balls numbered from ``first`` around ``centre``, a few millimetres off touching it."""
    angles = np.linspace(0, 2 * np.pi, count, endpoint=False)
    return {first + k: (centre[0] + 2.15 * R * math.cos(a), centre[1] + 2.15 * R * math.sin(a))
            for k, a in enumerate(angles)}  # fmt: skip


def test_a_walled_in_ball_has_no_access_and_an_open_one_has_plenty() -> None:
    walled = (1.9, 0.6)
    layout = Layout.from_positions({1: (0.8, 0.5), 2: walled, **_ring(walled, 9, 6)})
    free, boxed = problems.access(layout, [1, 2], TOURNAMENT.sigma_phi)
    assert free > problems.ENOUGH
    assert boxed == 0.0


def test_access_counts_the_spots_with_a_fair_pot_by_the_quick_estimate() -> None:
    """The share agrees with ``geometry.chances_from`` on the same grid without the floor."""
    layout = Layout.from_positions({1: (0.8, 0.5), 2: (1.5, 0.9), 3: (2.2, 0.2), 9: (1.2, 0.7), 10: (2.0, 0.35)})
    spots = shots.table_spots(layout.table, False, problems.GRID)
    full = geometry.chances_from(layout, spots, [1, 2, 3], TOURNAMENT.sigma_phi).max(axis=2)
    found = problems.access(layout, [1, 2, 3], TOURNAMENT.sigma_phi)
    np.testing.assert_allclose(found, (full >= problems.FAIR).mean(0))


def test_the_cost_counts_the_shooters_balls_and_the_eight_only() -> None:
    walled = (1.9, 0.6)
    base = {0: (0.5, 0.6), 1: (0.8, 0.3), 8: (1.2, 1.0)}
    mine = _ctx(match_at({**base, 2: walled, **_ring(walled, 9, 6)}, groups=GROUPS))
    theirs = _ctx(match_at({**base, 15: walled, **_ring(walled, 9, 6)}, groups=GROUPS))
    assert problems.cost(mine) >= problems.COST * 0.99  # the boxed 2 is his to pot
    assert problems.cost(theirs) < 0.2 * problems.COST  # the boxed 15 is the opponent's
    straight = _ctx(match_at({**base, 2: walled, **_ring(walled, 9, 6)}, game="straight-pool"))
    assert problems.cost(straight) == 0.0


def test_on_an_open_table_the_cost_is_the_cheaper_groups() -> None:
    walled = (1.9, 0.6)
    ring = _ring(walled, 0, 6)
    table = {0: (0.5, 0.6), 1: (0.8, 0.3), 9: (1.3, 0.3), 8: (1.2, 1.0), 2: walled,
             **{b: ring[k] for k, b in enumerate((3, 13, 4, 14, 5, 15))}}  # fmt: skip
    solids = problems.cost(_ctx(match_at(table, groups=GROUPS)))
    stripes = problems.cost(_ctx(match_at(table, groups={"A": "stripes", "B": "solids"})))
    assert solids > stripes + 0.5 * problems.COST  # the boxed 2 is a solid; the ring is half each
    assert problems.cost(_ctx(match_at(table))) == stripes


def test_potting_the_problem_ball_is_worth_what_it_clears() -> None:
    """What a pot clears (the cost before less the cost after, as ``evaluate.value`` adds it): the boxed
    ball's cost when it is potted, nothing when an open ball is potted instead."""
    walled = (1.9, 0.6)
    before = {0: (0.5, 0.6), 1: (0.8, 0.3), 3: (0.9, 1.0), 8: (1.2, 1.0), 2: walled, **_ring(walled, 9, 6)}
    ctx = _ctx(match_at(before, groups=GROUPS))
    assert problems.cost(ctx) > 0.9 * problems.COST
    cleared = problems.cost(ctx) - problems.cost(ctx.with_layout(ctx.layout.with_positions({2: None})))
    kept = problems.cost(ctx) - problems.cost(ctx.with_layout(ctx.layout.with_positions({1: None})))
    assert cleared > 0.9 * problems.COST
    assert abs(kept) < 0.1 * problems.COST


def test_what_a_pot_clears_and_on_an_open_table_the_group_it_chooses() -> None:
    walled = (1.9, 0.6)
    ring = _ring(walled, 0, 6)
    table = {0: (0.5, 0.6), 1: (0.8, 0.3), 9: (1.3, 0.3), 8: (1.2, 1.0), 2: walled,
             **{b: ring[k] for k, b in enumerate((3, 13, 4, 14, 5, 15))}}  # fmt: skip
    solids = _ctx(match_at(table, groups=GROUPS))
    assert problems.cleared(solids, 2) > 0.9 * problems.COST
    assert abs(problems.cleared(solids, 1)) < 0.1 * problems.COST
    assert problems.cleared(solids, 8) == 0.0
    open_table = _ctx(match_at(table))  # potting a solid chooses the costlier group
    assert problems.cleared(open_table, 1) < -0.5 * problems.COST
    assert abs(problems.cleared(open_table, 9)) < 0.1 * problems.COST


def test_in_hand_the_cue_ball_goes_where_the_problem_ball_can_be_potted() -> None:
    """Two solids: 1 in the open, 2 near the foot-right corner among stripes, potted straight in only from
    along the rail. Both give a near-certain pot from the right spot; in hand, pro takes the problem ball."""
    table = {2: (2.2, 0.06), 9: (2.14, 0.12), 10: (2.23, 0.13), 11: (2.02, 0.16), 14: (2.32, 0.2),
             1: (1.0, 0.75), 8: (0.6, 0.9), 12: (0.4, 0.3), 13: (1.5, 1.1)}  # fmt: skip
    ctx = _ctx(match_at(table, groups=GROUPS, ball_in_hand="anywhere"))
    sigma = TOURNAMENT.sigma_phi
    assert problems.access(ctx.layout, [1, 2], sigma)[1] < 0.1 * problems.ENOUGH
    spot, score = placement.best_spot(ctx)
    chances = geometry.chances(ctx.layout.with_positions({0: spot}), spot, [1, 2], sigma).max(axis=1)
    assert chances[1] > 0.9 and score > 0.9
