"""The 14.1 opening break, every branch of RULES.md 14.1-6 (a)-(h)."""

from __future__ import annotations

import pytest
from sp_builders import FULL, breaking, call, kitchen, ruled, shot, situation

from poolhall.rules.model import RefereeError

#: Cue ball and two object balls to a rail: requirement (b)(2).
RAILS_MET = [(0, "foot"), (3, "left"), (12, "right")]
#: Cue ball and one object ball only: requirement not met.
RAILS_SHORT = [(0, "foot"), (7, "right")]


def test_14_1_6a_opening_break_needs_all_fifteen_balls() -> None:
    """14.1-6(a), GEN-15: a break from anything but a full rack is rejected."""
    with pytest.raises(RefereeError) as err:
        ruled(situation(FULL - {5}, break_shot=True, ball_in_hand="kitchen"), shot(None, [1], RAILS_MET))
    assert err.value.field == "situation.on_table"


def test_14_1_6a_break_is_played_from_the_kitchen() -> None:
    """14.1-6(a), GEN-9: the break is from the kitchen, so GEN-F7 applies even if the caller left it out."""
    sit = situation(FULL, break_shot=True)
    facts = shot(None, [1], RAILS_MET, kitchen=kitchen(first_ball_behind=True, cue_crossed_first=False))
    ruling = ruled(sit, facts)
    assert ruling.foul and "GEN-F7" in ruling.fouls


def test_14_1_6b2_and_6f_cue_ball_and_two_object_balls_to_rails_is_legal() -> None:
    """14.1-6(b)(2), 14.1-6(f), S-34: legal, no points, inning ends, record cleared."""
    ruling = ruled(breaking(fouls=(1, 0)), shot(None, [1], RAILS_MET))
    assert not ruling.foul
    assert ruling.points == {"A": 0, "B": 0}
    assert ruling.next_shooter == "B" and not ruling.turn_continues
    assert ruling.fouls_in_a_row == {"A": 0, "B": 0}
    assert "14.1-6(f)" in ruling.rules


def test_14_1_6b2_pocketed_ball_counts_as_driven_to_a_rail() -> None:
    """14.1-6(b)(2), GEN-5: a pocketed object ball counts toward the two; unnominated it is spotted (f)."""
    ruling = ruled(breaking(), shot(None, [1], [(0, "foot"), (3, "left")], [(9, "side-left")]))
    assert not ruling.foul
    assert ruling.spot == (9,)
    assert ruling.points == {"A": 0, "B": 0}
    assert ruling.next_shooter == "B"


def test_14_1_6b2_scratch_counts_as_cue_ball_to_a_rail() -> None:
    """14.1-6(b)(2), GEN-5: a cue ball dropping counts as driven to a rail, so (e) applies, not (c)."""
    ruling = ruled(breaking(), shot(None, [1], [(3, "left"), (12, "right")], [(0, "head-right")]))
    assert ruling.points == {"A": -1, "B": 0}
    assert "14.1-6(c)" not in ruling.fouls


def test_14_1_6b2_object_balls_must_be_distinct() -> None:
    """14.1-6(b)(2): one ball touching two rails is one ball."""
    ruling = ruled(breaking(), shot(None, [1], [(0, "foot"), (7, "right"), (7, "foot")]))
    assert ruling.foul and "14.1-6(c)" in ruling.fouls


def test_14_1_6b1_nominated_ball_made_meets_the_requirement_and_scores() -> None:
    """14.1-6(b)(1), 14.1-6(f): nominated 1 in foot-right; every pocketed ball scores; breaker continues."""
    facts = shot(call(1, "foot-right"), [1], [], [(1, "foot-right"), (6, "side-left")])
    ruling = ruled(breaking(fouls=(2, 0)), facts)
    assert not ruling.foul
    assert ruling.points == {"A": 2, "B": 0}
    assert ruling.next_shooter == "A" and ruling.turn_continues
    assert ruling.fouls_in_a_row == {"A": 0, "B": 0}
    assert ruling.spot == ()


def test_14_1_6f_nominated_ball_missed_but_rails_met_spots_balls() -> None:
    """14.1-6(f): requirement met by rails, nomination missed: pocketed balls spotted, inning ends."""
    facts = shot(call(1, "foot-right"), [1], RAILS_MET, [(6, "side-left")])
    ruling = ruled(breaking(), facts)
    assert not ruling.foul and ruling.spot == (6,)
    assert ruling.points == {"A": 0, "B": 0} and ruling.next_shooter == "B"


def test_14_1_6b_nomination_on_the_break_is_never_implied() -> None:
    """14.1-6(b), GEN-8: a direct pocket without a nomination does not score on the break."""
    facts = shot(None, [1], RAILS_MET, [(1, "foot-right", True)])
    ruling = ruled(breaking(), facts)
    assert ruling.points == {"A": 0, "B": 0} and ruling.spot == (1,)


def test_14_1_6c_breaking_foul_costs_two_and_leaves_the_record() -> None:
    """14.1-6(c), S-35: -2; the record neither grows nor clears; B accepts or has A break again."""
    ruling = ruled(breaking(fouls=(1, 2), score=(-2, 5)), shot(None, [1], RAILS_SHORT))
    assert ruling.foul and ruling.fouls == ("14.1-6(c)",)
    assert ruling.points == {"A": -2, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 1, "B": 2}
    assert ruling.chooser == "B"
    assert set(ruling.options) == {"accept-table", "rerack-opponent-breaks"}
    assert ruling.ball_in_hand is None and ruling.next_shooter == "B"
    assert ruling.rerack is None


