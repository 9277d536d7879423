"""The page's controls in the system Chromium: touch, keys, spin and elevation, the aim aid, replays of any
shot, the seat link, a stalemate offered and accepted, and the printed score sheet of a 14.1 game through a
re-rack. Screenshots go to test-artefacts/screenshots (``pages.SHOTS``, gitignored).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from .pages import (
    SEED_A,
    SHOTS,
    create,
    hot_seat,
    new_page,
    open_match,
    screen,
    shoot_away,
    snap,
    state,
    strokes,
    tap_pocket,
    wait_asked,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(120)]
PHONE = {"width": 390, "height": 844}


def touch_drag(page: Any, points: list[tuple[float, float]]) -> None:
    """One finger down on the first point, along the others, up on the last (Chrome's touch input)."""
    cdp = page.context.new_cdp_session(page)
    for i, (x, y) in enumerate(points):
        kind = "touchStart" if i == 0 else "touchMove"
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def shot_sent(page: Any) -> None:
    """Wait until the server answered the first shot (its animation may still run)."""
    page.wait_for_function("window.poolhall.net.version >= 3", timeout=20_000)


def test_touch_pull_back_aims_and_sets_power_on_a_phone(server: str, browser: Any) -> None:
    page = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page, made = hot_seat(server, browser, page)
    canvas = page.locator("#table").bounding_box()
    assert canvas["width"] >= 0.9 * PHONE["width"] or canvas["height"] >= 0.75 * PHONE["height"]  # fills the phone
    assert canvas["y"] + canvas["height"] <= PHONE["height"]  # and is seen whole without scrolling
    snap(page, "phone-aim")
    cue = state(page)["balls"]["0"]
    # Pull back from the cue ball 0.25 m toward the head-right corner: the cue points the other way, half power.
    back = (cue[0] - 0.25 * math.cos(0.3), cue[1] - 0.25 * math.sin(0.3))
    path = [screen(page, cue[0] + (back[0] - cue[0]) * k / 6, cue[1] + (back[1] - cue[1]) * k / 6) for k in range(7)]
    touch_drag(page, path)
    page.wait_for_timeout(400)  # a finger lifts before it taps again (else Chrome takes the tap into the gesture)
    page.tap("#shoot")
    shot_sent(page)
    stroke = strokes(server, made["id"])[0]
    assert stroke["phi"] == pytest.approx(0.3, abs=0.02)  # pixels are coarse on a phone: about one degree
    assert stroke["speed"] == pytest.approx(6.0, abs=0.3)
    assert page.errors == []


def test_keys_turn_the_aim_change_power_and_shoot_and_any_shot_replays(server: str, browser: Any) -> None:
    page, made = hot_seat(server, browser)
    cue = state(page)["balls"]["0"]
    page.mouse.click(*screen(page, cue[0] - 0.3, cue[1]))  # the cue turns toward the head cushion: phi = pi
    power = float(page.input_value("#power"))
    for _ in range(5):
        page.keyboard.press("ArrowLeft")  # 0.01 rad each
    page.keyboard.press("Shift+ArrowLeft")  # 0.001 rad
    for _ in range(8):
        page.keyboard.press("-")  # 0.25 m/s each: a soft stroke that reaches no ball (an illegal break)
    page.keyboard.press("Enter")
    shot_sent(page)
    stroke = strokes(server, made["id"])[0]
    assert stroke["phi"] == pytest.approx(0.051 - math.pi, abs=1e-6) and stroke["speed"] == pytest.approx(power - 2)
    # A second shot, then the first one again from the list.
    wait_asked(page, "choose", "B")
    page.click("#choose-controls button >> nth=0")  # accept the table
    wait_asked(page, "shoot", "B")
    shoot_away(page)
    page.wait_for_function("window.poolhall.state.match.replayable.length === 2", timeout=20_000)
    wait_asked(page, "place", "A")
    page.select_option("#replay-pick", "1")
    page.wait_for_function("window.poolhall.renderer.animating")
    snap(page, "replay-shot-1")
    assert page.errors == []


def test_spin_and_elevation_go_into_the_stroke_and_the_aim_aid_is_drawn(server: str, browser: Any) -> None:
    page, made = hot_seat(server, browser)
    box = page.locator("#spin").bounding_box()
    # Top right of the cue ball's face, inside the miscue circle: follow and right English.
    page.mouse.click(box["x"] + box["width"] * 0.65, box["y"] + box["height"] * 0.35)
    page.locator("#elevation").fill("12")
    page.locator("#elevation").dispatch_event("input")
    cue = state(page)["balls"]["0"]
    page.mouse.click(*screen(page, cue[0] + 0.5, cue[1] + 0.02))  # aim at the rack
    with_aid = page.locator("#table").screenshot(path=str(SHOTS / "aim-aid-on.png"))
    page.uncheck("#aid")
    without = page.locator("#table").screenshot(path=str(SHOTS / "aim-aid-off.png"))
    assert with_aid != without  # the ghost ball and the lines are drawn only with the aid
    page.check("#aid")
    page.click("#shoot")
    shot_sent(page)
    stroke = strokes(server, made["id"])[0]
    assert stroke["a"] == pytest.approx(0.3, abs=0.02) and stroke["b"] == pytest.approx(0.3, abs=0.02)
    assert stroke["theta"] == pytest.approx(math.radians(12))


def test_the_seat_link_opens_the_other_seat_in_another_browser(server: str, browser: Any) -> None:
    ann = new_page(browser)
    ann.goto(server)
    ann.check("input[name=who][value=link]")
    ann.fill("input[name=name_a]", "Ann")
    ann.fill("input[name=name_b]", "Bob")
    ann.click("#new-game button[type=submit]")
    ann.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    link = ann.locator("#seat-links input").first.input_value()
    assert "&t=" in link and ann.evaluate("window.poolhall.state.seats") == ["A"]
    bob = new_page(browser)  # another context: no shared storage, only the link
    bob.goto(link)
    bob.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    assert bob.evaluate("window.poolhall.state.seats") == ["B"]
    assert bob.inner_text("#scoreboard").count("Bob") == 1


def scorekeeper(server: str, browser: Any, game: str, **body: Any) -> Any:
    seats = {"A": {"name": "Ann"}, "B": {"name": "Bob"}}
    made = create(server, game=game, mode="scorekeeper", seed=SEED_A, seats=seats, **body)
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    page.click("#choose-controls button >> nth=0")  # Ann breaks
    wait_asked(page, "enter-shot", "A")
    return page


def enter(page: Any, **selects: str) -> None:
    """Fill the facts form's selects by name, rule the shot, and wait for the next version."""
    version = page.evaluate("window.poolhall.state.version")
    for name, value in selects.items():
        if name.startswith("pocket_"):
            tap_pocket(page, name.removeprefix("pocket_"), value)
        else:
            page.select_option(f"#facts-form select[name={name}]", value)
    page.click("#facts-form button[type=submit]")
    page.wait_for_function(f"window.poolhall.state.version > {version}")


LEGAL_BREAK = {"first": "1", "rail_0": "foot", "rail_2": "foot", "rail_3": "left", "rail_4": "right", "rail_5": "foot"}


def test_a_stalemate_is_offered_and_accepted_rule_8b_21(server: str, browser: Any) -> None:
    page = scorekeeper(server, browser, "eight-ball")
    enter(page, **LEGAL_BREAK)
    for _ in range(5):  # each player's innings end without pocketing a ball: a safe miss that reaches a rail
        assert page.locator("#stalemate").is_disabled()
        enter(page, first="9", rail_9="foot")
    assert state(page)["asked"]["may_propose_stalemate"]
    page.click("#stalemate")
    wait_asked(page, "answer-stalemate")
    assert page.inner_text("#prompt").endswith("offers a stalemate.")
    page.click("#choose-controls button >> text=Accept the stalemate")
    page.wait_for_function("window.poolhall.state.match.asked.kind === 'enter-shot'")
    m = state(page)
    assert m["on_table"] == list(range(1, 16)) and m["asked"]["break_shot"]  # the same game, racked again


def test_a_straight_pool_game_through_a_rerack_and_its_printed_sheet_rules_14_1_7_3(server: str, browser: Any) -> None:
    page = scorekeeper(server, browser, "straight-pool", points_to_win=40)
    enter(page, **LEGAL_BREAK)  # nothing pocketed: Bob to play
    for ball in range(1, 14):
        b = str(ball)
        enter(page, call_ball=b, call_pocket="foot-left", first=b, **{f"pocket_{b}": "foot-left"})
    assert state(page)["on_table"] == [14, 15]
    assert page.locator("#after-box").is_hidden()  # asked only when the shot may leave one ball
    for name, value in (("call_ball", "14"), ("call_pocket", "foot-left"), ("first", "14")):
        page.select_option(f"#facts-form select[name={name}]", value)
    tap_pocket(page, 14, "foot-left")
    assert page.locator("#after-box").is_visible() and page.locator("#last-zone").is_visible()
    snap(page, "scorekeeper-rerack-question")
    enter(page, after_last="in-rack", after_cue="elsewhere")
    m = state(page)
    assert m["on_table"] == list(range(1, 16)) and m["score"]["B"] == 14 and m["asked"]["player"] == "B"
    # The scorekeeper corrects the last shot: same facts, the cue ball was on the head spot.
    page.click("#amend-shot")
    assert page.locator("#facts-form h3").inner_text() == "Correct shot 15"
    enter(page, after_last="in-rack", after_cue="head-spot")
    m = state(page)
    assert m["last_ruling"]["move"] == {"15": "centre-spot"} and m["amend"]["number"] == 15
    # The 15th ball is in the rack: Bob goes on; the sheet has his run of 14.
    enter(page, call_ball="15", call_pocket="foot-right", first="15", pocket_15="foot-right")
    rows = page.locator("#sheet tr").all_inner_texts()
    assert rows[-1].split("\t")[1:3] == ["Bob", "15"]
    page.emulate_media(media="print")
    assert page.locator("#sheet").is_visible() and page.locator("#controls").is_hidden()
    snap(page, "scoresheet-print")
    page.emulate_media(media="screen")


def test_an_update_that_asks_the_same_question_keeps_the_typed_facts_rule_gen_8(server: str, browser: Any) -> None:
    """The other seat asks for a call (GEN-8) and the page resyncs: the half-filled form keeps its entries."""
    page = scorekeeper(server, browser, "eight-ball")
    enter(page, **LEGAL_BREAK)  # nothing pocketed: Bob to enter his shot
    wait_asked(page, "enter-shot", "B")
    typed = {"call_ball": "9", "call_pocket": "side-left", "first": "9", "rail_9": "foot"}
    for name, value in typed.items():
        page.select_option(f"#facts-form select[name={name}]", value)
    page.check("#facts-form input[name=rep_double-hit]")
    version = page.evaluate("window.poolhall.state.version")
    page.click("#request-call")  # Ann asks Bob for his call: an event, a new version, the same question
    page.wait_for_function(
        f"window.poolhall.state.version > {version} && window.poolhall.state.match.asked.call_requested"
    )
    page.evaluate("window.poolhall.net.send({type: 'sync'})")  # and a snapshot of the same version
    page.wait_for_timeout(300)
    for name, value in typed.items():
        assert page.locator(f"#facts-form select[name={name}]").input_value() == value
    assert page.locator("#facts-form input[name=rep_double-hit]").is_checked()
    # Another language: the form speaks Polish and keeps every entry.
    page.select_option("#lang", "pl")
    page.wait_for_function("document.querySelector('#facts-form legend').textContent === 'Zapowiedź'")
    for name, value in typed.items():
        assert page.locator(f"#facts-form select[name={name}]").input_value() == value
    assert page.locator("#facts-form input[name=rep_double-hit]").is_checked()
    page.select_option("#lang", "en")
    # A new question (Bob's shot ruled, Ann to shoot) gets a fresh form.
    page.click("#facts-form button[type=submit]")
    wait_asked(page, "enter-shot", "A")
    assert page.locator("#facts-form select[name=first]").input_value() == ""
    assert not page.locator("#facts-form input[name=rep_double-hit]").is_checked()
