"""Break plans judged on fresh racks: the break book's plan against the one the in-play search chooses.

For one game and table, at one level's noise (pro by default), each plan plays ``--samples`` noisy breaks on
each of ``--racks`` racks, the game's own (``game.tableops.fresh_rack``: racks 0, 1, ... of match seed
``--seed``). The report gives per plan the share of breaks that kept the table (a legal break that pocketed a
ball, no foul: the breaker shoots again), the share that scratched, and the planner's own value
(``breaks._value``) on the first half of the racks, each with its standard error. The plans: the book's (if it
holds one), the short search's (``breaks._search``, as a level without a book entry plays), and any given as
``--plan SPOT:INDEX`` (the spot as the offset from the long string in m, the index into
``breaks.eight_ball_plans``/``straight_pool_plans``).
Figures in docs/ai.md, "Measured, session 24". Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/break_plans.py [--game eight-ball] [--table 9] [--racks 1000]
        [--samples 2] [--seed 12000] [--plan=-0.419:11 ...]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from poolhall.ai import breaks, evaluate
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.bench.ai import share_error
from poolhall.equipment import CUE, TableSpec
from poolhall.game.tableops import fresh_rack
from poolhall.layout import Layout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from break_book import GAMES, TABLES, break_context


def judge(ctx: Any, plan: tuple[Any, int], racks: list[Layout], samples: int, rng: np.random.Generator) -> Figures:
    """One plan's kept and scratch shares over every rack, and its planner value over the first half."""
    spot, index = plan
    kept, scratched, values = [], [], []
    for k, rack in enumerate(racks):
        placed = ctx.with_layout(rack.with_positions({CUE: spot}))
        stroke = breaks._plans_of(ctx.game)(rack, spot)[index]
        for out in evaluate.play_many(placed, ctx.noise.samples(stroke, samples, rng), None):
            kept.append(out is not None and evaluate.continued(placed, out[0]))
            scratched.append(out is None or out[1].position(CUE) is None)
        if k < len(racks) // 2:
            values.append(breaks._value(placed, stroke, samples, rng))
    return Figures(kept, scratched, values)


@dataclass(frozen=True)
class Figures:
    """A plan's breaks: kept and scratched, one a break; the planner's value, one a rack."""

    kept: list[bool]
    scratched: list[bool]
    values: list[float]

    @property
    def value(self) -> float:
        return statistics.mean(self.values)

    def __str__(self) -> str:
        spread = statistics.stdev(self.values) / math.sqrt(len(self.values))
        shares = f"kept {_share(self.kept)}, scratched {_share(self.scratched)}"
        return f"{shares}, planner value {self.value:.3f} +- {spread:.3f}"


def _share(hits: list[bool]) -> str:
    return f"{sum(hits) / len(hits):.3f} +- {share_error(sum(hits), len(hits)) or 0.0:.3f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="eight-ball")
    parser.add_argument("--table", choices=TABLES, default="9", help="feet")
    parser.add_argument("--level", choices=sorted(LEVEL_BY_NAME), default="pro")
    parser.add_argument("--racks", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=2, help="noisy breaks per plan and rack")
    parser.add_argument("--seed", type=int, default=12000, help="the first rack's seed")
    parser.add_argument(
        "--plan", action="append", default=[], metavar="SPOT:INDEX", help="e.g. --plan=-0.419:11 ('=' before a minus)"
    )
    args = parser.parse_args(argv)
    if args.racks < 4 or args.samples < 1:
        parser.error("--racks must be at least 4 (the value is read on half of them) and --samples at least 1")
    table, level = TableSpec.named(args.table), LEVEL_BY_NAME[args.level]
    ctx = break_context(args.game, table, args.level)
    tight, key = breaks.plan_key(ctx, level)
    spots = breaks.kitchen_spots(table)
    asked = {}
    for text in args.plan:
        try:
            offset, index = float(text.split(":")[0]), int(text.split(":")[1])
        except (ValueError, IndexError):
            parser.error(f"--plan {text!r}: expected SPOT:INDEX, e.g. --plan=-0.419:11")
        spot = min(spots, key=lambda s: abs(s[1] - table.width / 2 - offset))
        if not 0 <= index < len(breaks._plans_of(args.game)(tight, spot)):
            parser.error(f"--plan {text!r}: no plan {index} from that spot")
        asked[f"--plan {text}"] = (spot, index)
    booked = breaks.from_book(key)
    plans = {} if booked is None else {"the book's": booked}
    plans["the short search's"] = breaks._search(ctx.with_layout(tight), level, spots, key)
    plans.update(asked)
    racks = [fresh_rack(args.game, table, args.seed, k) for k in range(args.racks)]
    rng = np.random.default_rng(args.seed)
    print(
        f"{args.level}, {args.game}, {table.name}, racks 0..{args.racks - 1} of match seed {args.seed} x {args.samples}"
    )
    for name, (spot, index) in plans.items():
        stroke = breaks._plans_of(args.game)(tight, spot)[index]
        what = f"spot {spot[1] - table.width / 2:+.3f} m, plan {index}: {stroke.speed} m/s, tip {stroke.b:+.1f}"
        print(f"  {name} ({what}): {judge(ctx, (spot, index), racks, args.samples, rng)}", flush=True)


if __name__ == "__main__":
    main()
