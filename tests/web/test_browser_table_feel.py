"""Issue 17, the feel of the table: sounds (Web Audio) and a remembered mute, skipping and fast live shots, the
pocket drop and the pocketed-ball tray, replays that say so (half speed, pause, previous/next shot) and keep the
live controls out of reach, the first cushion rebound of the aim aid, and why a ball-in-hand spot is illegal."""

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
    screen,
    set_power,
    shoot_away,
    snap,
    state,
    wait_asked,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

DROPS = "([tr, t]) => import('/static/render.js').then((m) => m.dropsAt(tr, t, window.poolhall.renderer.pockets()))"
NEXT_FRAMES = "new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok())))"


def test_a_break_sounds_drops_balls_and_can_be_skipped_and_replayed(server: str, browser: Any) -> None:
    page, _ = hot_seat(server, browser)
    set_power(page, 9.0)
    page.mouse.click(*screen(page, 1.9, 0.635))  # at the rack
    page.click("#shoot")
    page.wait_for_function("window.poolhall.renderer.animating")
    page.wait_for_function("window.poolhall.sounds.played.ball > 3")  # the cue ball into the rack
    assert page.evaluate("window.poolhall.sounds.played.cue") == 1
    assert page.locator("#anim-skip").is_visible() and page.locator("#anim-pause").is_hidden()
    snap(page, "break-rolling")
    assert page.evaluate(f"(async () => {{ window.poolhall.renderer.skip(); await {NEXT_FRAMES}; "
                         "return window.poolhall.renderer.animating; })()") is False  # fmt: skip
    page.wait_for_function("window.poolhall.state.match.shots === 1")
    trajectory = page.evaluate("window.poolhall.state.lastAction.trajectory")
    assert trajectory["sounds"] and {s[1] for s in trajectory["sounds"]} <= {"ball", "cushion", "pocket"}
    on_table = set(state(page)["on_table"])
    tray = page.locator("#tray .chip").all_inner_texts()
    assert tray == [str(b) for b in range(1, 16) if b not in on_table]
    # The drop: a pocketed ball sinks toward its pocket's centre for a moment after its drop time.
    # (a break that pocketed nothing: ball 1 is made to drop at 0.5 s, so the drop is drawn either way)
    ball, (time, pocket) = next(iter(trajectory["pocketed"].items()), ("1", (0.5, "foot-left")))
    trajectory["pocketed"][str(ball)] = [time, pocket]
    if str(ball) not in trajectory["balls"]:
        trajectory["balls"][ball] = [[0, 0.5, 2.0, 1.0, 0.2, 0, 0, 0]]
    drops = page.evaluate(DROPS, [trajectory, time + 0.1])
    assert len(drops) == 1 and drops[0][0] == int(ball) and 0.3 < drops[0][3] < 0.5
    assert page.evaluate(DROPS, [trajectory, time + 0.3]) == []  # gone into the pocket
    # A replay says so, can pause and go at half speed, and keeps the live controls out of reach.
    wait_asked(page, "choose" if state(page)["asked"]["kind"] == "choose" else state(page)["asked"]["kind"])
    page.click("#replay")
    page.wait_for_function("window.poolhall.replayer.active")
    assert page.inner_text("#replay-label") == "Replay: shot 1"
    assert page.locator("#controls").evaluate("e => e.inert")
    page.click("#anim-pause")
    assert page.evaluate("window.poolhall.renderer.animation.rate") == 0
    assert page.inner_text("#anim-pause") == "Play"
    snap(page, "replay-paused")
    page.click("#anim-half")
    page.click("#anim-pause")
    assert page.evaluate("window.poolhall.renderer.animation.rate") == 0.5
    page.click("#anim-skip")
    page.wait_for_function("!window.poolhall.replayer.active")
    assert not page.locator("#controls").evaluate("e => e.inert")
    # The mute is remembered: after a reload a replay makes no sound.
    page.click("#mute")
    assert page.inner_text("#mute") == "Sound: off"
    page.reload()
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert page.inner_text("#mute") == "Sound: off"
    page.click("#replay")
    page.wait_for_function("window.poolhall.replayer.active")
    page.click("#anim-skip")
    assert page.evaluate("Object.values(window.poolhall.sounds.played).reduce((a, b) => a + b)") == 0
    # "Fast" plays the live shots at four times the speed, and is remembered too.
    page.check("#anim-fast")
    page.reload()
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert page.is_checked("#anim-fast")
    page.click("#replay")  # a replay keeps its own speed
    assert page.evaluate("window.poolhall.renderer.animation.rate") == 1
    page.click("#anim-skip")
    assert page.errors == []


def test_the_aim_aid_shows_the_first_cushion_rebound_and_an_illegal_spot_says_why(server: str, browser: Any) -> None:
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "place", "A")
    length, width = state(page)["table"]["length"], state(page)["table"]["width"]
    page.mouse.click(*screen(page, length / 2, width / 2))  # in front of the head string: not for a break
    assert "behind the head string" in page.inner_text("#place-why") and page.locator("#place").is_disabled()
    page.mouse.click(*screen(page, length / 8, width / 2))
    assert page.inner_text("#place-why") == "" and page.locator("#place").is_enabled()
    page.click("#place")
    wait_asked(page, "shoot", "A")
    cue = state(page)["balls"]["0"]
    page.mouse.click(*screen(page, cue[0] - 0.05, cue[1] + 0.3))  # toward the left cushion, no ball on the way
    page.evaluate(NEXT_FRAMES)  # the aid is drawn on the next frame
    line = page.evaluate("window.poolhall.aim.reboundLine")
    (x0, y0), (x1, y1) = line
    radius = state(page)["table"]["ball_radius"]
    assert abs(y0 - (width - radius)) < 1e-6  # it leaves the left cushion...
    phi = page.evaluate("window.poolhall.aim.phi")
    assert math.isclose(math.atan2(y1 - y0, x1 - x0), -phi, abs_tol=1e-6)  # ...at the angle it came in
    snap(page, "aim-rebound")
    page.uncheck("#aid-rebound")
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate("window.poolhall.aim.reboundLine") is None
    page.check("#aid-rebound")
    shoot_away(page)  # an illegal break; Bob accepts the table and fouls: Ann has the cue ball in hand
    wait_asked(page, "choose", "B")
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "shoot", "B")
    shoot_away(page)
    wait_asked(page, "place", "A")
    ball = next(b for b in state(page)["balls"] if b != "0")
    page.mouse.click(*screen(page, *state(page)["balls"][ball]))
    assert page.inner_text("#place-why") == f"Not here: the cue ball would touch the {ball}."
    snap(page, "ball-in-hand-why")
    page.select_option("#lang", "pl")
    assert page.inner_text("#place-why") == f"Nie tutaj: biała dotykałaby bili {ball}."
    page.mouse.click(*screen(page, -0.05, width / 2))  # on the head rail's wood
    assert "suknie" in page.inner_text("#place-why")
    assert page.errors == []
