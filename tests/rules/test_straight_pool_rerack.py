"""Re-racks (RULES.md 14.1-7.3, the whole 14.1-7.6-C1 table) and all balls behind the head string (14.1-7.7)."""

from __future__ import annotations

import pytest
from sp_builders import after, call, ruled, shot, situation

from poolhall.rules.model import RefereeError

#: The 14th ball: the called 5 drops with only the 12 left.
FOURTEENTH = shot(call(5, "side-right"), [5], [], [(5, "side-right")])
#: 14th and 15th together: the called 5 and the 12.
BOTH = shot(call(5, "side-right"), [5], [], [(5, "side-right"), (12, "foot-left")])

#: A scratch after the 4 reached the head rail (for 14.1-7.7).
SCRATCH_ARGS = (call(4, "head-left"), (4,), [(4, "head")], [(0, "side-left")])

# (15th ball zone, cue ball zone) -> (rerack, move, ball in hand), straight from the 14.1-7.6-C1 table.
TABLE = [
    ("pocketed", "in-rack", "full", {}, "kitchen"),
    ("pocketed", "head-spot", "full", {}, None),
    ("pocketed", "elsewhere", "full", {}, None),
    ("in-rack", "in-rack", "full", {}, "kitchen"),
    ("in-rack", "head-spot", "fourteen", {12: "centre-spot"}, None),
    ("in-rack", "elsewhere", "fourteen", {12: "head-spot"}, None),
    ("head-spot", "in-rack", "fourteen", {0: "centre-spot"}, None),
    ("head-spot", "elsewhere", "fourteen", {}, None),
    ("behind-head-string", "in-rack", "fourteen", {0: "head-spot"}, None),
    ("behind-head-string", "head-spot", "fourteen", {}, None),
    ("behind-head-string", "elsewhere", "fourteen", {}, None),
    ("elsewhere", "in-rack", "fourteen", {}, "kitchen"),
    ("elsewhere", "head-spot", "fourteen", {}, None),
    ("elsewhere", "elsewhere", "fourteen", {}, None),
]


@pytest.mark.parametrize(("last", "cue", "rerack", "move", "in_hand"), TABLE)
def test_14_1_7_6_c1_table(last: str, cue: str, rerack: str, move: dict[int, str], in_hand: str | None) -> None:
    """14.1-7.6-C1, 14.1-7.3-C1, S-42..S-46: every cell; the same player continues with a normal shot."""
    base = BOTH if last == "pocketed" else FOURTEENTH
    facts = shot(base.call, base.first_contact, (), [(p.ball, p.pocket) for p in base.pocketed], after=after(last, cue))
    ruling = ruled(situation([5, 12], score=(30, 12)), facts)
    assert (ruling.rerack, dict(ruling.move), ruling.ball_in_hand) == (rerack, move, in_hand)
    assert ruling.next_shooter == "A" and ruling.turn_continues and ruling.next_break is None
    assert ruling.points == {"A": len(base.pocketed), "B": 0}
    assert "14.1-7.6-C1" in ruling.rules and "14.1-7.3" in ruling.rules


def test_14_1_7_6_c1_both_on_the_head_spot_is_impossible() -> None:
    """14.1-7.6-C1 (impossible cell), GEN-15: the 15th ball and the cue ball cannot share the head spot."""
    with pytest.raises(RefereeError):
        ruled(
            situation([5, 12]),
            shot(call(5, "side-right"), [5], [], [(5, "side-right")], after=after("head-spot", "head-spot")),
        )


@pytest.mark.parametrize(
    ("facts", "rerack"),
    [
        (shot(call(5, "side-right"), [5], [], [(5, "side-right")]), "fourteen"),
        (shot(call(5, "side-right"), [5], [], [(5, "side-right")], after=after(None, "elsewhere")), "fourteen"),
        (shot(call(5, "side-right"), [5], [], [(5, "side-right"), (12, "foot-left")]), "full"),
    ],
)
def test_14_1_7_6_left_out_zones_mean_no_interference(facts: object, rerack: str) -> None:
    """14.1-7.6-C1: a zone the facts leave out is ``elsewhere``, the shaded cells: nothing moves, no ball in hand."""
    ruling = ruled(situation([5, 12]), facts)  # type: ignore[arg-type]
    assert (ruling.rerack, dict(ruling.move), ruling.ball_in_hand) == (rerack, {}, None)
    assert ruling.next_shooter == "A" and ruling.turn_continues


