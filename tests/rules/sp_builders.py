"""Short builders for 14.1 referee tests: a situation and a shot in one line each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from poolhall.rules.model import (
    AfterFacts,
    Call,
    KitchenFacts,
    Options,
    Player,
    Pocketed,
    RailContact,
    Ruling,
    Shot,
    Situation,
)
from poolhall.rules.straight_pool import rule

FULL = frozenset(range(1, 16))


def situation(
    on_table: Iterable[int] = (1, 2, 3, 4, 5, 6, 7, 9, 10, 12),
    shooter: Player = "A",
    *,
    score: tuple[int, int] = (0, 0),
    fouls: tuple[int, int] = (0, 0),
    used: dict[Player, dict[int, int]] | None = None,
    **fields: Any,
) -> Situation:
    """A 14.1 situation; ``score``/``fouls`` are (A, B), ``used`` the near-rail allowances."""
    return Situation(
        shooter=shooter,
        on_table=frozenset(on_table),
        score={"A": score[0], "B": score[1]},
        fouls_in_a_row={"A": fouls[0], "B": fouls[1]},
        near_rail_safeties={"A": {}, "B": {}} | (used or {}),
        **fields,
    )


def breaking(**fields: Any) -> Situation:
    """An opening break: all 15 racked, cue ball in hand behind the head string (14.1-6(a))."""
    return situation(FULL, break_shot=True, ball_in_hand="kitchen", **fields)


def shot(
    call: Call | str | None = None,
    first: Iterable[int] = (),
    rails: Iterable[tuple[int, str]] = (),
    pocketed: Iterable[tuple[int, str] | tuple[int, str, bool]] = (),
    **fields: Any,
) -> Shot:
    """A shot: ``rails`` as (ball, rail) after the first contact, ``pocketed`` as (ball, pocket[, direct])."""
    return Shot(
        call=call,
        first_contact=tuple(first),
        rail_contacts=tuple(RailContact(b, r) for b, r in rails),
        pocketed=tuple(Pocketed(*p) for p in pocketed),
        **fields,
    )


def after(
    last: str | None = None, cue: str | None = None, behind: bool = False, nearest: Iterable[int] = ()
) -> AfterFacts:
    return AfterFacts(last, cue, behind, tuple(nearest))  # type: ignore[arg-type]


def kitchen(first_ball_behind: bool = False, cue_crossed_first: bool = True) -> KitchenFacts:
    return KitchenFacts(first_ball_behind, cue_crossed_first)


def ruled(sit: Situation, facts: Shot, **options: Any) -> Ruling:
    """The straight-pool ruling under the given options (defaults otherwise)."""
    return rule(Options(**options), sit, facts)


def call(ball: int, pocket: str) -> Call:
    return Call(ball, pocket)


#: A plain miss that meets GEN-7: the nominated 3 is hit and reaches the foot rail.
MISS = shot(call(3, "foot-left"), [3], [(3, "foot")])
#: A plain scratch after hitting the 3 into a rail.
SCRATCH = shot(call(3, "foot-left"), [3], [(3, "foot")], [(0, "side-left")])
