"""The public 14.1 conformance cases (RULES.md S-34 ... S-54) through the straight-pool referee.

Each case of ``shared/conformance/straight-pool.jsonl`` is turned into the
referee's values, ruled, written back as the contract's JSON, and compared
with the case's ``expect`` by the comparison of ``shared/conformance/check.py``
itself, so this test and the external checker cannot disagree.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from poolhall.rules.model import (
    AfterFacts,
    Call,
    KitchenFacts,
    Options,
    Pocketed,
    RailContact,
    Ruling,
    Shot,
    Situation,
)
from poolhall.rules.straight_pool import rule

CONFORMANCE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"


def _load_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_check", CONFORMANCE / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cases() -> list[dict[str, Any]]:
    lines = (CONFORMANCE / "straight-pool.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _balls(mapping: dict[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in mapping.items()}


def _situation(raw: dict[str, Any]) -> Situation:
    return Situation(
        shooter=raw["shooter"],
        on_table=frozenset(raw["on_table"]),
        break_shot=raw.get("break", False),
        ball_in_hand=raw.get("ball_in_hand"),
        frozen=_balls(raw.get("frozen", {})),
        near_rail=_balls(raw.get("near_rail", {})),
        fouls_in_a_row={"A": 0, "B": 0} | raw.get("fouls_in_a_row", {}),
        near_rail_safeties={p: _balls(v) for p, v in ({"A": {}, "B": {}} | raw.get("near_rail_safeties", {})).items()},
        score={"A": 0, "B": 0} | raw.get("score", {}),
    )


def _shot(raw: dict[str, Any]) -> Shot:
    call = raw.get("call")
    after = raw.get("after")
    kitchen = raw.get("kitchen")
    return Shot(
        call=Call(**call) if isinstance(call, dict) else call,
        call_requested=raw.get("call_requested", False),
        first_contact=tuple(raw.get("first_contact", [])),
        kitchen=KitchenFacts(**kitchen) if kitchen else None,
        rail_contacts=tuple(RailContact(**c) for c in raw.get("rail_contacts", [])),
        pocketed=tuple(Pocketed(**p) for p in raw.get("pocketed", [])),
        off_table=tuple(raw.get("off_table", [])),
        technique=raw.get("technique", "normal"),
        reported=tuple(raw.get("reported", [])),
        moved=tuple(raw.get("moved", [])),
        after=AfterFacts(
            last_ball=after.get("last_ball"),
            cue_ball=after.get("cue_ball"),
            all_behind_head_string=after.get("all_behind_head_string", False),
            nearest_to_head_string=tuple(after.get("nearest_to_head_string", [])),
        )
        if after
        else None,
    )


def _as_json(ruling: Ruling) -> dict[str, Any]:
    """The contract's field names and JSON shapes (ball keys as strings, tuples as lists)."""
    return {
        "foul": ruling.foul,
        "fouls": list(ruling.fouls),
        "rules": list(ruling.rules),
        "next_shooter": ruling.next_shooter,
        "turn_continues": ruling.turn_continues,
        "ball_in_hand": ruling.ball_in_hand,
        "move": {str(b): s for b, s in ruling.move.items()},
        "spot": list(ruling.spot),
        "chooser": ruling.chooser,
        "options": list(ruling.options),
        "points": dict(ruling.points),
        "fouls_in_a_row": dict(ruling.fouls_in_a_row),
        "near_rail_safeties": {p: {str(b): u for b, u in v.items()} for p, v in ruling.near_rail_safeties.items()},
        "rerack": ruling.rerack,
        "next_break": ruling.next_break,
        "game_over": ruling.game_over,
        "winner": ruling.winner,
    }


CHECK = _load_check()
CASES = _cases()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_conformance_case(case: dict[str, Any]) -> None:
    request = case["request"]
    options = Options(**request.get("options", {}))
    ruling = rule(options, _situation(request["situation"]), _shot(request["shot"]))
    assert CHECK.compare(case["expect"], _as_json(ruling)) == []
