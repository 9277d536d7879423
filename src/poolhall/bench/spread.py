"""Run-outs from ball in hand on seeded spread tables, for ``poolhall bench ai``'s ``run_from_hand``.

A spread table is a 9-foot eight-ball table, open (no groups yet), with all
fifteen object balls at random on the cloth (uniform, no two within a
centimetre of touching), and pro to play with the cue ball in hand anywhere.
Pro plays until the turn passes or the game ends; the table is run out when
pro wins without the other seat ever coming to the table. Table ``i`` depends
only on ``i`` (``derived_seed``), so every run plays the same tables.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from poolhall.ai.player import ComputerPlayer
from poolhall.equipment import OBJECT_BALLS, TableSpec
from poolhall.game import Match, MatchError
from poolhall.game.execution import execution_of
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Options

TABLE = TableSpec.nine_foot()
#: More actions than any run-out needs (fifteen shots and their placements); a guard, not a rule.
MAX_ACTIONS = 80


def random_spots(rng: np.random.Generator, count: int, gap: float) -> list[tuple[float, float]]:
    """``count`` ball centres uniform on the 9-foot cloth, no two closer than two radii plus ``gap``."""
    r = TABLE.ball.radius
    placed: list[tuple[float, float]] = []
    while len(placed) < count:
        xy = (
            float(rng.uniform(r + 0.01, TABLE.length - r - 0.01)),
            float(rng.uniform(r + 0.01, TABLE.width - r - 0.01)),
        )
        if all(math.dist(xy, other) > 2 * r + gap for other in placed):
            placed.append(xy)
    return placed


def spread_table(index: int) -> Layout:
    """Table ``index``: the fifteen object balls spread at random, the cue ball in hand (not on the table)."""
    rng = np.random.default_rng(derived_seed(0, "bench-spread", index))
    placed = random_spots(rng, len(OBJECT_BALLS), 0.01)
    return Layout.from_positions(dict(zip(OBJECT_BALLS, placed, strict=True)), TABLE)


def hand_match(index: int) -> Match:
    """The match on spread table ``index``: seat A to place the cue ball in hand anywhere, then to shoot."""
    return Match.from_position(
        "eight-ball", spread_table(index), shooter="A", ball_in_hand="anywhere", options=Options(),
        seed=derived_seed(0, "bench-spread-match", index),
    )  # fmt: skip


def run_from_hand(index: int) -> dict[str, Any]:
    """Pro's inning on spread table ``index``: balls pocketed, and whether it won the game in it."""
    return pro_inning(hand_match(index), index)


def pro_inning(match: Match, index: int) -> dict[str, Any]:
    """Seat A (pro) plays ``match`` until the turn passes or the game ends: ``run_from_hand``'s record."""
    player = ComputerPlayer("pro")
    try:
        while not match.state.over and match.state.to_act == "A" and len(match.log) < MAX_ACTIONS:
            match.apply("A", player.act(match.view()), execution_of(player))
    except MatchError as exc:
        return {"index": index, "error": str(exc), "run_out": False, "balls": 0}
    balls = sum(len([b for b in s.facts.pocketed_balls if b != 0]) for s in match.shots if not s.ruling.foul)
    return {"index": index, "error": None, "run_out": match.state.winner == "A", "balls": balls}
