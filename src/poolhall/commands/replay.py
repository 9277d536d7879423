"""``poolhall replay``: print a match record shot by shot, draw one shot, or verify the whole record."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from poolhall.cli import CommandError
from poolhall.game.record import Record, RecordError, first_difference, layout_from_dict, load
from poolhall.physics import Stroke
from poolhall.rules.text import LANGUAGES

HELP = "print a match record shot by shot, render or verify it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", help="a record file written by poolhall (simulate, the app)")
    parser.add_argument("--shot", type=int, metavar="N", help="the shot to draw (with --png)")
    parser.add_argument("--png", metavar="FILE", help="draw shot N (its paths and where the balls stopped)")
    parser.add_argument("--verify", action="store_true", help="re-simulate every shot; fail on the first difference")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the referee's reasons")


def describe(entry: dict[str, Any], names: dict[str, str], reason: str | None = None) -> str:
    """One line per shot: who, the call, what happened, the referee's reason (default: the stored English)."""
    call = entry["call"]
    called = (
        "no call" if call is None else "safety" if call == "safety" else f"calls {call['ball']} in {call['pocket']}"
    )
    facts = entry["facts"]
    hit = ", ".join(map(str, facts["first_contact"])) or "nothing"
    dropped = ", ".join(f"{p['ball']} in {p['pocket']}" for p in facts["pocketed"]) or "nothing"
    said = entry["ruling"]["reason"] if reason is None else reason
    who = f"{entry['shooter']} ({names.get(entry['shooter'], entry['shooter'])})"
    return f"#{entry['number']:>3} {who}, {called}: hits {hit}; pockets {dropped}. {said}"


def _render(record: Record, number: int, png: str) -> None:
    shots = record.shots
    if not 1 <= number <= len(shots):
        raise CommandError(f"--shot {number}: the record has shots 1 to {len(shots)}")
    entry = shots[number - 1]
    if entry["before"] is None or entry["stroke"] is None:
        raise CommandError("this is a scorekeeper's record: it has no layout to draw")
    try:
        from poolhall.render import render
    except ModuleNotFoundError:
        raise CommandError("drawing needs poolhall.render, which this installation does not have") from None
    from poolhall import simulate

    match = record.new_match()
    before = layout_from_dict(entry["before"], match.state.table, "before")
    assert before is not None
    result = simulate(before, Stroke(**entry["stroke"]), table=before.table, params=match.params)
    out = render(before, Path(png), result)
    print(f"wrote {out}")


def run(args: argparse.Namespace) -> int:
    try:
        record = load(args.record)
    except RecordError as exc:
        raise CommandError(str(exc)) from None
    if (args.shot is None) != (args.png is None):
        raise CommandError("--shot N and --png FILE go together")
    if args.png is not None:
        _render(record, args.shot, args.png)
        return 0
    if args.verify:
        try:
            difference = first_difference(record)
        except RecordError as exc:
            raise CommandError(str(exc)) from None
        if difference is not None:
            print(f"shot {difference[0]} differs from the record: {difference[1]}")
            return 1
        print(f"all {len(record.shots)} shots replay exactly")
        return 0
    data = record.data
    names = dict(data["players"])
    print(f"{data['game']} ({data['mode']}), seed {data['seed']}: A = {names.get('A')}, B = {names.get('B')}")
    for entry in record.shots:
        print(describe(entry, names, record.reason(entry["number"], args.lang)))
    result = data["result"]
    outcome = f"winner {result['winner']}" if result["winner"] else "not finished"
    print(f"{outcome}; games {result['games_won']}, score {result['score']}, {result['shots']} shots")
    return 0
