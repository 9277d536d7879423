"""The referee JSON contract (DESIGN.md): defaults, the ruling's shape, and every kind of bad input (GEN-15)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from eb_requests import call, closed_request, error, pocketed, rule
from hypothesis import given, settings
from hypothesis import strategies as st

from poolhall.rules import GAMES, find_game, referee
from poolhall.rules.model import RefereeError

RULING_FIELDS = [
    "foul",
    "fouls",
    "rules",
    "reason",
    "next_shooter",
    "turn_continues",
    "ball_in_hand",
    "move",
    "spot",
    "chooser",
    "options",
    "table_open",
    "groups",
    "points",
    "fouls_in_a_row",
    "near_rail_safeties",
    "rerack",
    "next_break",
    "game_over",
    "winner",
]


def valid() -> dict[str, Any]:
    return closed_request([1, 2, 5, 8, 9, 12], call=call(2), first_contact=[2], pocketed=[pocketed(2)])


def test_ruling_has_exactly_the_contract_fields() -> None:
    ruling = rule(valid())
    assert list(ruling) == RULING_FIELDS
    assert ruling["points"] == {"A": 0, "B": 0} and ruling["near_rail_safeties"] == {"A": {}, "B": {}}
    json.dumps(ruling)  # serialisable as is


def test_minimal_request_takes_the_defaults() -> None:
    """Only shooter and on_table are required; the shot defaults to no contact (GEN-F3)."""
    ruling = rule({"game": "eight-ball", "situation": {"shooter": "B", "on_table": [3, 8]}})
    assert ruling["fouls"] == ["GEN-F3"] and ruling["next_shooter"] == "A" and ruling["table_open"] is True


def test_string_and_dict_requests_agree() -> None:
    assert referee(json.dumps(valid())) == referee(valid())


def test_other_games_fields_are_accepted_and_ignored() -> None:
    request = valid()
    request["situation"] |= {"score": {"A": 40, "B": 3}, "fouls_in_a_row": {"A": 2}, "near_rail": {"5": "left"}}
    request["shot"]["after"] = {"last_ball": "elsewhere", "cue_ball": "elsewhere"}
    request["options"] = {"points_to_win": 100, "three_foul_procedure": "choice"}
    assert rule(request) == rule(valid())


def test_cue_ball_may_be_listed_on_the_table() -> None:
    """Documented choice: 0 in on_table is accepted and ignored (the cue ball is always on the table)."""
    request = valid()
    request["situation"]["on_table"].append(0)
    assert rule(request) == rule(valid())


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("bogus",), 1, "bogus"),
        (("options", "bogus"), 1, "options.bogus"),
        (("situation", "bogus"), 1, "situation.bogus"),
        (("shot", "bogus"), 1, "shot.bogus"),
        (("shot", "call", "bogus"), 1, "shot.call.bogus"),
        (("shot", "pocketed", 0, "bogus"), 1, "shot.pocketed[0].bogus"),
    ],
)
def test_unknown_fields_are_errors(path: tuple[Any, ...], value: Any, field: str) -> None:
    request = valid()
    target = request
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert error(request)["field"] == field


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda r: r.update(game="snooker"), "game"),
        (lambda r: r.update(game=8), "game"),
        (lambda r: r.pop("game"), "game"),
        (lambda r: r.pop("situation"), "situation"),
        (lambda r: r["situation"].pop("shooter"), "situation.shooter"),
        (lambda r: r["situation"].pop("on_table"), "situation.on_table"),
        (lambda r: r["situation"].update(shooter="C"), "situation.shooter"),
        (lambda r: r["situation"].update(on_table=[1, 16]), "situation.on_table[1]"),
        (lambda r: r["situation"].update(on_table=[1, 1, 8]), "situation.on_table[1]"),
        (lambda r: r["situation"].update(on_table="1,2"), "situation.on_table"),
        (lambda r: r["situation"].update(on_table=[1.5, 8]), "situation.on_table[0]"),
        (lambda r: r["situation"].update(on_table=[True, 8]), "situation.on_table[0]"),
        (lambda r: r["situation"].update({"break": 1}), "situation.break"),
        (lambda r: r["situation"].update(table_open="no"), "situation.table_open"),
        (lambda r: r["situation"].update(table_open=True), "situation.table_open"),
        (lambda r: r["situation"].update(groups=None, table_open=False), "situation.groups"),
        (lambda r: r["situation"].update(groups={"A": "solids", "B": "solids"}), "situation.groups"),
        (lambda r: r["situation"].update(groups={"A": "solids"}), "situation.groups.B"),
        (lambda r: r["situation"].update(groups={"A": "spots", "B": "solids"}), "situation.groups.A"),
        (lambda r: r["situation"].update(ball_in_hand="hand"), "situation.ball_in_hand"),
        (lambda r: r["situation"].update(frozen={"3": "left"}), "situation.frozen.3"),
        (lambda r: r["situation"].update(frozen={"2": "top"}), "situation.frozen.2"),
        (lambda r: r["situation"].update(frozen={"x": "left"}), "situation.frozen.x"),
        (lambda r: r["situation"].update(frozen=[]), "situation.frozen"),
        (lambda r: r["situation"].update(fouls_in_a_row={"A": 3}), "situation.fouls_in_a_row.A"),
        (lambda r: r["situation"].update(score={"A": "1"}), "situation.score.A"),
        (lambda r: r["situation"].update(near_rail_safeties={"A": {"2": -1}}), "situation.near_rail_safeties.A.2"),
        (lambda r: r["situation"].update(on_table=[1, 2, 5, 9, 12]), "situation.on_table"),
        (lambda r: r.update(options={"touching": "strict"}), "options.touching"),
        (lambda r: r.update(options={"explicit_calls": "yes"}), "options.explicit_calls"),
        (lambda r: r.update(options={"spot_jumped_balls": 0}), "options.spot_jumped_balls"),
        (lambda r: r.update(options={"points_to_win": 0}), "options.points_to_win"),
        (lambda r: r.update(options={"race_to": True}), "options.race_to"),
        (lambda r: r.update(options=[]), "options"),
        (lambda r: r["shot"].update(call={"ball": 3, "pocket": "foot-left"}), "shot.call.ball"),
        (lambda r: r["shot"].update(call={"ball": 0, "pocket": "foot-left"}), "shot.call.ball"),
        (lambda r: r["shot"].update(call={"ball": 2, "pocket": "corner"}), "shot.call.pocket"),
        (lambda r: r["shot"].update(call={"ball": 2}), "shot.call.pocket"),
        (lambda r: r["shot"].update(call="pass"), "shot.call"),
        (lambda r: r["shot"].update(call_requested="false"), "shot.call_requested"),
        (lambda r: r["shot"].update(first_contact=[0]), "shot.first_contact[0]"),
        (lambda r: r["shot"].update(first_contact=[3]), "shot.first_contact[0]"),
        (lambda r: r["shot"].update(first_contact=[2, 2]), "shot.first_contact[1]"),
        (lambda r: r["shot"].update(rail_contacts=[{"ball": 2, "rail": "top"}]), "shot.rail_contacts[0].rail"),
        (lambda r: r["shot"].update(rail_contacts=[{"ball": 4, "rail": "head"}]), "shot.rail_contacts[0].ball"),
        (lambda r: r["shot"]["pocketed"].append(pocketed(3)), "shot.pocketed[1].ball"),
        (lambda r: r["shot"]["pocketed"].append(pocketed(2)), "shot.pocketed[1].ball"),
        (lambda r: r["shot"]["pocketed"].append({"ball": 5, "pocket": "side"}), "shot.pocketed[1].pocket"),
        (
            lambda r: r["shot"]["pocketed"].append({"ball": 5, "pocket": "side-left", "direct": 1}),
            "shot.pocketed[1].direct",
        ),
        (lambda r: r["shot"]["pocketed"].append(pocketed(5, direct=True)), "shot.pocketed[1].direct"),
        (lambda r: r["shot"].update(off_table=[2]), "shot.off_table[0]"),
        (lambda r: r["shot"].update(off_table=[17]), "shot.off_table[0]"),
        (lambda r: r["shot"].update(technique="spin"), "shot.technique"),
        (lambda r: r["shot"].update(reported=["sneeze"]), "shot.reported[0]"),
        (lambda r: r["shot"].update(moved=[5]), "shot.moved"),
        (lambda r: r["shot"].update(reported=["object-ball-moved"], moved=[3]), "shot.moved[0]"),
        (lambda r: r["shot"].update(kitchen={"first_ball_behind": "yes"}), "shot.kitchen.first_ball_behind"),
        (lambda r: r["shot"].update(after={"last_ball": "somewhere"}), "shot.after.last_ball"),
        (lambda r: r.update(shot=None), "shot"),
    ],
)
def test_bad_input_is_an_error_naming_the_field(mutate: Any, field: str) -> None:
    """DESIGN.md contract, RULES GEN-15: an error object naming the field, never a ruling or an exception."""
    request = valid()
    mutate(request)
    got = error(request)
    assert got["field"] == field, got
    assert got["message"]


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        ({"break": True, "on_table": list(range(1, 15))}, "situation.on_table"),
        ({"break": True, "on_table": list(range(1, 16)), "ball_in_hand": "anywhere"}, "situation.ball_in_hand"),
    ],
)
def test_impossible_breaks_are_errors_gen_15(situation: dict[str, Any], field: str) -> None:
    """GEN-15, 8B-3: an eight-ball break is from a full rack, from behind the head string."""
    request = {"game": "eight-ball", "situation": {"shooter": "A", **situation}, "shot": {"first_contact": [1]}}
    assert error(request)["field"] == field


def test_break_with_groups_is_an_error_gen_15() -> None:
    request = {
        "game": "eight-ball",
        "situation": {
            "shooter": "A",
            "break": True,
            "on_table": list(range(1, 16)),
            "groups": {"A": "solids", "B": "stripes"},
        },
    }
    assert error(request)["field"] == "situation.groups"


@pytest.mark.parametrize("line", ["", "{", "[1, 2]", "null", '"eight-ball"', "{'game': 1}", "NaN"])
def test_malformed_json_is_an_error(line: str) -> None:
    assert error(line)["field"] in {"request", "game"}


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    assert "error" in referee("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("name", ["eight-ball", "8-ball", "EightBall", "8ball", " Eight Ball "])
def test_find_game_aliases(name: str) -> None:
    assert find_game(name).name == "eight-ball"


@pytest.mark.parametrize("name", ["14.1", "straight", "Straight-Pool", "14.1 continuous"])
def test_find_game_straight_pool_aliases(name: str) -> None:
    assert find_game(name).name == "straight-pool"


def test_find_game_unknown_names_the_game_field() -> None:
    with pytest.raises(RefereeError) as info:
        find_game("nine-ball")
    assert info.value.field == "game"


def test_a_game_not_built_is_an_error_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry imports games lazily; a missing module gives an error object, not an ImportError."""
    from poolhall import rules

    missing = rules.Game("eight-ball", "poolhall.rules.no_such_game", ())
    monkeypatch.setattr(rules, "GAMES", (missing, *GAMES[1:]))
    got = error(valid())
    assert got["field"] == "game" and "not available" in got["message"]


