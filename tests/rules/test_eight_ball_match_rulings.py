"""The rulings the match layer asks for outside a shot: the rack check (8B-3-C1) and the stalemate (8B-21)."""

from __future__ import annotations

import pytest

from poolhall import racking
from poolhall.layout import Layout
from poolhall.rules.contract import ruling_to_json
from poolhall.rules.eight_ball import check_rack, stalemate
from poolhall.rules.model import RefereeError

#: Apex 1; row 2: 9, 2; row 3: 10, 8, 3; row 4: 11, 4, 12, 15; row 5: 13, 6, 14, 7, 5.
GOOD_RACK = [1, 9, 2, 10, 8, 3, 11, 4, 12, 15, 13, 6, 14, 7, 5]


def test_a_legal_rack_passes_8b_3_c1() -> None:
    check_rack(GOOD_RACK)


def _rejected_at(swap: tuple[int, int]) -> RefereeError:
    """The referee's objection to ``GOOD_RACK`` with the balls of two positions swapped."""
    rack = GOOD_RACK.copy()
    a, b = swap
    rack[a], rack[b] = rack[b], rack[a]
    with pytest.raises(RefereeError) as info:
        check_rack(rack)
    return info.value


def test_eight_not_in_the_middle_of_row_three_is_rejected_8b_3_c1() -> None:
    assert _rejected_at((4, 3)).field == "rack[4]"


def test_two_stripes_in_the_back_corners_is_rejected_s_02() -> None:
    """S-02, 8B-3-C1, GEN-15: back corners 13 and 15 are both stripes."""
    assert _rejected_at((9, 14)).field == "rack[10]"


@pytest.mark.parametrize("seed", range(4))
def test_the_rack_check_and_the_table_layers_check_agree_8b_3_c1(seed: int) -> None:
    """8B-3-C1: a rack description and the same rack laid on the table are judged by the same conditions."""
    order = racking.eight_ball_order(seed)
    check_rack(order)
    assert racking.eight_ball_rack_problems(racking.place_rack(Layout.from_positions({}), order)) == []
    order[0], order[4] = order[4], order[0]
    with pytest.raises(RefereeError) as info:
        check_rack(order)
    laid = racking.eight_ball_rack_problems(racking.place_rack(Layout.from_positions({}), order))
    assert laid == ["the 8 is not in the middle of the third row"]
    assert info.value.message == f"{laid[0]} (8B-3-C1)"


@pytest.mark.parametrize("rack", [GOOD_RACK[:14], [*GOOD_RACK[:14], 1], [0, *GOOD_RACK[1:]]])
def test_a_rack_must_hold_each_object_ball_once_8b_3(rack: list[int]) -> None:
    with pytest.raises(RefereeError):
        check_rack(rack)


def test_stalemate_no_winner_same_breaker_8b_21_c1() -> None:
    """S-30, 8B-21-C1, 8B-4-C1: no winner, full re-rack, the breaker of the game breaks the replay."""
    ruling = ruling_to_json(stalemate("B", {"A": 3, "B": 4}))
    assert ruling["game_over"] is True and ruling["winner"] is None
    assert ruling["rerack"] == "full" and ruling["next_break"] == "B" and ruling["next_shooter"] == "B"
    assert ruling["foul"] is False and "8B-21-C1" in ruling["rules"]
    assert ruling_to_json(stalemate("B", {"A": 3, "B": 3}), "pl")["reason"].startswith("Pat:")


def test_stalemate_needs_three_innings_each_8b_21_c1() -> None:
    with pytest.raises(RefereeError) as info:
        stalemate("A", {"A": 3, "B": 2})
    assert info.value.field == "innings.B"
