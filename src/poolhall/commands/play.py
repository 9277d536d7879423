"""``poolhall play`` (interim, until the browser app replaces it): break a rack, draw it, say what happened."""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path
from typing import TYPE_CHECKING

from poolhall.cli import CommandError
from poolhall.equipment import CUE, TableSpec
from poolhall.racking import SIMULATION_GAP, eight_ball_rack

if TYPE_CHECKING:
    from poolhall.layout import Layout
    from poolhall.physics import ShotResult, Stroke

HELP = "break an eight-ball rack, draw it to a PNG and say what happened (until the browser app lands)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, help="seed of the rack and the break (default: a random one, printed)")
    parser.add_argument("-o", "--output", default="break.png", help="the PNG to write (default break.png)")


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if not out.parent.exists():
        raise CommandError(f"cannot write {out}: folder {out.parent} does not exist")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    from poolhall import simulate
    from poolhall.render import render

    layout, stroke = break_setup(seed)
    print(f"Breaking rack {seed} at {stroke.speed:.1f} m/s (poolhall play --seed {seed} repeats it).")
    result = simulate(layout, stroke)
    for line in describe(result):
        print(line)
    render(layout, out, result)
    print(f"The picture is in {out.resolve()}")
    return 0


def break_setup(seed: int) -> tuple[Layout, Stroke]:
    """The seeded rack, the cue ball somewhere in the kitchen, and a hard stroke at the apex ball."""
    from poolhall import Stroke

    rng = random.Random(seed)
    table = TableSpec.nine_foot()
    cue = (rng.uniform(0.35, table.head_string_x - 0.05), table.width / 2 + rng.uniform(-0.3, 0.3))
    layout = eight_ball_rack(seed, table, gap=SIMULATION_GAP, cue=cue)
    apex_x, apex_y = table.foot_spot
    aim_y = apex_y + rng.uniform(-0.25, 0.25) * table.ball.radius
    phi = math.atan2(aim_y - cue[1], apex_x - cue[0])
    return layout, Stroke(speed=rng.uniform(7.0, 9.0), phi=phi, b=rng.uniform(-0.2, 0.1))


def describe(result: ShotResult) -> list[str]:
    """What a person watching would say: what dropped where, how many balls reached a rail, where the cue ball is."""
    lines: list[str] = []
    drops = [(e.balls[0], e.where) for e in result.events if e.kind == "ball-pocket"]
    for ball, pocket in drops:
        name = "The cue ball" if ball == CUE else f"The {ball}"
        lines.append(f"{name} dropped in the {pocket} pocket.")
    if not drops:
        lines.append("Nothing dropped.")
    railed = sorted({b for e in result.events if e.kind == "ball-cushion" for b in e.balls if b != CUE})
    if railed:
        lines.append(f"{len(railed)} object balls reached a rail: {', '.join(map(str, railed))}.")
    else:
        lines.append("No object ball reached a rail.")
    cue = result.final.position(CUE)
    if cue is not None:
        lines.append(
            f"The cue ball stopped at ({cue[0]:.2f} m, {cue[1]:.2f} m); the shot took {result.duration:.1f} s."
        )
    return lines
