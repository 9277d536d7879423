"""Every player name with the computer players in it: what the layers above ``ai/`` hand a match.

``game.players`` knows only its own names (``simple``, ``register``ed ones,
entry points); ``make_player`` and ``available`` here add the four levels
(``PLAYERS``: zero-argument factories; the levels differ only by their own
execution noise and search budget, ``ai/levels.py``). The CLI, the web app,
the benchmarks, the tournament runner and the gym environments use these.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.player import ComputerPlayer
from poolhall.game import players as game_players
from poolhall.game.view import Player

PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    name: partial(ComputerPlayer, name) for name in ("beginner", "club", "strong", "pro")
}
assert set(PLAYERS) == set(LEVEL_BY_NAME)


def available() -> dict[str, game_players.Factory]:
    """Every player name this installation knows: the game layer's and the computer levels."""
    return game_players.available(dict(PLAYERS))


def make_player(name: str) -> Player:
    """A new player for ``name`` (``simple``, a computer level, a registered or installed one)."""
    return game_players.make_player(name, dict(PLAYERS))
