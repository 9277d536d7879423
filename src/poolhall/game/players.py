"""Player names to players: ``make_player("simple")``, plus names added with ``register`` or installed.

Layers import downward only, so ``game/`` knows nothing of ``ai/``: a match
is handed its players (``Match.play({"A": player, ...})``) by the layer above.
The names known here, in order:

1. ``PLAYERS`` here (``simple``), and any name added with ``register``;
2. the ``poolhall.players`` entry-point group, for players installed by
   other packages (each entry point loads a zero-argument factory).

The computer players' names (``beginner`` ... ``pro``) are added on top by
``poolhall.ai.registry``, whose ``make_player`` and ``available`` the layers
above ``ai/`` (CLI, web, benchmarks, tournament, gym environments) use.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from poolhall.game.simple_player import SimplePlayer
from poolhall.game.view import Player

Factory = Callable[[], Player]

PLAYERS: dict[str, Factory] = {"simple": SimplePlayer}
ENTRY_POINT_GROUP = "poolhall.players"


def register(name: str, factory: Factory) -> None:
    """Add (or replace) a player name."""
    PLAYERS[name] = factory


def _entry_points() -> dict[str, Factory]:
    return {ep.name: ep.load() for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available(extra: dict[str, Factory] | None = None) -> dict[str, Factory]:
    """Every player name known here, with its factory; ``extra`` (a higher layer's names) below ``PLAYERS``."""
    return {**_entry_points(), **(extra or {}), **PLAYERS}


def make_player(name: str, extra: dict[str, Factory] | None = None) -> Player:
    """A new player for ``name`` (looked up in ``available(extra)``); ``ValueError`` listing the known names."""
    if name in PLAYERS:
        return PLAYERS[name]()
    known = available(extra)
    if name not in known:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(sorted(known))}")
    return known[name]()
