"""Builders of eight-ball contract requests for the tests (plain JSON dicts, as a scorekeeper sends them)."""

from __future__ import annotations

from typing import Any

from poolhall.rules import referee

FULL_RACK = list(range(1, 16))
IN_KITCHEN = {"ball_in_hand": "kitchen"}


def pocketed(ball: int, pocket: str = "foot-left", direct: bool = False) -> dict[str, Any]:
    return {"ball": ball, "pocket": pocket, "direct": direct}


def rails(*balls: int, rail: str = "foot") -> list[dict[str, Any]]:
    return [{"ball": b, "rail": rail} for b in balls]


def call(ball: int, pocket: str = "foot-left") -> dict[str, Any]:
    return {"ball": ball, "pocket": pocket}


def kitchen_shot(ball: int, *, behind: bool, crossed: bool, rail: str = "foot") -> dict[str, Any]:
    """Shot fields for a cue ball in hand in the kitchen: ``ball`` called in head-left, hit first, sent to ``rail``.

    ``behind``/``crossed`` are the kitchen facts (GEN-9); pair it with ``situation=IN_KITCHEN``.
    """
    return {
        "call": call(ball, "head-left"),
        "first_contact": [ball],
        "kitchen": {"first_ball_behind": behind, "cue_crossed_first": crossed},
        "rail_contacts": rails(ball, rail=rail),
    }


def break_request(options: dict[str, Any] | None = None, **shot: Any) -> dict[str, Any]:
    """A breaks a full rack from the kitchen; ``shot`` fields override a plain hit on the 1."""
    return {
        "game": "eight-ball",
        "options": options or {},
        "situation": {"shooter": "A", "break": True, "on_table": FULL_RACK, "ball_in_hand": "kitchen"},
        "shot": {"first_contact": [1], **shot},
    }


def open_request(
    on_table: list[int], options: dict[str, Any] | None = None, situation: dict[str, Any] | None = None, **shot: Any
) -> dict[str, Any]:
    """A shoots on an open table; ``situation`` fields are added to (or override) the situation."""
    return {
        "game": "eight-ball",
        "options": options or {},
        "situation": {"shooter": "A", "on_table": on_table, **(situation or {})},
        "shot": shot,
    }


def closed_request(
    on_table: list[int], options: dict[str, Any] | None = None, situation: dict[str, Any] | None = None, **shot: Any
) -> dict[str, Any]:
    """A shoots on a closed table, A solids and B stripes."""
    return open_request(on_table, options, {"groups": {"A": "solids", "B": "stripes"}, **(situation or {})}, **shot)


def rule(request: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The ruling; fails the test if the referee answered with an error."""
    ruling = referee(request, lang)
    assert "error" not in ruling, ruling
    return ruling


def error(request: dict[str, Any] | str) -> dict[str, str]:
    """The error object; fails the test if the referee ruled."""
    answer = referee(request)
    assert set(answer) == {"error"}, answer
    assert set(answer["error"]) == {"field", "message"}
    return answer["error"]


def cites(ruling: dict[str, Any], rule_id: str) -> bool:
    return rule_id in ruling["rules"] or rule_id in ruling["fouls"]
