"""The match record: versioned JSON with every action, every shot and the result; load, replay, verify.

A record holds the header (game, options, table, seed, mode, lag winner,
the starting position when there was one, physics parameters, player
names), the action log (seat, time, action), and one entry per shot (the
exact layout before it, the stroke, the referee's situation, the facts, the
ruling with its reason as phrase keys, the layout where the balls came to
rest). Version 1 records (no start, no phrases) are migrated when read.
The actions alone determine the match: ``replay`` folds them over the first
state (scalachess ``Replay``), re-simulating every stroke; the shot entries
are there so a record can be read, rendered and checked without simulating.
``docs/records.md`` documents the schema.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from poolhall.equipment import POCKETS, PhysicsParams, TableSpec
from poolhall.game import position
from poolhall.game.actions import MatchError, action_from_dict, call_to_dict
from poolhall.game.codec import (
    phrases_from_json,
    phrases_to_json,
    shot_from_dict,
    shot_to_dict,
    situation_from_dict,
    situation_to_dict,
)
from poolhall.game.match import LoggedAction, Match
from poolhall.game.state import GAMES
from poolhall.game.transitions import REFEREES, ShotRecord
from poolhall.layout import N_BALLS, Layout
from poolhall.rules import text
from poolhall.rules.contract import parse_options, ruling_to_json
from poolhall.rules.model import Phrase, RefereeError

FORMAT = "poolhall-record"
#: 2 added ``start`` and each shot's ``reason_phrases``; version 1 is migrated on reading (``migrate_v1``).
VERSION = 2
READABLE = (1, 2)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message names the field or the shot."""


# ------------------------------------------------------------------ writing
def layout_to_dict(layout: Layout | None) -> dict[str, Any] | None:
    return None if layout is None else layout.to_dict()


def shot_entry(shot: ShotRecord) -> dict[str, Any]:
    """One shot as written in a record (``ruling`` in the referee contract's JSON, English reason)."""
    stroke = shot.stroke
    return {
        "number": shot.number,
        "shooter": shot.shooter,
        "before": layout_to_dict(shot.before),
        "stroke": None if stroke is None else dataclasses.asdict(stroke),
        "call": call_to_dict(shot.facts.call),
        "situation": situation_to_dict(shot.situation),
        "facts": shot_to_dict(shot.facts),
        "ruling": ruling_to_json(shot.ruling),
        "reason_phrases": phrases_to_json(shot.ruling.reason),
        "after": layout_to_dict(shot.after),
        "duration": shot.duration,
    }