def test_14_1_6c_no_contact_on_the_break_is_a_breaking_foul() -> None:
    """14.1-6(b), 14.1-6(c), 14.1-6(d): missing the rack fails the requirement; GEN-F3 is absorbed."""
    ruling = ruled(breaking(), shot(None, []))
    assert ruling.fouls[0] == "14.1-6(c)" and "GEN-F3" in ruling.fouls
    assert ruling.points == {"A": -2, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 0, "B": 0}


def test_14_1_6c_breaking_foul_with_scratch_offers_cue_ball_in_kitchen() -> None:
    """14.1-6(c), 14.1-6(d), INC-22: with a scratch, cue-ball-in-kitchen replaces accept-table; still -2 only."""
    ruling = ruled(breaking(), shot(None, [1], [(7, "right")], [(0, "head-left")]))
    assert ruling.points == {"A": -2, "B": 0}
    assert set(ruling.options) == {"cue-ball-in-kitchen", "rerack-opponent-breaks"}
    assert ruling.ball_in_hand == "kitchen"
    assert "14.1-6(d)" in ruling.rules and "GEN-F1" in ruling.fouls
    assert ruling.fouls_in_a_row == {"A": 0, "B": 0}


def test_14_1_6d_breaking_foul_with_ball_off_the_table_spots_it() -> None:
    """14.1-6(d), 14.1-9: an object ball off the table on a failed break is spotted; one -2 penalty."""
    ruling = ruled(breaking(), shot(None, [1], RAILS_SHORT, off_table=(11,)))
    assert ruling.points == {"A": -2, "B": 0}
    assert ruling.spot == (11,)
    assert "GEN-F6" in ruling.fouls


def test_14_1_6e_requirement_met_with_scratch_is_a_standard_foul() -> None:
    """14.1-6(e), 14.1-10, S-36: -1, one foul on record, B in hand in the kitchen, balls as they lie."""
    facts = shot(None, [1], [(2, "left"), (9, "right"), (0, "foot")], [(0, "head-right")])
    ruling = ruled(breaking(), facts)
    assert ruling.points == {"A": -1, "B": 0}
    assert ruling.fouls_in_a_row == {"A": 1, "B": 0}
    assert ruling.ball_in_hand == "kitchen" and ruling.next_shooter == "B"
    assert ruling.chooser is None and ruling.spot == ()


def test_14_1_6e_requirement_met_with_ball_off_the_table() -> None:
    """14.1-6(e), 14.1-9, 14.1-11: -1, the ball is spotted, B takes the cue ball where it lies."""
    ruling = ruled(breaking(), shot(None, [1], RAILS_MET, off_table=(4,)))
    assert ruling.points == {"A": -1, "B": 0}
    assert ruling.spot == (4,) and ruling.ball_in_hand is None


def test_14_1_6e_foul_on_the_break_can_be_the_third() -> None:
    """14.1-6(e), 14.1-12: a breaker on two fouls (after 14.1-7.5's re-rack) who scratches loses 16 and re-breaks."""
    facts = shot(None, [1], [(2, "left"), (9, "right")], [(0, "head-right")])
    ruling = ruled(breaking(fouls=(2, 0)), facts)
    assert ruling.points == {"A": -16, "B": 0}
    assert ruling.rerack == "full" and ruling.next_break == "A"


def test_14_1_6g_nominated_ball_made_on_a_foul_meets_the_requirement() -> None:
    """14.1-6(g): nominated 1 made with a scratch: (e) applies; the 1 is spotted and nothing scores."""
    facts = shot(call(1, "foot-right"), [1], [], [(1, "foot-right"), (0, "side-left")])
    ruling = ruled(breaking(), facts)
    assert ruling.points == {"A": -1, "B": 0}
    assert ruling.spot == (1,)
    assert "14.1-6(g)" in ruling.rules and "14.1-6(c)" not in ruling.fouls


def test_14_1_6_intentional_foul_on_the_break_takes_the_heaviest_penalty() -> None:
    """14.1-6, 14.1-7.5, GEN-F: an intentional foul outweighs a breaking foul: -16 and 14.1-7.5's options."""
    ruling = ruled(breaking(), shot(None, [1], RAILS_SHORT, reported=("intentional",)))
    assert ruling.points == {"A": -16, "B": 0}
    assert set(ruling.options) == {"cue-ball-in-kitchen", "rerack-opponent-breaks"}


def test_14_1_6h_break_clears_near_rail_allowances() -> None:
    """14.1-6(h), 14.1-7.2-C2: every ball was just racked, so no allowance survives an opening break."""
    ruling = ruled(breaking(used={"A": {7: 1}, "B": {3: 2}}), shot(None, [1], RAILS_MET))
    assert ruling.near_rail_safeties == {"A": {}, "B": {}}


def test_14_1_6_break_with_cue_ball_anywhere_is_rejected() -> None:
    """14.1-6(a), GEN-15: 14.1 never gives the cue ball in hand anywhere."""
    with pytest.raises(RefereeError):
        ruled(situation(FULL, break_shot=True, ball_in_hand="anywhere"), shot(None, [1], RAILS_MET))


def test_14_1_6b1_and_6b2_cite_how_the_requirement_was_met() -> None:
    """14.1-6(b)(1) nominated ball made, 14.1-6(b)(2) cue ball and two object balls to rails: cited exactly."""
    nominated = ruled(breaking(), shot(call(5, "foot-left"), [1], [], [(5, "foot-left")]))
    rails = ruled(breaking(), shot(None, [1], RAILS_MET))
    assert "14.1-6(b)(1)" in nominated.rules and nominated.points == {"A": 1, "B": 0}
    assert "14.1-6(b)(2)" in rails.rules and "14.1-6(b)(1)" not in rails.rules
