"""The server: REST, seats and turns, refused messages that change nothing, and recovery after a restart.

These matches are scorekeeper matches (facts entered by a person), so they
exercise the rooms, the store and the protocol without running the simulator.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from poolhall.web.app import create_app

from .helpers import create, join, send

LEGAL_BREAK = {
    "first_contact": [1],
    "rail_contacts": [{"ball": 0, "rail": "foot"}, {"ball": 2, "rail": "foot"}, {"ball": 3, "rail": "left"}],
}


def pot(ball: int) -> dict[str, Any]:
    return {
        "call": {"ball": ball, "pocket": "foot-left"},
        "first_contact": [ball],
        "pocketed": [{"ball": ball, "pocket": "foot-left", "direct": True}],
    }


def straight_pool(client: TestClient, points: int = 3) -> dict[str, Any]:
    return create(client, game="straight-pool", mode="scorekeeper", points_to_win=points, seed=1)


def test_create_list_fetch_and_openapi(client: TestClient) -> None:
    made = straight_pool(client)
    assert set(made["tokens"]) == {"A", "B"} and made["tokens"]["A"] != made["tokens"]["B"]
    listed = client.get("/api/matches").json()["matches"]
    assert [m["id"] for m in listed] == [made["id"]]
    fetched = client.get(f"/api/matches/{made['id']}").json()
    assert fetched["version"] == 0 and fetched["match"]["asked"]["kind"] == "choose-breaker"
    spec = client.get("/openapi.json").json()
    assert {"/api/matches", "/api/matches/{match_id}", "/api/matches/{match_id}/record"} <= set(spec["paths"])


def test_bad_requests_get_clear_errors(client: TestClient) -> None:
    assert client.post("/api/matches", json={"game": "snooker"}).status_code == 422
    assert client.post("/api/matches", json={"race_to": 0}).status_code == 422
    r = client.post("/api/matches", json={"mode": "scorekeeper", "seats": {"B": {"kind": "computer"}}})
    assert r.status_code == 409 and "people" in r.json()["detail"]
    r = client.post("/api/matches", json={"seats": {"B": {"kind": "computer", "level": "godlike"}}})
    assert r.status_code == 409 and "godlike" in r.json()["detail"]
    assert client.get("/api/matches/nosuchmatch123").status_code == 404
    assert client.get("/api/matches/bad!id").status_code == 422


def test_house_rules_that_do_not_fit_are_refused_and_nothing_is_stored(client: TestClient) -> None:
    """14.1-7.1: 14.1 is a called game, so calls "none" is refused; calls contradicting explicit_calls (CFG-6) too."""
    r = client.post("/api/matches", json={"game": "straight-pool", "options": {"calls": "none"}})
    assert r.status_code == 409 and "called game" in r.json()["detail"]
    r = client.post("/api/matches", json={"options": {"calls": "none", "explicit_calls": True}})
    assert r.status_code == 409 and "explicit_calls" in r.json()["detail"]
    assert client.post("/api/matches", json={"options": {"calls": "sometimes"}}).status_code == 422
    assert client.get("/api/matches").json()["matches"] == []


def test_an_eight_ball_match_without_calls_asks_for_none(client: TestClient) -> None:
    """CFG-6 extended (docs/rules.md "Options"): the seats are never offered a ball to call."""
    made = create(client, mode="scorekeeper", seed=1, lag_winner="A", options={"calls": "none"})
    fetched = client.get(f"/api/matches/{made['id']}").json()["match"]
    assert fetched["options"]["calls"] == "none"
    with client.websocket_connect(f"/ws/matches/{made['id']}") as a:
        join(a, made["tokens"]["A"])
        send(a, {"type": "choose", "option": "break"})
        rails = [{"ball": b, "rail": "foot"} for b in (2, 3, 4, 5)]  # 8B-6: four balls to a rail
        asked = send(a, {"type": "facts", "shot": {"first_contact": [1], "rail_contacts": rails}})["match"]["asked"]
    assert asked["kind"] == "enter-shot" and asked["callable_balls"] == [] and not asked["may_request_call"]


def test_names_are_plain_text(client: TestClient) -> None:
    made = create(client, seats={"A": {"name": "<b>Ann</b>\x00\n"}})
    assert made["seats"]["A"]["name"] == "<b>Ann</b>"


def test_a_seat_acts_only_with_its_token_and_on_its_turn(client: TestClient) -> None:
    made = straight_pool(client)
    tokens = made["tokens"]
    with (
        client.websocket_connect(f"/ws/matches/{made['id']}") as a,
        client.websocket_connect(f"/ws/matches/{made['id']}") as b,
        client.websocket_connect(f"/ws/matches/{made['id']}") as watcher,
    ):
        asked = join(a, tokens["A"])["match"]["asked"]
        join(b, tokens["B"])
        join(watcher)
        assert asked["player"] == "B"  # seed 1: B won the lag
        # A is not asked: refused, nothing changes.
        out = send(a, {"type": "choose", "option": "break"})
        assert out["type"] == "error" and out["code"] == "not-your-turn" and out["version"] == 0
        # A spectator cannot act at all.
        out = send(watcher, {"type": "choose", "option": "break"})
        assert out["code"] == "spectator"
        # B is asked: accepted, and everyone sees event 1.
        event = send(b, {"type": "choose", "option": "break"})
        assert event["type"] == "event" and event["version"] == 1 and event["action"]["seat"] == "B"
        for ws in (a, watcher):
            assert ws.receive_json()["version"] == 1
        assert client.get(f"/api/matches/{made['id']}").json()["version"] == 1


def test_a_wrong_token_makes_a_spectator(client: TestClient) -> None:
    made = straight_pool(client)
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "tokens": ["x" * 32]}))
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "wrong-token"
        assert ws.receive_json() == {"type": "welcome", "version": 0, "match_id": made["id"], "seats": []}
        ws.receive_json()  # snapshot
        assert send(ws, {"type": "choose", "option": "break"})["code"] == "spectator"
    assert client.get(f"/api/matches/{made['id']}").json()["version"] == 0


def test_malformed_oversized_and_illegal_messages_change_nothing(client: TestClient) -> None:
    made = straight_pool(client)
    with (
        client.websocket_connect(f"/ws/matches/{made['id']}") as ws,
        client.websocket_connect(f"/ws/matches/{made['id']}") as other,
    ):
        assert send(ws, {"type": "choose", "option": "break"})["code"] == "not-joined"
        before = join(ws, made["tokens"]["A"], made["tokens"]["B"])
        join(other)
        ws.send_text("{not json")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 10_000}))
        assert ws.receive_json()["code"] == "too-large"
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "binary"
        assert send(ws, {"type": "place", "x": 99, "y": 0.5})["code"] == "invalid"
        assert send(ws, {"type": "choose", "option": "accept-table"})["code"] == "illegal"
        assert send(ws, {"type": "hello"})["code"] == "already-joined"
        # Nothing changed, and both connections still work.
        assert send(ws, {"type": "sync"})["match"] == before["match"]
        assert send(other, {"type": "ping"}) == {"type": "pong", "version": 0}
    assert client.get(f"/api/matches/{made['id']}").json()["version"] == 0


def test_an_unknown_match_socket_is_told_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/matches/nosuchmatch123") as ws:
        assert ws.receive_json()["code"] == "no-match"


def play_to_the_end(client: TestClient, match_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """B breaks legally; A runs 5, 6, 7 (3 points wins)."""
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        join(ws, tokens["A"], tokens["B"])
        send(ws, {"type": "choose", "option": "break"})
        event = send(ws, {"type": "facts", "shot": LEGAL_BREAK})
        assert event["match"]["asked"]["player"] == "A", event
        for ball in (5, 6, 7):
            event = send(ws, {"type": "facts", "shot": pot(ball)})
            assert event["type"] == "event", event
        return event


def test_a_scorekept_straight_pool_game_with_its_sheet(client: TestClient) -> None:
    made = straight_pool(client)
    last = play_to_the_end(client, made["id"], made["tokens"])
    match = last["match"]
    assert match["over"] and match["winner"] == "A" and match["score"]["A"] == 3
    assert [row["player"] for row in match["sheet"]] == ["B", "A"]
    assert match["sheet"][-1]["balls"] == 3 and match["sheet"][-1]["score"] == {"A": 3, "B": 0}
    assert "3" in last["action"]["ruling"]["reason"]["en"] and last["action"]["ruling"]["reason"]["pl"]
    record = client.get(f"/api/matches/{made['id']}/record")
    assert record.headers["content-disposition"].startswith("attachment")
    data = record.json()
    assert data["format"] == "poolhall-record" and len(data["actions"]) == 5 and data["result"]["winner"] == "A"
    assert client.get("/api/matches").json()["matches"][0]["finished"]


def test_a_restarted_server_resumes_the_match_exactly(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread")) as first:
        made = straight_pool(first, points=5)
        with first.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            join(ws, *made["tokens"].values())
            send(ws, {"type": "choose", "option": "break"})
            send(ws, {"type": "facts", "shot": LEGAL_BREAK})
            send(ws, {"type": "facts", "shot": pot(5)})
        before = first.get(f"/api/matches/{made['id']}").json()
    with TestClient(create_app(db, thinkers="thread")) as second:
        after = second.get(f"/api/matches/{made['id']}").json()
        assert after == before and after["version"] == 3
        with second.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            join(ws, made["tokens"]["A"])
            event = send(ws, {"type": "facts", "shot": pot(6)})
            assert event["version"] == 4 and event["match"]["score"]["A"] == 2
