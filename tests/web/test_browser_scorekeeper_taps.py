"""Issue 17, the scorekeeper: the balls that dropped are tapped (the ball, then its pocket) instead of two
drop-downs per ball, and the printed 14.1 sheet carries the players, the date, the score played to and the winner."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from .pages import SEED_A, create, new_page, open_match, snap, state, tap_pocket, wait_asked

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]


def test_dropped_balls_are_tapped_and_the_printed_sheet_names_players_date_target_and_winner(
    server: str, browser: Any
) -> None:
    """14.1-5: each ball called and pocketed scores a point; two points win this match."""
    made = create(server, game="straight-pool", mode="scorekeeper", seed=SEED_A, points_to_win=2,
                  seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})  # fmt: skip
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    today = datetime.date.today()
    dates = (f"Date: {today:%d/%m/%Y}", f"Date: {today - datetime.timedelta(days=1):%d/%m/%Y}")
    assert page.inner_text("#sheet .sheet-heading").splitlines()[1] in dates  # before the lag: today's sheet
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "enter-shot", "A")
    assert page.locator("#facts-form select[name^=pocket_]").count() == 0  # no drop-down per ball any more
    for name, value in {"first": "1", "rail_0": "foot", "rail_2": "foot", "rail_3": "left"}.items():
        page.select_option(f"#facts-form select[name={name}]", value)
    page.click("#facts-form button[type=submit]")
    wait_asked(page, "enter-shot", "B")
    for ball in (5, 6):
        page.select_option("#facts-form select[name=call_ball]", str(ball))
        page.select_option("#facts-form select[name=call_pocket]", "foot-left")
        page.select_option("#facts-form select[name=first]", str(ball))
        tap_pocket(page, 9, "side-left")  # a slip of the finger...
        tap_pocket(page, 9, "")  # ...taken back
        page.click(f"#tap-balls button[data-ball='{ball}']")
        assert page.inner_text("#tap-title") == f"Where did the {ball} go?"
        page.click("#tap-pockets button[data-pocket='foot-left']")
        assert page.locator("#tap-pockets").is_hidden()
        assert page.inner_text(f"#tap-balls button[data-ball='{ball}'] small") == "foot left"
        assert page.locator("#tap-balls button.dropped").count() == 1
        if ball == 5:
            snap(page, "scorekeeper-taps")
        shots = state(page)["shots"]
        page.click("#facts-form button[type=submit]")
        page.wait_for_function(f"window.poolhall.state.match.shots > {shots}")
    m = state(page)
    assert m["over"] and m["winner"] == "B" and m["score"]["B"] == 2
    page.emulate_media(media="print")
    heading = page.inner_text("#sheet .sheet-heading").splitlines()
    assert heading[0] == "Ann – Bob" and heading[2] == "Points to win: 2" and heading[3] == "Winner: Bob"
    assert heading[1] in dates
    assert page.locator("#phone-bar").is_hidden() and page.locator("#log").is_hidden()
    snap(page, "scoresheet-print-heading")
    page.emulate_media(media="screen")
    assert page.errors == []
