"""Records: the JSON round trip, replay as a fold over the actions, and rejected records with their reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from poolhall.game import Choose, EnterShot, Match
from poolhall.game.record import RecordError, first_difference, from_dict, load, replay, save, to_dict
from poolhall.rules.model import Call, Options

from .scripts import facts


def _scored_match() -> Match:
    match = Match("straight-pool", Options(points_to_win=25), scorekeeper=True, lag_winner="B", seed=3)
    match.apply("B", Choose("opponent-breaks"))
    match.apply("A", EnterShot(facts(first=[1], rails=[(0, "foot"), (7, "left")])))  # breaking foul
    match.apply("B", Choose("accept-table"))
    match.apply("B", EnterShot(facts(first=[3], pocketed=[(3, "foot-right")], call=Call(3, "foot-right"))))
    match.apply("B", EnterShot(facts(first=[4], rails=[(4, "left")], call="safety")))
    return match


def test_record_round_trip_and_replay_reproduce_the_match(tmp_path: Path) -> None:
    match = _scored_match()
    path = tmp_path / "m.json"
    save(match, path, {"A": "Ann", "B": "Bob"})
    record = load(path)
    data = json.loads(path.read_text())
    assert data["format"] == "poolhall-record" and data["version"] == 2
    assert len(record.actions) == 5 and len(record.shots) == 3
    again = replay(record)
    assert again.state == match.state
    assert to_dict(again, {"A": "Ann", "B": "Bob"}) == data
    assert first_difference(record) is None


def test_replay_stops_after_n_actions() -> None:
    record = from_dict(to_dict(_scored_match()))
    part = replay(record, upto=3)
    assert part.state.shots == 1 and part.state.shooter == "B" and part.state.score == {"A": -2, "B": 0}


def _broken(change: str) -> dict[str, Any]:
    data = to_dict(_scored_match())
    bad = copy.deepcopy(data)
    if change == "version":
        bad["version"] = 99
    elif change == "seat":
        bad["actions"][0]["seat"] = "C"
    elif change == "action":
        bad["actions"][1]["action"] = {"type": "teleport"}
    elif change == "facts":
        bad["shots"][1]["facts"]["pocketed"] = [{"ball": 3, "pocket": "nowhere", "direct": False}]
    elif change == "refused":
        bad["actions"][1]["seat"] = "B"
    return bad


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("version", "version"),
        ("seat", "actions\\[0\\].seat"),
        ("action", "unknown type"),
        ("facts", "shots\\[1\\].*pocket"),
    ],
)
def test_bad_records_are_rejected_with_the_reason(change: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        from_dict(_broken(change))


def test_a_record_the_match_refuses_names_the_action() -> None:
    record = from_dict(_broken("refused"))
    with pytest.raises(RecordError, match=r"actions\[1\].*A's turn"):
        replay(record)


def test_unreadable_files_are_rejected(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        load(path)
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")
