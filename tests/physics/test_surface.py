"""Where a ball may lie (``equipment.on_playing_surface``): the cloth and the pocket mouths, never a cushion."""

from __future__ import annotations

import math

import pytest
from phys_shots import TABLE, R

from poolhall import Layout, Stroke, simulate
from poolhall.equipment import on_playing_surface, table_geometry

HEAD_RIGHT = next(p for p in table_geometry(TABLE).pockets if p.name == "head-right")


def _in_the_throat(depth: float) -> tuple[float, float]:
    """A point on the head-right pocket's centre line, ``depth`` behind the mouth line."""
    (x1, y1), (x2, y2) = HEAD_RIGHT.points
    return ((x1 + x2) / 2 - depth / math.sqrt(2), (y1 + y2) / 2 - depth / math.sqrt(2))


def test_a_ball_resting_in_the_jaws_is_on_the_bed() -> None:
    """A ball 3 cm into the head-right throat: outside [R, L - R] x [R, W - R], yet a valid layout and shot."""
    xy = _in_the_throat(0.03)
    assert xy[0] < R and xy[1] < R
    assert on_playing_surface(TABLE, *xy)
    layout = Layout.from_positions({0: (0.8, 0.5), 11: xy})
    result = simulate(layout, Stroke(2.0, 0.3))
    assert not result.event_cap_hit


@pytest.mark.parametrize(
    ("xy", "why"),
    [
        ((1.0, R / 2), "half a radius into the right cushion"),
        ((TABLE.length - R + 1e-6, 0.6), "a micrometre into the foot cushion"),
        ((HEAD_RIGHT.points[0][0] + R / 2, HEAD_RIGHT.points[0][1]), "on the head rail's jaw point"),
        (HEAD_RIGHT.capture_centre, "where it would have dropped"),
        ((-0.05, 0.6), "behind the head cushion"),
    ],
)
def test_a_ball_in_a_cushion_or_past_the_drop_is_not(xy: tuple[float, float], why: str) -> None:
    assert not on_playing_surface(TABLE, *xy), why
    with pytest.raises(ValueError, match=r"ball 3: .* not on the cloth"):
        Layout.from_positions({0: (0.8, 0.5), 3: xy})


def test_frozen_to_a_cushion_within_the_contact_tolerance_is_on_the_bed() -> None:
    """The simulator leaves a ball touching a rail to ~1e-15 m either way; both sides of the line are fine."""
    assert on_playing_surface(TABLE, 1.0, R - 1e-12)
    assert on_playing_surface(TABLE, TABLE.length - R + 1e-12, 0.6)
