"""Write the break book (``src/poolhall/ai/break_book.json``): each level's break plan found by a long search.

``ai/breaks.py`` reads a plan from the book when it holds one for the rack, the game, the table, the level, the
plans tried and the physics (``breaks.book_key``), and otherwise searches a few seconds at the first break of a
process; that short search chooses among near-equal plans by luck (the module docstring says why). This script
runs ``breaks.deep_search`` for every game and table size at each ``--level`` (pro by default) and writes the
entries. Each replaces the book's older entry for the same level, game and table: one built for other physics or
other plans is never read again, and kept it would only grow the file. Other entries stay. A test
(``tests/ai/test_break_book.py``) says when the book no longer matches the code: rebuild it then (about a minute
an eight-ball entry on one core). Run from the repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/break_book.py [--level pro] [--table 9 ...] [--game eight-ball ...]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from poolhall.ai import breaks
from poolhall.ai.context import context_of
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.player import ComputerPlayer
from poolhall.commands.progress import progress
from poolhall.equipment import TableSpec
from poolhall.game import Match
from poolhall.rules.model import Options

GAMES = ("eight-ball", "straight-pool")
TABLES = ("9", "8", "7")


def break_context(game: str, table: TableSpec, level: str) -> Any:
    """The search context at a match's first break: the lag decided, the breaker about to place the cue ball."""
    match = Match(game, Options(), table=table, seed=0, lag_winner="A")
    player = ComputerPlayer(level)
    while match.view().asked.kind == "choose":
        match.apply(match.state.to_act, player.act(match.view()), None)
    return context_of(match.view(), player.level.noise)


def build(levels: list[str], games: list[str], tables: list[str]) -> dict[str, dict[str, Any]]:
    """The book's entries for every level, game and table asked for."""
    jobs = [(lv, g, t) for lv in levels for g in games for t in tables]
    entries = {}
    with progress("break book", len(jobs) * (1 + len(breaks.DEEP_ROUNDS))) as tick:
        for level, game, size in jobs:
            ctx = break_context(game, TableSpec.named(size), level)
            name = f"{level} {game} {size}"
            entry = breaks.deep_search(ctx, LEVEL_BY_NAME[level], lambda label, name=name: tick(f"{name}: {label}"))
            entries[entry.pop("key")] = entry
    return entries


def merged(book: dict[str, dict[str, Any]], fresh: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``book`` with ``fresh``'s entries in, and without its older entries for the same level, game and table."""
    rebuilt = {_subject(entry) for entry in fresh.values()}
    return {**{key: e for key, e in book.items() if _subject(e) not in rebuilt}, **fresh}


def _subject(entry: dict[str, Any]) -> tuple[str, str, str]:
    return entry["level"], entry["game"], entry["table"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", action="append", choices=sorted(LEVEL_BY_NAME), help="default: pro")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: both")
    parser.add_argument("--table", action="append", choices=TABLES, help="feet; default: all three")
    args = parser.parse_args(argv)
    book = json.loads(breaks.BOOK.read_text()) if breaks.BOOK.exists() else {}
    book = merged(book, build(args.level or ["pro"], args.game or list(GAMES), args.table or list(TABLES)))
    lines = (f" {json.dumps(key)}: {json.dumps(entry)}" for key, entry in sorted(book.items()))
    breaks.BOOK.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # an entry a line
    print(f"{breaks.BOOK}: {len(book)} plans")


if __name__ == "__main__":
    main()
