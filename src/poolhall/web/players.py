"""Computer seats: the levels the app offers and the function a worker runs to decide.

The levels are the names of ``game.players`` (its built-in ``simple`` player,
and the computer players of ``ai/`` when they are installed). ``decide`` is a
top-level function so a process pool can run it: the server's event loop never
waits for a computer to think.
"""

from __future__ import annotations

from functools import cache

from poolhall.game import Action, MatchView, Player
from poolhall.game.execution import Execution, execution_of
from poolhall.game.players import available, make_player

#: The level a computer seat gets when none is asked for, in order of preference.
PREFERRED = ("club", "beginner", "simple")


def levels() -> list[dict[str, str]]:
    """Every level a computer seat can have: ``[{"name", "label"}]``."""
    return [{"name": name, "label": name} for name in sorted(available())]


def default_level() -> str:
    names = {level["name"] for level in levels()}
    return next((name for name in PREFERRED if name in names), sorted(names)[0])


@cache
def _player(level: str) -> Player:
    """One player per level and process (players read only the view, so sharing one is safe)."""
    return make_player(level)


def decide(level: str | None, view: MatchView) -> Action:
    """In a worker: the computer seat's answer to ``view.asked``."""
    return _player(level or default_level()).act(view)


def execution(level: str | None) -> Execution | None:
    """The level's execution noise: the room plays the seat's strokes through it, as ``Match.play`` does."""
    return execution_of(_player(level or default_level()))
