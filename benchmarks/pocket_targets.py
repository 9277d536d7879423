"""Effective target sizes of the 9-foot table's corner and side pockets, by approach angle and speed.

Alciatore's technical proofs TP 3.5 (side) and TP 3.6 (corner), "Effective target sizes for slow
shots into a ... pocket at different angles", give how wide a band of parallel paths drops into a
pocket: a side pocket about 3.35 in straight in (mouth 5 1/16 in), 2 in at 35 degrees and nothing
past about 68 degrees; a corner pocket about 2.2-2.6 in across the middle angles, more near the
rails, where the ball deflects off the rail and the far facing into the hole. This script measures
the same band in the simulator: a rolling ball sent from ``DISTANCE`` in front of the mouth's centre,
at ``theta`` degrees to the pocket's centre line, offset across its path in 2 mm steps; the band is
the offsets that drop, in inches. At speed a real pocket rejects more (balls rattle out); the
simulator's drop is decided by the ball's centre reaching the hole, whatever its speed. Run from the
repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/pocket_targets.py [--json]
"""

from __future__ import annotations

import argparse
import json
import math

from poolhall import Layout, Stroke, simulate
from poolhall.equipment import INCH, TableSpec, table_geometry

TABLE = TableSpec.nine_foot()
DISTANCE = 0.6
STEP = 0.002
SPEEDS = (0.5, 1.0, 2.0, 3.0, 5.0)
ANGLES = {"head-right": (0, 15, 30, 40), "side-right": (0, 20, 40, 55)}


def target_size(pocket: str, theta_deg: float, speed: float) -> float:
    """The width (m) of the band of parallel rolling paths at ``theta_deg`` to the centre line that drop."""
    shape = next(p for p in table_geometry(TABLE).pockets if p.name == pocket)
    (x1, y1), (x2, y2) = shape.points
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    ox, oy = shape.capture_centre[0] - mx, shape.capture_centre[1] - my
    norm = math.hypot(ox, oy)
    theta = math.radians(theta_deg)
    ux = (ox * math.cos(theta) - oy * math.sin(theta)) / norm
    uy = (ox * math.sin(theta) + oy * math.cos(theta)) / norm
    made = 0
    for k in range(-30, 31):
        start = (mx - ux * DISTANCE - uy * k * STEP, my - uy * DISTANCE + ux * k * STEP)
        layout = Layout.from_positions({0: start}, TABLE)
        if layout.problems():
            continue
        result = simulate(layout, Stroke(speed, math.atan2(uy, ux), b=0.2))
        made += result.final.pocketed.get(0) == pocket
    return made * STEP


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {
        pocket: {str(theta): {str(v): target_size(pocket, theta, v) / INCH for v in SPEEDS} for theta in angles}
        for pocket, angles in ANGLES.items()
    }
    if args.json:
        print(json.dumps(report))
        return
    for pocket, rows in report.items():
        for theta, sizes in rows.items():
            print(f"{pocket:10s} {theta:>2s} deg: " + "  ".join(f"{v} m/s {s:.2f} in" for v, s in sizes.items()))


if __name__ == "__main__":
    main()
