"""Evaluation by simulation: aim correction, pot rates under noise, values from the real referee."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from poolhall.ai import shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.evaluate import (
    EIGHT_STAKE,
    RUN_STAKE,
    WIN,
    departure,
    endgame,
    estimate,
    judged,
    next_shot_quality,
    quick_quality,
    refine_aim,
    simulated_quality,
)
from poolhall.ai.noise import NoiseModel
from poolhall.physics import Stroke
from poolhall.rules.model import Call

from .helpers import match_at

TOURNAMENT = NoiseModel.tournament()


def _cut_shot() -> tuple[Context, shots.Shot]:
    match = match_at({0: (1.3, 0.45), 1: (1.9, 0.7), 8: (0.4, 1.0)}, groups={"A": "solids", "B": "stripes"})
    ctx = context_of(match.view(), NoiseModel.tournament())
    cue = ctx.layout.position(0)
    assert cue is not None
    shot = next(s for s in shots.pots(ctx.layout, cue, [1], ctx.noise.sigma_phi) if s.cut > math.radians(20))
    return ctx, shot


def test_aim_correction_removes_throw() -> None:
    """Ghost-ball aim misses the object-ball direction by the cut-induced throw; two Newton steps remove it."""
    ctx, shot = _cut_shot()
    stroke = shots.strokes(shot, arrivals=(0.8,), spins=(0.0,))[0]
    assert shot.direction is not None
    want = math.atan2(shot.direction[1], shot.direction[0])
    raw = departure(ctx.layout, stroke, shot.first)
    fixed = departure(ctx.layout, refine_aim(ctx, shot, stroke), shot.first)
    assert raw is not None and fixed is not None
    assert abs(math.remainder(want - fixed, 2 * math.pi)) < abs(math.remainder(want - raw, 2 * math.pi)) / 5


def test_pot_rate_falls_as_noise_grows() -> None:
    ctx, shot = _cut_shot()
    stroke = refine_aim(ctx, shot, shots.strokes(shot, arrivals=(0.8,), spins=(0.0,))[0])
    call = Call(shot.ball, shot.pocket)
    rates = []
    for scale in (1.0, 8.0):
        noisy = replace(ctx, noise=NoiseModel.tournament(scale))
        rates.append(estimate(noisy, stroke, call, 40, np.random.default_rng(2), "none").pot_rate)
    assert rates[0] > 0.8 and rates[1] < rates[0] - 0.2


def test_a_scratch_is_valued_as_a_foul() -> None:
    """The cue ball straight into a corner with nothing hit: every sample is a foul, whatever the noise."""
    match = match_at({0: (2.2, 0.3), 1: (1.0, 1.0), 8: (0.5, 0.4)}, groups={"A": "solids", "B": "stripes"})
    ctx = context_of(match.view(), NoiseModel.tournament())
    corner = (2.54, 0.0)
    phi = math.atan2(corner[1] - 0.3, corner[0] - 2.2)
    est = estimate(ctx, Stroke(speed=2.0, phi=phi), None, 8, np.random.default_rng(0))
    assert est.foul_rate == 1.0 and est.value < 0


def test_a_leave_on_the_eight_weighs_its_stake() -> None:
    """The same two cue-ball spots, a short and a long shot: with the 8 as the shooter's next ball the
    difference between the leaves counts ``EIGHT_STAKE`` times (that pot wins the game), with a solid
    ``RUN_STAKE`` times."""
    groups = {"A": "solids", "B": "stripes"}
    near, far = (1.6, 0.5), (0.4, 0.5)
    for ball, weight in ((8, EIGHT_STAKE), (2, RUN_STAKE)):
        table = {ball: (1.9, 0.3), 9: (0.6, 1.1), **({8: (0.3, 1.1)} if ball != 8 else {})}
        leaves = [context_of(match_at({0: cue, **table}, groups=groups).view(), TOURNAMENT) for cue in (near, far)]
        chances = [quick_quality(ctx) for ctx in leaves]
        assert chances[0] > chances[1] + 0.2
        for kind in ("quick", "pattern") if ball == 8 else ("quick",):  # the pattern of a solid sees the 8 behind it
            values = [judged(ctx, kind) for ctx in leaves]
            assert values[0] - values[1] == pytest.approx(weight * (chances[0] - chances[1]), abs=0.02)


def test_a_break_leave_weighs_once_a_run_leave_run_stake_times() -> None:
    """The same leave counts ``RUN_STAKE`` times after a shot in a run and once after the break (8B-6:
    a break that pockets a ball keeps the table): the break plan weighs keeping the table against the leave."""
    groups = {"A": "solids", "B": "stripes"}
    leave = context_of(
        match_at({0: (1.6, 0.5), 2: (1.9, 0.3), 9: (0.6, 1.1), 8: (0.3, 1.1)}, groups=groups).view(), TOURNAMENT
    )
    chance = quick_quality(leave)
    assert chance > 0.5
    assert judged(leave, "quick") - judged(leave, "quick", breaking=True) == pytest.approx(
        (RUN_STAKE - 1) * chance, abs=1e-9
    )


def test_potting_the_eight_counts_as_a_pot_and_a_leave_on_it_as_a_shot() -> None:
    """The 8 a short straight-in shot from the corner, the shooter's only ball: potting it ends the turn
    (the game is won), yet it is a made pot, so the pot rate and the look-ahead's simulated leave
    (``simulated_quality``) see a sure shot, not no shot."""
    groups = {"A": "solids", "B": "stripes"}
    ctx = context_of(match_at({0: (2.02, 0.65), 8: (2.3, 0.3), 9: (0.6, 1.1)}, groups=groups).view(), TOURNAMENT)
    cue = ctx.layout.position(0)
    assert cue is not None and ctx.targets() == [8]
    shot = shots.pots(ctx.layout, cue, [8], ctx.noise.sigma_phi)[0]
    assert shot.pocket == "foot-right" and shot.cut < 0.1
    stroke = refine_aim(ctx, shot, shots.strokes(shot, arrivals=(0.6,), spins=(0.0,))[0])
    est = estimate(ctx, stroke, Call(8, "foot-right"), 20, np.random.default_rng(4), "none")
    assert est.pot_rate > 0.8 and est.value > 0.8 * WIN
    assert simulated_quality(ctx, np.random.default_rng(5)) > 0.8


def _ring(centre: tuple[float, float]) -> dict[int, tuple[float, float]]:
    """Six stripes frozen (2 mm apart) around ``centre``: a ball there has no way into any pocket."""
    gap = 2 * 0.028575 + 0.002
    return {
        ball: (centre[0] + gap * math.cos(k * math.pi / 3), centre[1] + gap * math.sin(k * math.pi / 3))
        for k, ball in enumerate(range(9, 15))
    }


def test_the_endgame_lookahead_sees_the_ball_after_next() -> None:
    """The same next shot (the last solid, an easy pot) with the 8 open or walled in by stripes: the straight
    pot's simulated rate is blind to the difference, the search of the next shot is not, as each of its
    strokes is valued with its own leave on the 8."""
    groups = {"A": "solids", "B": "stripes"}
    base = {0: (1.0, 0.5), 2: (1.6, 0.45)}
    ring = (1.9, 1.0)
    open_eight = context_of(match_at({**base, **_ring(ring), 8: (0.5, 1.0)}, groups=groups).view(), TOURNAMENT)
    walled = context_of(match_at({**base, **_ring(ring), 8: ring}, groups=groups).view(), TOURNAMENT)
    for ctx in (open_eight, walled):
        assert ctx.targets() == [2] and endgame(ctx)
    plain = [simulated_quality(ctx, np.random.default_rng(1)) for ctx in (open_eight, walled)]
    assert plain[0] == plain[1] > 0.8
    ahead = [next_shot_quality(ctx, np.random.default_rng(1)) for ctx in (open_eight, walled)]
    assert ahead[0] > ahead[1] + 0.15
    assert 0.0 < ahead[1] <= ahead[0] <= 1.0


def test_the_endgame_is_two_balls_before_the_eight_or_the_eight() -> None:
    """``endgame``: eight-ball with at most ``ENDGAME_BALLS`` of the shooter's balls before the 8; not 14.1."""
    groups = {"A": "solids", "B": "stripes"}
    spots = {1: (0.5, 0.3), 2: (0.9, 0.9), 3: (1.4, 0.3), 8: (2.0, 0.6), 9: (2.3, 1.0)}
    for left, expected in ((3, False), (2, True), (1, True), (0, True)):
        table = {0: (1.2, 0.6), **{b: xy for b, xy in spots.items() if b <= left or b > 3}}
        ctx = context_of(match_at(table, groups=groups).view(), TOURNAMENT)
        assert len([b for b in ctx.targets() if b != 8]) == left
        assert endgame(ctx) is expected
    straight = context_of(match_at({0: (1.2, 0.6), 1: (0.5, 0.3)}, game="straight-pool").view(), TOURNAMENT)
    assert not endgame(straight)
