"""The computer players by name, for ``game.players`` (which looks this module up lazily).

Each value is a zero-argument factory; the levels differ only by their own
execution noise and search budget (``ai/levels.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.player import ComputerPlayer

PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    name: partial(ComputerPlayer, name) for name in ("beginner", "club", "strong", "pro")
}
assert set(PLAYERS) == set(LEVEL_BY_NAME)
