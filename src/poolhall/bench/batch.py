"""``poolhall bench batch``: shots per second of ``simulate`` in a loop against ``simulate_many``, and their equality.

For the cut shot and a mid-game table (``bench/shots.py``), ``SHOTS`` noisy
strokes around the shot's own (seeded: the spread of a good amateur's cue),
timed ``repeat`` rounds each (the median round counts), after a warm-up:

- ``loop_per_s``: ``simulate`` called once per stroke;
- ``batch_1_per_s``: ``simulate_many(record="outcome")`` on one numba thread;
- ``batch_all_per_s``: the same on every thread numba has (every core);
- ``speedup_1``: ``batch_1_per_s / loop_per_s``;
- ``identical``: every shot's outcome arrays from the batch are, bit for bit,
  those read off ``simulate``'s own result for the same stroke.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from poolhall.bench.shots import FixedShot, cut_shot, midgame_shot

HELP = "shots per second of simulate in a loop and of simulate_many on one and on all cores, and their equality"
#: Strokes per case.
SHOTS = 10_000
SEED = 15


def steps(repeat: int) -> int:
    return len(_cases()) * (3 * repeat + 2)


def _cases() -> list[FixedShot]:
    return [cut_shot(), midgame_shot()]


def noisy_strokes(shot: FixedShot, n: int, seed: int = SEED) -> list[Any]:
    """``n`` strokes around ``shot.stroke``: speed +-5 %, direction +-0.5 degree, tip +-0.03 (one sd)."""
    from poolhall import Stroke

    rng = random.Random(seed)
    base = shot.stroke
    return [
        Stroke(speed=base.speed * (1 + rng.gauss(0, 0.05)), phi=base.phi + rng.gauss(0, 0.0087), theta=base.theta,
               a=base.a + rng.gauss(0, 0.03), b=base.b + rng.gauss(0, 0.03))
        for _ in range(n)
    ]  # fmt: skip


def measure(repeat: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring: one entry per case."""
    return {shot.name: _case(shot, repeat, tick) for shot in _cases()}


def _case(shot: FixedShot, repeat: int, tick: Callable[[str], None]) -> dict[str, Any]:
    import numba

    from poolhall import simulate, simulate_many
    from poolhall.physics.batch import outcome_of

    layout, strokes = shot.layout(), noisy_strokes(shot, SHOTS)
    simulate(layout, strokes[0])
    simulate_many(layout, strokes[:2])
    tick(f"{shot.name}: warm-up")

    def loop() -> None:
        for stroke in strokes:
            simulate(layout, stroke)

    every = numba.get_num_threads()
    rates = {}
    for key, run, threads in (("loop", loop, every), ("batch_1", None, 1), ("batch_all", None, every)):
        numba.set_num_threads(threads)
        times = []
        try:
            for i in range(repeat):
                t0 = time.perf_counter()
                if run is None:
                    simulate_many(layout, strokes)
                else:
                    run()
                times.append(time.perf_counter() - t0)
                tick(f"{shot.name}: {key} {i + 1}/{repeat}")
        finally:
            numba.set_num_threads(every)
        rates[key] = SHOTS / statistics.median(times)
    batch = simulate_many(layout, strokes)
    identical = all(batch.same_shot(k, outcome_of(simulate(layout, s)), 0) for k, s in enumerate(strokes))
    tick(f"{shot.name}: identical")
    return {
        "loop_per_s": rates["loop"],
        "batch_1_per_s": rates["batch_1"],
        "batch_all_per_s": rates["batch_all"],
        "speedup_1": rates["batch_1"] / rates["loop"],
        "identical": identical,
    }


def summary(report: dict[str, Any]) -> str:
    """The report as aligned lines for people."""
    lines = [f"{'shot':<9}{'loop/s':>10}{'batch 1/s':>11}{'batch all/s':>13}{'x (1 thread)':>14}  identical"]
    for name, row in report.items():
        lines.append(
            f"{name:<9}{row['loop_per_s']:>10.0f}{row['batch_1_per_s']:>11.0f}{row['batch_all_per_s']:>13.0f}"
            f"{row['speedup_1']:>13.2f}x  {'yes' if row['identical'] else 'NO'}"
        )
    return "\n".join(lines)
