"""The state of a match as one frozen value, and the small plans that move it on.

``MatchState`` holds everything a match needs to go on (and nothing it can
recompute): the table, whose turn and for what, the referee's running
situation (groups, scores, foul records, near-rail allowances), the decisions
still to be made, and the statistics a scoreboard shows. Transitions
(``match.py``) build new states with ``dataclasses.replace``; a match is the
fold of its actions over the first state, as in scalachess's ``Replay``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from poolhall.equipment import TableSpec
from poolhall.layout import Layout
from poolhall.rules.model import BallInHand, Group, Options, Player, Ruling

Game = Literal["eight-ball", "straight-pool"]
GAMES: tuple[str, str] = ("eight-ball", "straight-pool")

#: What the match waits for. ``choose-breaker``: the lag winner names the breaker (GEN-12);
#: ``place``: the shooter puts the cue ball in hand down (GEN-9); ``shoot``: a stroke (or, for a
#: scorekeeper, the facts of a shot); ``choose``: a referee option; ``answer-stalemate``: the
#: opponent of a stalemate proposal answers; ``over``: nothing more.
Phase = Literal["choose-breaker", "place", "shoot", "choose", "answer-stalemate", "over"]

#: The option words that pick how play goes on, and the two optional groups (RULES GEN-13, 14.1-7.7).
TOUCHED_OPTIONS = ("restore-balls", "leave-balls")
OFFER_OPTIONS = ("spot-nearest-ball",)


def per_player(value: int = 0) -> dict[Player, int]:
    return {"A": value, "B": value}


@dataclass(frozen=True)
class Decision:
    """One pending choice: who chooses among which words; ``candidates`` for ``spot-nearest-ball``."""

    chooser: Player
    options: tuple[str, ...]
    candidates: tuple[int, ...] = ()
    #: Where the disturbed balls lay before the shot (``restore-balls``, GEN-13).
    restore_to: Mapping[int, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """How play goes on once the pending decisions are made; each choice edits it (``choices.py``).

    ``rack``: ``eight-ball`` (a fresh eight-ball rack), or the 14.1 re-racks
    ``fourteen``/``full`` (RULES 14.1-7.3, 14.1-7.6) and ``opening`` (all 15 for
    an opening break, 14.1-6(h)). ``restore`` maps moved balls back to where
    they lay (GEN-13).
    """

    shooter: Player
    ball_in_hand: BallInHand = None
    spot: tuple[int, ...] = ()
    move: Mapping[int, str] = field(default_factory=dict)
    rack: Literal["eight-ball", "fourteen", "full", "opening"] | None = None
    break_next: bool = False
    restore: Mapping[int, tuple[float, float]] = field(default_factory=dict)
    spot_to_foot: int | None = None


@dataclass(frozen=True)
class Stats:
    """Scoreboard counters per player (they decide nothing)."""

    innings: Mapping[Player, int] = field(default_factory=per_player)
    fouls: Mapping[Player, int] = field(default_factory=per_player)
    balls: Mapping[Player, int] = field(default_factory=per_player)
    run: int = 0
    high_run: Mapping[Player, int] = field(default_factory=per_player)
    #: Innings each player has ended since play last progressed (RULES 8B-21-C1, 14.1-13).
    stale_innings: Mapping[Player, int] = field(default_factory=per_player)
    #: The current inning has begun (counted) / has made progress (a ball legally pocketed).
    inning_open: bool = False
    inning_progress: bool = False


@dataclass(frozen=True)
class MatchState:
    """Everything a match is at one moment; see ``docs/game.md`` for the phases."""

    game: Game
    options: Options
    table: TableSpec
    seed: int
    scorekeeper: bool
    phase: Phase
    to_act: Player
    shooter: Player
    #: Where the balls lie (physics mode); None for a scorekeeper, who tracks only ``on_table``.
    layout: Layout | None
    #: Object balls on the table.
    on_table: frozenset[int]
    break_next: bool = True
    ball_in_hand: BallInHand = None
    table_open: bool = True
    groups: Mapping[Player, Group] | None = None
    score: Mapping[Player, int] = field(default_factory=per_player)
    fouls_in_a_row: Mapping[Player, int] = field(default_factory=per_player)
    near_rail_safeties: Mapping[Player, Mapping[int, int]] = field(default_factory=lambda: {"A": {}, "B": {}})
    decisions: tuple[Decision, ...] = ()
    plan: Plan | None = None
    #: Eight-ball: games won, the game number, who is due to break it (CFG-5 counts from him,
    #: 8B-4-C1) and who broke this rack (he breaks the replay after a stalemate, 8B-21-C1).
    games_won: Mapping[Player, int] = field(default_factory=per_player)
    game_number: int = 1
    due_breaker: Player | None = None
    breaker: Player | None = None
    racks: int = 0
    lags: int = 1
    stats: Stats = field(default_factory=Stats)
    proposer: Player | None = None
    resume: Phase | None = None
    last_ruling: Ruling | None = None
    last_shooter: Player | None = None
    #: The opponent asked for a call before the next shot (RULES GEN-8, 8B-2); cleared by the shot.
    call_requested: bool = False
    #: Scorekeeper mode: the state just before the last shot, so its facts can be amended and the
    #: shot re-ruled until the next shot is recorded (RULES GEN-14); its own ``pre_shot`` is None.
    pre_shot: MatchState | None = None
    winner: Player | None = None
    shots: int = 0
    actions: int = 0
    clock: float = 0.0

    @property
    def over(self) -> bool:
        return self.phase == "over"


def derived_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one use (a rack, a lag, a player's decision), the same on every machine.

    ``random.Random`` seeded with a string hashes it with SHA-512, so the
    value does not depend on ``PYTHONHASHSEED`` or the process.
    """
    return random.Random(":".join(str(p) for p in (seed, *parts))).getrandbits(63)
