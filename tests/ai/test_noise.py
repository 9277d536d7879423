"""The execution-noise model and the match's execution hook (game/execution.py)."""

from __future__ import annotations

import math
import random

import numpy as np

from poolhall.ai.noise import LEVELS, NoiseModel
from poolhall.game import Choose, Match, MatchView, PlaceCueBall, Shoot
from poolhall.game.actions import Action
from poolhall.game.execution import execution_of
from poolhall.physics import Stroke


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
