"""poolhall against pooltool, like for like, in one process: speed on the fixed shots, outcomes on seeded ones.

Both engines start every shot from the same cue-ball state. poolhall's cue
strike (``physics.stroke.cue_strike``) gives the cue ball's velocity and spin,
and pooltool's cue ball is set to exactly that state (sliding), so pooltool's
own cue model, which launches the ball about 14 % faster at the same cue
speed, plays no part. pooltool resolves contacts with the models poolhall uses
where it has them: the ball-ball impact with Alciatore's friction fit
(``FrictionalInelastic``, the same a, b, c), and the cushion model that
``PhysicsParams().cushion_model`` names (Han 2005 or Mathavan 2010, with the
same constants; poolhall's Mathavan cushion rigid at every speed, as the paper's
model and pooltool's code are, without its fall in restitution above 2.5 m/s).
The table, the balls and the cloth's friction are poolhall's.
What still differs: the pockets (pooltool's are circles; poolhall's are WPA
mouths with jaw facings and a capture circle), the jaw shapes, and poolhall's
compliant contact phase for balls that touch (the break).

Part 1 times the fixed shots of ``poolhall bench physics`` (break, cut, bank).
Part 2 plays ``--shots`` seeded shots (default 30: the cue ball and one to five
object balls at random places, a stroke of 1 to 5 m/s at a random object ball
with a random cut, tip offset and no elevation) and reports, shot by shot, the
first ball the cue ball touches, the balls pocketed and how far apart the
final positions are, then how often the two engines agree. Part 3 checks
poolhall's Mathavan 2010 cushion against pooltool's independent code of the
same paper (``solve_paper``, the paper's snooker constants and its N = 5000
impulse steps): the rebound angle and speed of a ball at 1, 2 and 3 m/s, at
incidences from 10 to 80 degrees, with topspin from backspin to twice
rolling and with running and reverse english, the largest differences. Run
from the repository root:

    .venv/bin/python benchmarks/physics_vs_pooltool.py [--repeat N] [--shots N] [--seed S] [--json]

pooltool is not a dependency of poolhall; ``benchmarks/README.md`` says how to
install it. Without it this script says so and exits with status 1.

Coordinates. poolhall: x along the table from the head cushion, y across from
the right cushion (seen from the head end). pooltool (``objects/table/specs.py``
of pooltool 0.6.0): x across from the left cushion, y along from the head
cushion. A point maps as (x, y) -> (W - y, x): a rotation by 90 degrees, so
velocities and spin vectors map as (u, v, w) -> (-v, u, w). Pocket names:
pooltool's l/r (left/right) and b/c/t (head, side, foot).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from poolhall import Layout, Stroke, simulate
from poolhall.bench.shots import TABLE, FixedShot, fixed_shots
from poolhall.equipment import PhysicsParams
from poolhall.physics.stroke import cue_strike

CUE_ID = "cue"
#: pooltool's motion states (``objects/ball/datatypes.py``): 2 sliding, 4 pocketed.
PT_SLIDING, PT_POCKETED = 2, 4
PT_POCKETS = {"lb": "head-left", "rb": "head-right", "lc": "side-left", "rc": "side-right"}
PT_POCKETS |= {"lt": "foot-left", "rt": "foot-right"}


@dataclass(frozen=True)
class Outcome:
    """What a shot did, in poolhall's coordinates and names."""

    first_contact: int | None
    pocketed: dict[int, str]
    final: dict[int, tuple[float, float]]
    events: int


def to_pooltool_xy(xy: tuple[float, float]) -> tuple[float, float]:
    """A point on poolhall's table in pooltool's coordinates."""
    return (TABLE.width - xy[1], xy[0])


def from_pooltool_xy(xy: tuple[float, float]) -> tuple[float, float]:
    return (xy[1], TABLE.width - xy[0])


def to_pooltool(u: float, v: float) -> tuple[float, float]:
    """A vector (velocity, spin) in poolhall's axes, in pooltool's: the linear part of ``to_pooltool_xy``."""
    return (-v, u)


def pooltool_engine(pt: Any, params: PhysicsParams) -> Any:
    """pooltool's engine with poolhall's ball-ball friction fit and cushion model."""
    from pooltool.physics.resolve.ball_ball.friction import AlciatoreBallBallFriction
    from pooltool.physics.resolve.ball_ball.frictional_inelastic import FrictionalInelastic
    from pooltool.physics.resolve.ball_cushion import (
        Han2005Circular,
        Han2005Linear,
        Mathavan2010Circular,
        Mathavan2010Linear,
    )

    cushions = {
        "han-2005": (Han2005Linear(), Han2005Circular()),
        "mathavan-2010": (Mathavan2010Linear(), Mathavan2010Circular()),
    }
    linear, circular = cushions[params.cushion_model]
    friction = AlciatoreBallBallFriction(a=params.mu_ball_a, b=params.mu_ball_b, c=params.mu_ball_c)
    resolver = pt.physics.Resolver.default()
    resolver.ball_ball = FrictionalInelastic(friction=friction)
    resolver.ball_linear_cushion = linear
    resolver.ball_circular_cushion = circular
    return pt.physics.PhysicsEngine(resolver=resolver)


