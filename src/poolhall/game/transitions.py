"""The match's state machine: ``step(state, seat, action) -> Step``, a pure function of its inputs.

Policy lives here (whose turn, which phase, is that placement free, may a
stalemate be declared); rules come from ``rules/`` (the referee rules every
shot and supplies the stalemate rulings), motion from ``physics/``. An
illegal action raises ``MatchError`` and nothing changes, because states are
values. See ``docs/game.md`` for the diagram.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from poolhall import racking
from poolhall.equipment import OBJECT_BALLS, PhysicsParams, TableSpec
from poolhall.game import choices, facts, tableops
from poolhall.game.actions import (
    LAG_CHOICES,
    Action,
    AmendShot,
    AnswerStalemate,
    Choose,
    EnterShot,
    MatchError,
    PlaceCueBall,
    ProposeStalemate,
    RequestCall,
    Shoot,
)
from poolhall.game.after_shot import ShotRecord, after_shot, hand_over
from poolhall.game.codec import shot_from_dict, shot_to_dict
from poolhall.game.situation import situation_for
from poolhall.game.state import Game, MatchState, Plan, derived_seed, per_player
from poolhall.physics import Outcomes, ShotResult, Stroke, simulate
from poolhall.rules import eight_ball, straight_pool
from poolhall.rules.model import SAFETY, Call, Options, Player, RefereeError, Ruling, Shot, Situation, other

REFEREES = {"eight-ball": eight_ball.rule, "straight-pool": straight_pool.rule}
#: Innings each player must have played without progress before a stalemate (8B-21-C1; 14.1-13 "as in").
STALEMATE_INNINGS = eight_ball.STALEMATE_INNINGS


@dataclass(frozen=True)
class Step:
    """The state after an action; ``shot`` when it recorded a shot (``amended``: it replaces the last one).

    ``result`` is the simulator's whole answer for a simulated shot (its
    trajectory), for drivers that show it; it is not part of the state.
    """

    state: MatchState
    shot: ShotRecord | None = None
    amended: bool = False
    result: ShotResult | None = None


def lag_winner(seed: int, lag: int) -> Player:
    """The winner of lag number ``lag``: the simulator plays no lag, so it is a fair, seeded draw (GEN-12)."""
    return "A" if derived_seed(seed, "lag", lag) % 2 == 0 else "B"


def start(
    game: Game, options: Options, table: TableSpec, seed: int, *, scorekeeper: bool, lag: Player | None = None
) -> MatchState:
    """A match before the first break: rack 1 on the table, the lag winner to choose who breaks."""
    check_options(game, options)
    winner = lag or lag_winner(seed, 1)
    layout = None if scorekeeper else tableops.fresh_rack(game, table, seed, 0)
    return MatchState(
        game=game,
        options=options,
        table=table,
        seed=seed,
        scorekeeper=scorekeeper,
        phase="choose-breaker",
        to_act=winner,
        shooter=winner,
        layout=layout,
        on_table=frozenset(OBJECT_BALLS),
        racks=1,
    )


def check_options(game: Game, options: Options) -> None:
    """Refuse at the start what the referee would refuse at the first shot: 14.1 is always a called game."""
    if game == "straight-pool" and options.calls == "none":
        raise MatchError('14.1 is a called game (RULES 14.1-7.1): the call mode "none" is for eight-ball only')


def stalemate_allowed(state: MatchState) -> bool:
    """8B-21-C1 / 14.1-13: each player has ended three innings in a row since play last progressed."""
    stale = state.stats.stale_innings
    return state.phase in ("place", "shoot") and all(stale[p] >= STALEMATE_INNINGS for p in ("A", "B"))


# ------------------------------------------------------------------ the dispatcher
_WAITING = {
    "choose-breaker": "choose who breaks",
    "place": "place the cue ball",
    "shoot": "shoot",
    "choose": "choose an option",
    "answer-stalemate": "answer the stalemate proposal",
}


def _expect(state: MatchState, seat: Player, phase: str, what: str) -> None:
    if state.phase != phase:
        waiting = _WAITING[state.phase]
        raise MatchError(
            f"{seat} cannot {what} now: the match waits for {state.to_act} to {waiting}", "not-now", player=state.to_act
        )
    if seat != state.to_act:
        waiting = _WAITING[state.phase]
        raise MatchError(f"it is {state.to_act}'s turn to {waiting}, not {seat}'s", "other-turn", player=state.to_act)


@dataclass(frozen=True)
class Presimulated:
    """A shot already simulated in a batch: shot ``k`` of ``simulate_many``'s ``outcomes``, struck with ``stroke``.

    ``step`` rules it instead of simulating again when it is this very shot (the layout on the table
    and the stroke as played, with the match's physics parameters): the batch's outcome is bit for
    bit ``simulate``'s, so the ruling is the same either way. Such a step has no ``result``.
    """

    stroke: Stroke
    outcomes: Outcomes
    k: int


def step(
    state: MatchState, seat: Player, action: Action, params: PhysicsParams | None = None,
    presimulated: Presimulated | None = None,
) -> Step:  # fmt: skip
    """The state after ``seat`` took ``action``; ``MatchError`` if the action is not legal now."""
    if seat not in ("A", "B"):
        raise MatchError(f"unknown seat {seat!r}; seats are A and B")
    if isinstance(action, AmendShot):  # the last shot of a match may be amended too (GEN-14)
        out = _amend(state, action)
        return Step(replace(out.state, actions=state.actions + 1), out.shot, amended=True)
    if state.over:
        raise MatchError("the match is over", "match-over")
    if isinstance(action, ProposeStalemate):
        out = Step(_propose(state, seat))
    elif isinstance(action, AnswerStalemate):
        _expect(state, seat, "answer-stalemate", "answer a stalemate proposal")
        out = Step(_answer(state, action.accept))
    elif isinstance(action, Choose):
        out = Step(_choose(state, seat, action))
    elif isinstance(action, PlaceCueBall):
        _expect(state, seat, "place", "place the cue ball")
        out = Step(_place(state, action))
    elif isinstance(action, Shoot):
        if state.scorekeeper:
            raise MatchError("a scorekeeper's match records shots played on a real table: enter the shot's facts")
        _expect(state, seat, "shoot", "shoot")
        out = _shoot(state, action, params, presimulated)
    elif isinstance(action, RequestCall):
        out = Step(_request_call(state, seat))
    elif isinstance(action, EnterShot):
        if not state.scorekeeper:
            raise MatchError("this match simulates its shots: shoot a stroke instead of entering facts")
        _expect(state, seat, "shoot", "enter a shot")
        out = _enter(state, action.shot)
    else:
        raise MatchError(f"unknown action {action!r}")
    return Step(replace(out.state, actions=state.actions + 1), out.shot, result=out.result)


# ------------------------------------------------------------------ decisions
def _choose(state: MatchState, seat: Player, action: Choose) -> MatchState:
    if state.phase == "choose-breaker":
        _expect(state, seat, "choose-breaker", "choose who breaks")
        if action.option not in LAG_CHOICES or action.ball is not None:
            raise MatchError(f"the lag winner chooses {' or '.join(LAG_CHOICES)}, not {action.option!r}", "lag-choice")
        breaker = seat if action.option == "break" else other(seat)
        due = breaker if state.game == "eight-ball" and state.due_breaker is None else state.due_breaker
        return hand_over(
            replace(state, due_breaker=due), Plan(shooter=breaker, ball_in_hand="kitchen", break_next=True)
        )
    _expect(state, seat, "choose", "choose an option")
    decision, plan = state.decisions[0], state.plan
    assert plan is not None
    if action.option not in decision.options:
        offered = ", ".join(decision.options)
        raise MatchError(f"{action.option!r} is not offered; choose one of {offered}", "option-not-offered")
    ball = choices.chosen_ball(decision, action.option, action.ball)
    plan = choices.apply_choice(
        plan,
        decision.chooser,
        action.option,
        ball,
        game=state.game,
        last_shooter=state.last_shooter or decision.chooser,
        moved_from=decision.restore_to,
    )
    assert state.last_ruling is not None
    rest = choices.questions_after(state.game, state.last_ruling, action.option, state.decisions[1:])
    if rest:
        return replace(state, decisions=rest, plan=plan, to_act=rest[0].chooser)
    return hand_over(replace(state, decisions=(), plan=None), plan)


def _propose(state: MatchState, seat: Player) -> MatchState:
    if state.phase not in ("place", "shoot"):
        waiting = _WAITING[state.phase]
        raise MatchError(
            f"a stalemate can be proposed only before a shot; the match waits to {waiting}", "stalemate-not-now"
        )
    if not stalemate_allowed(state):
        stale = state.stats.stale_innings
        raise MatchError(
            f"no stalemate yet: each player needs {STALEMATE_INNINGS} innings in a row without progress "
            f"(A has {stale['A']}, B has {stale['B']}; RULES 8B-21-C1, 14.1-13)",
            "stalemate-not-yet",
            innings=STALEMATE_INNINGS,
        )
    return replace(state, phase="answer-stalemate", to_act=other(seat), proposer=seat, resume=state.phase)


def _answer(state: MatchState, accept: bool) -> MatchState:
    assert state.proposer is not None and state.resume is not None
    back = replace(state, phase=state.resume, to_act=state.shooter, proposer=None, resume=None)
    if not accept:
        return back
    back = replace(back, call_requested=False)  # the shot it was asked for will not be played
    stats = replace(back.stats, stale_innings=per_player(), inning_open=False, inning_progress=False, run=0)
    if state.game == "eight-ball":
        assert state.breaker is not None
        ruling = eight_ball.stalemate(state.breaker, state.stats.stale_innings)
        return hand_over(replace(back, stats=stats, last_ruling=ruling), choices.plan_from(ruling, state.game))
    ruling = straight_pool.stalemate(situation_for(back))
    winner = lag_winner(state.seed, state.lags + 1)
    layout = None if state.scorekeeper else tableops.fresh_rack(state.game, state.table, state.seed, state.racks)
    return replace(
        back,
        stats=stats,
        last_ruling=ruling,
        layout=layout,
        on_table=frozenset(OBJECT_BALLS),
        racks=state.racks + 1,
        lags=state.lags + 1,
        fouls_in_a_row=dict(ruling.fouls_in_a_row),
        near_rail_safeties={p: dict(v) for p, v in ruling.near_rail_safeties.items()},
        phase="choose-breaker",
        to_act=winner,
        ball_in_hand="kitchen",
        break_next=True,
    )


# ------------------------------------------------------------------ calls and amendments
def call_request_allowed(state: MatchState) -> bool:
    """GEN-8, 8B-2: before a shot that is not a break, the opponent may still ask for a call."""
    return (
        state.phase in ("place", "shoot")
        and not state.break_next
        and not state.call_requested
        and state.options.calls != "none"
    )


def _request_call(state: MatchState, seat: Player) -> MatchState:
    """The opponent asks for a call; the match remembers it for the next shot's facts."""
    if state.phase not in ("place", "shoot"):
        waiting = _WAITING[state.phase]
        raise MatchError(
            f"a call can be asked for only before a shot; the match waits to {waiting}", "call-request-not-now"
        )
    if seat == state.shooter:
        raise MatchError(
            f"{seat} is the shooter: only the opponent asks for a call (RULES 8B-2, GEN-8)", "call-request-by-shooter"
        )
    if state.break_next:
        raise MatchError(
            "no call is asked for on a break (RULES GEN-8: none on an eight-ball break; 14.1-6)",
            "call-request-on-break",
        )
    if state.call_requested:
        raise MatchError(f"{seat} has already asked for a call on this shot", "call-request-again")
    if state.options.calls == "none":
        raise MatchError(
            'this match is played without calls (call mode "none"): there is no call to ask for',
            "call-request-no-calls",
        )
    return replace(state, call_requested=True)


def _amend(state: MatchState, action: AmendShot) -> Step:
    """GEN-14: re-rule the last shot with corrected facts, from the state just before it."""
    if not state.scorekeeper:
        raise MatchError("this match simulates its shots: their facts come from the simulator and cannot be amended")
    if state.shots == 0:
        raise MatchError("there is no shot to amend yet", "amend-none")
    if action.number != state.shots:
        raise MatchError(
            f"shot {action.number}'s ruling is final: shot {state.shots} has been recorded since (RULES GEN-14)"
            if action.number < state.shots
            else f"there is no shot {action.number} yet; the last shot is {state.shots}",
            "amend-final" if action.number < state.shots else None,
            number=action.number,
            last=state.shots,
        )
    assert state.pre_shot is not None
    return _enter(state.pre_shot, action.shot)


# ------------------------------------------------------------------ the cue ball and the shot
def _place(state: MatchState, action: PlaceCueBall) -> MatchState:
    assert state.layout is not None
    kitchen = state.ball_in_hand == "kitchen"
    try:
        layout = racking.place_cue_ball(state.layout, (action.x, action.y), kitchen=kitchen)
    except ValueError as exc:
        outside = kitchen and not racking.behind_head_string(state.table, (action.x, action.y))
        raise MatchError(str(exc), "placement-kitchen" if outside else "placement") from None
    return replace(state, layout=layout, phase="shoot")


def _check_call(state: MatchState, call: object) -> None:
    if state.break_next and call == SAFETY:
        raise MatchError("a break is not a safety: call a ball and pocket, or nothing", "break-safety")
    if state.break_next and state.game == "eight-ball" and call is not None:
        raise MatchError(
            "the eight-ball break is not a called shot (RULES 8B-2): shoot it without a call", "break-called"
        )
    if isinstance(call, Call) and state.options.calls == "none":
        raise MatchError(
            'this match is played without calls (call mode "none"): shoot without one, or call a safety', "no-calls"
        )
    if isinstance(call, Call) and call.ball not in state.on_table:
        raise MatchError(f"ball {call.ball} is not on the table and cannot be called", "call-off-table", ball=call.ball)
    if call is None and state.options.explicit_calls and not state.break_next:
        raise MatchError("explicit calls are required (CFG-6): call a ball and pocket, or a safety", "call-required")


def _referee(state: MatchState, situation: Situation, shot: Shot) -> Ruling:
    try:
        return REFEREES[state.game](state.options, situation, shot)
    except RefereeError as exc:
        raise MatchError(f"the referee cannot rule on this shot: {exc}") from None


def _shoot(state: MatchState, action: Shoot, params: PhysicsParams | None, pre: Presimulated | None) -> Step:
    assert state.layout is not None
    _check_call(state, action.call)
    situation = situation_for(state)
    straight_pool = state.game == "straight-pool"
    result: ShotResult | None = None
    if pre is not None and pre.stroke == action.stroke and pre.outcomes.initial(pre.k) == state.layout:
        shot = facts.outcome_facts(pre.outcomes, pre.k, action.call, state.ball_in_hand, straight_pool, action.stroke)
        final, duration = pre.outcomes.final(pre.k), float(pre.outcomes.duration[pre.k])
    else:
        try:
            result = simulate(state.layout, action.stroke, table=state.table, params=params)
        except ValueError as exc:
            raise MatchError(f"the simulator cannot play this shot: {exc}") from None
        shot = facts.shot_facts(result, action.call, state.ball_in_hand, straight_pool, action.stroke)
        final, duration = result.final, result.duration
    shot = replace(shot, call_requested=state.call_requested)
    ruling = _referee(state, situation, shot)
    record = ShotRecord(
        state.shots + 1, state.shooter, situation, shot, ruling, state.layout, action.stroke, final, duration
    )
    return Step(after_shot(state, record), record, result=result)


def _enter(state: MatchState, shot: Shot) -> Step:
    _check_call(state, shot.call)
    situation = situation_for(state)
    try:
        shot = shot_from_dict(shot_to_dict(shot), situation)
    except RefereeError as exc:
        raise MatchError(f"these facts contradict the table: {exc}", "facts-contradict") from None
    if state.call_requested:  # the match heard the request (GEN-8) even if the facts leave it out
        shot = replace(shot, call_requested=True)
    ruling = _referee(state, situation, shot)
    record = ShotRecord(state.shots + 1, state.shooter, situation, shot, ruling)
    return Step(after_shot(state, record), record)
