"""Whole random 14.1 games through the referee: the score invariants hold (RULES.md 14.1-5, 14.1-12, 14.1-1).

Hypothesis plays games of random shots (calls, safeties, misses, scratches,
balls off the table, reported and intentional fouls, near-rail balls, every
re-rack zone, every offered option) and checks after every shot and at the
end: the score sheet's points = balls - penalties in every rack and overall;
foul records stay 0-2; a third consecutive foul always re-racks; the game
ends exactly when a score reaches the target.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sp_game import Game

from poolhall.equipment import POCKETS, RAILS
from poolhall.rules.model import AfterFacts, Call, KitchenFacts, Options, Pocketed, RailContact, Shot
from poolhall.rules.scoresheet import ScoreSheet

ZONES_LAST = ("in-rack", "head-spot", "behind-head-string", "elsewhere")
ZONES_CUE = ("in-rack", "head-spot", "elsewhere")
MAX_SHOTS = 150


@st.composite
def shots(draw: st.DrawFn, game: Game, skill: int) -> tuple[Shot, dict[int, str]]:
    """A random shot that fits the table, with the near-rail balls at its start; ``skill`` in 10 is a clean pot."""
    balls = sorted(game.on_table)
    if draw(st.integers(0, 9)) < skill:
        return _clean_pot(draw, game, balls), {}
    first = draw(st.lists(st.sampled_from(balls), max_size=2, unique=True)) if draw(st.integers(0, 9)) else []
    call: Call | str | None = draw(st.sampled_from([None, "safety", "call", "call", "call"]))
    if call == "call":
        call = Call(draw(st.sampled_from(balls)), draw(st.sampled_from(POCKETS)))
    dropped = draw(st.lists(st.sampled_from(balls), max_size=4 if game.break_shot else 2, unique=True))
    pocketed = [Pocketed(b, draw(st.sampled_from(POCKETS)), draw(st.booleans())) for b in dropped]
    if isinstance(call, Call) and draw(st.booleans()) and call.ball not in dropped:
        pocketed.insert(0, Pocketed(call.ball, call.pocket, draw(st.booleans())))
    if draw(st.integers(0, 7)) == 0:
        pocketed.append(Pocketed(0, draw(st.sampled_from(POCKETS))))
    left = [b for b in balls if b not in {p.ball for p in pocketed}]
    off = [draw(st.sampled_from(left))] if left and draw(st.integers(0, 15)) == 0 else []
    touchers = draw(st.lists(st.sampled_from([0, *balls]), max_size=4)) if first else []
    rails = tuple(RailContact(b, draw(st.sampled_from(RAILS))) for b in touchers)
    reported = draw(st.lists(st.sampled_from(["intentional", "double-hit", "object-ball-moved"]), max_size=1))
    if draw(st.integers(0, 3)):
        reported = []
    after = _after(draw, [b for b in left if b not in off])
    kitchen = KitchenFacts(draw(st.booleans()), draw(st.booleans())) if game.ball_in_hand == "kitchen" else None
    near = (
        {}
        if game.break_shot
        else {b: draw(st.sampled_from(RAILS)) for b in draw(st.sets(st.sampled_from(balls), max_size=2))}
    )
    shot = Shot(
        call=call,
        first_contact=tuple(first),
        kitchen=kitchen,
        rail_contacts=rails,
        pocketed=tuple(pocketed),
        off_table=tuple(off),
        reported=tuple(reported),
        after=after,
    )
    return shot, near


def _after(draw: st.DrawFn, remaining: list[int]) -> AfterFacts:
    """Random after-shot zones (never both on the head spot) and maybe every ball behind the head string."""
    behind = bool(remaining) and draw(st.integers(0, 5)) == 0
    last, cue = draw(st.sampled_from(ZONES_LAST)), draw(st.sampled_from(ZONES_CUE))
    if last == cue == "head-spot":
        cue = "elsewhere"
    return AfterFacts(last, cue, behind, (min(remaining),) if behind else ())  # type: ignore[arg-type]


def _clean_pot(draw: st.DrawFn, game: Game, balls: list[int]) -> Shot:
    """A called ball made cleanly, sometimes with a second ball, so that games reach their target."""
    ball = draw(st.sampled_from(balls))
    pocket = draw(st.sampled_from(POCKETS))
    extra = [b for b in balls if b != ball][:1] if draw(st.integers(0, 3)) == 0 else []
    pocketed = (Pocketed(ball, pocket, True), *(Pocketed(b, "side-left") for b in extra))
    remaining = [b for b in balls if b != ball and b not in extra]
    kitchen = KitchenFacts(False, True) if game.ball_in_hand == "kitchen" else None
    rails = (RailContact(0, "foot"),) if game.break_shot else ()
    return Shot(
        Call(ball, pocket),
        first_contact=(ball,),
        kitchen=kitchen,
        rail_contacts=rails,
        pocketed=pocketed,
        after=_after(draw, remaining),
    )


options_strategy = st.builds(
    Options,
    points_to_win=st.integers(3, 20),
    three_foul_procedure=st.sampled_from(["rerack", "choice"]),
    near_rail_allowance=st.sampled_from(["sheet", "strict"]),
    intentional_counts=st.booleans(),
    explicit_calls=st.booleans(),
    touching=st.sampled_from(["cue-ball-only", "refereed"]),
)


@pytest.mark.slow  # forty random whole games
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(options=options_strategy, skill=st.integers(2, 8), data=st.data())
def test_random_games_keep_the_score_invariants(options: Options, skill: int, data: st.DataObject) -> None:
    """14.1-5, 14.1-12-C1, 14.1-12-C3, 14.1-1: invariants over whole random games."""
    game = Game(options=options)
    thirds = 0
    for _ in range(MAX_SHOTS):
        if game.over:
            break
        shot, near = data.draw(shots(game, skill))
        record_before = game.fouls[game.shooter]
        score_before = dict(game.score)
        shooter = game.shooter
        choice = None
        ruling = game.play(shot, choice, near)
        assert all(0 <= n <= 2 for n in ruling.fouls_in_a_row.values())
        counts = ruling.foul and "14.1-6(c)" not in ruling.fouls
        counts = counts and ("GEN-F16" not in ruling.fouls or options.intentional_counts)
        if counts and record_before == 2:
            thirds += 1
            assert ruling.points[shooter] <= -16
            if options.three_foul_procedure == "rerack":
                assert ruling.rerack == "full" and ruling.next_break == shooter
            else:
                assert "rerack-opponent-breaks" in ruling.options
        reached = max(score_before[p] + ruling.points.get(p, 0) for p in ("A", "B")) >= options.points_to_win
        assert ruling.game_over == reached
        assert not ruling.game_over or ruling.rerack is None
    event(f"game over: {game.over}")
    event(f"third fouls: {thirds > 0}")
    sheet = ScoreSheet.from_shots(
        game.entries, target=options.points_to_win, intentional_counts=options.intentional_counts
    )
    assert sheet.problems == []
    assert sheet.score == game.score
    assert (sheet.winner is not None) == game.over
