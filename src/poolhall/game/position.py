"""A match that starts from a given position instead of a rack and a lag (``Match.from_position``).

Practice drills, tests and the gym's ``PotPractice`` need a match whose
first question is a shot on a set table: who shoots, with the cue ball where
it lies or in hand, the eight-ball groups, the 14.1 scores and foul records.
``Position`` is that starting point as one value; ``check`` refuses a
position the rules could never reach (``MatchError`` naming the field) and
``start_at`` builds the first ``MatchState`` from it. The record writes the
position (``to_dict``) so a replay starts from the same table.

A position is always mid-game: no break is pending (a break starts from a
rack, which ``Match(...)`` lays). The player who broke the rack is
``breaker`` (default: the shooter); eight-ball counts the break order
(CFG-5) and the replay after a stalemate (8B-21-C1) from him.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from poolhall.equipment import CUE, EIGHT, OBJECT_BALLS
from poolhall.game.actions import MatchError
from poolhall.game.state import Game, MatchState, Stats, per_player
from poolhall.layout import Layout
from poolhall.rules.model import BallInHand, Group, Options, Player

GROUPS: tuple[Group, Group] = ("solids", "stripes")


@dataclass(frozen=True)
class Position:
    """Where a match starts: the table, who shoots and how, and the running score.

    ``layout`` (physics mode) holds every ball, the cue ball included unless
    it is in hand; a scorekeeper's position has no layout, only ``on_table``
    (the object balls). ``groups`` closes an eight-ball table; ``score`` and
    ``fouls_in_a_row`` are 14.1's.
    """

    shooter: Player
    on_table: frozenset[int]
    layout: Layout | None = None
    ball_in_hand: BallInHand = None
    groups: Mapping[Player, Group] | None = None
    score: Mapping[Player, int] = field(default_factory=per_player)
    fouls_in_a_row: Mapping[Player, int] = field(default_factory=per_player)
    breaker: Player | None = None


def _per_player(value: Any, name: str, low: int | None, high: int) -> dict[Player, int]:
    if value is None:
        return per_player()
    if not isinstance(value, Mapping) or set(value) - {"A", "B"}:
        raise MatchError(f"{name}: expected a mapping of A and B to numbers, got {value!r}")
    out = per_player()
    for seat, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or n > high or (low is not None and n < low):
            limit = f"{low} to {high}" if low is not None else f"below {high + 1}"
            raise MatchError(f"{name}.{seat}: expected a whole number {limit}, got {n!r}")
        out[seat] = n
    return out


def make(
    game: Game,
    options: Options,
    table_or_balls: Layout | frozenset[int],
    *,
    shooter: Any,
    ball_in_hand: Any = None,
    groups: Any = None,
    scores: Any = None,
    fouls_in_a_row: Any = None,
    breaker: Any = None,
) -> Position:
    """A checked ``Position`` (``MatchError`` naming the field the rules refuse)."""
    if shooter not in ("A", "B"):
        raise MatchError(f"shooter: expected A or B, got {shooter!r}")
    if breaker not in (None, "A", "B"):
        raise MatchError(f"breaker: expected A, B or nothing, got {breaker!r}")
    allowed_hands = (None, "kitchen") if game == "straight-pool" else (None, "kitchen", "anywhere")
    if ball_in_hand not in allowed_hands:
        raise MatchError(f"ball_in_hand: {game} allows {', '.join(map(str, allowed_hands))}, got {ball_in_hand!r}")
    layout = table_or_balls if isinstance(table_or_balls, Layout) else None
    balls = frozenset(b for b in layout.on_table if b != CUE) if layout is not None else frozenset(table_or_balls or ())
    if not balls or not balls <= frozenset(OBJECT_BALLS):
        raise MatchError(f"position: expected object balls 1-15 on the table, got {sorted(balls)}")
    if layout is not None:
        if ball_in_hand is not None:
            layout = layout.with_positions({CUE: None})
        elif layout.position(CUE) is None:
            raise MatchError("position: the cue ball is not on the table; put it down or give it in hand")
    if game == "eight-ball":
        if EIGHT not in balls:
            raise MatchError("position: the 8 is not on the table, so the eight-ball game is over (8B-1)")
        if scores is not None or fouls_in_a_row is not None:
            raise MatchError("scores and fouls_in_a_row are straight pool's (14.1-5, 14.1-12); eight-ball has neither")
        if groups is not None and (
            not isinstance(groups, Mapping) or set(groups) != {"A", "B"} or sorted(groups.values()) != list(GROUPS)
        ):
            raise MatchError(f"groups: expected A and B with solids and stripes, got {groups!r}")
    elif groups is not None:
        raise MatchError("groups are eight-ball's (8B-11); straight pool has none")
    score = _per_player(scores, "scores", None, options.points_to_win - 1)  # negative scores exist (14.1-5)
    fouls = _per_player(fouls_in_a_row, "fouls_in_a_row", 0, 2)
    return Position(
        shooter=shooter,
        on_table=balls,
        layout=layout,
        ball_in_hand=ball_in_hand,
        groups=None if groups is None else dict(groups),
        score=score,
        fouls_in_a_row=fouls,
        breaker=breaker,
    )


def start_at(first: MatchState, position: Position) -> MatchState:
    """``first`` (a new match's state) moved to ``position``: the shooter's first inning has begun."""
    shooter = position.shooter
    breaker = position.breaker or shooter
    return replace(
        first,
        phase="place" if position.ball_in_hand is not None and position.layout is not None else "shoot",
        to_act=shooter,
        shooter=shooter,
        layout=position.layout,
        on_table=position.on_table,
        break_next=False,
        ball_in_hand=position.ball_in_hand,
        table_open=position.groups is None,
        groups=position.groups,
        score=dict(position.score),
        fouls_in_a_row=dict(position.fouls_in_a_row),
        breaker=breaker,
        due_breaker=breaker if first.game == "eight-ball" else None,
        stats=Stats(innings={**per_player(), shooter: 1}, inning_open=True),
    )


def to_dict(position: Position) -> dict[str, Any]:
    """The record's ``start`` object (``docs/records.md``)."""
    return {
        "shooter": position.shooter,
        "layout": None if position.layout is None else position.layout.to_dict(),
        "on_table": sorted(position.on_table),
        "ball_in_hand": position.ball_in_hand,
        "groups": None if position.groups is None else dict(position.groups),
        "score": dict(position.score),
        "fouls_in_a_row": dict(position.fouls_in_a_row),
        "breaker": position.breaker,
    }
