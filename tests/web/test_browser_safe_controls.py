"""Issue 17, the broken items: one shot per Shoot however fast it is pressed, and calling that does not aim.

A second click (or Enter) on Shoot while the balls roll used to send another
shot with the old aim, which the server took as soon as the same page was
asked again (hot seat, a pot, the computer's inning over): a blind shot. The
page now locks its controls from the moment it sends an action until the next
question for it arrives, and every action carries the version it answers, so
the server refuses a late one as ``stale``.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from .pages import (
    SEED_A,
    create,
    hot_seat,
    new_page,
    open_match,
    press_shoot_three_times,
    screen,
    sent_actions,
    set_power,
    snap,
    state,
    strokes,
    wait_asked,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]


def aim_away(page: Any, speed: float = 0.8) -> None:
    """Turn the cue toward the head cushion (no object ball on the way), at ``speed``."""
    cue = state(page)["balls"]["0"]
    set_power(page, speed)
    page.mouse.click(*screen(page, max(0.05, cue[0] - 0.3), cue[1]))


def test_two_fast_clicks_and_an_enter_give_one_shot_in_hot_seat(server: str, browser: Any) -> None:
    page = new_page(browser)
    sent = sent_actions(page)
    page, made = hot_seat(server, browser, page)
    aim_away(page)
    press_shoot_three_times(page)
    assert page.locator("#shoot").is_disabled()  # locked at once, while the balls roll
    snap(page, "double-shot-locked")
    wait_asked(page, "choose", "B")  # an illegal break: the same page, Bob's choice
    page.wait_for_timeout(300)  # anything else the page sent has reached the server by now
    shots = [m for m in sent if m["type"] == "shoot"]
    assert len(shots) == 1 and shots[0]["version"] == 2
    assert len(strokes(server, made["id"])) == 1
    assert all("version" in m for m in sent if m["type"] in ("place", "shoot", "choose"))
    assert not page.locator("#controls").evaluate("e => e.inert")  # the next question: unlocked
    # Behind the lock, the server refuses an answer to an older version and changes nothing.
    page.evaluate("window.poolhall.net.send({type: 'choose', option: 'accept-table', version: 2})")
    page.wait_for_function("document.getElementById('error')?.textContent.includes('earlier moment')")
    assert state(page)["asked"]["kind"] == "choose" and state(page)["shots"] == 1
    assert page.errors == []


def test_two_fast_clicks_and_an_enter_give_one_shot_against_the_computer(server: str, browser: Any) -> None:
    made = create(server, game="eight-ball", seed=SEED_A,
                  seats={"A": {"name": "Ann"}, "B": {"name": "Cy", "kind": "computer", "level": "simple"}})  # fmt: skip
    page = new_page(browser)
    sent = sent_actions(page)
    open_match(page, server, made["id"], made["tokens"]["A"])
    wait_asked(page, "choose-breaker", "A")
    page.click("#choose-controls button >> nth=1")  # the computer breaks
    page.wait_for_function("window.poolhall.state.match.asked.player === 'A' && "
                           "!window.poolhall.renderer.animating", timeout=60_000)  # fmt: skip
    if state(page)["asked"]["kind"] == "choose":
        page.click("#choose-controls button >> nth=0")
        page.wait_for_function("window.poolhall.state.match.asked.kind !== 'choose'", timeout=60_000)
    if state(page)["asked"]["kind"] == "place":
        # The match state can say "place" before the page has played the break's animation and shown its
        # controls (a break rolls for many seconds, longer on a loaded machine): wait for the control.
        page.click("#place", timeout=90_000)
    wait_asked(page, "shoot", "A", timeout=60_000)
    before = state(page)["shots"]
    aim_away(page)
    press_shoot_three_times(page)
    page.wait_for_function(f"window.poolhall.state.match.shots > {before}", timeout=20_000)
    page.wait_for_function("window.poolhall.state.match.asked.player === 'A' || window.poolhall.state.match.over",
                           timeout=90_000)  # fmt: skip
    page.wait_for_timeout(300)
    assert len([m for m in sent if m["type"] == "shoot"]) == 1
    record = page.evaluate(f"fetch('/api/matches/{made['id']}/record').then(r => r.json())")
    ann = [a for a in record["actions"] if a["seat"] == "A" and a["action"]["type"] == "shoot"]
    assert len(ann) == 1
    snap(page, "double-shot-computer")
    assert page.errors == []


def press(page: Any, at: tuple[float, float]) -> None:
    """Click the table at ``at`` (metres), the page scrolled to the top (a click on the panel may scroll it)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.click(*screen(page, *at))


