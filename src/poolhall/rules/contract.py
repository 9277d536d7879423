"""The referee JSON contract (DESIGN.md "The referee contract"): request in, ruling out.

``parse_request`` turns one decoded JSON object into ``(game, Options,
Situation, Shot)`` and checks everything that does not depend on the game:
unknown fields anywhere, JSON types (a boolean must be ``true``/``false``, a
number must not be a boolean), ball numbers, pocket and rail names, option
values, and the facts that contradict the situation (GEN-15): a ball pocketed,
driven off the table, touched or nominated that was not on the table, a ball
that dropped twice or both dropped and left the table. Each game's ``rule``
adds its own checks. Every problem raises ``RefereeError(field, message)``
where ``field`` is a JSON path such as ``shot.pocketed[1].pocket``; the typed
readers that do this are in ``json_read.py``, this module is the schema.

Choices written down here (the contract leaves them open):

- ``situation.on_table`` lists the object balls; the cue ball is always on the
  table before a shot, so ``0`` may be listed or left out (it is ignored).
- Ball keys of ``frozen``, ``near_rail`` and ``near_rail_safeties`` are the
  ball numbers as JSON strings (``"7"``); they must be object balls on the table.
- ``game`` is required; ``options`` and ``shot`` may be left out (all defaults).
- ``moved`` needs ``object-ball-moved`` among ``reported``.
- An optional field given as ``null`` means the same as leaving it out (its
  default); ``groups``, ``ball_in_hand``, ``call``, ``kitchen`` and ``after``
  are null by default anyway. A null ``shot`` is an error (a shot without facts).
- ``direct`` may be true only for a ball the cue ball touched first.
- ``options.calls`` (poolhall's extension of CFG-6) and ``explicit_calls``
  may both be given only when they agree; ``calls: "none"`` is eight-ball only
  (straight pool refuses it, 14.1-7.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from poolhall.equipment import CUE, POCKETS, RAILS
from poolhall.rules import json_read as read
from poolhall.rules import text
from poolhall.rules.general import REPORTED_WORDS
from poolhall.rules.json_read import PLAYER_NAMES
from poolhall.rules.model import (
    SAFETY,
    AfterFacts,
    Call,
    KitchenFacts,
    Options,
    Pocketed,
    RailContact,
    RefereeError,
    Ruling,
    Shot,
    Situation,
)

GROUP_NAMES = ("solids", "stripes")
BALL_IN_HAND = ("kitchen", "anywhere")
TECHNIQUES = ("normal", "jump", "curve", "masse")
LAST_BALL_ZONES = ("in-rack", "head-spot", "behind-head-string", "elsewhere")
CUE_BALL_ZONES = ("in-rack", "head-spot", "elsewhere")

#: Option name -> allowed values (RULES section 5); ``int`` means a positive integer.
OPTION_VALUES: Mapping[str, tuple[Any, ...] | type] = {
    "touching": ("cue-ball-only", "refereed"),
    "eight_first_open_table": ("no-foul", "foul"),
    "eight_off_table_on_break": ("loss", "as-pocketed"),
    "spot_jumped_balls": (True, False),
    "break_order": ("alternate", "winner", "loser"),
    "explicit_calls": (False, True),
    "points_to_win": int,
    "three_foul_procedure": ("rerack", "choice"),
    "near_rail_allowance": ("sheet", "strict"),
    "intentional_counts": (True, False),
    "race_to": int,
    "calls": ("obvious-exempt", "every-shot", "none"),  # poolhall's extension of CFG-6
}

_REQUEST_FIELDS = ("game", "options", "situation", "shot")
_SITUATION_FIELDS = (
    "shooter",
    "break",
    "table_open",
    "groups",
    "on_table",
    "ball_in_hand",
    "frozen",
    "near_rail",
    "fouls_in_a_row",
    "near_rail_safeties",
    "score",
)
_SHOT_FIELDS = (
    "call",
    "call_requested",
    "first_contact",
    "kitchen",
    "rail_contacts",
    "pocketed",
    "off_table",
    "technique",
    "reported",
    "moved",
    "after",
)


# ----------------------------------------------------------------- sections


def parse_options(value: Any) -> Options:
    """RULES section 5; a missing (or null) option takes its default."""
    raw = read.fields_of(value, "options", tuple(OPTION_VALUES))
    out: dict[str, Any] = {}
    for name, allowed in OPTION_VALUES.items():
        if raw.get(name) is None:
            continue
        path = f"options.{name}"
        if allowed is int:
            number = read.integer(raw[name], path)
            if number < 1:
                raise RefereeError(path, f"expected a positive integer, got {number}")
            out[name] = number
        elif isinstance(allowed, tuple) and isinstance(allowed[0], bool):
            out[name] = read.boolean(raw[name], path)
        else:
            assert isinstance(allowed, tuple)
            out[name] = read.word(raw[name], path, allowed)
    _check_call_mode(out)
    return Options(**out)


def _check_call_mode(given: Mapping[str, Any]) -> None:
    """``explicit_calls`` and ``calls`` both given must agree: ``true`` is ``every-shot``, ``false`` is not."""
    if "explicit_calls" in given and "calls" in given and given["explicit_calls"] != (given["calls"] == "every-shot"):
        raise RefereeError(
            "options.calls",
            f"calls: {given['calls']!r} contradicts explicit_calls: {str(given['explicit_calls']).lower()} "
            '(explicit_calls: true is calls: "every-shot"); give one of them',
        )


def _ball_rail_map(value: Any, path: str, on_table: frozenset[int]) -> dict[int, str]:
    return read.per_ball(value, path, on_table, lambda rail, p: read.word(rail, p, RAILS))


def _allowances(value: Any, path: str, on_table: frozenset[int]) -> dict[int, int]:
    """Near-rail allowances used, per ball (14.1-7.2-C2); a ball that used none is left out."""
    used = read.per_ball(value, path, on_table, _allowance)
    return {ball: count for ball, count in used.items() if count}


def _allowance(value: Any, path: str) -> int:
    count = read.integer(value, path)
    if count < 0:
        raise RefereeError(path, f"an allowance used is never negative, got {count}")
    return count


def _fouls_in_a_row(value: Any, path: str) -> int:
    count = read.integer(value, path)
    if not 0 <= count <= 2:
        raise RefereeError(path, f"a foul record is 0, 1 or 2 (RULES 14.1-12-C1), got {count}")
    return count


def parse_situation(value: Any) -> Situation:
    raw = read.fields_of(value, "situation", _SITUATION_FIELDS, required=("shooter", "on_table"))
    shooter = read.word(raw["shooter"], "situation.shooter", PLAYER_NAMES)
    balls = read.items(raw["on_table"], "situation.on_table", read.ball)
    read.unique(balls, "situation.on_table")
    on_table = frozenset(b for b in balls if b != CUE)
    groups = None
    if raw.get("groups") is not None:
        groups = read.per_player(raw["groups"], "situation.groups", lambda v, p: read.word(v, p, GROUP_NAMES), None)
        for player, group in groups.items():
            if group is None:
                raise RefereeError(f"situation.groups.{player}", "both players need a group (or groups: null)")
        if groups["A"] == groups["B"]:
            raise RefereeError("situation.groups", "the two players cannot have the same group")
    table_open = (
        groups is None if raw.get("table_open") is None else read.boolean(raw["table_open"], "situation.table_open")
    )
    ball_in_hand = None
    if raw.get("ball_in_hand") is not None:
        ball_in_hand = read.word(raw["ball_in_hand"], "situation.ball_in_hand", BALL_IN_HAND)
    safeties = {"A": {}, "B": {}}
    if raw.get("near_rail_safeties") is not None:
        safeties = read.per_player(
            raw["near_rail_safeties"], "situation.near_rail_safeties", lambda v, p: _allowances(v, p, on_table), {}
        )
    return Situation(
        shooter=shooter,  # type: ignore[arg-type]
        on_table=on_table,
        break_shot=read.boolean(read.optional(raw, "break", False), "situation.break"),
        table_open=table_open,
        groups=groups,  # type: ignore[arg-type]
        ball_in_hand=ball_in_hand,  # type: ignore[arg-type]
        frozen=_ball_rail_map(read.optional(raw, "frozen", {}), "situation.frozen", on_table),
        near_rail=_ball_rail_map(read.optional(raw, "near_rail", {}), "situation.near_rail", on_table),
        fouls_in_a_row=read.per_player(
            read.optional(raw, "fouls_in_a_row", {}), "situation.fouls_in_a_row", _fouls_in_a_row, 0
        ),
        near_rail_safeties=safeties,
        score=read.per_player(read.optional(raw, "score", {}), "situation.score", read.integer, 0),
    )


def _call(value: Any, path: str) -> Call | str | None:
    if value is None:
        return None
    if isinstance(value, str):
        if value != SAFETY:
            raise RefereeError(path, f'got {value!r}; expected null, "safety" or {{"ball": n, "pocket": name}}')
        return SAFETY
    raw = read.fields_of(value, path, ("ball", "pocket"), required=("ball", "pocket"))
    return Call(read.object_ball(raw["ball"], f"{path}.ball"), read.word(raw["pocket"], f"{path}.pocket", POCKETS))


def _pocketed(value: Any, path: str) -> Pocketed:
    raw = read.fields_of(value, path, ("ball", "pocket", "direct"), required=("ball", "pocket"))
    return Pocketed(
        read.ball(raw["ball"], f"{path}.ball"),
        read.word(raw["pocket"], f"{path}.pocket", POCKETS),
        read.boolean(read.optional(raw, "direct", False), f"{path}.direct"),
    )


def _rail_contact(value: Any, path: str) -> RailContact:
    raw = read.fields_of(value, path, ("ball", "rail"), required=("ball", "rail"))
    return RailContact(read.ball(raw["ball"], f"{path}.ball"), read.word(raw["rail"], f"{path}.rail", RAILS))


def _kitchen(value: Any, path: str) -> KitchenFacts | None:
    if value is None:
        return None
    raw = read.fields_of(value, path, ("first_ball_behind", "cue_crossed_first"))
    return KitchenFacts(
        read.boolean(read.optional(raw, "first_ball_behind", False), f"{path}.first_ball_behind"),
        read.boolean(read.optional(raw, "cue_crossed_first", False), f"{path}.cue_crossed_first"),
    )


def _after(value: Any, path: str) -> AfterFacts | None:
    if value is None:
        return None
    fields = ("last_ball", "cue_ball", "all_behind_head_string", "nearest_to_head_string")
    raw = read.fields_of(value, path, fields)
    last = raw.get("last_ball")
    cue = raw.get("cue_ball")
    nearest = read.items(
        read.optional(raw, "nearest_to_head_string", []), f"{path}.nearest_to_head_string", read.object_ball
    )
    read.unique(nearest, f"{path}.nearest_to_head_string")
    return AfterFacts(
        last_ball=None if last is None else read.word(last, f"{path}.last_ball", LAST_BALL_ZONES),  # type: ignore[arg-type]
        cue_ball=None if cue is None else read.word(cue, f"{path}.cue_ball", CUE_BALL_ZONES),  # type: ignore[arg-type]
        all_behind_head_string=read.boolean(
            read.optional(raw, "all_behind_head_string", False), f"{path}.all_behind_head_string"
        ),
        nearest_to_head_string=nearest,
    )


def parse_shot(value: Any, situation: Situation) -> Shot:
    """The shot's facts, checked against the situation (GEN-15)."""
    raw = read.fields_of(value, "shot", _SHOT_FIELDS)
    shot = Shot(
        call=_call(raw.get("call"), "shot.call"),  # type: ignore[arg-type]
        call_requested=read.boolean(read.optional(raw, "call_requested", False), "shot.call_requested"),
        first_contact=read.items(read.optional(raw, "first_contact", []), "shot.first_contact", read.object_ball),
        kitchen=_kitchen(raw.get("kitchen"), "shot.kitchen"),
        rail_contacts=read.items(read.optional(raw, "rail_contacts", []), "shot.rail_contacts", _rail_contact),
        pocketed=read.items(read.optional(raw, "pocketed", []), "shot.pocketed", _pocketed),
        off_table=read.items(read.optional(raw, "off_table", []), "shot.off_table", read.ball),
        technique=read.word(read.optional(raw, "technique", "normal"), "shot.technique", TECHNIQUES),  # type: ignore[arg-type]
        reported=read.items(
            read.optional(raw, "reported", []), "shot.reported", lambda v, p: read.word(v, p, tuple(REPORTED_WORDS))
        ),
        moved=read.items(read.optional(raw, "moved", []), "shot.moved", read.object_ball),
        after=_after(raw.get("after"), "shot.after"),
    )
    _check_against_situation(shot, situation)
    return shot


