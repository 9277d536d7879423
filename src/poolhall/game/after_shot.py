"""What a ruling does to the match: the record of a shot, and the state after it.

``transitions.step`` decides whether an action is legal and gets the ruling;
this module carries the ruling out, the same way whether the shot was
simulated or entered by a scorekeeper: balls and scores (``after_shot``), the
scoreboard statistics and the stalemate count (8B-21-C1, 14.1-13), the end of
a game and the next break (CFG-5, CFG-11), and ``hand_over``, which lays out
a plan (spots, re-racks, cue ball in hand) and gives the table to its shooter
(it also ends a choice or a stalemate in ``transitions``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from poolhall.equipment import CUE
from poolhall.game import choices, tableops
from poolhall.game.state import MatchState, Plan, Stats, per_player
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Player, Ruling, Shot, Situation, other


@dataclass(frozen=True)
class ShotRecord:
    """One shot as it happened: the layout before it, the stroke, the facts and the ruling.

    ``before``/``after`` are None in scorekeeper mode; ``after`` is where the
    balls came to rest, before the ruling's spotting and placements.
    """

    number: int
    shooter: Player
    situation: Situation
    facts: Shot
    ruling: Ruling
    before: Layout | None = None
    stroke: Stroke | None = None
    after: Layout | None = None
    duration: float = 0.0


def _stats_after(state: MatchState, record: ShotRecord) -> Stats:
    stats, ruling, shooter = state.stats, record.ruling, record.shooter
    dropped = [b for b in record.facts.pocketed_balls if b != CUE]
    progress = ruling.turn_continues and not ruling.foul
    gained = ruling.points.get(shooter, 0) if state.game == "straight-pool" else (len(dropped) if progress else 0)
    run = stats.run + max(gained, 0)
    stats = replace(
        stats,
        fouls={**stats.fouls, shooter: stats.fouls[shooter] + int(ruling.foul)},
        balls={**stats.balls, shooter: stats.balls[shooter] + len(dropped)},
        run=run,
        high_run={**stats.high_run, shooter: max(stats.high_run[shooter], run)},
        inning_progress=stats.inning_progress or progress,
    )
    if ruling.turn_continues and not ruling.game_over:
        return stats
    stale = (
        per_player() if stats.inning_progress else {**stats.stale_innings, shooter: stats.stale_innings[shooter] + 1}
    )
    return replace(stats, stale_innings=stale, inning_open=False, inning_progress=False, run=0)


def after_shot(state: MatchState, record: ShotRecord) -> MatchState:
    """The match once ``record``'s ruling is carried out: balls, scores, statistics, then the game's end, the
    choices the ruling asks for, or the next shooter (``hand_over``)."""
    ruling, shot = record.ruling, record.facts
    gone = set(shot.pocketed_balls) | set(shot.off_table)
    state = replace(
        state,
        layout=record.after,
        on_table=frozenset(b for b in state.on_table if b not in gone),
        score={p: state.score[p] + ruling.points.get(p, 0) for p in ("A", "B")},
        fouls_in_a_row=dict(ruling.fouls_in_a_row),
        near_rail_safeties={p: dict(v) for p, v in ruling.near_rail_safeties.items()},
        table_open=ruling.table_open,
        groups=None if ruling.groups is None else dict(ruling.groups),
        last_ruling=ruling,
        last_shooter=record.shooter,
        shots=record.number,
        clock=state.clock + record.duration,
        stats=_stats_after(state, record),
        break_next=False,
        ball_in_hand=None,
        call_requested=False,
        pre_shot=replace(state, pre_shot=None) if state.scorekeeper else None,
    )
    if ruling.game_over:
        return _game_over(state, ruling)
    decisions = choices.decisions_from(ruling, shot)
    if decisions and record.before is not None and shot.moved:
        restore = {b: xy for b in shot.moved if (xy := record.before.position(b)) is not None}
        decisions = tuple(replace(d, restore_to=restore) if "restore-balls" in d.options else d for d in decisions)
    plan = choices.plan_from(ruling, state.game)
    if decisions:
        return replace(state, phase="choose", decisions=decisions, plan=plan, to_act=decisions[0].chooser)
    return hand_over(state, plan)


def _game_over(state: MatchState, ruling: Ruling) -> MatchState:
    winner = ruling.winner
    assert winner is not None
    if state.game == "straight-pool":
        return replace(state, phase="over", winner=winner)
    won = {**state.games_won, winner: state.games_won[winner] + 1}
    if won[winner] >= state.options.race_to:
        return replace(state, games_won=won, phase="over", winner=winner)
    due = state.due_breaker or winner
    order = state.options.break_order
    breaker = other(due) if order == "alternate" else winner if order == "winner" else other(winner)
    state = replace(
        state, games_won=won, game_number=state.game_number + 1, due_breaker=breaker, groups=None, table_open=True
    )
    return hand_over(state, Plan(shooter=breaker, ball_in_hand="kitchen", rack="eight-ball", break_next=True))


def hand_over(state: MatchState, plan: Plan) -> MatchState:
    """Carry out ``plan`` and hand the table to its shooter: place the cue ball first if it is in hand."""
    racks = state.racks + (1 if plan.rack else 0)
    if state.layout is not None:
        layout: Layout | None = tableops.lay_out(state.layout, plan, state.game, state.seed, state.racks)
        on_table = tableops.object_balls(layout)
    else:
        layout, on_table = None, tableops.balls_after(state.on_table, plan)
    in_hand = plan.ball_in_hand or ("kitchen" if plan.break_next else None)
    stats = state.stats
    if plan.rack:
        stats = replace(stats, stale_innings=per_player())
    if not stats.inning_open:
        stats = replace(
            stats, innings={**stats.innings, plan.shooter: stats.innings[plan.shooter] + 1}, inning_open=True
        )
    placing = in_hand is not None and layout is not None
    return replace(
        state,
        layout=layout,
        on_table=on_table,
        racks=racks,
        shooter=plan.shooter,
        to_act=plan.shooter,
        phase="place" if placing else "shoot",
        ball_in_hand=in_hand,
        break_next=plan.break_next,
        breaker=plan.shooter if plan.break_next else state.breaker,
        stats=stats,
        decisions=(),
        plan=None,
    )
