"""The match as JSON for the page: what it draws, what it shows, and what it may answer.

Everything here is read from ``game.MatchView`` (and, for a shot, the
physics result): the page draws and asks, it never re-derives a rule. A
ruling's reason is sent in every language the app speaks, so switching
language on the page needs no round trip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from poolhall.equipment import EIGHT, SOLIDS, STRIPES, TableSpec
from poolhall.game import MatchView, ShotRecord
from poolhall.layout import Layout
from poolhall.physics import ShotResult
from poolhall.rules import text
from poolhall.rules.contract import ruling_to_json
from poolhall.rules.model import Phrase, Ruling


def table_json(table: TableSpec) -> dict[str, Any]:
    return {
        "name": table.name,
        "length": table.length,
        "width": table.width,
        "ball_radius": table.ball.radius,
        "corner_mouth": table.corner_mouth,
        "side_mouth": table.side_mouth,
    }


def balls_json(layout: Layout | None) -> dict[str, list[float]] | None:
    """``{"0": [x, y], ...}`` for the balls on the table; None without a layout (scorekeeper)."""
    return None if layout is None else layout.to_dict()["balls"]


#: Reason parameters that hold a seat ("A" / "B"): the page reads the players' names there instead.
SEAT_PARAMS = frozenset({"player", "shooter", "opponent", "chooser", "winner", "breaker"})


def named(reason: tuple[Phrase, ...], seat_names: Mapping[str, str]) -> tuple[Phrase, ...]:
    """The reason with every seat parameter replaced by that seat's name ("Ann", not "A")."""
    return tuple(
        (key, {p: seat_names.get(v, v) if p in SEAT_PARAMS and isinstance(v, str) else v for p, v in params.items()})
        for key, params in reason
    )


