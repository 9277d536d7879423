"""Fingerprints of ``poolhall bench airborne``'s strokes, to show a physics change leaves other shots alone.

Prints one line per stroke: its number and the SHA-1 of the kernel's arrays (events, segments,
final positions, pockets). Run it in two checkouts (copy it into the other) and ``diff`` the
outputs: the strokes that differ are the ones the change touched. ``--off FIELD`` (repeatable) plays
with that boolean ``PhysicsParams`` field False: ``--off rail_at_jaws`` is the engine before session
12's rail beside the pockets, ``--off pocket_back`` (or ``--no-pocket-back``) before session 11's
pocket back (leave a field out in a checkout older than it). ``--strokes N`` (600 by default) as the
bench. ``--racks`` fingerprints breaks into eight-ball racks instead (session 26: the contact
phase), drawn as ``tests/physics/test_contacts.py``'s property draws them: racks whose gaps are all
0, 1e-7, 1e-5 or 1e-4 m, the cue ball anywhere in the first quarter, any speed, spin and elevation;
``--start K`` skips the first K of them. ``--tables SIZE`` (7-foot, 8-foot, 9-foot) fingerprints
``physics_scan.py``'s table shots on that table instead (session 28). ``--outcome`` hashes only the
events, final positions and pockets, leaving out the segments (a change in how a path is recorded, not
where it goes).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import math

import numpy as np

from poolhall import Layout, Stroke, simulate
from poolhall.bench.airborne import position_and_stroke
from poolhall.equipment import PhysicsParams, TableSpec
from poolhall.racking import eight_ball_rack

TABLE = TableSpec()
GAPS = (0.0, 1e-7, 1e-5, 1e-4)


def break_into_rack(k: int) -> tuple[Layout, Stroke]:
    """Break ``k``: a seeded rack, a cue ball where it does not touch the rack, a stroke at the foot spot."""
    rng = np.random.default_rng([26, k])
    r = TABLE.ball.radius
    rack = eight_ball_rack(int(rng.integers(10_000)), TABLE, gap=GAPS[k % len(GAPS)])
    positions = {ball: rack.position(ball) for ball in rack.on_table}
    while True:
        cue = (float(rng.uniform(r, TABLE.length / 4)), float(rng.uniform(r, TABLE.width - r)))
        if all(math.dist(cue, xy) >= 2 * r for xy in positions.values()):
            break
    aim = math.atan2(TABLE.foot_spot[1] - cue[1], TABLE.foot_spot[0] - cue[0]) + rng.uniform(-0.05, 0.05)
    stroke = Stroke(
        speed=float(rng.uniform(0.5, 10.0)),
        phi=float(aim),
        theta=float(rng.uniform(0.0, 1.2)),
        a=float(rng.uniform(-0.3, 0.3)),
        b=float(rng.uniform(-0.3, 0.3)),
    )
    return Layout.from_positions({**positions, 0: cue}, TABLE), stroke


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=600)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--racks", action="store_true", help="breaks into racks instead of bench airborne's strokes")
    parser.add_argument("--tables", metavar="SIZE", help="physics_scan.py's shots on this table instead")
    parser.add_argument("--outcome", action="store_true", help="events, final positions and pockets only")
    parser.add_argument("--off", action="append", default=[], metavar="FIELD")
    parser.add_argument("--no-pocket-back", action="append_const", const="pocket_back", dest="off")
    args = parser.parse_args()
    params = PhysicsParams(**dict.fromkeys(args.off, False))
    shot = break_into_rack if args.racks else position_and_stroke
    if args.tables:
        from physics_scan import table_shot  # it imports this module: here, not at the top

        shot = functools.partial(table_shot, table=TableSpec.named(args.tables))
    arrays = (0, 1, 4, 5) if args.outcome else range(6)
    for k in range(args.start, args.start + args.strokes):
        result = simulate(*shot(k), params=params)
        digest = hashlib.sha1()
        for i in arrays:
            digest.update(result.kernel_arrays[i].tobytes())
        print(k, digest.hexdigest()[:16])


if __name__ == "__main__":
    main()
