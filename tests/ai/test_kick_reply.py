"""The opponent's reply when a leave snookers him: his kicks, and the fouls they force (``evaluate.kick_reply``)."""

from __future__ import annotations

import numpy as np

from poolhall.ai import evaluate, shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.noise import LEVELS, NoiseModel
from poolhall.equipment import TableSpec

from .helpers import match_at

R = TableSpec.nine_foot().ball.radius
#: Stripes to play (A), his one ball (9) behind a wall of three solids: every direct line, full or thin,
#: is blocked, the long rails are open for a kick.
HIDDEN = {0: (0.6, 0.635), 9: (2.2, 0.635), 1: (1.9, 0.635), 2: (1.9, 0.635 - 2 * R - 0.004),
          3: (1.9, 0.635 + 2 * R + 0.004), 8: (1.0, 1.1)}  # fmt: skip
STRIPES = {"A": "stripes", "B": "solids"}


def _ctx(positions: dict[int, tuple[float, float]], noise: NoiseModel = LEVELS["pro"]) -> Context:
    return context_of(match_at(positions, groups=STRIPES).view(), noise)


def test_a_ball_behind_a_wall_is_out_of_sight_and_a_thin_edge_is_not() -> None:
    """``shots.in_sight`` tries full and thin lines: with the wall's middle ball moved 4.5 cm aside, the
    full line is still blocked (no direct hit in ``shots.safeties``) but a thin edge of the 9 shows."""
    hidden = _ctx(HIDDEN)
    assert not shots.in_sight(hidden.layout, HIDDEN[0], [9])
    edge = {**HIDDEN, 1: (1.9, 0.59), 2: (1.9, 0.40), 3: (1.9, 0.90)}
    ctx = _ctx(edge)
    assert not shots.safeties(ctx.layout, edge[0], [9])
    assert shots.in_sight(ctx.layout, edge[0], [9])


def test_a_snookered_opponent_kicks_and_a_looser_kicker_fouls_more() -> None:
    """The reply to a snooker is his kick, played under noise: at a beginner's noise (8 times pro's aim
    error) the same kicks miss the 9 or hit a solid first more often than at pro's (GEN-F3, GEN-F4)."""
    rng = np.random.default_rng(0)
    sure = evaluate.reply_quality(_ctx(HIDDEN), rng, 24)
    loose = evaluate.reply_quality(_ctx(HIDDEN, LEVELS["beginner"]), rng, 24)
    assert loose.foul > sure.foul + 0.1
    assert evaluate.quick_quality(_ctx(HIDDEN)) == 0.0


def test_the_quick_reply_charges_a_snooker_a_foul_chance() -> None:
    """Geometry alone: no pot, a foul at ``quick_kick``'s rate, higher for a longer best kick."""
    reply = evaluate.quick_reply(_ctx(HIDDEN))
    assert reply.pot == 0.0 and evaluate.KICK_FOUL_MIN <= reply.foul <= evaluate.KICK_FOUL
    farther = {**HIDDEN, 0: (0.2, 0.635)}
    assert evaluate.quick_reply(_ctx(farther)).foul > reply.foul


def test_an_open_straight_pot_reply_is_unchanged() -> None:
    """With a legal ball in sight the reply is his pots as before: no foul charged, the quick reply his
    straight-in chance when it is at the cap."""
    open_pot = {0: (1.0, 0.635), 9: (1.6, 0.635), 1: (0.5, 1.0), 8: (0.4, 0.2)}
    ctx = _ctx(open_pot)
    assert shots.in_sight(ctx.layout, open_pot[0], [9])
    reply = evaluate.reply_quality(ctx, np.random.default_rng(0), 12)
    assert reply.foul == 0.0 and reply.pot > 0.9
    assert evaluate.quick_reply(ctx) == evaluate.Reply(evaluate.quick_quality(ctx))


def test_his_foul_is_worth_the_foul_value_from_the_other_side() -> None:
    """Eight-ball: his foul gives cue ball in hand (8B-15), worth ``-FOUL`` to the player who left him; in
    14.1 it also costs him a point (14.1-5)."""
    assert evaluate.foul_worth(_ctx(HIDDEN)) == -evaluate.FOUL
    rack = {0: (0.6, 0.635), 1: (1.6, 0.635), 2: (2.0, 0.3)}
    straight = context_of(match_at(rack, game="straight-pool").view(), LEVELS["pro"])
    assert evaluate.foul_worth(straight) == -evaluate.FOUL + 1.0
