"""Layouts: validation names the ball, values round-trip."""

from __future__ import annotations

import pytest

from poolhall.equipment import TableSpec
from poolhall.layout import Layout

T = TableSpec.nine_foot()
R = T.ball.radius


def test_from_positions_reads_back() -> None:
    layout = Layout.from_positions({0: (0.635, 0.635), 1: (1.905, 0.635)}, T)
    assert layout.on_table == [0, 1]
    assert layout.position(1) == (1.905, 0.635)
    assert layout.position(2) is None
    assert layout.pocketed == {}


@pytest.mark.parametrize(
    ("positions", "words"),
    [
        ({3: (R / 2, 0.6)}, "ball 3: "),
        ({0: (1.0, 0.6), 5: (1.0 + R, 0.6)}, "balls 0 and 5 overlap"),
        ({16: (1.0, 0.6)}, "ball 16"),
        ({2: (float("nan"), 0.5)}, "ball 2: position"),
        ({4: ("a", 0.5)}, "ball 4: position must be two numbers"),
    ],
)
def test_bad_positions_name_the_ball(positions: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Layout.from_positions(positions, T)


def test_frozen_balls_are_not_overlapping() -> None:
    layout = Layout.from_positions({1: (1.0, 0.6), 2: (1.0 + 2 * R, 0.6)}, T)
    assert layout.problems() == []


def test_every_problem_reported_at_once() -> None:
    with pytest.raises(ValueError) as info:
        Layout.from_positions({1: (0.0, 0.6), 2: (1.0, 0.6), 3: (1.0, 0.6 + R)}, T)
    assert "ball 1" in str(info.value) and "balls 2 and 3" in str(info.value)


def test_dict_round_trip() -> None:
    layout = Layout.from_positions({0: (0.5, 0.5), 9: (2.0, 1.0)}, T, pocketed={8: "foot-left"})
    again = Layout.from_dict(layout.to_dict())
    assert again == layout
    assert again.pocketed == {8: "foot-left"}


def test_with_positions_moves_and_removes() -> None:
    layout = Layout.from_positions({0: (0.5, 0.5), 9: (2.0, 1.0)}, T)
    moved = layout.with_positions({9: None, 0: (0.6, 0.5)})
    assert moved.on_table == [0]
    assert moved.position(0) == (0.6, 0.5)
    assert layout.position(9) == (2.0, 1.0)  # the original is unchanged


def test_table_by_name() -> None:
    assert TableSpec.named("7ft").length == pytest.approx(1.9812)
    with pytest.raises(ValueError, match="unknown table"):
        TableSpec.named("10-foot")
