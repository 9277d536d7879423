"""Racks, spotting, placements and 14.1 zones: the rules' words turned into coordinates."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poolhall import racking
from poolhall.equipment import CUE, EIGHT, OBJECT_BALLS, SOLIDS, STRIPES, TableSpec
from poolhall.layout import Layout
from poolhall.racking import (
    BACK_CORNERS,
    CUE_CLEARANCE,
    EIGHT_SLOT,
    after_facts,
    all_behind_head_string,
    behind_head_string,
    cue_ball_fits,
    cue_ball_zone,
    eight_ball_order,
    eight_ball_rack,
    eight_ball_rack_problems,
    in_rack_area,
    last_ball_zone,
    nearest_to_head_string,
    place_cue_ball,
    place_on_spot,
    rack_slots,
    spot_balls,
    straight_pool_rack,
)

T = TableSpec.nine_foot()
R = T.ball.radius
FX, MID = T.foot_spot
HEAD_X = T.head_string_x


def lay(positions: dict[int, tuple[float, float]], table: TableSpec = T) -> Layout:
    return Layout.from_positions(positions, table)


# ------------------------------------------------------------------ racks
@pytest.mark.parametrize("table", [TableSpec.nine_foot(), TableSpec.eight_foot(), TableSpec.seven_foot()])
@pytest.mark.parametrize("gap", [0.0, 1e-4])
def test_rack_slots_form_a_tight_triangle_on_the_foot_spot(table: TableSpec, gap: float) -> None:
    """8B-3 / 14.1-4: apex on the foot spot, base parallel to the foot rail, neighbours 2R + gap apart."""
    slots = rack_slots(table, gap)
    r = table.ball.radius
    assert slots[0] == table.foot_spot
    base = slots[10:15]
    assert len({round(x, 12) for x, _ in base}) == 1 and base[0][0] > slots[0][0]
    dists = sorted(math.dist(a, b) for i, a in enumerate(slots) for b in slots[i + 1 :])
    assert dists[0] == pytest.approx(2 * r + gap)
    assert sum(1 for d in dists if d < 2 * r + gap + 1e-9) == 30  # the edges of a 5-row triangular lattice
    assert max(x for x, _ in slots) <= table.length - r


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=60, deadline=None)
def test_every_eight_ball_rack_is_legal(seed: int) -> None:
    """8B-3-C1: the 8 in the middle of row three, a solid and a stripe in the back corners, apex filled."""
    order = eight_ball_order(seed)
    assert sorted(order) == list(OBJECT_BALLS)
    assert order[EIGHT_SLOT] == EIGHT
    assert {order[c] in SOLIDS for c in BACK_CORNERS} == {True, False}
    assert all(order[c] in SOLIDS | STRIPES for c in BACK_CORNERS)
    layout = eight_ball_rack(seed, gap=5e-5)
    assert eight_ball_rack_problems(layout) == []
    assert layout.problems() == []


def test_seed_decides_the_eight_ball_rack() -> None:
    """8B-3-C1: the other balls are random, but the same seed gives the same rack."""
    assert eight_ball_order(3) == eight_ball_order(3)
    assert len({tuple(eight_ball_order(s)) for s in range(20)}) == 20


def test_eight_ball_rack_takes_the_cue_ball_in_the_kitchen_only() -> None:
    """8B-3 with GEN-9: the breaker places the cue ball behind the head string."""
    assert eight_ball_rack(0, cue=(0.5, 0.6)).position(CUE) == (0.5, 0.6)
    with pytest.raises(ValueError, match="behind the head string"):
        eight_ball_rack(0, cue=(1.0, 0.6))


def _swap(layout: Layout, a: int, b: int) -> Layout:
    return layout.with_positions({a: layout.position(b), b: layout.position(a)})


def test_rack_check_names_each_problem() -> None:
    """8B-3-C1: a rack with the 8 off the middle, both corners of one group, or the apex empty is rejected."""
    order = eight_ball_order(7)
    good = eight_ball_rack(7)
    left, right = (order[c] for c in BACK_CORNERS)
    same_group = next(b for b in OBJECT_BALLS if b != EIGHT and (b in SOLIDS) == (left in SOLIDS) and b != left)
    assert any("back corners" in p for p in eight_ball_rack_problems(_swap(good, right, same_group)))
    assert any("the 8 is not" in p for p in eight_ball_rack_problems(_swap(good, EIGHT, order[0])))
    no_apex = good.with_positions({order[0]: None})
    problems = eight_ball_rack_problems(no_apex)
    assert any("foot spot" in p for p in problems) and any(f"ball {order[0]}" in p for p in problems)
    loose = good.with_positions({order[12]: (FX + 0.3, MID)})
    assert any(f"ball {order[12]}" in p for p in eight_ball_rack_problems(loose))


def test_fourteen_ball_rerack_leaves_the_apex_empty_and_the_rest_alone() -> None:
    """14.1-4 / 14.1-7.3: the fourteen pocketed balls are racked, apex empty; the 15th and the cue stay."""
    before = lay({0: (0.5, 0.3), 9: (1.2, 0.9)})
    after = straight_pool_rack(before, seed=1, fourteen=True)
    slots = rack_slots(T)
    placed = {tuple(after.positions[b]) for b in OBJECT_BALLS if b != 9}
    assert placed == set(slots[1:])
    assert after.position(9) == (1.2, 0.9) and after.position(CUE) == (0.5, 0.3)
    assert after.problems() == []


def test_full_rack_takes_all_fifteen_with_the_one_and_five_in_the_back_corners() -> None:
    """14.1-4: fifteen balls, apex on the foot spot; customarily the 1 and the 5 in the back corners."""
    after = straight_pool_rack(lay({0: (0.5, 0.3), 4: (1.2, 0.9)}), seed=2)
    slots = rack_slots(T)
    assert {tuple(after.positions[b]) for b in OBJECT_BALLS} == set(slots)
    assert after.position(1) == slots[14] and after.position(5) == slots[10]


def test_rerack_refuses_when_a_ball_is_in_the_way() -> None:
    """14.1-7.6: a ball in the rack area must be moved (by that rule) before re-racking."""
    with pytest.raises(ValueError, match="balls 0 and"):
        straight_pool_rack(lay({0: (FX + 0.05, MID), 3: (1.0, 0.3)}), fourteen=True)
    with pytest.raises(ValueError, match="exactly one object ball"):
        straight_pool_rack(lay({0: (0.5, 0.3)}), fourteen=True)


# ------------------------------------------------------------------ spotting (GEN-11)
def test_spot_on_the_foot_spot_when_free() -> None:
    """GEN-11: first choice is the foot spot itself."""
    assert spot_balls(lay({0: (0.5, 0.3)}), [6]).position(6) == (FX, MID)


def test_spotted_balls_line_up_frozen_in_ascending_order() -> None:
    """GEN-11: ascending order, the lowest nearest the foot spot, each frozen to the one before."""
    layout = spot_balls(lay({0: (0.5, 0.3)}), [12, 3, 7])
    xs = [layout.position(b)[0] for b in (3, 7, 12)]
    assert xs[0] == FX
    assert xs[1] - xs[0] == pytest.approx(2 * R) and xs[2] - xs[1] == pytest.approx(2 * R)
    assert all(layout.position(b)[1] == MID for b in (3, 7, 12))


def test_spot_frozen_behind_an_object_ball_off_the_line() -> None:
    """GEN-11: against an interfering object ball the spotted ball is frozen to it, behind the foot spot."""
    layout = spot_balls(lay({5: (FX + 0.01, MID + R)}), [2])
    x, y = layout.position(2)
    assert x > FX and y == MID
    assert math.dist((x, y), layout.position(5)) == pytest.approx(2 * R)


def test_spot_keeps_clear_of_the_cue_ball() -> None:
    """GEN-11: against the cue ball, as close as possible without touching."""
    layout = spot_balls(lay({0: (FX, MID)}), [4])
    gap = math.dist(layout.position(4), layout.position(CUE)) - 2 * R
    assert gap == pytest.approx(CUE_CLEARANCE) and gap > 0


def test_spot_in_front_when_the_long_string_is_full() -> None:
    """GEN-11 (WPA 2016): when the line from the foot spot to the foot rail is full, in front of the foot spot."""
    blockers = {b: (FX + R + 2 * R * i, MID) for i, b in enumerate(range(1, 12))}
    assert blockers[11][0] + 2 * R > T.length - R  # no room behind the last one
    layout = spot_balls(lay(blockers), [13])
    x, _ = layout.position(13)
    assert x == pytest.approx(FX + R - 2 * R)
    assert layout.problems() == []


def test_spot_refuses_a_ball_already_on_the_table() -> None:
    """GEN-11: only balls off the table are spotted."""
    with pytest.raises(ValueError, match="ball 3 is on the table"):
        spot_balls(lay({3: (1.0, 0.5)}), [3])


@st.composite
def scattered_layouts(draw: st.DrawFn) -> tuple[Layout, list[int]]:
    """Random legal layouts crowded around the long string, and the balls left to spot."""
    placed: dict[int, tuple[float, float]] = {}
    balls = draw(st.lists(st.sampled_from(range(16)), unique=True, max_size=14))
    for ball in balls:
        x = draw(st.floats(min_value=T.length / 2, max_value=T.length - R))
        y = draw(st.floats(min_value=MID - 3 * R, max_value=MID + 3 * R))
        if all(math.dist((x, y), p) >= 2 * R for p in placed.values()):
            placed[ball] = (x, y)
    left = [b for b in OBJECT_BALLS if b not in placed]
    to_spot = draw(st.lists(st.sampled_from(left), unique=True, min_size=1)) if left else []
    return lay(placed), to_spot


@given(scattered_layouts())
@settings(max_examples=150, deadline=None)
def test_spotting_never_overlaps_and_validates(case: tuple[Layout, list[int]]) -> None:
    """GEN-11: spotted balls sit on the long string, never overlap, never touch the cue ball, move nothing."""
    layout, to_spot = case
    after = spot_balls(layout, to_spot)
    assert after.problems() == []
    Layout.from_positions({b: after.position(b) for b in after.on_table}, T)  # validates
    for b in layout.on_table:
        assert after.position(b) == layout.position(b)
    for b in to_spot:
        assert after.position(b)[1] == MID
    if after.position(CUE) is not None:
        assert all(math.dist(after.position(b), after.position(CUE)) > 2 * R for b in to_spot)
    ranks = sorted(to_spot, key=lambda b: abs(after.position(b)[0] - FX))
    behind = [b for b in ranks if after.position(b)[0] >= FX]
    assert behind == sorted(behind)


# ------------------------------------------------------------------ special placements
@pytest.mark.parametrize("spot", ["head-spot", "centre-spot", "foot-spot"])
def test_place_on_a_named_spot(spot: str) -> None:
    """14.1-7.6 / 14.1-7.7: a single ball goes exactly on the named spot."""
    points = {"head-spot": T.head_spot, "centre-spot": T.centre_spot, "foot-spot": T.foot_spot}
    assert place_on_spot(lay({0: (0.3, 0.3)}), 15, spot).position(15) == points[spot]


def test_place_on_a_taken_spot_names_the_ball_in_the_way() -> None:
    """14.1-7.6: the placement never overlaps; the ball in the way is named."""
    with pytest.raises(ValueError, match="balls 0 and 15 overlap"):
        place_on_spot(lay({0: (T.head_spot[0] + R, MID)}), 15, "head-spot")
    with pytest.raises(ValueError, match="unknown spot"):
        place_on_spot(lay({}), 15, "kitchen")


# ------------------------------------------------------------------ where a ball is (GEN-2) and 14.1 zones
def test_a_ball_on_the_head_string_is_not_behind_it() -> None:
    """GEN-2: the kitchen does not include the head string."""
    assert behind_head_string(T, (HEAD_X - 1e-6, MID))
    assert not behind_head_string(T, (HEAD_X, MID))
    assert not behind_head_string(T, (HEAD_X + 1e-6, MID))


def test_rack_area_is_the_triangle_outline() -> None:
    """GEN-2: a ball is in the rack when it lies within or overlaps the rack-area outline."""
    assert all(in_rack_area(T, xy) for xy in rack_slots(T))
    assert in_rack_area(T, (FX - 2 * R, MID))  # overlaps the apex ball
    assert not in_rack_area(T, (FX - 3.01 * R, MID))  # just short of the outline's apex
    assert not in_rack_area(T, (FX + 0.1, MID + 0.2))
    assert in_rack_area(T, (FX + 0.1, MID + 0.1))


@pytest.mark.parametrize(
    ("xy", "zone"),
    [
        ((FX + 0.05, MID), "in-rack"),
        ((T.head_spot[0] + 0.5 * R, MID + R), "head-spot"),
        ((0.3, 0.3), "behind-head-string"),
        ((HEAD_X, 0.2), "elsewhere"),  # on the head string is not behind it (GEN-2)
        ((1.5, 0.2), "elsewhere"),
    ],
)
def test_last_ball_zone(xy: tuple[float, float], zone: str) -> None:
    """14.1-7.6-C1: the 15th ball's zone."""
    assert last_ball_zone(lay({7: xy}), 7) == zone


