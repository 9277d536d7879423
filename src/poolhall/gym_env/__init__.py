"""Gymnasium environments for poolhall (optional extra ``rl``): ``import poolhall.gym_env`` registers them.

- ``poolhall/EightBall-v0``: an eight-ball game against a computer player;
- ``poolhall/StraightPool-v0``: a 14.1 match (to 25 points) against one;
- ``poolhall/PotPractice-v0``: one player clears random layouts.

Spaces: ``spaces.py``; the step loop, rewards and corrections: ``envs.py``
and ``driver.py``; many tables at once, their strokes simulated in one batch:
``vector.py`` (``BatchVectorEnv``); a training loop: ``docs/programmers.md``.
"""

from __future__ import annotations

import gymnasium as gym

from poolhall.gym_env.envs import EightBallEnv, MatchEnv, PoolEnv, PotPracticeEnv, StraightPoolEnv, best_player
from poolhall.gym_env.spaces import (
    N_CALLS,
    action_from_point,
    action_from_stroke,
    decode_call,
    encode_call,
    point_from_action,
    stroke_from_action,
)
from poolhall.gym_env.vector import BatchVectorEnv

#: Environment id -> (entry point, episode step limit for gymnasium's ``TimeLimit``).
ENVIRONMENTS: dict[str, tuple[str, int]] = {
    "poolhall/EightBall-v0": ("poolhall.gym_env.envs:EightBallEnv", 300),
    "poolhall/StraightPool-v0": ("poolhall.gym_env.envs:StraightPoolEnv", 1000),
    "poolhall/PotPractice-v0": ("poolhall.gym_env.envs:PotPracticeEnv", 100),
}


def register() -> None:
    """Register every environment with gymnasium (done on import; registering twice changes nothing)."""
    for env_id, (entry_point, steps) in ENVIRONMENTS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point, max_episode_steps=steps)


register()

__all__ = [
    "ENVIRONMENTS",
    "N_CALLS",
    "BatchVectorEnv",
    "EightBallEnv",
    "MatchEnv",
    "PoolEnv",
    "PotPracticeEnv",
    "StraightPoolEnv",
    "action_from_point",
    "action_from_stroke",
    "best_player",
    "decode_call",
    "encode_call",
    "point_from_action",
    "register",
    "stroke_from_action",
]
