"""A whole simulated eight-ball match in which a ball leaves the table (issue 8), refereed per RULES.

The strokes come from the simple player, every other one made hard and raised
by a seeded random number generator; seed 2 was found by searching seeds 0-29
(``poolhall.game`` only: no physics is faked; seed 0 served until issue 14's
loose racks and contact model changed its match). Its fifth shot sends the cue
ball and an object ball over a cushion.
"""

from __future__ import annotations

import random

import pytest

from poolhall.equipment import CUE, TableSpec
from poolhall.game import Match, Shoot
from poolhall.game.simple_player import SimplePlayer
from poolhall.game.view import MatchView
from poolhall.physics import Stroke
from poolhall.rules.model import Options

TABLE = TableSpec()
SEED = 2


class WildPlayer:
    """The simple player, but about every other stroke twice as hard plus 3 m/s, from a cue raised 0.3-1 rad."""

    def __init__(self, seed: int) -> None:
        self.inner = SimplePlayer()
        self.rng = random.Random(seed)

    def act(self, view: MatchView) -> object:
        action = self.inner.act(view)
        if isinstance(action, Shoot) and self.rng.random() < 0.5:
            s = action.stroke
            return Shoot(Stroke(min(12.0, 2 * s.speed + 3), s.phi, theta=self.rng.uniform(0.3, 1.0)), action.call)
        return action


@pytest.fixture(scope="module")
def match() -> Match:
    played = Match("eight-ball", Options(race_to=1), seed=SEED)
    played.play({"A": WildPlayer(SEED), "B": WildPlayer(SEED + 1000)})  # type: ignore[dict-item]
    return played


def test_the_match_with_balls_off_the_table_ends(match: Match) -> None:
    assert match.over and match.winner in ("A", "B")


def test_an_object_ball_off_the_table_is_a_foul_and_is_spotted(match: Match) -> None:
    """RULES 8B-18, 8B-18-C1, GEN-4, GEN-11: an object ball driven off the table is a foul (GEN-F6) and is spotted
    on the long string after the balls stop; the cue ball went too (GEN-F2), so the opponent has it in hand
    (8B-15). The shot is the match's first that sends the cue ball and one object ball off (the fourteenth)."""
    number = next(i for i, s in enumerate(match.shots) if CUE in s.facts.off_table and len(s.facts.off_table) == 2)
    assert number == 13
    shot = match.shots[number]
    ball = shot.facts.off_table[1]
    assert shot.facts.off_table == (CUE, ball) and ball != 8
    assert shot.after is not None and shot.after.off_table == {CUE, ball}
    assert {"GEN-F2", "GEN-F6"} <= set(shot.ruling.fouls)
    assert {"8B-18", "8B-18-C1", "GEN-11"} <= set(shot.ruling.rules)
    assert shot.ruling.spot == (ball,) and shot.ruling.ball_in_hand == "anywhere"
    spotted = match.shots[number + 1].before
    assert spotted is not None
    x, y = spotted.position(ball)
    assert y == pytest.approx(TABLE.width / 2) and x >= TABLE.foot_spot[0] - 1e-12  # on the long string
    assert shot.facts.technique == "jump"  # the raised cue threw the cue ball up before it reached the ball
    assert shot.facts.first_contact == (ball,)
