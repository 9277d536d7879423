"""``poolhall replay``: print a match record shot by shot, draw one shot, verify the whole record, or print
its 14.1 score sheet."""

from __future__ import annotations

import argparse

from poolhall.cli import CommandError
from poolhall.commands import sheet
from poolhall.commands.output import writable
from poolhall.commands.replay_text import WORDS, describe, header, result_line
from poolhall.commands.warmup import announce
from poolhall.game.record import Record, RecordError, first_difference, layout_from_dict, load, replay
from poolhall.game.scoresheet import sheet_rows
from poolhall.physics import Stroke
from poolhall.rules.text import LANGUAGES

HELP = "print a match record shot by shot, render or verify it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", help="a record file written by poolhall (simulate, the app)")
    parser.add_argument("--shot", type=int, metavar="N", help="the shot to draw (with --png)")
    parser.add_argument("--png", metavar="FILE", help="draw shot N (its paths and where the balls stopped)")
    parser.add_argument("--verify", action="store_true", help="re-simulate every shot; fail on the first difference")
    parser.add_argument("--sheet", nargs="?", const="-", metavar="FILE",
                        help="14.1: print the score sheet, or draw it to FILE.png or FILE.pdf")  # fmt: skip
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the listing (default en)")


def _render(record: Record, number: int, png: str) -> None:
    shots = record.shots
    if not 1 <= number <= len(shots):
        raise CommandError(f"--shot {number}: the record has shots 1 to {len(shots)}")
    entry = shots[number - 1]
    if entry["before"] is None or entry["stroke"] is None:
        raise CommandError("this is a scorekeeper's record: it has no layout to draw")
    out = writable(png, "--png", (".png",))
    from poolhall import simulate
    from poolhall.render import render

    announce()
    match = record.new_match()
    before = layout_from_dict(entry["before"], match.state.table, "before")
    assert before is not None
    result = simulate(before, Stroke(**entry["stroke"]), table=before.table, params=match.params)
    try:
        render(before, out, result)
    except OSError as exc:
        raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out}")


def _verify(record: Record, lang: str) -> int:
    announce()
    difference = first_difference(record)
    if difference is not None:
        print(WORDS[lang]["differs"].format(number=difference[0], what=difference[1]))
        return 1
    print(WORDS[lang]["exact"].format(shots=len(record.shots)))
    return 0


def _sheet(record: Record, target: str, lang: str) -> None:
    if record.data["game"] != "straight-pool":
        raise CommandError("--sheet: a score sheet is kept in 14.1 straight pool; this record is eight-ball")
    out = None if target == "-" else writable(target, "--sheet", sheet.DRAWN)
    try:
        rows = sheet_rows(replay(record))
    except RecordError as exc:
        raise CommandError(f"--sheet: {exc}") from None
    if out is None:
        print(sheet.to_text(record.data, rows, lang))
        return
    try:
        sheet.draw(record.data, rows, lang, out)
    except OSError as exc:
        raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out}")


def run(args: argparse.Namespace) -> int:
    try:
        record = load(args.record)
    except RecordError as exc:
        raise CommandError(str(exc)) from None
    if (args.shot is None) != (args.png is None):
        raise CommandError("--shot N and --png FILE go together")
    chosen = [name for name, on in (("--png", args.png), ("--verify", args.verify), ("--sheet", args.sheet)) if on]
    if len(chosen) > 1:
        raise CommandError(f"{' and '.join(chosen)}: give one of them at a time")
    if args.png is not None:
        _render(record, args.shot, args.png)
        return 0
    if args.verify:
        return _verify(record, args.lang)
    if args.sheet is not None:
        _sheet(record, args.sheet, args.lang)
        return 0
    data = record.data
    names = dict(data["players"])
    print(header(data, args.lang))
    for entry in record.shots:
        print(describe(entry, names, record.reason(entry["number"], args.lang), args.lang))
    print(result_line(data, args.lang))
    return 0
