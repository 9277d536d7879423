"""The 14.1 score sheet: innings, penalties, high run, racks and the points = balls - penalties check."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from sp_game import Game

from poolhall.rules.model import AfterFacts, Call, KitchenFacts, Options, Pocketed, RailContact, Shot
from poolhall.rules.scoresheet import ScoreSheet, ShotEntry

DOC = Path(__file__).resolve().parents[2] / "docs" / "straight-pool.md"
KITCHEN = KitchenFacts(False, True)


def _pot(game: Game, ball: int, *extra: int) -> Shot:
    """The called ``ball`` made in foot-left (with ``extra`` balls in a side pocket); zones say 'no interference'."""
    pocketed = (Pocketed(ball, "foot-left", True), *(Pocketed(b, "side-left") for b in extra))
    kitchen = KITCHEN if game.ball_in_hand == "kitchen" else None
    return Shot(
        Call(ball, "foot-left"),
        first_contact=(ball,),
        kitchen=kitchen,
        pocketed=pocketed,
        after=AfterFacts("elsewhere", "elsewhere"),
    )


def _miss(game: Game, ball: int) -> Shot:
    kitchen = KITCHEN if game.ball_in_hand == "kitchen" else None
    return Shot(
        Call(ball, "foot-left"), first_contact=(ball,), kitchen=kitchen, rail_contacts=(RailContact(ball, "foot"),)
    )


def example_game() -> Game:
    """A short game to 20 that passes through a breaking foul, a re-break, three fouls and a 14-ball re-rack."""
    game = Game(options=Options(points_to_win=20))
    game.play(
        Shot(None, first_contact=(1,), kitchen=KITCHEN, rail_contacts=(RailContact(0, "foot"), RailContact(7, "left"))),
        "rerack-opponent-breaks",
    )  # A: breaking foul, -2
    game.play(
        Shot(
            None,
            first_contact=(1,),
            kitchen=KITCHEN,
            rail_contacts=(RailContact(0, "foot"), RailContact(3, "left"), RailContact(12, "right")),
        )
    )  # A: legal break
    game.play(_pot(game, 3))  # B +1
    game.play(_pot(game, 5, 9))  # B +2
    game.play(_miss(game, 1))  # B misses
    game.play(
        Shot(
            Call(2, "foot-left"),
            first_contact=(2,),
            rail_contacts=(RailContact(2, "foot"),),
            pocketed=(Pocketed(0, "side-right"),),
        )
    )  # A scratches: -1
    for ball in (1, 2, 4, 6, 7, 8, 10, 11, 12, 13, 14):
        game.play(_pot(game, ball))  # B runs 11 balls: the last leaves the 15 alone, 14-ball re-rack
    game.play(_miss(game, 1))  # B misses in the new rack
    game.play(Shot(Call(1, "foot-left"), first_contact=(1,)))  # A: no rail, second foul
    game.play(Shot("safety", first_contact=(2,), rail_contacts=(RailContact(2, "left"),)))  # B: safety
    game.play(Shot(Call(2, "foot-left"), first_contact=()))  # A: no contact, third foul: -16, A breaks
    game.play(
        Shot(Call(5, "foot-left"), first_contact=(1,), kitchen=KITCHEN, pocketed=(Pocketed(5, "foot-left"),))
    )  # A: +1
    for ball in (1, 2, 3):
        game.play(_pot(game, ball))  # A +3
    game.play(_miss(game, 4))
    for ball in (4, 6, 7, 8, 9, 10):
        game.play(_pot(game, ball))  # B runs 6 and reaches 20
    return game


def test_example_game_sheet_numbers() -> None:
    """14.1-5, 14.1-6(c), 14.1-12-C3, 14.1-7.3: the sheet adds up the way the rules say."""
    game = example_game()
    sheet = ScoreSheet.from_shots(game.entries, target=20)
    assert sheet.problems == []
    assert game.over and sheet.winner == "B"
    assert sheet.score == game.score == {"A": -16, "B": 20}
    assert sheet.high_run == {"A": 4, "B": 11}
    assert sheet.racks == 4  # opening rack, re-break after the breaking foul, 14-ball re-rack, three-foul re-rack
    first = sheet.innings[0]
    assert (first.player, first.fouls, first.penalty, first.score) == ("A", 1, 2, {"A": -2, "B": 0})
    third = [i for i in sheet.innings if i.penalty == 16]
    assert len(third) == 1 and third[0].player == "A"


def test_sheet_detects_a_ruling_that_breaks_the_invariant() -> None:
    """14.1-5: points that do not match the balls (or a penalty off the scale) are reported, per shot and per rack."""
    entries = example_game().entries
    tampered = list(entries)
    bad = tampered[3]
    tampered[3] = ShotEntry(bad.shooter, replace(bad.ruling, points={"A": 0, "B": 3}), bad.pocketed)
    sheet = ScoreSheet.from_shots(tampered, target=20)
    assert any("3 points for 2 balls" in p for p in sheet.problems)
    assert any(p.startswith("rack") for p in sheet.problems)
    assert not sheet.ok


def test_sheet_detects_a_wrong_foul_record() -> None:
    """14.1-12-C1: a ruling whose foul record disagrees with the sheet's own count is reported."""
    entries = example_game().entries
    scratch = entries[5]
    wrong = replace(scratch.ruling, fouls_in_a_row={"A": 2, "B": 0})
    sheet = ScoreSheet.from_shots([*entries[:5], ShotEntry("A", wrong, 0)], target=20)
    assert any("on 2 fouls" in p for p in sheet.problems)


def test_sheet_rejects_shots_after_the_game() -> None:
    """14.1-5: nothing follows the shot that reaches the target."""
    entries = example_game().entries
    sheet = ScoreSheet.from_shots([*entries, entries[-1]], target=20)
    assert any("already over" in p for p in sheet.problems)


def test_sheet_as_json_and_text() -> None:
    """The sheet serialises to JSON and prints one line per inning."""
    sheet = ScoreSheet.from_shots(example_game().entries, target=20)
    data = json.loads(json.dumps(sheet.to_dict()))
    assert data["winner"] == "B" and data["racks"] == 4 and data["problems"] == []
    assert len(data["innings"]) == len(sheet.innings)
    text = sheet.to_text()
    assert len(text.splitlines()) == len(sheet.innings) + 7
    assert "holds" in text


def test_documented_example_is_the_real_sheet() -> None:
    """docs/straight-pool.md shows the sheet this code prints for the example game, verbatim."""
    assert ScoreSheet.from_shots(example_game().entries, target=20).to_text() in DOC.read_text(encoding="utf-8")