# ------------------------------------------------------------------ fuzz

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)

KEYS = ["game", "options", "situation", "shot", "shooter", "on_table", "call", "ball", "pocket", "pocketed"]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _assert_ruling_or_error(answer: dict[str, Any]) -> None:
    if "error" in answer:
        assert set(answer) == {"error"} and isinstance(answer["error"]["field"], str)
    else:
        assert list(answer) == RULING_FIELDS


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(JSON)
def test_fuzz_any_json_value_gets_a_ruling_or_an_error(value: Any) -> None:
    _assert_ruling_or_error(referee(value if isinstance(value, dict) else json.dumps(value)))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.data())
def test_fuzz_mutated_valid_requests_get_a_ruling_or_an_error(data: st.DataObject) -> None:
    request = copy.deepcopy(valid())
    request["shot"]["rail_contacts"] = [{"ball": 0, "rail": "left"}]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(request)))
        replacement = data.draw(JSON | st.sampled_from(KEYS) | st.integers(0, 15))
        if not path:
            continue
        target = request
        for key in path[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            target.pop(path[-1], None)
        else:
            target[path[-1]] = replacement
    _assert_ruling_or_error(referee(request))


def test_null_optional_fields_take_their_defaults() -> None:
    """DESIGN.md contract: an optional field sent as null means the same as leaving it out."""
    nulls = valid()
    nulls["options"] = None
    for key in ("break", "table_open", "frozen", "near_rail", "fouls_in_a_row", "near_rail_safeties", "score"):
        nulls["situation"][key] = None
    for key in ("call_requested", "rail_contacts", "off_table", "technique", "reported", "moved"):
        nulls["shot"][key] = None
    plain = valid()
    plain["options"] = {"touching": None}
    assert rule(nulls) == rule(valid()) == rule(plain)
