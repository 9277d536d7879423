"""The call-mode option ``calls`` (poolhall's extension of CFG-6, GEN-8): every shot, obvious-exempt, or none.

``obvious-exempt`` is the sheet's default (implied calls, GEN-8), ``every-shot``
is ``explicit_calls: true``; ``none`` is eight-ball without nominations: the
shooter's own ball in any pocket counts, the 8 in any pocket wins (8B-20d has
no called pocket), everything else of 8B-20 still applies.
"""

from __future__ import annotations

import pytest
from eb_requests import call, cites, closed_request, error, open_request, pocketed, rails, rule

from poolhall.rules import referee
from poolhall.rules.model import Options, RefereeError

NONE = {"calls": "none"}


# ------------------------------------------------------------------ the option itself (CFG-6)


def test_cfg_6_calls_default_is_obvious_exempt_and_explicit_calls_is_every_shot() -> None:
    """CFG-6: the default mode is implied calls; ``explicit_calls`` and ``calls: every-shot`` are one mode."""
    assert Options().calls == "obvious-exempt" and not Options().explicit_calls
    assert Options(explicit_calls=True).calls == "every-shot"
    assert Options(calls="every-shot").explicit_calls is True
    with pytest.raises(RefereeError) as raised:
        Options(explicit_calls=True, calls="none")
    assert raised.value.field == "options.calls"


@pytest.mark.parametrize(
    "options",
    [
        {"explicit_calls": True, "calls": "none"},
        {"explicit_calls": True, "calls": "obvious-exempt"},
        {"explicit_calls": False, "calls": "every-shot"},
    ],
)
def test_cfg_6_contradicting_call_options_are_an_error_on_options_calls(options: dict[str, object]) -> None:
    """CFG-6: ``explicit_calls`` and ``calls`` given together must say the same thing."""
    assert error(closed_request([3, 8, 10], options, first_contact=[3], rail_contacts=rails(3)))["field"] == (
        "options.calls"
    )


def test_cfg_6_agreeing_call_options_are_accepted() -> None:
    """CFG-6: ``explicit_calls: false`` with ``none`` agrees (no explicit calls), as does true with every-shot."""
    for options in ({"explicit_calls": False, "calls": "none"}, {"explicit_calls": True, "calls": "every-shot"}):
        rule(closed_request([3, 8, 10], options, first_contact=[3], rail_contacts=rails(3)))


def test_cfg_6_unknown_call_mode_is_an_error() -> None:
    """CFG-6: the mode is one of three words."""
    answer = error(closed_request([3, 8, 10], {"calls": "slop"}, first_contact=[3], rail_contacts=rails(3)))
    assert answer["field"] == "options.calls" and "every-shot" in answer["message"]


def test_14_1_7_1_straight_pool_refuses_calls_none() -> None:
    """14.1-7.1, GEN-8: straight pool is a called game, so ``calls: none`` is an error naming options.calls."""
    answer = referee(
        {
            "game": "straight-pool",
            "options": NONE,
            "situation": {"shooter": "A", "on_table": [1, 2, 3]},
            "shot": {"call": call(2), "first_contact": [2], "pocketed": [pocketed(2)]},
        }
    )
    assert answer["error"]["field"] == "options.calls"


def test_gen_8_every_shot_mode_leaves_an_obvious_pot_uncredited() -> None:
    """GEN-8, CFG-6: with ``calls: every-shot`` a direct pot without a nomination counts for nothing (8B-17-C1)."""
    request = closed_request(
        [3, 8, 10], {"calls": "every-shot"}, first_contact=[3], pocketed=[pocketed(3, direct=True)]
    )
    ruling = rule(request)
    assert ruling["next_shooter"] == "B" and not ruling["turn_continues"]
    assert cites(ruling, "CFG-6") and cites(ruling, "8B-17-C1")


# ------------------------------------------------------------------ calls: none (8B-14, 8B-11, 8B-20)


def test_8b_14_none_mode_own_ball_by_a_bank_counts() -> None:
    """8B-14, CFG-6 none: a banked solid with no call is a legal pot; A shoots again."""
    ruling = rule(closed_request([3, 8, 10], NONE, first_contact=[3], rail_contacts=rails(3), pocketed=[pocketed(3)]))
    assert ruling["next_shooter"] == "A" and ruling["turn_continues"] and not ruling["foul"]
    assert cites(ruling, "8B-14") and cites(ruling, "CFG-6") and cites(ruling, "GEN-8")
    assert "no calls are played" in ruling["reason"]


def test_8b_14_none_mode_ignores_a_nomination_sent_anyway() -> None:
    """CFG-6 none: the nomination (3 in head-right) is ignored; the 3 in foot-left counts."""
    request = closed_request(
        [3, 8, 10], NONE, call=call(3, "head-right"), first_contact=[3], pocketed=[pocketed(3, "foot-left")]
    )
    assert rule(request)["turn_continues"] is True


def test_8b_14_none_mode_ignores_a_call_request() -> None:
    """GEN-8, CFG-6 none: ``call_requested`` changes nothing: the pot still counts."""
    request = closed_request([3, 8, 10], NONE, call_requested=True, first_contact=[3], pocketed=[pocketed(3)])
    assert rule(request)["next_shooter"] == "A"


