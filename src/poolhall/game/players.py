"""Player names to players: ``make_player("simple")``; the computer players of ``ai/`` add their own names.

Layers import downward only, so ``game/`` never imports ``ai/`` when loaded.
The registry looks a name up in three places, in order:

1. ``PLAYERS`` here (``simple``), and any name added with ``register``;
2. ``poolhall.ai.registry``, imported lazily on the first unknown name, if
   that module exists: its ``PLAYERS`` dict maps names (``beginner``,
   ``club``, ``strong``, ``pro``) to zero-argument factories;
3. the ``poolhall.players`` entry-point group, for players installed by
   other packages (each entry point loads a zero-argument factory).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points

from poolhall.game.simple_player import SimplePlayer
from poolhall.game.view import Player

Factory = Callable[[], Player]

PLAYERS: dict[str, Factory] = {"simple": SimplePlayer}
AI_REGISTRY = "poolhall.ai.registry"
ENTRY_POINT_GROUP = "poolhall.players"


def register(name: str, factory: Factory) -> None:
    """Add (or replace) a player name."""
    PLAYERS[name] = factory


def _ai_players() -> dict[str, Factory]:
    try:
        module = importlib.import_module(AI_REGISTRY)
    except ModuleNotFoundError as exc:
        if exc.name is not None and AI_REGISTRY.startswith(exc.name):
            return {}
        raise
    return dict(getattr(module, "PLAYERS", {}))


def _entry_points() -> dict[str, Factory]:
    return {ep.name: ep.load() for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available() -> dict[str, Factory]:
    """Every player name this installation knows, with its factory."""
    return {**_entry_points(), **_ai_players(), **PLAYERS}


def make_player(name: str) -> Player:
    """A new player for ``name``; ``ValueError`` listing the known names otherwise."""
    if name in PLAYERS:
        return PLAYERS[name]()
    known = available()
    if name not in known:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(sorted(known))}")
    return known[name]()
