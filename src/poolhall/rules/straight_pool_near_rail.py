"""The near-cushion rule of 14.1 (RULES.md 14.1-7.2-C2, INC-12, CFG-9).

A ball lying near a rail (not touching it, at most a ball's width away) may be
played on a safety that only sends it to that rail a limited number of times;
after that it counts as frozen (GEN-6) for that player. The allowance used,
U(P, B), travels in the situation's ``near_rail_safeties`` and comes back in
the ruling, so the referee stays a pure function.
"""

from __future__ import annotations

from collections.abc import Mapping

from poolhall.equipment import CUE
from poolhall.rules.general import frozen_requirement_met
from poolhall.rules.model import PLAYERS, Options, Player, Ruling, Shot, Situation

Allowances = dict[Player, dict[int, int]]

#: U(P, B) at or above this: B counts as frozen for P (14.1-7.2-C2).
USED_UP = 2


def _used(situation: Situation, player: Player) -> Mapping[int, int]:
    return situation.near_rail_safeties.get(player, {})


def treated_as_frozen(options: Options, situation: Situation) -> dict[int, str]:
    """Near-rail balls that count as frozen to their near rail on this shooter's shot.

    Sheet rule (CFG-9 ``sheet``): U >= 2, or U = 0 with two fouls on record.
    Strict (CFG-9 ``strict``, BCA 1990s wording): any foul on record at the
    start of a chain already uses up the allowance.
    """
    record = situation.fouls_in_a_row.get(situation.shooter, 0)
    fresh_limit = 1 if options.near_rail_allowance == "strict" else 2
    used = _used(situation, situation.shooter)
    out: dict[int, str] = {}
    for ball, rail in situation.near_rail.items():
        u = used.get(ball, 0)
        if u >= USED_UP or (u == 0 and record >= fresh_limit):
            out[ball] = rail
    return out


def near_rail_safety(situation: Situation, shot: Shot, foul: bool) -> int | None:
    """The ball B if this shot is a near-rail safety on B (14.1-7.2-C2), else None.

    No foul, a single first ball that lay near a rail, nothing pocketed, and
    "the only rail contacts after the first contact are B's contacts with its
    near rail (i.e. a foul under GEN-6 had B been frozen)". The test is the
    GEN-6 one, so it agrees with the treated-as-frozen check: a ball frozen to
    a rail before the shot that touches that rail again fulfils nothing, and
    does not turn the shot into one that escapes the allowance. It need not
    be declared a safety.
    """
    if foul or len(shot.first_contact) != 1 or shot.pocketed:
        return None
    ball = shot.first_contact[0]
    rail = situation.near_rail.get(ball)
    if rail is None or frozen_requirement_met(shot, ball, {**situation.frozen, ball: rail}):
        return None
    return ball


def updated_allowances(options: Options, situation: Situation, shot: Shot, ruling: Ruling) -> Allowances:
    """U(P, B) for both players after the shot (14.1-E step 6).

    U returns to 0 when B is pocketed, leaves the table, is moved or re-racked;
    for the shooter also when B was not near a rail at the start of his shot,
    and on any shot without a foul that is not a near-rail safety on B. A
    near-rail safety starts U at the shooter's foul record + 1 or adds 1; while
    U > 0 each foul by the shooter adds 1 (strict: uses the allowance up).
    """
    if situation.break_shot or ruling.rerack == "full":
        return {p: {} for p in PLAYERS}
    gone = {b for b in (*shot.pocketed_balls, *shot.off_table) if b != CUE} | set(ruling.move)
    out: Allowances = {}
    for player in PLAYERS:
        kept = {b: u for b, u in _used(situation, player).items() if u > 0 and b not in gone}
        if player == situation.shooter:
            kept = _shooter_allowances(options, situation, shot, ruling, kept)
        out[player] = kept
    return out


def _shooter_allowances(
    options: Options, situation: Situation, shot: Shot, ruling: Ruling, kept: dict[int, int]
) -> dict[int, int]:
    kept = {b: u for b, u in kept.items() if b in situation.near_rail}
    if ruling.foul:
        if options.near_rail_allowance == "strict":
            return {b: max(u + 1, USED_UP) for b, u in kept.items()}
        return {b: u + 1 for b, u in kept.items()}
    ball = near_rail_safety(situation, shot, ruling.foul)
    if ball is None:
        return {}
    u = kept.get(ball, 0)
    record = situation.fouls_in_a_row.get(situation.shooter, 0)
    return {ball: record + 1 if u == 0 else u + 1}
