"""Position with the ball after next in mind (``ai/pattern.py``), 14.1 break balls, the opponent's simulated reply."""

from __future__ import annotations

import math

import numpy as np

from poolhall import racking
from poolhall.ai import evaluate, geometry, pattern, search, shots
from poolhall.ai.context import Context, context_of, next_context
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.noise import NoiseModel
from poolhall.equipment import TableSpec
from poolhall.game import Match
from poolhall.layout import Layout
from poolhall.physics import simulate
from poolhall.rules.model import Options

from .helpers import light, match_at

TOURNAMENT = NoiseModel.tournament()


def _ctx(match: Match) -> Context:
    return context_of(match.view(), TOURNAMENT)


def test_the_rest_after_a_pot_is_the_group_then_the_eight() -> None:
    groups = {"A": "solids", "B": "stripes"}
    ctx = _ctx(match_at({0: (0.5, 0.5), 1: (1.0, 0.3), 2: (1.5, 0.9), 9: (2.0, 0.6), 8: (1.8, 0.3)}, groups=groups))
    assert pattern.rest_after(ctx, 1) == [2]
    assert pattern.rest_after(ctx, 8) is None  # potting the 8 wins
    last = _ctx(match_at({0: (0.5, 0.5), 1: (1.0, 0.3), 9: (2.0, 0.6), 8: (1.8, 0.3)}, groups=groups))
    assert pattern.rest_after(last, 1) == [8]
    open_table = _ctx(match_at({0: (0.5, 0.5), 1: (1.0, 0.3), 2: (1.5, 0.9), 9: (2.0, 0.6), 8: (1.8, 0.3)}))
    assert pattern.rest_after(open_table, 9) == [8]  # the 9 makes stripes the group, and it is the last stripe


def test_a_leave_is_worth_less_when_the_eight_cannot_be_reached_after_the_last_ball() -> None:
    """The same easy shot on the last solid; in one table the 8 is walled in by stripes, in the other
    it is open. The plain estimate sees only the next shot; the pattern sees the 8 behind it."""
    groups = {"A": "solids", "B": "stripes"}
    base = {0: (0.9, 0.5), 1: (1.2, 0.5)}
    eight = (2.0, 0.9)
    open_eight = {**base, 8: eight, 9: (0.3, 1.1)}
    r = TableSpec.nine_foot().ball.radius
    wall = {9 + k: (eight[0] + 2.1 * r * np.cos(a), eight[1] + 2.1 * r * np.sin(a))
            for k, a in enumerate(np.linspace(0, 2 * np.pi, 6, endpoint=False))}  # fmt: skip
    walled = {**base, 8: eight, **wall}
    free, boxed = _ctx(match_at(open_eight, groups=groups)), _ctx(match_at(walled, groups=groups))
    assert evaluate.quick_quality(free) == evaluate.quick_quality(boxed) > 0.85
    good, bad = pattern.quality(free), pattern.quality(boxed)
    assert good is not None and bad is not None
    assert good > bad + 0.2


def test_no_pattern_while_many_balls_are_left() -> None:
    table = {0: (0.5, 0.5), 8: (1.8, 0.3)} | {b: (0.3 + 0.25 * b, 0.9) for b in range(1, 8)}
    assert pattern.quality(_ctx(match_at(table, groups={"A": "solids", "B": "stripes"}))) is None


def _straight_pool(positions: dict[int, tuple[float, float]]) -> Context:
    layout = Layout.from_positions(positions)
    return _ctx(Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=100)))


def test_the_break_shot_counts_when_the_cue_ball_runs_into_the_rack() -> None:
    """A fresh 14.1 rack and its break ball beside it: a cut that sends the cue ball into the rack is worth
    its chance; a straight-in pot of the same ball, whose cue ball follows it away, only ``BREAKLESS`` of it."""
    slots = racking.rack_slots(TableSpec.nine_foot())
    ax, ay = slots[0]
    rack = dict(zip(range(1, 15), slots[1:], strict=True))
    ball = (ax + 0.05, ay + 0.33)
    into = _straight_pool({0: (ax - 0.2, ay + 0.33), 15: ball, **rack})
    away = _straight_pool({0: (ax - 0.45, ay + 0.05), 15: ball, **rack})
    assert pattern.break_ball(into) == 15
    good, poor = pattern.quality(into), pattern.quality(away)
    assert good is not None and poor is not None
    assert good > 0.9 and poor < 0.5


