"""Ball in hand placed by the shot search (``ai/inhand.py``): shape on the next ball, levels, determinism."""

from __future__ import annotations

from poolhall.ai import inhand, placement, search, shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.evaluate import leave_worth, made, refine_aim
from poolhall.ai.geometry import Point
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.player import ComputerPlayer
from poolhall.equipment import CUE
from poolhall.game.actions import PlaceCueBall

from .helpers import match_at

PRO = LEVEL_BY_NAME["pro"]
GROUPS = {"A": "solids", "B": "stripes"}
#: Two solids and the 8 among stripes (a seeded draw, rounded): the 1 and the 10 near the bottom rail. From
#: geometry's spot (on the rail beside the 1) the 1 goes in, but no stroke of pro's leaves a shot on the 2 worth
#: half of one; from a spot off the rail with a slight cut, one does.
TABLE = {1: (1.05, 0.085), 2: (0.588, 0.717), 8: (0.728, 1.165), 9: (0.192, 0.657), 10: (0.945, 0.044),
         11: (1.974, 0.929)}  # fmt: skip


def _ctx() -> Context:
    return context_of(match_at(TABLE, groups=GROUPS, ball_in_hand="anywhere").view(), PRO.noise)


def _best_leave(ctx: Context, xy: Point) -> float:
    """The next shot left by the best of pro's wide strokes (6 speeds x 3 tip heights x 3 sides, as its search
    tries them) on the spot's two best pots, each played once without noise and valued as the search's first
    pass values it."""
    here = ctx.with_layout(ctx.layout.with_positions({CUE: xy}))
    tried = [
        search.Candidate(refine_aim(here, shot, stroke, steps=1), shot.call(), shot.kind)
        for shot in shots.pots(here.layout, xy, here.targets(), here.noise.sigma_phi)[:2]
        for stroke in shots.strokes(shot, PRO.wide_arrivals, PRO.spins, PRO.sides)
    ]
    best = search.played(here, tried, search.first_position(PRO))[0]
    assert best.outcome is not None and made(here, best.outcome[0])
    return leave_worth(here, *best.outcome)


def test_pro_places_for_shape_on_the_next_ball_where_geometry_leaves_none() -> None:
    ctx = _ctx()
    geometric, _ = placement.best_spot(ctx)
    assert _best_leave(ctx, geometric) < 0.5  # the premise: geometry's spot pots the 1 with no way to the 2
    action = ComputerPlayer("pro").act(match_at(TABLE, groups=GROUPS, ball_in_hand="anywhere").view())
    assert isinstance(action, PlaceCueBall)
    assert _best_leave(ctx, (action.x, action.y)) > 0.8


def test_the_shortlist_holds_one_spot_per_pot_and_side() -> None:
    ctx = _ctx()
    empty = ctx.layout.with_positions({CUE: None})
    short = inhand.shortlist(ctx, empty, placement.candidate_spots(ctx, empty), PRO.hand_spots)
    keys = []
    for xy in short:
        shot = shots.pots(empty.with_positions({CUE: xy}), xy, ctx.targets(), ctx.noise.sigma_phi)[0]
        keys.append((shot.first, shot.pocket, inhand.side_of(empty, xy, shot)))
    assert len(short) == PRO.hand_spots and len(set(keys)) == len(keys)


def test_the_spot_is_a_function_of_the_table_and_only_pro_searches() -> None:
    """The placement and the stroke are asked separately: the spot must not depend on the seed or the process."""
    spots = {
        (a.x, a.y)
        for seed in (1, 2)
        for a in [ComputerPlayer("pro").act(match_at(TABLE, groups=GROUPS, ball_in_hand="anywhere", seed=seed).view())]
        if isinstance(a, PlaceCueBall)
    }
    assert len(spots) == 1
    assert [name for name, level in LEVEL_BY_NAME.items() if level.hand_spots] == ["pro"]
    strong = ComputerPlayer("strong").act(match_at(TABLE, groups=GROUPS, ball_in_hand="anywhere").view())
    geometric, _ = placement.best_spot(context_of(match_at(TABLE, groups=GROUPS, ball_in_hand="anywhere").view(),
                                                  LEVEL_BY_NAME["strong"].noise))  # fmt: skip
    assert isinstance(strong, PlaceCueBall) and (strong.x, strong.y) == geometric
