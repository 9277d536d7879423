"""Matches played in scorekeeper mode: the facts are entered, the match applies every kind of ruling.

Each test cites the RULES.md scenario or rule whose effect it checks.
"""

from __future__ import annotations

import pytest

from poolhall.equipment import OBJECT_BALLS
from poolhall.game import AnswerStalemate, Choose, EnterShot, Match, MatchError, ProposeStalemate
from poolhall.rules.model import Call, Options

from .scripts import facts

FULL = frozenset(OBJECT_BALLS)
ILLEGAL_BREAK = facts(first=[1], rails=[(1, "foot"), (9, "left"), (14, "right")])
QUIET_BREAK = facts(first=[1], rails=[(2, "foot"), (5, "left"), (10, "right"), (13, "foot")])


def keeper(game: str = "eight-ball", breaker: str = "A", **options: object) -> Match:
    match = Match(game, Options(**options), scorekeeper=True, lag_winner="A")  # type: ignore[arg-type]
    match.apply("A", Choose("break" if breaker == "A" else "opponent-breaks"))
    return match


@pytest.mark.parametrize(
    ("option", "shooter", "break_next"),
    [("accept-table", "B", False), ("rerack-and-break", "B", True), ("rerack-opponent-breaks", "A", True)],
)
def test_s03_illegal_break_each_choice(option: str, shooter: str, break_next: bool) -> None:
    """S-03, 8B-6-C2: B chooses; a re-rack replays game 1 (8B-4-C1)."""
    match = keeper()
    ruling = match.apply("A", EnterShot(ILLEGAL_BREAK))
    assert ruling is not None and ruling.ruling.foul
    assert match.view().asked.kind == "choose" and match.view().asked.player == "B"
    match.apply("B", Choose(option))
    state = match.state
    assert (state.shooter, state.break_next, state.phase) == (shooter, break_next, "shoot")
    assert state.ball_in_hand == ("kitchen" if break_next else None)
    assert state.game_number == 1 and state.due_breaker == "A"
    assert state.on_table == FULL


def test_s09_eight_on_break_breaker_spots_it_and_continues() -> None:
    """S-09, 8B-9-C1: the 8 and the 3 drop on a clean break; A takes spot-eight: 8 back, 3 down, A shoots on."""
    match = keeper()
    match.apply("A", EnterShot(facts(first=[1], pocketed=[(8, "foot-left"), (3, "side-right")])))
    assert match.view().asked.player == "A"
    assert set(match.view().asked.options) == {"spot-eight", "rerack-and-break"}
    match.apply("A", Choose("spot-eight"))
    state = match.state
    assert state.shooter == "A" and state.ball_in_hand is None and not state.break_next
    assert 8 in state.on_table and 3 not in state.on_table and state.table_open


def test_s09_eight_on_break_breaker_reracks_and_breaks_again() -> None:
    """S-09, 8B-9-C1: ``rerack-and-break`` chosen by the breaker: A breaks again, game 1 still."""
    match = keeper()
    match.apply("A", EnterShot(facts(first=[1], pocketed=[(8, "foot-left")])))
    match.apply("A", Choose("rerack-and-break"))
    assert (match.state.shooter, match.state.break_next, match.state.on_table) == ("A", True, FULL)


@pytest.mark.parametrize(("option", "break_next"), [("spot-eight", False), ("rerack-and-break", True)])
def test_s10_eight_and_scratch_on_break(option: str, break_next: bool) -> None:
    """S-10, 8B-9: B chooses; spot-eight gives B the cue ball in hand behind the head string."""
    match = keeper()
    match.apply("A", EnterShot(facts(first=[1], pocketed=[(8, "foot-left"), (0, "head-left")])))
    assert match.view().asked.player == "B"
    match.apply("B", Choose(option))
    assert match.state.shooter == "B" and match.state.break_next is break_next
    assert match.state.ball_in_hand == "kitchen" and 8 in match.state.on_table


