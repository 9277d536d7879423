"""Matches with real simulation: whole matches, replay determinism, refused actions, a 14.1 re-rack on the table."""

from __future__ import annotations

import contextlib
import dataclasses
import math
from typing import Any

import pytest

from poolhall import racking
from poolhall.equipment import CUE, PhysicsParams, TableSpec
from poolhall.game import Choose, Match, MatchError, PlaceCueBall, Shoot
from poolhall.game.players import make_player
from poolhall.game.record import first_difference, from_dict, params_of, replay, to_dict
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Call, Options

TABLE = TableSpec()


@pytest.fixture(scope="module")
def played() -> Match:
    match = Match("eight-ball", Options(race_to=1), seed=11)
    match.play({"A": make_player("simple"), "B": make_player("simple")})
    return match


def test_a_simulated_match_ends_and_every_shot_is_recorded(played: Match) -> None:
    assert played.over and played.winner in ("A", "B")
    assert played.state.games_won[played.winner] == 1
    assert len(played.shots) == played.state.shots > 0
    for shot in played.shots:
        assert shot.before is not None and shot.stroke is not None and shot.after is not None


def test_replay_reproduces_every_layout_exactly(played: Match) -> None:
    """The record's actions, folded again, give bit-identical layouts, facts and rulings."""
    record = from_dict(to_dict(played))
    again = replay(record)
    assert [s.before for s in again.shots] == [s.before for s in played.shots]
    assert [s.after for s in again.shots] == [s.after for s in played.shots]
    assert again.state == played.state
    assert first_difference(record) is None


def test_the_same_seed_gives_the_same_match(played: Match) -> None:
    twin = Match("eight-ball", Options(race_to=1), seed=11)
    twin.play({"A": make_player("simple"), "B": make_player("simple")})
    assert to_dict(twin) == to_dict(played)


def _at_break() -> Match:
    match = Match("eight-ball", seed=2, lag_winner="A")
    match.apply("A", Choose("break"))
    return match


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlaceCueBall(1.0, 0.6), "behind the head string"),
        (PlaceCueBall(0.01, 0.6), "not on the cloth"),
        (Shoot(Stroke(5.0, 0.0)), "cannot shoot now"),
    ],
)
def test_illegal_placements_and_actions_are_refused(action: object, reason: str) -> None:
    """GEN-9: the kitchen placement; a shot before the cue ball is placed. The state is unchanged."""
    match = _at_break()
    before = match.state
    with pytest.raises(MatchError, match=reason):
        match.apply("A", action)  # type: ignore[arg-type]
    assert match.state is before


def test_refused_calls_and_strokes() -> None:
    """GEN-8: a called ball must be on the table; no call on the eight-ball break (8B-2); a real stroke."""
    match = _at_break()
    match.apply("A", PlaceCueBall(0.5, 0.6))
    before = match.state
    with pytest.raises(MatchError, match="not a called shot"):
        match.apply("A", Shoot(Stroke(8.0, 0.0), Call(1, "foot-left")))
    with pytest.raises(MatchError, match="speed above 0"):
        Shoot(Stroke(0.0, 0.0))
    with pytest.raises(MatchError, match="unknown pocket"):
        Shoot(Stroke(2.0, 0.0), Call(3, "corner"))
    assert match.state is before
    match.apply("A", Shoot(Stroke(8.0, math.atan2(TABLE.foot_spot[1] - 0.6, TABLE.foot_spot[0] - 0.5))))
    gone = next(iter(set(range(1, 16)) - match.state.on_table), None)
    if gone is not None and match.state.phase == "shoot" and match.state.to_act == "A":
        with pytest.raises(MatchError, match="not on the table"):
            match.apply("A", Shoot(Stroke(2.0, 0.0), Call(gone, "foot-left")))


