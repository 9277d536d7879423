"""``poolhall bench pots``: pro's single-shot pot test on seeded random makeable positions.

Each position is a 9-foot eight-ball table with the shooter on solids and the 1
his last ball of the group: the cue ball, the 1, the 8 and four stripes lie
at random on the cloth (uniform, no two balls touching). A position is kept
when the 1 has a *makeable* straight pot: a pocket whose window it sees, a
cut of at most ``MAX_CUT_DEG``, the cue ball's and the 1's paths clear
(``ai.shots.pots``), the cue ball at least ``MIN_TRAVEL`` from the ghost ball,
and the window's half width at least one standard deviation of the object
ball's direction error under pro's aim noise (the geometric chance
``geometry.chance`` at least ``MIN_CHANCE`` = erf(1/sqrt 2) = 0.683). Without
that last condition a third of random "open" pots are long thin cuts that no
player at this noise makes half the time (the geometric chance of the best
pot averaged 0.60 over seed 1's 200 positions).
Pro decides as in a match (``ComputerPlayer.act`` on the match's view: it may
choose any pocket, any stroke, or a safety) and the match plays the stroke
through pro's own execution noise (tournament level). A position counts as
potted when the referee rules a legal pot (the turn goes on).

The positions depend only on ``--seed`` (``positions(count, seed)``); the
lead measures on seeds the AI was never tuned on. The report:

- ``pot_success``: legal pots over all positions (a safety counts as a miss);
- ``safeties``: positions where pro declined the pot;
- ``fouls``: positions whose shot fouled (mostly a scratch after the pot);
- ``geometric_cap``: the mean geometric chance of each position's best pot
  (what the aim noise alone allows through the geometric window; the
  simulated pocket accepts somewhat more);
- ``decision_median_s`` / ``decision_p95_s``: pro's decision time here.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from poolhall.ai import shots
from poolhall.ai.noise import LEVELS
from poolhall.ai.player import ComputerPlayer
from poolhall.bench import spread
from poolhall.game import Match
from poolhall.game.actions import Shoot
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Call, Options

HELP = "pro's pot success on seeded random makeable single-shot positions (9-foot table, tournament noise)"
#: This kind counts positions (``poolhall bench pots --positions N --seed S``).
SIZE = "positions"
TABLE = spread.TABLE
TARGET = 1
OBSTACLES = (8, 9, 10, 11, 12)
MAX_CUT_DEG = 60.0
MIN_TRAVEL = 0.1
MIN_CHANCE = math.erf(1 / math.sqrt(2))
JOBS = 2


def best_chance(layout: Layout) -> float:
    """The geometric chance of the 1's best straight pot within the cut and travel limits (0 if none)."""
    cue = layout.position(0)
    assert cue is not None
    found = shots.pots(layout, cue, [TARGET], LEVELS["pro"].sigma_phi)
    return max(
        (s.estimate for s in found if s.cut <= math.radians(MAX_CUT_DEG) and s.cue_travel >= MIN_TRAVEL), default=0.0
    )


def makeable(layout: Layout) -> bool:
    """The 1 has a straight pot within the limits of the module docstring."""
    return best_chance(layout) >= MIN_CHANCE


def positions(count: int, seed: int) -> list[Layout]:
    """``count`` makeable layouts drawn from ``seed`` (the same seed always gives the same positions)."""
    rng = np.random.default_rng(derived_seed(seed, "bench-pots"))
    out: list[Layout] = []
    while len(out) < count:
        xy = spread.random_spots(rng, 2 + len(OBSTACLES), 0.005)
        layout = Layout.from_positions(dict(zip((0, TARGET, *OBSTACLES), xy, strict=True)), TABLE)
        if makeable(layout):
            out.append(layout)
    return out


def play_position(layout: Layout, seed: int, index: int) -> dict[str, Any]:
    """Pro's one shot at ``layout``: what it chose, how long it took, and the ruling."""
    match = Match.from_position(
        "eight-ball", layout, shooter="A", groups={"A": "solids", "B": "stripes"}, options=Options(),
        seed=derived_seed(seed, "bench-pots-match", index),
    )  # fmt: skip
    player = ComputerPlayer("pro")
    start = time.perf_counter()
    action = player.act(match.view())
    took = time.perf_counter() - start
    assert isinstance(action, Shoot)
    record = match.apply("A", action, player.execution)
    assert record is not None
    ruling = record.ruling
    return {
        "index": index,
        "chance": best_chance(layout),
        "called": isinstance(action.call, Call),
        "potted": ruling.turn_continues and not ruling.foul and ruling.next_shooter == "A",
        "foul": ruling.foul,
        "time": took,
    }


def steps(count: int) -> int:
    return count


def measure(count: int, tick: Callable[[str], None], seed: int = 0) -> dict[str, Any]:
    """The report of the module docstring; ``tick(label)`` after each position."""
    layouts = positions(count, seed)
    results = []
    with ProcessPoolExecutor(JOBS) as pool:
        futures = [pool.submit(play_position, layout, seed, i) for i, layout in enumerate(layouts)]
        for future in futures:
            results.append(future.result())
            tick("pot" if results[-1]["potted"] else "miss")
    return report_of(results, seed)


def report_of(results: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    times = sorted(r["time"] for r in results)
    n = len(results)
    return {
        "positions": n,
        "seed": seed,
        "pot_success": sum(r["potted"] for r in results) / n if n else None,
        "safeties": sum(not r["called"] for r in results),
        "fouls": sum(r["foul"] for r in results),
        "geometric_cap": sum(r["chance"] for r in results) / n if n else None,
        "missed": sorted(r["index"] for r in results if not r["potted"]),
        "decision_median_s": statistics.median(times) if times else None,
        "decision_p95_s": times[min(n - 1, int(0.95 * n))] if times else None,
    }


def summary(report: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    return "\n".join(
        [
            f"positions: {report['positions']} (seed {report['seed']})",
            f"pro pot success:     {report['pot_success']:.1%}",
            f"geometric cap:       {report['geometric_cap']:.1%}",
            f"safeties chosen:     {report['safeties']}",
            f"fouls:               {report['fouls']}",
            f"decision median/p95: {report['decision_median_s']:.3f} s / {report['decision_p95_s']:.3f} s",
        ]
    )
