"""Records: the JSON round trip, replay as a fold over the actions, and rejected records with their reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from poolhall import cli
from poolhall.game import Choose, EnterShot, Match
from poolhall.game.record import RecordError, first_difference, from_dict, load, replay, save, to_dict
from poolhall.rules import text
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


def _as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """The same record as poolhall wrote it before version 2: no ``start``, no ``reason_phrases``."""
    old = copy.deepcopy(data)
    old["version"] = 1
    del old["start"]
    for entry in old["shots"]:
        del entry["reason_phrases"]
    return old


def test_reasons_are_stored_as_phrases_and_render_in_polish() -> None:
    """Version 2 keeps each ruling's reason as phrase keys and parameters, so any language can be printed."""
    match = _scored_match()
    record = from_dict(to_dict(match))
    first = record.shots[0]["reason_phrases"]
    assert first[0]["key"].startswith("sp.") and isinstance(first[0]["params"], dict)
    for shot in match.shots:
        assert record.reason(shot.number, "pl") == text.render(shot.ruling.reason, "pl")
        assert record.reason(shot.number, "en") == record.shots[shot.number - 1]["ruling"]["reason"]


def test_version_1_records_are_migrated_with_their_phrases() -> None:
    """A version-1 record still loads and replays; its phrases come from ruling each stored shot again."""
    match = _scored_match()
    record = from_dict(_as_version_1(to_dict(match)))
    assert record.data["version"] == 2 and record.data["start"] is None
    assert record.reason(2, "pl") == text.render(match.shots[1].ruling.reason, "pl")
    assert replay(record).state == match.state and first_difference(record) is None


def test_a_version_1_reason_the_referee_no_longer_gives_stays_english() -> None:
    """When ruling the stored facts again gives other words, the phrases are unknown, not guessed."""
    old = _as_version_1(to_dict(_scored_match()))
    old["shots"][0]["ruling"]["reason"] = "Words an older referee wrote."
    record = from_dict(old)
    assert record.data["shots"][0]["reason_phrases"] is None
    assert record.reason(1, "pl") == "Words an older referee wrote."


@pytest.mark.parametrize(
    ("phrases", "reason"),
    [
        ([{"key": "no.such.phrase", "params": {}}], "unknown reason phrase"),
        ([{"key": "sp.safety", "params": {}}], "lacks a parameter"),
        ("Safety.", "expected a list"),
    ],
)
def test_bad_reason_phrases_are_rejected(phrases: Any, reason: str) -> None:
    data = to_dict(_scored_match())
    data["shots"][0]["reason_phrases"] = phrases
    with pytest.raises(RecordError, match=f"shots\\[0\\].reason_phrases.*{reason}"):
        from_dict(data)


def test_replay_command_prints_the_reasons_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``poolhall replay RECORD --lang pl``, for a version-2 record and a migrated version-1 record."""
    match = _scored_match()
    expected = text.render(match.shots[2].ruling.reason, "pl")
    for name, data in (("v2.json", to_dict(match)), ("v1.json", _as_version_1(to_dict(match)))):
        path = tmp_path / name
        path.write_text(json.dumps(data))
        assert cli.main(["replay", str(path), "--lang", "pl"]) == 0
        assert expected in capsys.readouterr().out
