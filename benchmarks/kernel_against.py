"""This checkout's simulator kernel against another checkout's (``main``, say), in one process.

The other tree's ``src/poolhall`` is copied to a temporary folder as package ``poolhall_other``
(its imports renamed), so both load side by side; each times ``simulate_many(record="outcome")``
on one numba thread over the same 10 000 noisy strokes of ``poolhall bench batch``'s cut and
mid-game shots, in alternating rounds, by process CPU time (a shared machine's other jobs change
wall time far more than CPU time). It prints microseconds per shot and other/this, and checks
that both give the same outcomes bit for bit. The copy compiles its kernels on first use (about
a minute); the numba cache keeps them for later runs in the same folder.

``--loop`` also times ``simulate`` called once per stroke (CPU time, the first 4 000 strokes) and
prints ``poolhall bench batch``'s one-thread speed-up, loop over batch, for both checkouts.

    python benchmarks/kernel_against.py /work/main/src [--shots 10000] [--rounds 5] [--keep DIR] [--loop]
"""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numba


def _copy_renamed(src: Path, into: Path) -> None:
    shutil.copytree(src / "poolhall", into / "poolhall_other", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    for path in (into / "poolhall_other").rglob("*.py"):
        text = path.read_text()
        text = re.sub(r"\bpoolhall\.", "poolhall_other.", text)
        text = re.sub(r"from poolhall import", "from poolhall_other import", text)
        text = re.sub(r"^import poolhall$", "import poolhall_other", text, flags=re.M)
        path.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other_src", type=Path, help="the other checkout's src folder")
    parser.add_argument("--shots", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="copy into this folder (kept, with its numba cache)")
    parser.add_argument("--loop", action="store_true", help="also time simulate in a loop (the bench's speed-up)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="poolhall_other_"))
    _copy_renamed(args.other_src, folder)
    sys.path.insert(0, str(folder))
    numba.set_num_threads(1)
    names = ("poolhall_other", "poolhall")
    packages = {name: importlib.import_module(name) for name in names}
    for case in ("cut_shot", "midgame_shot"):
        data = {}
        for name in names:
            shots, batch = (importlib.import_module(f"{name}.bench.{m}") for m in ("shots", "batch"))
            shot = getattr(shots, case)()
            layout, strokes = shot.layout(), batch.noisy_strokes(shot, args.shots)
            packages[name].simulate_many(layout, strokes[:2])
            data[name] = (layout, strokes)
        times: dict[str, list[float]] = {name: [] for name in names}
        outs = {}
        for _ in range(args.rounds):
            for name in names:
                layout, strokes = data[name]
                t0 = time.process_time()
                outs[name] = packages[name].simulate_many(layout, strokes)
                times[name].append((time.process_time() - t0) / args.shots * 1e6)
        same = all(
            getattr(outs["poolhall"], f).tobytes() == getattr(outs["poolhall_other"], f).tobytes()
            for f in ("first_contact", "final_positions", "pocket", "n_events", "duration", "drops")
        )
        ratios = [a / b for a, b in zip(times["poolhall_other"], times["poolhall"], strict=True)]
        if args.loop:
            for name in names:
                layout, strokes = data[name]
                loop = []
                for _ in range(3):
                    t0 = time.process_time()
                    for stroke in strokes[:4000]:
                        packages[name].simulate(layout, stroke)
                    loop.append((time.process_time() - t0) / len(strokes[:4000]) * 1e6)
                per_shot = statistics.median(loop)
                print(f"{case}: {name} simulate loop {per_shot:.1f} us a shot, loop/batch "
                      f"{per_shot / statistics.median(times[name]):.2f}x")  # fmt: skip
        print(
            f"{case}: other {statistics.median(times['poolhall_other']):.1f} us, this "
            f"{statistics.median(times['poolhall']):.1f} us per shot; other/this {statistics.median(ratios):.2f}x "
            f"(rounds {min(ratios):.2f}-{max(ratios):.2f}); same outcomes: {same}"
        )


if __name__ == "__main__":
    main()
