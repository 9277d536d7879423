"""Rendering: a PNG to scale, balls in their colours where they lie, shot paths from the exact segments."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from matplotlib import colors
from PIL import Image

from poolhall.equipment import CUE, TableSpec
from poolhall.layout import Layout
from poolhall.physics.result import Event, Segment, ShotResult
from poolhall.racking import eight_ball_rack
from poolhall.render import CLOTH, POCKET, ball_colour, image_point, outer_extent, path_points, render

T = TableSpec.nine_foot()
R = T.ball.radius


def rgb(colour: str) -> np.ndarray:
    return np.array([round(v * 255) for v in colors.to_rgb(colour)])


def pixel(img: np.ndarray, xy: tuple[float, float]) -> np.ndarray:
    col, row = image_point(T, xy, (img.shape[1], img.shape[0]))
    return img[row, col, :3].astype(int)


def read(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"))


@pytest.fixture(scope="module")
def rack_png(tmp_path_factory: pytest.TempPathFactory) -> tuple[Layout, np.ndarray]:
    layout = eight_ball_rack(5, T, cue=(0.5, 0.4))
    out = render(layout, tmp_path_factory.mktemp("render") / "rack.png", width_px=1200)
    return layout, read(out)


def test_png_has_the_table_aspect_ratio(rack_png: tuple[Layout, np.ndarray]) -> None:
    _, img = rack_png
    x0, x1, y0, y1 = outer_extent(T)
    assert img.shape[1] == 1200
    assert img.shape[0] == pytest.approx(1200 * (y1 - y0) / (x1 - x0), abs=1)


def test_each_ball_shows_its_colour_where_it_lies(rack_png: tuple[Layout, np.ndarray]) -> None:
    """1 yellow ... 8 black, stripes 9-15 a band of the same colours, the cue ball white."""
    layout, img = rack_png
    for ball in layout.on_table:
        x, y = layout.position(ball)
        seen = pixel(img, (x + 0.7 * R, y))  # beside the number disc, inside the band of a stripe
        assert np.abs(seen - rgb(ball_colour(ball))).max() < 40, (ball, seen, ball_colour(ball))


def test_cloth_and_pockets(rack_png: tuple[Layout, np.ndarray]) -> None:
    _, img = rack_png
    assert np.abs(pixel(img, (1.2, 0.9)) - rgb(CLOTH)).max() < 10
    assert np.abs(pixel(img, (T.length / 2, -0.03)) - rgb(POCKET)).max() < 10  # the side-right pocket
    assert np.abs(pixel(img, (-0.02, -0.02)) - rgb(POCKET)).max() < 10  # the head-right corner pocket


def _straight_roll(ball: int, start: tuple[float, float], speed: float, decel: float) -> Segment:
    t1 = speed / decel
    return Segment(ball, 0.0, t1, "rolling", start, (speed, 0.0), (-decel, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))


def test_path_points_follow_the_segment_polynomials() -> None:
    seg = _straight_roll(3, (0.5, 0.3), 1.0, 0.5)
    result = ShotResult(
        Layout.from_positions({3: (0.5, 0.3)}), Layout.from_positions({3: (1.5, 0.3)}), [], {3: [seg]}, 2.0
    )
    pts = path_points(result, 3)
    assert pts[0] == pytest.approx((0.5, 0.3))
    assert pts[-1] == pytest.approx((0.5 + 1.0 * 2.0 - 0.25 * 4.0, 0.3))  # p0 + v0 T + acc T^2 / 2
    assert np.all(np.diff(pts[:, 0]) >= 0)


def test_a_shot_draws_the_path_the_start_ghost_and_the_final_ball(tmp_path: Path) -> None:
    seg = _straight_roll(3, (0.5, 0.3), 1.0, 0.5)
    initial = Layout.from_positions({3: (0.5, 0.3), CUE: (0.3, 1.0)})
    final = Layout.from_positions({3: (1.5, 0.3), CUE: (0.3, 1.0)})
    still = Segment(CUE, 0.0, 2.0, "stationary", (0.3, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0,) * 3, (0.0,) * 3)
    result = ShotResult(initial, final, [Event(0.0, "stroke", (3,), None)], {3: [seg], CUE: [still]}, 2.0)
    img = read(render(initial, tmp_path / "shot.png", result, width_px=1200))
    red = rgb(ball_colour(3))
    assert np.abs(pixel(img, (1.0, 0.3)) - red).max() < 40  # on the path
    assert np.abs(pixel(img, (1.5 + 0.7 * R, 0.3)) - red).max() < 40  # the ball where it stopped
    assert np.abs(pixel(img, (0.5, 0.3 + 0.6 * R)) - rgb(CLOTH)).max() < 10  # only a ghost outline at the start
    ring = [(0.5 + R * np.cos(a), 0.3 + R * np.sin(a)) for a in np.linspace(0.3, 2.8, 40)]
    assert sum(np.abs(pixel(img, xy) - red).max() < 60 for xy in ring) >= 10  # the dashed outline