def test_8b_14_none_mode_only_the_opponents_ball_ends_the_inning() -> None:
    """8B-14, CFG-6 none: only a stripe dropped: no own ball, the inning ends, the stripe stays down."""
    ruling = rule(closed_request([3, 8, 10], NONE, first_contact=[3], rail_contacts=rails(3), pocketed=[pocketed(10)]))
    assert ruling["next_shooter"] == "B" and not ruling["foul"] and cites(ruling, "CFG-6")
    assert "no ball of his group" in ruling["reason"]


def test_8b_11_none_mode_open_table_group_from_the_first_ball_pocketed() -> None:
    """8B-11-C1, CFG-6 none: on an open table the first object ball in ``pocketed`` decides the groups."""
    request = open_request(
        [2, 8, 9, 12],
        NONE,
        first_contact=[9],
        rail_contacts=rails(9),
        pocketed=[pocketed(12), pocketed(2, "side-left")],
    )
    ruling = rule(request)
    assert ruling["turn_continues"] and ruling["groups"] == {"A": "stripes", "B": "solids"}
    assert cites(ruling, "8B-11-C1") and cites(ruling, "CFG-6")


def test_8b_10_none_mode_eight_first_on_an_open_table_still_credits_nothing() -> None:
    """8B-10-C1: hitting the 8 first on an open table credits nothing, with or without calls."""
    ruling = rule(open_request([2, 8, 9], NONE, first_contact=[8], rail_contacts=rails(8), pocketed=[pocketed(2)]))
    assert ruling["next_shooter"] == "B" and ruling["table_open"] and cites(ruling, "8B-10-C1")


def test_8b_13_none_mode_a_declared_safety_still_ends_the_inning() -> None:
    """8B-13, CFG-6 none: a safety with the shooter's own ball dropping ends the inning all the same."""
    ruling = rule(closed_request([3, 8, 10], NONE, call="safety", first_contact=[3], pocketed=[pocketed(3)]))
    assert ruling["next_shooter"] == "B" and cites(ruling, "8B-13")


def test_8b_20_none_mode_eight_in_any_pocket_wins() -> None:
    """8B-1, CFG-6 none: on the 8, the 8 banked into a pocket nobody called wins (8B-20d does not apply)."""
    ruling = rule(closed_request([8, 10], NONE, first_contact=[8], rail_contacts=rails(8), pocketed=[pocketed(8)]))
    assert ruling["game_over"] and ruling["winner"] == "A"
    assert cites(ruling, "CFG-6") and not cites(ruling, "8B-20d")


def test_8b_20d_none_mode_a_nomination_of_another_pocket_does_not_lose() -> None:
    """8B-20d, CFG-6 none: a nomination sent anyway is ignored, so the 8 elsewhere still wins."""
    request = closed_request(
        [8, 10], NONE, call=call(8, "head-right"), first_contact=[8], pocketed=[pocketed(8, "foot-left")]
    )
    assert rule(request)["winner"] == "A"


def test_8b_20a_none_mode_eight_with_a_scratch_loses() -> None:
    """8B-20a, CFG-6 none: the 8 in any pocket with a foul still loses."""
    request = closed_request([8, 10], NONE, first_contact=[8], pocketed=[pocketed(8), pocketed(0, "side-left")])
    ruling = rule(request)
    assert ruling["winner"] == "B" and cites(ruling, "8B-20a")


def test_8b_20b_none_mode_eight_with_the_last_group_ball_loses() -> None:
    """8B-20b, CFG-6 none: the last solid and the 8 on one shot lose."""
    request = closed_request([7, 8, 10], NONE, first_contact=[7], pocketed=[pocketed(7), pocketed(8, "side-left")])
    ruling = rule(request)
    assert ruling["winner"] == "B" and cites(ruling, "8B-20b")


def test_8b_20e_none_mode_eight_on_an_open_table_loses() -> None:
    """8B-20e, CFG-6 none: the 8 before it is the shooter's ball loses, without calls too."""
    ruling = rule(open_request([2, 8, 9], NONE, first_contact=[2], pocketed=[pocketed(2), pocketed(8, "side-left")]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20e")


def test_8b_20c_none_mode_eight_off_the_table_loses() -> None:
    """8B-20c, CFG-6 none: the 8 driven off the table loses."""
    ruling = rule(closed_request([8, 10], NONE, first_contact=[8], rail_contacts=rails(8), off_table=[8]))
    assert ruling["winner"] == "B" and cites(ruling, "8B-20c")


def test_8b_13_c2_none_mode_eight_on_a_declared_safety_loses() -> None:
    """8B-13-C2, 8B-17(3), CFG-6 none: the 8 dropped on a declared safety is illegally pocketed and loses."""
    request = closed_request([8, 10], NONE, call="safety", first_contact=[8], pocketed=[pocketed(8)])
    ruling = rule(request)
    assert ruling["winner"] == "B" and cites(ruling, "8B-13-C2")


def test_none_mode_reasons_in_polish() -> None:
    """GEN-8, CFG-6 none: the new reasons render in Polish too."""
    request = closed_request([8, 10], NONE, first_contact=[8], rail_contacts=rails(8), pocketed=[pocketed(8)])
    assert "gra bez deklaracji" in rule(request, "pl")["reason"]
