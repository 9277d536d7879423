"""The near-cushion rule: RULES.md 14.1-7.2, 14.1-7.2-C2 (the allowance U(P, B)), GEN-6, CFG-9."""

from __future__ import annotations

from typing import Any

from sp_builders import MISS, ruled, shot, situation

from poolhall.rules.model import Player, Ruling, Shot

#: The 7 lies near the right rail.
NEAR = {7: "right"}
#: A near-rail safety on the 7: it only touches its near rail.
ALONG = shot("safety", [7], [(7, "right")])
#: The same first ball, but the cue ball then reaches a rail: GEN-6 met, not a near-rail safety.
ALONG_AND_CUE = shot("safety", [7], [(7, "right"), (0, "left")])


def _rule(
    record: int, used: dict[Player, dict[int, int]], facts: Shot = ALONG, shooter: Player = "A", **options: Any
) -> Ruling:
    """A shot by ``shooter`` on ``record`` fouls with allowances ``used``, the 7 near the right rail."""
    fouls = (record, 0) if shooter == "A" else (0, record)
    sit = situation(near_rail=NEAR, fouls=fouls, used=used, shooter=shooter)
    return ruled(sit, facts, **options)


def test_14_1_7_2_c2_clean_record_allows_two_safeties() -> None:
    """14.1-7.2-C2, S-52: U 0 -> 1 -> 2, then the 7 counts as frozen and GEN-6 fails: GEN-F8."""
    first = _rule(0, {})
    assert not first.foul and first.near_rail_safeties["A"] == {7: 1}
    second = _rule(0, {"A": {7: 1}})
    assert not second.foul and second.near_rail_safeties["A"] == {7: 2}
    third = _rule(0, {"A": {7: 2}})
    assert third.fouls == ("GEN-F8",) and third.points == {"A": -1, "B": 0}
    assert "14.1-7.2-C2" in third.rules


def test_14_1_7_2_c2_meeting_gen_6_resets_the_allowance() -> None:
    """14.1-7.2-C2, S-52 variant: with U = 2, a shot meeting GEN-6 is legal and U returns to 0."""
    ruling = _rule(0, {"A": {7: 2}}, ALONG_AND_CUE)
    assert not ruling.foul and ruling.near_rail_safeties["A"] == {}


def test_14_1_7_2_c2_one_foul_allows_one_safety() -> None:
    """14.1-7.2-C2, 14.1-7.2 note: on one foul, U starts at 2: one safety, then frozen."""
    first = _rule(1, {})
    assert not first.foul and first.near_rail_safeties["A"] == {7: 2}
    assert _rule(0, {"A": {7: 2}}).fouls == ("GEN-F8",)


def test_14_1_7_2_c2_two_fouls_allow_none() -> None:
    """14.1-7.2-C2, S-53: on two fouls the 7 is frozen at once; failing GEN-6 is the third foul."""
    ruling = _rule(2, {})
    assert ruling.fouls == ("GEN-F8",) and ruling.points == {"A": -16, "B": 0}
    assert ruling.rerack == "full" and ruling.next_break == "A"
    assert ruling.near_rail_safeties == {"A": {}, "B": {}}


def test_14_1_7_2_c2_fouls_during_a_chain_use_the_allowance() -> None:
    """14.1-7.2-C2: while U > 0 every foul by the player adds 1."""
    ruling = _rule(0, {"A": {7: 1}}, shot("safety", [3], []))
    assert ruling.foul and ruling.near_rail_safeties["A"] == {7: 2}


def test_14_1_7_2_c2_other_legal_shot_resets() -> None:
    """14.1-7.2-C2: a shot without a foul that is not a near-rail safety on the 7 resets U(A, 7)."""
    ruling = _rule(0, {"A": {7: 1}}, MISS)
    assert not ruling.foul and ruling.near_rail_safeties["A"] == {}


def test_14_1_7_2_c2_ball_no_longer_near_a_rail_resets() -> None:
    """14.1-7.2-C2: the 7 is not near a rail at the start of A's shot: U(A, 7) returns to 0, even on a foul."""
    sit = situation(near_rail={}, used={"A": {7: 1}})
    ruling = ruled(sit, shot("safety", [3], []))
    assert ruling.foul and ruling.near_rail_safeties["A"] == {}


def test_14_1_7_2_c2_pocketed_ball_resets_both_players() -> None:
    """14.1-7.2-C2: the 7 is pocketed (and spotted): both players' allowances on it return to 0."""
    facts = shot("safety", [7], [], [(7, "foot-right")])
    ruling = _rule(0, {"A": {7: 1}, "B": {7: 2, 3: 1}}, facts)
    assert ruling.near_rail_safeties == {"A": {}, "B": {3: 1}}


def test_14_1_7_2_c2_each_player_has_his_own_allowance() -> None:
    """14.1-7.2-C2: B's near-rail safety starts B's count and leaves A's as it was."""
    ruling = _rule(0, {"A": {7: 2}}, shooter="B")
    assert not ruling.foul
    assert ruling.near_rail_safeties == {"A": {7: 2}, "B": {7: 1}}


def test_14_1_7_2_c2_safety_need_not_be_declared() -> None:
    """14.1-7.2-C2: a called shot that only sends the 7 to its near rail is a near-rail safety too."""
    ruling = _rule(0, {}, shot(None, [7], [(7, "right")]))
    assert not ruling.foul and ruling.near_rail_safeties["A"] == {7: 1}


def test_cfg_9_strict_any_foul_on_record_uses_the_allowance() -> None:
    """CFG-9 strict (BCA 1990s): on one foul the 7 is frozen at once."""
    ruling = _rule(1, {}, near_rail_allowance="strict")
    assert ruling.fouls == ("GEN-F8",)
    assert not _rule(1, {}).foul  # the sheet rule allows one


def test_cfg_9_strict_foul_during_a_chain_uses_it_up() -> None:
    """CFG-9 strict: one safety made (U = 1), then a foul elsewhere: U jumps to 2 (used up)."""
    ruling = _rule(0, {"A": {7: 1}}, shot("safety", [3], []), near_rail_allowance="strict")
    assert ruling.near_rail_safeties["A"] == {7: 2}
    assert _rule(0, {"A": {7: 1}}, near_rail_allowance="strict").near_rail_safeties["A"] == {7: 2}


def test_14_1_7_2_c2_frozen_ball_back_on_its_rail_is_still_a_near_rail_safety() -> None:
    """14.1-7.2-C2 "(i.e. a foul under GEN-6 had B been frozen)": the 9, frozen to the left rail, touching it.

    GEN-6(4) counts only a rail an object ball was not already touching, so the
    shot is a near-rail safety on the 7 (U 1 -> 2), and once U = 2 the same
    shot is GEN-F8: the allowance cannot be dodged this way.
    """
    facts = shot("safety", [7], [(7, "right"), (9, "left")])
    sit = situation(near_rail=NEAR, frozen={9: "left"}, used={"A": {7: 1}})
    second = ruled(sit, facts)
    assert not second.foul and second.near_rail_safeties["A"] == {7: 2}
    third = ruled(situation(near_rail=NEAR, frozen={9: "left"}, used={"A": {7: 2}}), facts)
    assert third.fouls == ("GEN-F8",)
