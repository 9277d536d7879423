"""The execution-noise model and the match's execution hook (game/execution.py)."""

from __future__ import annotations

import math
import random
from statistics import NormalDist

import numpy as np

from poolhall.ai import shots
from poolhall.ai.context import context_of
from poolhall.ai.evaluate import made, play_many, refine_aim
from poolhall.ai.noise import LEVELS, NoiseModel, stratified_normal
from poolhall.game import Choose, Match, MatchView, PlaceCueBall, Shoot
from poolhall.game.actions import Action
from poolhall.game.execution import execution_of
from poolhall.physics import Stroke
from poolhall.rules.model import Call

from .helpers import match_at


def test_tournament_level_is_the_computational_pool_noise() -> None:
    pro = NoiseModel.tournament()
    assert math.degrees(pro.sigma_phi) == 0.125
    assert math.isclose(math.degrees(pro.sigma_theta), 0.1)
    assert pro.sigma_speed == 0.075
    radius_mm = 57.15 / 2
    assert math.isclose(pro.sigma_a * radius_mm, 0.5) and math.isclose(pro.sigma_b * radius_mm, 0.5)
    assert LEVELS["pro"] == pro


def test_levels_are_ordered_by_noise() -> None:
    names = ["pro", "strong", "club", "beginner"]
    sigmas = [LEVELS[n].sigma_phi for n in names]
    assert sigmas == sorted(sigmas) and len(set(sigmas)) == 4


def test_samples_have_the_model_spread_and_stay_valid() -> None:
    model = NoiseModel.tournament(4.0)
    stroke = Stroke(speed=2.0, phi=1.0, theta=0.0, a=0.0, b=0.49)
    played = model.samples(stroke, 4000, np.random.default_rng(1))
    phis = np.array([s.phi for s in played])
    speeds = np.array([s.speed for s in played])
    assert abs(phis.std() / model.sigma_phi - 1) < 0.05
    assert abs(speeds.std() / model.sigma_speed - 1) < 0.05
    assert all(s.theta >= 0 and math.hypot(s.a, s.b) <= 0.5 + 1e-12 for s in played)


def test_perturb_is_reproducible_from_its_stream() -> None:
    model = NoiseModel.tournament()
    stroke = Stroke(speed=3.0, phi=0.2)
    assert model.perturb(stroke, random.Random(5)) == model.perturb(stroke, random.Random(5))
    assert model.perturb(stroke, random.Random(5)) != model.perturb(stroke, random.Random(6))


class _Breaker:
    """Breaks straight up the table, with or without an execution model."""

    def __init__(self, execution: NoiseModel | None) -> None:
        self.execution = execution

    def act(self, view: MatchView) -> Action:
        kind = view.asked.kind
        if kind == "choose-breaker":
            return Choose("break")
        if kind == "place":
            return PlaceCueBall(0.5, 0.635)
        return Shoot(Stroke(speed=8.0, phi=0.0))


def _first_stroke(execution: NoiseModel | None, seed: int) -> Stroke:
    match = Match("eight-ball", seed=seed, lag_winner="A")
    player = _Breaker(execution)
    for _ in range(3):
        view = match.view()
        match.apply(view.asked.player or "A", player.act(view), execution_of(player))
    stroke = match.shots[0].stroke
    assert stroke is not None
    return stroke


def test_the_match_plays_a_stroke_through_the_players_own_noise() -> None:
    meant = Stroke(speed=8.0, phi=0.0)
    assert _first_stroke(None, 3) == meant
    noisy = _first_stroke(NoiseModel.tournament(), 3)
    assert noisy != meant and abs(noisy.phi) < 5 * NoiseModel.tournament().sigma_phi
    assert _first_stroke(NoiseModel.tournament(), 3) == noisy  # the same seed, the same execution
    assert _first_stroke(NoiseModel.tournament(), 4) != noisy


def test_stratified_draws_fill_every_slice_once() -> None:
    """Latin-hypercube draws: in each dimension exactly one of ``count`` draws falls in each equally likely slice."""
    count = 24
    z = stratified_normal(np.random.default_rng(3), count)
    assert z.shape == (count, 5)
    for column in z.T:
        slices = sorted(int(NormalDist().cdf(float(x)) * count) for x in column)
        assert slices == list(range(count))


def test_a_pot_rate_read_from_stratified_samples_swings_less() -> None:
    """The search reads a stroke's pot rate from 24 samples. With the aim error alone (the one that decides most
    pots), the reading of a pot that goes in about two times in three swings widely from one set of independent
    draws to the next, and far less from stratified ones: the real simulator and referee, the same stroke and
    model, only how the errors are drawn differs. (With all five errors the gain is smaller: the side error's
    squirt moves the object ball too, and it is stratified on its own axis.)"""
    match = match_at({0: (1.3, 0.45), 1: (1.9, 0.7), 8: (0.4, 1.0)}, groups={"A": "solids", "B": "stripes"})
    aim_only = NoiseModel(2 * NoiseModel.tournament().sigma_phi, 0.0, 0.0, 0.0, 0.0)
    ctx = context_of(match.view(), aim_only)
    cue = ctx.layout.position(0)
    assert cue is not None
    shot = next(s for s in shots.pots(ctx.layout, cue, [1], ctx.noise.sigma_phi) if s.cut > math.radians(20))
    stroke = refine_aim(ctx, shot, shots.strokes(shot, arrivals=(0.8,), spins=(0.0,))[0])
    call = Call(shot.ball, shot.pocket)

    def rate(strokes: list[Stroke]) -> float:
        return float(np.mean([out is not None and made(ctx, out[0]) for out in play_many(ctx, strokes, call)]))

    rng = np.random.default_rng(5)
    plain = [rate([ctx.noise.apply(stroke, z) for z in rng.standard_normal((24, 5))]) for _ in range(25)]
    layered = [rate(ctx.noise.samples(stroke, 24, rng)) for _ in range(25)]
    assert 0.3 < np.mean(plain) < 0.9 and abs(np.mean(layered) - np.mean(plain)) < 0.1
    assert np.std(layered) < 0.5 * np.std(plain)
