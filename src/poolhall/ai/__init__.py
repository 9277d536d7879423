"""Computer players (DESIGN.md ``ai/``): shot generation, evaluation by simulation under execution noise.

``ComputerPlayer(level)`` is a ``game.Player``; ``registry.PLAYERS`` names the
levels ``beginner``, ``club``, ``strong`` and ``pro``. ``docs/ai.md`` says how
they think and how strong they are.
"""

from __future__ import annotations

from poolhall.ai.levels import LEVEL_BY_NAME, Level
from poolhall.ai.noise import LEVELS, NoiseModel
from poolhall.ai.player import ComputerPlayer

__all__ = ["LEVELS", "LEVEL_BY_NAME", "ComputerPlayer", "Level", "NoiseModel"]
