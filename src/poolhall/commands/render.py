"""``poolhall render``: draw a layout, and optionally one simulated shot, to a PNG."""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from poolhall.cli import CommandError
from poolhall.commands.games import game_name, table_name
from poolhall.commands.output import writable
from poolhall.commands.warmup import announce
from poolhall.equipment import TableSpec
from poolhall.layout import Layout
from poolhall.racking import break_spot, eight_ball_rack, place_cue_ball, straight_pool_rack

if TYPE_CHECKING:
    from poolhall.physics.result import ShotResult, Stroke

HELP = "draw a layout and a shot to a PNG"
STROKE_KEYS = ("speed", "phi", "theta", "a", "b")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--rack",
        type=game_name,
        metavar="GAME",
        help="start from a fresh rack: eight-ball (also 8ball) or straight-pool (also 14.1); with --shot and no "
        "--cue the cue ball starts behind the head string, as for a break",
    )
    source.add_argument("--layout", metavar="FILE.json", help="start from a layout file (Layout.to_dict format)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the rack's ball order (default 0)")
    parser.add_argument(
        "--table", type=table_name, default="9-foot", help="7-foot, 8-foot or 9-foot (default; with --rack)"
    )
    parser.add_argument("--cue", metavar="X,Y", help="put the cue ball here (metres, table coordinates)")
    parser.add_argument(
        "--shot",
        metavar="SPEC",
        help='simulate a stroke and draw the paths, e.g. "speed=8,phi=0,b=0.2" (phi, theta in radians or 10deg)',
    )
    parser.add_argument("-o", "--output", default="render.png", help="the PNG to write (default render.png)")


#: The top-level fields of a layout file (``Layout.to_dict``); any other is a mistake worth a word.
LAYOUT_FIELDS = ("table", "balls", "pocketed", "off_table")


def run(args: argparse.Namespace) -> int:
    layout = build_layout(args)
    out = writable(args.output, "-o", (".png",))
    result = None
    if args.shot is not None:
        from poolhall import simulate  # the simulator is only needed (and compiled) for a shot

        if layout.position(0) is None:
            raise CommandError("a shot needs the cue ball on the table: this layout has none (give --cue X,Y)")
        stroke = parse_stroke(args.shot)
        announce()
        try:
            result = simulate(layout, stroke, table=layout.table)
        except ValueError as exc:
            raise CommandError(f"cannot simulate that shot: {exc}") from None
    from poolhall.render import render

    try:
        render(layout, out, result)
    except OSError as exc:
        raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out}")
    if result is not None:
        print(what_happened(result))
    return 0


def what_happened(result: ShotResult) -> str:
    """The shot in one line: the first ball the cue ball hit, the balls pocketed, the contacts, the time."""
    from poolhall.game.facts import first_contact

    first, _ = first_contact(result.events)
    kinds = Counter(event.kind for event in result.events)
    new = {b: p for b, p in result.final.pocketed.items() if b not in result.initial.pocketed}
    pocketed = ", ".join(f"{'cue ball' if b == 0 else b} in {p}" for b, p in sorted(new.items())) or "nothing"
    off = [b for b in result.final.off_table if b not in result.initial.off_table]
    parts = [
        f"the cue ball hits {' and '.join(map(str, first)) or 'no ball'} first",
        f"pockets {pocketed}",
        f"{kinds['ball-ball']} ball-ball and {kinds['ball-cushion']} cushion contacts",
        *([f"off the table: {', '.join(map(str, off))}"] if off else []),
        ("stopped at the event limit" if result.event_cap_hit else "every ball at rest")
        + f" after {result.duration:.2f} s",
    ]
    return "; ".join(parts)


def build_layout(args: argparse.Namespace) -> Layout:
    """The starting layout from ``--rack``/``--layout`` and ``--cue``; bad input becomes a ``CommandError``."""
    try:
        if args.layout is not None:
            data = _read_json(args.layout)
            unknown = sorted(set(data) - set(LAYOUT_FIELDS)) if isinstance(data, dict) else []
            if unknown:
                raise CommandError(
                    f"{args.layout}: unknown field {unknown[0]!r}; a layout has {', '.join(LAYOUT_FIELDS)}"
                )
            layout = Layout.from_dict(data)
        else:
            table = TableSpec.named(args.table)
            layout = Layout.from_positions({}, table)
            if args.rack == "eight-ball":
                layout = eight_ball_rack(args.seed, table, loose=True)
            elif args.rack == "straight-pool":
                layout = straight_pool_rack(layout, args.seed, loose=True)
        if args.cue is not None:
            layout = place_cue_ball(layout, _parse_point(args.cue), kitchen=False)
        elif args.rack is not None and args.shot is not None:
            layout = place_cue_ball(layout, break_spot(layout.table), kitchen=True)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return layout


def _read_json(path: str) -> object:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CommandError(f"{path} is not valid JSON ({exc})") from None


def _parse_point(text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(f"--cue {text!r}: expected two numbers X,Y in metres, e.g. 0.635,0.635") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"--cue {text!r}: expected two finite numbers X,Y in metres")
    return x, y


def parse_stroke(text: str) -> Stroke:
    """``"speed=8,phi=0,b=0.2"`` -> ``Stroke``; angles take an optional ``deg`` suffix. Errors say which key."""
    from poolhall import Stroke

    values: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or key not in STROKE_KEYS:
            raise CommandError(f"--shot {item!r}: expected KEY=VALUE with KEY one of {', '.join(STROKE_KEYS)}")
        if key in values:
            raise CommandError(f"--shot: {key} given twice")
        raw = raw.strip()
        degrees = key in ("phi", "theta") and raw.endswith("deg")
        try:
            value = float(raw.removesuffix("deg") if degrees else raw)
        except ValueError:
            raise CommandError(f"--shot {key}={raw!r}: not a number") from None
        if not math.isfinite(value):
            raise CommandError(f"--shot {key}={raw!r}: not a finite number")
        values[key] = math.radians(value) if degrees else value
    missing = [key for key in ("speed", "phi") if key not in values]
    if missing:
        raise CommandError(f'--shot needs {" and ".join(missing)}, e.g. "speed=3,phi=0" (theta, a, b are optional)')
    if values["speed"] <= 0:
        raise CommandError(f"--shot speed={values['speed']:g}: the cue must move, give a speed above 0 (m/s)")
    try:
        return Stroke(**values)
    except (TypeError, ValueError) as exc:
        raise CommandError(f"--shot: {exc}") from None
