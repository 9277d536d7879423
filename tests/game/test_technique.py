"""Shot technique from the stroke and the simulated path (RULES 8B-5 facts; issue 8)."""

from __future__ import annotations

import pytest

from poolhall import Layout, Stroke, TableSpec, simulate
from poolhall.game.facts import CURVE_ELEVATION, MASSE_ELEVATION, shot_facts

TABLE = TableSpec()
R = TABLE.ball.radius
ALONE = Layout.from_positions({0: (0.8, 0.635), 1: (1.8, 0.635)})


@pytest.mark.parametrize(
    ("stroke", "technique"),
    [
        (Stroke(2.0, 0.0), "normal"),
        (Stroke(2.0, 0.0, theta=0.9), "jump"),  # thrown up by the bed before it reaches the 1
        (Stroke(0.3, 0.0, theta=MASSE_ELEVATION + 0.1, a=0.4), "masse"),  # too soft to leave the cloth
        (Stroke(0.5, 0.0, theta=CURVE_ELEVATION + 0.05, a=0.4), "curve"),
        (Stroke(0.5, 0.0, theta=CURVE_ELEVATION + 0.05), "normal"),  # raised, but no side spin to curve it
    ],
)
def test_technique_of(stroke: Stroke, technique: str) -> None:
    result = simulate(ALONE, stroke)
    assert shot_facts(result, None, None, straight_pool=False, stroke=stroke).technique == technique