def test_fourteen_ball_rerack_moves_the_15th_ball_out_of_the_rack_area() -> None:
    """14.1-7.3, 14.1-7.6-C1 (S-43): the 14th ball drops, the 15th lies in the rack area, the cue ball elsewhere:
    the 15th goes to the head spot, fourteen balls are racked with the apex empty, the shooter continues."""
    r = TABLE.ball.radius
    fifteenth = (TABLE.foot_spot[0] + 0.1, TABLE.width / 2 + 0.02)
    ball, pocket = (1.0, 0.3), (TABLE.length / 2, 0.0)
    d = math.dist(ball, pocket)
    u = ((pocket[0] - ball[0]) / d, (pocket[1] - ball[1]) / d)
    cue = (ball[0] - (2 * r + 0.3) * u[0], ball[1] - (2 * r + 0.3) * u[1])
    layout = Layout.from_positions({CUE: cue, 5: ball, 12: fifteenth}, TABLE)
    assert racking.in_rack_area(TABLE, fifteenth)
    match = Match.from_position("straight-pool", layout, shooter="A", seed=4)
    shot = match.apply("A", Shoot(Stroke(1.6, math.atan2(u[1], u[0]), b=-0.2), Call(5, "side-right")))
    assert shot is not None and shot.facts.pocketed[0].ball == 5
    assert shot.facts.after is not None and shot.facts.after.last_ball == "in-rack"
    assert shot.ruling.rerack == "fourteen" and shot.ruling.move == {12: "head-spot"}
    state = match.state
    assert state.layout is not None and state.layout.position(12) == TABLE.head_spot
    assert state.on_table == frozenset(range(1, 16)) and state.shooter == "A" and not state.break_next
    apex = racking.rack_slots(TABLE)[0]
    assert all(math.dist(state.layout.positions[b], apex) > r for b in range(1, 16))
    assert state.score["A"] == 1


def test_a_record_from_before_the_cushion_model_field_replays_on_han_2005() -> None:
    """Records written before ``PhysicsParams.cushion_model`` existed were played on Han 2005's cushion; since
    Mathavan 2010's became the default, reading one without the field must keep Han's, or its replay differs
    (and one without ``cushion_yield_exponent``, the rigid Mathavan cushion; one without ``mathavan_in_air``,
    Han's impulse for a ball in the air)."""
    match = Match("eight-ball", Options(race_to=1), seed=11, params=PhysicsParams(cushion_model="han-2005"))
    match.play({"A": make_player("simple"), "B": make_player("simple")}, max_actions=8)
    data = to_dict(match)
    del data["physics"]["cushion_model"]
    assert first_difference(from_dict(data)) is None
    data["physics"]["cushion_model"] = "mathavan-2010"
    assert first_difference(from_dict(data)) is not None
    # written before cushion_yield_exponent existed: Mathavan's cushion was rigid at every speed
    assert params_of({"cushion_model": "mathavan-2010"}).cushion_yield_exponent == 0.0
    # written before mathavan_in_air existed: a ball in the air met Han 2005's impulse
    assert params_of({"cushion_model": "mathavan-2010", "cushion_yield_exponent": 0.5}).mathavan_in_air is False
    assert params_of(dataclasses.asdict(PhysicsParams())) == PhysicsParams()


def test_a_record_from_before_cushion_tolerance_replays_in_fixed_steps() -> None:
    """Records written before ``PhysicsParams.cushion_tolerance`` (session 30) met Mathavan's cushion in 40 fixed
    steps; reading one without the field must keep them, or every shot after a cushion impact replays a hair
    differently (docs/records.md)."""
    data = _played_with(PhysicsParams(cushion_tolerance=0.0, cushion_departure=False))
    del data["physics"]["cushion_tolerance"], data["physics"]["cushion_departure"]
    assert params_of(data["physics"]).cushion_tolerance == 0.0
    assert first_difference(from_dict(data)) is None
    data["physics"]["cushion_tolerance"] = PhysicsParams().cushion_tolerance
    assert first_difference(from_dict(data)) is not None


def test_a_record_from_before_cushion_departure_replays_with_the_papers_eq_15() -> None:
    """Records written in session 30 chose the impact's steps but gave no friction where the cloth did not slip
    (the paper's Eq. 15); read without ``PhysicsParams.cushion_departure`` they must keep it (docs/records.md)."""
    data = _played_with(PhysicsParams(cushion_departure=False))
    del data["physics"]["cushion_departure"]
    assert params_of(data["physics"]).cushion_departure is False
    assert first_difference(from_dict(data)) is None
    data["physics"]["cushion_departure"] = True
    assert first_difference(from_dict(data)) is not None


def _played_with(params: PhysicsParams) -> dict[str, Any]:
    """The record of a few shots of a match played on ``params``."""
    match = Match("eight-ball", Options(race_to=1), seed=11, params=params)
    with contextlib.suppress(MatchError):  # a few shots are enough; the match need not end
        match.play({"A": make_player("simple"), "B": make_player("simple")}, max_actions=8)
    return to_dict(match)
