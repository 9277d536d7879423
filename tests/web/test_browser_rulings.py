"""Issue 17, who did what: rulings that name the players, the rule IDs beside the sentence, a ruling log that
survives a reload, the turn marker, the end of a match (rematch, new game), and the match list."""

from __future__ import annotations

from typing import Any

import pytest

from .pages import SEED_A, create, hot_seat, new_page, open_match, shoot_away, snap, state, wait_asked

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

FOUR_RAILS = [{"ball": b, "rail": "foot"} for b in (2, 3, 4, 5)]  # 8B-6: a legal break


def log_lines(page: Any) -> list[str]:
    return page.locator("#log li").all_inner_texts()  # type: ignore[no-any-return]


def test_rulings_name_the_players_and_the_log_keeps_the_match(server: str, browser: Any) -> None:
    page, made = hot_seat(server, browser)
    shoot_away(page)  # an illegal break by Ann (8B-6): Bob chooses
    wait_asked(page, "choose", "B")
    reason = page.inner_text("#reason")
    assert "Ann" in reason and "Bob" in reason and "8B-" not in reason
    assert "8B-6" in page.inner_text("#rule-ids") and "8B-6" in page.get_attribute("#reason", "title")
    assert page.inner_text("#scoreboard th.to-act") == "Bob"  # the turn marker
    page.click("#choose-controls button >> nth=0")  # Bob accepts the table
    wait_asked(page, "shoot", "B")
    assert page.inner_text("#scoreboard th.to-act") == "Bob"
    lines = log_lines(page)
    assert lines[:3] == ["Ann breaks.", "Ann placed the cue ball.", f"Shot 1 · Ann: {reason}"]
    assert lines[3] == "Bob chose: Accept the table."
    snap(page, "ruling-log")
    page.reload()
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert log_lines(page) == lines  # the snapshot carries the log
    page.select_option("#lang", "pl")
    assert log_lines(page)[0] == "Rozbija Ann." and "Bob" in log_lines(page)[2]
    assert page.locator("#log li").nth(2).get_attribute("title").startswith("Przepisy: ")
    page.select_option("#lang", "en")
    # The match list, in a new tab showing the home page: score, whose turn; a pasted link opens the match.
    home = new_page(browser)
    home.goto(server)
    row = home.locator("#match-list li", has_text="Ann – Bob").first
    row.wait_for()
    assert row.inner_text() == "Ann – Bob 0:0 · Eight-ball · Bob to play"
    snap(home, "match-list")
    home.evaluate(f"location.hash = 'm={made['id']}'")  # pasting the watch link into the address bar
    home.wait_for_load_state()
    home.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert home.inner_text("#prompt") == "You are watching."
    assert page.errors == [] and home.errors == []


def test_the_end_of_a_match_offers_a_rematch_and_a_new_game(server: str, browser: Any) -> None:
    """8B-20: the 8 pocketed on an open table loses; the page then offers the same match again."""
    made = create(server, game="eight-ball", mode="scorekeeper", seed=SEED_A,
                  seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})  # fmt: skip
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    assert page.locator("#end-controls").is_hidden()
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "enter-shot", "A")
    send = "(m) => window.poolhall.net.send({...m, version: window.poolhall.state.version})"
    page.evaluate(send, {"type": "facts", "shot": {"first_contact": [1], "rail_contacts": FOUR_RAILS}})
    wait_asked(page, "enter-shot", "B")
    eight = {"first_contact": [8], "pocketed": [{"ball": 8, "pocket": "foot-left"}]}
    page.evaluate(send, {"type": "facts", "shot": eight})
    page.wait_for_function("window.poolhall.state.match.over")
    assert page.locator("#end-controls").is_visible()
    assert page.inner_text("#scoreboard th.winner") == "Ann"
    assert "Bob" in log_lines(page)[-1]
    snap(page, "match-over")
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url)
    page.wait_for_load_state()
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    again = state(page)
    assert again["id"] != made["id"] and again["mode"] == "scorekeeper" and again["seats"]["B"]["name"] == "Bob"
    assert page.evaluate("window.poolhall.state.seats") == ["A", "B"]  # this page keeps both seats
    watcher = new_page(browser)  # a spectator of the finished match: a new game, no rematch of others' seats
    open_match(watcher, server, made["id"])
    assert watcher.locator("#rematch").is_hidden()
    watcher.click("#new-game-button")
    watcher.wait_for_selector("#new-game", state="visible")
    assert page.errors == [] and watcher.errors == []


def test_straight_pool_shows_the_object_balls_left_before_the_rerack_rule_14_1_7_3(server: str, browser: Any) -> None:
    made = create(server, game="straight-pool", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    row = page.locator("#scoreboard tr", has_text="Object balls on the table")
    assert row.inner_text().split("\t")[-1] == "15"
    page.select_option("#lang", "pl")
    assert page.locator("#scoreboard tr", has_text="Bile kolorowe na stole").count() == 1
    assert page.errors == []
