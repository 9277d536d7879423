"""``poolhall bench env``: environment steps per second of the gymnasium environments (extra ``rl``).

For each environment in ``CASES`` (the agent's actions drawn at random from
the action space, seeded), two measurements after a warm-up:

- *single*: one environment in this process, ``repeat`` x ``STEPS`` steps;
- *vector*: ``gymnasium.vector.AsyncVectorEnv`` with ``WORKERS`` worker
  processes (both cores of the reference machine), ``repeat`` x ``STEPS``
  vector steps, each stepping every worker's environment once.

Steps per second count environment steps (a vector step is ``WORKERS`` of
them). An episode's end is reset inside the timed loop, as in training (for
the vector env the step after an episode's end is its reset, gymnasium's
next-step autoreset). One step is one stroke of the agent, plus, in a match,
every shot of the opponent until the agent is asked again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

HELP = "environment steps per second of the gymnasium environments, in one process and over two workers"

#: Environment id -> keyword arguments (the opponent named, so the benchmark does not change as levels land).
CASES: dict[str, dict[str, Any]] = {
    "poolhall/PotPractice-v0": {},
    "poolhall/EightBall-v0": {"opponent": "simple"},
}
WORKERS = 2
STEPS = 10
SEED = 0


def steps(repeat: int) -> int:
    return len(CASES) * (2 * repeat + 2)


def make(env_id: str, kwargs: dict[str, Any]) -> Any:
    """A new environment (module-level, so worker processes can build it)."""
    import gymnasium as gym

    import poolhall.gym_env  # noqa: F401 (registers the environments)

    return gym.make(env_id, **kwargs)


def measure(repeat: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring: per environment, steps per second single and vector."""
    try:
        import gymnasium  # noqa: F401
    except ModuleNotFoundError:
        raise RuntimeError("the env benchmark needs gymnasium: pip install 'poolhall[rl]'") from None
    report: dict[str, Any] = {"workers": WORKERS, "steps_per_tick": STEPS}
    for env_id, kwargs in CASES.items():
        name = env_id.split("/")[1]
        single = _single(env_id, kwargs, repeat, lambda i, n=name: tick(f"{n}: single {i}/{repeat}"))
        vector = _vector(env_id, kwargs, repeat, lambda i, n=name: tick(f"{n}: vector {i}/{repeat}"))
        report[env_id] = {"single_steps_per_s": single, "vector_steps_per_s": vector, "speedup": vector / single}
    return report


def _single(env_id: str, kwargs: dict[str, Any], repeat: int, tick: Callable[[int], None]) -> float:
    env = make(env_id, kwargs)
    env.action_space.seed(SEED)
    env.reset(seed=SEED)
    env.step(env.action_space.sample())  # warm-up: the simulator's first shot loads its compiled kernels
    env.reset(seed=SEED)
    tick(0)
    elapsed = 0.0
    for i in range(repeat):
        t0 = time.perf_counter()
        for _ in range(STEPS):
            _, _, terminated, truncated, _ = env.step(env.action_space.sample())
            if terminated or truncated:
                env.reset()
        elapsed += time.perf_counter() - t0
        tick(i + 1)
    env.close()
    return repeat * STEPS / elapsed


def _vector(env_id: str, kwargs: dict[str, Any], repeat: int, tick: Callable[[int], None]) -> float:
    from gymnasium.vector import AsyncVectorEnv

    envs = AsyncVectorEnv([partial(make, env_id, kwargs) for _ in range(WORKERS)])
    try:
        envs.action_space.seed(SEED)
        envs.reset(seed=SEED)
        envs.step(envs.action_space.sample())  # warm-up in every worker
        tick(0)
        elapsed = 0.0
        for i in range(repeat):
            t0 = time.perf_counter()
            for _ in range(STEPS):
                envs.step(envs.action_space.sample())
            elapsed += time.perf_counter() - t0
            tick(i + 1)
    finally:
        envs.close()
    return repeat * STEPS * WORKERS / elapsed


def summary(report: dict[str, Any]) -> str:
    """The report as aligned lines for people."""
    vector = f"vector x{report['workers']}"
    lines = [f"{'environment':<26}{'single':>12}{vector:>14}{'speedup':>9}"]
    for env_id in CASES:
        row = report[env_id]
        lines.append(
            f"{env_id:<26}{row['single_steps_per_s']:>8.1f} st/s{row['vector_steps_per_s']:>10.1f} st/s"
            f"{row['speedup']:>8.2f}x"
        )
    return "\n".join(lines)
