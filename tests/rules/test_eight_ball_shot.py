"""Eight-ball shots after the break, by RULES 8B-E and the rule each branch applies."""

from __future__ import annotations

import pytest
from eb_requests import IN_KITCHEN, call, cites, closed_request, kitchen_shot, open_request, pocketed, rails, rule

OPEN_TABLE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

# ------------------------------------------------------------------ the 8 (8B-20, 8B-1, 8B-19)


def test_win_8b_1_called_eight_in_called_pocket() -> None:
    """8B-1, 8B-14: on the 8, the 8 in the called pocket, no foul: the shooter wins."""
    ruling = rule(
        closed_request([8, 10], call=call(8, "foot-right"), first_contact=[8], pocketed=[pocketed(8, "foot-right")])
    )
    assert ruling["game_over"] is True and ruling["winner"] == "A" and ruling["foul"] is False
    assert cites(ruling, "8B-1")


def test_win_with_an_implied_call_gen_8() -> None:
    """GEN-8: an obvious (direct) shot on the 8 carries the implied call {8, that pocket}."""
    ruling = rule(closed_request([8, 10], first_contact=[8], pocketed=[pocketed(8, "side-left", direct=True)]))
    assert ruling["winner"] == "A"
    assert cites(ruling, "GEN-8")


def test_eight_and_last_group_ball_on_one_shot_loses_8b_20b() -> None:
    """8B-20b: the last solid and the 8 drop together: loss, even though the 7 was called and made."""
    ruling = rule(
        closed_request([7, 8, 10], call=call(7), first_contact=[7], pocketed=[pocketed(7), pocketed(8, "side-left")])
    )
    assert ruling["winner"] == "B" and cites(ruling, "8B-20b")


def test_eight_into_uncalled_pocket_loses_8b_20d() -> None:
    """8B-20d: on the 8, called foot-right, dropped in head-right."""
    ruling = rule(
        closed_request([8, 11], call=call(8, "foot-right"), first_contact=[8], pocketed=[pocketed(8, "head-right")])
    )
    assert ruling["winner"] == "B" and ruling["foul"] is False and cites(ruling, "8B-20d")