def _check_against_situation(shot: Shot, situation: Situation) -> None:
    """GEN-15: facts that contradict the state, and facts that contradict each other."""
    on_table = situation.on_table
    if isinstance(shot.call, Call):
        read.require_on_table(shot.call.ball, on_table, "shot.call.ball")
    read.unique(shot.first_contact, "shot.first_contact")
    for i, ball in enumerate(shot.first_contact):
        read.require_on_table(ball, on_table, f"shot.first_contact[{i}]")
    for i, contact in enumerate(shot.rail_contacts):
        read.require_on_table(contact.ball, on_table, f"shot.rail_contacts[{i}].ball")
    gone: dict[int, str] = {}
    for i, drop in enumerate(shot.pocketed):
        path = f"shot.pocketed[{i}]"
        read.require_on_table(drop.ball, on_table, f"{path}.ball")
        if drop.ball in gone:
            raise RefereeError(f"{path}.ball", f"ball {drop.ball} already dropped on this shot ({gone[drop.ball]})")
        gone[drop.ball] = f"shot.pocketed[{i}]"
        if drop.direct and drop.ball not in shot.first_contact:
            raise RefereeError(f"{path}.direct", f"ball {drop.ball} was not the first ball contacted")
    for i, ball in enumerate(shot.off_table):
        path = f"shot.off_table[{i}]"
        read.require_on_table(ball, on_table, path)
        if ball in gone:
            raise RefereeError(path, f"ball {ball} cannot both drop and leave the table ({gone[ball]})")
        gone[ball] = path
    for i, ball in enumerate(shot.moved):
        read.require_on_table(ball, on_table, f"shot.moved[{i}]")
    read.unique(shot.moved, "shot.moved")
    if shot.moved and "object-ball-moved" not in shot.reported:
        raise RefereeError("shot.moved", "balls moved by the player need 'object-ball-moved' in shot.reported")


