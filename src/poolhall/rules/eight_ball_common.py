"""Pieces the eight-ball break (8B-B) and the other shots (8B-E) share.

``Draft`` collects what a ruling cites and says while the rules are walked, so
each branch only adds its rule IDs and phrases; the object-ball-touching
rules (GEN-13, 8B-5), the eight-ball-only reported fouls and the spotting of
jumped balls (8B-18, GEN-11, CFG-4) are decided here once for both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from poolhall.equipment import EIGHT
from poolhall.rules.general import object_balls_off_table
from poolhall.rules.model import Options, Phrase, Player, Ruling, Shot, Situation, other, phrase

#: Moving an object ball on these techniques is a foul even in cue-ball-fouls-only mode (8B-5).
SPECIAL_TECHNIQUES = frozenset({"jump", "curve", "masse"})

RESTORE_CHOICE: tuple[str, str] = ("restore-balls", "leave-balls")

#: Fouls already on the shooter's record that make a foul his third in a row (8B-21 note).
FOULS_BEFORE_THIRD = 2

#: Fouls whose words depend on the eight-ball rule that made them fouls.
_FOUL_WORDS_BY_RULE = {"8B-5": "8b.foul.jump_moved", "8B-10-C1": "8b.foul.eight_first"}


def foul_number(code: str) -> int:
    """Sort key: ``GEN-F12`` -> 12; a code that is no GEN-F number (``8B-6``) sorts first."""
    return int(code[5:]) if code.startswith("GEN-F") else 0


@dataclass
class Draft:
    """A ruling under construction: the fouls, the rule IDs and the phrases, in the order found."""

    situation: Situation
    fouls: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    reason: list[Phrase] = field(default_factory=list)

    @property
    def shooter(self) -> Player:
        return self.situation.shooter

    @property
    def opponent(self) -> Player:
        return other(self.situation.shooter)

    def cite(self, *rule_ids: str) -> None:
        self.rules.extend(rule_ids)

    def say(self, key: str, **params: Any) -> None:
        self.reason.append(phrase(key, shooter=self.shooter, opponent=self.opponent, **params))

    def add_fouls(self, fouls: Iterable[tuple[str, str]], shot: Shot) -> None:
        """Record fouls as (code, deciding rule), say each in words, in foul-number order."""
        ordered = sorted(fouls, key=lambda f: foul_number(f[0]))
        if ordered:
            self.say("gen.foul")
        for code, rule_id in ordered:
            if code not in self.fouls:
                self.fouls.append(code)
            self.cite(rule_id)
            key = _FOUL_WORDS_BY_RULE.get(rule_id, f"gen.foul.{code}")
            self.say(key, first=shot.first_contact, balls=object_balls_off_table(shot))

    def ruling(self, *, next_shooter: Player, turn_continues: bool, **fields: Any) -> Ruling:
        if self.fouls and not fields.get("game_over"):
            self.no_three_foul_penalty()
        fields.setdefault("table_open", self.situation.table_open)
        fields.setdefault("groups", self.situation.groups)
        return Ruling(
            foul=bool(self.fouls),
            fouls=tuple(sorted(self.fouls, key=foul_number)),
            rules=tuple(dict.fromkeys(self.rules)),
            reason=tuple(self.reason),
            next_shooter=next_shooter,
            turn_continues=turn_continues,
            **fields,
        )

    def no_three_foul_penalty(self) -> None:
        """8B-21 note, 8B-21-C1: a third consecutive foul is an ordinary foul in eight-ball.

        ``fouls_in_a_row`` is a straight-pool field; when a caller sends it with
        an eight-ball shot anyway and this foul is the shooter's third in a row,
        the ruling says why nothing more happens (it changes nothing else).
        """
        if self.situation.fouls_in_a_row.get(self.shooter, 0) >= FOULS_BEFORE_THIRD:
            self.cite("8B-21", "8B-21-C1")
            self.say("8b.three_fouls_no_penalty")


def touching_foul(options: Options, shot: Shot) -> tuple[str, str] | None:
    """GEN-13 and 8B-5: an object ball moved by the player, as (code, rule) when it is a foul.

    Refereed mode (CFG-1): always a foul. Cue-ball-fouls-only: a foul only on
    a jump, curve or massé shot (8B-5); otherwise the opponent chooses
    (``disturbed``).
    """
    if "object-ball-moved" not in shot.reported:
        return None
    if options.touching == "refereed":
        return ("GEN-F12", "GEN-13")
    if shot.technique in SPECIAL_TECHNIQUES:
        return ("GEN-F12", "8B-5")
    return None


def eight_ball_reported_fouls(options: Options, shot: Shot) -> list[tuple[str, str]]:
    """The reported fouls the games decide themselves: F12 (GEN-13, 8B-5) and F16.

    An interference with a moving ball or a hand in a pocket (``intentional``)
    is a foul in eight-ball too; it carries no extra penalty there (the
    14.1-7.5 penalty is straight pool's), so it is a standard foul (8B-15).
    """
    fouls = []
    touched = touching_foul(options, shot)
    if touched is not None:
        fouls.append(touched)
    if "intentional" in shot.reported:
        fouls.append(("GEN-F16", "GEN-F"))
    return fouls


def disturbed(draft: Draft, options: Options, shot: Shot, *, choice_free: bool) -> tuple[str, ...]:
    """GEN-13: what happens to object balls the player moved; returns the restore/leave options offered.

    In cue-ball-fouls-only mode the opponent chooses to restore them or leave
    them, when no other choice is pending (``choice_free``). Resolution: when
    another choice is pending (a break option) or in refereed mode, they are
    restored, so one choice never hides inside another.
    """
    if "object-ball-moved" not in shot.reported:
        return ()
    draft.cite("GEN-13")
    balls = shot.moved
    if options.touching == "cue-ball-only" and choice_free:
        draft.say("gen.moved.choice" if balls else "gen.moved.choice_unnamed", player=draft.opponent, balls=balls)
        return RESTORE_CHOICE
    draft.say("gen.moved.restored" if balls else "gen.moved.restored_unnamed", balls=balls)
    return ()


def play_on(draft: Draft, options: Options, shot: Shot, **fields: Any) -> Ruling:
    """The ruling of a shot that leaves no other choice pending: the opponent may restore or leave balls the
    player moved (GEN-13, ``disturbed``); ``fields`` are the rest of the ruling."""
    choice = disturbed(draft, options, shot, choice_free=True)
    return draft.ruling(chooser=draft.opponent if choice else None, options=choice, **fields)


def spotted(draft: Draft, options: Options, shot: Shot, *, eight: bool = False) -> tuple[int, ...]:
    """8B-18, GEN-11: the balls to spot, ascending; jumped balls stay out when CFG-4 is off."""
    jumped = tuple(b for b in object_balls_off_table(shot) if b != EIGHT)
    if jumped and not options.spot_jumped_balls:
        draft.cite("8B-18-C1", "CFG-4")
        draft.say("8b.jumped_out", balls=jumped)
        jumped = ()
    balls = tuple(sorted({*jumped, *((EIGHT,) if eight else ())}))
    if jumped:
        draft.cite("8B-18", "8B-18-C1", "GEN-11")
    if balls:
        draft.say("gen.spot", balls=balls)
    return balls


def stay_down(draft: Draft, balls: Iterable[int], key: str = "8b.stay_down") -> None:
    """8B-2, 8B-17: pocketed object balls stay pocketed, whoever's they are."""
    down = tuple(balls)
    if down:
        draft.say(key, balls=down)
