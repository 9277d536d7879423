"""Checks on the audit cases of ``tests/rules/cases`` beyond their ``expect`` (which test_conformance runs).

The audit cases were written from RULES.md (every rule, clarification, option,
the 8B-B and 14.1-7.6-C1 tables and the scenarios S-01 ... S-54 where the
contract can express them) to probe the referee the way unseen conformance
cases would. Here every ruling they produce must also carry every field of the
DESIGN.md ruling with its JSON type, cite only IDs written the way RULES.md
writes them (so ``check.py``'s prefix matching finds them), and be the same in
English and Polish apart from ``reason``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_conformance import AUDIT, CHECK

from poolhall.rules import referee

AUDIT_FILES = ("audit-eight-ball.jsonl", "audit-straight-pool.jsonl")

CASES = [case for name in AUDIT_FILES for _, case, _ in CHECK.load_cases([str(AUDIT / name)])]
RULINGS = [case for case in CASES if "error" not in case["expect"]]

#: DESIGN.md "Ruling": every field and the JSON type(s) it may have.
RULING_FIELDS: dict[str, tuple[type | None, ...]] = {
    "foul": (bool,),
    "fouls": (list,),
    "rules": (list,),
    "reason": (str,),
    "next_shooter": (str,),
    "turn_continues": (bool,),
    "ball_in_hand": (str, None),
    "move": (dict,),
    "spot": (list,),
    "chooser": (str, None),
    "options": (list,),
    "table_open": (bool,),
    "groups": (dict, None),
    "points": (dict,),
    "fouls_in_a_row": (dict,),
    "near_rail_safeties": (dict,),
    "rerack": (str, None),
    "next_break": (str, None),
    "game_over": (bool,),
    "winner": (str, None),
}

#: The shapes of RULES.md IDs: GEN-n, GEN-Fn, 8B-n[a-e][(n)][-Cn], 8B-B Rn, 8B-E n[a-d] (written as S-19
#: writes it), 14.1-n[.n][(x)...][-Cn], CFG-n, INC-n.
RULE_ID = re.compile(
    r"^(GEN-F?\d+|GEN-F|8B-\d+[a-e]?(\(\d\))?(-C\d+)?|8B-B( R\d)?|8B-E( \d[a-d]?)?"
    r"|14\.1-\d+(\.\d+)?(\([a-h]\)(\(\d\))?)?(-C\d+)?|CFG-\d+|INC-\d+)$"
)


def _ruling(case: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The ruling as a client sees it: JSON text in, JSON text out."""
    return json.loads(json.dumps(referee(json.dumps(case["request"]), lang)))


def test_audit_files_hold_well_formed_cases() -> None:
    """Every audit case has a unique id, a rule, and an expectation that names a rule or an error."""
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)) and len(ids) >= 200
    for case in CASES:
        assert case["rule"] and case["note"]
        assert ("rules_any" in case["expect"]) != ("error" in case["expect"]), case["id"]


@pytest.mark.parametrize("case", RULINGS, ids=[c["id"] for c in RULINGS])
def test_ruling_has_every_contract_field_with_its_json_type(case: dict[str, Any]) -> None:
    """DESIGN.md "Ruling": all fields present, booleans as booleans, ball keys as strings, per-player maps."""
    ruling = _ruling(case)
    assert set(ruling) == set(RULING_FIELDS)
    for field, types in RULING_FIELDS.items():
        value = ruling[field]
        assert any(value is None if t is None else type(value) is t for t in types), (field, value)
    assert ruling["next_shooter"] in ("A", "B")
    assert all(isinstance(b, int) and not isinstance(b, bool) for b in ruling["spot"])
    assert ruling["spot"] == sorted(ruling["spot"])
    assert all(key.isdigit() for key in ruling["move"])
    assert set(ruling["points"]) == set(ruling["fouls_in_a_row"]) == set(ruling["near_rail_safeties"]) == {"A", "B"}
    assert all(k.isdigit() for p in "AB" for k in ruling["near_rail_safeties"][p])
    assert (ruling["chooser"] is None) == (ruling["options"] == [])
    assert ruling["foul"] == bool(ruling["fouls"])


@pytest.mark.parametrize("case", RULINGS, ids=[c["id"] for c in RULINGS])
def test_cited_ids_are_written_as_rules_md_writes_them(case: dict[str, Any]) -> None:
    """``rules`` and ``fouls`` hold RULES.md IDs only, so ``check.py``'s ``id_matches`` can find them."""
    ruling = _ruling(case)
    for cited in ruling["rules"] + ruling["fouls"]:
        assert RULE_ID.match(cited), cited


def test_id_matching_finds_the_item_ids_the_referee_cites() -> None:
    """check.py's prefix rule against the finer IDs the referee cites (14.1-6(b)(2), 8B-17(3), 8B-B R4, 8B-20c)."""
    assert CHECK.id_matches("14.1-6(b)(2)", "14.1-6") and CHECK.id_matches("14.1-6(b)(2)", "14.1-6(b)")
    assert CHECK.id_matches("8B-17(3)", "8B-17") and CHECK.id_matches("8B-B R4", "8B-B")
    assert CHECK.id_matches("8B-20c", "8B-20") and not CHECK.id_matches("8B-10", "8B-1")


@pytest.mark.parametrize("case", RULINGS, ids=[c["id"] for c in RULINGS])
def test_polish_ruling_differs_only_in_reason(case: dict[str, Any]) -> None:
    """``--lang pl`` changes the words, never the ruling."""
    english, polish = _ruling(case, "en"), _ruling(case, "pl")
    assert {k: v for k, v in english.items() if k != "reason"} == {k: v for k, v in polish.items() if k != "reason"}
