"""The referee's ``Situation`` for the next shot, built from the match state and the layout.

Frozen and near-rail balls are measured here (the referee takes them as
facts, RULES GEN-6 and 14.1-7.2-C2). A ball is *frozen* to a rail when the gap
between it and the cushion line is at most ``FROZEN_GAP`` — 0.1 mm, less than
any referee could see, and enough to absorb rounding in positions that were
computed rather than measured. It is *near* a rail when not frozen and the gap
is at most one ball diameter (14.1-7.2: "no more than one ball's diameter
from it"). A ball within reach of two rails (near a corner) belongs to the
nearer one.

``situation_for`` (the match) and ``situation_seen`` (a seat, such as a
computer player, that has only the ``MatchView``) share one builder, so the
referee sees the same situation whoever asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from poolhall.equipment import CUE
from poolhall.game.state import MatchState
from poolhall.game.view import MatchView
from poolhall.layout import Layout
from poolhall.rules.model import Player, Situation

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


def measured_on(situation: Situation, layout: Layout, game: str) -> Situation:
    """``situation`` with its frozen balls (and, in 14.1, its near-rail balls) measured on ``layout``."""
    frozen, near = frozen_and_near(layout, near_rail=game == "straight-pool")
    return replace(situation, frozen=frozen, near_rail=near)


def situation_for(state: MatchState) -> Situation:
    """The situation before the shooter's next shot (DESIGN.md "The referee contract")."""
    return _situation(state, break_shot=state.break_next, near_rail_safeties=state.near_rail_safeties)


def situation_seen(view: MatchView) -> Situation:
    """The situation as a seat sees it: the match's own, but for the 14.1 near-rail allowances used so far
    (14.1-7.2-C2), which a view does not carry and which are taken as none."""
    return _situation(view, break_shot=view.break_shot, near_rail_safeties={"A": {}, "B": {}})


def _situation(
    source: MatchState | MatchView, *, break_shot: bool, near_rail_safeties: Mapping[Player, Mapping[int, int]]
) -> Situation:
    """The one builder: a state and a view carry the other fields under the same names."""
    situation = Situation(
        shooter=source.shooter,
        on_table=source.on_table,
        break_shot=break_shot,
        table_open=source.table_open,
        groups=source.groups,
        ball_in_hand=source.ball_in_hand,
        fouls_in_a_row=dict(source.fouls_in_a_row),
        near_rail_safeties={p: dict(v) for p, v in near_rail_safeties.items()},
        score=dict(source.score),
    )
    return situation if source.layout is None else measured_on(situation, source.layout, source.game)
