"""The referee's situation from the match state and from a seat's view come from one builder."""

from __future__ import annotations

from dataclasses import replace

from poolhall.game import Match
from poolhall.game.situation import situation_for, situation_seen
from poolhall.layout import Layout


def test_a_view_sees_the_matchs_situation_but_the_near_rail_allowances_14_1_7_2_c2() -> None:
    """GEN-6, 14.1-7.2: frozen and near-rail balls are measured alike; the allowances used are not in a view."""
    radius = Layout.from_positions({}).table.ball.radius
    layout = Layout.from_positions({0: (0.6, 0.6), 3: (1.5, radius), 5: (2.0, 1.27 - 2.5 * radius), 9: (1.2, 0.7)})
    match = Match.from_position("straight-pool", layout, shooter="B", scores={"A": 12, "B": 40})
    match.state = replace(match.state, near_rail_safeties={"A": {5: 1}, "B": {}})
    seen, ruled = situation_seen(match.view()), situation_for(match.state)
    assert ruled.frozen == {3: "right"} and ruled.near_rail == {5: "left"}
    assert ruled.near_rail_safeties == {"A": {5: 1}, "B": {}}
    assert seen == replace(ruled, near_rail_safeties={"A": {}, "B": {}})


def test_a_scorekeepers_situation_has_nothing_measured_gen_6() -> None:
    """GEN-6: without a layout nobody measures; frozen and near-rail balls are empty."""
    match = Match.from_position("eight-ball", [1, 2, 8, 12], shooter="A", groups={"A": "solids", "B": "stripes"})
    seen, ruled = situation_seen(match.view()), situation_for(match.state)
    assert ruled.frozen == {} and ruled.near_rail == {} and ruled.groups == {"A": "solids", "B": "stripes"}
    assert seen == ruled and seen.on_table == frozenset({1, 2, 8, 12})
