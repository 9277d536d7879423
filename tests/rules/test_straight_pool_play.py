"""Ordinary 14.1 shots: calls, scoring, safeties, fouls and their penalties (RULES.md 14.1-5 ... 14.1-12)."""

from __future__ import annotations

import pytest
from sp_builders import MISS, SCRATCH, after, call, kitchen, ruled, shot, situation

from poolhall.rules.model import RefereeError
from poolhall.rules.straight_pool import stalemate

# ---------------------------------------------------------------- calls and scoring


def test_14_1_5_every_ball_on_a_legal_called_shot_scores() -> None:
    """14.1-5, 14.1-7.1: the called 3 and two more balls drop: +3, the shooter continues."""
    facts = shot(call(3, "foot-right"), [3], [], [(3, "foot-right"), (9, "side-left"), (12, "head-left")])
    ruling = ruled(situation(score=(20, 14)), facts)
    assert ruling.points == {"A": 3, "B": 0}
    assert ruling.next_shooter == "A" and ruling.turn_continues
    assert ruling.spot == () and not ruling.game_over


def test_14_1_7_1_c1_nominated_ball_in_another_pocket_scores_nothing() -> None:
    """14.1-7.1-C1, 14.1-8: the 3 drops in the wrong pocket: spotted, no foul, inning ends."""
    ruling = ruled(situation(), shot(call(3, "foot-right"), [3], [], [(3, "foot-left")]))
    assert not ruling.foul and ruling.points == {"A": 0, "B": 0}
    assert ruling.spot == (3,) and ruling.next_shooter == "B"


def test_14_1_8_illegally_pocketed_balls_are_spotted_in_ascending_order() -> None:
    """14.1-8, GEN-11: 12 then 3 drop on a miss: spotted as (3, 12)."""
    ruling = ruled(situation(), shot(call(5, "side-left"), [5], [(5, "left")], [(12, "foot-left"), (3, "head-left")]))
    assert ruling.spot == (3, 12)


def test_gen_8_implied_call_scores_a_direct_shot() -> None:
    """GEN-8, CFG-6 off: no call, the first ball drops direct: it counts as nominated."""
    ruling = ruled(situation(), shot(None, [4], [], [(4, "side-right", True)]))
    assert ruling.points == {"A": 1, "B": 0} and ruling.turn_continues
    assert "GEN-8" in ruling.rules


@pytest.mark.parametrize(
    ("facts", "options"),
    [
        (shot(None, [4], [], [(4, "side-right", True)]), {"explicit_calls": True}),
        (shot(None, [4], [], [(4, "side-right", True)], call_requested=True), {}),
        (shot(None, [4], [(4, "right")], [(4, "side-right", False)]), {}),
        (shot(None, [4, 5], [], [(4, "side-right", True)]), {}),
    ],
    ids=["CFG-6-explicit", "call-requested", "bank-not-direct", "split-first-contact"],
)
def test_gen_8_no_implied_call(facts: object, options: dict[str, object]) -> None:
    """GEN-8, CFG-6, GEN-10: no implied call: the ball is spotted and the inning ends, without a foul."""
    ruling = ruled(situation(), facts, **options)  # type: ignore[arg-type]
    assert not ruling.foul and ruling.points == {"A": 0, "B": 0}
    assert ruling.spot == (4,) and ruling.next_shooter == "B"
    assert "GEN-8" in ruling.rules


def test_14_1_7_1_miss_meeting_gen_7_is_no_foul_and_clears_the_record() -> None:
    """14.1-7.1, 14.1-12-C1: a miss that meets GEN-7 ends the inning without a foul and clears the record."""
    ruling = ruled(situation(fouls=(2, 1)), MISS)
    assert not ruling.foul and ruling.fouls_in_a_row == {"A": 0, "B": 1}
    assert "14.1-12-C1" in ruling.rules


def test_14_1_5_game_ends_at_the_target_even_mid_rack() -> None:
    """14.1-1, 14.1-5, CFG-7: 23 + 2 reaches a target of 25: game over, no re-rack though one ball is left."""
    facts = shot(
        call(2, "foot-left"), [2], [], [(2, "foot-left"), (6, "side-right")], after=after("elsewhere", "in-rack")
    )
    ruling = ruled(situation([2, 6, 11], score=(23, 3)), facts, points_to_win=25)
    assert ruling.game_over and ruling.winner == "A"
    assert ruling.next_shooter == "A" and not ruling.turn_continues
    assert ruling.rerack is None and ruling.move == {}
    assert ruling.points == {"A": 2, "B": 0}


