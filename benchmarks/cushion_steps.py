"""Mathavan's cushion impact in steps chosen by their error against the fixed steps: accuracy and time.

``resolve/mathavan_2010.py`` integrates the nose impulse in Heun's steps. Before session 30 there were 40 fixed
steps; since, each step's length is chosen so that its error estimate (Euler's end against Heun's) stays under
``PhysicsParams.cushion_tolerance`` of the ball's speed into the cushion, and since session 31 the cloth that does
not slip at a step's start gets the friction its slip's drive needs (``PhysicsParams.cushion_departure``). This
script meets the same impacts with each setting (the fixed 40 steps, session 30's chosen steps without the
departure, the default, and the default at each ``--tolerance`` asked for) and with the paper's N = 5000 fixed steps
(Eq. 15 where a contact does not slip) as the reference, and prints, per set of impacts
and setting: the rebound angle's error (degrees, largest and mean), the speed's (per cent), and the CPU time of
one impact, compiled, in a loop over the set.

Two sets: ``bench``, the impacts on straight cushions of ``poolhall bench batch``'s cut and mid-game strokes
(their state on arrival, in the cushion's frame), and ``sample``, seeded impacts as they come in play (0.2-6 m/s,
most slow; 2-90 degrees; rolling six times in ten, else any top or back spin; side spin in six of ten).

    PYTHONPATH=src python benchmarks/cushion_steps.py [--strokes 300] [--sample 3000] [--tolerance 0.003 ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

import numpy as np
from numba import njit

from poolhall import PhysicsParams, simulate
from poolhall.bench import batch
from poolhall.equipment import TableSpec
from poolhall.physics import state as st
from poolhall.physics.packing import param_vector
from poolhall.physics.resolve import mathavan_2010

TABLE = TableSpec()
R = TABLE.ball.radius
#: The paper's step count (Mathavan et al. 2010 took 5000 of Euler's), the reference here in Heun's.
PAPERS_STEPS = 5000.0
#: The paper's scheme: fixed steps, and no friction where a contact does not slip (Eq. 15).
PAPERS = PhysicsParams(cushion_tolerance=0.0, cushion_departure=False)


def bench_impacts(strokes: int) -> np.ndarray:
    """(vx, vy, wx, wy, wz) of each ball arriving on the cloth at a straight cushion in ``strokes`` noisy strokes of
    each of ``bench batch``'s shots, in the cushion's frame: x along it, y into it."""
    rows = []
    for shot in (batch.cut_shot(), batch.midgame_shot()):
        for stroke in batch.noisy_strokes(shot, strokes):
            result = simulate(shot.layout(), stroke)
            for event in result.events:
                if event.kind != "ball-cushion" or event.jaw_of is not None:
                    continue
                ball = event.balls[0]
                arriving = [s for s in result.segments[ball] if s.t1 == event.time and s.t1 > s.t0]
                if not arriving:
                    continue
                state = arriving[-1].state(event.time)
                if state.z != 0.0:
                    continue
                x, y = state.position
                away = {(-1, 0): x, (1, 0): TABLE.length - x, (0, -1): y, (0, 1): TABLE.width - y}
                nx, ny = min(away, key=away.__getitem__)  # the nearest cushion's inward normal
                (vx, vy), (wx, wy, wz) = state.velocity, state.spin
                row = (vx * ny - vy * nx, vx * nx + vy * ny, wx * ny - wy * nx, wx * nx + wy * ny, wz)
                if row[1] > 0.0:
                    rows.append(row)
    return np.array(rows)


def sample_impacts(count: int, seed: int = 30) -> np.ndarray:
    """``count`` seeded impacts as they come in play (the module docstring)."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):
        speed = 0.2 + 5.8 * rng.random() ** 2
        incidence = math.radians(2.0 + 88.0 * rng.random())
        side = 0.0 if rng.random() < 0.4 else rng.uniform(-1.5, 1.5)
        top = 1.0 if rng.random() < 0.6 else rng.uniform(-1.5, 1.5)
        w = top * speed / R
        rows.append((
            speed * math.cos(incidence), speed * math.sin(incidence),
            -w * math.sin(incidence), w * math.cos(incidence), side * speed / R,
        ))  # fmt: skip
    return np.array(rows)


