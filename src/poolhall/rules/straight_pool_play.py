"""The ordinary 14.1 shot: fouls and their penalties, safeties, scoring (RULES.md 14.1-E steps 3-5).

``straight_pool.rule`` validates and dispatches; the opening break
(``straight_pool_break``) reuses the foul and scoring rulings built here.
Every ruling cites the rule IDs that decided it and carries reason phrases
(``sp.*`` keys of ``phrases/straight_pool.py``), never sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from poolhall.rules.general import (
    called_ball_made,
    common_fouls,
    no_call_rules,
    object_balls_off_table,
    object_balls_pocketed,
    scratched,
)
from poolhall.rules.model import (
    PLAYERS,
    SAFETY,
    BallInHand,
    Call,
    Options,
    Phrase,
    Player,
    Ruling,
    Shot,
    Situation,
    other,
    phrase,
)
from poolhall.rules.straight_pool_rerack import rerack_after

#: Penalties in points (14.1-5): standard foul, intentional foul, third consecutive foul (added).
STANDARD_PENALTY = 1
INTENTIONAL_PENALTY = 16
THIRD_FOUL_PENALTY = 15
#: A player's foul record runs 0-2; the third consecutive foul is penalised and resets it (14.1-12-C1).
THIRD_FOUL = 3


def per_player(player: Player, value: int, base: Mapping[Player, int] | None = None) -> dict[Player, int]:
    """A per-player mapping: ``base`` (zeros if None) with ``player`` set to ``value``."""
    out = {p: (base or {}).get(p, 0) for p in PLAYERS}
    out[player] = value
    return out


def illegal_balls(shot: Shot) -> tuple[int, ...]:
    """Object balls to spot after the shot, ascending (GEN-11, 14.1-8, 14.1-9)."""
    return tuple(sorted({*object_balls_pocketed(shot), *object_balls_off_table(shot)}))


def _foul_number(code: str) -> int:
    return int(code.rsplit("F", 1)[1])


def shot_fouls(options: Options, situation: Situation, shot: Shot, frozen: Mapping[int, str]) -> list[tuple[str, str]]:
    """The fouls of a 14.1 shot as (code, deciding rule ID), by code (14.1-E step 3).

    The shared fouls come from ``general.common_fouls``; 14.1 adds an object
    ball off the table (14.1-9), a moved object ball only in refereed mode
    (GEN-13, CFG-1) and the intentional foul (14.1-7.5).
    """
    fouls = common_fouls(situation, shot, frozen)
    if object_balls_off_table(shot):
        fouls.append(("GEN-F6", "14.1-9"))
    if "object-ball-moved" in shot.reported and options.touching == "refereed":
        fouls.append(("GEN-F12", "GEN-13"))
    if "intentional" in shot.reported:
        fouls.append(("GEN-F16", "14.1-7.5"))
    return sorted(fouls, key=lambda f: _foul_number(f[0]))


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def spotted(shot: Shot, cited: list[str], reason: list[Phrase]) -> tuple[int, ...]:
    """The balls to spot after the shot (14.1-8, 14.1-9, GEN-11), added to the citations and the reason."""
    spot = illegal_balls(shot)
    if spot:
        cited += ["14.1-8", "14.1-8-C1", "GEN-11"]
        reason.append(phrase("sp.spot", balls=spot))
    return spot


def foul_turn(
    situation: Situation,
    codes: Iterable[str],
    cited: Iterable[str],
    reason: Iterable[Phrase],
    penalty: int,
    record: int,
    next_shooter: Player | None = None,
    **fields: Any,
) -> Ruling:
    """A foul ends the inning: the shooter loses ``penalty`` and is on ``record``; the opponent is next."""
    shooter = situation.shooter
    return Ruling(
        foul=True,
        fouls=tuple(codes),
        rules=_unique(cited),
        reason=tuple(reason),
        next_shooter=next_shooter or other(shooter),
        turn_continues=False,
        points=per_player(shooter, -penalty),
        fouls_in_a_row=per_player(shooter, record, situation.fouls_in_a_row),
        **fields,
    )


def foul_ruling(
    options: Options,
    situation: Situation,
    shot: Shot,
    fouls: list[tuple[str, str]],
    rules: Iterable[str] = (),
) -> Ruling:
    """A standard or intentional foul (14.1-E step 4; 14.1-7.5, 14.1-10, 14.1-11, 14.1-12).

    Several infractions make one foul with the heaviest penalty (GEN-F):
    -16 if one is intentional, else -1; the record grows by one (an
    intentional foul only with CFG-10). At three: -15 more and 14.1-12-C3.
    """
    shooter, opponent = situation.shooter, other(situation.shooter)
    codes = tuple(code for code, _ in fouls)
    intentional = "GEN-F16" in codes
    counts = not intentional or options.intentional_counts
    before = situation.fouls_in_a_row.get(shooter, 0)
    record = before + 1 if counts else before
    penalty = INTENTIONAL_PENALTY if intentional else STANDARD_PENALTY
    cited = [*rules, *(rule for _, rule in fouls), "14.1-11", "14.1-12"]
    reason: list[Phrase] = [phrase(f"sp.foul.{code}", player=shooter) for code in codes]
    in_hand: BallInHand = "kitchen" if scratched(shot) or intentional else None
    if scratched(shot):
        cited += ["14.1-10", "14.1-10-C1"]
    if intentional and not options.intentional_counts:
        cited += ["14.1-7.5-C2", "CFG-10"]
    if record >= THIRD_FOUL:
        return _third_foul(options, situation, shot, codes, cited, reason, penalty, in_hand)
    score = situation.score.get(shooter, 0) - penalty
    reason.append(phrase("sp.penalty", player=shooter, points=-penalty, score=score, record=record))
    choice: dict[str, Any] = {}
    if intentional:
        cited.append("14.1-7.5-C1")
        choice = {"chooser": opponent, "options": ("cue-ball-in-kitchen", "rerack-opponent-breaks")}
        reason.append(phrase("sp.choice.intentional", chooser=opponent, player=shooter))
    else:
        reason.append(phrase("sp.cue.kitchen" if in_hand else "sp.cue.lies", player=opponent))
    spot = spotted(shot, cited, reason)
    return foul_turn(situation, codes, cited, reason, penalty, record, ball_in_hand=in_hand, spot=spot, **choice)


def _third_foul(
    options: Options,
    situation: Situation,
    shot: Shot,
    codes: tuple[str, ...],
    cited: list[str],
    reason: list[Phrase],
    penalty: int,
    in_hand: BallInHand,
) -> Ruling:
    """14.1-12-C3: the foul's penalty plus 15, record 0, then a re-rack and opening break (or CFG-8 choice)."""
    shooter, opponent = situation.shooter, other(situation.shooter)
    total = penalty + THIRD_FOUL_PENALTY
    score = situation.score.get(shooter, 0) - total
    cited.append("14.1-12-C3")
    if "GEN-F16" in codes:
        cited.append("14.1-7.5-C2")
    reason.append(phrase("sp.third_foul", player=shooter, points=-total, score=score))
    if options.three_foul_procedure == "choice":
        cited.append("CFG-8")
        reason.append(phrase("sp.choice.third_foul", chooser=opponent, player=shooter))
        spot = spotted(shot, cited, reason)
        choices = ("accept-table", "rerack-opponent-breaks")
        return foul_turn(
            situation,
            codes,
            cited,
            reason,
            total,
            0,
            ball_in_hand=in_hand,
            spot=spot,
            chooser=opponent,
            options=choices,
        )
    reason.append(phrase("sp.rerack.offender_breaks", player=shooter))
    return foul_turn(
        situation, codes, cited, reason, total, 0, shooter, ball_in_hand="kitchen", rerack="full", next_break=shooter
    )


