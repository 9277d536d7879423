"""Eight-ball: every shot but the break, in the evaluation order of RULES 8B-E.

1. the state at the start (open table, the shooter's group, on the 8, the
   legal first balls: 8B-12-C1, 8B-10); 2. the fouls (GEN-F1 ... F16);
3. the 8 off the table or pocketed (8B-20, 8B-1); 4. a foul (8B-15-C1);
5. no foul: an 8-first contact on an open table (8B-10-C1), a safety (8B-13),
a credited called ball (8B-14, 8B-11-C1), or the inning ends (8B-17).

With ``calls: "none"`` (poolhall's extension of CFG-6, no nominations) the
first pocketed ball of the shooter's group counts as if called where it
dropped (``uncalled_pot``), and the 8 in any pocket wins: 8B-20d has no called
pocket to miss. A declared safety still ends the inning, and the 8 dropped on
it still loses (8B-13-C2, 8B-17(3)).
"""

from __future__ import annotations

from dataclasses import dataclass

from poolhall.equipment import CUE, EIGHT, SOLIDS, STRIPES
from poolhall.rules.eight_ball_common import (
    Draft,
    eight_ball_reported_fouls,
    play_on,
    spotted,
    stay_down,
)
from poolhall.rules.general import (
    common_fouls,
    effective_call,
    implied_call,
    kitchen_rules,
    no_call_rules,
    object_balls_off_table,
    object_balls_pocketed,
    split_contact_rules,
)
from poolhall.rules.model import SAFETY, Call, Group, Options, Ruling, Shot, Situation

GROUP_BALLS: dict[Group, frozenset[int]] = {"solids": SOLIDS, "stripes": STRIPES}


def group_of(ball: int) -> Group:
    return "solids" if ball in SOLIDS else "stripes"


@dataclass(frozen=True)
class Start:
    """The shooter's state at the start of the shot (8B-E step 2)."""

    table_open: bool
    own: frozenset[int]  # the shooter's group balls on the table (empty on an open table)
    on_eight: bool  # 8B-11-C2, 8B-12-C1

    @property
    def legal_first(self) -> frozenset[int]:
        """8B-12-C1: on a closed table, a ball of the shooter's group, or the 8 when he is on it."""
        return frozenset({EIGHT}) if self.on_eight else self.own

    @classmethod
    def of(cls, situation: Situation) -> Start:
        if situation.table_open or situation.groups is None:
            return cls(table_open=True, own=frozenset(), on_eight=False)
        own = situation.on_table & GROUP_BALLS[situation.groups[situation.shooter]]
        return cls(table_open=False, own=own, on_eight=not own)


def shot_fouls(options: Options, situation: Situation, shot: Shot, start: Start) -> list[tuple[str, str]]:
    """8B-E step 3: every foul of the shot as (code, deciding rule)."""
    fouls = common_fouls(situation, shot, situation.frozen)
    first = set(shot.first_contact)
    if start.table_open:
        if first == {EIGHT} and options.eight_first_open_table == "foul":
            fouls.append(("GEN-F4", "8B-10-C1"))
    elif first and not first & start.legal_first:  # GEN-10: one legal ball of a split contact is enough
        fouls.append(("GEN-F4", "8B-16" if EIGHT in first else "8B-12-C1"))
    if any(b != 0 for b in shot.off_table):
        fouls.append(("GEN-F6", "8B-18"))
    fouls.extend(eight_ball_reported_fouls(options, shot))
    return fouls


