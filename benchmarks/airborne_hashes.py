"""Fingerprints of ``poolhall bench airborne``'s strokes, to show a physics change leaves other shots alone.

Prints one line per stroke: its number and the SHA-1 of the kernel's arrays (events, segments,
final positions, pockets). Run it in two checkouts (copy it into the other) and ``diff`` the
outputs: the strokes that differ are the ones the change touched. ``--off FIELD`` (repeatable) plays
with that boolean ``PhysicsParams`` field False: ``--off rail_at_jaws`` is the engine before session
12's rail beside the pockets, ``--off pocket_back`` (or ``--no-pocket-back``) before session 11's
pocket back (leave a field out in a checkout older than it). ``--strokes N`` (600 by default) as the
bench.
"""

from __future__ import annotations

import argparse
import hashlib

from poolhall.bench.airborne import position_and_stroke
from poolhall.equipment import PhysicsParams
from poolhall.physics import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=600)
    parser.add_argument("--off", action="append", default=[], metavar="FIELD")
    parser.add_argument("--no-pocket-back", action="append_const", const="pocket_back", dest="off")
    args = parser.parse_args()
    params = PhysicsParams(**dict.fromkeys(args.off, False))
    for k in range(args.strokes):
        result = simulate(*position_and_stroke(k), params=params)
        digest = hashlib.sha1()
        for array in result.kernel_arrays[:6]:
            digest.update(array.tobytes())
        print(k, digest.hexdigest()[:16])


if __name__ == "__main__":
    main()
