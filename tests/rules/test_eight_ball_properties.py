"""Properties of every eight-ball ruling over random valid situations and shot facts (hypothesis).

- a foul always hands the table (or a choice) to the opponent (8B-15, 8B-B);
- a game over has a winner (eight-ball has no draw but the stalemate, 8B-21);
- groups once set never change (8B-11); the table never reopens;
- the balls on the table never grow except by spotting (8B-18, GEN-11), and
  only balls that left the table (or the 8 on the break) are spotted;
- ``spot`` is sorted ascending (GEN-11); ``fouls`` non-empty exactly on a foul.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poolhall.equipment import POCKETS, RAILS
from poolhall.rules import referee

OBJECT = list(range(1, 16))
REPORTED = ["cue-ball-touched", "double-hit", "object-ball-moved", "intentional", "no-foot-on-floor"]


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    is_break = draw(st.booleans())
    if is_break:
        on_table = OBJECT
        situation: dict[str, Any] = {"break": True, "ball_in_hand": "kitchen"}
    else:
        others = draw(st.lists(st.sampled_from([b for b in OBJECT if b != 8]), unique=True, max_size=14))
        on_table = sorted({8, *others})
        situation = {"ball_in_hand": draw(st.sampled_from([None, "kitchen", "anywhere"]))}
        if draw(st.booleans()):
            mine = draw(st.sampled_from(["solids", "stripes"]))
            situation["groups"] = {"A": mine, "B": "stripes" if mine == "solids" else "solids"}
        if draw(st.booleans()):
            situation["frozen"] = {
                str(b): draw(st.sampled_from(RAILS)) for b in draw(st.sets(st.sampled_from(on_table), max_size=2))
            }
    shooter = draw(st.sampled_from(["A", "B"]))
    balls = [0, *on_table]
    moving = draw(st.lists(st.sampled_from(balls), unique=True, max_size=6))
    split = draw(st.integers(0, len(moving)))
    dropped, jumped = moving[:split], moving[split:]
    first = draw(st.lists(st.sampled_from(on_table), unique=True, max_size=2))
    shot: dict[str, Any] = {
        "first_contact": first,
        "rail_contacts": [
            {"ball": b, "rail": draw(st.sampled_from(RAILS))}
            for b in draw(st.lists(st.sampled_from(balls), max_size=5))
        ],
        "pocketed": [
            {"ball": b, "pocket": draw(st.sampled_from(POCKETS)), "direct": b in first and draw(st.booleans())}
            for b in dropped
        ],
        "off_table": jumped,
        "technique": draw(st.sampled_from(["normal", "jump", "curve", "masse"])),
        "reported": draw(st.lists(st.sampled_from(REPORTED), unique=True, max_size=2)),
        "call_requested": draw(st.booleans()),
    }
    if "object-ball-moved" in shot["reported"]:
        shot["moved"] = draw(st.lists(st.sampled_from(on_table), unique=True, max_size=2))
    choice = draw(st.sampled_from(["none", "safety", "ball"]))
    if choice == "safety":
        shot["call"] = "safety"
    elif choice == "ball":
        shot["call"] = {"ball": draw(st.sampled_from(on_table)), "pocket": draw(st.sampled_from(POCKETS))}
    if situation.get("ball_in_hand") == "kitchen":
        shot["kitchen"] = {"first_ball_behind": draw(st.booleans()), "cue_crossed_first": draw(st.booleans())}
    options = {
        "touching": draw(st.sampled_from(["cue-ball-only", "refereed"])),
        "eight_first_open_table": draw(st.sampled_from(["no-foul", "foul"])),
        "eight_off_table_on_break": draw(st.sampled_from(["loss", "as-pocketed"])),
        "spot_jumped_balls": draw(st.booleans()),
        "explicit_calls": draw(st.booleans()),
    }
    return {
        "game": "eight-ball",
        "options": options,
        "situation": {"shooter": shooter, "on_table": on_table, **situation},
        "shot": shot,
    }


def _ruling(request: dict[str, Any]) -> dict[str, Any]:
    ruling = referee(request)
    assert "error" not in ruling, (request, ruling)
    return ruling


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(requests())
def test_every_valid_request_gets_a_consistent_ruling(request: dict[str, Any]) -> None:
    ruling = _ruling(request)
    situation, shot = request["situation"], request["shot"]
    shooter = situation["shooter"]
    opponent = "B" if shooter == "A" else "A"

    assert ruling["foul"] == bool(ruling["fouls"])
    assert ruling["spot"] == sorted(ruling["spot"])
    assert set(ruling["spot"]) <= set(shot["off_table"]) | ({8} if situation.get("break") else set())
    assert ruling["rules"] and ruling["reason"]

    if ruling["game_over"]:
        assert ruling["winner"] in ("A", "B")
        return
    assert ruling["winner"] is None
    if ruling["foul"]:
        assert ruling["next_shooter"] == opponent
        assert ruling["ball_in_hand"] in ("anywhere", "kitchen") or ruling["chooser"] == opponent
    if ruling["turn_continues"]:
        assert ruling["next_shooter"] == shooter and not ruling["foul"]
    if ruling["chooser"] is not None:
        assert ruling["options"]
    else:
        assert ruling["options"] == []

    groups = situation.get("groups")
    if groups is not None:
        assert ruling["groups"] == groups and ruling["table_open"] is False
    elif ruling["groups"] is not None:
        # groups are set only by a legally pocketed called ball, with no foul, never on the break (8B-11)
        assert not ruling["foul"] and not situation.get("break") and ruling["next_shooter"] == shooter
        assert ruling["table_open"] is False

    # balls on the table afterwards: never more than before, except the spotted ones (GEN-11)
    gone = {p["ball"] for p in shot["pocketed"]} | set(shot["off_table"])
    after = (set(situation["on_table"]) - gone) | set(ruling["spot"])
    assert after <= set(situation["on_table"])
