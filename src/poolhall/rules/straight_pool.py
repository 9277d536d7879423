"""The 14.1 continuous (straight pool) referee: ``rule(options, situation, shot) -> Ruling``.

Follows the evaluation order 14.1-E of RULES.md: reject what cannot be ruled
(GEN-15), resolve an opening break (14.1-6), else find the fouls and apply
their penalties or score the shot, then add the offers the incoming player
may take (14.1-7.7, GEN-13) and update the near-rail allowances (14.1-7.2-C2).
The pieces live in ``straight_pool_break``, ``straight_pool_play``,
``straight_pool_rerack`` and ``straight_pool_near_rail``.

``stalemate`` is the 14.1-13 ruling the match layer applies when both
players agree (or a referee declares) that play has stopped progressing.
"""

from __future__ import annotations

from dataclasses import replace

from poolhall.equipment import CUE, OBJECT_BALLS
from poolhall.rules.general import effective_call, kitchen_rules, split_contact_rules
from poolhall.rules.model import PLAYERS, Options, RefereeError, Ruling, Shot, Situation, other, phrase
from poolhall.rules.straight_pool_break import opening_break
from poolhall.rules.straight_pool_near_rail import near_rail_safety, treated_as_frozen, updated_allowances
from poolhall.rules.straight_pool_play import THIRD_FOUL, clean_shot, foul_ruling, shot_fouls

FULL_RACK = frozenset(OBJECT_BALLS)
#: The 14.1-7.7 offer's option word.
NEAREST = "spot-nearest-ball"


