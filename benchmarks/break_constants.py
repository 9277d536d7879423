"""The constants ``poolhall bench break`` leans on, measured in the simulator beside published measurements.

Issue 14's sixth round (session 17): the dead-centre break's figure moves with how far balls travel after
the break (rolling resistance, sliding friction, the energy kept at cushions and at ball-ball contacts).
Each part sets the simulator's own behaviour, measured as a test would, beside the measurement it can be
checked against (docs/physics.md, "Issue 14, sixth round", names the sources):

- ``rolling``: a ball rolling at 0.6 m/s: distance and time to rest, and the deceleration over g they
  imply; the time a ball rolling one table length takes to stop (Jewett's lag rule of thumb: 7 s is
  about 1 %); against Mathavan et al. (2009), 0.124-0.126 m/s^2 on snooker cloth, and Alciatore's
  0.005-0.015;
- ``sliding``: a stun ball at 2 m/s: the sliding distance and the coefficient it implies; against
  Mathavan et al. (2009), 1.75-2.40 m/s^2 (0.178-0.245);
- ``cushion``: a ball rolling straight into the foot cushion at 0.5-8 m/s: its speed just off the
  cushion over its speed in, and its speed once it rolls again; against Mathavan et al. (2009)'s fit to
  31 such shots at 0.28-3.5 m/s, v_out = -0.0877 v^2 + 1.131 v - 0.0953 (beyond 3.5 m/s the fit is an
  extrapolation, like ours; the rolling speed after has no measurement found);
- ``collisions``: the five measured shots of Mathavan et al. (2009)'s Table I (a rolling cue ball into a
  resting object ball; speeds after both balls end their slip, and the cue ball's angle from its incoming
  line), played with the simulator's balls at the same speeds and cut angles (the object ball's measured
  direction matched by bisection);
- ``wpa``: the WPA's cushion test (a ball from the head spot through the foot spot, centre ball, level
  cue, a firm stroke, must travel at least 4 to 4 1/2 table lengths): the ball speed the simulator needs
  for 4 and for 4.5 lengths (null: not reached at 12 m/s);
- ``travel``: Alciatore's TP B.6 shot (a ball rolling from one end cushion along the table) at his
  speeds: table lengths travelled, beside his model's printed figures (his rail restitution 0.7 is an
  assumption, so this compares two models, not a model with a measurement);
- ``corner_path``: a back corner ball's 3-5 cushion path from the noiseless break (4.3 m/s, 31.6
  degrees): speed in and out at each cushion, rolling speed after, energy left;
- ``break_cushions``: in ``--breaks`` of the bench's breaks (seeds from ``--seed``): each ball-cushion impact's
  normal speed, how many are beyond the 2.5 m/s the rigid cushion was validated to and the 3.4 m/s of the
  fastest measured rebound, overall and on the paths of the balls that drop;
- ``break_at_measured``: the bench's break on ``--breaks`` check seeds (from ``--check-seed``) with the
  constants as they are and at the ends of the measurements above, paired differences with their
  standard errors; ``break_by_mu_roll``: the same against the rolling resistance alone, from 0.005 to
  0.015, each with the one-length lag time it means (what a stopwatch on a real table would decide);
  ``drops``: when, how fast and where the balls of those breaks drop, at 0.010 and at 0.005.

Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/break_constants.py [--breaks 200] [--seed 30000] [--json]
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import itertools
import json
import math
import statistics
from typing import Any

from poolhall import Layout, PhysicsParams, ShotResult, Stroke, TableSpec, simulate
from poolhall.bench import breaks
from poolhall.equipment import CUE, RAILS
from poolhall.physics.simulate import launched
from poolhall.racking import break_spot, eight_ball_rack

TABLE = breaks.TABLE
R = TABLE.ball.radius
PARAMS = PhysicsParams()
G = PARAMS.gravity
#: Mathavan, Jackson & Parkin (2009), Am. J. Phys. 77(9), 788-794, Table I: (V0 m/s, cut angle degrees,
#: cue ball speed after its slip, object ball speed after its slip, cue ball angle from its incoming line).
TABLE_I = (
    (1.539, 33.83, 0.816, 0.836, 35.96),
    (1.032, 26.36, 0.520, 0.629, 33.20),
    (1.364, 40.52, 0.925, 0.700, 30.50),
    (1.731, 46.50, 1.275, 0.787, 27.97),
    (0.942, 18.05, 0.365, 0.581, 29.86),
)
#: Alciatore's TP B.6 (cue ball table lengths of travel, his model with mu_s 0.2, mu_r 0.01 and a rail
#: restitution of 0.7, a ball rolling away from one end rail along the table): table lengths travelled at
#: his speeds, mph, as printed.
TP_B6 = {1.5: 0.903, 3.0: 1.684, 7.0: 3.005, 12.0: 3.69, 20.0: 4.715}
#: The bench's break with the constants as they are and at the ends of the measurements above.
MEASURED_VARIANTS = {
    "as is": PARAMS,
    "mu_roll 0.0127 (Mathavan 2009)": PhysicsParams(mu_roll=0.0127),
    "mu_roll 0.005 (Alciatore's lower end)": PhysicsParams(mu_roll=0.005),
    "mu_slide 0.178": PhysicsParams(mu_slide=0.178),
    "mu_slide 0.245": PhysicsParams(mu_slide=0.245),
    "e_ball 0.92": PhysicsParams(e_ball=0.92),
    "e_ball 0.98": PhysicsParams(e_ball=0.98),
    "no cushion yield (extrapolation off)": PhysicsParams(cushion_yield_exponent=0.0),
    "every end that raises it": PhysicsParams(e_ball=0.98, mu_slide=0.245, mu_roll=0.005),
    "every other end": PhysicsParams(e_ball=0.92, mu_slide=0.178, mu_roll=0.0127),
}
#: Rolling resistances for the break's curve against it (ours first: the differences are from it).
ROLLING_CURVE = (0.01, 0.005, 0.006, 0.007, 0.008, 0.009, 0.011, 0.0127, 0.015)
#: Inward normal of each rail's nose line (the direction a ball moves after a straight rebound).
NORMALS = {"head": (1.0, 0.0), "foot": (-1.0, 0.0), "right": (0.0, 1.0), "left": (0.0, -1.0)}


def launch(
    positions: dict[int, tuple[float, float]],
    v: tuple[float, float],
    w: tuple[float, float, float],
    params: PhysicsParams = PARAMS,
    table: TableSpec = TABLE,
) -> ShotResult:
    """The cue ball set moving at velocity ``v`` with spin ``w`` (no cue strike), the others at rest."""
    return launched(Layout.from_positions(positions, table), (v[0], v[1], 0.0), w, table, params)


def rolling_along_x(speed: float) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """Velocity and spin of a ball rolling along +x at ``speed`` (wy = v / R)."""
    return (speed, 0.0), (0.0, speed / R, 0.0)


def path_length(result: ShotResult, ball: int = CUE) -> float:
    """How far ``ball``'s centre travelled on the cloth until it rested."""
    total = 0.0
    for seg in result.segments[ball]:
        n = 200
        points = [seg.state(seg.t0 + (seg.t1 - seg.t0) * i / n).position for i in range(n + 1)]
        total += sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    return total


