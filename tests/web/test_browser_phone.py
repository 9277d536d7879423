"""Issue 17, phone and language: on a phone, upright or on its side, Place / Shoot, the ruling and the score stay in
view together, without scrolling; everything the page shows is in the chosen language (levels, the match list)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from .pages import SEED_A, create, hot_seat, new_page, open_match, shoot_away, snap, state, wait_asked

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]


def in_view(page: Any, selector: str) -> dict[str, float]:
    """The element's box, checked to lie wholly inside the viewport as it is (no scrolling)."""
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    assert box is not None and box["width"] > 0, selector
    assert box["x"] >= 0 and box["y"] >= 0, selector
    assert box["x"] + box["width"] <= view["width"] + 0.5 and box["y"] + box["height"] <= view["height"] + 0.5, selector
    return box  # type: ignore[no-any-return]


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or (b["y"] + b["height"] <= a["y"])
    )


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_on_a_phone_place_shoot_the_ruling_and_the_score_stay_in_view(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    name = "portrait" if viewport["height"] > viewport["width"] else "landscape"
    page = new_page(browser, viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=2)
    page, _ = hot_seat(server, browser, page)
    shoot_away(page)  # an illegal break: Bob accepts the table, then fouls; Ann has the cue ball in hand
    wait_asked(page, "choose", "B")
    page.click("#choose-controls button >> nth=0")
    wait_asked(page, "shoot", "B")
    page.evaluate("window.scrollTo(0, 0)")
    shoot = in_view(page, "#shoot")
    ruling, score = in_view(page, "#phone-ruling"), in_view(page, "#phone-score")
    assert apart(shoot, ruling) and apart(shoot, score)
    assert "Ann" in page.inner_text("#phone-score") and page.inner_text("#phone-ruling").startswith("Illegal break")
    assert apart(shoot, page.locator("#table").bounding_box())  # Shoot covers none of the table
    snap(page, f"phone-{name}-shoot")
    shoot_away(page)
    wait_asked(page, "place", "A")
    page.evaluate("window.scrollTo(0, 0)")
    place = in_view(page, "#place")
    assert page.locator("#place").is_enabled()
    assert apart(place, in_view(page, "#phone-ruling")) and apart(place, in_view(page, "#phone-score"))
    assert "Foul by Bob" in page.inner_text("#phone-ruling") and "▶ Ann" in page.inner_text("#phone-score")
    snap(page, f"phone-{name}-place")
    page.tap("#place")
    wait_asked(page, "shoot", "A")
    assert state(page)["balls"]["0"] is not None and page.errors == []


def test_the_page_speaks_polish_levels_match_list_and_server_errors(server: str, browser: Any) -> None:
    made = create(server, game="straight-pool", seed=SEED_A, seats={"A": {"name": "Ola"}, "B": {"name": "Jan"}})
    page = new_page(browser)
    page.goto(server)
    page.select_option("#lang", "pl")
    # the levels come from the server after the page loads: read them once they are there (CI met an empty list)
    page.wait_for_function("document.querySelectorAll('select[name=level] option').length >= 5")
    options = page.locator("select[name=level] option").all_inner_texts()
    names = page.locator("select[name=level] option").evaluate_all("os => os.map((o) => o.value)")
    assert names[:5] == ["simple", "beginner", "club", "strong", "pro"]  # weakest first; a plug-in comes after
    assert options[2].startswith("Klubowy: ") and all(": " in o for o in options[:5])
    row = page.locator("#match-list li", has_text="Ola – Jan").first
    assert row.inner_text() == "Ola – Jan 0:0 · 14.1 ciągły · gra Ola"  # Ola won the lag: she chooses
    snap(page, "home-polish")
    open_match(page, server, made["id"])  # watching: any action is refused, in Polish
    page.evaluate("window.poolhall.net.send({type: 'sync'})")
    page.evaluate("window.poolhall.net.send({type: 'choose', option: 'break'})")
    page.wait_for_function("document.getElementById('error')?.textContent === 'Oglądasz mecz: widz nie może grać.'")
    assert page.errors == []


def error_shown(page: Any, text: str) -> None:
    page.wait_for_function("(want) => document.getElementById('error')?.textContent === want", arg=text)


def test_referee_refusals_and_server_errors_arrive_in_polish(server: str, browser: Any) -> None:
    page, _ = hot_seat(server, browser)  # Ann to break, the cue ball placed
    page.select_option("#lang", "pl")
    page.evaluate("window.poolhall.net.send({type: 'place', x: 0.3, y: 0.6})")  # the cue ball is placed already
    error_shown(page, "Sędzia na to nie pozwala: Nie teraz: mecz czeka na ruch gracza Ann.")
    snap(page, "polish-refusal")
    page.evaluate("window.poolhall.net.send({type: 'request-call'})")  # Bob asks for a call on Ann's break
    error_shown(page, "Sędzia na to nie pozwala: Przy rozbiciu nie prosi się o zapowiedź.")
    page.evaluate("window.poolhall.net.send({type: 'shoot', stroke: {speed: 1, phi: 0}, call: 'safety'})")
    error_shown(page, "Sędzia na to nie pozwala: Rozbicie nie jest odstawną.")
    page.evaluate("window.poolhall.net.send({type: 'dance'})")  # a server error, not the referee's
    error_shown(page, "Strona wysłała wiadomość, której serwer nie zna.")
    page.select_option("#lang", "en")  # the same refusal in English: the page's sentence, no rule IDs
    page.evaluate("window.poolhall.net.send({type: 'request-call'})")
    error_shown(page, "The referee does not allow that: No call is asked for on a break.")
    assert state(page)["shots"] == 0 and state(page)["asked"]["kind"] == "shoot"
    assert page.errors == []
    lost = new_page(browser)  # a match link that leads nowhere: the server's error, in Polish
    lost.goto(server)
    lost.select_option("#lang", "pl")
    lost.goto(f"{server}#m=no-such-match-00")
    error_shown(lost, "Nie ma takiego meczu.")
    lost.wait_for_function("document.getElementById('banner')?.textContent === 'Nie ma takiego meczu.'")  # no retries
    snap(lost, "polish-no-match")
    assert lost.errors == []


#: Playwright's "iPhone 13" and "Pixel 5" held upright (their viewports), and the narrow "iPhone SE".
PHONES = {
    "iphone": {"width": 390, "height": 664, "scale": 3},
    "pixel": {"width": 393, "height": 727, "scale": 2.75},
    "iphone-se": {"width": 320, "height": 568, "scale": 2},
}


def header_room(page: Any) -> None:
    """The title and each header item keep apart (at least 10 px), inside the screen, on one row where they fit."""
    boxes = [page.locator(s).bounding_box() for s in ("header h1", "#home-link", "#mute", "#lang")]
    title, *items = [b for b in boxes if b and b["width"] > 0]
    view = page.viewport_size["width"]
    for box in items:
        assert box["x"] >= title["x"] + title["width"] + 10 or box["y"] >= title["y"] + title["height"], box
        assert box["x"] + box["width"] <= view, box
    for a, b in itertools.pairwise(items):
        assert b["x"] >= a["x"] + a["width"] + 10 or b["y"] >= a["y"] + a["height"], (a, b)


@pytest.mark.parametrize("phone", PHONES)
def test_on_a_phone_the_title_and_the_header_links_have_room(server: str, browser: Any, phone: str) -> None:
    size = PHONES[phone]
    viewport = {"width": size["width"], "height": size["height"]}
    page = new_page(browser, viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=size["scale"])
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    for lang in ("en", "pl"):
        page.goto(server)
        page.select_option("#lang", lang)
        header_room(page)
        open_match(page, server, made["id"], made["tokens"]["A"])  # the match page adds the Sound switch
        header_room(page)
        home, title = page.locator("#home-link").bounding_box(), page.locator("header h1").bounding_box()
        if phone != "iphone-se":  # a common phone keeps one header row: the table keeps its height
            assert abs(home["y"] + home["height"] / 2 - (title["y"] + title["height"] / 2)) < 4
        table, bar = page.locator("#table").bounding_box(), page.locator("#phone-bar").bounding_box()
        assert table["y"] + table["height"] <= bar["y"] + 1  # a taller header leaves the table wholly in view
        snap(page, f"phone-header-{phone}-{lang}")
    assert page.errors == []


def test_on_a_phone_a_shot_brings_the_table_back_into_view(server: str, browser: Any) -> None:
    """ "Opponent breaks" sits in a card below the table: tapping it left the page scrolled there, so on a phone the
    computer's break played out of sight. When a shot starts, a table less than half in view comes back."""
    cora = {"name": "Cora", "kind": "computer", "level": "simple"}
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": cora})
    page = new_page(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_match(page, server, made["id"], made["tokens"]["A"])
    wait_asked(page, "choose-breaker", "A")
    page.locator("#choose-controls button >> nth=1").scroll_into_view_if_needed()
    table = page.locator("#table")
    assert table.bounding_box()["y"] + table.bounding_box()["height"] / 2 < 0  # the table is scrolled away
    page.locator("#choose-controls button >> nth=1").tap()  # "Opponent breaks"
    page.wait_for_function("window.poolhall.renderer.animating", timeout=30_000)
    page.wait_for_function(
        """(() => { const b = document.getElementById('table').getBoundingClientRect();
        return b.top >= -1 && b.top + b.height / 2 <= window.innerHeight; })()""",
        timeout=5_000,
    )
    snap(page, "phone-table-back-for-the-break")
    assert page.errors == []