def pooltool_system(pt: Any, positions: dict[int, tuple[float, float]], stroke: Stroke, params: PhysicsParams) -> Any:
    """The shot as a pooltool ``System``, the cue ball already moving as poolhall's cue strike leaves it."""
    import numpy as np

    specs = pt.objects.PocketTableSpecs(
        l=TABLE.length,
        w=TABLE.width,
        corner_pocket_width=TABLE.corner_mouth,
        side_pocket_width=TABLE.side_mouth,
        cushion_height=TABLE.cushion_nose_height,
    )
    mathavan = params.cushion_model == "mathavan-2010"
    ball_kwargs = {
        "R": TABLE.ball.radius,
        "m": TABLE.ball.mass,
        "g": params.gravity,
        "u_s": params.mu_slide,
        "u_r": params.mu_roll,
        "u_sp_proportionality": params.mu_spin / TABLE.ball.radius,
        "e_b": params.e_ball,
        "e_c": params.e_cushion_work if mathavan else params.e_cushion,
        "f_c": params.mu_cushion_slide if mathavan else params.mu_cushion,
    }
    balls = {}
    for b, xy in positions.items():
        key = CUE_ID if b == 0 else str(b)
        balls[key] = pt.Ball.create(key, xy=to_pooltool_xy(xy), **ball_kwargs)
    (vx, vy, _), (wx, wy, wz) = cue_strike(stroke, TABLE.ball, params)
    cue_ball = balls[CUE_ID]
    rvw = np.array(cue_ball.state.rvw, dtype=float)
    rvw[1] = (*to_pooltool(vx, vy), 0.0)
    rvw[2] = (*to_pooltool(wx, wy), wz)
    cue_ball.state = pt.objects.BallState(rvw=rvw, s=PT_SLIDING, t=0.0)
    cue = pt.Cue(cue_ball_id=CUE_ID)
    cue.set_state(V0=0.0)  # the ball already moves: no cue strike in pooltool
    return pt.System(cue=cue, table=pt.Table.from_table_specs(specs), balls=balls)


def pooltool_outcome(pt: Any, done: Any) -> Outcome:
    first = None
    pocketed: dict[int, str] = {}
    for event in done.events:
        kind = event.event_type
        if kind == pt.EventType.BALL_BALL and first is None and CUE_ID in event.ids:
            other = next(i for i in event.ids if i != CUE_ID)
            first = int(other)
        elif kind == pt.EventType.BALL_POCKET:
            ball = 0 if event.ids[0] == CUE_ID else int(event.ids[0])
            pocketed[ball] = PT_POCKETS.get(event.ids[1], event.ids[1])
    final = {}
    for key, ball in done.balls.items():
        if int(ball.state.s) != PT_POCKETED:
            x, y = (float(v) for v in ball.state.rvw[0][:2])
            final[0 if key == CUE_ID else int(key)] = from_pooltool_xy((x, y))
    return Outcome(first, pocketed, final, len(done.events))


def poolhall_outcome(layout: Layout, stroke: Stroke, params: PhysicsParams) -> Outcome:
    result = simulate(layout, stroke, params=params)
    first = next(
        (next(b for b in e.balls if b != 0) for e in result.events if e.kind == "ball-ball" and 0 in e.balls), None
    )
    final = {b: p for b in layout.on_table if (p := result.final.position(b)) is not None}
    return Outcome(first, dict(result.final.pocketed), final, len(result.events))


def median_time(run: Any, repeat: int) -> float:
    run()  # warm-up: numba compiles here
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def time_shot(pt: Any, engine: Any, shot: FixedShot, params: PhysicsParams, repeat: int) -> dict[str, Any]:
    system = pooltool_system(pt, shot.positions, shot.stroke, params)
    layout = shot.layout()
    pt_s = median_time(lambda: pt.simulate(system.copy(), engine=engine, inplace=True), repeat)
    ph_s = median_time(lambda: simulate(layout, shot.stroke, params=params), repeat)
    return {"shot": shot.name, "pooltool_ms": pt_s * 1000, "poolhall_ms": ph_s * 1000, "ratio": pt_s / ph_s}


