"""``Match``: one eight-ball or straight-pool match between seats A and B, driven action by action.

A ``Match`` wraps the pure state machine (``transitions.step``) with what a
driver needs: the current ``view()`` for a seat, ``apply(seat, action)``
(refused with ``MatchError``, state unchanged), the log of every action with
its time and every shot's record, and ``play(players)`` which asks the seat
whose turn it is until the match ends. A server calls ``apply`` with the
actions its sockets receive; an AI is a ``Player`` whose ``act`` returns one.

Time: by default an action's time is the table clock (seconds of simulated
play so far), so a seeded match writes the same record twice; a server passes
``clock=time.time`` to stamp wall-clock times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from poolhall.equipment import POCKETS, PhysicsParams, TableSpec
from poolhall.game import position as positions
from poolhall.game import transitions
from poolhall.game.actions import LAG_CHOICES, Action, MatchError
from poolhall.game.execution import Execution, executed, execution_of
from poolhall.game.state import GAMES, Game, MatchState, derived_seed
from poolhall.game.transitions import ShotRecord
from poolhall.game.view import Asked, MatchView, Player
from poolhall.layout import Layout
from poolhall.physics import ShotResult
from poolhall.rules import text
from poolhall.rules.model import Options
from poolhall.rules.model import Player as Seat

#: Actions a match takes before ``play`` gives up (a guard against players that never finish).
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class LoggedAction:
    """An action in the match log: who, what, and when (see the module docstring for the clock)."""

    seat: Seat
    action: Action
    time: float


class Match:
    """A match: ``Match("eight-ball", Options(race_to=3), seed=7)``; then ``play`` or ``apply``."""

    def __init__(
        self,
        game: Game,
        options: Options | None = None,
        *,
        table: TableSpec | None = None,
        seed: int = 0,
        scorekeeper: bool = False,
        lag_winner: Seat | None = None,
        params: PhysicsParams | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if game not in GAMES:
            raise MatchError(f"unknown game {game!r}; expected {' or '.join(GAMES)}")
        if lag_winner not in (None, "A", "B"):
            raise MatchError(f"lag winner {lag_winner!r}: expected A or B")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MatchError(f"seed {seed!r}: expected an integer")
        self.params = params
        self.lag_winner = lag_winner
        self.clock = clock
        self.state = transitions.start(
            game, options or Options(), table or TableSpec(), seed, scorekeeper=scorekeeper, lag=lag_winner
        )
        self.initial = self.state
        #: The position the match started from (``from_position``); None after a lag and a rack.
        self.position: positions.Position | None = None
        self.log: list[LoggedAction] = []
        self.shots: list[ShotRecord] = []
        #: The simulator's result of the last action when it was a simulated shot (else None): its
        #: trajectory, for a driver that animates it without simulating again. Not recorded.
        self.last_result: ShotResult | None = None

    @classmethod
    def from_position(
        cls,
        game: Game,
        layout: Layout | Iterable[int],
        *,
        shooter: Seat,
        ball_in_hand: Any = None,
        groups: Mapping[Seat, str] | None = None,
        scores: Mapping[Seat, int] | None = None,
        fouls_in_a_row: Mapping[Seat, int] | None = None,
        breaker: Seat | None = None,
        options: Options | None = None,
        seed: int = 0,
        params: PhysicsParams | None = None,
        clock: Callable[[], float] | None = None,
    ) -> Match:
        """A match that starts mid-game on a set table (practice drills, tests, ``PotPractice``).

        ``layout`` is a ``Layout`` (physics mode; the table is its table) or the
        object balls on the table (scorekeeper mode). ``shooter`` is to play,
        with the cue ball where it lies or in hand (``kitchen``/``anywhere``;
        the layout's cue ball is then lifted). ``groups`` closes an eight-ball
        table; ``scores`` and ``fouls_in_a_row`` are the 14.1 running totals;
        ``breaker`` broke this rack (default: the shooter). No break is
        pending and there is no lag. ``MatchError`` names a field the rules
        refuse; see ``game/position.py``.
        """
        if game not in GAMES:
            raise MatchError(f"unknown game {game!r}; expected {' or '.join(GAMES)}")
        chosen = options or Options()
        table_or_balls = layout if isinstance(layout, Layout) else frozenset(layout)
        start = positions.make(
            game, chosen, table_or_balls, shooter=shooter, ball_in_hand=ball_in_hand, groups=groups,
            scores=scores, fouls_in_a_row=fouls_in_a_row, breaker=breaker,
        )  # fmt: skip
        table = layout.table if isinstance(layout, Layout) else None
        match = cls(
            game, chosen, table=table, seed=seed, scorekeeper=start.layout is None, lag_winner=shooter, params=params,
            clock=clock,
        )  # fmt: skip
        match.state = match.initial = positions.start_at(match.state, start)
        match.position = start
        return match

    # ------------------------------------------------------------ acting
    def apply(
        self, seat: Seat, action: Action, execution: Execution | None = None,
        presimulated: transitions.Presimulated | None = None,
    ) -> ShotRecord | None:  # fmt: skip
        """Take ``seat``'s action; returns the shot's record when it was a shot. ``MatchError`` if refused.

        With ``execution`` (the seat's noise model, ``game/execution.py``) a
        stroke is played, and logged, as it comes off the cue. ``presimulated``:
        this shot's outcome from a batch (``transitions.Presimulated``; the
        stroke ``as_played`` gives), used instead of simulating it again.
        """
        stamp = self.clock() if self.clock else self.state.clock
        action = self.as_played(action, execution)
        done = transitions.step(self.state, seat, action, self.params, presimulated)
        self.state = done.state
        self.last_result = done.result
        self.log.append(LoggedAction(seat, action, stamp))
        if done.amended:
            self.shots[-1] = done.shot  # the re-ruled shot replaces the one it amends (GEN-14)
        elif done.shot is not None:
            self.shots.append(done.shot)
        return done.shot

    def as_played(self, action: Action, execution: Execution | None) -> Action:
        """``action`` as ``apply`` would play it now: a stroke through ``execution``, if any."""
        return executed(action, execution, self.state.seed, self.state.actions)

    def play(self, players: Mapping[Seat, Player], max_actions: int = MAX_ACTIONS) -> Seat | None:
        """Ask whoever must act until the match is over; returns the winner.

        A player's illegal action is not retried: ``MatchError`` propagates,
        naming the seat, so a faulty player is found, not hidden.
        """
        while not self.state.over:
            if len(self.log) >= max_actions:
                raise MatchError(f"the match did not finish within {max_actions} actions")
            seat = self.state.to_act
            action = players[seat].act(self.view())
            try:
                self.apply(seat, action, execution_of(players[seat]))
            except MatchError as exc:
                raise MatchError(f"player {seat} chose an illegal action {action!r}: {exc}") from None
        return self.state.winner

    # ------------------------------------------------------------ looking
    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> Seat | None:
        return self.state.winner

    def asked(self) -> Asked:
        """The question the match puts now, with its legal answers."""
        return asked_of(self.state)

    def view(self) -> MatchView:
        """The read-only picture a player decides from."""
        return view_of(self.state)


def asked_of(state: MatchState) -> Asked:
    if state.over:
        return Asked("nothing", None)
    may_propose = transitions.stalemate_allowed(state)
    if state.phase == "choose-breaker":
        return Asked("choose-breaker", state.to_act, options=LAG_CHOICES)
    if state.phase == "choose":
        decision = state.decisions[0]
        return Asked("choose", decision.chooser, options=decision.options, candidates=decision.candidates)
    if state.phase == "answer-stalemate":
        return Asked("answer-stalemate", state.to_act)
    no_calls = (state.break_next and state.game == "eight-ball") or state.options.calls == "none"
    requested = {"call_requested": state.call_requested, "may_request_call": transitions.call_request_allowed(state)}
    if state.phase == "place":
        return Asked(
            "place", state.to_act, area=state.ball_in_hand, break_shot=state.break_next,
            may_propose_stalemate=may_propose, **requested,
        )  # fmt: skip
    return Asked(
        "enter-shot" if state.scorekeeper else "shoot",
        state.to_act,
        area=state.ball_in_hand,
        break_shot=state.break_next,
        call_required=state.options.explicit_calls and not state.break_next,
        safety_allowed=not state.break_next,
        callable_balls=() if no_calls else tuple(sorted(state.on_table)),
        pockets=() if no_calls else POCKETS,
        may_propose_stalemate=may_propose,
        **requested,
    )


def view_of(state: MatchState) -> MatchView:
    ruling = state.last_ruling
    return MatchView(
        game=state.game,
        options=state.options,
        table=state.table,
        layout=state.layout,
        on_table=state.on_table,
        asked=asked_of(state),
        shooter=state.shooter,
        ball_in_hand=state.ball_in_hand,
        break_shot=state.break_next,
        table_open=state.table_open,
        groups=state.groups,
        score=dict(state.score),
        games_won=dict(state.games_won),
        game_number=state.game_number,
        breaker=state.breaker,
        fouls_in_a_row=dict(state.fouls_in_a_row),
        innings=dict(state.stats.innings),
        run=state.stats.run,
        high_run=dict(state.stats.high_run),
        last_ruling=ruling,
        last_reason="" if ruling is None else text.render(ruling.reason, "en"),
        shots=state.shots,
        over=state.over,
        winner=state.winner,
        seed=derived_seed(state.seed, "decision", state.actions),
        amendable_shot=state.shots if state.pre_shot is not None else None,
    )