@njit(cache=True)
def _meet_all(impacts: np.ndarray, p: np.ndarray, steps: float, out: np.ndarray) -> None:
    """Each impact (a ball on the cloth meeting the cushion along +y) in ``steps`` fixed steps, or as ``p`` says
    when ``steps`` is 0; the states after into ``out``."""
    for i in range(impacts.shape[0]):
        b = out[i]
        b[:] = 0.0
        b[st.BVX], b[st.BVY] = impacts[i, 0], impacts[i, 1]
        b[st.BWX], b[st.BWY], b[st.BWZ] = impacts[i, 2], impacts[i, 3], impacts[i, 4]
        if steps > 0.0:
            mathavan_2010._impact(b, 0.0, 1.0, p[st.NOSE_SIN], False, steps, p)
        else:
            mathavan_2010.resolve_cushion_mathavan(b, 0.0, 1.0, p)


def _met(impacts: np.ndarray, p: np.ndarray, steps: float = 0.0) -> np.ndarray:
    out = np.zeros((impacts.shape[0], st.N_BALL))
    _meet_all(impacts, p, steps, out)
    return out


def _angles_and_speeds(after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.degrees(np.arctan2(-after[:, st.BVY], after[:, st.BVX])), np.hypot(after[:, st.BVX], after[:, st.BVY])


def compare(impacts: np.ndarray, settings: list[tuple[str, PhysicsParams]], rounds: int = 5) -> list[dict[str, Any]]:
    """Per named setting: errors against the paper's steps and CPU us per impact."""
    reference = _met(impacts, param_vector(TABLE, PAPERS), PAPERS_STEPS)
    ref_angle, ref_speed = _angles_and_speeds(reference)
    rows = []
    for name, params in settings:
        p = param_vector(TABLE, params)
        angle, speed = _angles_and_speeds(_met(impacts, p))
        angle_error, speed_error = np.abs(angle - ref_angle), np.abs(speed - ref_speed) / ref_speed
        times = []
        for _ in range(rounds):
            start = time.process_time()
            _met(impacts, p)
            times.append((time.process_time() - start) / len(impacts) * 1e6)
        rows.append({
            "setting": name, "tolerance": params.cushion_tolerance, "departure": params.cushion_departure,
            "impacts": len(impacts),
            "angle_max_deg": float(angle_error.max()), "angle_mean_deg": float(angle_error.mean()),
            "speed_max_pct": float(100 * speed_error.max()), "speed_mean_pct": float(100 * speed_error.mean()),
            "us_per_impact": statistics.median(times),
        })  # fmt: skip
    return rows


def settings(tolerances: list[float]) -> list[tuple[str, PhysicsParams]]:
    """The fixed 40 steps, session 30's chosen steps (Eq. 15 where the cloth does not slip), the default, and the
    default at each other tolerance asked for."""
    found = [
        ("fixed 40 steps", PAPERS),  # the paper's scheme, in 40 steps
        ("chosen steps, Eq. 15 at no slip", PhysicsParams(cushion_departure=False)),
        ("default", PhysicsParams()),
    ]
    found += [(f"tolerance {t:g}", PhysicsParams(cushion_tolerance=t)) for t in sorted(set(tolerances))]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=300, help="noisy strokes of each bench batch shot")
    parser.add_argument("--sample", type=int, default=3000, help="seeded impacts as they come in play")
    parser.add_argument(
        "--tolerance", type=float, action="append", help="other tolerances to compare, with the departure; repeatable"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.strokes < 1 or args.sample < 1 or any(t < 0 for t in args.tolerance or []):
        parser.error("--strokes and --sample must be at least 1, --tolerance at least 0")
    chosen = settings(args.tolerance or [])
    found = {
        "bench": compare(bench_impacts(args.strokes), chosen),
        "sample": compare(sample_impacts(args.sample), chosen),
    }
    if args.json:
        print(json.dumps(found))
        return 0
    for name, rows in found.items():
        print(f"{name} ({rows[0]['impacts']} impacts), against {PAPERS_STEPS:.0f} fixed steps:")
        for row in rows:
            print(
                f"  {row['setting']:32s} angle max {row['angle_max_deg']:.3f} mean {row['angle_mean_deg']:.4f} deg,"
                f" speed max {row['speed_max_pct']:.3f} mean {row['speed_mean_pct']:.4f} %,"
                f" {row['us_per_impact']:.2f} us an impact"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