def test_s01_race_to_two_alternates_breaks() -> None:
    """S-01, 8B-4-C1, CFG-5 alternate: B breaks game 1 and A game 2, whoever won game 1; A wins the race."""
    match = keeper(breaker="B", race_to=2)
    assert match.state.breaker == "B"
    match.apply("B", EnterShot(QUIET_BREAK))  # R8: A takes the table
    match.apply("A", EnterShot(facts(first=[8], pocketed=[(8, "side-left")])))  # 8B-20e: A loses game 1
    assert match.state.games_won == {"A": 0, "B": 1}
    assert (match.state.game_number, match.state.shooter, match.state.break_next) == (2, "A", True)
    match.apply("A", EnterShot(QUIET_BREAK))
    match.apply("B", EnterShot(facts(first=[8], pocketed=[(8, "side-left")])))
    assert match.state.games_won == {"A": 1, "B": 1} and match.state.game_number == 3
    assert match.state.shooter == "B"  # game 3: alternation again
    match.apply("B", EnterShot(QUIET_BREAK))
    match.apply("A", EnterShot(facts(first=[1], pocketed=[(8, "side-left")], off=[])))  # 8 on a wrong ball: A loses
    assert match.over and match.winner == "B"
    with pytest.raises(MatchError, match="over"):
        match.apply("A", EnterShot(QUIET_BREAK))


def _safety(first: int) -> EnterShot:
    return EnterShot(facts(first=[first], rails=[(first, "foot")], call="safety"))


def test_s30_stalemate_replays_the_game_with_the_same_breaker() -> None:
    """S-30, 8B-21-C1: after three innings each without progress the players agree; no winner, re-rack,
    the breaker of the stalemated game breaks again and alternation is unchanged (8B-4-C1)."""
    match = keeper(breaker="B", race_to=2)
    match.apply("B", EnterShot(QUIET_BREAK))
    shooters = ["A", "B", "A", "B", "A"]
    for seat in shooters:
        assert not match.view().asked.may_propose_stalemate
        with pytest.raises(MatchError, match="no stalemate yet"):
            match.apply(seat, ProposeStalemate())
        match.apply(seat, _safety(1 if seat == "A" else 9))
    # B's break inning counts as one of B's innings without progress: now A has 3, B has 3.
    assert match.state.stats.stale_innings == {"A": 3, "B": 3}
    assert match.view().asked.may_propose_stalemate
    match.apply("B", ProposeStalemate())
    assert match.view().asked.kind == "answer-stalemate" and match.view().asked.player == "A"
    match.apply("A", AnswerStalemate(accept=False))
    assert match.state.phase == "shoot" and match.state.shooter == "B"
    match.apply("B", ProposeStalemate())
    match.apply("A", AnswerStalemate(accept=True))
    state = match.state
    assert state.games_won == {"A": 0, "B": 0} and state.game_number == 1
    assert (state.shooter, state.break_next, state.on_table) == ("B", True, FULL)
    assert state.last_ruling is not None and "8B-21-C1" in state.last_ruling.rules
    match.apply("B", EnterShot(QUIET_BREAK))
    match.apply("A", EnterShot(facts(first=[8], pocketed=[(8, "side-left")])))
    assert match.state.game_number == 2 and match.state.shooter == "A"  # A breaks game 2, as before


def test_s51_three_fouls_rerack_and_offender_breaks() -> None:
    """S-50/S-51, 14.1-12-C3: A's third consecutive foul: -1 -15, record 0, 15 balls, A takes an opening break."""
    match = keeper("straight-pool")
    match.apply("A", EnterShot(facts(first=[1], rails=[(0, "foot"), (3, "left"), (12, "right")])))  # legal break
    assert match.state.shooter == "B"
    no_rail = facts(first=[2])
    for _ in range(2):
        match.apply("B", EnterShot(_safety(4).shot))
        match.apply("A", EnterShot(no_rail))
    assert match.state.fouls_in_a_row["A"] == 2 and match.state.score["A"] == -2
    match.apply("B", EnterShot(_safety(4).shot))
    match.apply("A", EnterShot(facts(first=[2], pocketed=[(0, "head-right")])))
    state = match.state
    assert state.score["A"] == -2 - 16 and state.fouls_in_a_row["A"] == 0
    assert (state.shooter, state.break_next, state.ball_in_hand, state.on_table) == ("A", True, "kitchen", FULL)


