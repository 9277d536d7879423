"""What stands after a choice: the 14.1-7.7 offer once the incoming player answered (14.1-7.5-C1, 14.1-7.7).

``straight_pool.offers_after`` is the referee's answer to "after this choice,
what follows"; the match asks exactly what it returns (``game/choices.py``).
"""

from __future__ import annotations

import pytest
from sp_builders import after, call, ruled, shot, situation

from poolhall.rules.straight_pool import offers_after

#: An intentional foul (the 11 caught on its way to the head rail) with every object ball behind the head string.
INTENTIONAL = shot(
    call(11, "head-right"), [11], [(11, "head")], reported=("intentional",), after=after(behind=True, nearest=[13])
)


def test_14_1_7_5_c1_cue_ball_in_kitchen_then_14_1_7_7_offer_stands() -> None:
    """14.1-7.5-C1 "14.1-7.7 may then apply": with cue-ball-in-kitchen the spot-nearest-ball offer stands."""
    ruling = ruled(situation([4, 11, 13]), INTENTIONAL)
    assert offers_after(ruling, "cue-ball-in-kitchen") == ("spot-nearest-ball",)


def test_14_1_7_5_c1_rerack_ends_the_14_1_7_7_offer() -> None:
    """14.1-7.5-C1: all 15 racked for the offender's break, so 14.1-7.7 has no ball to move."""
    ruling = ruled(situation([4, 11, 13]), INTENTIONAL)
    assert offers_after(ruling, "rerack-opponent-breaks") == ()


def test_14_1_7_7_offer_taken_or_absent_leaves_nothing() -> None:
    """14.1-7.7: the offer itself answered leaves nothing; a ruling without the offer never grows one."""
    ruling = ruled(situation([4, 11, 13]), INTENTIONAL)
    assert offers_after(ruling, "spot-nearest-ball") == ()
    not_behind = shot(call(11, "head-right"), [11], [(11, "head")], reported=("intentional",), after=after())
    plain = ruled(situation([4, 11, 13]), not_behind)
    assert "spot-nearest-ball" not in plain.options
    assert offers_after(plain, "cue-ball-in-kitchen") == ()


@pytest.mark.parametrize(("scratch", "stands"), [(True, True), (False, False)])
def test_14_1_12_cfg8_accept_table_keeps_the_offer_only_with_the_cue_ball_in_hand(scratch: bool, stands: bool) -> None:
    """14.1-12 with CFG-8 choice, 14.1-10, 14.1-7.7: accepting the table keeps ball in hand only after a scratch."""
    drops = [(0, "side-left")] if scratch else []
    third = shot(call(4, "head-left"), (), [], drops, after=after(behind=True, nearest=[4]))
    ruling = ruled(situation([4, 11, 13], fouls=(2, 0)), third, three_foul_procedure="choice")
    assert ruling.options[:2] == ("accept-table", "rerack-opponent-breaks")
    assert ("spot-nearest-ball" in ruling.options) is stands
    assert offers_after(ruling, "accept-table") == (("spot-nearest-ball",) if stands else ())
