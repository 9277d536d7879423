"""Carry out a ``Plan`` on the table: racks, special placements, spotting, ball in hand.

The referee names balls and spots; ``racking`` turns names into coordinates;
this module only applies them in the order the rules imply:

1. a fresh rack (eight-ball) replaces the table;
2. disturbed balls are restored (GEN-13);
3. the cue ball in hand leaves the table until it is placed (GEN-9);
4. special placements (14.1-7.6: the 15th ball or the cue ball to a spot);
5. the 14.1 re-rack (``fourteen`` around the 15th ball, or all fifteen);
6. spotting on the long string in numerical order (GEN-11);
7. the ball nearest the head string to the foot spot (14.1-7.7).

A scorekeeper's match has no layout: only the set of object balls on the
table changes.
"""

from __future__ import annotations

from poolhall import racking
from poolhall.equipment import CUE, OBJECT_BALLS, TableSpec
from poolhall.game.state import Plan, derived_seed
from poolhall.layout import Layout


def object_balls(layout: Layout) -> frozenset[int]:
    return frozenset(b for b in layout.on_table if b != CUE)


def fresh_rack(game: str, table: TableSpec, seed: int, rack_number: int) -> Layout:
    """A new rack with the cue ball in hand: eight-ball (8B-3, random by the seed) or the 14.1 full rack.

    Racks are loose as real ones (``racking.loosen``): most balls frozen, some
    a few hundredths of a millimetre apart.
    """
    rack_seed = derived_seed(seed, "rack", rack_number)
    if game == "eight-ball":
        return racking.eight_ball_rack(rack_seed, table, loose=True)
    return racking.straight_pool_rack(Layout.from_positions({}, table), rack_seed, loose=True)


def lay_out(layout: Layout, plan: Plan, game: str, seed: int, rack_number: int) -> Layout:
    """The layout once ``plan`` is carried out (see the module docstring for the order)."""
    if plan.rack == "eight-ball" or (plan.rack == "opening"):
        return fresh_rack(game, layout.table, seed, rack_number)
    if plan.restore:
        layout = layout.with_positions(dict(plan.restore))
    if plan.ball_in_hand is not None:
        layout = layout.with_positions({CUE: None})
    for ball, spot in sorted(plan.move.items()):
        layout = racking.place_on_spot(layout, ball, spot)
    if plan.rack in ("fourteen", "full"):
        rack_seed = derived_seed(seed, "rack", rack_number)
        fourteen = plan.rack == "fourteen"
        layout = racking.straight_pool_rack(layout, rack_seed, fourteen=fourteen, loose=True)
    if plan.spot:
        layout = racking.spot_balls(layout, plan.spot)
    if plan.spot_to_foot is not None:
        layout = racking.place_on_spot(layout, plan.spot_to_foot, "foot-spot")
    return layout


def balls_after(on_table: frozenset[int], plan: Plan) -> frozenset[int]:
    """Scorekeeper mode: the object balls on the table once ``plan`` is carried out."""
    if plan.rack is not None:
        return frozenset(OBJECT_BALLS)
    return on_table | frozenset(plan.spot)