@pytest.mark.parametrize(
    ("xy", "zone"),
    [((FX, MID + 0.05), "in-rack"), (T.head_spot, "head-spot"), ((0.3, 0.3), "elsewhere"), ((1.5, 1.0), "elsewhere")],
)
def test_cue_ball_zone(xy: tuple[float, float], zone: str) -> None:
    """14.1-7.6-C1: the cue ball's zone."""
    assert cue_ball_zone(lay({0: xy})) == zone


def test_zone_of_a_ball_off_the_table_is_an_error() -> None:
    """14.1-7.6-C1: a pocketed 15th ball has no zone; the caller says `pocketed`."""
    with pytest.raises(ValueError, match="ball 7 is not on the table"):
        last_ball_zone(lay({0: (0.3, 0.3)}), 7)


def test_all_behind_head_string_and_nearest_with_ties() -> None:
    """14.1-7.7: all object balls behind the head string; the nearest, with ties, are the candidates."""
    layout = lay({0: (1.5, 0.5), 3: (0.40, 0.3), 9: (0.55, 0.3), 11: (0.55, 0.9), 2: (0.2, 0.6)})
    assert all_behind_head_string(layout)  # the cue ball does not count
    assert nearest_to_head_string(layout) == [9, 11]
    on_string = layout.with_positions({2: (HEAD_X, 0.6)})
    assert not all_behind_head_string(on_string)
    assert not all_behind_head_string(lay({0: (0.3, 0.3)}))


