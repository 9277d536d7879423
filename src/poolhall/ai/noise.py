"""Execution noise: how far a stroke comes off the cue from the stroke a player meant.

The model is the one of the computational pool tournaments (the ICGA
Computer Olympiad 8-ball events played on the FastFiz simulator; Smith,
"PickPocket: A computer billiards shark", Artificial Intelligence 171, 2007;
Archibald, Altman and Shoham, "Analysis of a winning computational billiards
player", IJCAI 2009): independent zero-mean Gaussian errors on each stroke
parameter. The tournament level is sigma_phi 0.125 deg, sigma_theta 0.1 deg,
sigma_V 0.075 m/s and sigma_a = sigma_b 0.5 mm; our levels are that model
scaled (``LEVELS``). Tip offsets here are fractions of the ball radius, so
0.5 mm becomes 0.5 / 28.575 of it.

The same model serves twice: the match executes a player's stroke through
``perturb`` with a stream the player never sees (``game/execution.py``), and
the player's search draws its own samples through ``samples`` to estimate how
often a stroke works.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from poolhall.equipment import BallSpec, PhysicsParams
from poolhall.physics import Stroke
from poolhall.physics.stroke import MAX_CUE_SPEED

#: Tip offsets are fractions of the ball radius (``Stroke.a``, ``Stroke.b``).
_RADIUS_MM = BallSpec().radius * 1000
_MISCUE = PhysicsParams().miscue_limit
#: The stroke stays valid: speeds above zero, elevation below vertical, offsets within the miscue limit.
MIN_SPEED = 0.05
MAX_THETA = math.radians(80)


@dataclass(frozen=True)
class NoiseModel:
    """Standard deviations of the five stroke errors (radians, m/s, fractions of the ball radius)."""

    sigma_phi: float
    sigma_theta: float
    sigma_speed: float
    sigma_a: float
    sigma_b: float

    @classmethod
    def tournament(cls, scale: float = 1.0) -> NoiseModel:
        """The computational-pool tournament noise, every sigma times ``scale`` (see the module docstring)."""
        tip = 0.5 / _RADIUS_MM
        return cls(
            sigma_phi=scale * math.radians(0.125),
            sigma_theta=scale * math.radians(0.1),
            sigma_speed=scale * 0.075,
            sigma_a=scale * tip,
            sigma_b=scale * tip,
        )

    @property
    def sigmas(self) -> np.ndarray:
        return np.array([self.sigma_phi, self.sigma_theta, self.sigma_speed, self.sigma_a, self.sigma_b])

    def apply(self, stroke: Stroke, z: np.ndarray | list[float]) -> Stroke:
        """``stroke`` moved by ``z`` standard deviations on (phi, theta, speed, a, b), kept valid."""
        phi = stroke.phi + self.sigma_phi * z[0]
        theta = min(max(stroke.theta + self.sigma_theta * z[1], 0.0), MAX_THETA)
        speed = min(max(stroke.speed + self.sigma_speed * z[2], MIN_SPEED), MAX_CUE_SPEED)
        a = stroke.a + self.sigma_a * z[3]
        b = stroke.b + self.sigma_b * z[4]
        offset = math.hypot(a, b)
        if offset > _MISCUE:
            a, b = a * _MISCUE / offset, b * _MISCUE / offset
        return Stroke(speed=speed, phi=phi, theta=theta, a=a, b=b)

    def perturb(self, stroke: Stroke, rng: random.Random) -> Stroke:
        """One execution of ``stroke`` (the ``game.execution.Execution`` protocol)."""
        return self.apply(stroke, [rng.gauss(0.0, 1.0) for _ in range(5)])

    def samples(self, stroke: Stroke, count: int, rng: np.random.Generator) -> list[Stroke]:
        """``count`` independent executions of ``stroke`` for a search to simulate."""
        return [self.apply(stroke, z) for z in rng.standard_normal((count, 5))]


#: Each level's noise as a multiple of the tournament noise: ``pro`` plays at tournament noise and
#: each level below doubles it. (An earlier ladder, 6 / 3 / 1.7 / 1, left pro beating strong in only
#: 72 % of 200 games, too close to the 70 % line; doubling gave 78-88 % in every pairing.)
LEVEL_SCALES: dict[str, float] = {"beginner": 8.0, "club": 4.0, "strong": 2.0, "pro": 1.0}
LEVELS: dict[str, NoiseModel] = {name: NoiseModel.tournament(scale) for name, scale in LEVEL_SCALES.items()}
