"""``poolhall simulate``: play matches between computer players in parallel and write their records.

Match ``i`` is seeded from ``--seed`` and ``i`` alone, so the same command
writes the same records, whatever ``--jobs`` is. Progress goes to stderr;
the summary (wins, racks, fouls, balls per inning) to stdout, as JSON with
``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from poolhall.cli import CommandError
from poolhall.game import Match, MatchError
from poolhall.game.players import available, make_player
from poolhall.game.record import save
from poolhall.game.state import derived_seed
from poolhall.rules.model import Options

HELP = "play matches between computer players and write their records"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("eight-ball", "straight-pool"), default="eight-ball")
    parser.add_argument("--players", nargs=2, metavar=("P1", "P2"), default=["simple", "simple"],
                        help="player names for seats A and B (default: simple simple)")  # fmt: skip
    parser.add_argument("--games", type=int, default=1, help="number of matches (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--out", default="records", help="folder for the record files (default ./records)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--race", type=int, help="eight-ball: race to N games (CFG-11, default 1)")
    parser.add_argument("--points", type=int, help="straight pool: points to win (CFG-7, default 150)")


def _options(args: argparse.Namespace) -> Options:
    for name in ("games", "jobs", "race", "points"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise CommandError(f"--{name} must be at least 1, got {value}")
    fields: dict[str, int] = {}
    if args.race is not None:
        fields["race_to"] = args.race
    if args.points is not None:
        fields["points_to_win"] = args.points
    return Options(**fields)  # type: ignore[arg-type]


def play_one(game: str, players: list[str], options: Options, seed: int, index: int, out: str) -> dict[str, Any]:
    """Play match ``index`` (in a worker process) and write its record; returns its summary line."""
    match_seed = derived_seed(seed, "match", index)
    match = Match(game, options, seed=match_seed)  # type: ignore[arg-type]
    seats = {"A": make_player(players[0]), "B": make_player(players[1])}
    names = {"A": players[0], "B": players[1]}
    path = Path(out) / f"match-{index + 1:04d}.json"
    try:
        match.play(seats)
    except MatchError as exc:
        save(match, path, names)
        return {"index": index, "record": str(path), "error": str(exc)}
    save(match, path, names)
    state = match.state
    return {
        "index": index,
        "record": str(path),
        "seed": match_seed,
        "winner": state.winner,
        "racks": state.racks,
        "shots": state.shots,
        "games_won": dict(state.games_won),
        "score": dict(state.score),
        "fouls": dict(state.stats.fouls),
        "balls": dict(state.stats.balls),
        "innings": dict(state.stats.innings),
    }


def summarise(results: list[dict[str, Any]], players: list[str]) -> dict[str, Any]:
    """Totals per seat over every match played."""
    ok = [r for r in results if "error" not in r]
    seats: dict[str, Any] = {}
    for seat, name in zip(("A", "B"), players, strict=True):
        balls = sum(r["balls"][seat] for r in ok)
        innings = sum(r["innings"][seat] for r in ok)
        seats[seat] = {
            "player": name,
            "wins": sum(r["winner"] == seat for r in ok),
            "fouls": sum(r["fouls"][seat] for r in ok),
            "balls": balls,
            "innings": innings,
            "balls_per_inning": round(balls / innings, 3) if innings else 0.0,
        }
    return {
        "matches": len(results),
        "racks": sum(r["racks"] for r in ok),
        "shots": sum(r["shots"] for r in ok),
        "seats": seats,
        "errors": [{"record": r["record"], "error": r["error"]} for r in results if "error" in r],
    }


def _print_summary(summary: dict[str, Any]) -> None:
    console = Console()
    table = Table(title=f"{summary['matches']} matches, {summary['racks']} racks, {summary['shots']} shots")
    for column in ("seat", "player", "wins", "fouls", "balls", "innings", "balls/inning"):
        table.add_column(column)
    for seat, row in summary["seats"].items():
        table.add_row(seat, row["player"], str(row["wins"]), str(row["fouls"]), str(row["balls"]),
                      str(row["innings"]), f"{row['balls_per_inning']:.2f}")  # fmt: skip
    console.print(table)
    for error in summary["errors"]:
        console.print(f"[red]{error['record']}: {error['error']}[/red]")


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    known = available()
    for name in args.players:
        if name not in known:
            raise CommandError(f"unknown player {name!r}; known players: {', '.join(sorted(known))}")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"cannot create {out}: {exc.strerror}") from None
    results: list[dict[str, Any]] = []
    with (
        ProcessPoolExecutor(max_workers=args.jobs) as pool,
        Progress(console=Console(file=sys.stderr), transient=True) as progress,
    ):
        task = progress.add_task(f"{args.game}: playing", total=args.games)
        futures = [
            pool.submit(play_one, args.game, args.players, options, args.seed, i, str(out)) for i in range(args.games)
        ]
        for future in futures:
            results.append(future.result())
            progress.advance(task)
    summary = summarise(results, args.players)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_summary(summary)
    return 1 if summary["errors"] else 0
