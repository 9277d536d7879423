"""A match: turns, racks, choices, ball in hand, records and replays (DESIGN.md ``game/``).

Drive a match with ``Match.apply(seat, action)`` or ``Match.play(players)``;
a player is anything with ``act(view) -> action`` (``Player``). ``docs/game.md``
describes the state machine, the actions, the view and the record.
"""

from __future__ import annotations

from poolhall.game.actions import (
    DECLINE,
    LAG_CHOICES,
    Act,
    Action,
    AmendShot,
    AnswerStalemate,
    Choose,
    EnterShot,
    MatchError,
    PlaceCueBall,
    ProposeStalemate,
    RequestCall,
    Shoot,
    action_from_dict,
)
from poolhall.game.match import LoggedAction, Match
from poolhall.game.position import Position
from poolhall.game.transitions import ShotRecord
from poolhall.game.view import Asked, MatchView, Player

__all__ = [
    "DECLINE",
    "LAG_CHOICES",
    "Act",
    "Action",
    "AmendShot",
    "AnswerStalemate",
    "Asked",
    "Choose",
    "EnterShot",
    "LoggedAction",
    "Match",
    "MatchError",
    "MatchView",
    "PlaceCueBall",
    "Player",
    "Position",
    "ProposeStalemate",
    "RequestCall",
    "Shoot",
    "ShotRecord",
    "action_from_dict",
]
