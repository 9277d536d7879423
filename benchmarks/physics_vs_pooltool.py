"""Play the fixed benchmark shots in pooltool and in poolhall, in one process, and compare.

For each shot of ``poolhall.bench.shots`` (a break, a cut, a bank): the median
time per shot of each engine (after one warm-up run each, so numba compiles
outside the timing), their event counts, the time ratio, and how far the final
positions differ. Run from the repository root:

    .venv/bin/python benchmarks/physics_vs_pooltool.py [--repeat N]

pooltool is not a dependency of poolhall; ``benchmarks/README.md`` says how to
install it. Without it this script says so and exits with status 1.

Coordinates. poolhall: x along the table from the head cushion, y across from
the right cushion (seen from the head end). pooltool (``objects/table/specs.py``
and the ``Cue`` docstring in ``objects/cue/datatypes.py`` of pooltool 0.6.0): x
across from the left cushion, y along from the head cushion, phi in degrees with
0 toward the right cushion and 90 toward the foot. So a point maps as
(x, y) -> (W - y, x), a direction as phi -> phi + 90 degrees, and pooltool's side
offset ``a`` is positive to the *left* (its docstring: "a = -1 is the rightmost
side of the ball"), so a -> -a.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any

from poolhall.bench.shots import TABLE, FixedShot, fixed_shots
from poolhall.equipment import PhysicsParams

CUE_ID = "cue"


def to_pooltool_xy(xy: tuple[float, float]) -> tuple[float, float]:
    return (TABLE.width - xy[1], xy[0])


def from_pooltool_xy(xy: tuple[float, float]) -> tuple[float, float]:
    return (xy[1], TABLE.width - xy[0])


def pooltool_system(pt: Any, shot: FixedShot) -> Any:
    """The shot as a pooltool ``System``: our table size, pocket mouths, ball and friction constants."""
    params = PhysicsParams()
    specs = pt.objects.PocketTableSpecs(
        l=TABLE.length,
        w=TABLE.width,
        corner_pocket_width=TABLE.corner_mouth,
        side_pocket_width=TABLE.side_mouth,
        cushion_height=TABLE.cushion_nose_height,
    )
    ball_kwargs = {
        "R": TABLE.ball.radius,
        "m": TABLE.ball.mass,
        "g": params.gravity,
        "u_s": params.mu_slide,
        "u_r": params.mu_roll,
        "e_b": params.e_ball,
        "e_c": params.e_cushion,
        "f_c": params.mu_cushion,
    }
    balls = {
        (CUE_ID if b == 0 else str(b)): pt.Ball.create(
            CUE_ID if b == 0 else str(b), xy=to_pooltool_xy(xy), **ball_kwargs
        )
        for b, xy in shot.positions.items()
    }
    cue = pt.Cue(cue_ball_id=CUE_ID)
    st = shot.stroke
    cue.set_state(V0=st.speed, phi=math.degrees(st.phi) + 90.0, theta=math.degrees(st.theta), a=-st.a, b=st.b)
    return pt.System(cue=cue, table=pt.Table.from_table_specs(specs), balls=balls)


def time_pooltool(pt: Any, shot: FixedShot, repeat: int) -> tuple[float, int, dict[int, tuple[float, float] | None]]:
    system = pooltool_system(pt, shot)
    pt.simulate(system.copy(), inplace=True)  # warm-up: numba compiles here
    times, done = [], None
    for _ in range(repeat):
        fresh = system.copy()
        t0 = time.perf_counter()
        done = pt.simulate(fresh, inplace=True)
        times.append(time.perf_counter() - t0)
    final: dict[int, tuple[float, float] | None] = {}
    for key, ball in done.balls.items():
        on_table = int(ball.state.s) != 4  # pooltool's motion state 4 is "pocketed"
        xy = from_pooltool_xy(tuple(float(v) for v in ball.state.rvw[0][:2]))
        final[0 if key == CUE_ID else int(key)] = xy if on_table else None
    return statistics.median(times), len(done.events), final


def time_poolhall(shot: FixedShot, repeat: int) -> tuple[float, int, dict[int, tuple[float, float] | None]]:
    from poolhall import simulate

    layout, stroke = shot.layout(), shot.stroke
    result = simulate(layout, stroke)  # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = simulate(layout, stroke)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(result.events), {b: result.final.position(b) for b in shot.positions}


def compare(a: dict[int, Any], b: dict[int, Any]) -> str:
    """Mean and largest distance between final positions of balls on the table in both; pocketing differences."""
    both = [b_ for b_ in a if a[b_] is not None and b.get(b_) is not None]
    dists = [math.dist(a[k], b[k]) for k in both]
    only = sorted(k for k in a if (a[k] is None) != (b.get(k) is None))
    text = f"{len(both)} on both tables: mean {statistics.fmean(dists) * 1000:.0f} mm, " if dists else ""
    text += f"max {max(dists) * 1000:.0f} mm" if dists else "no ball on both tables"
    return text + (f"; pocketed in one engine only: {only}" if only else "; same balls pocketed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="timed runs per shot and engine (default 20)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    try:
        import pooltool as pt
    except ImportError as exc:
        print(f"pooltool is not installed ({exc}); see benchmarks/README.md for the install line.", file=sys.stderr)
        return 1
    print(f"pooltool {pt.__version__} vs poolhall, {args.repeat} timed runs per shot (medians)")
    print(f"{'shot':<6}{'pooltool':>12}{'poolhall':>12}{'ratio':>9}{'events pt/ph':>15}  final positions")
    for shot in fixed_shots():
        pt_s, pt_events, pt_final = time_pooltool(pt, shot, args.repeat)
        ph_s, ph_events, ph_final = time_poolhall(shot, args.repeat)
        print(
            f"{shot.name:<6}{pt_s * 1000:>10.2f}ms{ph_s * 1000:>10.3f}ms{pt_s / ph_s:>8.1f}x"
            f"{f'{pt_events}/{ph_events}':>15}  {compare(pt_final, ph_final)}"
        )
    print("ratio = pooltool time / poolhall time (higher: poolhall faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
