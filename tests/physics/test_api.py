"""simulate's input checks and the ShotResult's JSON round trip and exact evaluation."""

from __future__ import annotations

import json
import math

import pytest
from phys_shots import R, break_layout

from poolhall import Layout, ShotResult, Stroke, TableSpec, simulate


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"speed": -1.0, "phi": 0.0}, "speed"),
        ({"speed": 13.0, "phi": 0.0}, "speed"),
        ({"speed": 1.0, "phi": math.nan}, "phi"),
        ({"speed": 1.0, "phi": 0.0, "theta": math.pi / 2}, "theta"),
        ({"speed": 1.0, "phi": 0.0, "a": 0.4, "b": 0.4}, "a, b"),
    ],
)
def test_bad_strokes_name_the_field(kwargs: dict[str, float], field: str) -> None:
    with pytest.raises(ValueError, match=f"^{field}"):
        Stroke(**kwargs)


def test_bad_layouts_and_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="cue ball"):
        simulate(Layout.from_positions({1: (1.0, 0.5)}), Stroke(1.0, 0.0))
    arr = Layout.from_positions({0: (1.0, 0.5), 1: (1.2, 0.5)}).positions.copy()
    arr[1] = (1.0 + R, 0.5)  # half a ball inside the cue ball; the low-level constructor does not check
    with pytest.raises(ValueError, match="overlap"):
        simulate(Layout(TableSpec(), arr), Stroke(1.0, 0.0))
    with pytest.raises(ValueError, match=r"^table"):
        simulate(Layout.from_positions({0: (1.0, 0.5)}), Stroke(1.0, 0.0), table=TableSpec.seven_foot())


def test_json_round_trip_and_exact_state() -> None:
    layout, phi = break_layout()
    result = simulate(layout, Stroke(8.0, phi))
    back = ShotResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert back.events == result.events and back.final == result.final
    assert back.segments == result.segments
    # state_at at the end is the final layout, at 0 the initial one
    end = result.state_at(result.duration)
    for ball in result.final.on_table:
        assert end[ball].position == pytest.approx(result.final.position(ball), abs=1e-12)
        assert end[ball].motion in ("stationary", "spinning")
    start = result.state_at(0.0)
    assert start[5].position == layout.position(5)