def request_game(value: Any) -> str:
    """The game a request names, as given; checks only the request's top level."""
    raw = read.fields_of(value, "", _REQUEST_FIELDS, required=("game", "situation"))
    game = raw["game"]
    if not isinstance(game, str):
        raise RefereeError("game", f"expected a string, got {read.type_name(game)}")
    return game


def parse_request(value: Any) -> tuple[str, Options, Situation, Shot]:
    """One decoded request -> (game name as given, options, situation, shot)."""
    game = request_game(value)
    raw: dict[str, Any] = value
    options = parse_options(read.optional(raw, "options", {}))
    situation = parse_situation(raw["situation"])
    shot = parse_shot(raw.get("shot", {}), situation)  # a null shot is no shot at all: an error
    return game, options, situation, shot


# ----------------------------------------------------------------- ruling out


def ruling_to_json(ruling: Ruling, lang: str = "en") -> dict[str, Any]:
    """The ruling as the contract's JSON object, ``reason`` in ``lang``; ball keys become strings."""
    return {
        "foul": ruling.foul,
        "fouls": list(ruling.fouls),
        "rules": list(ruling.rules),
        "reason": text.render(ruling.reason, lang),
        "next_shooter": ruling.next_shooter,
        "turn_continues": ruling.turn_continues,
        "ball_in_hand": ruling.ball_in_hand,
        "move": {str(b): where for b, where in sorted(ruling.move.items())},
        "spot": list(ruling.spot),
        "chooser": ruling.chooser,
        "options": list(ruling.options),
        "table_open": ruling.table_open,
        "groups": None if ruling.groups is None else {p: ruling.groups[p] for p in PLAYER_NAMES},
        "points": {p: ruling.points.get(p, 0) for p in PLAYER_NAMES},
        "fouls_in_a_row": {p: ruling.fouls_in_a_row.get(p, 0) for p in PLAYER_NAMES},
        "near_rail_safeties": {
            p: {str(b): n for b, n in sorted(ruling.near_rail_safeties.get(p, {}).items())} for p in PLAYER_NAMES
        },
        "rerack": ruling.rerack,
        "next_break": ruling.next_break,
        "game_over": ruling.game_over,
        "winner": ruling.winner,
    }


def error_to_json(error: RefereeError) -> dict[str, Any]:
    return {"error": {"field": error.field or "request", "message": error.message}}