def test_after_facts_shape() -> None:
    """14.1-7.6-C1 / 14.1-7.7: the `after` object of the shot facts."""
    layout = lay({0: T.head_spot, 15: (FX, MID)})
    assert after_facts(layout, 15) == {
        "last_ball": "in-rack",
        "cue_ball": "head-spot",
        "all_behind_head_string": False,
        "nearest_to_head_string": [15],
    }
    assert after_facts(lay({}), None)["last_ball"] is None


# ------------------------------------------------------------------ ball in hand (GEN-9)
def test_ball_in_hand_anywhere_may_be_frozen_to_a_ball() -> None:
    """GEN-9: anywhere on the bed, touching is allowed, overlapping is not."""
    layout = lay({5: (1.5, 0.6)})
    assert place_cue_ball(layout, (1.5 + 2 * R, 0.6), kitchen=False).position(CUE) == (1.5 + 2 * R, 0.6)
    assert cue_ball_fits(layout, (1.5 + 2 * R, 0.6), kitchen=False)


@pytest.mark.parametrize(
    ("xy", "kitchen", "words"),
    [
        ((1.5 + R, 0.6), False, "balls 0 and 5 overlap"),
        ((R / 2, 0.6), False, "ball 0: .* not on the cloth"),
        ((HEAD_X, 0.6), True, "behind the head string"),
        ((1.0, 0.6), True, "behind the head string"),
        (("x", 0.6), False, "cue ball: position must be two numbers"),
    ],
)
def test_bad_ball_in_hand_placements_say_why(xy: tuple, kitchen: bool, words: str) -> None:
    """GEN-9: an invalid placement is rejected with the reason, naming the cue ball."""
    with pytest.raises(ValueError, match=words):
        place_cue_ball(lay({5: (1.5, 0.6)}), xy, kitchen=kitchen)
    assert not cue_ball_fits(lay({5: (1.5, 0.6)}), xy, kitchen=kitchen)


