"""Scorekeeper mode over the WebSocket: a 14.1 game through a re-rack (14.1-7.3, 14.1-7.6), amending the last
shot (GEN-14), asking for a call (GEN-8), and the kitchen and moved-ball facts."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from .helpers import create, join, send

BREAK = {
    "first_contact": [1],
    "rail_contacts": [{"ball": 0, "rail": "foot"}, {"ball": 2, "rail": "foot"}, {"ball": 3, "rail": "left"}],
}


def pot(ball: int, **more: Any) -> dict[str, Any]:
    return {"call": {"ball": ball, "pocket": "foot-left"}, "first_contact": [ball],
            "pocketed": [{"ball": ball, "pocket": "foot-left", "direct": True}], **more}  # fmt: skip


def act(ws: WebSocketTestSession, message: dict[str, Any]) -> dict[str, Any]:
    out = send(ws, message)
    assert out["type"] == "event", out
    return out["match"]  # type: ignore[no-any-return]


def started(client: TestClient, points: int = 60) -> tuple[WebSocketTestSession, dict[str, Any], Any]:
    made = create(client, game="straight-pool", mode="scorekeeper", points_to_win=points, seed=1, lag_winner="A")
    cm = client.websocket_connect(f"/ws/matches/{made['id']}")
    ws = cm.__enter__()
    join(ws, made["tokens"]["A"], made["tokens"]["B"])
    m = act(ws, {"type": "choose", "option": "break"})
    assert m["asked"] == {**m["asked"], "kind": "enter-shot", "player": "A", "break_shot": True}
    m = act(ws, {"type": "facts", "shot": BREAK})  # a legal opening break, nothing pocketed: B to play
    return ws, m, cm


def test_a_straight_pool_game_through_a_fourteen_ball_rerack_rules_14_1_7_3_and_14_1_7_6(client: TestClient) -> None:
    ws, m, cm = started(client)
    try:
        for ball in range(1, 14):
            m = act(ws, {"type": "facts", "shot": pot(ball)})
        assert m["on_table"] == [14, 15] and m["score"]["B"] == 13
        # The 14th ball: one ball is left, so a re-rack follows; the 15th lies in the rack area, the cue ball
        # elsewhere: the 15th goes to the head spot and the cue ball stays (14.1-7.6-C1).
        m = act(ws, {"type": "facts", "shot": pot(14, after={"last_ball": "in-rack", "cue_ball": "elsewhere"})})
        assert m["score"]["B"] == 14 and m["on_table"] == list(range(1, 16))
        assert m["asked"]["player"] == "B" and m["asked"]["kind"] == "enter-shot" and not m["asked"]["break_shot"]
        assert m["last_ruling"]["rerack"] == "fourteen" and m["last_ruling"]["move"] == {"15": "head-spot"}
        rows = m["sheet"]
        assert rows[-1]["player"] == "B" and rows[-1]["score"]["B"] == 14
    finally:
        cm.__exit__(None, None, None)


def test_the_last_shot_is_amended_until_the_next_one_rule_gen_14(client: TestClient) -> None:
    ws, m, cm = started(client)
    try:
        assert m["amend"]["number"] == 1 and m["amend"]["break_shot"] and m["amend"]["on_table"] == list(range(1, 16))
        m = act(ws, {"type": "facts", "shot": pot(5)})
        assert m["score"]["B"] == 1 and m["amend"]["number"] == 2
        # The scorekeeper typed the wrong ball: it was a miss. Shot 2 is re-ruled, B's point goes.
        miss = {"call": {"ball": 5, "pocket": "foot-left"}, "first_contact": [5],
                "rail_contacts": [{"ball": 5, "rail": "foot"}]}  # fmt: skip
        m = act(ws, {"type": "amend", "number": 2, "shot": miss})
        assert m["score"]["B"] == 0 and m["shots"] == 2 and m["asked"]["player"] == "A"
        m = act(ws, {"type": "facts", "shot": pot(6)})
        out = send(ws, {"type": "amend", "number": 2, "shot": pot(5)})
        assert out["type"] == "error" and out["code"] == "illegal" and "final" in out["message"]
    finally:
        cm.__exit__(None, None, None)


def test_the_opponent_asks_for_a_call_rule_gen_8(client: TestClient) -> None:
    ws, m, cm = started(client)
    try:
        assert m["asked"]["player"] == "B" and m["asked"]["may_request_call"]
        m = act(ws, {"type": "request-call"})  # the page holds both seats: A, not shooting, asks
        assert m["asked"]["call_requested"] and not m["asked"]["may_request_call"]
        out = send(ws, {"type": "request-call"})
        assert out["type"] == "error" and out["code"] == "illegal"
    finally:
        cm.__exit__(None, None, None)


def test_kitchen_and_moved_ball_facts_are_ruled_rules_gen_9_and_gen_13(client: TestClient) -> None:
    ws, m, cm = started(client)
    try:
        # B scratches: A then has the cue ball in hand behind the head string (14.1-10).
        scratch = {"first_contact": [5], "rail_contacts": [{"ball": 5, "rail": "foot"}],
                   "pocketed": [{"ball": 0, "pocket": "head-left"}]}  # fmt: skip
        m = act(ws, {"type": "facts", "shot": scratch})
        assert m["asked"]["player"] == "A" and m["asked"]["area"] == "kitchen"
        # A plays a ball that lies behind the head string without crossing it first: a foul (GEN-9).
        m = act(ws, {"type": "facts", "shot": {**pot(7), "kitchen": {"first_ball_behind": True,
                                                                       "cue_crossed_first": False}}})  # fmt: skip
        assert m["last_ruling"]["foul"] and m["score"]["A"] < 0
        # B moves an object ball with his hand: not a foul with cue-ball-only touching; A chooses whether
        # the ball is put back (GEN-13).
        m = act(ws, {"type": "facts", "shot": {**pot(8), "reported": ["object-ball-moved"], "moved": [3]}})
        assert not m["last_ruling"]["foul"]
        assert m["asked"]["kind"] == "choose" and "restore-balls" in m["asked"]["options"]
        out = send(ws, {"type": "facts", "shot": {**pot(9), "moved": [99]}})
        assert out["type"] == "error" and out["code"] == "invalid"
    finally:
        cm.__exit__(None, None, None)
