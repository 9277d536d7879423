"""Play the agent's decisions into a ``Match`` and let the other seats act until the agent is asked again.

The match decides what is legal; nothing here re-derives a rule. When the
match refuses part of the agent's action (``MatchError``), the driver notes
the refusal (the environment subtracts a penalty for each) and applies the
match's nearest accepted alternative, so a training run never stops on an
exception:

- a refused cue-ball placement: the accepted point nearest the one asked
  for, from a grid over the area asked (the kitchen or the whole cloth);
- a refused call (a ball not on the table, a call on the eight-ball break,
  a safety on a break, no call where CFG-6 requires one): no call, then a
  safety, whichever the match takes first.

Choices the agent's seat is asked (who breaks, referee options, a stalemate
proposal) are answered by a ``chooser`` player (the built-in ``simple``
player: it breaks, takes the first option offered and accepts a stalemate).
When even the alternatives are refused (the simulator cannot play the
layout it was handed, say), the driver raises ``Stuck`` and the environment
truncates the episode with the message in ``info["error"]``.
"""

from __future__ import annotations

import math

from poolhall.game import Action, Match, MatchError, PlaceCueBall, Player, Shoot
from poolhall.game.execution import Execution, execution_of
from poolhall.game.simple_player import SimplePlayer
from poolhall.game.transitions import Presimulated
from poolhall.gym_env.spaces import placement_area
from poolhall.physics import Stroke
from poolhall.rules.model import SAFETY
from poolhall.rules.model import Player as Seat

#: Points per side of the grid of placements tried when the agent's is refused.
PLACEMENT_GRID = 24
#: Actions the other seats may take between two of the agent's decisions (a runaway opponent guard).
MAX_OTHER_ACTIONS = 5_000


class Stuck(RuntimeError):
    """The match accepts neither the action nor any alternative: the episode cannot go on."""


def place(match: Match, xy: tuple[float, float], refusals: list[str]) -> None:
    """Put the cue ball in hand at ``xy``, or at the nearest point the match accepts."""
    seat = match.state.to_act
    try:
        match.apply(seat, PlaceCueBall(*xy))
        return
    except MatchError as exc:
        refusals.append(f"place: {exc}")
    x0, x1, y0, y1 = placement_area(match.state.table, match.state.ball_in_hand)
    n = PLACEMENT_GRID
    grid = [(x0 + (x1 - x0) * i / (n - 1), y0 + (y1 - y0) * j / (n - 1)) for i in range(n) for j in range(n)]
    for point in sorted(grid, key=lambda p: math.dist(p, xy)):
        try:
            match.apply(seat, PlaceCueBall(*point))
            return
        except MatchError:
            continue
    raise Stuck("no place on the table takes the cue ball")


def shoot(
    match: Match, stroke: Stroke, call: object, refusals: list[str], execution: Execution | None = None,
    presimulated: Presimulated | None = None,
) -> None:  # fmt: skip
    """Play ``stroke`` (through ``execution``, the agent's noise model, if any) with ``call``; a refused
    call is replaced by no call, then by a safety. ``presimulated``: the stroke's outcome from a batch
    (``vector.py``), ruled instead of simulating it again."""
    seat = match.state.to_act
    last = ""
    for i, option in enumerate(dict.fromkeys((call, None, SAFETY))):
        try:
            match.apply(seat, Shoot(stroke, option), execution, presimulated)  # type: ignore[arg-type]
            return
        except MatchError as exc:
            last = str(exc)
            if i == 0:
                refusals.append(f"shoot: {exc}")
    raise Stuck(last)


def agents_turn(match: Match, agent: Seat | None) -> bool:
    """The match waits for the agent's stroke (or placement); ``agent`` None: the agent plays both seats."""
    asked = match.asked()
    return asked.kind in ("place", "shoot") and (agent is None or asked.player == agent)


def advance(match: Match, agent: Seat | None, opponent: Player | None, chooser: Player) -> None:
    """Let every decision that is not the agent's stroke be taken, until the agent is asked or the match is over.

    ``opponent`` plays the other seat; ``chooser`` answers the agent's
    seat's choices, and stands in for an opponent action the match refuses.
    """
    for _ in range(MAX_OTHER_ACTIONS):
        if match.over or agents_turn(match, agent):
            return
        asked = match.asked()
        ours = agent is None or asked.player == agent
        actor = chooser if ours or opponent is None else opponent
        if _apply(match, actor, actor.act(match.view())):
            continue
        if actor is chooser or not _apply(match, chooser, chooser.act(match.view())):
            raise Stuck(f"the match refused {asked.player}'s action when asked to {asked.kind}")
    raise Stuck(f"the other seats took {MAX_OTHER_ACTIONS} actions without the agent being asked")


def _apply(match: Match, actor: Player, action: Action) -> bool:
    """Take ``actor``'s action, its strokes through its own execution model (as ``Match.play`` does)."""
    try:
        match.apply(match.state.to_act, action, execution_of(actor))
    except MatchError:
        return False
    return True


def default_chooser() -> Player:
    return SimplePlayer()
