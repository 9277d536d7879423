"""Issue 17, the broken items: one shot per Shoot however fast it is pressed, and calling that does not aim.

A second click (or Enter) on Shoot while the balls roll used to send another
shot with the old aim, which the server took as soon as the same page was
asked again (hot seat, a pot, the computer's inning over): a blind shot. The
page now locks its controls from the moment it sends an action until the next
question for it arrives, and every action carries the version it answers, so
the server refuses a late one as ``stale``.
"""

from __future__ import annotations

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
    page.wait_for_function("document.getElementById('error').textContent.includes('version')")
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
    if state(page)["asked"]["kind"] == "place":
        page.click("#place")
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
