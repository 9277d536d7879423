"""The first moments of a match in the system Chromium: what the lag winner is asked, the name a player who
gave none gets, and the match's controls before and after the first shot.

Players read these before anything else: "You: choose." did not say what to choose, an unnamed player was
called "You" in the referee's sentences ("You has the cue ball in hand"), and the controls card wrapped its
labels mid-phrase and showed an empty list of shots to replay.
"""

from __future__ import annotations

from typing import Any

import pytest

from .pages import SEED_A, create, hot_seat, new_page, open_match, screen, shoot_away, snap, state, wait_asked

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(120)]


def test_the_lag_winner_is_asked_who_breaks(server: str, browser: Any) -> None:
    """GEN-12: the lag winner chooses who takes the opening break; the prompt says so in both languages."""
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    assert page.inner_text("#prompt") == "Ann won the lag: choose who breaks."
    assert page.inner_text("#reason") == "Ann won the lag and chooses who breaks."  # not an empty card
    # The page holds both seats, so "I break" would not say who: the buttons name the breaker.
    assert page.locator("#choose-controls button").all_inner_texts() == ["Ann breaks", "Bob breaks"]
    assert page.locator("#replay-pick-label").is_hidden()  # no shot yet: nothing to pick
    snap(page, "lag-choice")
    page.select_option("#lang", "pl")
    assert page.inner_text("#prompt") == "Ann wygrywa losowanie: wybierz, kto rozbija."
    assert page.locator("#choose-controls button").all_inner_texts() == ["Rozbija: Ann", "Rozbija: Bob"]
    page.select_option("#lang", "en")
    page.click("#choose-controls button >> nth=0")  # "Ann breaks"
    wait_asked(page, "place", "A")
    assert page.inner_text("#reason") == "Ann breaks."
    page.click("#place")
    wait_asked(page, "shoot", "A")
    shoot_away(page)
    wait_asked(page, "choose", "B")
    assert page.inner_text("#reason") == state(page)["last_ruling"]["reason"]["en"]
    assert page.locator("#replay-pick-label").is_visible()
    assert page.locator("#replay-pick option").all_inner_texts() == ["Shot 1"]
    labels = page.locator(".controls > label")
    for i in range(labels.count()):  # each visible label sits on one line
        box = labels.nth(i).bounding_box()
        if box is not None and labels.nth(i).is_visible():
            assert box["height"] < 40, labels.nth(i).inner_text()
    snap(page, "controls-after-a-shot")
    assert page.errors == []


def test_a_page_with_one_seat_says_i_break(server: str, browser: Any) -> None:
    """Against the computer (or a friend on another screen) the page holds one seat: "I break" is plain."""
    made = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"])
    wait_asked(page, "choose-breaker", "A")
    assert page.locator("#choose-controls button").all_inner_texts() == ["I break", "Opponent breaks"]
    assert page.errors == []


@pytest.mark.parametrize(
    ("lang", "who", "names"),
    [("en", "computer", ("Player", "Computer")), ("en", "hotseat", ("Player A", "Player B")),
     ("pl", "computer", ("A", "Komputer")), ("pl", "hotseat", ("A", "B"))],
)  # fmt: skip
def test_a_player_without_a_name_gets_one_the_sentences_can_take(
    lang: str, who: str, names: tuple[str, str], server: str, browser: Any
) -> None:
    """The referee's sentences take the seat's name as their subject: "Player has", never "You has"; the
    Polish ones say "Gracz {name}" (a name is not declined), so a Polish default is "A", not "Gracz A"."""
    page = new_page(browser)
    page.goto(server)
    page.select_option("#lang", lang)
    page.check(f"input[name=who][value={who}]")
    if who == "computer":
        page.select_option("select[name=level]", "simple")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    seats = state(page)["seats"]
    assert (seats["A"]["name"], seats["B"]["name"]) == names
    assert "You" not in page.inner_text("#scoreboard") and "Gracz Gracz" not in page.inner_text("body")
    assert page.errors == []


