"""``poolhall bench break``: how an eight-ball break spreads, and whether that depends on gaps or ball numbers.

``N`` seeded breaks (``--breaks``, 200 by default) on the 9-foot table:
the rack as the game racks it (``racking.eight_ball_rack`` with its
realistic gaps), the cue ball 5 cm behind the head string's centre, struck to leave
at ``BALL_SPEED`` straight at the apex, the stroke executed with the
computational-pool tournament noise (``ai.noise``, seeded per break). The
report:

- ``pocketed_mean``: object balls pocketed per break; ``made_ball_share``:
  breaks that pocket one; ``legal_share``: breaks that pocket one or drive
  four object balls to a rail (RULES 8B-6); ``eight_on_break_share``;
  ``scratch_share`` (the cue ball pocketed or off the table, GEN-4);
  ``rails_mean``: distinct object balls that reach a rail;
- ``by_pocket``: object balls pocketed per break in each pocket, and
  ``corner_balls_share``: the share of the pocketed balls that were the
  rack's two back corner balls (where a break's balls drop says which paths
  make them);
- ``at_pro_speed``: ``pocketed_mean``, ``made_ball_share`` and ``rails_mean``
  of the same racks and strokes with the cue ball at ``PRO_BALL_SPEED``;
- ``by_gap``: ``pocketed_mean`` and ``rails_mean`` of the same breaks with
  every gap of the rack 0, 0.01 mm and 0.1 mm; ``relabelled``: the same
  with the balls of the game's racks renumbered (same places, other numbers),
  and the share of breaks whose pocketed and railed slots are the same;
- ``median_ms``: the median wall time of one ``simulate`` of the main breaks.

The module is named ``breaks`` because ``break`` is a Python keyword; the kind is ``break``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from poolhall.ai.noise import NoiseModel
from poolhall.equipment import CUE, EIGHT, OBJECT_BALLS, POCKETS, PhysicsParams, TableSpec
from poolhall.layout import Layout
from poolhall.physics import ShotResult, Stroke, simulate
from poolhall.physics.stroke import cue_strike
from poolhall.racking import break_spot, eight_ball_rack
from poolhall.rules.eight_ball_break import BALLS_TO_RAIL

HELP = "how a break spreads: balls pocketed, legal breaks, and whether gaps or ball numbers change that"
#: ``poolhall bench break --breaks N``.
SIZE = "breaks"
TABLE = TableSpec.nine_foot()
#: The cue ball's speed off the tip, m/s (issue 14's "about 9 m/s": 20 mph, a firm break; Onoda measured
#: 18-21 mph for women professionals, below).
BALL_SPEED = 9.0
#: Men professionals' break speed, m/s: 24 mph, the mean of 22-26 mph that G. Onoda timed on video from the
#: cue ball's start to the 1 ball (Sigel, Rempe, Hopkins, Mizerak, Varner; "Faster than a speeding bullet?",
#: Billiards Digest, May/June 1989). Alciatore's FAQ ("typical speeds") calls 25-30 mph a powerful break.
PRO_BALL_SPEED = 24 * 0.44704
GAPS = {"0": 0.0, "0.01mm": 1e-5, "0.1mm": 1e-4}


def steps(breaks: int) -> int:
    return breaks * (3 + len(GAPS))


def cue_speed_for(ball_speed: float) -> float:
    """The cue speed that sends the cue ball off at ``ball_speed`` with a centre hit (the strike is linear)."""
    (vx, vy, _), _ = cue_strike(Stroke(speed=1.0, phi=0.0), TABLE.ball, PhysicsParams())
    return ball_speed / (vx * vx + vy * vy) ** 0.5


def break_stroke(seed: int, cue: tuple[float, float], ball_speed: float = BALL_SPEED) -> Stroke:
    """Break ``seed``'s stroke: full on the apex at ``ball_speed``, with the tournament noise."""
    fx, fy = TABLE.foot_spot
    aim = Stroke(speed=cue_speed_for(ball_speed), phi=math.atan2(fy - cue[1], fx - cue[0]))
    return NoiseModel.tournament().perturb(aim, random.Random(seed))


def relabel(layout: Layout, seed: int) -> Layout:
    """The same places with the object balls renumbered (a seeded permutation)."""
    balls = list(OBJECT_BALLS)
    shuffled = balls[:]
    random.Random(seed).shuffle(shuffled)
    moves = {new: layout.position(old) for old, new in zip(balls, shuffled, strict=True)}
    return Layout.from_positions(moves | {CUE: layout.position(CUE)}, TABLE)


def outcome(result: ShotResult) -> dict[str, Any]:
    """What one break did: object balls pocketed and railed, the 8 down, a scratch."""
    pocketed = [b for b in result.final.pocketed if b != CUE]
    railed = {e.balls[0] for e in result.events if e.kind == "ball-cushion" and e.balls[0] != CUE}
    return {
        "pocketed": len(pocketed),
        "pockets": [result.final.pocketed[b] for b in pocketed],
        "balls": pocketed,
        "rails": len(railed),
        "eight": EIGHT in result.final.pocketed,
        "scratch": CUE in result.final.pocketed or CUE in result.final.off_table,
        "legal": bool(pocketed) or len(railed) >= BALLS_TO_RAIL,
    }