def rest_time(result: ShotResult, ball: int = CUE) -> float:
    return max(seg.t1 for seg in result.segments[ball] if seg.motion not in ("stationary",))


def rolling() -> dict[str, float]:
    speed = 0.6
    v, w = rolling_along_x(speed)
    result = launch({CUE: (0.3, TABLE.width / 2)}, v, w)
    d, t = path_length(result), rest_time(result)
    mu = speed**2 / (2 * G * d)
    return {
        "speed": speed,
        "distance_m": d,
        "time_s": t,
        "deceleration": speed / t,
        "mu_from_distance": mu,
        "one_length_lag_s": lag_time(mu),
    }


def lag_time(mu_roll: float) -> float:
    """Seconds a ball rolled from one end takes to stop at the other (L = mu g t^2 / 2): Jewett's lag rule."""
    return math.sqrt(2 * TABLE.length / (mu_roll * G))


def sliding() -> dict[str, float]:
    speed = 2.0
    result = launch({CUE: (0.3, TABLE.width / 2)}, (speed, 0.0), (0.0, 0.0, 0.0))
    roll = next(e for e in result.events if e.kind == "sliding-rolling")
    d = result.state_at(roll.time)[CUE].position[0] - 0.3
    return {
        "speed": speed,
        "slide_m": d,
        "slide_s": roll.time,
        "mu_from_distance": 12 * speed**2 / (49 * G * d),
        "speed_when_rolling": math.hypot(*result.state_at(roll.time)[CUE].velocity),
    }


