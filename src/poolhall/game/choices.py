"""From a ruling to the decisions it leaves open, and what each chosen option does (RULES.md).

A ruling with options (``chooser`` + ``options``) may bundle up to three
independent questions; they are asked one after another, in this order:

1. ``restore-balls`` / ``leave-balls`` — disturbed object balls (GEN-13);
2. how play goes on — ``accept-table``, ``cue-ball-in-kitchen``,
   ``rerack-and-break``, ``rerack-opponent-breaks``, ``spot-eight``
   (8B-6-C2, 8B-8, 8B-9, 14.1-6(c), 14.1-7.5, 14.1-12-C3 with CFG-8);
3. ``spot-nearest-ball`` — an offer (14.1-7.7 "at his request"), so the match
   adds ``decline``; with several balls equally near, the chooser names one.
   Whether it still stands after the answer to question 2 is the referee's
   call (``straight_pool.offers_after``: 14.1-7.5-C1, 14.1-7.7).

While the questions are open, the ruling's own ``next_shooter``,
``ball_in_hand``, ``spot`` and ``move`` describe play going on without a
re-rack; that is the starting ``Plan``, and each choice edits it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from poolhall.equipment import EIGHT
from poolhall.game.actions import DECLINE, MatchError
from poolhall.game.state import OFFER_OPTIONS, TOUCHED_OPTIONS, Decision, Game, Plan
from poolhall.rules import straight_pool
from poolhall.rules.model import Player, Ruling, Shot, other


def plan_from(ruling: Ruling, game: Game) -> Plan:
    """How play goes on if nothing is chosen (or nothing needs choosing)."""
    if ruling.next_break is not None:
        rack = "eight-ball" if game == "eight-ball" else "opening"
        return Plan(shooter=ruling.next_break, ball_in_hand="kitchen", rack=rack, break_next=True)
    return Plan(
        shooter=ruling.next_shooter,
        ball_in_hand=ruling.ball_in_hand,
        spot=tuple(ruling.spot),
        move=dict(ruling.move),
        rack=ruling.rerack,
    )


def decisions_from(ruling: Ruling, shot: Shot | None) -> tuple[Decision, ...]:
    """The questions a ruling leaves open, in the order they are asked (see the module docstring)."""
    if ruling.chooser is None or not ruling.options:
        return ()
    touched = tuple(o for o in ruling.options if o in TOUCHED_OPTIONS)
    offers = tuple(o for o in ruling.options if o in OFFER_OPTIONS)
    main = tuple(o for o in ruling.options if o not in touched and o not in offers)
    out: list[Decision] = []
    if touched:
        out.append(Decision(ruling.chooser, touched))
    if main:
        out.append(Decision(ruling.chooser, main))
    if offers:
        candidates = tuple(sorted(shot.after.nearest_to_head_string)) if shot and shot.after else ()
        out.append(Decision(ruling.chooser, (*offers, DECLINE), candidates))
    return tuple(out)


def chosen_ball(decision: Decision, option: str, ball: int | None) -> int | None:
    """The ball an option acts on: required for ``spot-nearest-ball`` when several are equally near."""
    if option != "spot-nearest-ball":
        if ball is not None:
            raise MatchError(f"{option} takes no ball")
        return None
    if ball is None:
        if len(decision.candidates) > 1:
            listed = ", ".join(map(str, decision.candidates))
            raise MatchError(
                f"balls {listed} are equally near the head string: say which goes to the foot spot",
                "spot-which-ball",
                balls=list(decision.candidates),
            )
        return decision.candidates[0]
    if ball not in decision.candidates:
        raise MatchError(
            f"ball {ball} is not among the balls nearest the head string ({decision.candidates})",
            "spot-not-nearest",
            balls=list(decision.candidates),
        )
    return ball


def apply_choice(
    plan: Plan,
    chooser: Player,
    option: str,
    ball: int | None,
    *,
    game: Game,
    last_shooter: Player,
    moved_from: Mapping[int, tuple[float, float]],
) -> Plan:
    """The plan after ``chooser`` took ``option`` (each branch cites the rule giving the effect)."""
    if option == "accept-table":  # 8B-6-C2, 8B-8, 14.1-6(c), 14.1-12-C3: balls as they lie; the cue ball
        return replace(plan, shooter=chooser)  # too, unless the ruling gave it in hand (it left the table, 14.1-10)
    if option == "cue-ball-in-kitchen":  # 8B-6-C2, 8B-8, 14.1-7.5: cue ball in hand behind the head string
        return replace(plan, shooter=chooser, ball_in_hand="kitchen")
    if option in ("rerack-and-break", "rerack-opponent-breaks"):  # 8B-6-C2, 8B-9-C1, 14.1-6(c), 14.1-7.5
        breaker = chooser if option == "rerack-and-break" else other(chooser)
        rack = "eight-ball" if game == "eight-ball" else "opening"
        return Plan(shooter=breaker, ball_in_hand="kitchen", rack=rack, break_next=True)
    if option == "spot-eight":  # 8B-9-C1: the breaker continues as it lies; the incoming player from the kitchen
        in_hand = None if chooser == last_shooter else "kitchen"
        return replace(plan, shooter=chooser, ball_in_hand=in_hand, spot=tuple(sorted({*plan.spot, EIGHT})))
    if option == "spot-nearest-ball":  # 14.1-7.7: the nearest ball goes to the foot spot
        return replace(plan, spot_to_foot=ball)
    if option == "restore-balls":  # GEN-13: the disturbed balls go back where they lay
        return replace(plan, restore=dict(moved_from))
    if option in ("leave-balls", DECLINE):
        return plan
    raise MatchError(f"unknown option {option!r}")


def questions_after(game: Game, ruling: Ruling, option: str, rest: tuple[Decision, ...]) -> tuple[Decision, ...]:
    """The questions still open once ``option`` was taken: an offer only if the referee says it stands."""
    standing = straight_pool.offers_after(ruling, option) if game == "straight-pool" else ()
    return tuple(d for d in rest if not set(d.options) & set(OFFER_OPTIONS) or set(d.options) & set(standing))