def rule_shot(options: Options, situation: Situation, shot: Shot) -> Ruling:
    """A shot that is not a break (8B-E)."""
    start = Start.of(situation)
    draft = Draft(situation)
    fouls = shot_fouls(options, situation, shot, start)
    draft.cite(*split_contact_rules(shot, None if start.table_open else start.legal_first))
    draft.cite(*kitchen_rules(situation, shot))
    if fouls:
        draft.add_fouls(fouls, shot)
        if any(code in ("GEN-F3", "GEN-F4", "GEN-F5") for code, _ in fouls):
            draft.cite("8B-12-C2" if start.table_open else "8B-12")
        if ("GEN-F4", "8B-10-C1") in fouls:
            draft.cite("CFG-2")
    if EIGHT in shot.off_table or EIGHT in shot.pocketed_balls:
        draft.cite("8B-E 4")
        return _eight_down(draft, options, shot, start)
    if fouls:
        draft.cite("8B-E 5")
        return _foul(draft, options, shot, start)
    if start.table_open and set(shot.first_contact) == {EIGHT}:
        draft.cite("8B-E 6a", "8B-10", "8B-10-C1", "8B-17-C1")
        draft.say("8b.eight_first_open")
        stay_down(draft, object_balls_pocketed(shot))
        return _inning_ends(draft, options, shot)
    if shot.call == SAFETY:
        draft.cite("8B-E 6b", "8B-13")
        draft.say("8b.safety")
        if object_balls_pocketed(shot):
            draft.cite("8B-13-C2", "8B-17(3)")
            stay_down(draft, object_balls_pocketed(shot))
        return _inning_ends(draft, options, shot)
    call = uncalled_pot(shot, start) if options.calls == "none" else effective_call(shot, options)
    made = call is not None and any(p.ball == call.ball and p.pocket == call.pocket for p in shot.pocketed)
    if call is not None and made and (call.ball in start.own or (start.table_open and call.ball != EIGHT)):
        draft.cite("8B-E 6c")
        return _credited(draft, options, situation, shot, call)
    draft.cite("8B-E 6d")
    _say_no_credit(draft, options, shot, call, made)
    return _inning_ends(draft, options, shot)


def uncalled_pot(shot: Shot, start: Start) -> Call | None:
    """``calls: "none"``: the first ball in ``pocketed`` the shooter may pot, as if called into its pocket.

    His group's balls on a closed table; any object ball but the 8 on an open
    table (8B-10, 8B-11). A nomination sent anyway and ``call_requested`` are
    ignored: nothing is called in this mode.
    """
    for drop in shot.pocketed:
        if drop.ball in start.own or (start.table_open and drop.ball not in (CUE, EIGHT)):
            return Call(drop.ball, drop.pocket)
    return None


def _eight_down(draft: Draft, options: Options, shot: Shot, start: Start) -> Ruling:
    """8B-E step 4: the 8 left the table or dropped: a loss (8B-20) or the win (8B-1)."""
    if EIGHT in shot.off_table:
        draft.cite("8B-20c", "8B-18")
        draft.say("8b.loss.eight_off")
        return _game_over(draft, winner=draft.opponent)
    pocket = next(p.pocket for p in shot.pocketed if p.ball == EIGHT)
    lost = False
    if draft.fouls:
        draft.cite("8B-20a", "8B-20-C1")
        draft.say("8b.loss.foul")
        lost = True
    if not start.on_eight:
        lost = True
        if not start.table_open and start.own <= set(shot.pocketed_balls):
            draft.cite("8B-20b", "8B-20-C3")
            draft.say("8b.loss.with_last")
        else:
            draft.cite("8B-20e", "8B-20-C3")
            if start.table_open and set(shot.first_contact) == {EIGHT}:
                draft.cite("8B-10-C1")
            if EIGHT not in shot.first_contact:
                draft.cite("8B-16-C1")
            draft.say("8b.loss.early_open" if start.table_open else "8b.loss.early")
    elif options.calls != "none" or shot.call == SAFETY:
        call = effective_call(shot, options)
        if not (isinstance(call, Call) and call.ball == EIGHT and call.pocket == pocket):
            lost = True
            draft.cite("8B-20d", "8B-20-C2")
            if shot.call == SAFETY:
                draft.cite("8B-13-C2")
                draft.say("8b.loss.safety", pocket=pocket)
            elif call is None:
                draft.cite(*no_call_rules(shot, options))
                draft.say("8b.loss.not_called", pocket=pocket)
            else:
                draft.say("8b.loss.wrong_pocket", pocket=pocket, called_pocket=call.pocket, ball=call.ball)
    if lost:
        return _game_over(draft, winner=draft.opponent)
    draft.cite("8B-1", "8B-14", "8B-19")
    if options.calls == "none":
        draft.cite("GEN-8", "CFG-6")
        draft.say("8b.win_uncalled", pocket=pocket)
        return _game_over(draft, winner=draft.shooter)
    if implied_call(shot, options) is not None:
        draft.cite("GEN-8", "8B-2-C1")
    draft.say("8b.win", pocket=pocket)
    return _game_over(draft, winner=draft.shooter)


