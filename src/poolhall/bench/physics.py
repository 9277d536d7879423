"""``poolhall bench physics``: how fast the simulator plays the fixed shots, starts, and how much memory it takes.

- Per shot (``bench/shots.py``): the median wall time of ``simulate`` over
  ``repeat`` runs after one warm-up run, the events it produced, shots per second.
- Start-up, each in a fresh interpreter, timing ``import poolhall`` plus the
  first break: *cold* with ``NUMBA_CACHE_DIR`` pointed at an empty folder (every
  kernel compiles), *warm* with the normal cache (which this process's own
  runs have just filled).
- Resident memory (MiB) of that fresh interpreter right after ``import poolhall``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from poolhall.bench.shots import FixedShot, fixed_shots

HELP = "shots per second of the simulator on fixed shots, cold and warm start, memory"

#: Run in a fresh interpreter: import, memory, first shot; prints one JSON object.
_START_PROBE = """
import json, time
t0 = time.perf_counter()
import poolhall
from poolhall import simulate
rss_kib = 0
try:
    with open("/proc/self/status") as status:
        rss_kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
except OSError:
    import resource
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
from poolhall.bench.shots import break_shot
shot = break_shot()
simulate(shot.layout(), shot.stroke)
print(json.dumps({"start_s": time.perf_counter() - t0, "rss_mib": rss_kib / 1024}))
"""
START_TIMEOUT_S = 900


def steps(repeat: int) -> int:
    return len(fixed_shots()) * (repeat + 1) + 2


def measure(repeat: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring; ``tick(label)`` after each step."""
    report: dict[str, Any] = {}
    for shot in fixed_shots():
        report[shot.name] = time_shot(shot, repeat, tick)
    warm = start_probe(cold=False)
    tick("warm start")
    cold = start_probe(cold=True)
    tick("cold start")
    report["warm_start_s"] = warm["start_s"]
    report["cold_start_s"] = cold["start_s"]
    report["rss_mib"] = warm["rss_mib"]
    return report


def time_shot(shot: FixedShot, repeat: int, tick: Callable[[str], None]) -> dict[str, float | int]:
    """Median seconds per ``simulate`` call over ``repeat`` runs (after one warm-up), its events, shots/s."""
    from poolhall import simulate

    layout, stroke = shot.layout(), shot.stroke
    result = simulate(layout, stroke)
    tick(f"{shot.name}: warm-up")
    times = []
    for i in range(repeat):
        t0 = time.perf_counter()
        result = simulate(layout, stroke)
        times.append(time.perf_counter() - t0)
        tick(f"{shot.name}: {i + 1}/{repeat}")
    median = statistics.median(times)
    return {"median_s": median, "events": len(result.events), "shots_per_s": 1.0 / median}


def start_probe(*, cold: bool) -> dict[str, float]:
    """Import + first break in a fresh interpreter; ``cold`` gives numba an empty cache folder."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="poolhall-cold-") as empty:
        if cold:
            env["NUMBA_CACHE_DIR"] = empty
        done = subprocess.run(
            [sys.executable, "-c", _START_PROBE],
            env=env,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT_S,
            check=False,
        )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the {'cold' if cold else 'warm'} start probe failed: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def summary(report: dict[str, Any]) -> str:
    """The report as a few aligned lines for people."""
    lines = [f"{'shot':<8}{'median':>12}{'events':>9}{'shots/s':>11}"]
    for name in (s.name for s in fixed_shots()):
        row = report[name]
        lines.append(f"{name:<8}{row['median_s'] * 1000:>10.3f}ms{row['events']:>9}{row['shots_per_s']:>11.1f}")
    lines.append(f"warm start (import + first break): {report['warm_start_s']:.2f} s")
    lines.append(f"cold start (empty numba cache):    {report['cold_start_s']:.2f} s")
    lines.append(f"resident memory after import:      {report['rss_mib']:.1f} MiB")
    return "\n".join(lines)