def seeded_shot(rng: random.Random) -> FixedShot:
    """The cue ball and one to five object balls apart on the cloth, struck at one of them."""
    r = TABLE.ball.radius
    placed: dict[int, tuple[float, float]] = {}
    balls = [0, *rng.sample(range(1, 16), rng.randint(1, 5))]
    while len(placed) < len(balls):
        xy = (rng.uniform(3 * r, TABLE.length - 3 * r), rng.uniform(3 * r, TABLE.width - 3 * r))
        if all(math.dist(xy, q) >= 3 * r for q in placed.values()):
            placed[balls[len(placed)]] = xy
    (cx, cy), (ox, oy) = placed[0], placed[rng.choice(balls[1:])]
    aim = math.atan2(oy - cy, ox - cx) + rng.uniform(-0.6, 0.6) * math.asin(
        min(1.0, 2 * r / math.dist((cx, cy), (ox, oy)))
    )
    side, height = rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35)
    return FixedShot("seeded", placed, Stroke(speed=rng.uniform(1.0, 5.0), phi=aim, a=side, b=height))


def compare(pt: Any, engine: Any, shot: FixedShot, params: PhysicsParams) -> dict[str, Any]:
    theirs = pooltool_outcome(pt, pt.simulate(pooltool_system(pt, shot.positions, shot.stroke, params), engine=engine))
    ours = poolhall_outcome(shot.layout(), shot.stroke, params)
    both = sorted(set(theirs.final) & set(ours.final))
    gaps = [math.dist(theirs.final[b], ours.final[b]) for b in both]
    return {
        "first_contact": [theirs.first_contact, ours.first_contact],
        "pocketed": [sorted(theirs.pocketed.items()), sorted(ours.pocketed.items())],
        "same_first_contact": theirs.first_contact == ours.first_contact,
        "same_pocketed": theirs.pocketed == ours.pocketed,
        "final_mean_mm": statistics.fmean(gaps) * 1000 if gaps else 0.0,
        "final_max_mm": max(gaps) * 1000 if gaps else 0.0,
        "cue_ball_mm": math.dist(theirs.final[0], ours.final[0]) * 1000 if 0 in both else None,
        "events": [theirs.events, ours.events],
    }


#: Mathavan et al. (2010)'s snooker ball and cushion: M, R, the nose height h = 7R/5, e_e, mu_s, mu_w.
PAPER = {"M": 0.1406, "R": 0.02625, "h": 0.03675, "ee": 0.98, "mu_s": 0.212, "mu_w": 0.14}


def mathavan_rebound(p: Any, speed: float, incidence: float, topspin: float, side: float) -> tuple[float, float]:
    """poolhall's Mathavan cushion: a ball at ``incidence`` radians from the cushion line, spins in units of
    speed / R; returns the rebound angle from the cushion line (degrees) and the rebound speed."""
    import numpy as np

    from poolhall.physics import state as st
    from poolhall.physics.resolve.mathavan_2010 import resolve_cushion_mathavan

    w = topspin * speed / PAPER["R"]
    b = np.zeros(st.N_BALL)
    b[st.BVX], b[st.BVY] = speed * math.cos(incidence), speed * math.sin(incidence)
    b[st.BWX], b[st.BWY], b[st.BWZ] = -w * math.sin(incidence), w * math.cos(incidence), side * speed / PAPER["R"]
    resolve_cushion_mathavan(b, 0.0, 1.0, p)
    return math.degrees(math.atan2(-b[st.BVY], b[st.BVX])), math.hypot(b[st.BVX], b[st.BVY])


def mathavan_check() -> dict[str, float]:
    """The largest differences between poolhall's and pooltool's Mathavan 2010 rebounds (angle, speed ratio)."""
    import numpy as np
    from pooltool.physics.resolve.ball_cushion.mathavan_2010.model import solve_paper

    from poolhall.physics import state as st
    from poolhall.physics.packing import param_vector

    p = np.array(param_vector(TABLE, PhysicsParams(cushion_model="mathavan-2010", cushion_yield_exponent=0.0)))
    p[st.R], p[st.MASS], p[st.NOSE_SIN] = PAPER["R"], PAPER["M"], PAPER["h"] / PAPER["R"] - 1
    p[st.MU_S], p[st.MU_W], p[st.E_WORK] = PAPER["mu_s"], PAPER["mu_w"], PAPER["ee"]
    spins = [(1.0, 0.0), (0.0, 0.0), (-1.0, 0.0), (2.0, 0.0), (1.0, 1.0), (1.0, -1.0), (1.0, 2.0), (1.0, -2.0)]
    worst_angle = worst_speed = 0.0
    cases = 0
    for speed in (1.0, 2.0, 3.0):
        for topspin, side in spins:
            for degrees in range(10, 90, 10):
                a = math.radians(degrees)
                angle, rebound = mathavan_rebound(p, speed, a, topspin, side)
                args = (PAPER["M"], PAPER["R"], PAPER["h"], PAPER["ee"], PAPER["mu_s"], PAPER["mu_w"], speed, a)
                vx, vy, *_ = solve_paper(*args, side * speed / PAPER["R"], topspin * speed / PAPER["R"])
                worst_angle = max(worst_angle, abs(angle - math.degrees(math.atan2(-vy, vx))))
                worst_speed = max(worst_speed, abs(rebound / math.hypot(vx, vy) - 1))
                cases += 1
    return {"cases": cases, "worst_angle_deg": worst_angle, "worst_speed_ratio": worst_speed}