def _game_over(draft: Draft, *, winner: str) -> Ruling:
    """A game decided on this shot; ``next_shooter`` names the winner, nobody shoots on in this rack."""
    if winner != draft.shooter:
        draft.cite("8B-1-C1")
        draft.say("8b.loses", winner=winner)
    return draft.ruling(next_shooter=winner, turn_continues=False, game_over=True, winner=winner)  # type: ignore[arg-type]


def _foul(draft: Draft, options: Options, shot: Shot, start: Start) -> Ruling:
    """8B-15-C1: inning ends, balls stay down, jumped balls spotted, cue ball in hand anywhere."""
    draft.cite("8B-15", "8B-15-C1")
    if start.on_eight:
        draft.cite("8B-19")
        draft.say("8b.eight_foul_no_loss")
    if object_balls_pocketed(shot):
        draft.cite("8B-17(1)")
        stay_down(draft, object_balls_pocketed(shot))
    if object_balls_off_table(shot):
        draft.cite("8B-18-C2")
    spot = spotted(draft, options, shot)
    draft.say("gen.ball_in_hand.anywhere", player=draft.opponent)
    return play_on(
        draft, options, shot, next_shooter=draft.opponent, turn_continues=False, ball_in_hand="anywhere", spot=spot
    )


def _credited(draft: Draft, options: Options, situation: Situation, shot: Shot, call: Call) -> Ruling:
    """8B-14, 8B-13-C3: the called ball went in as called; on an open table it decides the groups (8B-11-C1)."""
    draft.cite("8B-14", "8B-13-C3")
    if options.calls == "none":
        draft.cite("GEN-8", "CFG-6")
        key = "8b.credited_uncalled"
    elif isinstance(shot.call, Call):
        key = "8b.credited"
    else:
        draft.cite("GEN-8", "8B-2-C1")
        key = "8b.credited_implied"
    draft.say(key, ball=call.ball, pocket=call.pocket)
    groups = situation.groups
    if situation.table_open:
        mine = group_of(call.ball)
        groups = {draft.shooter: mine, draft.opponent: "stripes" if mine == "solids" else "solids"}
        draft.cite("8B-10", "8B-11", "8B-11-C1")
        draft.say(f"8b.groups.{mine}")
    others = [b for b in object_balls_pocketed(shot) if b != call.ball]
    stay_down(draft, others, "8b.also_down")
    assert groups is not None
    if not (situation.on_table - set(shot.pocketed_balls)) & GROUP_BALLS[groups[draft.shooter]]:
        draft.cite("8B-11-C2")
        draft.say("8b.now_on_eight")
    return play_on(
        draft, options, shot, next_shooter=draft.shooter, turn_continues=True, table_open=False, groups=groups
    )


def _say_no_credit(draft: Draft, options: Options, shot: Shot, call: Call | None, made: bool) -> None:
    """8B-E step 6d: why nothing is credited (8B-17, GEN-8)."""
    down = object_balls_pocketed(shot)
    draft.cite("8B-14", "GEN-3")
    if options.calls == "none":
        draft.cite("GEN-8", "CFG-6")
        draft.say("8b.none_of_own" if down else "8b.miss")
        stay_down(draft, down)
        return
    if call is None:
        if down:
            draft.cite(*no_call_rules(shot, options), "8B-17-C1")
            draft.say("8b.no_call" if shot.call_requested or options.explicit_calls else "8b.no_obvious_call")
            stay_down(draft, down)
        else:
            draft.say("8b.miss")
        return
    if made:
        draft.cite("8B-17-C1")
        draft.say("8b.not_own_ball", ball=call.ball)
    else:
        elsewhere = next((p.pocket for p in shot.pocketed if p.ball == call.ball), None)
        if elsewhere is not None:
            draft.cite("8B-17(2)")
            draft.say("8b.wrong_pocket", ball=call.ball, called_pocket=call.pocket, pocket=elsewhere)
        else:
            draft.say("8b.missed_call", ball=call.ball, pocket=call.pocket)
    if down:
        draft.cite("8B-17(2)")
        stay_down(draft, down)


def _inning_ends(draft: Draft, options: Options, shot: Shot) -> Ruling:
    """No foul, nothing credited: the incoming player takes the table as it lies (GEN-3)."""
    draft.say("gen.table_as_it_lies", player=draft.opponent)
    return play_on(draft, options, shot, next_shooter=draft.opponent, turn_continues=False)