def _clean(situation: Situation, cited: list[str], reason: list[Phrase], **fields: Any) -> Ruling:
    """A ruling for a shot without a foul: the shooter's record is cleared (14.1-12-C1)."""
    if situation.fouls_in_a_row.get(situation.shooter, 0):
        cited = [*cited, "14.1-12-C1"]
        reason = [*reason, phrase("sp.record_cleared", player=situation.shooter)]
    records = per_player(situation.shooter, 0, situation.fouls_in_a_row)
    return Ruling(foul=False, fouls=(), rules=_unique(cited), reason=tuple(reason), fouls_in_a_row=records, **fields)


def inning_ends(situation: Situation, shot: Shot, rules: Iterable[str], reason: Iterable[Phrase]) -> Ruling:
    """No foul and nothing scores: pocketed balls are spotted, the opponent takes the table as it lies."""
    cited, said = list(rules), list(reason)
    spot = spotted(shot, cited, said)
    opponent = other(situation.shooter)
    said.append(phrase("sp.cue.lies", player=opponent))
    return _clean(situation, cited, said, next_shooter=opponent, turn_continues=False, spot=spot)


def scoring(options: Options, situation: Situation, shot: Shot, call: Call, rules: Iterable[str]) -> Ruling:
    """The nominated ball went into the nominated pocket: every object ball scores (14.1-5, 14.1-7.1).

    The game ends the moment the target (CFG-7) is reached, even mid-rack;
    otherwise one or no ball left means a re-rack (14.1-7.3, 14.1-7.6).
    """
    shooter = situation.shooter
    made = object_balls_pocketed(shot)
    score = situation.score.get(shooter, 0) + len(made)
    cited = [*rules, "14.1-5", "14.1-7.1"]
    reason: list[Phrase] = [
        phrase("sp.scored", player=shooter, ball=call.ball, pocket=call.pocket, points=len(made), score=score)
    ]
    fields: dict[str, Any] = {"points": per_player(shooter, len(made)), "next_shooter": shooter}
    if score >= options.points_to_win:
        cited += ["14.1-1", "CFG-7"]
        reason.append(phrase("sp.game_over", player=shooter, score=score))
        return _clean(situation, cited, reason, turn_continues=False, game_over=True, winner=shooter, **fields)
    remaining = situation.on_table - set(made)
    if len(remaining) <= 1:
        decision = rerack_after(shot, remaining)
        cited += ["14.1-7.3", "14.1-7.3-C1", "14.1-7.6-C1"]
        reason += decision.reason
        fields |= {"rerack": decision.rerack, "move": decision.move, "ball_in_hand": decision.ball_in_hand}
    reason.append(phrase("sp.continues", player=shooter))
    return _clean(situation, cited, reason, turn_continues=True, **fields)


def clean_shot(options: Options, situation: Situation, shot: Shot, call: Call | None) -> Ruling:
    """14.1-E step 5: safety, legal score, or a miss that ends the inning."""
    if shot.call == SAFETY:
        return inning_ends(situation, shot, ["14.1-7.4"], [phrase("sp.safety", player=situation.shooter)])
    if called_ball_made(shot, call):
        assert call is not None
        rules = ["GEN-8"] if shot.call is None else []
        return scoring(options, situation, shot, call, rules)
    if call is None and not shot.pocketed:
        rules, said = ["14.1-7.1"], phrase("sp.nothing", player=situation.shooter)
    elif call is None:
        rules, said = [*no_call_rules(shot, options), "14.1-7.1-C1"], phrase("sp.no_call", player=situation.shooter)
    else:
        rules, said = ["14.1-7.1-C1"], phrase("sp.missed", player=situation.shooter, ball=call.ball, pocket=call.pocket)
    return inning_ends(situation, shot, rules, [said])
