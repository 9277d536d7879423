"""Compile (or load from numba's disk cache) every simulator kernel, so that no player's turn waits for it.

numba compiles a kernel on its first call with each argument type and keeps
the machine code on disk (``cache=True``: beside the source, or in the
user's cache folder when that is read-only), keyed by the source file's time
stamp; every process of the installation, the app's computer-player workers
included, loads it from there. ``make install`` runs ``compile_kernels`` once,
so even the first process after an install only loads; the app runs it at
start and in each worker process as it starts, so a cold cache (a new
version) costs the wait once, before anyone plays.

The calls cover each type signature the project uses: ``simulate`` (a
layout's read-only positions), ``simulate_many`` (its stacked positions),
and ``outcome_of`` on a fresh result and on one read back from JSON.
"""

from __future__ import annotations

import time

from poolhall.layout import Layout
from poolhall.physics.batch import outcome_of, simulate_many
from poolhall.physics.result import ShotResult
from poolhall.physics.simulate import simulate
from poolhall.physics.stroke import Stroke


def compile_kernels() -> float:
    """Run every kernel once on a two-ball shot; returns the seconds it took (compiling, or loading the cache)."""
    t0 = time.perf_counter()
    layout = Layout.from_positions({0: (0.635, 0.635), 1: (1.905, 0.635)})
    result = simulate(layout, Stroke(speed=2.0, phi=0.0))
    outcome_of(result)
    outcome_of(ShotResult.from_dict(result.to_dict()))
    simulate_many(layout, [Stroke(speed=2.0, phi=0.0)], record="outcome")
    return time.perf_counter() - t0


if __name__ == "__main__":  # ``python -m poolhall.physics.warm``: what ``make install`` runs
    print(f"simulator kernels ready in {compile_kernels():.1f} s")
