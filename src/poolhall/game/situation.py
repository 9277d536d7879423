"""The referee's ``Situation`` for the next shot, built from the match state and the layout.

Frozen and near-rail balls are measured here (the referee takes them as
facts, RULES GEN-6 and 14.1-7.2-C2). A ball is *frozen* to a rail when the gap
between it and the cushion line is at most ``FROZEN_GAP`` — 0.1 mm, less than
any referee could see, and enough to absorb rounding in positions that were
computed rather than measured. It is *near* a rail when not frozen and the gap
is at most one ball diameter (14.1-7.2: "no more than one ball's diameter
from it"). A ball within reach of two rails (near a corner) belongs to the
nearer one.
"""

from __future__ import annotations

from poolhall.equipment import CUE
from poolhall.game.state import MatchState
from poolhall.layout import Layout
from poolhall.rules.model import Situation

FROZEN_GAP = 1e-4


def rail_gaps(layout: Layout, ball: int) -> dict[str, float]:
    """The gap (metres) between the ball and each rail's cushion line, by rail name."""
    xy = layout.position(ball)
    if xy is None:
        raise ValueError(f"ball {ball} is not on the table")
    x, y = xy
    t, r = layout.table, layout.table.ball.radius
    return {"head": x - r, "foot": t.length - x - r, "left": t.width - y - r, "right": y - r}


def frozen_and_near(layout: Layout, near_rail: bool) -> tuple[dict[int, str], dict[int, str]]:
    """Object balls frozen to a rail, and (when ``near_rail``) those within one diameter of one."""
    frozen: dict[int, str] = {}
    near: dict[int, str] = {}
    for ball in layout.on_table:
        if ball == CUE:
            continue
        gaps = rail_gaps(layout, ball)
        rail = min(gaps, key=lambda name: gaps[name])
        if gaps[rail] <= FROZEN_GAP:
            frozen[ball] = rail
        elif near_rail and gaps[rail] <= 2 * layout.table.ball.radius:
            near[ball] = rail
    return frozen, near


def situation_for(state: MatchState) -> Situation:
    """The situation before the shooter's next shot (DESIGN.md "The referee contract")."""
    frozen: dict[int, str] = {}
    near: dict[int, str] = {}
    if state.layout is not None:
        frozen, near = frozen_and_near(state.layout, near_rail=state.game == "straight-pool")
    return Situation(
        shooter=state.shooter,
        on_table=state.on_table,
        break_shot=state.break_next,
        table_open=state.table_open,
        groups=state.groups,
        ball_in_hand=state.ball_in_hand,
        frozen=frozen,
        near_rail=near,
        fouls_in_a_row=dict(state.fouls_in_a_row),
        near_rail_safeties={p: dict(v) for p, v in state.near_rail_safeties.items()},
        score=dict(state.score),
    )
