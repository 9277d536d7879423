"""Where the balls of ``poolhall bench break``'s dead-centre breaks go, and why few of them drop.

On the bench's racks and strokes (``--breaks`` of them, 200 by default):

- ``near_mouth``: per break, how often an object ball's centre passes within 10 cm of each pocket's
  mouth centre (sampled every 2 ms), and how many drop there: a pocket that is never approached
  cannot be the reason a ball misses it;
- ``wings``: the rack's second-row end balls (slots 1 and 2) leave backwards and outwards, towards
  the side pockets: the share of breaks whose exit line (straight, from the end of the contact
  phase) meets the side rail inside the side pocket's mouth, and the share in which the ball is
  struck by one of the two back corner balls, coming back up the table off the foot and side
  rails, before it reaches any cushion; the same for the third-row end balls (slots 3 and 5);
- ``by_restitution``: balls pocketed and breaks that made one with the ball-ball restitution at
  the ends of Alciatore's measured 0.92-0.98 (FAQ, "coefficient of restitution") and at our 0.95,
  with the noiseless break's second-row exit angle (degrees from straight on) for each.

Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/centred_break_paths.py [--breaks N] [--json]
"""

from __future__ import annotations

import collections
import math
import statistics
from typing import Any

from poolhall import PhysicsParams, ShotResult, Stroke, simulate
from poolhall.bench import breaks
from poolhall.equipment import CUE, POCKETS, table_geometry
from poolhall.racking import BACK_CORNERS, break_spot, eight_ball_order, eight_ball_rack

TABLE = breaks.TABLE
NEAR = 0.10
SAMPLE = 0.002
WINGS = {"second row": (1, 2), "third row": (3, 5)}
RESTITUTIONS = (0.92, 0.95, 0.98)


def _mouths() -> dict[str, tuple[float, float]]:
    return {
        p.name: ((p.points[0][0] + p.points[1][0]) / 2, (p.points[0][1] + p.points[1][1]) / 2)
        for p in table_geometry(TABLE).pockets
    }


def _passes(result: ShotResult, mouth: tuple[float, float]) -> int:
    """How many times an object ball's centre comes within ``NEAR`` of ``mouth``."""
    count = 0
    for ball, segments in result.segments.items():
        near = False
        for seg in segments:
            if ball == CUE or seg.motion in ("pocketed", "stationary", "off-table"):
                continue
            n = max(2, int((seg.t1 - seg.t0) / SAMPLE))
            for i in range(n + 1):
                close = math.dist(seg.state(seg.t0 + (seg.t1 - seg.t0) * i / n).position, mouth) < NEAR
                count += close and not near
                near = close
    return count


def _wing(result: ShotResult, order: list[int], slot: int) -> tuple[bool, bool]:
    """(the exit line meets the side rail inside the side mouth, a back corner ball strikes it first)."""
    phase_end = min(e.time for e in result.events if e.kind == "ball-ball")
    ball = order[slot]
    state = result.state_at(phase_end)[ball]
    (x, y), (vx, vy) = state.position, state.velocity
    r = TABLE.ball.radius
    rail_y = r if vy < 0 else TABLE.width - r
    half = TABLE.side_mouth / 2
    aimed = vy != 0 and (rail_y - y) / vy > 0 and abs(x + vx * (rail_y - y) / vy - TABLE.length / 2) < half
    first = next(
        (
            e
            for e in result.events
            if e.time > phase_end and ball in e.balls and e.kind in ("ball-ball", "ball-cushion", "ball-pocket")
        ),
        None,
    )
    corners = {order[s] for s in BACK_CORNERS}
    struck = first is not None and first.kind == "ball-ball" and bool(corners & set(first.balls))
    return aimed, struck


def _second_row_angle(e_ball: float) -> float:
    """The noiseless dead-centre break's second-row exit, degrees from straight on (frozen rack)."""
    cue = break_spot(TABLE)
    fx, fy = TABLE.foot_spot
    stroke = Stroke(speed=breaks.cue_speed_for(breaks.BALL_SPEED), phi=math.atan2(fy - cue[1], fx - cue[0]))
    result = simulate(eight_ball_rack(0, TABLE, cue=cue), stroke, params=PhysicsParams(e_ball=e_ball))
    phase_end = min(e.time for e in result.events if e.kind == "ball-ball")
    vx, vy = result.state_at(phase_end)[eight_ball_order(0)[1]].velocity
    return math.degrees(math.atan2(abs(vy), vx))


def measure(n: int) -> dict[str, Any]:
    cue = break_spot(TABLE)
    mouths = _mouths()
    near = collections.Counter()
    dropped = collections.Counter()
    wings = {name: {"aimed_at_side_mouth": 0.0, "struck_by_back_corner_first": 0.0} for name in WINGS}
    runs = {e: [] for e in RESTITUTIONS}
    for seed in range(n):
        rack, stroke = eight_ball_rack(seed, TABLE, cue=cue, loose=True), breaks.break_stroke(seed, cue)
        order = eight_ball_order(seed)
        for e in RESTITUTIONS:
            result = simulate(rack, stroke, params=PhysicsParams(e_ball=e))
            runs[e].append(breaks.outcome(result))
            if e != PhysicsParams().e_ball:
                continue
            for name, mouth in mouths.items():
                near[name] += _passes(result, mouth)
            for ball, pocket in result.final.pocketed.items():
                dropped[pocket] += ball != CUE
            for name, slots in WINGS.items():
                for slot in slots:
                    aimed, struck = _wing(result, order, slot)
                    wings[name]["aimed_at_side_mouth"] += aimed / (n * len(slots))
                    wings[name]["struck_by_back_corner_first"] += struck / (n * len(slots))
    return {
        "near_mouth": {p: {"passes": near[p] / n, "dropped": dropped[p] / n} for p in POCKETS},
        "wings": wings,
        "by_restitution": {
            str(e): {
                "pocketed_mean": statistics.mean(o["pocketed"] for o in outs),
                "made_ball_share": sum(o["pocketed"] > 0 for o in outs) / n,
                "second_row_exit_deg": _second_row_angle(e),
            }
            for e, outs in runs.items()
        },
    }


def summary(report: dict[str, Any]) -> str:
    """The report as lines for people."""
    lines = [
        f"{pocket:10s} passes within {NEAR * 100:.0f} cm {row['passes']:.2f}/break, dropped {row['dropped']:.3f}"
        for pocket, row in report["near_mouth"].items()
    ]
    lines += [
        f"{name} end balls: exit line inside the side mouth {row['aimed_at_side_mouth']:.0%},"
        f" struck by a back corner ball before any cushion {row['struck_by_back_corner_first']:.0%}"
        for name, row in report["wings"].items()
    ]
    lines += [
        f"e_ball {e}: pocketed {row['pocketed_mean']:.3f}, made a ball {row['made_ball_share']:.0%},"
        f" second row leaves at {row['second_row_exit_deg']:.1f} deg from straight on"
        for e, row in report["by_restitution"].items()
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    import break_script

    break_script.main(__doc__ or "", measure, summary)
