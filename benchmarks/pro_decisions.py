"""Pro's shot decisions in seeded pro-against-pro eight-ball games: time per decision and samples simulated.

Prints the wall and CPU seconds per decision (median, 95th percentile), the shots simulated per
decision (every stroke sent to ``simulate`` or ``simulate_many`` by ``ai/evaluate.py``) and a
digest of the strokes chosen: run it on two checkouts and equal digests mean the same decisions.

    PYTHONPATH=src python benchmarks/pro_decisions.py [--games 3]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from typing import Any

from poolhall.ai import ComputerPlayer
from poolhall.ai import evaluate as ev
from poolhall.game.match import Match
from poolhall.physics.warm import compile_kernels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    compile_kernels()
    counted = [0]
    many, one = ev.simulate_many, ev.simulate

    def counting_many(layout: Any, strokes: Any, *a: Any, **k: Any) -> Any:
        counted[0] += len(strokes)
        return many(layout, strokes, *a, **k)

    def counting_one(*a: Any, **k: Any) -> Any:
        counted[0] += 1
        return one(*a, **k)

    ev.simulate_many, ev.simulate = counting_many, counting_one  # type: ignore[assignment]
    walls: list[float] = []
    cpus: list[float] = []
    samples: list[int] = []
    digest = hashlib.sha256()

    class Timed:
        def __init__(self) -> None:
            self.player = ComputerPlayer("pro")
            self.execution = self.player.execution

        def act(self, view: Any) -> Any:
            wall, cpu, n0 = time.perf_counter(), time.process_time(), counted[0]
            action = self.player.act(view)
            if view.asked.kind == "shoot" and not view.break_shot:
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                samples.append(counted[0] - n0)
                digest.update(repr(action).encode())
            return action

    for game in range(args.games):
        Match("eight-ball", seed=1000 + game, lag_winner="A").play({"A": Timed(), "B": Timed()})  # type: ignore[dict-item]
    walls.sort()
    print(
        f"{len(walls)} decisions: wall median {statistics.median(walls):.3f} s, p95 "
        f"{walls[int(0.95 * len(walls))]:.3f} s, CPU median {statistics.median(cpus):.3f} s; simulated shots per "
        f"decision median {statistics.median(samples):.0f}, mean {statistics.mean(samples):.0f}; "
        f"choices {digest.hexdigest()[:12]}"
    )


if __name__ == "__main__":
    main()