def test_the_break_ball_is_the_one_left_beside_the_rack() -> None:
    """Two balls left in 14.1: potting the one near the head rail leaves a break ball beside the rack, potting
    the one beside the rack leaves none: the reach of the first is far greater."""
    slots = racking.rack_slots(TableSpec.nine_foot())
    ax, ay = slots[0]
    near, far = (ax + 0.05, ay + 0.33), (0.35, 0.3)
    ctx = _straight_pool({0: (0.9, 0.5), 3: near, 7: far})
    spots = np.array([(x, y) for x in np.linspace(0.2, 2.3, 8) for y in np.linspace(0.2, 1.05, 5)])
    assert pattern.reach(ctx, 7, spots) > pattern.reach(ctx, 3, spots) + 0.3


def test_the_reply_sees_a_bank_the_straight_in_estimate_misses() -> None:
    """The opponent (stripes) has no straight pot but a bank of the 9; the simulated reply finds it."""
    positions = {
        0: (1.986, 0.376), 9: (1.839, 1.098), 8: (1.003, 1.194), 1: (1.154, 0.657), 2: (1.642, 0.186),
        3: (1.312, 0.514), 4: (2.421, 0.53), 5: (1.396, 0.646),
    }  # fmt: skip
    layout = Layout.from_positions(positions)
    groups = {"A": "solids", "B": "stripes"}
    ctx = _ctx(Match.from_position("eight-ball", layout, shooter="B", groups=groups))
    cue = positions[0]
    assert evaluate.quick_quality(ctx) == 0.0
    assert shots.banks(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)
    assert evaluate.reply_quality(ctx, np.random.default_rng(0), 12) > 0.2


def test_a_ball_frozen_in_a_cluster_has_no_way_to_a_pocket_and_costs_the_leave() -> None:
    """Three solids frozen in a row across the middle of the table: the middle one has no path to any pocket
    (its neighbours sit on every line to one), the ends do. Spread apart, all three are pocketable."""
    r = TableSpec.nine_foot().ball.radius
    groups = {"A": "solids", "B": "stripes"}
    row = {1: (1.6, 0.635 - 2 * r), 2: (1.6, 0.635), 3: (1.6, 0.635 + 2 * r)}
    ring = {9: (1.6 - 2 * r, 0.635), 10: (1.6 + 2 * r, 0.635)}
    tight = _ctx(match_at({0: (0.5, 0.5), **row, **ring, 8: (2.3, 1.1)}, groups=groups))
    free = _ctx(match_at({0: (0.5, 0.5), 1: (1.0, 0.3), 2: (1.6, 0.9), 3: (2.0, 0.3), 8: (2.3, 1.1)}, groups=groups))
    assert list(geometry.pocketable(tight.layout, [1, 2, 3])) == [True, False, True]
    assert geometry.pocketable(free.layout, [1, 2, 3]).all()
    assert evaluate.trouble(tight) == evaluate.TROUBLE and evaluate.trouble(free) == 0.0


def test_a_safety_leaves_the_opponent_no_simulated_pot_where_he_had_one() -> None:
    """Pro (test-sized search) has no pot, the opponent would have a sure one from where the cue ball lies;
    the safety pro chooses, played as meant, leaves his best simulated reply (banks, combinations too) poor.

    The cue ball was at (0.764, 1.026) until Mathavan 2010's cushion became the default: there the
    chosen safety's cue ball comes back off the rail livelier and leaves a pot in 14 of 30 noisy plays
    (and played as meant), a coin flip; from 10 cm nearer the head rail it leaves one in 2 of 30."""
    positions = {
        0: (0.664, 1.026), 1: (0.715, 0.076), 2: (0.648, 0.064), 9: (2.035, 0.184), 10: (2.437, 0.293),
        8: (0.792, 0.737),
    }  # fmt: skip
    groups = {"A": "solids", "B": "stripes"}
    layout = Layout.from_positions(positions)
    level = light("pro")
    his = _ctx(Match.from_position("eight-ball", layout, shooter="B", groups=groups))
    assert evaluate.reply_quality(his, np.random.default_rng(0), 12) > 0.9
    mine = context_of(Match.from_position("eight-ball", layout, shooter="A", groups=groups).view(), level.noise)
    choice = search.best_shot(mine, level, np.random.default_rng(0))
    assert choice.kind in ("safety", "kick", "fan")
    out = evaluate.play_out(mine, choice.stroke, choice.call)
    assert out is not None and not out[0].foul
    after = next_context(mine, out[1], out[0])
    assert after is not None and after.shooter == "B"
    assert evaluate.reply_quality(after, np.random.default_rng(0), 12) < 0.3


def test_a_full_rack_has_no_break_ball() -> None:
    """Fifteen balls racked with the apex filled (the opening, a fifteen-ball re-rack) leave no break ball."""
    slots = racking.rack_slots(TableSpec.nine_foot())
    full = _straight_pool({0: (0.5, 0.6), **dict(zip(range(1, 16), slots, strict=True))})
    assert pattern.break_ball(full) is None