def test_14_1_7_3_c1_foul_or_miss_never_reracks() -> None:
    """14.1-7.3-C1: a scratch with the 14th ball, or the 14th in the wrong pocket: spotted, no re-rack."""
    foul = ruled(situation([5, 12]), shot(call(5, "side-right"), [5], [], [(5, "side-right"), (0, "foot-left")]))
    miss = ruled(situation([5, 12]), shot(call(5, "side-right"), [5], [], [(5, "side-left")]))
    for ruling in (foul, miss):
        assert ruling.rerack is None and ruling.spot == (5,)


def test_14_1_7_3_c1_no_rerack_with_two_balls_left() -> None:
    """14.1-7.3-C1: the 13th ball leaves two on the table: no re-rack."""
    ruling = ruled(situation([5, 12, 13]), shot(call(5, "side-right"), [5], [], [(5, "side-right")]))
    assert ruling.rerack is None and ruling.turn_continues


# ---------------------------------------------------------------- 14.1-7.7


def test_14_1_7_7_offer_after_a_scratch() -> None:
    """14.1-7.7, 14.1-7.7-C1, S-47: B in hand in the kitchen, every ball behind the head string: offer."""
    facts = shot(
        call(11, "head-right"), [11], [(11, "head")], [(0, "side-left")], after=after(behind=True, nearest=[11])
    )
    ruling = ruled(situation([4, 11, 13], score=(60, 55)), facts)
    assert ruling.chooser == "B" and ruling.options == ("spot-nearest-ball",)
    assert ruling.ball_in_hand == "kitchen" and "14.1-7.7" in ruling.rules
    assert ("sp.offer.nearest", {"player": "B", "balls": (11,)}) in ruling.reason


def test_14_1_7_7_tied_candidates_are_named() -> None:
    """14.1-7.7: 4 and 13 equally near: both are candidates and the player designates one."""
    facts = shot(
        call(13, "head-right"), [13], [(13, "head")], [(0, "side-left")], after=after(behind=True, nearest=[13, 4])
    )
    ruling = ruled(situation([4, 13]), facts)
    assert ("sp.offer.nearest", {"player": "B", "balls": (4, 13)}) in ruling.reason


def test_14_1_7_7_not_offered_when_the_cue_ball_lies() -> None:
    """14.1-7.7: without cue ball in hand behind the head string there is no offer."""
    facts = shot(call(11, "head-right"), [11], [], after=after(behind=True, nearest=[11]))
    ruling = ruled(situation([4, 11, 13]), facts)
    assert ruling.foul and ruling.ball_in_hand is None and "spot-nearest-ball" not in ruling.options


def test_14_1_7_7_not_offered_when_balls_are_spotted() -> None:
    """14.1-7.7, GEN-11: a spotted ball lies at the foot, so not every ball is behind the head string."""
    facts = shot(
        call(11, "head-right"), [11], [], [(11, "head-left"), (0, "side-left")], after=after(behind=True, nearest=[4])
    )
    ruling = ruled(situation([4, 11, 13]), facts)
    assert ruling.spot == (11,) and "spot-nearest-ball" not in ruling.options


def test_14_1_7_7_joins_the_intentional_foul_options() -> None:
    """14.1-7.7, 14.1-7.5-C1: after cue-ball-in-kitchen 14.1-7.7 may apply, so it is offered alongside."""
    facts = shot(
        call(11, "head-right"), [11], [(11, "head")], reported=("intentional",), after=after(behind=True, nearest=[13])
    )
    ruling = ruled(situation([4, 11, 13]), facts)
    assert set(ruling.options) == {"cue-ball-in-kitchen", "rerack-opponent-breaks", "spot-nearest-ball"}


def test_14_1_7_7_nearest_ball_optional_but_on_the_table() -> None:
    """14.1-7.7, GEN-15: the offer stands without the nearest ball(s) named; a named one must be on the table."""
    unnamed = ruled(situation([4, 11, 13]), shot(*SCRATCH_ARGS, after=after(behind=True)))
    assert unnamed.chooser == "B" and unnamed.options == ("spot-nearest-ball",)
    assert ("sp.offer.nearest_unnamed", {"player": "B"}) in unnamed.reason
    with pytest.raises(RefereeError):
        ruled(situation([4, 11, 13]), shot(*SCRATCH_ARGS, after=after(behind=True, nearest=[6])))


@pytest.mark.parametrize("offered", [True, False])
def test_14_1_7_7_nearest_ball_not_one_that_dropped(offered: bool) -> None:
    """GEN-15: a ball pocketed on the shot cannot be named nearest the head string after it, offer or not."""
    drops = [(11, "head-right"), (0, "side-left")] if offered else [(11, "head-right")]
    facts = shot(call(11, "head-right"), [11], [], drops, after=after(behind=True, nearest=[11]))
    with pytest.raises(RefereeError) as err:
        ruled(situation([4, 11, 13]), facts)
    assert err.value.field == "shot.after.nearest_to_head_string"
