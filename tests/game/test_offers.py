"""What the match asks after a choice: the referee decides which offers still stand (14.1-7.5-C1, 14.1-7.7)."""

from __future__ import annotations

from poolhall.game import Choose, EnterShot, Match
from poolhall.rules.model import AfterFacts, Call, Options

from .scripts import facts

#: Every object ball lies behind the head string after the shot; the 4 is nearest it.
ALL_BEHIND = AfterFacts(all_behind_head_string=True, nearest_to_head_string=(4,))
INTENTIONAL = facts(first=[3], rails=[(3, "head")], reported=("intentional",), after=ALL_BEHIND)


def _after_intentional_foul() -> Match:
    match = Match.from_position("straight-pool", [3, 4, 13], shooter="B")
    match.apply("B", EnterShot(INTENTIONAL))
    return match


def test_14_1_7_5_c1_cue_ball_in_kitchen_then_14_1_7_7_is_offered() -> None:
    """14.1-7.5-C1 ("14.1-7.7 may then apply"), 14.1-7.7: A takes the cue ball in hand, then is offered the move."""
    match = _after_intentional_foul()
    asked = match.view().asked
    assert (asked.kind, asked.player, set(asked.options)) == (
        "choose", "A", {"cue-ball-in-kitchen", "rerack-opponent-breaks"},
    )  # fmt: skip
    match.apply("A", Choose("cue-ball-in-kitchen"))
    asked = match.view().asked
    assert (asked.kind, asked.player, asked.options, asked.candidates) == (
        "choose", "A", ("spot-nearest-ball", "decline"), (4,),
    )  # fmt: skip
    match.apply("A", Choose("spot-nearest-ball"))
    assert match.state.phase == "shoot" and match.state.shooter == "A" and match.state.ball_in_hand == "kitchen"


def test_14_1_7_5_c1_rerack_leaves_no_14_1_7_7_offer() -> None:
    """14.1-7.5-C1: all 15 racked and the offender breaks; nothing is left to move to the foot spot."""
    match = _after_intentional_foul()
    match.apply("A", Choose("rerack-opponent-breaks"))
    assert match.state.phase == "shoot" and match.state.shooter == "B" and match.state.break_next


def test_14_1_12_cfg8_accept_table_after_a_scratch_keeps_the_cue_ball_in_hand() -> None:
    """14.1-12 (CFG-8 choice), 14.1-10: the third foul is a scratch; accepting the table keeps the cue ball in hand."""
    match = Match.from_position(
        "straight-pool", [3, 4, 13], shooter="B", fouls_in_a_row={"A": 0, "B": 2},
        options=Options(three_foul_procedure="choice"),
    )  # fmt: skip
    scratch = facts(first=[3], rails=[(3, "foot")], pocketed=[(0, "side-left")], call=Call(3, "foot-left"))
    match.apply("B", EnterShot(scratch))
    assert match.view().asked.options == ("accept-table", "rerack-opponent-breaks")
    match.apply("A", Choose("accept-table"))
    assert match.state.shooter == "A" and match.state.ball_in_hand == "kitchen"
