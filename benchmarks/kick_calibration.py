"""A snookered opponent's kick: the quick foul chance (``evaluate.quick_kick``) against the simulated one.

A safety's leave is judged by the opponent's reply; when he has no legal ball in sight
(``shots.in_sight``) the reply is his kick (``evaluate.kick_reply``: his best kicks, aimed by the
simulator, played under noise). The safety prune cannot afford that simulation for its 45 rescored
leaves, so it guesses the foul chance from the best kick's ordering estimate (``quick_kick``). This
measures both on positions of their own: an eight-ball table, the opponent (stripes, to shoot) down
to one to three balls (by index) with all seven solids and the 8 up, the cue ball at random where he
is snookered. Per position: the best kick's estimate and rails, how many kicks were found, the
simulated foul and pot rates (``--samples`` plays of each of his ``REPLY_KICKS`` kicks, the best to
him as ``kick_reply`` picks), the quick foul chance, and the CPU time of the simulated reply. ``--fit
FILE`` reads them back and prints the simulated foul rate by estimate bin and the least-squares line.

    PYTHONPATH=src python benchmarks/kick_calibration.py --start 0 --count 80 --out kick.jsonl
    PYTHONPATH=src python benchmarks/kick_calibration.py --fit kick.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from poolhall.ai import evaluate, shots
from poolhall.ai.context import context_of
from poolhall.ai.noise import LEVELS
from poolhall.bench import spread
from poolhall.game import Match
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Options

SOLIDS = [1, 2, 3, 4, 5, 6, 7, 8]
STRIPES = [9, 10, 11]


def snookered_position(index: int) -> Match | None:
    """The first seeded draw for ``index`` whose cue ball leaves the opponent (B, stripes) no legal ball in sight."""
    stripes = STRIPES[: 1 + index % 3]
    for k in range(200):
        rng = np.random.default_rng(derived_seed(0, "kick-calibration", index, k))
        spots = spread.random_spots(rng, 1 + len(SOLIDS) + len(stripes), 0.01)
        layout = Layout.from_positions(dict(zip([0, *SOLIDS, *stripes], spots, strict=True)), spread.TABLE)
        if not shots.in_sight(layout, spots[0], stripes):
            groups = {"A": "solids", "B": "stripes"}
            return Match.from_position("eight-ball", layout, shooter="B", groups=groups, options=Options(),
                                       seed=derived_seed(0, "kick-calibration-match", index))  # fmt: skip
    return None


def measure(index: int, samples: int, level: str = "pro") -> dict[str, float] | None:
    """One position's line (see the module docstring); None when no snookered draw was found."""
    match = snookered_position(index)
    if match is None:
        return None
    ctx = context_of(match.view(), LEVELS[level])
    cue = ctx.layout.position(0)
    assert cue is not None
    found = shots.kicks(ctx.layout, cue, ctx.targets())
    clock = time.process_time()
    reply = evaluate.kick_reply(ctx, cue, np.random.default_rng(index), samples)
    cpu = time.process_time() - clock
    return {
        "index": index,
        "kicks": len(found),
        "estimate": found[0].estimate if found else 0.0,
        "rails": found[0].rails if found else 0,
        "foul": reply.foul,
        "pot": reply.pot,
        "quick": evaluate.quick_kick(ctx, cue).foul,
        "cpu": cpu,
    }


def fit(path: str) -> str:
    with open(path) as lines:
        rows = [json.loads(line) for line in lines]
    mean = {key: statistics.mean(r[key] for r in rows) for key in ("foul", "pot", "quick")}
    cpu = statistics.median(r["cpu"] for r in rows)
    lines_out = [f"{len(rows)} positions; simulated foul {mean['foul']:.3f}, pot {mean['pot']:.3f}; quick foul "
                 f"{mean['quick']:.3f}; CPU per reply median {cpu:.3f} s"]  # fmt: skip
    for lo, hi in ((0.0, 0.001), (0.001, 0.2), (0.2, 0.3), (0.3, 0.4), (0.4, 1.0)):
        part = [r for r in rows if lo <= r["estimate"] < hi]
        if part:
            lines_out.append(
                f"estimate {lo:.2f}-{hi:.2f}: {len(part)} positions, simulated foul "
                f"{statistics.mean(r['foul'] for r in part):.3f}, quick {statistics.mean(r['quick'] for r in part):.3f}"
            )
    some = [r for r in rows if r["kicks"]]
    if len(some) > 2:
        slope, intercept = np.polyfit([r["estimate"] for r in some], [r["foul"] for r in some], 1)
        lines_out.append(f"least squares over positions with a kick: foul = {intercept:.3f} + {slope:.3f} * estimate")
    errors = [r["quick"] - r["foul"] for r in rows]
    rms = statistics.mean(e * e for e in errors) ** 0.5
    lines_out.append(f"quick - simulated: mean {statistics.mean(errors):+.3f}, rms {rms:.3f}")
    return "\n".join(lines_out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--out", default="kick.jsonl")
    parser.add_argument("--level", default="pro", choices=sorted(LEVELS), help="the kicker's noise")
    parser.add_argument("--fit", help="read a --out file back and print the fit")
    args = parser.parse_args()
    if args.fit:
        print(fit(args.fit))
        return
    for index in range(args.start, args.start + args.count):
        row = measure(index, args.samples, args.level)
        if row is not None:
            with open(args.out, "a") as out:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
