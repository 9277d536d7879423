"""``Match.last_result``: the simulator's result of the last shot, handed to drivers that animate it."""

from __future__ import annotations

from poolhall.game import Choose, Match, PlaceCueBall, Shoot
from poolhall.physics import Stroke, simulate


def test_a_shot_hands_back_the_result_the_match_ruled_on() -> None:
    match = Match("eight-ball", seed=2, lag_winner="A")
    match.apply("A", Choose("break"))
    assert match.last_result is None
    match.apply("A", PlaceCueBall(0.5, 0.6))
    assert match.last_result is None
    record = match.apply("A", Shoot(Stroke(speed=7.0, phi=0.0)))
    result = match.last_result
    assert record is not None and result is not None
    assert result.final == record.after and result.duration == record.duration
    again = simulate(record.before, record.stroke, table=match.state.table)
    assert again.segments == result.segments  # the same trajectory as simulating once more