def mathavan_2009_fit(v: float) -> float:
    """Mathavan et al. (2009)'s quadratic fit to 31 rolling balls' straight-in rebounds (0.28-3.5 m/s)."""
    return -0.0877 * v * v + 1.131 * v - 0.0953


def cushion(speeds: tuple[float, ...] = (0.5, 1.0, 2.0, 3.0, 3.5, 4.0, 5.0, 6.0, 8.0)) -> list[dict[str, float]]:
    """Speed off over speed into the foot cushion, straight in, rolling, and the speed it rolls at once the
    slide after the rebound ends, over the same speed in: on our table (the nose at 0.635 of the ball's
    diameter, WPA) and on Mathavan's snooker geometry (the nose at 7R/5, 0.7 of the diameter)."""
    snooker = dataclasses.replace(TABLE, cushion_nose_height_ratio=0.7)
    rows = []
    for speed in speeds:
        row = {"speed": speed, "measured_fit": mathavan_2009_fit(speed) / speed}
        for name, table in (("ratio", TABLE), ("ratio_snooker_nose", snooker)):
            v, w = rolling_along_x(speed)
            result = launch({CUE: (table.length - R - 0.05, table.width / 2)}, v, w, table=table)
            hit = next(e for e in result.events if e.kind == "ball-cushion")
            after = next(s for s in result.segments[CUE] if s.t0 >= hit.time)
            speed_in = math.hypot(*result.state_at(hit.time - 1e-9)[CUE].velocity)
            row[name] = math.hypot(*after.v0) / speed_in
            rolls = next(e for e in result.events if e.kind == "sliding-rolling" and e.time > hit.time)
            row[name.replace("ratio", "rolling_after")] = (
                math.hypot(*result.state_at(rolls.time)[CUE].velocity) / speed_in
            )
        rows.append(row)
    return rows


def _cut_shot(v0: float, offset: float, params: PhysicsParams) -> ShotResult:
    """A cue ball rolling along +x at ``v0`` into a resting ball whose centre is ``offset`` to its left."""
    v, w = rolling_along_x(v0)
    cue = (0.6, TABLE.width / 2 - 0.2)
    ob = (cue[0] + 0.4, cue[1] + offset)
    return launch({CUE: cue, 1: ob}, v, w, params)


def _after_slip(result: ShotResult, ball: int, after: float) -> tuple[float, float]:
    """``ball``'s velocity when it first rolls after time ``after`` (the end of its slip)."""
    seg = next(s for s in result.segments[ball] if s.t0 > after and s.motion == "rolling")
    return seg.v0


def collisions(params: PhysicsParams = PARAMS) -> list[dict[str, float]]:
    rows = []
    for v0, cut, cb_meas, ob_meas, angle_meas in TABLE_I:
        lo, hi = 0.0, 2 * R * 0.999
        for _ in range(60):
            mid = (lo + hi) / 2
            result = _cut_shot(v0, mid, params)
            hit = next(e for e in result.events if e.kind == "ball-ball")
            ob = _after_slip(result, 1, hit.time)
            ob_angle = math.degrees(math.atan2(ob[1], ob[0]))
            lo, hi = (mid, hi) if ob_angle < cut else (lo, mid)
        cb = _after_slip(result, CUE, hit.time)
        rows.append(
            {
                "v0": v0,
                "cut": cut,
                "cb_speed": math.hypot(*cb) / v0,
                "cb_measured": cb_meas / v0,
                "ob_speed": math.hypot(*ob) / v0,
                "ob_measured": ob_meas / v0,
                "cb_angle": -math.degrees(math.atan2(cb[1], cb[0])),
                "cb_angle_measured": angle_meas,
            }
        )
    return rows


