"""``BatchVectorEnv``: the agents' strokes of every table simulated in one batch, the results those of
gymnasium's ``SyncVectorEnv`` stepping the same environments one by one."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import SyncVectorEnv

import poolhall.gym_env as pg
from poolhall.ai.noise import LEVELS
from poolhall.gym_env.envs import PoolEnv

TABLES = 6


def _fns() -> list[Any]:
    """Pot practice (with the agent's execution noise) and a match against the simple player, mixed."""
    club = LEVELS["club"]
    practice = [lambda: pg.PotPracticeEnv(balls=4, execution=club) for _ in range(TABLES - 2)]
    matches = [lambda: pg.EightBallEnv(opponent="simple") for _ in range(2)]
    return practice + matches


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(np.array_equal(np.asarray(a), np.asarray(b)))


def test_the_batch_steps_every_table_as_stepping_them_one_by_one() -> None:
    batch, sync = pg.BatchVectorEnv(_fns()), SyncVectorEnv(_fns())
    obs_b, _ = batch.reset(seed=7)
    obs_s, _ = sync.reset(seed=7)
    assert _same(obs_b, obs_s)
    batch.action_space.seed(3)
    ended = 0
    for _ in range(25):
        actions = batch.action_space.sample()
        out_b, out_s = batch.step(actions), sync.step(actions)
        for got, want in zip(out_b[:4], out_s[:4], strict=True):
            assert _same(got, want)
        assert _same(out_b[4]["shots"], out_s[4]["shots"]) and _same(out_b[4]["invalid"], out_s[4]["invalid"])
        ended += int(np.sum(out_b[2] | out_b[3]))
    assert ended > 0  # the autoreset path was taken too
    batch.close()
    sync.close()


def test_the_agents_shots_come_from_the_batch() -> None:
    """A shot ruled from the batch's outcome leaves no trajectory (``Match.last_result``); one simulated alone does."""
    batch = pg.BatchVectorEnv([lambda: pg.PotPracticeEnv(balls=3) for _ in range(3)])
    batch.reset(seed=1)
    batch.step(batch.action_space.sample())
    for env in batch.envs:
        assert isinstance(env, PoolEnv) and env.match is not None
        assert len(env.match.shots) == 1 and env.match.last_result is None
    alone = pg.PotPracticeEnv(balls=3)
    alone.reset(seed=1)
    alone.step(alone.action_space.sample())
    assert alone.match is not None and alone.match.last_result is not None


def test_a_wrapped_environment_is_stepped_on_its_own() -> None:
    batch = pg.BatchVectorEnv([lambda: gym.make("poolhall/PotPractice-v0"), lambda: pg.PotPracticeEnv()])
    batch.reset(seed=2)
    _, reward, _, _, info = batch.step(batch.action_space.sample())
    assert reward.shape == (2,) and info["shots"].tolist() == [1, 1]
