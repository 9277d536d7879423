"""A snookered opponent's kick: how often it pots and fouls under noise, and a geometric guess of the foul.

Session 13 (docs/ai.md, "kicks in the opponent's reply") judged a safety's leave, when it snookers
the opponent (no legal ball in sight, full or thin: ``in_sight``), by his kick: ``kick_reply`` here,
his ``REPLY_KICKS`` best kicks (``shots.kicks``), aimed by the simulator (``evaluate.aim_kick``),
played under noise and ruled by the referee, the one worth most to him; the safety prune, which
cannot afford that, by a foul chance from the best kick's ordering estimate (``quick_kick``, its
line fitted here). The change moved no safety's outcome and was not kept in ``ai/``; the model is
kept here, with the measure, so that a later change can start from the figures. Positions of their
own: an eight-ball table, the opponent (stripes, to shoot) down to one to three balls (by index) with
all seven solids and the 8 up, the cue ball at random where he is snookered. Per position: the best
kick's estimate and rails, how many kicks were found, the simulated foul and pot rates (``--samples``
plays of each kick, at the kicker's ``--level`` noise), the quick foul chance, and the CPU time of
the simulated reply. ``--fit FILE`` reads them back and prints the simulated foul rate by estimate
bin and the least-squares line.

    PYTHONPATH=src python benchmarks/kick_calibration.py --start 0 --count 150 --out kick.jsonl
    PYTHONPATH=src python benchmarks/kick_calibration.py --fit kick.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from poolhall.ai import evaluate, geometry, shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.noise import LEVELS
from poolhall.bench import spread
from poolhall.equipment import CUE
from poolhall.game import Match
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.physics import Outcomes, simulate_many
from poolhall.rules.model import Options

SOLIDS = [1, 2, 3, 4, 5, 6, 7, 8]
STRIPES = [9, 10, 11]
#: The lines ``in_sight`` tries to each legal ball: the cue ball's centre passing the ball's centre at these
#: fractions of a full ball's width (0 a full hit, +-0.9 a thin one).
SIGHT = (0.0, -0.5, 0.5, -0.9, 0.9)
#: His kicks tried, at this cue-ball speed at the ball (m/s, the middle of ``search.KICK_ARRIVALS``).
REPLY_KICKS = 2
REPLY_KICK_ARRIVAL = 2.4
#: ``quick_kick``'s line: the foul chance ``KICK_FOUL - KICK_FOUL_SLOPE`` times the best kick's estimate, at
#: least ``KICK_FOUL_MIN`` (the least-squares line on positions 0-149 at pro's noise, session 13).
KICK_FOUL = 0.135
KICK_FOUL_SLOPE = 0.225
KICK_FOUL_MIN = 0.02


def in_sight(layout: Layout, cue: geometry.Point, targets: list[int]) -> bool:
    """Whether the cue ball can hit a legal ball directly, full or thin (``SIGHT``); if not, he must kick."""
    r = layout.table.ball.radius
    for ball in targets:
        xy = layout.position(ball)
        assert xy is not None
        d = max(float(np.hypot(xy[0] - cue[0], xy[1] - cue[1])), 1e-12)
        ux, uy = (xy[0] - cue[0]) / d, (xy[1] - cue[1]) / d
        for frac in SIGHT:
            if geometry.clear(layout, cue, (xy[0] - uy * frac * 2 * r, xy[1] + ux * frac * 2 * r), (CUE, ball)):
                return True
    return False


def kick_reply(ctx: Context, cue: geometry.Point, rng: np.random.Generator, samples: int) -> tuple[float, float]:
    """A snookered player's best kick (pot rate, foul rate): his ``REPLY_KICKS`` best, each aimed by the simulator
    and played ``samples`` times under ``ctx``'s noise, the one worth most to him (``LEAVE`` a pot, ``FOUL`` a
    foul); with no kick found, ``quick_kick``'s guess. A kick is uncalled: a pot keeps the table when the
    referee's obvious-ball rule gives it a call (GEN-8), as in the match."""
    best: tuple[float, float] | None = None
    for shot in shots.kicks(ctx.layout, cue, ctx.targets())[:REPLY_KICKS]:
        stroke = shots.strokes(shot, arrivals=(REPLY_KICK_ARRIVAL,), spins=(0.0,))[0]
        try:
            out = simulate_many(ctx.layout, ctx.noise.samples(evaluate.aim_kick(ctx, shot, stroke), samples, rng))
        except ValueError:
            continue
        assert isinstance(out, Outcomes)
        ruled = [evaluate.rule_outcome(ctx, out, k, None) for k in range(samples)]
        fouls = sum(r is None or r[0].foul for r in ruled) / samples
        pots = sum(r is not None and evaluate.made(ctx, r[0]) for r in ruled) / samples
        if (
            best is None
            or evaluate.LEAVE * pots + evaluate.FOUL * fouls > evaluate.LEAVE * best[0] + evaluate.FOUL * best[1]
        ):
            best = (pots, fouls)
    return (0.0, quick_kick(ctx, cue)) if best is None else best


def quick_kick(ctx: Context, cue: geometry.Point) -> float:
    """A snookered player's foul chance by geometry: falling with his best kick's estimate (``KICK_FOUL``)."""
    found = shots.kicks(ctx.layout, cue, ctx.targets())
    return max(KICK_FOUL_MIN, KICK_FOUL - KICK_FOUL_SLOPE * (found[0].estimate if found else 0.0))


def snookered_position(index: int) -> Match | None:
    """The first seeded draw for ``index`` whose cue ball leaves the opponent (B, stripes) no legal ball in sight."""
    stripes = STRIPES[: 1 + index % 3]
    for k in range(200):
        rng = np.random.default_rng(derived_seed(0, "kick-calibration", index, k))
        spots = spread.random_spots(rng, 1 + len(SOLIDS) + len(stripes), 0.01)
        layout = Layout.from_positions(dict(zip([0, *SOLIDS, *stripes], spots, strict=True)), spread.TABLE)
        if not in_sight(layout, spots[0], stripes):
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
    pot, foul = kick_reply(ctx, cue, np.random.default_rng(index), samples)
    cpu = time.process_time() - clock
    return {
        "index": index,
        "kicks": len(found),
        "estimate": found[0].estimate if found else 0.0,
        "rails": found[0].rails if found else 0,
        "foul": foul,
        "pot": pot,
        "quick": quick_kick(ctx, cue),
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
