"""Execution noise: the match, not the player, turns the stroke a player chose into the stroke played.

A player that declares an ``execution`` model (any object with
``perturb(stroke, rng) -> Stroke``, e.g. ``poolhall.ai.noise.NoiseModel``)
has each of its strokes perturbed here, with a random stream drawn from the
match seed under its own label. The player never sees that stream (its view
carries another seed), so it cannot know how its shot will come off: a
computer player is as good as its noise, never better by seeing the future.
The match logs the stroke as played, so a replay of the log needs no noise.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Protocol

from poolhall.game.actions import Action, Shoot
from poolhall.game.state import derived_seed
from poolhall.physics import Stroke


class Execution(Protocol):
    """How a player's intended stroke comes off the cue."""

    def perturb(self, stroke: Stroke, rng: random.Random) -> Stroke:
        """The stroke actually played when ``stroke`` is intended (a valid ``Stroke``)."""
        ...


def execution_of(player: object) -> Execution | None:
    """The player's execution model, if it declares one (the attribute ``execution``)."""
    return getattr(player, "execution", None)


def executed(action: Action, execution: Execution | None, seed: int, number: int) -> Action:
    """``action`` as played: a ``Shoot``'s stroke through ``execution`` with the stream of action ``number``."""
    if execution is None or not isinstance(action, Shoot):
        return action
    rng = random.Random(derived_seed(seed, "execution", number))
    return replace(action, stroke=execution.perturb(action.stroke, rng))
