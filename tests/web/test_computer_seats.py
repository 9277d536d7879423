"""Computer seats play through their level's execution noise, as ``Match.play`` does (game/execution.py)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from poolhall.game import Match, Shoot, action_from_dict
from poolhall.game import record as game_record
from poolhall.game.execution import executed
from poolhall.web import rooms
from poolhall.web.app import create_app
from poolhall.web.players import decide, execution

from .helpers import create, join

LEVEL = "beginner"  # a computer level with execution noise (ai/levels.py)


def _first_computer_shot(db: Path, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A match where the computer (B) won the lag and breaks: its first shot's logged entry, and the record."""
    with TestClient(create_app(db, thinkers="thread")) as client:
        made = create(client, game="eight-ball", seed=seed, lag_winner="B",
                      seats={"A": {"name": "Ann"}, "B": {"kind": "computer", "level": LEVEL}})  # fmt: skip
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            match = join(ws, made["tokens"]["A"])["match"]
            while match["shots"] == 0:  # the computer may have broken before we joined
                match = ws.receive_json()["match"]
        record = client.get(f"/api/matches/{made['id']}/record").json()
    shot = next(a for a in record["actions"] if a["action"]["type"] == "shoot")
    return shot, record


@pytest.mark.slow
def test_a_computer_seat_plays_its_stroke_through_its_noise_reproducibly(tmp_path: Path) -> None:
    noise = execution(LEVEL)
    assert noise is not None
    logged, record = _first_computer_shot(tmp_path / "one.sqlite", seed=5)
    assert logged["seat"] == "B"
    # The match just before that shot, folded from the record, and what the computer decided there.
    before = record["actions"][: record["actions"].index(logged)]
    match: Match = game_record.replay(game_record.from_dict({**record, "actions": before, "shots": []}))
    decided = decide(LEVEL, match.view())
    assert isinstance(decided, Shoot)
    played = action_from_dict(logged["action"])
    assert isinstance(played, Shoot)
    assert played.stroke != decided.stroke  # the noise moved it
    # Exactly the stroke the match's execution hook makes of it, from the match seed: reproducible.
    assert played == executed(decided, noise, match.state.seed, match.state.actions)
    again, _ = _first_computer_shot(tmp_path / "two.sqlite", seed=5)
    assert again["action"] == logged["action"]
    # The record replays without noise, to the same table.
    replayed = game_record.replay(game_record.from_dict(record))
    assert json.dumps(game_record.to_dict(replayed)["shots"][0]) == json.dumps(record["shots"][0])


@pytest.mark.slow
def test_computer_seats_stop_at_the_action_cap(tmp_path: Path, monkeypatch: Any) -> None:
    """Two computers in a match that cannot end must not play for ever: at the cap (``Match.play``'s, made
    3 here) the computer seats stop and the match stays where it is, unfinished."""
    monkeypatch.setattr(rooms, "COMPUTER_ACTION_CAP", 3)
    with TestClient(create_app(tmp_path / "cap.sqlite", thinkers="thread")) as client:
        computer = {"kind": "computer", "level": "simple"}
        made = create(client, game="eight-ball", seed=2, seats={"A": computer, "B": computer})
        url = f"/api/matches/{made['id']}"
        deadline = time.monotonic() + 60  # the first shot may compile the simulator
        while client.get(url).json()["version"] < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # the computers would have played on by now
        fetched = client.get(url).json()
    assert fetched["version"] == 3
    assert not fetched["match"]["over"]