def test_14_1_5_below_the_target_the_game_goes_on() -> None:
    """14.1-5, CFG-7: 22 + 2 < 25: no game over."""
    ruling = ruled(
        situation(score=(22, 3)),
        shot(call(2, "foot-left"), [2], [], [(2, "foot-left"), (6, "side-right")]),
        points_to_win=25,
    )
    assert not ruling.game_over and ruling.winner is None


def test_14_1_5_scores_may_be_negative() -> None:
    """14.1-5: a player at -3 fouls again: the ruling just says -1."""
    ruling = ruled(situation(score=(-3, 0)), shot(call(3, "foot-left"), [3], []))
    assert ruling.points == {"A": -1, "B": 0}


def test_14_1_5_a_finished_game_cannot_be_ruled() -> None:
    """14.1-5, GEN-15: a score already at the target is rejected."""
    with pytest.raises(RefereeError):
        ruled(situation(score=(150, 3)), MISS)


# ---------------------------------------------------------------- safety


def test_14_1_7_4_safety_spots_pocketed_balls_and_clears_the_record() -> None:
    """14.1-7.4, 14.1-8, S-40: a legal safety pockets the 7: spotted, no point, record 0."""
    ruling = ruled(situation(fouls=(1, 0)), shot("safety", [7], [], [(7, "side-right")]))
    assert not ruling.foul and ruling.spot == (7,)
    assert ruling.points == {"A": 0, "B": 0} and ruling.fouls_in_a_row == {"A": 0, "B": 0}
    assert ruling.next_shooter == "B" and "14.1-7.4" in ruling.rules


def test_14_1_7_4_c1_a_declared_safety_that_fouls_is_a_foul() -> None:
    """14.1-7.4-C1: a safety with no rail after contact is GEN-F5."""
    ruling = ruled(situation(), shot("safety", [7], []))
    assert ruling.foul and ruling.fouls == ("GEN-F5",)
    assert ruling.points == {"A": -1, "B": 0}


# ---------------------------------------------------------------- fouls


def test_14_1_11_standard_foul_cue_ball_where_it_lies() -> None:
    """14.1-11, GEN-F5, 14.1-7.2-C1, S-39: -1, record 1, B plays the cue ball where it lies."""
    ruling = ruled(situation(score=(22, 0)), shot(call(5, "foot-left"), [5], []))
    assert ruling.foul and ruling.fouls == ("GEN-F5",)
    assert ruling.points == {"A": -1, "B": 0} and ruling.fouls_in_a_row == {"A": 1, "B": 0}
    assert ruling.ball_in_hand is None and ruling.next_shooter == "B"
    assert "14.1-7.2-C1" in ruling.rules


@pytest.mark.parametrize("where", ["pocketed", "off-table"])
def test_14_1_10_scratch_gives_cue_ball_in_hand_behind_the_head_string(where: str) -> None:
    """14.1-10, GEN-4: a pocketed cue ball and one driven off the table are both scratches."""
    facts = SCRATCH if where == "pocketed" else shot(call(3, "foot-left"), [3], [(3, "foot")], off_table=(0,))
    ruling = ruled(situation(), facts)
    assert ruling.ball_in_hand == "kitchen" and ruling.points == {"A": -1, "B": 0}
    assert "14.1-10" in ruling.rules


def test_14_1_10_called_ball_made_with_scratch_is_spotted() -> None:
    """14.1-10, 14.1-8, S-49: the made 3 does not count and is spotted."""
    ruling = ruled(situation(), shot(call(3, "foot-left"), [3], [], [(3, "foot-left")], off_table=(0,)))
    assert ruling.spot == (3,) and ruling.points == {"A": -1, "B": 0}


def test_14_1_9_object_ball_off_the_table_is_a_spotted_foul() -> None:
    """14.1-9, GEN-F6, S-48: the ball leaves the table: foul, spotted with the pocketed ones."""
    ruling = ruled(situation(), shot(call(6, "side-right"), [6], [(6, "right")], [(9, "foot-left")], off_table=(6,)))
    assert "GEN-F6" in ruling.fouls and ruling.spot == (6, 9)
    assert ruling.ball_in_hand is None


def test_gen_9_kitchen_foul_in_straight_pool() -> None:
    """GEN-9, GEN-F7: in hand behind the head string, hitting a ball behind it directly is a foul."""
    facts = shot(call(4, "head-left"), [4], [(4, "head")], kitchen=kitchen(True, False))
    ruling = ruled(situation(ball_in_hand="kitchen"), facts)
    assert ruling.fouls == ("GEN-F7",)


