"""Many tables stepped at once: a gymnasium vector environment whose agents' strokes are one batch.

``BatchVectorEnv`` is gymnasium's ``SyncVectorEnv`` (same reset, spaces,
info and next-step autoreset) with one change in ``step``: each
sub-environment does the first half of its step (the cue ball's placement,
the stroke as its noise model plays it: ``PoolEnv.begin_step``), then every
agent's stroke is simulated in one ``simulate_many`` call (every core, no
Python per shot), then each environment rules its shot from the batch's
outcome and lets the other seats play (``PoolEnv.finish_step``; the
computer opponents batch their own samples). The batch is ``simulate`` bit
for bit, so the results are those of stepping the environments one by one.

The sub-environments are ``PoolEnv`` instances as constructed (``PotPracticeEnv(...)``);
one wrapped by ``gym.make`` (a time limit, say) is stepped on its own, as ``SyncVectorEnv``
would.

>>> from poolhall.gym_env import PotPracticeEnv
>>> envs = BatchVectorEnv([lambda: PotPracticeEnv(balls=3) for _ in range(4)])
>>> obs, info = envs.reset(seed=0)
>>> obs, reward, terminated, truncated, info = envs.step(envs.action_space.sample())
>>> reward.shape
(4,)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.vector.utils import concatenate, iterate

from poolhall.equipment import PhysicsParams, TableSpec
from poolhall.game.transitions import Presimulated
from poolhall.gym_env.envs import PendingStep, PoolEnv
from poolhall.layout import Layout
from poolhall.physics import Stroke, simulate_many


class BatchVectorEnv(SyncVectorEnv):
    """``SyncVectorEnv`` over ``PoolEnv``s, the agents' strokes simulated in one batch per step (module docstring)."""

    def __init__(self, env_fns: Sequence[Callable[[], gym.Env[Any, Any]]], copy: bool = True) -> None:
        super().__init__(env_fns, copy=copy, autoreset_mode=AutoresetMode.NEXT_STEP)

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        pending: dict[int, PendingStep] = {}
        infos: dict[str, Any] = {}
        for i, action in enumerate(iterate(self.action_space, actions)):
            env = self.envs[i]
            if self._autoreset_envs[i]:
                self._env_obs[i], info = env.reset()
                self._rewards[i], self._terminations[i], self._truncations[i] = 0.0, False, False
                infos = self._add_info(infos, info, i)
            elif isinstance(env, PoolEnv):
                pending[i] = env.begin_step(action)
            else:
                self._env_obs[i], self._rewards[i], self._terminations[i], self._truncations[i], info = env.step(action)
                infos = self._add_info(infos, info, i)
        simulated = _simulate_pending({i: (self.envs[i], p) for i, p in pending.items()})  # type: ignore[misc]
        for i, step in pending.items():
            env = self.envs[i]
            assert isinstance(env, PoolEnv)
            self._env_obs[i], self._rewards[i], self._terminations[i], self._truncations[i], info = env.finish_step(
                step, simulated.get(i)
            )
            infos = self._add_info(infos, info, i)
        self._observations = concatenate(self.single_observation_space, self._env_obs, self._observations)
        self._autoreset_envs = np.logical_or(self._terminations, self._truncations)
        obs = self._observations
        return (
            deepcopy(obs) if self.copy else obs,
            np.copy(self._rewards),
            np.copy(self._terminations),
            np.copy(self._truncations),
            infos,
        )


def _simulate_pending(pending: dict[int, tuple[PoolEnv, PendingStep]]) -> dict[int, Presimulated]:
    """Every pending stroke simulated: one ``simulate_many`` call per table and physics in use."""
    groups: dict[tuple[TableSpec, PhysicsParams | None], list[tuple[int, Layout, Stroke]]] = {}
    for i, (env, step) in pending.items():
        state = env.match.state if env.match is not None else None
        if step.played is None or state is None or state.layout is None or env.error is not None:
            continue
        groups.setdefault((state.table, env.match.params), []).append((i, state.layout, step.played))  # type: ignore[union-attr]
    out: dict[int, Presimulated] = {}
    for (table, params), shots in groups.items():
        try:
            outcomes = simulate_many([lay for _, lay, _ in shots], [s for _, _, s in shots], table=table,
                                     params=params)  # fmt: skip
        except ValueError:  # a shot the simulator refuses: each environment meets the refusal itself
            continue
        for k, (i, _, stroke) in enumerate(shots):
            out[i] = Presimulated(stroke, outcomes, k)  # type: ignore[arg-type]
    return out