def test_calling_and_aiming_go_in_any_order_and_a_costly_call_is_confirmed_rule_gen_8(
    server: str, browser: Any
) -> None:
    """GEN-8 with every shot called (CFG-6): Shoot waits for the call; pressing a ball or a pocket calls it and
    never turns the cue, even a ball 6.5 cm from the cue ball; the balls that cost nothing are marked; the 8 on
    an open table (8B-10, 8B-20) asks first and says what it costs."""
    made = create(server, game="eight-ball", seed=SEED_A, options={"calls": "every-shot"},
                  seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})  # fmt: skip
    page = new_page(browser)
    sent = sent_actions(page)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "place", "A")
    page.click("#place")
    wait_asked(page, "shoot", "A")
    assert page.locator("#shoot").is_enabled()  # a break carries no call
    aim_away(page)
    page.click("#shoot")  # an illegal break
    wait_asked(page, "choose", "B")
    page.click("#choose-controls button >> nth=0")  # Bob accepts the table
    wait_asked(page, "shoot", "B")
    assert page.locator("#shoot").is_disabled() and page.locator("#call-needed").is_visible()
    page.click("#safety")
    assert page.locator("#shoot").is_enabled()
    aim_away(page)
    page.click("#shoot")  # a safety that touches nothing: a foul, Ann has the cue ball in hand
    wait_asked(page, "place", "A")
    balls = state(page)["balls"]
    length, width = state(page)["table"]["length"], state(page)["table"]["width"]
    apex = min((b for b in balls if b != "0"), key=lambda b: math.dist(balls[b], (0.75 * length, width / 2)))
    ax, ay = balls[apex]
    press(page, (ax - 0.065, ay))  # the cue ball 6.5 cm from the apex ball (centre to centre)
    page.click("#place")
    wait_asked(page, "shoot", "A")
    lawful = state(page)["lawful_calls"]
    assert 8 not in lawful and int(apex) in lawful and 8 in state(page)["asked"]["callable_balls"]
    # Aim first: toward a point on the cloth.
    press(page, (ax - 0.4, ay + 0.3))
    phi = page.evaluate("window.poolhall.aim.phi")
    snap(page, "call-lawful-balls-marked")
    # Then call the ball next to the cue ball, and a pocket: the cue does not turn.
    press(page, (ax, ay))
    assert page.evaluate("window.poolhall.call.ball") == int(apex)
    assert page.locator("#shoot").is_disabled()  # a ball without its pocket is not a call yet
    press(page, (length, width))  # the foot-left pocket
    assert page.evaluate("window.poolhall.call.call") == {"ball": int(apex), "pocket": "foot-left"}
    assert page.evaluate("window.poolhall.aim.phi") == phi
    assert page.locator("#shoot").is_enabled() and page.locator("#call-needed").is_hidden()
    # The 8 costs the game if it drops: the page asks first.
    press(page, tuple(balls["8"]))
    assert page.locator("#call-confirm").is_visible()
    assert "loses the game" in page.inner_text("#call-cost")
    snap(page, "call-eight-asks-first")
    page.click("#call-no")
    assert page.evaluate("window.poolhall.call.call") == {"ball": int(apex), "pocket": "foot-left"}
    page.select_option("#lang", "pl")
    press(page, tuple(balls["8"]))
    assert "przegrywa partię" in page.inner_text("#call-cost")
    page.click("#call-yes")
    assert page.evaluate("window.poolhall.call.ball") == 8 and page.locator("#shoot").is_disabled()
    page.select_option("#lang", "en")
    # Call, then aim: dragging on the cloth turns the cue and keeps the call.
    press(page, (ax, ay))
    press(page, (length, width))
    page.mouse.move(*screen(page, ax - 0.3, ay - 0.2))
    page.mouse.down()
    page.mouse.move(*screen(page, ax - 0.2, ay - 0.25), steps=4)
    page.mouse.up()
    assert page.evaluate("window.poolhall.aim.phi") != phi
    assert page.evaluate("window.poolhall.call.call") == {"ball": int(apex), "pocket": "foot-left"}
    set_power(page, 0.5)
    page.click("#shoot")
    page.wait_for_function("window.poolhall.state.match.shots === 3", timeout=20_000)
    shot = [m for m in sent if m["type"] == "shoot"][-1]
    assert shot["call"] == {"ball": int(apex), "pocket": "foot-left"}
    assert page.errors == []
