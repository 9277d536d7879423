"""The general rules both games share (RULES.md section 2, GEN-*), as small pure functions.

Each game's referee calls these and adds its own rules; nothing here knows
which game is played except through the arguments.
"""

from __future__ import annotations

from collections.abc import Mapping

from poolhall.equipment import CUE
from poolhall.rules.model import Call, Options, Shot, Situation

#: Reported infraction word -> foul code (DESIGN.md "Shot facts", RULES GEN-F).
#: ``object-ball-moved`` and ``intentional`` depend on the game and the options,
#: so the games decide those two themselves.
REPORTED_FOULS: Mapping[str, str] = {
    "cue-ball-touched": "GEN-F9",
    "double-hit": "GEN-F10",
    "push-shot": "GEN-F11",
    "placement-touch": "GEN-F13",
    "balls-moving": "GEN-F14",
    "no-foot-on-floor": "GEN-F15",
}

REPORTED_WORDS: frozenset[str] = frozenset({*REPORTED_FOULS, "object-ball-moved", "intentional"})


def scratched(shot: Shot) -> bool:
    """The cue ball was pocketed or driven off the table (GEN-4)."""
    return CUE in shot.pocketed_balls or CUE in shot.off_table


def object_balls_pocketed(shot: Shot) -> tuple[int, ...]:
    return tuple(b for b in shot.pocketed_balls if b != CUE)


def object_balls_off_table(shot: Shot) -> tuple[int, ...]:
    return tuple(b for b in shot.off_table if b != CUE)


def rail_reached(shot: Shot) -> bool:
    """GEN-7: after the first contact a ball was pocketed or some ball was driven to a rail."""
    return bool(shot.pocketed) or bool(shot.rail_contacts)


def implied_call(shot: Shot, options: Options) -> Call | None:
    """GEN-8: the call an obvious shot carries when none was made.

    Only with ``explicit_calls`` off, no call requested, a single first ball,
    and that ball dropped ``direct`` (no rail but the pocket's jaws, no other
    ball). Bank and combination shots never qualify; a split first contact
    (GEN-10) gives none.
    """
    if shot.call is not None or shot.call_requested or options.explicit_calls:
        return None
    if len(shot.first_contact) != 1:
        return None
    first = shot.first_contact[0]
    for drop in shot.pocketed:
        if drop.ball == first and drop.direct:
            return Call(first, drop.pocket)
    return None


def effective_call(shot: Shot, options: Options) -> Call | None:
    """The nomination that counts: the explicit one or the implied one (GEN-8); None for a safety."""
    if isinstance(shot.call, Call):
        return shot.call
    return implied_call(shot, options)


def no_call_rules(shot: Shot, options: Options) -> tuple[str, ...]:
    """The rules that left a shot without a valid call: GEN-8, and CFG-6 when explicit calls are required."""
    return ("GEN-8", "CFG-6") if options.explicit_calls and shot.call is None else ("GEN-8",)


def called_ball_made(shot: Shot, call: Call | None) -> bool:
    """The nominated ball went into the nominated pocket (any legal path counts, GEN-8)."""
    return call is not None and any(p.ball == call.ball and p.pocket == call.pocket for p in shot.pocketed)


def frozen_requirement_met(shot: Shot, frozen_ball: int, frozen: Mapping[int, str]) -> bool:
    """GEN-6: after hitting a ball frozen to a rail, one of the four things must happen.

    (1) a ball is pocketed, (2) the cue ball touches a rail, (3) the frozen
    ball touches a different rail, (4) another object ball touches a rail it
    was not already touching. ``frozen`` maps each frozen (or treated as
    frozen) ball to its rail.
    """
    if shot.pocketed:
        return True
    own_rail = frozen[frozen_ball]
    for contact in shot.rail_contacts:
        if contact.ball == CUE:
            return True
        if contact.ball == frozen_ball:
            if contact.rail != own_rail:
                return True
        elif frozen.get(contact.ball) != contact.rail:
            return True
    return False


def frozen_ball_foul(shot: Shot, frozen: Mapping[int, str]) -> bool:
    """GEN-F8: the first ball(s) were frozen and GEN-6 was not met for any of them.

    With a split first contact (GEN-10) the shooter gets the benefit of the
    doubt: a foul only if every first ball is frozen and none meets GEN-6.
    """
    if not shot.first_contact or any(b not in frozen for b in shot.first_contact):
        return False
    return not any(frozen_requirement_met(shot, b, frozen) for b in shot.first_contact)


def split_contact_rules(shot: Shot, legal_first: frozenset[int] | None = None) -> tuple[str, ...]:
    """GEN-10: cite it when the first contact was split and one of the balls touched was a legal first ball.

    ``legal_first`` is the set of legal first balls (None: any object ball, as in 14.1 or on an open table).
    """
    first = set(shot.first_contact)
    if len(first) < 2 or (legal_first is not None and not first & legal_first):
        return ()
    return ("GEN-10",)


def kitchen_rules(situation: Situation, shot: Shot) -> tuple[str, ...]:
    """GEN-9 (and GEN-2 for a ball on the head string): cite them when the kitchen restriction was checked and met."""
    if situation.ball_in_hand != "kitchen" or shot.kitchen is None or not shot.first_contact:
        return ()
    if kitchen_foul(situation, shot):
        return ()
    return ("GEN-9",) if shot.kitchen.first_ball_behind else ("GEN-9", "GEN-2")


def kitchen_foul(situation: Situation, shot: Shot) -> bool:
    """GEN-F7: from the kitchen, the first ball lay behind the head string and the cue ball had not crossed."""
    if situation.ball_in_hand != "kitchen" or shot.kitchen is None or not shot.first_contact:
        return False
    return shot.kitchen.first_ball_behind and not shot.kitchen.cue_crossed_first


def common_fouls(situation: Situation, shot: Shot, frozen: Mapping[int, str]) -> list[tuple[str, str]]:
    """The fouls both games share, as (foul code, deciding rule ID), in RULES' evaluation order.

    Covers GEN-F1, F2, F3, F5, F7, F8 and the reported F9-F11, F13-F15. The
    games add F4, F6, F12 and F16, whose rules differ between them.
    """
    fouls: list[tuple[str, str]] = []
    if CUE in shot.pocketed_balls:
        fouls.append(("GEN-F1", "GEN-4"))
    if CUE in shot.off_table:
        fouls.append(("GEN-F2", "GEN-4"))
    if not shot.first_contact:
        fouls.append(("GEN-F3", "GEN-7"))
    elif not rail_reached(shot):
        fouls.append(("GEN-F5", "GEN-7"))
    if kitchen_foul(situation, shot):
        fouls.append(("GEN-F7", "GEN-9"))
    if frozen_ball_foul(shot, frozen):
        fouls.append(("GEN-F8", "GEN-6"))
    fouls.extend(reported_fouls(shot))
    return fouls


def reported_fouls(shot: Shot) -> list[tuple[str, str]]:
    """The reported infractions that are fouls in every game and mode (F9-F11, F13-F15), each once."""
    codes = dict.fromkeys(REPORTED_FOULS[word] for word in shot.reported if word in REPORTED_FOULS)
    return [(code, "GEN-F") for code in codes]
