"""Every action carries the match version it answers; one aimed at an older version is refused as ``stale``.

The double shot of issue 17: a second Shoot pressed while the first shot's
balls still rolled reached the server after the first was applied, and the
same page (hot seat) was then the one asked, so the server took a blind
shot with the old aim. With ``version`` the room sees the second one answers
a question that is gone.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import create, join, send

PLACE = {"type": "place", "x": 0.3, "y": 0.6}
AWAY = {"type": "shoot", "stroke": {"speed": 0.8, "phi": 3.14159}}  # toward the head cushion: no ball hit


def test_a_second_shot_aimed_at_the_old_version_is_stale_and_changes_nothing(client: TestClient) -> None:
    made = create(client, game="eight-ball", seed=1, lag_winner="A", seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws, made["tokens"]["A"], made["tokens"]["B"])  # hot seat: one page holds both seats
        v = send(ws, {"type": "choose", "option": "break", "version": 0})["version"]
        v = send(ws, {**PLACE, "version": v})["version"]
        first = send(ws, {**AWAY, "version": v})
        assert first["type"] == "event" and first["version"] == v + 1
        assert first["match"]["asked"]["player"] == "B"  # the same page is asked next
        second = send(ws, {**AWAY, "version": v})  # the old question's answer, sent again
        assert second["type"] == "error" and second["code"] == "stale"
        assert second["version"] == v + 1
        ahead = send(ws, {"type": "choose", "option": "accept-table", "version": v + 5})
        assert ahead["code"] == "stale"
        after = send(ws, {"type": "sync"})
    assert after["version"] == v + 1 and after["match"]["shots"] == 1
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert [a["action"]["type"] for a in record["actions"]] == ["choose", "place", "shoot"]


def test_an_action_with_the_current_version_or_none_is_taken(client: TestClient) -> None:
    """The field is optional (an additive change): a page that does not send it is not checked."""
    made = create(client, game="eight-ball", seed=1, lag_winner="A", seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws, made["tokens"]["A"])
        assert send(ws, {"type": "choose", "option": "break"})["version"] == 1
        assert send(ws, {**PLACE, "version": 1})["type"] == "event"
        bad = send(ws, {**AWAY, "version": "2"})
        assert bad["code"] == "invalid" and "version" in bad["message"]
        assert send(ws, {**AWAY, "version": -1})["code"] == "invalid"


def test_rulings_name_the_players_in_both_languages(client: TestClient) -> None:
    """Issue 17: "Foul by Bob", never "Foul by B"; the rule IDs stay in ``rules``, out of the sentence."""
    made = create(client, game="eight-ball", seed=1, lag_winner="A", seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws, made["tokens"]["A"], made["tokens"]["B"])
        send(ws, {"type": "choose", "option": "break"})
        send(ws, PLACE)
        event = send(ws, AWAY)  # an illegal break: Bob chooses
    reason = event["action"]["ruling"]["reason"]
    assert "Bob" in reason["en"] and "Bob" in reason["pl"]
    assert event["match"]["last_ruling"]["reason"] == reason
    for words in reason.values():
        assert " A " not in f" {words} " and " B " not in f" {words} " and "8B-" not in words
    assert event["action"]["ruling"]["rules"]  # the IDs, for a "rule" tooltip


def test_the_match_list_shows_score_turn_and_winner(client: TestClient) -> None:
    made = create(client, game="eight-ball", seed=1, lag_winner="A", seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws, made["tokens"]["A"])
        send(ws, {"type": "choose", "option": "break"})
        snapshot = send(ws, {"type": "sync"})
    listed = client.get("/api/matches").json()["matches"][0]
    assert listed["score"] == {"A": 0, "B": 0} and listed["turn"] == "A" and listed["winner"] is None
    assert listed["table"] == "9-foot"
    small = create(client, game="straight-pool", table="7-foot")
    newest = client.get("/api/matches").json()["matches"][0]
    assert (newest["id"], newest["table"]) == (small["id"], "7-foot")
    # The snapshot's ruling log announces the choice, with its option, for the page to word.
    assert snapshot["match"]["log"] == [{"version": 1, "seat": "A", "type": "choose", "option": "break"}]


def test_a_penalty_counts_fouls_without_a_plural_in_brackets_rule_14_1_11() -> None:
    """Issue 17: "1 foul(s)" read badly; the count now stands after a colon, in both languages."""
    from poolhall.rules import text

    words = text.render((("sp.penalty", {"player": "Ann", "points": -1, "score": -1, "record": 1}),), "en")
    assert words == "Ann: -1 (score -1); fouls in a row: 1." and "(s)" not in words
