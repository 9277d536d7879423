"""The eight-ball break, row by row of RULES table 8B-B, with CFG-1, CFG-3 and CFG-4."""

from __future__ import annotations

from eb_requests import break_request, cites, pocketed, rails, rule

RERACKS = {"rerack-and-break", "rerack-opponent-breaks"}


def test_r1_eight_off_table_on_break_loses_by_default_8b_20c() -> None:
    """8B-B R1, 8B-20c, CFG-3 = loss: the breaker loses even with a ball pocketed."""
    ruling = rule(break_request(pocketed=[pocketed(10)], off_table=[8]))
    assert ruling["game_over"] is True and ruling["winner"] == "B"
    assert ruling["foul"] is True and "GEN-F6" in ruling["fouls"]
    assert cites(ruling, "8B-B R1") and cites(ruling, "8B-20c") and cites(ruling, "CFG-3")


def test_r1_eight_off_table_as_pocketed_goes_to_r3_cfg_3() -> None:
    """8B-B R1 with CFG-3 = as-pocketed: R3, the incoming player chooses; the 8 is spotted with jumped balls."""
    ruling = rule(
        break_request({"eight_off_table_on_break": "as-pocketed"}, pocketed=[pocketed(10)], off_table=[8, 12])
    )
    assert ruling["game_over"] is False and ruling["winner"] is None
    assert ruling["foul"] is True
    assert ruling["chooser"] == "B" and set(ruling["options"]) == {"spot-eight", "rerack-and-break"}
    assert ruling["ball_in_hand"] == "kitchen"
    assert ruling["spot"] == [8, 12]
    assert cites(ruling, "8B-B R3") and cites(ruling, "8B-9-C2")


def test_r2_eight_on_clean_break_breaker_chooses_8b_9() -> None:
    """8B-B R2, 8B-9-C1, 8B-9-C3: no loss; the breaker chooses spot-eight or rerack-and-break."""
    ruling = rule(break_request(pocketed=[pocketed(3), pocketed(8, "side-left")]))
    assert ruling["foul"] is False and ruling["game_over"] is False
    assert ruling["chooser"] == "A" and set(ruling["options"]) == {"spot-eight", "rerack-and-break"}
    assert ruling["next_shooter"] == "A" and ruling["ball_in_hand"] is None
    assert ruling["spot"] == [8]
    assert ruling["table_open"] is True and ruling["groups"] is None
    assert cites(ruling, "8B-B R2") and cites(ruling, "8B-9-C3")


def test_r3_eight_with_scratch_incoming_chooses_8b_9() -> None:
    """8B-B R3, 8B-9: the 8 and the cue ball drop: the incoming player chooses, cue ball in the kitchen."""
    ruling = rule(break_request(pocketed=[pocketed(8, "foot-right"), pocketed(0, "head-left")]))
    assert ruling["foul"] is True and ruling["fouls"] == ["GEN-F1"]
    assert ruling["game_over"] is False
    assert ruling["chooser"] == "B" and ruling["next_shooter"] == "B"
    assert set(ruling["options"]) == {"spot-eight", "rerack-and-break"}
    assert ruling["ball_in_hand"] == "kitchen"
    assert cites(ruling, "8B-B R3") and not cites(ruling, "8B-9-C2")


def test_r3_eight_with_a_non_scratch_foul_is_the_scratch_case_8b_9_c2() -> None:
    """8B-9-C2 (INC-23): a reported double hit while the 8 drops: as R3; jumped balls spotted with the 8."""
    ruling = rule(break_request(pocketed=[pocketed(8)], off_table=[2], reported=["double-hit"]))
    assert ruling["foul"] is True and ruling["fouls"] == ["GEN-F6", "GEN-F10"]
    assert ruling["chooser"] == "B" and set(ruling["options"]) == {"spot-eight", "rerack-and-break"}
    assert ruling["spot"] == [2, 8]
    assert cites(ruling, "8B-9-C2")


def test_r4_illegal_break_three_options_8b_6() -> None:
    """8B-B R4, 8B-6-C2: fewer than four balls to a rail, nothing pocketed: three options, no ball in hand."""
    ruling = rule(break_request(rail_contacts=rails(1, 9, 14, 14, 0)))
    assert ruling["foul"] is True and ruling["fouls"] == ["8B-6"]
    assert ruling["turn_continues"] is False and ruling["next_shooter"] == "B"
    assert ruling["chooser"] == "B"
    assert set(ruling["options"]) == {"accept-table", *RERACKS}
    assert ruling["ball_in_hand"] is None
    assert cites(ruling, "8B-B R4")


def test_r4_illegal_break_with_scratch_offers_the_kitchen_8b_6_c2() -> None:
    """8B-6-C2 (INC-21): with a scratch, cue-ball-in-kitchen replaces accept-table."""
    ruling = rule(break_request(rail_contacts=rails(1, 2), pocketed=[pocketed(0)]))
    assert set(ruling["options"]) == {"cue-ball-in-kitchen", *RERACKS}
    assert ruling["ball_in_hand"] == "kitchen"
    assert ruling["fouls"] == ["8B-6", "GEN-F1"]


def test_r4_illegal_break_with_jumped_ball_offers_both_ways_on_8b_6_c2() -> None:
    """8B-6-C2: an object ball off the table without a scratch: accept-table and cue-ball-in-kitchen; spotted."""
    ruling = rule(break_request(rail_contacts=rails(1, 2), off_table=[5]))
    assert set(ruling["options"]) == {"accept-table", "cue-ball-in-kitchen", *RERACKS}
    assert ruling["ball_in_hand"] is None
    assert ruling["spot"] == [5]


