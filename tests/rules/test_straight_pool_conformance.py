"""The public 14.1 conformance cases (RULES.md S-34 ... S-54) in English and in Polish.

``test_conformance.py`` runs every game's cases through the library and the
command in English; this adds the straight-pool cases with Polish reasons
(``--lang pl`` must not change a ruling, only its words) and checks that
every reason is said in both languages. The comparison is ``check.py``'s own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_conformance import CHECK, CONFORMANCE

from poolhall.rules import referee

CASES = [case for _, case, _ in CHECK.load_cases([str(CONFORMANCE / "straight-pool.jsonl")])]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_in_both_languages(case: dict[str, Any]) -> None:
    """S-34 ... S-54: the ruling meets ``expect`` in both languages; only ``reason`` differs."""
    line = json.dumps(case["request"])
    english, polish = referee(line, lang="en"), referee(line, lang="pl")
    assert CHECK.compare(case["expect"], english) == []
    assert CHECK.compare(case["expect"], polish) == []
    assert english["reason"] and polish["reason"] and english["reason"] != polish["reason"]
    assert {k: v for k, v in english.items() if k != "reason"} == {k: v for k, v in polish.items() if k != "reason"}