def measure(breaks: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring."""
    cue = break_spot(TABLE)
    main: list[dict[str, Any]] = []
    times: list[float] = []
    racks = [eight_ball_rack(seed, TABLE, cue=cue, loose=True) for seed in range(breaks)]
    strokes = [break_stroke(seed, cue) for seed in range(breaks)]
    for seed in range(breaks):
        start = time.perf_counter()
        result = simulate(racks[seed], strokes[seed])
        times.append(time.perf_counter() - start)
        main.append(outcome(result))
        tick(f"break {seed + 1}/{breaks}")
    report: dict[str, Any] = {
        "pocketed_mean": statistics.mean(o["pocketed"] for o in main),
        "made_ball_share": _share(o["pocketed"] > 0 for o in main),
        "legal_share": _share(o["legal"] for o in main),
        "eight_on_break_share": _share(o["eight"] for o in main),
        "scratch_share": _share(o["scratch"] for o in main),
        "rails_mean": statistics.mean(o["rails"] for o in main),
        "by_pocket": {p: sum(o["pockets"].count(p) for o in main) / breaks for p in POCKETS},
        "corner_balls_share": _corner_share(racks, main),
        "by_gap": {},
    }
    runs = []
    for seed in range(breaks):
        runs.append(outcome(simulate(racks[seed], break_stroke(seed, cue, PRO_BALL_SPEED))))
        tick(f"at pro speed: {seed + 1}/{breaks}")
    report["at_pro_speed"] = _means(runs) | {"made_ball_share": _share(o["pocketed"] > 0 for o in runs)}
    for name, gap in GAPS.items():
        runs = []
        for seed in range(breaks):
            runs.append(outcome(simulate(eight_ball_rack(seed, TABLE, gap=gap, cue=cue), strokes[seed])))
            tick(f"gap {name}: {seed + 1}/{breaks}")
        report["by_gap"][name] = _means(runs)
    runs = []
    for seed in range(breaks):
        runs.append(outcome(simulate(relabel(racks[seed], seed), strokes[seed])))
        tick(f"relabelled: {seed + 1}/{breaks}")
    report["relabelled"] = _means(runs) | {
        "same_counts_share": _share(
            (a["pocketed"], a["rails"]) == (b["pocketed"], b["rails"]) for a, b in zip(main, runs, strict=True)
        )
    }
    report["median_ms"] = statistics.median(times) * 1000
    return report


def _corner_share(racks: list[Layout], outcomes: list[dict[str, Any]]) -> float:
    """The share of the pocketed object balls that were their rack's two back corner balls."""
    dropped = corners = 0
    for rack, o in zip(racks, outcomes, strict=True):
        balls = {b: rack.position(b) for b in OBJECT_BALLS}
        back = max(xy[0] for xy in balls.values())
        row = sorted((xy[1], b) for b, xy in balls.items() if xy[0] > back - rack.table.ball.radius)
        dropped += len(o["balls"])
        corners += sum(1 for b in o["balls"] if b in (row[0][1], row[-1][1]))
    return corners / dropped if dropped else 0.0


def _share(flags: Any) -> float:
    values = list(flags)
    return sum(1 for v in values if v) / len(values)


def _means(runs: list[dict[str, Any]]) -> dict[str, float]:
    return {
        "pocketed_mean": statistics.mean(o["pocketed"] for o in runs),
        "rails_mean": statistics.mean(o["rails"] for o in runs),
    }


def summary(report: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    lines = [
        f"balls pocketed per break: {report['pocketed_mean']:.2f}   made a ball: {report['made_ball_share']:.0%}",
        f"legal breaks: {report['legal_share']:.0%}   8 on the break: {report['eight_on_break_share']:.1%}"
        f"   scratches: {report['scratch_share']:.1%}",
        f"object balls to a rail: {report['rails_mean']:.1f}",
        "pocketed per break by pocket: "
        + ", ".join(f"{k} {v:.2f}" for k, v in report["by_pocket"].items())
        + f" ({report['corner_balls_share']:.0%} of them the rack's back corner balls)",
        f"at {PRO_BALL_SPEED:.1f} m/s (men pros, Onoda 1989): {report['at_pro_speed']['pocketed_mean']:.2f} pocketed,"
        f" made a ball {report['at_pro_speed']['made_ball_share']:.0%},"
        f" {report['at_pro_speed']['rails_mean']:.1f} to a rail",
    ]
    for name, row in report["by_gap"].items():
        lines.append(f"every gap {name:>6}: {row['pocketed_mean']:.2f} pocketed, {row['rails_mean']:.1f} to a rail")
    row = report["relabelled"]
    lines.append(
        f"renumbered balls:   {row['pocketed_mean']:.2f} pocketed, {row['rails_mean']:.1f} to a rail"
        f" (same counts in {row['same_counts_share']:.0%} of breaks)"
    )
    lines.append(f"median time per break: {report['median_ms']:.3f} ms")
    return "\n".join(lines)
