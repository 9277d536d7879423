"""The quick chance (``geometry.chances``) against pro's simulated pot rate, by distance and cut, and its fit.

Every position decision of the search (the first pass, the prune, the pattern, three quarters of the
second pass's samples) scores a leave by the quick chance of its best next pot. This measures what
that number is worth. Positions: spread table ``i`` (``bench.spread.spread_table``: the fifteen
balls at random, an open eight-ball table) with the cue ball at a random spot; of the straight-in
pots with a window (no hangers) and a quick chance over ``MIN_QUICK``, up to ``PER_TABLE`` at random
are played: the stroke the look-ahead's simulated ply plays (``evaluate.best_rate``: the object ball
at 0.6 m/s at the pocket, a centre hit), aimed by ``evaluate.refine_aim`` as every search stroke is,
``--samples`` noisy plays under pro's noise, each ruled by the referee (a legal pot that keeps the
table). Each pot's features and made count go to ``--out`` (JSON lines); ``--fit FILE`` reads them
back and prints the simulated rate by quick-chance bin and by distance and cut, and the
maximum-likelihood fit (a grid) of a calibrated chance (``model``: a part of the object ball's
direction error that does not shrink with distance, a scale on the aim part, a rate for the surest pots).

One stroke is played, not the search's choice among many: where that stroke fails for a reason another
stroke avoids (a cue ball within a few centimetres of the object ball, played slowly, double-hits or
is thrown off), the rate here is below what pro gets (session 12 in docs/ai.md).

    PYTHONPATH=src python benchmarks/chance_calibration.py --start 20000 --count 150 --out cal.jsonl
    PYTHONPATH=src python benchmarks/chance_calibration.py --fit cal.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import math

import numpy as np

from poolhall.ai import evaluate, geometry, shots
from poolhall.ai.context import context_of
from poolhall.ai.noise import LEVELS
from poolhall.bench import spread
from poolhall.equipment import CUE, POCKETS
from poolhall.game import Match
from poolhall.game.state import derived_seed
from poolhall.rules.model import Options

PER_TABLE = 4
MIN_QUICK = 0.05
NOISE = LEVELS["pro"]


def raw_quick(half: float, cut: float, d1: float, r: float) -> float:
    """The quick chance without its cap (``geometry`` module docstring): aim noise alone."""
    tol = half * 2 * r * math.cos(cut) / max(d1, 1e-6)
    return math.erf(tol / (NOISE.sigma_phi * math.sqrt(2)))


def measure(index: int, samples: int) -> list[dict[str, float]]:
    """The pots played on table ``index`` (see the module docstring)."""
    rng = np.random.default_rng(derived_seed(0, "chance-calibration", index))
    layout = spread.spread_table(index)
    r = layout.table.ball.radius
    balls = [layout.positions[b] for b in layout.on_table if b != CUE]
    while True:
        cue = (float(rng.uniform(r + 0.01, layout.table.length - r - 0.01)),
               float(rng.uniform(r + 0.01, layout.table.width - r - 0.01)))  # fmt: skip
        if all(math.dist(cue, tuple(b)) > 2 * r + 0.005 for b in balls):
            break
    layout = layout.with_positions({CUE: cue})
    match = Match.from_position("eight-ball", layout, shooter="A", options=Options(), seed=index)
    ctx = context_of(match.view(), NOISE)
    found = [s for s in shots.pots(layout, cue, ctx.targets(), NOISE.sigma_phi) if s.estimate > MIN_QUICK]
    out = []
    for k in rng.permutation(len(found))[:PER_TABLE]:
        shot = found[int(k)]
        j = POCKETS.index(shot.pocket or "")
        _, half, _ = geometry.windows(layout.table, layout.positions[[shot.ball]])
        if half[0, j] <= 0:
            continue  # a hanger: aimed along the mouth, no window
        stroke = evaluate.refine_aim(ctx, shot, shots.strokes(shot, arrivals=(0.6,), spins=(0.0,))[0])
        est = evaluate.estimate(ctx, stroke, shot.call(), samples, rng, position="none")
        out.append({
            "table": index, "d1": shot.cue_travel, "cut": shot.cut, "half": float(half[0, j]),
            "d2": shot.ball_travel, "quick": shot.estimate, "raw": raw_quick(float(half[0, j]), shot.cut,
            shot.cue_travel, r), "made": round(est.pot_rate * samples), "n": samples,
        })  # fmt: skip
    return out


def model(data: dict[str, np.ndarray], aim: float, spread_: float, sure: float, r: float) -> np.ndarray:
    """A calibrated chance of each shot: ``sure erf(half / (sqrt 2 sigma))`` with the object ball's direction
    error ``sigma = sigma_phi sqrt((aim d1 / (2R cos cut))^2 + spread_^2)`` (``aim`` 1, ``spread_`` 0 is the
    quick chance before its cap)."""
    sigma = NOISE.sigma_phi * np.sqrt((aim * data["d1"] / (2 * r * np.cos(data["cut"]))) ** 2 + spread_**2)
    return sure * geometry.erf(data["half"] / (sigma * math.sqrt(2)))


def log_likelihood(p: np.ndarray, made: np.ndarray, n: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return (made * np.log(p) + (n - made) * np.log(1 - p)).sum(-1)


def fit(path: str) -> None:
    with open(path) as lines:
        rows = [json.loads(line) for line in lines]
    data = {k: np.array([row[k] for row in rows], dtype=float) for k in rows[0]}
    r = spread.TABLE.ball.radius
    rate = data["made"] / data["n"]
    print(f"{len(rows)} pots from {len(set(data['table']))} tables, {int(data['n'][0])} plays each")
    capped = np.minimum(data["raw"], geometry.MAX_CHANCE)
    print("by the quick chance (capped at MAX_CHANCE; raw is the uncapped erf):")
    edges = (0.0, 0.5, 0.8, 0.9, 0.97, 0.999, 1.01)
    for lo, hi in itertools.pairwise(edges):
        sel = (data["raw"] >= lo) & (data["raw"] < hi)
        if sel.any():
            print(f"  raw {lo:.3f}-{hi:.3f}: {sel.sum():4d} pots, quick {capped[sel].mean():.3f}, "
                  f"simulated {data['made'][sel].sum() / data['n'][sel].sum():.3f}")  # fmt: skip
    print("raw quick chance 0.97 or more (read 0.97 by every judge), simulated rate by distance and cut:")
    top = data["raw"] >= geometry.MAX_CHANCE
    for d_lo, d_hi in ((0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 3.0)):
        cells = []
        for c_lo, c_hi in ((0, 15), (15, 30), (30, 45), (45, 78)):
            sel = top & (data["d1"] >= d_lo) & (data["d1"] < d_hi)
            sel &= (np.degrees(data["cut"]) >= c_lo) & (np.degrees(data["cut"]) < c_hi)
            made, n = data["made"][sel].sum(), data["n"][sel].sum()
            cells.append(
                f"{c_lo:2d}-{c_hi:2d} deg {made / n:.3f} ({sel.sum():3d})" if n else f"{c_lo:2d}-{c_hi:2d} deg   -"
            )
        print(f"  cue ball {d_lo:.1f}-{d_hi:.1f} m: " + "; ".join(cells))
    grid = [(a, s, c) for a in np.arange(0.5, 2.01, 0.05) for s in np.arange(0.0, 6.01, 0.25)
            for c in np.arange(0.9, 1.0001, 0.0025)]  # fmt: skip
    best = max(grid, key=lambda g: log_likelihood(model(data, *g, r), data["made"], data["n"]))
    base = log_likelihood(capped, data["made"], data["n"])
    fitted = model(data, *best, r)
    print(f"fit: AIM {best[0]:.2f}, SPREAD {best[1]:.2f}, SURE {best[2]:.4f}; log-likelihood "
          f"{log_likelihood(fitted, data['made'], data['n']):.1f} against {base:.1f}, capped quick chance")  # fmt: skip
    for name, p in (("capped quick", capped), ("fitted", fitted)):
        print(f"  {name}: by its own bins (predicted / simulated):")
        for lo, hi in itertools.pairwise(edges):
            sel = (p >= lo) & (p < hi)
            if sel.any():
                print(f"    {lo:.3f}-{hi:.3f}: {sel.sum():4d} pots, {p[sel].mean():.3f} / {rate[sel].mean():.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=20000)
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--out", default="calibration.jsonl")
    parser.add_argument("--fit", help="fit the pots of this file instead of measuring")
    args = parser.parse_args()
    if args.fit:
        fit(args.fit)
        return
    for i in range(args.start, args.start + args.count):
        rows = measure(i, args.samples)
        with open(args.out, "a") as out:
            out.writelines(json.dumps(row) + "\n" for row in rows)


if __name__ == "__main__":
    main()
