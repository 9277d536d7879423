"""The opponent's request for a call (RULES GEN-8, 8B-2) and amending the last shot (GEN-14)."""

from __future__ import annotations

import pytest

from poolhall.equipment import CUE, TableSpec
from poolhall.game import (
    AmendShot,
    Choose,
    EnterShot,
    Match,
    MatchError,
    RequestCall,
    Shoot,
    action_from_dict,
)
from poolhall.game.record import first_difference, from_dict, replay, to_dict
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Call

from .scripts import facts

GROUPS = {"A": "solids", "B": "stripes"}
#: A pots the 1 straight into the foot-left pocket without a call: an "obvious" shot.
DIRECT_POT = facts(first=[1], pocketed=[(1, "foot-left")])


def _eight_ball_keeper(balls: tuple[int, ...] = (1, 2, 8, 9, 10)) -> Match:
    return Match.from_position("eight-ball", balls, shooter="A", groups=GROUPS)  # type: ignore[arg-type]


# ------------------------------------------------------------------ GEN-8, 8B-2: the opponent asks for a call
def test_8b_2_without_a_request_an_obvious_pot_is_an_implied_call() -> None:
    """GEN-8 implied call, 8B-2-C1: the direct pot counts; A shoots again."""
    match = _eight_ball_keeper()
    assert match.view().asked.may_request_call and not match.view().asked.call_requested
    shot = match.apply("A", EnterShot(DIRECT_POT))
    assert shot is not None and shot.ruling.turn_continues and match.state.shooter == "A"


def test_8b_2_gen_8_after_a_request_no_call_is_implied() -> None:
    """GEN-8, 8B-2, 8B-17: B asked for a call; the same pot without one is ruled: no foul, the 1 stays down, B is up."""
    match = _eight_ball_keeper()
    match.apply("B", RequestCall())
    asked = match.view().asked
    assert asked.player == "A" and asked.call_requested and not asked.may_request_call
    shot = match.apply("A", EnterShot(DIRECT_POT))
    assert shot is not None and shot.facts.call_requested
    assert not shot.ruling.foul and not shot.ruling.turn_continues and shot.ruling.next_shooter == "B"
    assert 1 not in match.state.on_table
    assert not match.view().asked.call_requested  # the request was for that shot only


def test_gen_8_a_request_is_met_by_an_explicit_call() -> None:
    """GEN-8: after a request a nomination is needed, and it is enough: the called 1 in the called pocket."""
    match = _eight_ball_keeper()
    match.apply("B", RequestCall())
    called = facts(first=[1], pocketed=[(1, "foot-left")], call=Call(1, "foot-left"))
    shot = match.apply("A", EnterShot(called))
    assert shot is not None and shot.ruling.turn_continues


@pytest.mark.parametrize(
    ("setup", "seat", "reason"),
    [
        ("none", "A", "only the opponent"),
        ("asked", "B", "already asked"),
        ("break", "B", "on a break"),
    ],
)
def test_gen_8_requests_that_are_refused(setup: str, seat: str, reason: str) -> None:
    """8B-2: only the opponent asks, once per shot, and not for an eight-ball break (no call exists on it)."""
    if setup == "break":
        match = Match("eight-ball", scorekeeper=True, lag_winner="A")
        match.apply("A", Choose("break"))
    else:
        match = _eight_ball_keeper()
    if setup == "asked":
        match.apply("B", RequestCall())
    before = match.state
    with pytest.raises(MatchError, match=reason):
        match.apply(seat, RequestCall())  # type: ignore[arg-type]
    assert match.state is before


def test_gen_8_a_simulated_shot_carries_the_request_in_its_facts() -> None:
    """GEN-8 (physics mode): the match writes ``call_requested`` into the facts it derives from the simulator."""
    table = TableSpec()
    layout = Layout.from_positions({CUE: (table.length / 2, 0.6), 5: (table.length / 2, 0.25), 9: (2.2, 1.0)}, table)
    match = Match.from_position("straight-pool", layout, shooter="A")
    match.apply("B", RequestCall())
    shot = match.apply("A", Shoot(Stroke(1.5, -1.5707963267948966)))
    assert shot is not None and shot.facts.call_requested and shot.facts.pocketed_balls == (5,)
    assert not shot.ruling.turn_continues and shot.ruling.spot == (5,)  # 14.1-8: no valid call, spotted
    record = from_dict(to_dict(match))
    assert record.data["actions"][0]["action"] == {"type": "request-call"}
    assert first_difference(record) is None


# ------------------------------------------------------------------ GEN-14: amend the last shot, then it is final
def _fourteen_one_keeper() -> Match:
    return Match.from_position("straight-pool", [3, 4, 5, 6], shooter="A", scores={"A": 10, "B": 10})