def test_eight_without_any_call_loses_8b_20_c2() -> None:
    """8B-20-C2: the 8 banked in with no call (so no implied call) loses."""
    ruling = rule(closed_request([8, 11], first_contact=[8], rail_contacts=rails(8), pocketed=[pocketed(8)]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20d")


def test_scratch_while_the_eight_drops_loses_8b_20a() -> None:
    """8B-20a: the 8 in the called pocket, then the cue ball drops."""
    ruling = rule(
        closed_request(
            [8, 9],
            call=call(8, "foot-right"),
            first_contact=[8],
            pocketed=[pocketed(8, "foot-right"), pocketed(0, "side-left")],
        )
    )
    assert ruling["winner"] == "B" and ruling["foul"] is True and ruling["fouls"] == ["GEN-F1"]
    assert cites(ruling, "8B-20a")


def test_foul_on_the_eight_without_pocketing_it_8b_19() -> None:
    """8B-19: on the 8, a scratch that leaves the 8 up is an ordinary foul: ball in hand, no loss."""
    ruling = rule(
        closed_request([8, 9], call=call(8), first_contact=[8], rail_contacts=rails(8), pocketed=[pocketed(0)])
    )
    assert ruling["game_over"] is False and ruling["foul"] is True
    assert ruling["next_shooter"] == "B" and ruling["ball_in_hand"] == "anywhere"
    assert cites(ruling, "8B-19")


def test_safety_declared_while_pocketing_the_eight_loses_8b_13_c2() -> None:
    """8B-13-C2, 8B-20d: the 8 pocketed on a declared safety loses."""
    ruling = rule(closed_request([8, 9], call="safety", first_contact=[8], pocketed=[pocketed(8)]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20d") and cites(ruling, "8B-13-C2")


def test_eight_off_the_table_loses_8b_20c() -> None:
    """8B-20c: the 8 driven off the table at any time."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[3], off_table=[8]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20c")


def test_eight_pocketed_before_its_time_loses_8b_20e() -> None:
    """8B-20e, 8B-16-C1: the 8 dropped by a combination while solids remain."""
    ruling = rule(
        closed_request(
            [2, 4, 8, 9], call=call(2, "foot-right"), first_contact=[2], pocketed=[pocketed(8, "side-right")]
        )
    )
    assert ruling["winner"] == "B" and cites(ruling, "8B-20e") and cites(ruling, "8B-16-C1")


def test_eight_pocketed_on_an_open_table_loses_8b_20e() -> None:
    """8B-10-C1, 8B-20e: 8 hit first on an open table and pocketed."""
    ruling = rule(open_request(OPEN_TABLE, first_contact=[8], pocketed=[pocketed(8, "side-left", direct=True)]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20e") and cites(ruling, "8B-10-C1")


# ------------------------------------------------------------------ fouls (8B-12, GEN-F*)


def test_no_contact_is_a_foul_gen_f3() -> None:
    """GEN-F3, 8B-12-C1: the cue ball touches nothing."""
    ruling = rule(closed_request([3, 8, 9], call=call(3)))
    assert ruling["fouls"] == ["GEN-F3"] and ruling["ball_in_hand"] == "anywhere"


def test_wrong_ball_first_gen_f4_8b_12_c1() -> None:
    """GEN-F4: A (solids) hits the 9 first."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[9], rail_contacts=rails(9)))
    assert ruling["fouls"] == ["GEN-F4"] and cites(ruling, "8B-12-C1")


def test_eight_first_in_a_combination_on_a_closed_table_8b_16() -> None:
    """8B-16: the 8 may not be the first ball of a combination on a closed table; the 2 stays down."""
    ruling = rule(closed_request([2, 4, 8, 9], call=call(2), first_contact=[8], pocketed=[pocketed(2)]))
    assert ruling["fouls"] == ["GEN-F4"] and cites(ruling, "8B-16")
    assert ruling["spot"] == [] and ruling["next_shooter"] == "B"


def test_split_first_contact_with_one_legal_ball_is_legal_gen_10() -> None:
    """GEN-10: the 3 and the 9 hit at the same instant: benefit of the doubt, no foul."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[3, 9], pocketed=[pocketed(3)]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "A"


def test_no_rail_after_contact_gen_f5() -> None:
    """GEN-F5, GEN-7: nothing pocketed and no ball to a rail after the contact."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[3]))
    assert ruling["fouls"] == ["GEN-F5"]


def test_no_rail_on_an_open_table_is_still_a_foul_8b_12_c2() -> None:
    """8B-12-C2 (INC-19): the open table waives only own-group-first, not the rail requirement."""
    ruling = rule(open_request(OPEN_TABLE, call=call(12, "side-left"), first_contact=[12]))
    assert ruling["fouls"] == ["GEN-F5"] and cites(ruling, "8B-12-C2")
    assert ruling["table_open"] is True


def test_cue_ball_rail_counts_after_contact_gen_7() -> None:
    """GEN-7: the cue ball reaching a rail after the contact satisfies the requirement."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[3], rail_contacts=rails(0)))
    assert ruling["foul"] is False and ruling["next_shooter"] == "B"


@pytest.mark.parametrize(("crossed", "fouls"), [(False, ["GEN-F7"]), (True, [])])
def test_kitchen_ball_needs_the_cue_ball_to_cross_first_gen_9(crossed: bool, fouls: list[str]) -> None:
    """GEN-9, GEN-F7: in hand behind the head string, a ball there may be hit only after crossing the string."""
    ruling = rule(closed_request([3, 8, 9], situation=IN_KITCHEN, **kitchen_shot(3, behind=True, crossed=crossed)))
    assert ruling["fouls"] == fouls
    assert ruling["ball_in_hand"] == ("anywhere" if fouls else None)


def test_frozen_ball_needs_a_rail_gen_6() -> None:
    """GEN-6, GEN-F8: first ball frozen to the right rail; only it touches that rail again."""
    request = closed_request(
        [3, 8, 9],
        situation={"frozen": {"3": "right"}},
        call=call(3),
        first_contact=[3],
        rail_contacts=rails(3, rail="right"),
    )
    assert rule(request)["fouls"] == ["GEN-F8"]
    request["shot"]["rail_contacts"].append({"ball": 0, "rail": "left"})
    assert rule(request)["foul"] is False


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("cue-ball-touched", "GEN-F9"),
        ("double-hit", "GEN-F10"),
        ("push-shot", "GEN-F11"),
        ("placement-touch", "GEN-F13"),
        ("balls-moving", "GEN-F14"),
        ("no-foot-on-floor", "GEN-F15"),
        ("intentional", "GEN-F16"),
    ],
)
def test_reported_infractions_are_fouls_gen_f(word: str, code: str) -> None:
    """GEN-F9 ... F16: each reported infraction on an otherwise legal pocket is a foul; the 3 stays down."""
    ruling = rule(closed_request([3, 8, 9], call=call(3), first_contact=[3], pocketed=[pocketed(3)], reported=[word]))
    assert ruling["fouls"] == [code] and ruling["next_shooter"] == "B" and ruling["ball_in_hand"] == "anywhere"


@pytest.mark.parametrize("technique", ["jump", "curve", "masse"])
def test_moved_ball_on_special_technique_is_a_foul_8b_5(technique: str) -> None:
    """8B-5, 8B-5-C1: cue-ball-fouls-only, a jump, curve or massé shot that moves another ball."""
    ruling = rule(
        closed_request(
            [3, 8, 9, 12],
            call=call(3),
            first_contact=[3],
            rail_contacts=rails(3),
            technique=technique,
            reported=["object-ball-moved"],
            moved=[12],
        )
    )
    assert ruling["fouls"] == ["GEN-F12"] and cites(ruling, "8B-5") and ruling["ball_in_hand"] == "anywhere"


def test_moved_ball_on_normal_shot_is_a_choice_gen_13() -> None:
    """GEN-13: cue-ball-fouls-only and a normal shot: no foul; the opponent chooses restore or leave."""
    ruling = rule(
        closed_request(
            [3, 8, 9, 14],
            call=call(3),
            first_contact=[3],
            rail_contacts=rails(3),
            reported=["object-ball-moved"],
            moved=[14],
        )
    )
    assert ruling["foul"] is False and ruling["chooser"] == "B"
    assert set(ruling["options"]) == {"restore-balls", "leave-balls"}


def test_moved_ball_refereed_is_a_foul_and_restored_cfg_1() -> None:
    """CFG-1 = refereed, GEN-13: a moved object ball is GEN-F12 and is put back, with no choice."""
    ruling = rule(
        closed_request(
            [3, 8, 9, 14],
            {"touching": "refereed"},
            call=call(3),
            first_contact=[3],
            rail_contacts=rails(3),
            reported=["object-ball-moved"],
            moved=[14],
        )
    )
    assert ruling["fouls"] == ["GEN-F12"] and ruling["options"] == [] and "put back" in ruling["reason"]


def test_jumped_balls_spotted_in_order_8b_18() -> None:
    """8B-18, GEN-11: balls off the table are spotted in ascending order after a foul."""
    ruling = rule(
        closed_request([1, 3, 8, 10], call=call(3), first_contact=[3], rail_contacts=rails(3), off_table=[10, 3])
    )
    assert ruling["spot"] == [3, 10] and ruling["fouls"] == ["GEN-F6"]


def test_jumped_balls_stay_out_with_cfg_4_off_8b_18_c1() -> None:
    """CFG-4 = false: no spotting after a jumped ball on an ordinary shot."""
    ruling = rule(
        closed_request([1, 3, 8, 10], {"spot_jumped_balls": False}, call=call(3), first_contact=[3], off_table=[10])
    )
    assert ruling["spot"] == [] and ruling["foul"] is True


def test_foul_keeps_groups_and_balls_down_8b_15_c1() -> None:
    """8B-15-C1: after a foul the groups stay, pocketed balls stay down, no spotting of pocketed balls."""
    ruling = rule(closed_request([3, 5, 8, 9], call=call(3), first_contact=[3], pocketed=[pocketed(3), pocketed(0)]))
    assert ruling["groups"] == {"A": "solids", "B": "stripes"} and ruling["table_open"] is False
    assert ruling["spot"] == []


@pytest.mark.parametrize(("before", "third"), [(2, True), (1, False), (0, False)])
def test_third_foul_in_a_row_is_an_ordinary_foul_8b_21(before: int, third: bool) -> None:
    """8B-21 note, 8B-21-C1: three consecutive fouls carry no penalty in eight-ball: ball in hand, no loss.

    The ruling cites 8B-21 only when the shooter's record (a straight-pool field sent anyway)
    makes this foul his third in a row; the outcome is the same either way.
    """
    ruling = rule(
        closed_request([3, 5, 8, 9], situation={"fouls_in_a_row": {"A": before}}, call=call(3), first_contact=[9])
    )
    assert ruling["foul"] is True and ruling["game_over"] is False and ruling["winner"] is None
    assert ruling["next_shooter"] == "B" and ruling["ball_in_hand"] == "anywhere"
    assert cites(ruling, "8B-21") is third
    assert ruling["fouls_in_a_row"] == {"A": 0, "B": 0}


# ------------------------------------------------------------------ no foul (8B-10, 8B-13, 8B-14, 8B-17)


def test_eight_first_on_open_table_is_no_foul_8b_10_c1() -> None:
    """8B-10-C1: no credit, inning ends, cue ball where it lies, table open."""
    ruling = rule(open_request(OPEN_TABLE, call=call(3), first_contact=[8], pocketed=[pocketed(3)]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "B" and ruling["ball_in_hand"] is None
    assert ruling["table_open"] is True and ruling["groups"] is None


def test_eight_first_on_open_table_is_a_foul_with_cfg_2() -> None:
    """CFG-2 = foul: GEN-F4, ball in hand anywhere, table still open."""
    ruling = rule(
        open_request(
            OPEN_TABLE, {"eight_first_open_table": "foul"}, call=call(3), first_contact=[8], pocketed=[pocketed(3)]
        )
    )
    assert ruling["fouls"] == ["GEN-F4"] and ruling["ball_in_hand"] == "anywhere" and ruling["table_open"] is True


def test_open_table_any_ball_first_sets_group_of_called_ball_8b_11_c1() -> None:
    """8B-10, 8B-11-C1: a solid hit first to pocket a called stripe gives the shooter the stripes."""
    ruling = rule(
        open_request(OPEN_TABLE, call=call(10, "side-right"), first_contact=[2], pocketed=[pocketed(10, "side-right")])
    )
    assert ruling["groups"] == {"A": "stripes", "B": "solids"} and ruling["table_open"] is False
    assert ruling["next_shooter"] == "A"


def test_safety_pocketing_own_ball_ends_inning_8b_13() -> None:
    """8B-13, 8B-17(3): a declared safety that pockets an own ball: legal, stays down, inning ends."""
    ruling = rule(closed_request([1, 4, 8, 9], call="safety", first_contact=[4], pocketed=[pocketed(4, "side-left")]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "B" and cites(ruling, "8B-13")


def test_safety_never_sets_groups_8b_11_c1() -> None:
    """8B-11-C1: no group is decided on a safety."""
    ruling = rule(open_request(OPEN_TABLE, call="safety", first_contact=[4], pocketed=[pocketed(4)]))
    assert ruling["table_open"] is True and ruling["groups"] is None


def test_called_ball_in_wrong_pocket_8b_17() -> None:
    """8B-17(2): the called 4 drops elsewhere: not credited, stays down, inning ends, no foul."""
    ruling = rule(
        closed_request([1, 4, 8, 9], call=call(4, "side-left"), first_contact=[4], pocketed=[pocketed(4, "foot-left")])
    )
    assert ruling["foul"] is False and ruling["next_shooter"] == "B" and cites(ruling, "8B-17(2)")


def test_opponents_ball_called_and_made_is_not_credited_8b_14() -> None:
    """8B-14, 8B-E 6c: a called ball must be of the shooter's group to count."""
    ruling = rule(closed_request([1, 8, 9], call=call(9), first_contact=[1], pocketed=[pocketed(9)]))
    assert ruling["foul"] is False and ruling["next_shooter"] == "B"


def test_last_group_ball_puts_shooter_on_the_eight_8b_11_c2() -> None:
    """8B-11-C2: pocketing the last solid legally: the shooter continues, now on the 8."""
    ruling = rule(closed_request([7, 8, 10], call=call(7), first_contact=[7], pocketed=[pocketed(7)]))
    assert ruling["next_shooter"] == "A" and cites(ruling, "8B-11-C2")


def test_implied_call_counts_without_a_call_gen_8() -> None:
    """GEN-8, 8B-2-C1: a direct pocket of the first ball hit is an implied call."""
    ruling = rule(closed_request([1, 6, 8, 9], first_contact=[6], pocketed=[pocketed(6, direct=True)]))
    assert ruling["next_shooter"] == "A" and cites(ruling, "GEN-8")


@pytest.mark.parametrize(
    ("options", "requested"), [({"explicit_calls": True}, False), ({}, True)], ids=["cfg-6", "call-requested"]
)
def test_no_implied_call_when_explicit_calls_needed_gen_8(options: dict[str, bool], requested: bool) -> None:
    """CFG-6 and a requested call (8B-2): a direct pocket without a nomination does not count."""
    ruling = rule(
        closed_request(
            [1, 6, 8, 9], options, call_requested=requested, first_contact=[6], pocketed=[pocketed(6, direct=True)]
        )
    )
    assert ruling["foul"] is False and ruling["next_shooter"] == "B"


def test_plain_miss_ends_the_inning_gen_3() -> None:
    """GEN-3: a legal miss ends the inning; the incoming player takes the table as it lies."""
    ruling = rule(closed_request([1, 8, 9], call=call(1), first_contact=[1], rail_contacts=rails(1)))
    assert ruling == ruling | {"foul": False, "next_shooter": "B", "turn_continues": False, "ball_in_hand": None}


# ---------------------------------------------------------------- citations a conformance case may ask for


def test_gen_10_split_first_contact_is_cited_when_it_decides() -> None:
    """GEN-10: a split first contact with one legal ball is legal and the ruling says so (GEN-10 cited)."""
    own_and_theirs = rule(closed_request([2, 4, 8, 10], call=call(2), first_contact=[2, 10], pocketed=[pocketed(2)]))
    assert own_and_theirs["foul"] is False and cites(own_and_theirs, "GEN-10")
    theirs_only = rule(closed_request([2, 4, 8, 10, 12], call=call(2), first_contact=[10, 12], rail_contacts=rails(10)))
    assert theirs_only["fouls"] == ["GEN-F4"] and not cites(theirs_only, "GEN-10")


def test_8b_17_sub_items_are_cited() -> None:
    """8B-17(1) foul, 8B-17(2) called ball elsewhere, 8B-17(3) safety: the ruling names the item that applied."""
    foul = rule(closed_request([1, 4, 8, 9], call=call(4), first_contact=[4], pocketed=[pocketed(4), pocketed(0)]))
    safety = rule(closed_request([1, 4, 8, 9], call="safety", first_contact=[4], pocketed=[pocketed(4)]))
    assert cites(foul, "8B-17(1)") and cites(safety, "8B-17(3)")


def test_gen_9_and_gen_2_cited_for_a_ball_on_the_head_string() -> None:
    """GEN-9, GEN-2: from the kitchen a ball whose base is on the head string may be played directly."""
    shot = kitchen_shot(14, behind=False, crossed=False, rail="head")
    ruling = rule(open_request([3, 8, 14], situation=IN_KITCHEN, **shot))
    assert ruling["foul"] is False and cites(ruling, "GEN-9") and cites(ruling, "GEN-2")


def test_cfg_6_and_cfg_2_cited_when_the_option_decides() -> None:
    """CFG-6: explicit calls leave a direct pocket uncredited; CFG-2: the 8 first on an open table is GEN-F4."""
    explicit = rule(
        closed_request([1, 6, 8, 9], {"explicit_calls": True}, first_contact=[6], pocketed=[pocketed(6, direct=True)])
    )
    eight_first = rule(
        open_request([1, 3, 8, 9], {"eight_first_open_table": "foul"}, first_contact=[8], rail_contacts=rails(8))
    )
    assert explicit["turn_continues"] is False and cites(explicit, "CFG-6")
    assert eight_first["fouls"] == ["GEN-F4"] and cites(eight_first, "CFG-2")


@pytest.mark.parametrize(
    ("request_", "step"),
    [
        (closed_request([8, 10], call=call(8), first_contact=[8], pocketed=[pocketed(8)]), "8B-E 4"),
        (closed_request([3, 8, 10], call=call(3), first_contact=[10], rail_contacts=rails(10)), "8B-E 5"),
        (open_request([3, 8, 10], call=call(3), first_contact=[8], rail_contacts=rails(8)), "8B-E 6a"),
        (closed_request([3, 8, 10], call="safety", first_contact=[3], rail_contacts=rails(3)), "8B-E 6b"),
        (closed_request([3, 8, 10], call=call(3), first_contact=[3], pocketed=[pocketed(3)]), "8B-E 6c"),
        (closed_request([3, 8, 10], call=call(3), first_contact=[3], rail_contacts=rails(3)), "8B-E 6d"),
    ],
)
def test_rulings_cite_the_8b_e_step_that_decided(request_: dict[str, object], step: str) -> None:
    """8B-E: a shot after the break cites the step of the evaluation order that decided it (S-19 cites "8B-E 4")."""
    ruling = rule(request_)
    assert [r for r in ruling["rules"] if r.startswith("8B-E")] == [step]