def ruling_json(ruling: Ruling, seat_names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The referee's ruling as the contract writes it, with the reason in every language, naming the players."""
    out = ruling_to_json(ruling, "en")
    reason = named(ruling.reason, seat_names) if seat_names else ruling.reason
    out["reason"] = {lang: text.render(reason, lang) for lang in text.LANGUAGES}
    return out


def balls_left(view: MatchView) -> dict[str, list[int]]:
    """Eight-ball: each player's group balls still on the table, then the 8 once the group is gone."""
    out: dict[str, list[int]] = {"A": [], "B": []}
    if view.game != "eight-ball" or view.groups is None:
        return out
    for seat, group in view.groups.items():
        mine = sorted(b for b in view.on_table if b in (SOLIDS if group == "solids" else STRIPES))
        out[seat] = mine or ([EIGHT] if EIGHT in view.on_table else [])
    return out


def lawful_calls(view: MatchView) -> list[int]:
    """The balls the asked shooter may call at no cost, for the page to mark (the others cost: it says what).

    Eight-ball: the shooter's group, the 8 once the group is gone (``balls_left``); on an open table any ball but
    the 8 (8B-10, 8B-20). 14.1: every object ball. None when the match offers no call.
    """
    callable_balls = view.asked.callable_balls
    if not callable_balls or view.game != "eight-ball":
        return list(callable_balls)
    if view.groups is None or view.asked.player is None:
        return [b for b in callable_balls if b != EIGHT]
    return [b for b in balls_left(view)[view.asked.player] if b in callable_balls]


def match_json(
    match_id: str,
    config: Mapping[str, Any],
    view: MatchView,
    *,
    replayable: list[int],
    sheet: list[dict[str, Any]] | None,
    last_action: dict[str, Any] | None,
    amend: dict[str, Any] | None = None,
    log: list[dict[str, Any]] | None = None,
    started: float | None = None,
) -> dict[str, Any]:
    """The snapshot a page replaces its state with (docs/web.md, "snapshot")."""
    asked = asdict(view.asked)
    asked["options"] = list(asked["options"])
    return {
        "id": match_id,
        "game": view.game,
        "mode": config["mode"],
        "seats": config["seats"],
        "options": asdict(view.options),
        "table": table_json(view.table),
        "balls": balls_json(view.layout),
        "on_table": sorted(view.on_table),
        "asked": asked,
        "lawful_calls": lawful_calls(view),
        "shooter": view.shooter,
        "ball_in_hand": view.ball_in_hand,
        "break_shot": view.break_shot,
        "table_open": view.table_open,
        "groups": dict(view.groups) if view.groups else None,
        "balls_left": balls_left(view),
        "score": dict(view.score),
        "games_won": dict(view.games_won),
        "game_number": view.game_number,
        "fouls_in_a_row": dict(view.fouls_in_a_row),
        "innings": dict(view.innings),
        "run": view.run,
        "high_run": dict(view.high_run),
        "last_ruling": None if view.last_ruling is None else ruling_json(view.last_ruling, seat_names(config)),
        "shots": view.shots,
        "over": view.over,
        "winner": view.winner,
        "replayable": replayable,
        "sheet": sheet,
        "last_action": last_action,
        "amend": amend,
        "log": log,
        "started": started,
    }


#: Decimals of every number of a trajectory on the wire: 10 micrometres, 10 microseconds. A drawn
#: position is then off by well under a pixel of a 4K screen, and the message is less than half as long.
WIRE_DECIMALS = 5


def _wire(values: Any) -> list[float]:
    return [round(float(v), WIRE_DECIMALS) for v in values]


#: The events the page makes a sound for (Web Audio), by the short word the wire carries.
SOUND_KINDS = {"ball-ball": "ball", "ball-cushion": "cushion", "ball-pocket": "pocket"}
#: At most this many sounds a shot (a break has about a hundred contacts; more is noise and bytes).
MAX_SOUNDS = 240


def trajectory_json(result: ShotResult) -> dict[str, Any]:
    """The shot for the page's animation: per ball ``[t0, t1, px, py, vx, vy, ax, ay]`` rows, drop times and exits.

    An airborne row carries the height too, ``[..., z0, vz0, az]`` (z = z0 +
    vz0 tau + az tau^2 / 2), so the page can draw the ball lifted with its
    shadow (issue 8). ``pocketed`` and ``off_table`` give, per ball, the time
    it dropped or flew off and the pocket or the cushion it went over; ``sounds``
    the contacts the page plays (``[time, "ball" | "cushion" | "pocket", ball(,
    other)]``, its loudness from the balls' speeds there). Spin
    is left out: the page draws positions only, and the rows stay small
    (numbers rounded to ``WIRE_DECIMALS``).
    """
    balls: dict[str, list[list[float]]] = {}
    pocketed: dict[str, list[Any]] = {}
    off_table: dict[str, list[Any]] = {}
    exits = {e.balls[0]: e.where for e in result.events if e.kind == "ball-off-table"}
    for ball, segments in result.segments.items():
        rows = []
        for s in segments:
            if s.motion == "pocketed":
                pocketed[str(ball)] = [round(s.t0, WIRE_DECIMALS), result.final.pocketed.get(ball)]
                break
            if s.motion == "off-table":
                off_table[str(ball)] = [round(s.t0, WIRE_DECIMALS), exits.get(ball)]
                break
            lifted = s.height if s.motion == "airborne" or (s.motion in ("contact", "rail") and any(s.height)) else ()
            rows.append(_wire((s.t0, s.t1, *s.p0, *s.v0, *s.acc, *lifted)))
        if rows:
            balls[str(ball)] = rows
    for event in result.events:
        if event.kind == "ball-pocket" and str(event.balls[0]) not in pocketed:
            pocketed[str(event.balls[0])] = [round(event.time, WIRE_DECIMALS), event.where]
    sounds = [
        [round(e.time, WIRE_DECIMALS), SOUND_KINDS[e.kind], *e.balls] for e in result.events if e.kind in SOUND_KINDS
    ][:MAX_SOUNDS]
    return {
        "duration": round(result.duration, WIRE_DECIMALS),
        "balls": balls,
        "pocketed": pocketed,
        "off_table": off_table,
        "sounds": sounds,
    }


def seat_names(config: Mapping[str, Any]) -> dict[str, str]:
    """``{"A": "Ann", "B": "Bob"}`` from a room's settings (a seat without a name keeps its letter)."""
    return {seat: s.get("name") or seat for seat, s in config["seats"].items()}


def shot_json(record: ShotRecord, result: ShotResult | None, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A shot for the event stream and the replays: who, the facts, the ruling, and how the balls moved."""
    out: dict[str, Any] = {
        "number": record.number,
        "shooter": record.shooter,
        "ruling": ruling_json(record.ruling, names),
        "pocketed": [p.ball for p in record.facts.pocketed],
    }
    if result is not None and record.before is not None:
        out["start"] = balls_json(record.before)
        out["trajectory"] = trajectory_json(result)
    return out
