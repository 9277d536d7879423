"""Eight-ball: the opening break, by the rows of RULES table 8B-B (first match applies).

Facts: *legal* = an object ball pocketed (the 8 included) or at least four
distinct object balls driven to a rail (8B-6-C1); *scratch* (GEN-4);
*jumped* = object balls other than the 8 off the table; *other foul* = the
reported infractions. The table is open after every break and no group is
ever decided on it (8B-11).

While a choice is pending, ``ball_in_hand`` and ``spot`` describe play going
on without a re-rack (``accept-table`` or ``spot-eight``): ``spot`` then
holds the jumped balls and, with ``spot-eight``, the 8; ``ball_in_hand`` is
``kitchen`` when the only way on without a re-rack is ``cue-ball-in-kitchen``
or ``spot-eight`` after a foul. A re-rack makes those moot.
"""

from __future__ import annotations

from poolhall.equipment import CUE, EIGHT
from poolhall.rules.eight_ball_common import Draft, disturbed, eight_ball_reported_fouls, spotted, stay_down
from poolhall.rules.general import object_balls_off_table, object_balls_pocketed, reported_fouls, scratched
from poolhall.rules.model import Options, Ruling, Shot, Situation

#: The breaker needs this many distinct object balls at a rail when nothing drops (8B-6).
BALLS_TO_RAIL = 4

RERACK_OPTIONS = ("rerack-and-break", "rerack-opponent-breaks")


def break_fouls(options: Options, shot: Shot) -> list[tuple[str, str]]:
    """The fouls a break can have: scratch, object balls off the table, reported infractions.

    No-contact, no-rail, wrong-ball, kitchen and frozen-ball fouls do not apply
    to a break (GEN-7: "every shot except an eight-ball break"); an illegal
    break is its own foul (8B-6).
    """
    fouls: list[tuple[str, str]] = []
    if CUE in shot.pocketed_balls:
        fouls.append(("GEN-F1", "8B-7"))
    if CUE in shot.off_table:
        fouls.append(("GEN-F2", "8B-7"))
    if object_balls_off_table(shot):
        fouls.append(("GEN-F6", "8B-8"))
    fouls.extend(reported_fouls(shot))
    fouls.extend(eight_ball_reported_fouls(options, shot))
    return fouls


def is_legal(shot: Shot) -> bool:
    """8B-6, 8B-6-C1: an object ball pocketed, or four distinct object balls driven to a rail."""
    to_rail = {c.ball for c in shot.rail_contacts if c.ball != CUE}
    return bool(object_balls_pocketed(shot)) or len(to_rail) >= BALLS_TO_RAIL