def test_s35_breaking_foul_rerack_opponent_breaks() -> None:
    """S-35, 14.1-6(c): B has the 15 re-racked and A breaks again; each breaking foul costs 2."""
    match = keeper("straight-pool")
    bad = facts(first=[1], rails=[(0, "foot"), (7, "left")])
    match.apply("A", EnterShot(bad))
    assert set(match.view().asked.options) == {"accept-table", "rerack-opponent-breaks"}
    match.apply("B", Choose("rerack-opponent-breaks"))
    assert (match.state.shooter, match.state.break_next, match.state.score["A"]) == ("A", True, -2)
    match.apply("A", EnterShot(bad))
    match.apply("B", Choose("accept-table"))
    assert (match.state.shooter, match.state.break_next, match.state.score["A"]) == ("B", False, -4)


def test_s37_scoring_and_run() -> None:
    """S-37, 14.1-5: the called 3 and the 9 drop: +2, A continues, the run and high run grow."""
    match = keeper("straight-pool")
    match.apply("A", EnterShot(facts(first=[1], rails=[(0, "foot"), (3, "left"), (12, "right")])))
    match.apply("B", EnterShot(facts(first=[3], pocketed=[(3, "foot-right"), (9, "side-left")],
                                     call=Call(3, "foot-right"))))  # fmt: skip
    view = match.view()
    assert view.score == {"A": 0, "B": 2} and view.shooter == "B" and view.run == 2 and view.high_run["B"] == 2
    assert match.state.on_table == FULL - {3, 9}


def test_wrong_seat_and_wrong_phase_are_refused_and_nothing_changes() -> None:
    """Policy checks: the match names who must act and what; the state is the same value afterwards."""
    match = keeper()
    before = match.state
    with pytest.raises(MatchError, match="A's turn"):
        match.apply("B", EnterShot(QUIET_BREAK))
    with pytest.raises(MatchError, match="cannot choose"):
        match.apply("A", Choose("accept-table"))
    with pytest.raises(MatchError, match="not a called shot"):
        match.apply("A", EnterShot(facts(first=[1], call=Call(1, "foot-left"))))
    with pytest.raises(MatchError, match="contradict"):
        match.apply("A", EnterShot(facts(first=[1], pocketed=[(3, "foot-left"), (3, "side-left")])))
    assert match.state is before and len(match.log) == 1
    match.apply("A", EnterShot(ILLEGAL_BREAK))
    with pytest.raises(MatchError, match="not offered"):
        match.apply("B", Choose("spot-eight"))


def _after_a_legal_14_1_break() -> Match:
    match = keeper("straight-pool")
    match.apply("A", EnterShot(facts(first=[1], rails=[(0, "foot"), (3, "left"), (12, "right")])))
    return match


def test_s47_spot_nearest_ball_offer_with_equal_candidates() -> None:
    """S-47, 14.1-7.7-C1: B scratches with every object ball behind the head string; A may have the nearest
    ball spotted, and must name it when 4 and 13 are equally near; declining is allowed ("at his request")."""
    from poolhall.rules.model import AfterFacts

    match = _after_a_legal_14_1_break()
    after = AfterFacts(all_behind_head_string=True, nearest_to_head_string=(4, 13))
    match.apply("B", EnterShot(facts(first=[2], rails=[(2, "foot")], pocketed=[(0, "head-right")], after=after)))
    asked = match.view().asked
    assert (asked.kind, asked.player, asked.options, asked.candidates) == (
        "choose", "A", ("spot-nearest-ball", "decline"), (4, 13),
    )  # fmt: skip
    with pytest.raises(MatchError, match="equally near"):
        match.apply("A", Choose("spot-nearest-ball"))
    with pytest.raises(MatchError, match="not among"):
        match.apply("A", Choose("spot-nearest-ball", ball=7))
    match.apply("A", Choose("spot-nearest-ball", ball=13))
    assert (match.state.shooter, match.state.ball_in_hand, match.state.phase) == ("A", "kitchen", "shoot")


def test_gen13_touched_ball_restore_or_leave() -> None:
    """GEN-13 (cue ball fouls only): B's sleeve moved the 14; A chooses restore-balls or leave-balls, then plays."""
    match = _after_a_legal_14_1_break()
    moved = facts(first=[2], rails=[(2, "foot")], reported=("object-ball-moved",), moved=(14,))
    shot = match.apply("B", EnterShot(moved))
    assert shot is not None and not shot.ruling.foul
    assert match.view().asked.options == ("restore-balls", "leave-balls")
    match.apply("A", Choose("restore-balls"))
    assert (match.state.shooter, match.state.phase, match.state.ball_in_hand) == ("A", "shoot", None)
