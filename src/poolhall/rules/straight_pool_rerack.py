"""Re-racking in 14.1 after the 14th (or 15th) ball of a rack (RULES.md 14.1-7.3, 14.1-7.6-C1).

The table of 14.1-7.6-C1 (the BCA 1990s diagram the sheet lost) decides,
from where the last object ball X and the cue ball C came to rest, whether
fourteen or fifteen balls are racked and where X and C go.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from poolhall.equipment import CUE
from poolhall.rules.model import AfterFacts, BallInHand, Phrase, RefereeError, Rerack, Shot, phrase

#: The 15th ball's zone when it went down with the 14th (a row of the table).
POCKETED = "pocketed"
#: The zone a ball is taken to be in when the facts do not say: no interference with the re-rack.
NO_INTERFERENCE = "elsewhere"


@dataclass(frozen=True)
class RerackDecision:
    """One cell of the 14.1-7.6-C1 table: what is racked, what moves, how the cue ball is played."""

    rerack: Rerack
    move: dict[int, str] = field(default_factory=dict)
    ball_in_hand: BallInHand = None
    reason: tuple[Phrase, ...] = ()


def _cell(last_zone: str, cue_zone: str, last_ball: int | None) -> RerackDecision:
    """Look up the 14.1-7.6-C1 table; rows are X's zone, columns C's."""
    if last_zone == POCKETED:
        if cue_zone == "in-rack":
            return RerackDecision("full", ball_in_hand="kitchen")
        return RerackDecision("full")
    assert last_ball is not None
    if last_zone == "in-rack":
        if cue_zone == "in-rack":
            return RerackDecision("full", ball_in_hand="kitchen")
        spot = "centre-spot" if cue_zone == "head-spot" else "head-spot"
        return RerackDecision("fourteen", move={last_ball: spot})
    if cue_zone != "in-rack":
        if last_zone == "head-spot" and cue_zone == "head-spot":
            raise RefereeError("shot.after", "the last ball and the cue ball cannot both lie on the head spot")
        return RerackDecision("fourteen")
    if last_zone == "head-spot":
        return RerackDecision("fourteen", move={CUE: "centre-spot"})
    if last_zone == "behind-head-string":
        return RerackDecision("fourteen", move={CUE: "head-spot"})
    return RerackDecision("fourteen", ball_in_hand="kitchen")


def rerack_after(shot: Shot, remaining: frozenset[int]) -> RerackDecision:
    """The re-rack after a legal scoring shot that left one object ball or none (14.1-7.3-C1).

    ``remaining`` are the object balls still on the table. The positions come
    from the shot's ``after`` facts. A zone left out means ``elsewhere``: with
    no fact of interference the balls stay where they are, the sheet's shaded
    "no interference" cells (DESIGN.md: left-out fields take defaults).
    """
    after = shot.after or AfterFacts()
    cue_zone = after.cue_ball or NO_INTERFERENCE
    last_ball = min(remaining) if remaining else None
    last_zone = POCKETED if last_ball is None else after.last_ball or NO_INTERFERENCE
    decision = _cell(last_zone, cue_zone, last_ball)
    reason: list[Phrase] = [phrase(f"sp.rerack.{decision.rerack}")]
    for ball, spot in decision.move.items():
        reason.append(phrase(f"sp.move.cue.{spot}") if ball == CUE else phrase(f"sp.move.ball.{spot}", ball=ball))
    if decision.ball_in_hand == "kitchen":
        reason.append(phrase("sp.rerack.cue_in_hand"))
    return RerackDecision(decision.rerack, decision.move, decision.ball_in_hand, tuple(reason))