def _pocket_text(pocketed: list[tuple[int, str]]) -> str:
    return ",".join(f"{b}>{p}" for b, p in pocketed) or "-"


def print_report(
    version: str,
    params: PhysicsParams,
    timing: list[dict[str, Any]],
    rows: list[dict[str, Any]],
    cushion: dict[str, float],
) -> None:
    print(f"pooltool {version} vs poolhall; cushion model {params.cushion_model} in both; same cue-ball state")
    print(f"{'shot':<7}{'pooltool':>11}{'poolhall':>11}{'ratio':>8}")
    for t in timing:
        print(f"{t['shot']:<7}{t['pooltool_ms']:>9.2f}ms{t['poolhall_ms']:>9.3f}ms{t['ratio']:>7.0f}x")
    print("ratio = pooltool time / poolhall time (higher: poolhall faster)\n")
    heads = f"{'pocketed pooltool':<26}{'pocketed poolhall':<26}{'mean':>6}{'max':>6}{'cue':>6}"
    print(f"{'#':>3} {'first pt/ph':>11}  {heads}")
    for k, row in enumerate(rows):
        first = "/".join("-" if b is None else str(b) for b in row["first_contact"])
        cue = "" if row["cue_ball_mm"] is None else f"{row['cue_ball_mm']:.0f}"
        pt_pocketed, ph_pocketed = (_pocket_text(p) for p in row["pocketed"])
        print(
            f"{k:>3} {first:>11}  {pt_pocketed:<25} {ph_pocketed:<25} "
            f"{row['final_mean_mm']:>6.0f}{row['final_max_mm']:>6.0f}{cue:>6}"
        )
    summary = summarise(rows)
    print(
        f"\nsame first contact {summary['same_first_contact']:.0%}, same balls in the same pockets "
        f"{summary['same_pocketed']:.0%}, final positions apart: median of the shots' means "
        f"{summary['final_mean_mm_median']:.0f} mm (distances in mm; cue = the cue ball)"
    )
    print(
        f"\nMathavan 2010 cushion against pooltool's solve_paper ({cushion['cases']} rebounds at 1-3 m/s, 10-80 "
        f"degrees, topspin and english): largest difference {cushion['worst_angle_deg']:.2f} degrees in angle, "
        f"{cushion['worst_speed_ratio']:.1%} in speed"
    )


def summarise(rows: list[dict[str, Any]]) -> dict[str, float]:
    return {
        "same_first_contact": statistics.fmean(r["same_first_contact"] for r in rows),
        "same_pocketed": statistics.fmean(r["same_pocketed"] for r in rows),
        "final_mean_mm_median": statistics.median(r["final_mean_mm"] for r in rows),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="timed runs per fixed shot and engine (default 20)")
    parser.add_argument("--shots", type=int, default=30, help="seeded shots to compare (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the compared shots (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.shots < 1:
        parser.error("--repeat and --shots must be at least 1")
    try:
        import pooltool as pt
    except ImportError as exc:
        print(f"pooltool is not installed ({exc}); see benchmarks/README.md for the install line.", file=sys.stderr)
        return 1
    params = PhysicsParams(cushion_yield_exponent=0.0)  # pooltool's Mathavan cushion is the paper's rigid one
    engine = pooltool_engine(pt, params)
    timing = [time_shot(pt, engine, shot, params, args.repeat) for shot in fixed_shots()]
    rng = random.Random(args.seed)
    rows = [compare(pt, engine, seeded_shot(rng), params) for _ in range(args.shots)]
    cushion = mathavan_check()
    if args.json:
        report = {"pooltool": pt.__version__, "cushion_model": params.cushion_model, "timing": timing}
        print(json.dumps(report | {"shots": rows, "summary": summarise(rows), "mathavan_2010": cushion}))
    else:
        print_report(pt.__version__, params, timing, rows, cushion)
    return 0


if __name__ == "__main__":
    sys.exit(main())