MISS = facts(first=[3], rails=[(3, "foot")], call=Call(3, "foot-left"))
MADE = facts(first=[3], pocketed=[(3, "foot-left")], call=Call(3, "foot-left"))


def test_gen_14_the_last_shot_is_amended_and_re_ruled() -> None:
    """GEN-14: the 3 did drop after all; the amended facts are ruled again (14.1-5: A scores and shoots on)."""
    match = _fourteen_one_keeper()
    match.apply("A", EnterShot(MISS))
    assert match.state.shooter == "B" and match.view().amendable_shot == 1
    shot = match.apply("B", AmendShot(1, MADE))
    assert shot is not None and shot.number == 1 and shot.facts == MADE
    assert match.state.score == {"A": 11, "B": 10} and match.state.shooter == "A"
    assert len(match.shots) == 1 and match.shots[0] is shot
    assert [type(a.action).__name__ for a in match.log] == ["EnterShot", "AmendShot"]


def test_gen_14_amending_undoes_the_choices_made_since_the_shot() -> None:
    """GEN-14 with 14.1-6(c): a breaking foul, B accepted the table; amended to a legal break, the choice is gone."""
    match = Match("straight-pool", scorekeeper=True, lag_winner="A")
    match.apply("A", Choose("break"))
    foul = facts(first=[1], rails=[(0, "foot"), (7, "left")])
    match.apply("A", EnterShot(foul))
    match.apply("B", Choose("accept-table"))
    legal = facts(first=[1], rails=[(0, "foot"), (2, "foot"), (5, "left")])
    shot = match.apply("A", AmendShot(1, legal))
    assert shot is not None and not shot.ruling.foul and shot.ruling.chooser is None
    assert match.state.score == {"A": 0, "B": 0} and match.state.phase == "shoot" and match.state.shooter == "B"


def test_gen_14_once_the_next_shot_is_recorded_the_ruling_is_final() -> None:
    """GEN-14: shot 1 cannot be amended after shot 2; the refusal says why and changes nothing."""
    match = _fourteen_one_keeper()
    match.apply("A", EnterShot(MISS))
    match.apply("B", EnterShot(facts(first=[4], rails=[(4, "left")], call="safety")))
    before = match.state
    with pytest.raises(MatchError, match=r"shot 1's ruling is final: shot 2 has been recorded since \(RULES GEN-14\)"):
        match.apply("A", AmendShot(1, MADE))
    with pytest.raises(MatchError, match="no shot 3 yet"):
        match.apply("A", AmendShot(3, MADE))
    assert match.state is before and match.view().amendable_shot == 2


def test_gen_14_refused_before_any_shot_and_in_a_simulated_match() -> None:
    with pytest.raises(MatchError, match="no shot to amend"):
        _fourteen_one_keeper().apply("A", AmendShot(1, MADE))
    simulated = Match("eight-ball", lag_winner="A")
    with pytest.raises(MatchError, match="simulates its shots"):
        simulated.apply("A", AmendShot(1, MADE))
    assert simulated.view().amendable_shot is None


def test_gen_14_the_winning_shot_may_be_amended_too() -> None:
    """GEN-14, 8B-20d: the 8 went into another pocket than the one called: the game is A's loss, not A's win."""
    match = _eight_ball_keeper((8, 9))
    won = facts(first=[8], pocketed=[(8, "foot-left")], call=Call(8, "foot-left"))
    match.apply("A", EnterShot(won))
    assert match.over and match.winner == "A"
    wrong_pocket = facts(first=[8], pocketed=[(8, "foot-right")], call=Call(8, "foot-left"))
    shot = match.apply("B", AmendShot(1, wrong_pocket))
    assert shot is not None and shot.ruling.game_over and match.winner == "B"


def test_gen_14_amendments_replay_from_the_record() -> None:
    """The log keeps the shot as entered and its amendment; the replay re-rules both the same way."""
    match = _fourteen_one_keeper()
    match.apply("A", EnterShot(MISS))
    match.apply("A", AmendShot(1, MADE))
    match.apply("A", EnterShot(facts(first=[4], rails=[(4, "left")], call="safety")))
    data = to_dict(match)
    assert data["actions"][1]["action"]["type"] == "amend-shot" and data["actions"][1]["action"]["number"] == 1
    record = from_dict(data)
    assert replay(record).state == match.state and first_difference(record) is None


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"type": "amend-shot", "shot": {}}, "missing field 'number'"),
        ({"type": "amend-shot", "number": 0, "shot": {}}, "number"),
        ({"type": "request-call", "seat": "B"}, "unknown field"),
    ],
)
def test_malformed_new_actions_are_refused_with_the_field(raw: dict, reason: str) -> None:
    with pytest.raises(MatchError, match=reason):
        action_from_dict(raw)