def test_gen_6_frozen_ball_needs_a_rail_or_a_pocket() -> None:
    """GEN-6, GEN-F8: the 9 frozen to the left rail only goes along it: foul; with the cue ball to a rail: legal."""
    sit = situation(frozen={9: "left"})
    assert ruled(sit, shot("safety", [9], [(9, "left")])).fouls == ("GEN-F8",)
    assert not ruled(sit, shot("safety", [9], [(9, "left"), (0, "right")])).foul


@pytest.mark.parametrize(
    ("word", "code"),
    [("cue-ball-touched", "GEN-F9"), ("double-hit", "GEN-F10"), ("push-shot", "GEN-F11"), ("balls-moving", "GEN-F14")],
)
def test_gen_f_reported_fouls_cost_one_point(word: str, code: str) -> None:
    """GEN-F9 ... GEN-F15, 14.1-11: a reported infraction on a scoring shot is a foul; the ball is spotted."""
    ruling = ruled(situation(), shot(call(3, "foot-left"), [3], [], [(3, "foot-left")], reported=(word,)))
    assert ruling.fouls == (code,) and ruling.points == {"A": -1, "B": 0} and ruling.spot == (3,)


def test_gen_f_several_infractions_make_one_foul() -> None:
    """GEN-F: a scratch with a double hit is one foul, one point."""
    facts = shot(call(3, "foot-left"), [3], [(3, "foot")], [(0, "side-left")], reported=("double-hit",))
    ruling = ruled(situation(), facts)
    assert ruling.fouls == ("GEN-F1", "GEN-F10") and ruling.points == {"A": -1, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 1, "B": 0}


# ---------------------------------------------------------------- touching balls (GEN-13, CFG-1)


def test_gen_13_cue_ball_only_moved_object_ball_is_no_foul() -> None:
    """GEN-13, CFG-1 cue-ball-only: no foul; the shooter continues; B chooses to restore or leave."""
    facts = shot(call(3, "foot-left"), [3], [], [(3, "foot-left")], reported=("object-ball-moved",), moved=(9,))
    ruling = ruled(situation(), facts)
    assert not ruling.foul and ruling.points == {"A": 1, "B": 0}
    assert ruling.next_shooter == "A" and ruling.chooser == "B"
    assert set(ruling.options) == {"restore-balls", "leave-balls"}


def test_gen_13_moved_ball_is_put_back_when_another_choice_is_pending() -> None:
    """GEN-13, 14.1-7.5-C1: with the intentional-foul options pending, the moved ball is put back, no extra choice."""
    facts = shot(call(3, "foot-left"), [3], [(3, "foot")], reported=("object-ball-moved", "intentional"), moved=(9,))
    ruling = ruled(situation(), facts)
    assert set(ruling.options) == {"cue-ball-in-kitchen", "rerack-opponent-breaks"}
    assert "GEN-13" in ruling.rules


def test_gen_13_refereed_moved_object_ball_is_a_foul() -> None:
    """GEN-13, GEN-F12, CFG-1 refereed: a foul, -1, no choice (the ball is restored)."""
    facts = shot(call(3, "foot-left"), [3], [(3, "foot")], reported=("object-ball-moved",), moved=(9,))
    ruling = ruled(situation(), facts, touching="refereed")
    assert ruling.fouls == ("GEN-F12",) and ruling.points == {"A": -1, "B": 0}
    assert ruling.chooser is None and ruling.options == ()


# ---------------------------------------------------------------- intentional foul (14.1-7.5)


def test_14_1_7_5_intentional_foul_costs_sixteen_with_two_options() -> None:
    """14.1-7.5, 14.1-7.5-C1, S-41: -16, record 1, pocketed ball spotted, B chooses."""
    facts = shot(call(2, "foot-left"), [2], [], [(2, "foot-left")], reported=("intentional",))
    ruling = ruled(situation(score=(40, 31)), facts)
    assert ruling.fouls == ("GEN-F16",) and ruling.points == {"A": -16, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 1, "B": 0}
    assert ruling.chooser == "B" and set(ruling.options) == {"cue-ball-in-kitchen", "rerack-opponent-breaks"}
    assert ruling.spot == (2,) and ruling.ball_in_hand == "kitchen"


def test_14_1_7_5_c2_intentional_third_foul_costs_thirty_one() -> None:
    """14.1-7.5-C2, INC-16: on two fouls, an intentional foul is -16 -15 = -31 and 14.1-12 replaces the options."""
    ruling = ruled(situation(fouls=(2, 0)), shot(call(2, "foot-left"), [2], [(2, "foot")], reported=("intentional",)))
    assert ruling.points == {"A": -31, "B": 0}
    assert ruling.rerack == "full" and ruling.next_break == "A" and ruling.options == ()
    assert "14.1-7.5-C2" in ruling.rules


