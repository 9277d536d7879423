"""Break figures on racks and strokes other than ``poolhall bench break``'s, under each cushion model.

A change to the physics is judged on the bench's own breaks and on these, so a change
that only suits the bench's strokes shows. Two families, ``--breaks`` seeded breaks each
(200 by default), each stroke with the computational-pool tournament noise:

- the eight-ball rack broken from near the side rail (the cue ball 0.25 m from the right
  rail's nose, 0.2 m behind the head string), full on the apex at 10 m/s;
- a fifteen-ball 14.1 rack broken from 0.3 m behind the head string, 0.1 m left of the
  long string, full on the apex at 8 m/s.

Each family is played with Mathavan 2010's cushion (the default), the same rigid at every
speed (``cushion_yield_exponent=0``) and Han 2005's; the report gives object balls pocketed
per break, the share of breaks that made one, distinct object balls to a rail and scratches.
Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/break_other_racks.py [--breaks N] [--json]
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from typing import Any

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.ai.noise import NoiseModel
from poolhall.bench import breaks
from poolhall.racking import eight_ball_rack, straight_pool_rack

TABLE = breaks.TABLE
MODELS = {
    "mathavan-2010": PhysicsParams(),
    "mathavan-2010 rigid": PhysicsParams(cushion_yield_exponent=0.0),
    "han-2005": PhysicsParams(cushion_model="han-2005"),
}
Case = tuple[Layout, Stroke]


def _at_apex(cue: tuple[float, float], ball_speed: float, seed: int) -> Stroke:
    fx, fy = TABLE.foot_spot
    aim = Stroke(speed=breaks.cue_speed_for(ball_speed), phi=math.atan2(fy - cue[1], fx - cue[0]))
    return NoiseModel.tournament().perturb(aim, random.Random(seed))


def side_break(seed: int) -> Case:
    """The eight-ball rack from near the side rail, 10 m/s full on the apex."""
    cue = (TABLE.head_string_x - 0.2, 0.25)
    return eight_ball_rack(seed + 1000, TABLE, cue=cue, loose=True), _at_apex(cue, 10.0, seed + 1000)


def straight_pool_break(seed: int) -> Case:
    """A fifteen-ball 14.1 rack, 8 m/s full on the apex from left of the long string."""
    cue = (TABLE.head_string_x - 0.3, TABLE.width / 2 + 0.1)
    rack = straight_pool_rack(Layout.from_positions({}, TABLE), seed, loose=True).with_positions({0: cue})
    return rack, _at_apex(cue, 8.0, seed + 2000)


FAMILIES: dict[str, Callable[[int], Case]] = {
    "eight-ball from the side, 10 m/s": side_break,
    "14.1 rack, 8 m/s": straight_pool_break,
}


def measure(n: int) -> dict[str, dict[str, dict[str, float]]]:
    report: dict[str, dict[str, dict[str, float]]] = {}
    for family, make in FAMILIES.items():
        cases = [make(seed) for seed in range(n)]
        report[family] = {}
        for name, params in MODELS.items():
            outs = [breaks.outcome(simulate(layout, stroke, params=params)) for layout, stroke in cases]
            report[family][name] = {
                "pocketed_mean": statistics.mean(o["pocketed"] for o in outs),
                "made_ball_share": sum(o["pocketed"] > 0 for o in outs) / n,
                "rails_mean": statistics.mean(o["rails"] for o in outs),
                "scratch_share": sum(o["scratch"] for o in outs) / n,
            }
    return report


def summary(report: dict[str, Any]) -> str:
    """Each family and cushion model on a line."""
    return "\n".join(
        f"{family:34s} {name:20s} pocketed {r['pocketed_mean']:.3f}  made {r['made_ball_share']:.0%}"
        f"  to a rail {r['rails_mean']:.2f}  scratch {r['scratch_share']:.1%}"
        for family, rows in report.items()
        for name, r in rows.items()
    )


if __name__ == "__main__":
    import break_script

    break_script.main(__doc__ or "", measure, summary)
