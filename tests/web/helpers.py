"""Helpers for the server tests: create a match, join its WebSocket, send and read one message."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def join(ws: WebSocketTestSession, *tokens: str) -> dict[str, Any]:
    """Say hello; returns the snapshot after checking the welcome."""
    ws.send_text(json.dumps({"type": "hello", "tokens": list(tokens)}))
    welcome = ws.receive_json()
    if welcome["type"] == "error":
        welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    snapshot = ws.receive_json()
    assert snapshot["type"] == "snapshot"
    return snapshot  # type: ignore[no-any-return]


def send(ws: WebSocketTestSession, message: dict[str, Any]) -> dict[str, Any]:
    """Send one message and return the next message the server sends this socket."""
    ws.send_text(json.dumps(message))
    return ws.receive_json()  # type: ignore[no-any-return]
