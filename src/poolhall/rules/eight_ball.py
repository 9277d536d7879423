"""The eight-ball referee (RULES.md section 3): ``rule(options, situation, shot) -> Ruling``.

This module checks the eight-ball preconditions (GEN-15) and sends the shot to
the break table (``eight_ball_break``, 8B-B) or to the evaluation order of the
other shots (``eight_ball_shot``, 8B-E). It also holds the two rulings the
match layer asks for outside a shot: the rack check of 8B-3-C1
(``check_rack``) and the stalemate of 8B-21-C1 (``stalemate``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from poolhall import racking
from poolhall.equipment import EIGHT, OBJECT_BALLS
from poolhall.rules.eight_ball_break import rule_break
from poolhall.rules.eight_ball_shot import rule_shot
from poolhall.rules.model import Options, Player, RefereeError, Ruling, Shot, Situation, phrase

#: Innings each player must have played since play stopped progressing (8B-21-C1).
STALEMATE_INNINGS = 3


def rule(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """Rule one eight-ball shot; raises ``RefereeError`` for a situation eight-ball cannot be in (GEN-15)."""
    check_situation(situation)
    if situation.break_shot:
        return rule_break(options, situation, shot)
    return rule_shot(options, situation, shot)


def check_situation(situation: Situation) -> None:
    """GEN-15 for eight-ball: the groups agree with ``table_open``; a break is from a full, open rack."""
    if situation.table_open and situation.groups is not None:
        raise RefereeError("situation.table_open", "the table cannot be open once the groups are set")
    if not situation.table_open and situation.groups is None:
        raise RefereeError("situation.groups", "a closed table needs the players' groups")
    if situation.break_shot:
        if situation.groups is not None:
            raise RefereeError("situation.groups", "the table is always open at the break (8B-11)")
        if situation.on_table != frozenset(OBJECT_BALLS):
            raise RefereeError("situation.on_table", "an eight-ball break needs all 15 object balls racked (8B-3)")
        if situation.ball_in_hand == "anywhere":
            raise RefereeError("situation.ball_in_hand", "the break is played from behind the head string (8B-6)")
    elif EIGHT not in situation.on_table:
        raise RefereeError("situation.on_table", "the 8 is not on the table, so the game is already over")


def check_rack(rack: Sequence[int]) -> None:
    """8B-3-C1: reject a rack a break may not be played from (GEN-15).

    ``rack`` lists the 15 object balls by rack position: the apex ball (on the
    foot spot) first, then each following row from one end to the other (rows
    of 1, 2, 3, 4 and 5 balls). The 8 must be the middle ball of the third row
    (position 4) and the back corners (positions 10 and 14) one solid and one
    stripe: ``racking.eight_ball_slot_problems`` states those conditions once,
    for this description and for a measured layout. Whether the balls are
    tight and the apex lies on the foot spot is the table layer's measurement
    (``racking.eight_ball_rack_problems``).
    """
    if len(rack) != len(OBJECT_BALLS) or sorted(rack) != list(OBJECT_BALLS):
        raise RefereeError("rack", "a rack holds each object ball 1-15 exactly once")
    for slot, problem in racking.eight_ball_slot_problems(rack):
        raise RefereeError(f"rack[{slot}]", f"{problem} (8B-3-C1)")


def stalemate(breaker: Player, innings: Mapping[Player, int]) -> Ruling:
    """8B-21-C1: a declared stalemate: no winner, re-rack, the breaker of this game breaks again.

    ``innings``: consecutive innings each player has played since play stopped
    progressing; each needs at least three, else ``RefereeError``. The replay
    is the same game for the break alternation (8B-4-C1).
    """
    for player in ("A", "B"):
        played = innings.get(player, 0)  # type: ignore[call-overload]
        if played < STALEMATE_INNINGS:
            raise RefereeError(
                f"innings.{player}",
                f"a stalemate needs {STALEMATE_INNINGS} innings by each player, {player} has played {played}",
            )
    return Ruling(
        foul=False,
        fouls=(),
        rules=("8B-21", "8B-21-C1", "8B-4-C1"),
        reason=(phrase("8b.stalemate", breaker=breaker),),
        next_shooter=breaker,
        turn_continues=False,
        rerack="full",
        next_break=breaker,
        table_open=True,
        groups=None,
        game_over=True,
        winner=None,
    )
