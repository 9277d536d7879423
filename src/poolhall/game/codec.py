"""The referee's values as JSON objects, in the field names of the referee contract (DESIGN.md).

``rules.contract`` parses requests and writes rulings; a match also writes
the situation and the shot facts (records, the web page), and reads facts a
scorekeeper typed. Reading goes through the contract's own parsers, so a
record is checked exactly as a referee request would be.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from poolhall.equipment import OBJECT_BALLS
from poolhall.rules import contract, text
from poolhall.rules.model import PLAYERS, Call, Phrase, RefereeError, Shot, Situation


def shot_to_dict(shot: Shot) -> dict[str, Any]:
    """The contract's ``shot`` object; fields at their default are left out (they mean the default)."""
    out: dict[str, Any] = {
        "call": {"ball": shot.call.ball, "pocket": shot.call.pocket} if isinstance(shot.call, Call) else shot.call,
        "first_contact": list(shot.first_contact),
        "rail_contacts": [{"ball": c.ball, "rail": c.rail} for c in shot.rail_contacts],
        "pocketed": [{"ball": p.ball, "pocket": p.pocket, "direct": p.direct} for p in shot.pocketed],
        "off_table": list(shot.off_table),
        "technique": shot.technique,
        "reported": list(shot.reported),
    }
    if shot.call_requested:
        out["call_requested"] = True
    if shot.moved:
        out["moved"] = list(shot.moved)
    if shot.kitchen is not None:
        out["kitchen"] = {
            "first_ball_behind": shot.kitchen.first_ball_behind,
            "cue_crossed_first": shot.kitchen.cue_crossed_first,
        }
    if shot.after is not None:
        out["after"] = {
            "last_ball": shot.after.last_ball,
            "cue_ball": shot.after.cue_ball,
            "all_behind_head_string": shot.after.all_behind_head_string,
            "nearest_to_head_string": list(shot.after.nearest_to_head_string),
        }
    return out


def shot_from_dict(raw: Any, situation: Situation | None = None) -> Shot:
    """Facts from their JSON object, checked by the contract (against ``situation`` when given).

    Raises ``ValueError`` (the contract's ``RefereeError``) naming the field.
    """
    permissive = Situation(shooter="A", on_table=frozenset(OBJECT_BALLS))
    return contract.parse_shot(raw, situation or permissive)


def phrases_to_json(reason: Iterable[Phrase]) -> list[dict[str, Any]]:
    """A ruling's reason as data: ``[{"key": ..., "params": {...}}]`` (lists for tuples), any language later."""
    return [{"key": key, "params": {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}}
            for key, params in reason]  # fmt: skip


def phrases_from_json(raw: Any) -> tuple[Phrase, ...]:
    """The inverse of ``phrases_to_json``; ``ValueError`` naming what is wrong (an unknown key, a bad shape)."""
    if not isinstance(raw, list):
        raise ValueError(f"expected a list of phrases, got {raw!r}")
    known = text.catalogue("en")
    out: list[Phrase] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or set(item) != {"key", "params"} or not isinstance(item["params"], Mapping):
            raise ValueError(f"[{i}]: expected {{'key': ..., 'params': {{...}}}}, got {item!r}")
        if item["key"] not in known:
            raise ValueError(f"[{i}]: unknown reason phrase {item['key']!r}")
        out.append((item["key"], dict(item["params"])))
    try:  # every placeholder of the phrase must be given
        text.render(out)
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"a phrase lacks a parameter: {exc}") from None
    return tuple(out)


def situation_to_dict(situation: Situation) -> dict[str, Any]:
    """The contract's ``situation`` object."""
    return {
        "shooter": situation.shooter,
        "break": situation.break_shot,
        "table_open": situation.table_open,
        "groups": None if situation.groups is None else {p: situation.groups[p] for p in PLAYERS},
        "on_table": sorted(situation.on_table),
        "ball_in_hand": situation.ball_in_hand,
        "frozen": {str(b): r for b, r in sorted(situation.frozen.items())},
        "near_rail": {str(b): r for b, r in sorted(situation.near_rail.items())},
        "fouls_in_a_row": {p: situation.fouls_in_a_row.get(p, 0) for p in PLAYERS},
        "near_rail_safeties": {
            p: {str(b): n for b, n in sorted(situation.near_rail_safeties.get(p, {}).items())} for p in PLAYERS
        },
        "score": {p: situation.score.get(p, 0) for p in PLAYERS},
    }


def situation_from_dict(raw: Any) -> Situation:
    """The contract's parser; ``RefereeError`` (a ``ValueError``) naming the field."""
    return contract.parse_situation(raw)


__all__ = [
    "RefereeError",
    "phrases_from_json",
    "phrases_to_json",
    "shot_from_dict",
    "shot_to_dict",
    "situation_from_dict",
    "situation_to_dict",
]