def test_the_scoreboard_says_who_plays_each_seat_and_at_which_level(server: str, browser: Any) -> None:
    """The column heads are names, and a name says nothing of who plays: "Played by: person / computer
    (Club)". The row once read "Player: person / computer", under a head that was itself "Player" by default."""
    seats = {"A": {"name": "Ann"}, "B": {"name": "Hal", "kind": "computer", "level": "club"}}
    made = create(server, game="eight-ball", seed=SEED_A, seats=seats)
    page = new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"])
    row = page.locator("#scoreboard tr", has_text="Played by")
    assert row.locator("td").all_inner_texts() == ["Played by", "person", "computer (Club)"]
    snap(page, "scoreboard-played-by")
    page.select_option("#lang", "pl")
    row = page.locator("#scoreboard tr", has_text="Gra")
    assert row.locator("td").all_inner_texts() == ["Gra", "osoba", "komputer (Klubowy)"]
    assert page.errors == []
    two = create(server, game="eight-ball", seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    open_match(page, server, two["id"], two["tokens"]["A"], two["tokens"]["B"])
    assert page.locator("#scoreboard tr", has_text="Podejścia").count() == 1  # the page still speaks Polish
    assert page.locator("#scoreboard tr", has_text="Gra").count() == 0  # two people: no such row
    assert page.errors == []


def test_an_eight_ball_break_is_offered_at_break_power_and_the_next_shot_gets_the_players_own_back(
    server: str, browser: Any
) -> None:
    """A break at the slider's everyday 3 m/s barely moves the rack (an illegal break, 8B-B), and a shot after a
    break at the break's power flies round the table: the slider offers 8 m/s for the break, then gives back
    what the player had."""
    page, _ = hot_seat(server, browser)
    assert page.input_value("#power") == "8" and page.inner_text("#power-out") == "8.0 m/s"
    snap(page, "break-power")
    cue = state(page)["balls"]["0"]
    page.mouse.click(*screen(page, 1.905, cue[1]))  # at the apex, along the table
    page.click("#shoot")
    page.wait_for_function(
        "(() => { const m = window.poolhall.state.match; return m && m.shots === 1 && ['shoot', 'place'].includes("
        "m.asked.kind) && !window.poolhall.renderer.animating; })()",
        timeout=60_000,
    )
    if state(page)["asked"]["kind"] == "place":
        page.click("#place")
        wait_asked(page, "shoot")
    assert state(page)["last_ruling"] is not None
    assert page.input_value("#power") == "3" and page.inner_text("#power-out") == "3.0 m/s"
    assert page.errors == []


def test_a_straight_pool_opening_break_keeps_the_players_power(server: str, browser: Any) -> None:
    """14.1's opening break (14.1-6) is usually played as a safety: no hard break is offered."""
    page, _ = hot_seat(server, browser, game="straight-pool")
    assert state(page)["asked"]["break_shot"] and page.input_value("#power") == "3"
    assert page.errors == []


def test_the_new_game_form_chooses_the_table(server: str, browser: Any) -> None:
    """The app plays on a 9-, 8- or 7-foot table (the server's ``table``); the form offered only the 9-foot before,
    so a player with a bar box at home could not practise on its size."""
    page = new_page(browser)
    page.goto(server)
    table = page.locator("select[name=table]")
    assert table.input_value() == "9-foot"  # the tournament table unless chosen
    assert table.locator("option").all_inner_texts() == ["9-foot (tournament)", "8-foot", "7-foot (bar box)"]
    page.select_option("#lang", "pl")
    assert table.locator("option").all_inner_texts() == ["9 stóp (turniejowy)", "8 stóp", "7 stóp (barowy)"]
    page.select_option("#lang", "en")
    page.check("input[name=who][value=hotseat]")
    page.select_option("select[name=table]", "7-foot")
    snap(page, "new-game-table")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
    drawn = state(page)["table"]
    assert drawn["name"] == "7-foot" and abs(drawn["length"] - 1.9812) < 1e-6  # 78 in of playing surface
    assert page.evaluate("window.poolhall.renderer.table.length") == drawn["length"]
    apex = min(state(page)["balls"].values(), key=lambda xy: xy[0])
    assert abs(apex[0] - 0.75 * drawn["length"]) < 0.005  # the rack's apex on this table's foot spot
    snap(page, "seven-foot-table")
    page.click("#home-link")  # Home: the match list says which table a match is on, unless the 9-foot
    listed = page.locator("#match-list li").first
    listed.wait_for()
    assert " · Eight-ball · 7-foot (bar box) · " in listed.inner_text()
    assert page.errors == []


def test_a_scorekeeper_enters_who_won_the_lag_on_the_real_table(server: str, browser: Any) -> None:
    """GEN-12: the referee receives the lag result as an input. The API took it, but the form did not ask, so a
    scorekept match opened on a coin flip the app made ("Ewa won the lag") whoever won it on the table."""
    page = new_page(browser)
    page.goto(server)
    assert page.locator("#lag-field").is_hidden()  # the app lags for itself when it plays the shots
    assert page.inner_text("#name-a-label") == "Your name"
    page.check("input[name=who][value=scorekeeper]")
    page.check("input[name=game][value=straight-pool]")
    # the scorekeeper is not one of the players: the fields name two players, as the defaults do
    assert (page.inner_text("#name-a-label"), page.inner_text("#name-b-label")) == ("First player", "Second player")
    page.select_option("#lang", "pl")
    assert page.inner_text("#name-a-label") == "Pierwszy gracz"
    page.select_option("#lang", "en")
    lag = page.locator("select[name=lag_winner]")
    assert lag.locator("option").all_inner_texts() == ["nobody yet: toss a coin", "Player A", "Player B"]
    page.fill("input[name=name_a]", "Jan")
    page.fill("input[name=name_b]", "Ewa")
    assert lag.locator("option").all_inner_texts() == ["nobody yet: toss a coin", "Jan", "Ewa"]
    for winner, name in (("B", "Ewa"), ("A", "Jan")):  # whichever the coin would give, the entered one rules
        page.goto(server)
        page.check("input[name=who][value=scorekeeper]")
        page.fill("input[name=name_a]", "Jan")
        page.fill("input[name=name_b]", "Ewa")
        page.select_option("select[name=lag_winner]", winner)
        snap(page, f"scorekeeper-lag-{winner}")
        page.click("#new-game button[type=submit]")
        page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")
        wait_asked(page, "choose-breaker", winner)
        assert page.inner_text("#reason") == f"{name} won the lag and chooses who breaks."
    assert page.errors == []
