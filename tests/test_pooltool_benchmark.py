"""benchmarks/physics_vs_pooltool.py: its coordinate map and its seeded shots, checked without pooltool.

pooltool is not a dependency (benchmarks/README.md says how to install it),
so these check the parts that decide whether the comparison is like for
like: the map between the two engines' axes, and shots poolhall accepts.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from bench_scripts import BENCHMARKS, benchmark
from poolhall import simulate
from poolhall.bench.shots import TABLE

SCRIPT = BENCHMARKS / "physics_vs_pooltool.py"


bench = benchmark("physics_vs_pooltool")


@pytest.mark.parametrize("xy", [(0.0, 0.0), (TABLE.length, TABLE.width), (0.3, 1.1), (2.2, 0.05)])
def test_points_map_there_and_back(xy: tuple[float, float]) -> None:
    there = bench.to_pooltool_xy(xy)
    assert 0 <= there[0] <= TABLE.width and 0 <= there[1] <= TABLE.length  # pooltool: x across, y along
    assert bench.from_pooltool_xy(there) == pytest.approx(xy)


def test_vectors_map_as_the_points_do() -> None:
    """A velocity is carried by the same map as a small step along it, so both engines see one motion."""
    p, step = (1.0, 0.5), (0.003, -0.002)
    a, b = bench.to_pooltool_xy(p), bench.to_pooltool_xy((p[0] + step[0], p[1] + step[1]))
    assert bench.to_pooltool(*step) == pytest.approx((b[0] - a[0], b[1] - a[1]))
    # a proper rotation (no mirror), so a spin vector maps like a velocity: lengths and turning sense kept
    u, v = bench.to_pooltool(1.0, 0.0), bench.to_pooltool(0.0, 1.0)
    assert u[0] * v[1] - u[1] * v[0] == pytest.approx(1.0)


def test_seeded_shots_are_playable_and_repeatable() -> None:
    first = [bench.seeded_shot(random.Random(3)) for _ in range(2)]
    assert first[0] == first[1]
    rng = random.Random(0)
    for _ in range(30):
        shot = bench.seeded_shot(rng)
        assert 2 <= len(shot.positions) <= 6 and 0 in shot.positions
        spots = list(shot.positions.values())
        assert all(math.dist(p, q) >= 3 * TABLE.ball.radius for i, p in enumerate(spots) for q in spots[i + 1 :])
        result = simulate(shot.layout(), shot.stroke)  # raises on a layout or stroke poolhall refuses
        assert not result.event_cap_hit


def test_without_pooltool_it_says_how_to_install_it() -> None:
    """pooltool is hidden from the script (a None in ``sys.modules`` makes its import fail), installed or not."""
    hide = (
        "import runpy, sys; sys.modules['pooltool'] = None; sys.argv = sys.argv[1:]; "
        "runpy.run_path(sys.argv[0], run_name='__main__')"
    )
    run = subprocess.run(
        [sys.executable, "-c", hide, str(SCRIPT), "--shots", "1"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 1
    assert "benchmarks/README.md" in run.stderr and "Traceback" not in run.stderr
