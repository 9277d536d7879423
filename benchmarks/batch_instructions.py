"""Instructions a shot of ``simulate_many(record="outcome")`` on one thread, counted by callgrind.

Runs ``poolhall bench batch``'s cut and mid-game shots (``n`` of its noisy strokes each, ``--seed``
15 as the bench's) in one process under ``valgrind --tool=callgrind --instr-atstart=no``; after each
case's warm-up (a 64-stroke batch) the counters are zeroed and turned on, the batch runs, and they are
dumped (``OUT.1``: the cut, ``OUT.2``: the mid-game) and turned off, so the import, numba's cache
loading and the warm-up are not counted. Prints each case's instructions a shot. Instruction counts do
not depend on the machine's load (other helpers' jobs), so two checkouts compare in any minute:

    PYTHONPATH=src python benchmarks/batch_instructions.py --shots 1000 --out /tmp/cg.this
    PYTHONPATH=/path/to/main/src python benchmarks/batch_instructions.py --shots 1000 --out /tmp/cg.main

``callgrind_annotate OUT.1`` lists the counts by function (numba's compiled code shows as ``???``
addresses: the largest is ``run_in`` with what it inlines, the next Mathavan's cushion impact).
About five minutes with a warm numba cache: valgrind runs the import and the cache loading slowly.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = ("cut", "midgame")


def _child(shots: int, seed: int, flags: Path) -> None:
    import numba

    from poolhall import simulate_many
    from poolhall.bench.batch import noisy_strokes
    from poolhall.bench.shots import cut_shot, midgame_shot

    numba.set_num_threads(1)
    for shot in (cut_shot(), midgame_shot()):
        layout, strokes = shot.layout(), noisy_strokes(shot, 64 + shots, seed)
        simulate_many(layout, strokes[:64])  # warm-up
        (flags / f"ready.{shot.name}").touch()
        _wait(flags / f"go.{shot.name}")
        simulate_many(layout, strokes[64:])
        (flags / f"done.{shot.name}").touch()
        _wait(flags / f"stop.{shot.name}")


def _wait(path: Path) -> None:
    while not path.exists():
        time.sleep(0.05)


def _drive(shots: int, seed: int, out: str) -> None:
    flags = Path(tempfile.mkdtemp())
    env = {**os.environ, "NUMBA_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    child = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", sys.executable,
         __file__, "--child", "--shots", str(shots), "--seed", str(seed), "--flags", str(flags)],
        env=env, stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def control(*args: str) -> None:
        subprocess.run(["callgrind_control", *args, str(child.pid)], check=True, capture_output=True)

    for case in CASES:
        _wait(flags / f"ready.{case}")
        control("-z")
        control("-i", "on")
        (flags / f"go.{case}").touch()
        _wait(flags / f"done.{case}")
        control("-d")
        control("-i", "off")
        (flags / f"stop.{case}").touch()
    child.wait()
    for k, case in enumerate(CASES, 1):
        totals = next(line for line in Path(f"{out}.{k}").read_text().splitlines() if line.startswith("totals:"))
        print(f"{case}: {int(totals.split()[1]) / shots:,.0f} instructions a shot ({out}.{k})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", default="callgrind.batch")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--flags", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.shots, args.seed, args.flags)
    else:
        _drive(args.shots, args.seed, args.out)


if __name__ == "__main__":
    main()