def _wpa_lengths(ball_speed: float) -> float:
    (hx, hy), (fx, fy) = TABLE.head_spot, TABLE.foot_spot
    stroke = Stroke(speed=breaks.cue_speed_for(ball_speed), phi=math.atan2(fy - hy, fx - hx))
    return path_length(simulate(Layout.from_positions({CUE: (hx, hy)}, TABLE), stroke)) / TABLE.length


def travel() -> list[dict[str, float]]:
    """TP B.6's shot in the simulator: a ball rolling at each of its speeds from the head cushion along
    the table's long axis, table lengths travelled until it rests."""
    rows = []
    for mph, printed in TP_B6.items():
        v, w = rolling_along_x(mph * 0.44704)
        result = launch({CUE: (R + 1e-4, TABLE.width / 2)}, v, w)
        rows.append({"mph": mph, "lengths": path_length(result) / TABLE.length, "tp_b6": printed})
    return rows


def wpa() -> dict[str, float | None]:
    """The ball speed (m/s off the tip) for 4 and for 4.5 table lengths; None if 12 m/s does not reach it."""
    out: dict[str, float | None] = {}
    for lengths in (4.0, 4.5):
        lo, hi = 0.5, 12.0
        if _wpa_lengths(hi) < lengths:
            out[f"ball_speed_for_{lengths:g}_lengths"] = None
            continue
        for _ in range(30):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _wpa_lengths(mid) < lengths else (lo, mid)
        out[f"ball_speed_for_{lengths:g}_lengths"] = (lo + hi) / 2
    return out


def corner_path(speed: float = 4.3, angle: float = 31.6) -> list[dict[str, float]]:
    """A back corner ball's path: from the rack's back-left slot, sliding without spin at ``speed`` and
    ``angle`` degrees to the break line (the noiseless break's 4.3 m/s and 31.6 degrees): at each cushion
    its speed in and out, its speed once it rolls again, and the share of the starting energy it still has
    (translation and spin)."""
    fx, fy = TABLE.foot_spot
    start = (fx + 4 * math.sqrt(3) * R, fy + 4 * R)
    a = math.radians(angle)
    result = launch({CUE: start}, (speed * math.cos(a), speed * math.sin(a)), (0.0, 0.0, 0.0))

    def energy(t: float) -> float:
        s = result.state_at(t)[CUE]
        return s.velocity[0] ** 2 + s.velocity[1] ** 2 + 0.4 * R * R * sum(w * w for w in s.spin)

    first = energy(0.0)
    rows = []
    events = result.events
    for i, e in enumerate(events):
        if e.kind != "ball-cushion":
            continue
        after = next((f for f in events[i + 1 :] if f.kind in ("sliding-rolling", "ball-cushion")), None)
        rolls = after if after is not None and after.kind == "sliding-rolling" else None
        rows.append(
            {
                "rail": e.where,
                "in": math.hypot(*result.state_at(e.time - 1e-9)[CUE].velocity),
                "out": math.hypot(*result.state_at(e.time + 1e-9)[CUE].velocity),
                "rolling_after": math.hypot(*result.state_at(rolls.time)[CUE].velocity) if rolls else 0.0,
                "energy_left": energy(e.time + 1e-9) / first,
            }
        )
    return rows


def break_figures(params: dict[str, PhysicsParams], count: int, seed: int) -> dict[str, dict[str, float]]:
    """The bench's break on seeds ``seed`` .. ``seed + count - 1`` with each set of constants: mean balls
    pocketed, share of breaks that made one, and the paired difference from the first set with its
    standard error."""
    cue = break_spot(TABLE)
    racks = [eight_ball_rack(k, TABLE, cue=cue, loose=True) for k in range(seed, seed + count)]
    strokes = [breaks.break_stroke(k, cue) for k in range(seed, seed + count)]
    counts = {
        name: [breaks.outcome(simulate(r, s, params=p))["pocketed"] for r, s in zip(racks, strokes, strict=True)]
        for name, p in params.items()
    }
    base = next(iter(counts.values()))
    out = {}
    for name, got in counts.items():
        diff = [a - b for a, b in zip(got, base, strict=True)]
        out[name] = {
            "pocketed_mean": statistics.mean(got),
            "made_share": sum(c > 0 for c in got) / count,
            "paired_difference": statistics.mean(diff),
            "difference_se": statistics.stdev(diff) / math.sqrt(count) if any(diff) else 0.0,
        }
    return out


