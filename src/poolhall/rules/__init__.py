"""The referees: pure functions from (options, situation, shot facts) to a ruling.

No physics, no I/O (DESIGN.md layers). ``contract.py`` speaks the JSON
contract; ``eight_ball.py`` and ``straight_pool.py`` hold each game's rules on
top of ``general.py``.

Public functions:

- ``referee(request, lang="en") -> dict``: one contract request (a dict or a
  JSON string) to the contract's ruling object, or ``{"error": {"field",
  "message"}}`` for input it cannot rule on; it never raises for bad input.
- ``rule(game, options, situation, shot) -> Ruling``: the same on the values
  of ``model.py``; raises ``RefereeError``.
- ``GAMES`` and ``find_game(name)``: the registry. Each game is a module with
  ``rule(options, situation, shot) -> Ruling``, imported when first used, so
  the registry works while a game is not built yet.

>>> ruling = referee({"game": "8-ball", "situation": {"shooter": "A", "on_table": [3, 8, 12],
...     "groups": {"A": "solids", "B": "stripes"}}, "shot": {"call": {"ball": 3, "pocket": "foot-left"},
...     "first_contact": [3], "pocketed": [{"ball": 3, "pocket": "foot-left"}]}})
>>> ruling["next_shooter"], ruling["turn_continues"], ruling["reason"]
('A', True, 'A pocketed the called 3 in the foot-left pocket and shoots again. A is now on the 8.')
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from poolhall.rules.contract import error_to_json, parse_request, request_game, ruling_to_json
from poolhall.rules.model import Options, RefereeError, Ruling, Shot, Situation


@dataclass(frozen=True)
class Game:
    """One game the referee knows: its contract name, other names it answers to, and its module."""

    name: str
    module: str
    aliases: tuple[str, ...] = ()

    def load(self) -> ModuleType:
        """Import the game's module; a game not built yet is a ``RefereeError`` on ``game``."""
        try:
            return importlib.import_module(self.module)
        except ModuleNotFoundError as exc:
            if exc.name != self.module:
                raise
            raise RefereeError("game", f"the {self.name} referee is not available in this build") from None


GAMES: tuple[Game, ...] = (
    Game("eight-ball", "poolhall.rules.eight_ball", ("8-ball", "8ball", "eightball", "eight ball", "8b")),
    Game(
        "straight-pool",
        "poolhall.rules.straight_pool",
        ("14.1", "14-1", "straight", "straight pool", "straightpool", "14.1 continuous", "14.1-continuous"),
    ),
)


def find_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive, aliases allowed); ``RefereeError`` on ``game`` otherwise."""
    wanted = " ".join(name.strip().lower().split())
    for game in GAMES:
        if wanted == game.name or wanted in game.aliases:
            return game
    known = ", ".join(game.name for game in GAMES)
    raise RefereeError("game", f"unknown game {name!r}; expected one of {known}")


def rule(game: str | Game, options: Options, situation: Situation, shot: Shot) -> Ruling:
    """Rule one shot of ``game``; raises ``RefereeError`` for input it cannot rule on (GEN-15)."""
    found = game if isinstance(game, Game) else find_game(game)
    ruling: Ruling = found.load().rule(options, situation, shot)
    return ruling


def referee(request: dict[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """One contract request to a ruling object or an ``{"error": ...}`` object (DESIGN.md)."""
    try:
        if isinstance(request, str):
            try:
                request = json.loads(request)
            except (json.JSONDecodeError, RecursionError) as exc:
                raise RefereeError("request", f"not valid JSON: {exc}") from None
        game = find_game(request_game(request))  # an unknown game is the first thing to say
        _, options, situation, shot = parse_request(request)
        return ruling_to_json(rule(game, options, situation, shot), lang)
    except RefereeError as exc:
        return error_to_json(exc)


__all__ = ["GAMES", "Game", "RefereeError", "Ruling", "find_game", "referee", "rule"]