def rule(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """Rule one 14.1 shot; raises ``RefereeError`` for input that cannot be ruled (GEN-15)."""
    validate(options, situation)
    _check_nearest(situation, shot)
    ruling = opening_break(options, situation, shot) if situation.break_shot else _play(options, situation, shot)
    ruling = _offer_nearest_ball(situation, shot, ruling)
    ruling = _offer_touched_balls(options, situation, shot, ruling)
    allowances = updated_allowances(options, situation, shot, ruling)
    ball = near_rail_safety(situation, shot, ruling.foul)
    if ball is not None and not situation.break_shot:
        said = phrase(
            "sp.near_rail.safety", player=situation.shooter, ball=ball, used=allowances[situation.shooter][ball]
        )
        ruling = replace(ruling, reason=(*ruling.reason, said))
    return _warn_on_two_fouls(replace(ruling, near_rail_safeties=allowances))


def _warn_on_two_fouls(ruling: Ruling) -> Ruling:
    """14.1-12-C2: a player coming to the table on two fouls is warned (so the third always counts)."""
    incoming = ruling.next_shooter
    if ruling.turn_continues or ruling.game_over or ruling.fouls_in_a_row.get(incoming, 0) < THIRD_FOUL - 1:
        return ruling
    said = phrase("sp.warning", player=incoming)
    return replace(ruling, rules=(*ruling.rules, "14.1-12-C2"), reason=(*ruling.reason, said))


def _play(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """14.1-E steps 3-5 for a shot that is not an opening break."""
    near_frozen = treated_as_frozen(options, situation)
    frozen = {**situation.frozen, **{b: r for b, r in near_frozen.items() if b in shot.first_contact}}
    fouls = shot_fouls(options, situation, shot, frozen)
    context = [*split_contact_rules(shot), *kitchen_rules(situation, shot)]
    if options.near_rail_allowance == "strict" and any(b in situation.near_rail for b in shot.first_contact):
        context.append("CFG-9")
    if fouls:
        rules = ["14.1-7.2-C1"] if any(code in ("GEN-F3", "GEN-F5") for code, _ in fouls) else []
        rules = [*context, *rules]
        ruling = foul_ruling(options, situation, shot, fouls, rules)
        counted_frozen = [b for b in shot.first_contact if b in near_frozen]
        if counted_frozen and "GEN-F8" in ruling.fouls:
            said = phrase("sp.near_rail.frozen", player=situation.shooter, ball=counted_frozen[0])
            ruling = replace(ruling, rules=(*ruling.rules, "14.1-7.2", "14.1-7.2-C2"), reason=(said, *ruling.reason))
        return ruling
    ruling = clean_shot(options, situation, shot, effective_call(shot, options))
    if any(b in situation.near_rail for b in shot.first_contact):
        context.append("14.1-7.2-C2")
    return replace(ruling, rules=tuple(dict.fromkeys((*ruling.rules, *context))))


def _offer_nearest_ball(situation: Situation, shot: Shot, ruling: Ruling) -> Ruling:
    """14.1-7.7: cue ball in hand in the kitchen with every object ball behind the head string.

    The player in hand may have the ball nearest the head string moved to the
    foot spot (he picks one if several are equally near; the candidates are
    named when ``after.nearest_to_head_string`` gives them, and the offer
    stands without them, the player naming the ball). Not after a re-rack
    or when balls are spotted: the rack or the spotted balls lie at the foot.
    """
    after = shot.after
    if ruling.ball_in_hand != "kitchen" or ruling.rerack or ruling.spot or after is None:
        return ruling
    if not after.all_behind_head_string or ruling.game_over:
        return ruling
    player = ruling.next_shooter
    candidates = tuple(sorted(after.nearest_to_head_string))
    said = (
        phrase("sp.offer.nearest", player=player, balls=candidates)
        if candidates
        else phrase("sp.offer.nearest_unnamed", player=player)
    )
    return replace(
        ruling,
        chooser=player,
        options=(*ruling.options, NEAREST),
        rules=(*ruling.rules, "14.1-7.7", "14.1-7.7-C1"),
        reason=(*ruling.reason, said),
    )


def _check_nearest(situation: Situation, shot: Shot) -> None:
    """GEN-15: the balls named nearest the head string lie on the table after the shot.

    Checked on every shot, not only when 14.1-7.7 is offered: a ball that
    dropped or left the table on this shot cannot lie anywhere afterwards,
    so naming it contradicts the shot's own facts.
    """
    if shot.after is None:
        return
    remaining = situation.on_table - set(shot.pocketed_balls) - set(shot.off_table)
    strangers = sorted(set(shot.after.nearest_to_head_string) - remaining)
    if strangers:
        raise RefereeError("shot.after.nearest_to_head_string", f"ball {strangers[0]} is not on the table after it")


def offers_after(ruling: Ruling, option: str) -> tuple[str, ...]:
    """The offers of ``ruling`` that still stand once its chooser took ``option`` (the match asks them next).

    The 14.1-7.7 offer needs the cue ball in hand behind the head string with
    the balls as they lie. After an intentional foul the incoming player
    chooses (14.1-7.5-C1): ``cue-ball-in-kitchen`` gives him exactly that, so
    "14.1-7.7 may then apply" and the offer stands; ``rerack-opponent-breaks``
    racks all 15 balls and leaves nothing to move. ``accept-table`` keeps the
    cue ball in hand only when the ruling gave it (a scratch, 14.1-10), and
    GEN-13's restore/leave question leaves the cue ball alone.
    """
    if NEAREST not in ruling.options or option == NEAREST:
        return ()
    keeps_hand = option in ("cue-ball-in-kitchen", "restore-balls", "leave-balls") or (
        option == "accept-table" and ruling.ball_in_hand == "kitchen"
    )
    return (NEAREST,) if keeps_hand else ()


def _offer_touched_balls(options: Options, situation: Situation, shot: Shot, ruling: Ruling) -> Ruling:
    """GEN-13 cue-ball-fouls-only: a moved object ball is no foul; the opponent restores it or leaves it.

    Offered only when no other choice is pending (as the eight-ball referee
    does, docs/rules.md): alongside another choice, or before a full re-rack,
    the ball is simply put back, so one choice never hides inside another.
    """
    if options.touching != "cue-ball-only" or "object-ball-moved" not in shot.reported:
        return ruling
    opponent = other(situation.shooter)
    if ruling.chooser is not None or ruling.rerack == "full":
        said = phrase("sp.offer.touched_restored", player=situation.shooter)
        return replace(ruling, rules=(*ruling.rules, "GEN-13"), reason=(*ruling.reason, said))
    return replace(
        ruling,
        chooser=opponent,
        options=(*ruling.options, "restore-balls", "leave-balls"),
        rules=(*ruling.rules, "GEN-13"),
        reason=(*ruling.reason, phrase("sp.offer.touched", player=situation.shooter, chooser=opponent)),
    )


def validate(options: Options, situation: Situation) -> None:
    """GEN-15 checks that belong to 14.1; the JSON contract checks balls, pockets and fields."""
    if options.points_to_win < 1:
        raise RefereeError("options.points_to_win", "must be a positive number of points (CFG-7)")
    if options.calls == "none":
        raise RefereeError("options.calls", '14.1 is a called game (14.1-7.1): "none" is for eight-ball only')
    for player in PLAYERS:
        if situation.score.get(player, 0) >= options.points_to_win:
            raise RefereeError("situation.score", f"{player} already has {options.points_to_win}: the game is over")
        record = situation.fouls_in_a_row.get(player, 0)
        if not 0 <= record < THIRD_FOUL:
            raise RefereeError("situation.fouls_in_a_row", f"{player}'s foul record must be 0, 1 or 2 (14.1-12-C1)")
        if any(u < 0 for u in situation.near_rail_safeties.get(player, {}).values()):
            raise RefereeError("situation.near_rail_safeties", "an allowance used cannot be negative")
    if situation.ball_in_hand == "anywhere":
        raise RefereeError("situation.ball_in_hand", "14.1 gives the cue ball in hand only behind the head string")
    if situation.break_shot and situation.on_table != FULL_RACK:
        raise RefereeError("situation.on_table", "an opening break needs all 15 balls racked (14.1-6(a))")
    both = sorted(set(situation.near_rail) & set(situation.frozen))
    if both:
        raise RefereeError("situation.near_rail", f"ball {both[0]} cannot be both frozen and near a rail")
    away = sorted(set(situation.near_rail) - situation.on_table)
    if away:
        raise RefereeError("situation.near_rail", f"ball {away[0]} is not on the table")
    if CUE in situation.near_rail:
        raise RefereeError("situation.near_rail", "the near-rail rule concerns object balls only")


def stalemate(situation: Situation) -> Ruling:
    """14.1-13: all 15 balls re-racked, the players lag again, scores stand, records and allowances cleared.

    The lag decides who breaks, so ``next_break`` is None; ``next_shooter``
    keeps the shooter only because a ruling must name someone.
    """
    return Ruling(
        foul=False,
        fouls=(),
        rules=("14.1-13",),
        reason=(phrase("sp.stalemate"),),
        next_shooter=situation.shooter,
        turn_continues=False,
        ball_in_hand="kitchen",
        rerack="full",
    )