def drops(params: PhysicsParams, count: int, seed: int) -> dict[str, Any]:
    """When, how fast and where the object balls of the bench's breaks drop: the median time after the
    stroke and speed at the drop, the shares after 3 s and slower than 0.5 m/s, balls per pocket, and
    how many cushions each touched first (6 counts 6 or more)."""
    cue = break_spot(TABLE)
    times, speeds, cushions, pockets = [], [], collections.Counter(), collections.Counter()
    for k in range(seed, seed + count):
        result = simulate(eight_ball_rack(k, TABLE, cue=cue, loose=True), breaks.break_stroke(k, cue), params=params)
        for ball, pocket in result.final.pocketed.items():
            if ball == CUE:
                continue
            drop = next(e for e in result.events if e.kind == "ball-pocket" and e.balls[0] == ball)
            times.append(drop.time)
            speeds.append(math.hypot(*result.state_at(drop.time - 1e-9)[ball].velocity))
            touched = [e for e in result.events if e.kind == "ball-cushion" and e.balls[0] == ball]
            cushions[min(sum(e.time < drop.time for e in touched), 6)] += 1
            pockets[pocket] += 1
    return {
        "balls": len(times),
        "median_time_s": statistics.median(times),
        "after_3_s": sum(t > 3 for t in times) / len(times),
        "median_speed": statistics.median(speeds),
        "slower_than_0.5": sum(v < 0.5 for v in speeds) / len(speeds),
        "by_pocket": dict(pockets),
        "by_cushions": dict(sorted(cushions.items())),
    }


def _normal_speeds(result: ShotResult) -> list[tuple[int, float]]:
    """(ball, speed into the cushion) of every impact on a rail's nose (jaw facings left out)."""
    out = []
    for e in result.events:
        if e.kind != "ball-cushion" or e.jaw_of is not None or e.where not in RAILS:
            continue
        vx, vy = result.state_at(e.time - 1e-9)[e.balls[0]].velocity
        nx, ny = NORMALS[e.where]
        out.append((e.balls[0], -(vx * nx + vy * ny)))
    return out


def break_cushions(count: int, seed: int) -> dict[str, Any]:
    cue = break_spot(TABLE)
    every: list[float] = []
    droppers: list[float] = []
    for k in range(seed, seed + count):
        result = simulate(eight_ball_rack(k, TABLE, cue=cue, loose=True), breaks.break_stroke(k, cue))
        dropped = {b for b in result.final.pocketed if b != CUE}
        for ball, vn in _normal_speeds(result):
            every.append(vn)
            if ball in dropped:
                droppers.append(vn)

    def shares(speeds: list[float]) -> dict[str, float]:
        return {
            "impacts": len(speeds),
            "median": statistics.median(speeds),
            "above_2.5": sum(v > 2.5 for v in speeds) / len(speeds),
            "above_3.4": sum(v > 3.4 for v in speeds) / len(speeds),
            "max": max(speeds),
        }

    return {"breaks": count, "seed": seed, "all": shares(every), "balls_that_drop": shares(droppers)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--breaks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--check-seed", type=int, default=31000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {
        "rolling": rolling(),
        "sliding": sliding(),
        "cushion": cushion(),
        "collisions": collisions(),
        "wpa": wpa(),
        "travel": travel(),
        "corner_path": corner_path(),
        "break_cushions": break_cushions(args.breaks, args.seed),
        "break_at_measured": break_figures(MEASURED_VARIANTS, args.breaks, args.check_seed),
        "break_by_mu_roll": break_figures(
            {f"{mu:g} (lag {lag_time(mu):.1f} s)": PhysicsParams(mu_roll=mu) for mu in ROLLING_CURVE},
            args.breaks,
            args.check_seed,
        ),
        "drops": {
            f"mu_roll {mu:g}": drops(PhysicsParams(mu_roll=mu), args.breaks, args.check_seed) for mu in (0.01, 0.005)
        },
    }
    print(json.dumps(report, indent=1 if not args.json else None))


if __name__ == "__main__":
    main()