def rule_break(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """Table 8B-B, rows R1-R8."""
    draft = Draft(situation)
    draft.cite("8B-B")
    fouls = break_fouls(options, shot)
    legal = is_legal(shot)
    eight_off = EIGHT in shot.off_table
    if not legal and not eight_off:
        draft.fouls.append("8B-6")
        draft.cite("8B-6", "8B-6-C1")
        draft.say("8b.break.illegal", count=len({c.ball for c in shot.rail_contacts if c.ball != CUE}))
    draft.add_fouls(fouls, shot)
    if eight_off and options.eight_off_table_on_break == "loss":
        draft.cite("8B-B R1", "8B-20c", "8B-20-C1", "CFG-3")
        draft.say("8b.break.eight_off_loss", winner=draft.opponent)
        return draft.ruling(next_shooter=draft.opponent, turn_continues=False, game_over=True, winner=draft.opponent)
    if eight_off or EIGHT in shot.pocketed_balls:
        return _eight_down(draft, options, shot, eight_off=eight_off, foul=bool(fouls))
    stay_down(draft, object_balls_pocketed(shot))
    if not legal:
        return _illegal(draft, options, shot)
    if scratched(shot):
        return _scratch(draft, options, shot)
    if fouls:
        draft.cite("8B-B R6", "8B-8", "8B-8-C1", "8B-2-C2")
        spot = spotted(draft, options, shot)
        draft.say("8b.choose.break_foul", player=draft.opponent)
        return _choice(draft, options, shot, ("accept-table", "cue-ball-in-kitchen"), spot=spot)
    if object_balls_pocketed(shot):
        draft.cite("8B-B R7", "8B-2", "8B-2-C2", "8B-11")
        draft.say("8b.break.continue")
        choice = disturbed(draft, options, shot, choice_free=True)
        return _open_table(draft, next_shooter=draft.shooter, turn_continues=True, choice=choice)
    draft.cite("8B-B R8", "8B-6", "8B-2")
    draft.say("8b.break.nothing")
    draft.say("gen.table_as_it_lies", player=draft.opponent)
    choice = disturbed(draft, options, shot, choice_free=True)
    return _open_table(draft, next_shooter=draft.opponent, turn_continues=False, choice=choice)


def _eight_down(draft: Draft, options: Options, shot: Shot, *, eight_off: bool, foul: bool) -> Ruling:
    """R2 (clean break, the breaker chooses) and R3 (a foul, or the 8 off under CFG-3: the incoming player)."""
    draft.cite("8B-9", "8B-9-C1", "8B-9-C3")
    others = [b for b in object_balls_pocketed(shot) if b != EIGHT]
    if foul or eight_off:
        draft.cite("8B-B R3")
        if eight_off:
            draft.cite("8B-B R1", "CFG-3")
        if not scratched(shot):
            draft.cite("8B-9-C2")
        draft.say("8b.break.eight_off_as_pocketed" if eight_off else "8b.break.eight_foul")
        stay_down(draft, others)
        spot = spotted(draft, options, shot, eight=True)
        draft.say("8b.choose.eight_incoming", player=draft.opponent)
        return _choice(draft, options, shot, ("spot-eight", "rerack-and-break"), spot=spot)
    draft.cite("8B-B R2")
    draft.say("8b.break.eight_legal")
    stay_down(draft, others)
    spot = spotted(draft, options, shot, eight=True)
    draft.say("8b.choose.eight_breaker")
    disturbed(draft, options, shot, choice_free=False)
    return _open_table(
        draft,
        next_shooter=draft.shooter,
        turn_continues=True,
        choice=("spot-eight", "rerack-and-break"),
        chooser=draft.shooter,
        spot=spot,
    )


def _illegal(draft: Draft, options: Options, shot: Shot) -> Ruling:
    """R4, 8B-6-C2: the incoming player accepts (or takes the kitchen after a scratch) or has a re-rack."""
    draft.cite("8B-B R4", "8B-6-C2")
    if scratched(shot):
        draft.cite("INC-21")
        ways_on: tuple[str, ...] = ("cue-ball-in-kitchen",)
        key = "8b.choose.illegal_break_scratch"
    elif object_balls_off_table(shot):
        ways_on = ("accept-table", "cue-ball-in-kitchen")
        key = "8b.choose.illegal_break_jumped"
    else:
        ways_on = ("accept-table",)
        key = "8b.choose.illegal_break"
    spot = spotted(draft, options, shot)
    draft.say(key, player=draft.opponent)
    return _choice(draft, options, shot, (*ways_on, *RERACK_OPTIONS), spot=spot)


def _scratch(draft: Draft, options: Options, shot: Shot) -> Ruling:
    """R5, 8B-7: a legal break with a scratch: cue ball in hand behind the head string (GEN-9)."""
    draft.cite("8B-B R5", "8B-7", "8B-7-C1", "8B-2-C2", "GEN-9")
    spot = spotted(draft, options, shot)
    draft.say("gen.ball_in_hand.kitchen", player=draft.opponent)
    draft.say("gen.kitchen_restriction")
    choice = disturbed(draft, options, shot, choice_free=True)
    return _open_table(
        draft, next_shooter=draft.opponent, turn_continues=False, choice=choice, ball_in_hand="kitchen", spot=spot
    )


def _choice(draft: Draft, options: Options, shot: Shot, choice: tuple[str, ...], *, spot: tuple[int, ...]) -> Ruling:
    """A foul on the break that leaves the incoming player a choice (R3, R4, R6)."""
    disturbed(draft, options, shot, choice_free=False)
    kitchen_only = "accept-table" not in choice and ("cue-ball-in-kitchen" in choice or "spot-eight" in choice)
    return _open_table(
        draft,
        next_shooter=draft.opponent,
        turn_continues=False,
        choice=choice,
        ball_in_hand="kitchen" if kitchen_only else None,
        spot=spot,
    )


def _open_table(draft: Draft, *, choice: tuple[str, ...], chooser: str | None = None, **fields: object) -> Ruling:
    """Every break leaves the table open with no groups (8B-11); the opponent chooses unless told otherwise."""
    return draft.ruling(
        chooser=(chooser or draft.opponent) if choice else None,  # type: ignore[arg-type]
        options=choice,
        table_open=True,
        groups=None,
        **fields,  # type: ignore[arg-type]
    )