def _moved(ctx: Context, stroke: object, balls: range, far: float) -> int:
    """How many of ``balls`` the noiseless ``stroke`` moves more than ``far`` metres."""
    final = simulate(ctx.layout, stroke).final  # type: ignore[arg-type]
    return sum(
        final.position(b) is None or float(np.hypot(*(np.subtract(final.position(b), ctx.layout.position(b))))) > far
        for b in balls
    )


def test_the_break_shot_is_also_tried_firm_and_opens_the_rack_wider() -> None:
    """On a fresh 14.1 rack pro also tries the break ball's pots at ``BREAK_ARRIVALS`` (pruned to ``BREAK_KEEP``):
    each calls the break ball, and the firm strokes scatter more rack balls than the firmest position
    stroke (2.2 m/s at the pocket) with the same tip. With no fresh rack, or below pro, there are none."""
    ctx, found = _break_shot_position()
    level = LEVEL_BY_NAME["pro"]
    firm, _ = search.break_shots(ctx, level, found)
    assert 0 < len(firm) <= pattern.BREAK_KEEP
    assert all(c.call is not None and c.call.ball == 15 for c in firm)  # type: ignore[union-attr]
    shot = next(s for s in found if s.ball == 15 and s.pocket == firm[0].call.pocket)  # type: ignore[union-attr]
    soft = [s for s in shots.strokes(shot, (max(level.wide_arrivals),), level.spins) if s.b == firm[0].stroke.b]
    hard, gentle = _moved(ctx, firm[0].stroke, range(1, 15), 0.1), _moved(ctx, soft[0], range(1, 15), 0.1)
    assert hard > gentle
    assert search.break_shots(ctx, light("strong"), found) == ([], [])
    spread_out = _straight_pool({0: (0.5, 0.6), 15: (1.9, 0.3), 3: (1.2, 0.9)})
    assert search.break_shots(spread_out, level, found) == ([], [])


def _break_shot_position() -> tuple[Context, list[shots.Shot]]:
    """A fresh 14.1 rack with the break ball beside its apex and the cue ball behind it, and its pots."""
    slots = racking.rack_slots(TableSpec.nine_foot())
    ax, ay = slots[0]
    rack = dict(zip(range(1, 15), slots[1:], strict=True))
    ctx = _straight_pool({0: (ax - 0.2, ay + 0.33), 15: (ax + 0.05, ay + 0.33), **rack})
    cue = ctx.layout.position(0)
    assert cue is not None
    return ctx, shots.pots(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)


def test_the_break_shots_try_side_and_the_pruned_ones_join_the_first_pass() -> None:
    """Session 16 (docs/ai.md, ``breakpair``): the firm break strokes are also tried with side either way
    (``search.BREAK_SIDES``), and the strokes the noiseless prune leaves out come back as the first pass's
    extra candidates (the second list, up to ``BREAK_SPARE``): one noiseless play into a pack is one draw of
    a chaotic outcome, so it must not decide alone which break shots are sampled."""
    ctx, found = _break_shot_position()
    level = LEVEL_BY_NAME["pro"]
    firm, spare = search.break_shots(ctx, level, found)
    tried = firm + spare
    pockets = {c.call.pocket for c in tried}  # type: ignore[union-attr]
    per_pocket = len(pattern.BREAK_ARRIVALS) * len(level.spins) * len(search.BREAK_SIDES)
    assert len(firm) == pattern.BREAK_KEEP
    assert len(tried) == min(len(pockets) * per_pocket, pattern.BREAK_KEEP + search.BREAK_SPARE)
    assert {math.copysign(1.0, c.stroke.a) for c in tried if c.stroke.a} == {-1.0, 1.0}
    assert all(c.call is not None and c.call.ball == 15 for c in spare)  # type: ignore[union-attr]


def test_into_rack_answers_for_many_cue_spots_at_once() -> None:
    """From beside a fresh rack's break ball, a cut whose cue ball runs into the rack counts and a straight-in
    line (the cue ball follows the ball away from the rack) does not, both asked in one call."""
    table = TableSpec.nine_foot()
    slots = np.asarray(racking.rack_slots(table))
    ax, ay = slots[0]
    ball = np.array([ax + 0.05, ay + 0.33])
    corner = np.array([table.length, table.width])
    aim = (corner - ball) / np.hypot(*(corner - ball))
    ghost = ball - 2 * table.ball.radius * aim
    cues = np.array([(ax - 0.2, ay + 0.33), ball - 0.3 * aim, (ax - 0.2, ay + 0.33)])
    assert list(pattern.into_rack(cues, ghost, aim, slots[1:], table.ball.radius)) == [True, False, True]