def to_dict(match: Match, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The whole match as a JSON-ready record; ``players`` names who sat in each seat (free text)."""
    first, state = match.initial, match.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": first.game,
        "options": dataclasses.asdict(first.options),
        "table": first.table.name,
        "seed": first.seed,
        "mode": "scorekeeper" if first.scorekeeper else "physics",
        "lag_winner": match.lag_winner,
        "start": None if match.position is None else position.to_dict(match.position),
        "physics": dataclasses.asdict(match.params or PhysicsParams()),
        "players": dict(players or {"A": "A", "B": "B"}),
        "actions": [{"seat": a.seat, "time": a.time, "action": a.action.to_dict()} for a in match.log],
        "shots": [shot_entry(s) for s in match.shots],
        "result": {
            "over": state.over,
            "winner": state.winner,
            "games_won": dict(state.games_won),
            "score": dict(state.score),
            "shots": state.shots,
        },
    }


def dumps(match: Match, players: Mapping[str, str] | None = None) -> str:
    """The record file's text (what ``save`` writes), for a worker that hands it back instead of writing it."""
    return json.dumps(to_dict(match, players), indent=1) + "\n"


def save(match: Match, path: str | Path, players: Mapping[str, str] | None = None) -> None:
    Path(path).write_text(dumps(match, players), encoding="utf-8")


# ------------------------------------------------------------------ reading
@dataclass(frozen=True)
class Record:
    """A loaded, validated record: the header to rebuild the match, the actions, and the raw shot entries."""

    data: Mapping[str, Any]
    actions: tuple[LoggedAction, ...]

    @property
    def shots(self) -> list[Mapping[str, Any]]:
        return list(self.data["shots"])

    def reason(self, number: int, lang: str = "en") -> str:
        """Shot ``number``'s reason in ``lang``; the stored English text when the phrases are unknown."""
        entry = self.data["shots"][number - 1]
        phrases = entry.get("reason_phrases")
        if phrases is None:
            return str(entry["ruling"]["reason"])
        return text.render(phrases_from_json(phrases), lang)

    def new_match(self, clock: Callable[[], float] | None = None) -> Match:
        """The match as it stood before the first action (at its starting position, when it had one)."""
        d = self.data
        start = d.get("start")
        if start is not None:
            return _match_at(d, start, clock)
        return Match(
            d["game"],
            parse_options(d["options"]),
            table=TableSpec.named(d["table"]),
            seed=d["seed"],
            scorekeeper=d["mode"] == "scorekeeper",
            lag_winner=d["lag_winner"],
            params=params_of(d["physics"]),
            clock=clock,
        )


#: What records written before a ``PhysicsParams`` field existed were played with: Han 2005's cushion (before
#: ``cushion_model``), Mathavan's cushion rigid at every speed (before ``cushion_yield_exponent``), Han's
#: impulse for a ball in the air (before ``mathavan_in_air``), no pocket's back to stop a ball flying across a
#: hole (before ``pocket_back``), a ball flying over a jaw gone at once (before ``rail_at_jaws``), Mathavan's
#: impact in fixed steps (before ``cushion_tolerance``), no friction at a cloth that does not slip (before
#: ``cushion_departure``).
LEGACY_PHYSICS: dict[str, Any] = {
    "cushion_model": "han-2005",
    "cushion_yield_exponent": 0.0,
    "mathavan_in_air": False,
    "pocket_back": False,
    "rail_at_jaws": False,
    "cushion_tolerance": 0.0,
    "cushion_departure": False,
}


def params_of(physics: Mapping[str, Any]) -> PhysicsParams:
    """A record's physics parameters; a field the record lacks takes the value its match was played with.

    Defaults changed after those fields were added (Mathavan 2010's cushion, its fall in restitution
    above 2.5 m/s), so a record that lacks them would otherwise replay on a different cushion.
    """
    return PhysicsParams(**{**LEGACY_PHYSICS, **physics})


def _match_at(d: Mapping[str, Any], start: Mapping[str, Any], clock: Callable[[], float] | None) -> Match:
    """A match from the record's ``start`` position (``Match.from_position``)."""
    table = TableSpec.named(d["table"])
    layout = layout_from_dict(start["layout"], table, "start.layout")
    return Match.from_position(
        d["game"],
        layout if layout is not None else start["on_table"],
        shooter=start["shooter"],
        ball_in_hand=start["ball_in_hand"],
        groups=start["groups"],
        scores=start["score"] if d["game"] == "straight-pool" else None,
        fouls_in_a_row=start["fouls_in_a_row"] if d["game"] == "straight-pool" else None,
        breaker=start["breaker"],
        options=parse_options(d["options"]),
        seed=d["seed"],
        params=params_of(d["physics"]),
        clock=clock,
    )


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    if key not in data:
        raise RecordError(f"{where}{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError(f"{where}{key}: expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def layout_from_dict(raw: Any, table: TableSpec, where: str) -> Layout | None:
    """A layout as written; final layouts may leave a ball in a jaw, so only form is checked, not the cloth."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("balls"), Mapping):
        raise RecordError(f"{where}: expected a layout object with 'balls'")
    arr = np.full((N_BALLS, 2), np.nan)
    try:
        for key, xy in raw["balls"].items():
            x, y = (float(v) for v in xy)
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError(f"ball {key} is not at a finite position")
            arr[int(key)] = (x, y)
        pocketed = {int(k): str(v) for k, v in (raw.get("pocketed") or {}).items()}
        off = [int(b) for b in raw.get("off_table") or ()]
    except (TypeError, ValueError, IndexError) as exc:
        raise RecordError(f"{where}: {exc}") from None
    if any(p not in POCKETS for p in pocketed.values()):
        raise RecordError(f"{where}: unknown pocket name")
    return Layout(table, arr, pocketed, off)


def _check_header(data: Mapping[str, Any]) -> None:
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") not in READABLE:
        raise RecordError(f"version: this poolhall reads versions 1 and {VERSION}, got {data.get('version')!r}")
    if _need(data, "game", str) not in GAMES:
        raise RecordError(f"game: expected one of {', '.join(GAMES)}, got {data['game']!r}")
    _need(data, "seed", int)
    if _need(data, "mode", str) not in ("physics", "scorekeeper"):
        raise RecordError(f"mode: expected physics or scorekeeper, got {data['mode']!r}")
    if data.get("lag_winner") not in (None, "A", "B"):
        raise RecordError(f"lag_winner: expected A, B or null, got {data.get('lag_winner')!r}")
    try:
        parse_options(_need(data, "options", dict))
        TableSpec.named(_need(data, "table", str))
        params_of(_need(data, "physics", dict))
    except (RefereeError, ValueError, TypeError) as exc:
        raise RecordError(f"header: {exc}") from None
    start = data.get("start")
    if start is not None:
        needed = {"shooter", "layout", "on_table", "ball_in_hand", "groups", "score", "fouls_in_a_row", "breaker"}
        if not isinstance(start, Mapping) or set(start) != needed:
            raise RecordError(f"start: expected an object with {', '.join(sorted(needed))}")
        try:
            _match_at(data, start, None)
        except (MatchError, RecordError, ValueError, TypeError) as exc:
            raise RecordError(f"start: {exc}") from None


def _check_shot(entry: Any, i: int, table: TableSpec) -> None:
    where = f"shots[{i}]."
    if not isinstance(entry, Mapping):
        raise RecordError(f"shots[{i}]: expected an object")
    if _need(entry, "number", int, where) != i + 1:
        raise RecordError(f"{where}number: expected {i + 1}, got {entry['number']}")
    if _need(entry, "shooter", str, where) not in ("A", "B"):
        raise RecordError(f"{where}shooter: expected A or B")
    for key in ("before", "after"):
        layout_from_dict(entry.get(key), table, f"{where}{key}")
    try:
        situation = situation_from_dict(_need(entry, "situation", dict, where))
        shot_from_dict(_need(entry, "facts", dict, where), situation)
    except RefereeError as exc:
        raise RecordError(f"{where}{exc}") from None
    _need(entry, "ruling", dict, where)
    try:
        if entry.get("reason_phrases") is not None:
            phrases_from_json(entry["reason_phrases"])
    except ValueError as exc:
        raise RecordError(f"{where}reason_phrases{exc}") from None


def _rerule(data: Mapping[str, Any], entry: Mapping[str, Any]) -> tuple[Phrase, ...] | None:
    """A version-1 shot's reason phrases, found by ruling its stored situation and facts again.

    The referee is a pure function, so this gives the phrases it used then,
    unless the referee has changed since: when the phrases do not render to
    the stored English reason, they are left unknown (None) rather than guessed.
    """
    situation = situation_from_dict(entry["situation"])
    facts = shot_from_dict(entry["facts"], situation)
    try:
        ruling = REFEREES[data["game"]](parse_options(data["options"]), situation, facts)
    except RefereeError:
        return None
    return ruling.reason if text.render(ruling.reason) == entry["ruling"].get("reason") else None


def migrate_v1(data: Mapping[str, Any]) -> dict[str, Any]:
    """A checked version-1 record as version 2: no ``start``; each shot's ``reason_phrases`` from ``_rerule``."""
    shots = []
    for entry in data["shots"]:
        phrases = _rerule(data, entry)
        shots.append({**entry, "reason_phrases": None if phrases is None else phrases_to_json(phrases)})
    return {**data, "version": VERSION, "start": None, "shots": shots}


def from_dict(data: Any) -> Record:
    """Validate a decoded record; ``RecordError`` names the first problem."""
    if not isinstance(data, Mapping):
        raise RecordError("record: expected a JSON object")
    _check_header(data)
    table = TableSpec.named(data["table"])
    actions: list[LoggedAction] = []
    for i, raw in enumerate(_need(data, "actions", list)):
        where = f"actions[{i}]."
        if not isinstance(raw, Mapping):
            raise RecordError(f"actions[{i}]: expected an object")
        seat = _need(raw, "seat", str, where)
        if seat not in ("A", "B"):
            raise RecordError(f"{where}seat: expected A or B, got {seat!r}")
        time = _need(raw, "time", (int, float), where)
        try:
            action = action_from_dict(_need(raw, "action", dict, where))
        except (MatchError, RefereeError) as exc:
            raise RecordError(f"{where}action: {exc}") from None
        actions.append(LoggedAction(seat, action, float(time)))  # type: ignore[arg-type]
    for i, entry in enumerate(_need(data, "shots", list)):
        _check_shot(entry, i, table)
    return Record(migrate_v1(data) if data["version"] == 1 else data, tuple(actions))


def load(path: str | Path) -> Record:
    """Read and validate a record file (``RecordError`` with the reason)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a record: it is not UTF-8 text") from None
    return from_dict(data)


# ------------------------------------------------------------------ replaying
def replay(record: Record, upto: int | None = None) -> Match:
    """Fold the record's actions over a new match (re-simulating every stroke); stop after ``upto`` actions.

    The replayed log keeps the recorded times; afterwards the match's clock is
    the table clock again.
    """
    *_, match = _folding(record, upto)
    return match


def _folding(record: Record, upto: int | None = None) -> Iterator[Match]:
    """The match before the first action, then after each (the same object); ``RecordError`` on a refusal."""
    logged = record.actions[:upto]
    times = iter([a.time for a in logged])
    match = record.new_match(clock=lambda: next(times))
    yield match
    for i, entry in enumerate(logged):
        try:
            match.apply(entry.seat, entry.action)
        except MatchError as exc:
            raise RecordError(f"actions[{i}]: the match refuses it on replay: {exc}") from None
        yield match
    match.clock = None


def first_difference(record: Record) -> tuple[int, str] | None:
    """Replay and compare every shot with the record: (shot number, what differs), or None when all agree.

    When the replay is refused part way (a changed stroke leaves the balls
    elsewhere, so a later recorded action no longer fits), the shots replayed
    until then are compared first: the changed shot is named, not the refusal.
    """
    folding = _folding(record)
    match = next(folding)
    refused: RecordError | None = None
    try:
        for _ in folding:
            pass
    except RecordError as exc:
        refused = exc
    recorded = record.shots
    for i, shot in enumerate(match.shots):
        if i >= len(recorded):
            return shot.number, "the replay has more shots than the record"
        again = shot_entry(shot)
        for key in ("before", "facts", "ruling", "reason_phrases", "after"):
            if again[key] != recorded[i][key]:
                return shot.number, f"its {key} differ"
    if refused is not None:
        return len(match.shots) + 1, f"the replay stops before this shot: {refused}"
    if len(match.shots) < len(recorded):
        return len(match.shots) + 1, "the replay stops before this shot"
    return None
