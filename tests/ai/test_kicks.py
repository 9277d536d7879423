"""Kicks (the cue ball off one or two rails into a ball it cannot see, aimed by trial on the simulator), and
a ball hanging in a pocket's jaws.

A real cushion does not reflect like a mirror: the simulated one (Mathavan 2010)
sends the cue ball off at an angle that depends on its speed and spin, so the
mirror line alone often misses; ``evaluate.aim_kick`` finds the aim a player
with a diamond system would: the mirror line corrected by the cue ball's
simulated path, then centred by trying directions around it.
"""

from __future__ import annotations

import random

import numpy as np

from poolhall.ai import shots
from poolhall.ai.context import context_of
from poolhall.ai.evaluate import aim_kick
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.player import ComputerPlayer
from poolhall.ai.search import KICK_ARRIVALS
from poolhall.equipment import TableSpec
from poolhall.game import facts
from poolhall.layout import Layout
from poolhall.physics import Stroke, simulate

from .helpers import light, match_at

#: From a pro game: B's last solid, the 2, lies near the foot-right corner behind the 14; the one-rail
#: mirror line off the far long rail at the 2's centre meets the rail in the side pocket's mouth.
HIDDEN = {0: (0.3207, 0.1351), 2: (2.1235, 0.049), 8: (1.7565, 0.3193), 10: (1.2664, 0.5727), 14: (1.7929, 0.0666)}


def _first_hit(layout: Layout, stroke: Stroke) -> tuple[int, ...]:
    return facts.first_contact(simulate(layout, stroke).events)[0]


def test_a_ball_hidden_near_a_pocket_is_kicked_across_its_face_or_off_two_rails() -> None:
    layout = Layout.from_positions(HIDDEN)
    assert shots.safeties(layout, HIDDEN[0], [2]) == []  # no direct line: the 14 is in the way
    found = shots.kicks(layout, HIDDEN[0], [2])
    assert found and all(k.kind == "kick" and k.first == 2 for k in found)
    match = match_at(HIDDEN, groups={"A": "solids", "B": "stripes"})
    ctx = context_of(match.view(), LEVEL_BY_NAME["pro"].noise)
    kick = found[0]
    strokes = [aim_kick(ctx, kick, Stroke(speed=shots.stick_speed(kick, v), phi=kick.phi)) for v in KICK_ARRIVALS]
    assert [_first_hit(layout, s) for s in strokes].count((2,)) >= 2  # the slowest may die on the way


def _hidden_positions(count: int) -> list[dict[int, tuple[float, float]]]:
    """Random tables on which the cue ball sees neither the 1 nor the 2 (seeded)."""
    table = TableSpec()
    r = table.ball.radius
    rnd = random.Random(5)
    out: list[dict[int, tuple[float, float]]] = []
    while len(out) < count:
        pos: dict[int, tuple[float, float]] = {}
        for ball in (0, 1, 2, 8, 9, 10, 11, 12, 13, 14):
            p = (rnd.uniform(2 * r, table.length - 2 * r), rnd.uniform(2 * r, table.width - 2 * r))
            if all(np.hypot(p[0] - q[0], p[1] - q[1]) > 2.05 * r for q in pos.values()):
                pos[ball] = p
        if len(pos) == 10 and not shots.safeties(Layout.from_positions(pos), pos[0], [1, 2]):
            out.append(pos)
    return out


def test_aiming_by_trial_hits_the_hidden_ball_far_more_often_than_the_mirror_line() -> None:
    mirror = trial = total = 0
    for pos in _hidden_positions(6):
        match = match_at(pos, groups={"A": "solids", "B": "stripes"})
        ctx = context_of(match.view(), LEVEL_BY_NAME["pro"].noise)
        for kick in shots.kicks(ctx.layout, pos[0], [1, 2])[:3]:
            plain = Stroke(speed=shots.stick_speed(kick, 2.4), phi=kick.phi)
            total += 1
            mirror += _first_hit(ctx.layout, plain) == (kick.first,)
            trial += _first_hit(ctx.layout, aim_kick(ctx, kick, plain)) == (kick.first,)
    assert total >= 10
    assert trial >= 0.9 * total and trial > mirror


def test_a_ball_hanging_in_the_jaws_is_potted_not_played_safe_rules_8b_20() -> None:
    """From a bench game that never ended: the 8 came to rest in the head-left mouth, past the jaw points,
    where no window exists; both players, on the 8 with the cue ball in hand, played 'safeties' that
    missed it (GEN-F3) for 70 innings each. The hanging ball is a pot along the mouth's normal (8B-20a:
    the 8 legally pocketed wins)."""
    eight = (0.023885622149458444, 1.2587474322068934)
    layout = Layout.from_positions({0: (0.1586, 1.1586), 8: eight})
    found = shots.pots(layout, (0.1586, 1.1586), [8], LEVEL_BY_NAME["pro"].noise.sigma_phi)
    assert [(s.ball, s.pocket) for s in found] == [(8, "head-left")]
    match = match_at({0: (0.1586, 1.1586), 8: eight}, groups={"A": "solids", "B": "stripes"})
    player = ComputerPlayer(light("pro"))
    record = match.apply("A", player.act(match.view()))
    assert record is not None and record.ruling.winner == "A"
