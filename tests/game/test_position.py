"""``Match.from_position``: a match that starts on a set table, checked like any other and replayed from its record."""

from __future__ import annotations

import math

import pytest

from poolhall.equipment import CUE, TableSpec
from poolhall.game import EnterShot, Match, MatchError, PlaceCueBall, Shoot
from poolhall.game.record import first_difference, from_dict, replay, to_dict
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Call, Options

from .scripts import facts

TABLE = TableSpec()
#: The 5 a short straight shot from the cue ball into the side-right pocket (y = 0), the 9 far away.
BALL = (TABLE.length / 2, 0.25)
CUE_XY = (TABLE.length / 2, 0.6)
POSITIONS = {CUE: CUE_XY, 5: BALL, 9: (2.2, 1.0)}
TOWARD_SIDE = -math.pi / 2


def test_physics_position_asks_the_shooter_to_shoot_with_the_cue_ball_where_it_lies() -> None:
    layout = Layout.from_positions(POSITIONS, TABLE)
    match = Match.from_position("straight-pool", layout, shooter="B", scores={"A": 40, "B": 12}, seed=3)
    asked = match.view().asked
    assert (asked.kind, asked.player, asked.area, asked.break_shot) == ("shoot", "B", None, False)
    assert match.state.layout == layout and match.state.on_table == frozenset({5, 9})
    assert match.state.score == {"A": 40, "B": 12} and match.log == []


def test_a_pot_from_a_position_scores_and_the_record_replays_from_the_same_table() -> None:
    """14.1-7.1, 14.1-5: the called 5 drops and scores; the record's ``start`` makes the replay exact."""
    layout = Layout.from_positions(POSITIONS, TABLE)
    match = Match.from_position("straight-pool", layout, shooter="A", scores={"A": 7, "B": 0}, seed=5)
    shot = match.apply("A", Shoot(Stroke(1.5, TOWARD_SIDE), Call(5, "side-right")))
    assert shot is not None and shot.facts.pocketed_balls == (5,)
    assert match.state.score["A"] == 8 and match.state.shooter == "A"
    record = from_dict(to_dict(match))
    assert record.data["start"]["shooter"] == "A" and record.data["start"]["score"] == {"A": 7, "B": 0}
    again = replay(record)
    assert again.state == match.state and first_difference(record) is None


def test_ball_in_hand_lifts_the_cue_ball_and_asks_for_a_placement() -> None:
    """GEN-9: in hand anywhere (eight-ball) the shooter places first; the groups are closed as given."""
    layout = Layout.from_positions({**POSITIONS, 8: (2.0, 0.3)}, TABLE)
    match = Match.from_position(
        "eight-ball", layout, shooter="A", ball_in_hand="anywhere", groups={"A": "solids", "B": "stripes"}
    )
    assert match.view().asked.kind == "place" and match.view().asked.area == "anywhere"
    assert match.state.layout is not None and match.state.layout.position(CUE) is None
    assert not match.state.table_open and match.state.groups == {"A": "solids", "B": "stripes"}
    match.apply("A", PlaceCueBall(*CUE_XY))
    assert match.view().asked.kind == "shoot"
    record = from_dict(to_dict(match))
    assert replay(record).state == match.state


def test_scorekeeper_position_from_ball_numbers() -> None:
    """A scorekeeper's position has no layout: the object balls on the table, the shooter, the 14.1 fouls."""
    match = Match.from_position("straight-pool", [3, 7, 12], shooter="B", fouls_in_a_row={"A": 0, "B": 2})
    assert match.state.scorekeeper and match.state.layout is None
    assert match.view().asked.kind == "enter-shot" and match.state.fouls_in_a_row == {"A": 0, "B": 2}
    match.apply("B", EnterShot(facts(first=[3], rails=[(3, "foot")], call="safety")))
    assert match.state.fouls_in_a_row["B"] == 0  # 14.1-12-C1: a legal safety clears the record
    assert replay(from_dict(to_dict(match))).state == match.state


@pytest.mark.parametrize(
    ("game", "kwargs", "reason"),
    [
        ("eight-ball", {"balls": [1, 9]}, "the 8 is not on the table"),
        ("straight-pool", {"groups": {"A": "solids", "B": "stripes"}}, "groups are eight-ball's"),
        ("eight-ball", {"groups": {"A": "solids", "B": "solids"}}, "groups"),
        ("straight-pool", {"ball_in_hand": "anywhere"}, "ball_in_hand"),
        ("straight-pool", {"scores": {"A": 150}}, "scores.A"),
        ("straight-pool", {"fouls_in_a_row": {"B": 3}}, "fouls_in_a_row.B"),
        ("eight-ball", {"scores": {"A": 1}}, "straight pool's"),
        ("straight-pool", {"shooter": "C"}, "shooter"),
        ("straight-pool", {"balls": []}, "object balls"),
    ],
)
def test_positions_the_rules_never_reach_are_refused(game: str, kwargs: dict, reason: str) -> None:
    balls = kwargs.pop("balls", [1, 8, 9])
    shooter = kwargs.pop("shooter", "A")
    with pytest.raises(MatchError, match=reason):
        Match.from_position(game, balls, shooter=shooter, options=Options(), **kwargs)  # type: ignore[arg-type]


def test_a_physics_position_needs_the_cue_ball_unless_it_is_in_hand() -> None:
    without_cue = Layout.from_positions({5: BALL}, TABLE)
    with pytest.raises(MatchError, match="cue ball is not on the table"):
        Match.from_position("straight-pool", without_cue, shooter="A")
    match = Match.from_position("straight-pool", without_cue, shooter="A", ball_in_hand="kitchen")
    assert match.view().asked.kind == "place" and match.view().asked.area == "kitchen"
