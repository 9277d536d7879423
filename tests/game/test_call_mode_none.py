"""The call mode ``calls: "none"`` in the match layer (poolhall's extension of CFG-6, docs/rules.md "Options").

Eight-ball without nominations: the match asks for no call, refuses one, lets
nobody request one, and the referee counts any own ball in any pocket. 14.1 is
a called game (14.1-7.1), so a 14.1 match refuses the mode before it starts.
"""

from __future__ import annotations

import pytest

from poolhall.ai.player import ComputerPlayer
from poolhall.game import EnterShot, Match, MatchError, RequestCall
from poolhall.game.simple_player import SimplePlayer
from poolhall.rules.model import SAFETY, Call, Options

from .scripts import facts

NO_CALLS = Options(calls="none")
GROUPS = {"A": "solids", "B": "stripes"}


def _keeper() -> Match:
    return Match.from_position("eight-ball", (1, 2, 8, 9, 10), shooter="A", groups=GROUPS, options=NO_CALLS)  # type: ignore[arg-type]


def test_cfg_6_none_the_match_asks_for_no_call_and_allows_no_request() -> None:
    asked = _keeper().view().asked
    assert asked.kind == "enter-shot" and asked.callable_balls == () and asked.pockets == ()
    assert not asked.call_required and asked.safety_allowed and not asked.may_request_call


def test_cfg_6_none_an_own_ball_in_any_pocket_counts_without_a_call() -> None:
    """A banked 1 (not an obvious shot) still counts: there are no calls to miss (8B-20 still governs the 8)."""
    match = _keeper()
    shot = match.apply("A", EnterShot(facts(first=[1], rails=[(1, "head")], pocketed=[(1, "side-right")])))
    assert shot is not None and shot.ruling.turn_continues and match.state.shooter == "A"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (EnterShot(facts(first=[1], pocketed=[(1, "foot-left")], call=Call(1, "foot-left"))), "without calls"),
        (RequestCall(), "no call to ask for"),
    ],
)
def test_cfg_6_none_a_call_or_a_request_is_refused_in_words(action: object, reason: str) -> None:
    match = _keeper()
    seat = "B" if isinstance(action, RequestCall) else "A"
    before = match.state
    with pytest.raises(MatchError, match=reason):
        match.apply(seat, action)  # type: ignore[arg-type]
    assert match.state is before


def test_cfg_6_none_a_safety_may_still_be_declared() -> None:
    """8B-13: a declared safety ends the inning even with an own ball down, calls or none."""
    match = _keeper()
    shot = match.apply("A", EnterShot(facts(first=[1], pocketed=[(1, "foot-left")], call=SAFETY)))
    assert shot is not None and not shot.ruling.foul and not shot.ruling.turn_continues


@pytest.mark.parametrize("start", ["new", "position"])
def test_14_1_7_1_straight_pool_refuses_the_mode_before_the_first_shot(start: str) -> None:
    with pytest.raises(MatchError, match=r"14\.1 is a called game"):
        if start == "new":
            Match("straight-pool", NO_CALLS)
        else:
            Match.from_position("straight-pool", (1, 2, 3), shooter="A", options=NO_CALLS)


@pytest.mark.slow
@pytest.mark.parametrize("player", [SimplePlayer, lambda: ComputerPlayer("beginner")])
def test_cfg_6_none_computer_players_finish_a_game_without_a_refused_action(player) -> None:  # type: ignore[no-untyped-def]
    """``Match.play`` raises on any refused action: the players shoot without calls here."""
    match = Match("eight-ball", NO_CALLS, seed=11)
    winner = match.play({"A": player(), "B": player()})
    assert winner in ("A", "B") and match.over
    assert all(not isinstance(shot.facts.call, Call) for shot in match.shots)
