"""The page in the system Chromium (Playwright): play the computer, fouls and ball in hand, the illegal-break
options, two players and a spectator, reload, and a scorekept 14.1 game.

The server runs on 127.0.0.1 in a thread of this process; each test drives the
page only through what a person does (clicks, drags, the keyboard), and reads
what a person sees, plus the page's state object for exact checks.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from .pages import (
    SEED_A,
    aim_and_shoot,
    create,
    hot_seat,
    new_page,
    open_match,
    screen,
    shoot_away,
    snap,
    state,
    tap_pocket,
    wait_asked,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(120)]


def test_a_game_against_the_computer(server: str, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server)
    page.select_option("select[name=level]", "simple")
    page.fill("input[name=name_a]", "<i>Ann</i>")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert "<i>Ann</i>" in page.inner_text("#scoreboard")  # a name is text, never markup
    page.wait_for_function(
        "(() => { const m = window.poolhall.state.match; return m.asked.player === 'A' || m.shots > 0; })()",
        timeout=30_000,
    )
    if state(page)["asked"]["kind"] == "choose-breaker":
        page.click("#choose-controls button >> nth=0")
    page.wait_for_function("['place', 'shoot'].includes(window.poolhall.state.match.asked.kind) "
                           "&& window.poolhall.state.match.asked.player === 'A'", timeout=60_000)  # fmt: skip
    if state(page)["asked"]["kind"] == "place":
        page.click("#place")
        wait_asked(page, "shoot", "A")
    before = state(page)["balls"]
    shots = state(page)["shots"]
    target = next((b for b in before if b != "0"), "0")
    aim_and_shoot(page, tuple(before[target]), 6.0)
    page.wait_for_function("window.poolhall.renderer.animating", timeout=10_000)
    snap(page, "computer-rolling")
    page.wait_for_function(f"window.poolhall.state.match.shots > {shots}", timeout=20_000)
    assert page.inner_text("#reason").strip()
    assert state(page)["balls"] != before
    snap(page, "computer-after-shot")
    assert page.errors == []


def test_an_illegal_break_shows_the_three_options(server: str, browser: Any) -> None:
    page, _ = hot_seat(server, browser)
    shoot_away(page)
    wait_asked(page, "choose", "B")
    labels = page.locator("#choose-controls button").all_inner_texts()
    assert labels == ["Accept the table", "Re-rack and break", "Re-rack, opponent breaks"]
    assert state(page)["asked"]["options"] == ["accept-table", "rerack-and-break", "rerack-opponent-breaks"]
    snap(page, "illegal-break-options")
    page.select_option("#lang", "pl")
    assert page.locator("#choose-controls button").first.inner_text() == "Przyjmij stół"
    assert page.inner_text("#reason") == state(page)["last_ruling"]["reason"]["pl"]


def test_a_foul_gives_ball_in_hand_and_the_cue_ball_is_dragged(server: str, browser: Any) -> None:
    page, _ = hot_seat(server, browser)
    shoot_away(page)
    wait_asked(page, "choose", "B")
    page.click("#choose-controls button >> nth=0")  # B accepts the table
    wait_asked(page, "shoot", "B")
    shoot_away(page)  # B touches nothing: a foul, A has the cue ball in hand
    wait_asked(page, "place", "A")
    assert state(page)["last_ruling"]["foul"] and state(page)["asked"]["area"] == "anywhere"
    here = screen(page, *page.evaluate("window.poolhall.place.spot"))
    target = (1.6, 0.3)
    page.mouse.move(*here)
    page.mouse.down()
    page.mouse.move(*screen(page, 1.2, 0.45), steps=5)
    page.mouse.move(*screen(page, *target), steps=5)
    page.mouse.up()
    snap(page, "ball-in-hand-drag")
    page.click("#place")
    wait_asked(page, "shoot", "A")
    cue = state(page)["balls"]["0"]
    assert math.dist(cue, target) < 0.01


def test_two_players_and_a_spectator(server: str, browser: Any) -> None:
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    ann, bob, eve = new_page(browser), new_page(browser), new_page(browser)
    open_match(ann, server, made["id"], made["tokens"]["A"])
    open_match(bob, server, made["id"], made["tokens"]["B"])
    open_match(eve, server, made["id"])
    wait_asked(ann, "choose-breaker", "A")
    assert eve.inner_text("#prompt") == "You are watching."
    assert bob.locator("#choose-controls").is_hidden() and eve.locator("#choose-controls").is_hidden()
    ann.click("#choose-controls button >> nth=1")  # "Opponent breaks": Bob breaks
    for page in (bob, eve):
        wait_asked(page, "place", "B")
    assert ann.inner_text("#prompt").startswith("Waiting for Bob")
    # The spectator's page refuses to act, and the server refuses anyway.
    eve.evaluate("window.poolhall.net.send({type: 'place', x: 0.3, y: 0.6})")
    eve.wait_for_function("document.getElementById('error')?.textContent.includes('spectators')")
    bob.click("#place")
    wait_asked(bob, "shoot", "B")
    aim_and_shoot(bob, (1.9, 0.635), 8.0)
    for page in (ann, bob, eve):
        page.wait_for_function("window.poolhall.state.match.shots === 1", timeout=20_000)
    assert ann.inner_text("#reason") == eve.inner_text("#reason") != ""
    snap(eve, "spectator")
    eve.click("#replay")  # anyone may replay the last shot
    eve.wait_for_function("window.poolhall.renderer.animating")
    # Reload mid-match: the page comes back at the same version with the same seats.
    version = ann.evaluate("window.poolhall.state.version")
    ann.reload()
    ann.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert ann.evaluate("window.poolhall.state.version") == version
    assert ann.evaluate("window.poolhall.state.seats") == ["A"]
    assert ann.evaluate("window.poolhall.state.match.shots") == 1


def test_scorekeeper_scores_a_short_straight_pool_game(server: str, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server)
    page.check("input[name=who][value=scorekeeper]")
    page.check("input[name=game][value=straight-pool]")
    page.fill("input[name=points]", "2")
    page.fill("input[name=name_a]", "Ann")
    page.fill("input[name=name_b]", "Bob")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    wait_asked(page, "choose-breaker")
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "enter-shot")
    breaker = state(page)["asked"]["player"]
    page.select_option("select[name=first]", "1")
    page.select_option("select[name=rail_0]", "foot")
    page.select_option("select[name=rail_2]", "foot")
    page.select_option("select[name=rail_3]", "left")
    page.click("#facts-form button[type=submit]")
    page.wait_for_function(f"window.poolhall.state.match.asked.player !== '{breaker}'")
    for ball in ("5", "6"):
        page.select_option("select[name=call_ball]", ball)
        page.select_option("select[name=call_pocket]", "foot-left")
        page.select_option("select[name=first]", ball)
        tap_pocket(page, ball, "foot-left")
        shots = state(page)["shots"]
        page.click("#facts-form button[type=submit]")
        page.wait_for_function(f"window.poolhall.state.match.shots > {shots}")
    m = state(page)
    assert m["over"] and m["winner"] != breaker and m["score"][m["winner"]] == 2
    assert "wins the match" in page.inner_text("#prompt")
    rows = page.locator("#sheet tr").all_inner_texts()
    assert len(rows) == 3 and rows[-1].split("\t")[2] == "2"
    assert page.locator("#print-sheet").is_visible()
    snap(page, "scorekeeper-sheet")


def test_only_the_page_placing_the_cue_ball_shades_the_kitchen(server: str, browser: Any) -> None:
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    tokens = made["tokens"]
    ann, bob, eve, both = (new_page(browser) for _ in range(4))
    for page, held in ((ann, ["A"]), (bob, ["B"]), (eve, []), (both, ["A", "B"])):  # both: a hot-seat page
        open_match(page, server, made["id"], *(tokens[seat] for seat in held))
    wait_asked(ann, "choose-breaker", "A")
    ann.click("#choose-controls button >> nth=0")  # Ann breaks: the cue ball in hand behind the head string
    for page in (ann, bob, eve, both):
        wait_asked(page, "place", "A")
        assert state(page)["asked"]["area"] == "kitchen"
    shaded = {
        name: p.evaluate("window.poolhall.renderer.kitchen")
        for name, p in (("ann", ann), ("bob", bob), ("eve", eve), ("both", both))
    }
    assert shaded == {"ann": True, "bob": False, "eve": False, "both": True}
    for page in (ann, bob, eve, both):
        page.context.close()


def test_house_rules_are_chosen_before_the_game(server: str, browser: Any) -> None:
    """RULES.md section 5 (CFG-1 ... CFG-10) and the call mode: each game shows its own options, the sheet's
    defaults preselected; 14.1 is a called game (14.1-7.1), so "no calls" is offered only for eight-ball."""
    page = new_page(browser)
    page.goto(server)
    page.check("input[name=who][value=hotseat]")
    page.click("#house-rules-box summary")
    calls = "select[name=opt_calls]"
    assert page.input_value(calls) == '"obvious-exempt"'
    assert page.input_value("select[name=opt_touching]") == '"cue-ball-only"'
    page.select_option(calls, '"none"')
    page.check("input[name=game][value=straight-pool]")
    assert page.locator("select[name=opt_three_foul_procedure]").is_visible()
    assert not page.locator("select[name=opt_break_order]").is_visible()
    assert page.input_value(calls) == '"obvious-exempt"'  # "none" went back to the sheet's rule
    assert page.locator(f"{calls} option[value='\"none\"']").is_disabled()
    page.check("input[name=game][value=eight-ball]")
    page.select_option(calls, '"none"')
    page.select_option("select[name=opt_break_order]", '"winner"')
    page.select_option("select[name=opt_spot_jumped_balls]", "false")
    snap(page, "house-rules")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    options = state(page)["options"]
    assert (options["calls"], options["break_order"], options["spot_jumped_balls"]) == ("none", "winner", False)
    assert options["touching"] == "cue-ball-only" and page.errors == []
    # The scoreboard names the rules that differ from the sheet, and only those.
    shown = page.locator("#scoreboard .house-rules li").all_inner_texts()
    assert shown == [
        "Calls: no calls: any own ball in any pocket counts",
        "Object balls off the table: stay out of play",
        "Who breaks the next game: the winner",
    ]
    snap(page, "house-rules-scoreboard")