def test_cfg_10_intentional_foul_need_not_count_toward_three() -> None:
    """CFG-10 false: the intentional foul costs 16 but leaves the record as it was, even on two fouls."""
    facts = shot(call(2, "foot-left"), [2], [(2, "foot")], reported=("intentional",))
    ruling = ruled(situation(fouls=(2, 0)), facts, intentional_counts=False)
    assert ruling.points == {"A": -16, "B": 0} and ruling.fouls_in_a_row == {"A": 2, "B": 0}
    assert ruling.rerack is None


# ---------------------------------------------------------------- three consecutive fouls (14.1-12)


def test_14_1_12_c1_fouls_accumulate_one_per_shot() -> None:
    """14.1-12-C1, S-50: 0 -> 1 -> 2; the opponent's record is untouched."""
    assert ruled(situation(fouls=(0, 1)), shot(call(3, "foot-left"), [3])).fouls_in_a_row == {"A": 1, "B": 1}
    assert ruled(situation(fouls=(1, 1)), shot(call(3, "foot-left"), [])).fouls_in_a_row == {"A": 2, "B": 1}


def test_14_1_12_c3_third_foul_reracks_and_offender_breaks() -> None:
    """14.1-12, 14.1-12-C3, S-51: -1 -15, record 0, all 15 re-racked, offender breaks from the kitchen."""
    ruling = ruled(situation(score=(30, 45), fouls=(2, 1)), SCRATCH)
    assert ruling.points == {"A": -16, "B": 0} and ruling.fouls_in_a_row == {"A": 0, "B": 1}
    assert ruling.rerack == "full" and ruling.next_break == "A" and ruling.next_shooter == "A"
    assert ruling.ball_in_hand == "kitchen" and ruling.chooser is None and ruling.spot == ()


def test_cfg_8_choice_third_foul_lets_the_opponent_choose() -> None:
    """CFG-8 choice, 14.1-12-C3, INC-11: -16, record 0; B accepts (cue ball per 14.1-11) or has A break."""
    ruling = ruled(situation(fouls=(2, 0)), SCRATCH, three_foul_procedure="choice")
    assert ruling.points == {"A": -16, "B": 0} and ruling.fouls_in_a_row == {"A": 0, "B": 0}
    assert ruling.chooser == "B" and set(ruling.options) == {"accept-table", "rerack-opponent-breaks"}
    assert ruling.ball_in_hand == "kitchen" and ruling.rerack is None and ruling.next_shooter == "B"
    quiet = ruled(situation(fouls=(2, 0)), shot(call(3, "foot-left"), [3]), three_foul_procedure="choice")
    assert quiet.ball_in_hand is None
    dropped = shot(call(3, "foot-left"), [3], [], [(3, "foot-left"), (0, "side-left")])
    accepted = ruled(situation(fouls=(2, 0)), dropped, three_foul_procedure="choice")
    assert accepted.spot == (3,) and "14.1-8" in accepted.rules


def test_14_1_12_c2_incoming_player_on_two_fouls_is_warned() -> None:
    """14.1-12-C2: B's miss hands the table to A, who is on two fouls: the ruling warns him."""
    ruling = ruled(situation(fouls=(2, 0), shooter="B"), MISS)
    assert "14.1-12-C2" in ruling.rules and ("sp.warning", {"player": "A"}) in ruling.reason
    assert "14.1-12-C2" not in ruled(situation(fouls=(1, 0), shooter="B"), MISS).rules


def test_14_1_12_c1_record_must_be_zero_to_two() -> None:
    """14.1-12-C1, GEN-15: a record of 3 cannot exist."""
    with pytest.raises(RefereeError):
        ruled(situation(fouls=(3, 0)), MISS)


# ---------------------------------------------------------------- stalemate (14.1-13)


def test_14_1_13_stalemate_reracks_and_clears_records() -> None:
    """14.1-13: full re-rack, lag again (no breaker named), scores stand, records and allowances cleared."""
    ruling = stalemate(situation(score=(40, 12), fouls=(1, 2), used={"A": {7: 1}, "B": {}}))
    assert ruling.rerack == "full" and ruling.next_break is None
    assert ruling.points == {"A": 0, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 0, "B": 0}
    assert ruling.near_rail_safeties == {"A": {}, "B": {}}
    assert not ruling.game_over and ruling.winner is None
    assert ruling.rules == ("14.1-13",)
