"""What a decision works from: the view turned into the referee's situation, the legal balls, the noise.

A computer player sees exactly what any seat sees (``MatchView``): the
layout, the groups, the scores. From it this module builds the referee's
``Situation`` with the match's own builder (``game.situation.situation_seen``:
frozen and near-rail balls measured as the match measures them), so the
search can rule each simulated shot with the real referee. The one thing a
view does not carry is the 14.1 near-rail safety allowance used so far
(14.1-7.2-C2); the search assumes none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from poolhall import racking
from poolhall.ai.noise import NoiseModel
from poolhall.equipment import CUE, EIGHT, SOLIDS, STRIPES
from poolhall.game import choices, tableops
from poolhall.game.situation import measured_on, situation_seen
from poolhall.game.view import MatchView
from poolhall.layout import Layout
from poolhall.rules.model import Group, Options, Player, Ruling, Situation


@dataclass(frozen=True)
class Context:
    """One decision's fixed inputs (picklable, so a worker process can evaluate with it)."""

    game: str
    options: Options
    layout: Layout
    situation: Situation
    noise: NoiseModel

    @property
    def shooter(self) -> Player:
        return self.situation.shooter

    @property
    def straight_pool(self) -> bool:
        return self.game == "straight-pool"

    @property
    def kitchen(self) -> bool:
        return self.situation.ball_in_hand == "kitchen"

    def targets(self) -> list[int]:
        """Balls the shooter may hit first and call (not those behind the head string from the kitchen)."""
        s = self.situation
        balls = legal_balls(self.game, s.on_table, s.groups, s.shooter)
        if self.kitchen:
            balls = [b for b in balls if not racking.behind_head_string(self.layout.table, _xy(self.layout, b))]
        return balls

    def with_layout(self, layout: Layout, ball_in_hand: str | None = None) -> Context:
        """The same decision with the cue ball (or other balls) elsewhere."""
        situation = measured_on(self.situation, layout, self.game)
        if ball_in_hand is not None:
            situation = replace(situation, ball_in_hand=ball_in_hand)  # type: ignore[arg-type]
        return replace(self, layout=layout, situation=situation)


def _xy(layout: Layout, ball: int) -> tuple[float, float]:
    xy = layout.position(ball)
    assert xy is not None, f"ball {ball} is not on the table"
    return xy


def legal_balls(
    game: str, on_table: frozenset[int], groups: Mapping[Player, Group] | None, player: Player
) -> list[int]:
    """The object balls ``player`` may hit first (eight-ball: his group, else the 8; open table: all but the 8)."""
    balls = sorted(on_table)
    if game != "eight-ball":
        return balls
    if groups is None:
        return [b for b in balls if b != EIGHT] or balls
    own = SOLIDS if groups[player] == "solids" else STRIPES
    return [b for b in balls if b in own] or [b for b in balls if b == EIGHT]


def group_after(ctx: Context, ball: int) -> frozenset[int]:
    """The shooter's group once ``ball`` (not the 8) is potted: his own, or on an open table the one the
    pot chooses (8B-4)."""
    if ctx.situation.groups is not None:
        return SOLIDS if ctx.situation.groups[ctx.shooter] == "solids" else STRIPES
    return SOLIDS if ball in SOLIDS else STRIPES


def context_of(view: MatchView, noise: NoiseModel) -> Context:
    """The context of the view's question (a layout is required: the AI plays simulated matches)."""
    if view.layout is None:
        raise ValueError("a computer player plays simulated matches; a scorekeeper's shots come from a person")
    return Context(view.game, view.options, view.layout, situation_seen(view), noise)


def next_layout(ctx: Context, final: Layout, ruling: Ruling) -> tuple[Layout, str | None]:
    """The table once the ruling is carried out (spots, re-racks, cue ball in hand), by the match's own helpers."""
    plan = choices.plan_from(ruling, ctx.game)  # type: ignore[arg-type]
    try:
        return tableops.lay_out(final, plan, ctx.game, 0, 0), plan.ball_in_hand
    except ValueError:
        return final, plan.ball_in_hand


def next_context(ctx: Context, final: Layout, ruling: Ruling) -> Context | None:
    """The next shooter's context after ``ruling`` (None when the game is over or a choice must come first)."""
    if ruling.game_over or ruling.next_break is not None:
        return None
    layout, in_hand = next_layout(ctx, final, ruling)
    score = {p: ctx.situation.score.get(p, 0) + ruling.points.get(p, 0) for p in ("A", "B")}
    situation = Situation(
        shooter=ruling.next_shooter,
        on_table=frozenset(b for b in layout.on_table if b != CUE),
        table_open=ruling.table_open,
        groups=ruling.groups,
        ball_in_hand=in_hand,
        fouls_in_a_row=dict(ruling.fouls_in_a_row),
        near_rail_safeties={p: dict(v) for p, v in ruling.near_rail_safeties.items()},
        score=score,
    )
    out = Context(ctx.game, ctx.options, layout, situation, ctx.noise)
    return out.with_layout(layout) if layout.position(CUE) is not None else out
