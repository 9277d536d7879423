"""The 14.1 opening break (RULES.md 14.1-6 (a)-(h), INC-22).

The requirement (b): the nominated ball in the nominated pocket, or the cue
ball and two distinct object balls driven to a rail after the first contact
(a pocketed ball counts as driven to a rail, GEN-5). Failing it is a breaking
foul (-2, outside the three-foul count) that absorbs any standard foul on the
same break (d); meeting it with a standard foul is an ordinary foul (e); an
intentional foul is the most serious penalty and is ruled as one (GEN-F).
"""

from __future__ import annotations

from dataclasses import replace

from poolhall.equipment import CUE
from poolhall.rules.general import called_ball_made, scratched
from poolhall.rules.model import Call, Options, Phrase, Ruling, Shot, Situation, other, phrase
from poolhall.rules.straight_pool_play import foul_ruling, foul_turn, inning_ends, scoring, shot_fouls, spotted

#: Points a breaking foul costs (14.1-6(c), 14.1-5).
BREAKING_FOUL_PENALTY = 2
#: Distinct object balls that must reach a rail for requirement (b)(2).
OBJECT_BALLS_TO_RAIL = 2


def rails_requirement_met(shot: Shot) -> bool:
    """14.1-6(b)(2): after the first contact the cue ball and two object balls were driven to a rail."""
    if not shot.first_contact:
        return False
    to_rail = {c.ball for c in shot.rail_contacts} | set(shot.pocketed_balls)
    return CUE in to_rail and len(to_rail - {CUE}) >= OBJECT_BALLS_TO_RAIL


def opening_break(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """Rule an opening break; the nomination is optional and never implied (GEN-8, 14.1-6(b))."""
    situation = replace(situation, ball_in_hand="kitchen")  # 14.1-6(a)
    nominated = shot.call if isinstance(shot.call, Call) else None
    made = called_ball_made(shot, nominated)
    requirement = made or rails_requirement_met(shot)
    fouls = shot_fouls(options, situation, shot, situation.frozen)
    intentional = any(code == "GEN-F16" for code, _ in fouls)
    if not requirement and not intentional:
        return _breaking_foul(situation, shot, [code for code, _ in fouls])
    met_by = ["14.1-6(b)(1)"] if made else ["14.1-6(b)(2)"] if requirement else ["14.1-6(b)"]
    if fouls:
        rules = list(met_by)
        if requirement:
            rules += ["14.1-6(e)", "14.1-6(g)"] if made else ["14.1-6(e)"]
        return foul_ruling(options, situation, shot, fouls, rules)
    if made:
        assert nominated is not None
        return scoring(options, situation, shot, nominated, [*met_by, "14.1-6(f)"])
    return inning_ends(situation, shot, [*met_by, "14.1-6(f)"], [phrase("sp.break.legal", player=situation.shooter)])


def _breaking_foul(situation: Situation, shot: Shot, codes: list[str]) -> Ruling:
    """14.1-6(c)/(d): -2, record untouched, the incoming player accepts the table or has it re-racked."""
    shooter, opponent = situation.shooter, other(situation.shooter)
    score = situation.score.get(shooter, 0) - BREAKING_FOUL_PENALTY
    rules = ["14.1-6(b)", "14.1-6(c)"] + (["14.1-6(d)"] if codes else [])
    reason: list[Phrase] = [phrase(f"sp.foul.{code}", player=shooter) for code in codes]
    reason.append(phrase("sp.break.foul", player=shooter, points=-BREAKING_FOUL_PENALTY, score=score))
    scratch = scratched(shot)
    first_choice = "cue-ball-in-kitchen" if scratch else "accept-table"
    reason.append(phrase(f"sp.choice.break.{first_choice}", chooser=opponent, player=shooter))
    spot = spotted(shot, rules, reason)
    if scratch:
        rules += ["14.1-10", "14.1-10-C1"]
    record = situation.fouls_in_a_row.get(shooter, 0)
    return foul_turn(
        situation,
        ("14.1-6(c)", *codes),
        rules,
        reason,
        BREAKING_FOUL_PENALTY,
        record,
        ball_in_hand="kitchen" if scratch else None,
        spot=spot,
        chooser=opponent,
        options=(first_choice, "rerack-opponent-breaks"),
    )