def test_kitchen_placement_just_behind_the_string_is_fine() -> None:
    """GEN-9: behind the head string is allowed with ball in hand in the kitchen."""
    assert place_cue_ball(lay({}), (HEAD_X - 0.001, 0.6), kitchen=True).position(CUE) is not None


def test_a_loose_rack_is_mostly_frozen_with_small_gaps() -> None:
    """``loose=True`` (issue 14): the apex on the foot spot, no overlap, most neighbours frozen, the other gaps a
    few hundredths of a millimetre, the same for the same seed."""
    table = TableSpec()
    rack = racking.eight_ball_rack(7, table, loose=True)
    assert rack.problems() == [] and racking.eight_ball_rack_problems(rack) == []
    assert rack == racking.eight_ball_rack(7, table, loose=True)
    tight = racking.eight_ball_rack(7, table)
    apex = next(b for b in tight.on_table if tight.position(b) == table.foot_spot)
    assert rack.position(apex) == table.foot_spot
    d = 2 * table.ball.radius
    gaps = [
        math.dist(rack.position(a), rack.position(b)) - d
        for a in rack.on_table
        for b in rack.on_table
        if a < b and math.dist(tight.position(a), tight.position(b)) < d + 1e-9
    ]
    assert len(gaps) == 30 and min(gaps) > -1e-12
    frozen = sum(g < 1e-9 for g in gaps)
    assert frozen > len(gaps) / 2 and frozen < len(gaps)
    assert max(gaps) < 1.2e-4