def test_four_distinct_balls_are_needed_8b_6_c1() -> None:
    """8B-6-C1: four contacts by three balls, or the cue ball's contacts, do not make a legal break."""
    ruling = rule(break_request(rail_contacts=rails(1, 1, 2, 3, 0)))
    assert ruling["fouls"] == ["8B-6"]
    legal = rule(break_request(rail_contacts=rails(1, 2, 3, 4)))
    assert legal["foul"] is False


def test_r5_legal_break_with_scratch_kitchen_8b_7() -> None:
    """8B-B R5, 8B-7: balls stay down, foul, incoming has cue ball in hand behind the head string."""
    ruling = rule(break_request(pocketed=[pocketed(2, "side-left"), pocketed(0, "foot-right")]))
    assert ruling["foul"] is True and ruling["fouls"] == ["GEN-F1"]
    assert ruling["next_shooter"] == "B" and ruling["ball_in_hand"] == "kitchen"
    assert ruling["chooser"] is None and ruling["options"] == []
    assert ruling["spot"] == [] and ruling["table_open"] is True
    assert cites(ruling, "8B-B R5") and cites(ruling, "GEN-9")


def test_r5_cue_ball_off_the_table_is_a_scratch_too_8b_7_c1() -> None:
    """8B-7-C1, GEN-4: the cue ball driven off the table on a legal break is GEN-F2 and R5."""
    ruling = rule(break_request(pocketed=[pocketed(2)], off_table=[0, 9]))
    assert ruling["fouls"] == ["GEN-F2", "GEN-F6"]
    assert ruling["ball_in_hand"] == "kitchen" and ruling["spot"] == [9]
    assert cites(ruling, "8B-B R5")


def test_r6_legal_break_with_jumped_ball_8b_8() -> None:
    """8B-B R6, 8B-8-C1: the 6 dropped, the 4 jumped: foul, inning ends, 4 spotted, two options."""
    ruling = rule(break_request(pocketed=[pocketed(6)], off_table=[4]))
    assert ruling["foul"] is True and ruling["turn_continues"] is False
    assert ruling["chooser"] == "B" and set(ruling["options"]) == {"accept-table", "cue-ball-in-kitchen"}
    assert ruling["spot"] == [4] and ruling["ball_in_hand"] is None
    assert cites(ruling, "8B-B R6")


def test_r6_other_foul_on_a_legal_break_8b_8_c1() -> None:
    """8B-8-C1 resolution: a reported foul on a legal break is handled as a jumped ball."""
    ruling = rule(break_request(pocketed=[pocketed(6)], reported=["push-shot"]))
    assert ruling["fouls"] == ["GEN-F11"]
    assert set(ruling["options"]) == {"accept-table", "cue-ball-in-kitchen"}


def test_r7_ball_pocketed_breaker_continues_8b_2_c2() -> None:
    """8B-B R7, 8B-2-C2, 8B-11: the breaker continues; the table stays open whatever dropped."""
    ruling = rule(break_request(pocketed=[pocketed(3), pocketed(11, "side-right")]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "A" and ruling["turn_continues"] is True
    assert ruling["table_open"] is True and ruling["groups"] is None
    assert cites(ruling, "8B-B R7")


def test_r8_legal_break_nothing_pocketed_8b_6() -> None:
    """8B-B R8: four balls to rails, nothing down: the incoming player takes the table as it lies."""
    ruling = rule(break_request(rail_contacts=rails(2, 5, 10, 13)))
    assert ruling["foul"] is False and ruling["next_shooter"] == "B"
    assert ruling["ball_in_hand"] is None and ruling["chooser"] is None
    assert cites(ruling, "8B-B R8")


def test_jumped_balls_not_spotted_with_cfg_4_off_8b_18_c1() -> None:
    """CFG-4 = false: jumped object balls stay out of play; the 8 is still spotted on spot-eight."""
    ruling = rule(break_request({"spot_jumped_balls": False}, pocketed=[pocketed(6)], off_table=[4]))
    assert ruling["spot"] == []
    assert cites(ruling, "CFG-4")
    eight = rule(break_request({"spot_jumped_balls": False}, pocketed=[pocketed(8)], off_table=[4]))
    assert eight["spot"] == [8]


def test_no_call_exists_on_a_break_8b_2() -> None:
    """8B-2: the break is not a called shot; a call sent with it changes nothing."""
    plain = rule(break_request(pocketed=[pocketed(3)]))
    called = rule(break_request(pocketed=[pocketed(3)], call={"ball": 5, "pocket": "side-left"}))
    assert plain == called


def test_moved_ball_on_a_normal_break_is_a_choice_gen_13() -> None:
    """GEN-13, CFG-1 default: a ball moved by the breaker is no foul; B chooses restore or leave."""
    ruling = rule(break_request(pocketed=[pocketed(3)], reported=["object-ball-moved"], moved=[9]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "A"
    assert ruling["chooser"] == "B" and set(ruling["options"]) == {"restore-balls", "leave-balls"}


def test_moved_ball_on_a_break_refereed_is_a_foul_cfg_1() -> None:
    """CFG-1 = refereed: a moved object ball is GEN-F12; on a legal break that is row R6."""
    ruling = rule(
        break_request({"touching": "refereed"}, pocketed=[pocketed(3)], reported=["object-ball-moved"], moved=[9])
    )
    assert ruling["fouls"] == ["GEN-F12"]
    assert set(ruling["options"]) == {"accept-table", "cue-ball-in-kitchen"}


def test_moved_ball_while_a_break_choice_is_pending_is_restored_gen_13() -> None:
    """GEN-13 resolution: with a break choice pending, moved balls are put back, not offered as a second choice."""
    ruling = rule(break_request(rail_contacts=rails(1), reported=["object-ball-moved"], moved=[9]))
    assert set(ruling["options"]) == {"accept-table", *RERACKS}
    assert "put back" in ruling["reason"]
