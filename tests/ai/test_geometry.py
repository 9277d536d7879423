"""Aiming geometry: pocket windows, clear paths, rail mirrors and the quick chance."""

from __future__ import annotations

import math

import numpy as np

from poolhall.ai import geometry, shots
from poolhall.equipment import TableSpec
from poolhall.layout import Layout

TABLE = TableSpec()


def test_the_aim_goes_between_the_jaws_not_at_the_corner() -> None:
    ball = np.array([[2.2, 0.3]])
    aim, half, _ = geometry.windows(TABLE, ball)
    j = [m.name for m in geometry.mouths(TABLE)].index("foot-right")
    mouth = geometry.mouths(TABLE)[j]
    u = aim[0, j]
    # the aim line passes the mouth line between the jaw points, at least a radius from each
    t = (mouth.centre[0] - 2.2) * u[0] + (mouth.centre[1] - 0.3) * u[1]
    cross = (2.2 + t * u[0], 0.3 + t * u[1])
    for point in (mouth.p1, mouth.p2):
        assert math.dist(cross, point) > TABLE.ball.radius * 0.9
    assert half[0, j] > 0
    # seen from far up the side rail, the side pocket is hidden behind its jaw
    side = [m.name for m in geometry.mouths(TABLE)].index("side-right")
    _, half_side, _ = geometry.windows(TABLE, np.array([[0.3, TABLE.ball.radius + 0.001]]))
    assert half_side[0, side] <= 0


def test_a_ball_in_the_way_blocks_the_pot() -> None:
    open_table = Layout.from_positions({0: (1.0, 0.3), 1: (2.0, 0.3)})
    blocked = Layout.from_positions({0: (1.0, 0.3), 1: (2.0, 0.3), 9: (1.5, 0.3)})
    j = [m.name for m in geometry.mouths(TABLE)].index("foot-right")
    assert geometry.chances(open_table, (1.0, 0.3), [1], math.radians(0.125))[0, j] > 0.3
    assert geometry.chances(blocked, (1.0, 0.3), [1], math.radians(0.125))[0, j] == 0


def test_the_quick_chance_falls_with_noise_distance_and_cut() -> None:
    r = TABLE.ball.radius
    base = geometry.chance(0.2, 0.5, 0.02, r, 0.002)
    assert geometry.chance(0.2, 0.5, 0.02, r, 0.008) < base
    assert geometry.chance(0.2, 1.5, 0.02, r, 0.002) < base
    assert geometry.chance(1.0, 0.5, 0.02, r, 0.002) < base
    assert geometry.chance(0.2, 0.5, -0.01, r, 0.002) == 0


def test_a_mirror_image_gives_the_rail_bounce() -> None:
    axis, at = geometry.mirror_lines(TABLE)["right"]
    image = geometry.mirror((1.0, 0.5), axis, at)
    bounce = geometry.bounce_point((0.5, 0.5), image, axis, at)
    assert bounce is not None and math.isclose(bounce[1], TABLE.ball.radius)
    assert math.isclose(bounce[0], 0.75)  # equal angles: half way along


def test_speeds_invert() -> None:
    for distance in (0.2, 1.0, 2.5):
        v0 = shots.launch_for(0.5, distance)
        assert math.isclose(shots.speed_after(v0, distance), 0.5, rel_tol=1e-6)
    assert shots.speed_after(1.0, 0.1) > shots.speed_after(1.0, 1.0)


def test_the_floor_skips_only_the_shots_under_it() -> None:
    """``chances_from(..., floor=f)`` is the full estimate where it is above f and 0 elsewhere."""
    layout = Layout.from_positions({1: (0.8, 0.5), 2: (1.5, 0.9), 3: (2.2, 0.2), 9: (1.2, 0.7), 10: (2.0, 0.35)})
    spots = shots.table_spots(layout.table, False, 0.2)
    sigma = math.radians(0.125)
    full = geometry.chances_from(layout, spots, [1, 2, 3, 9], sigma)
    floored = geometry.chances_from(layout, spots, [1, 2, 3, 9], sigma, floor=0.5)
    assert 0 < np.count_nonzero(floored) < np.count_nonzero(full)
    np.testing.assert_array_equal(floored, np.where(full > 0.5, full, 0.0))
