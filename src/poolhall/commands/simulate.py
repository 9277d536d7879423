"""``poolhall simulate``: play matches between computer players in parallel and write their records.

Match ``i`` is seeded from ``--seed`` and ``i`` alone, so the same command
writes the same records, whatever ``--jobs`` or ``--backend`` is: local
processes, or a Ray cluster (``--backend ray [--address ADDR]``; see
``poolhall.tournament``). Progress goes to stderr; the summary (wins, racks,
fouls, balls per inning) to stdout, as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from poolhall.ai.registry import available
from poolhall.cli import CommandError
from poolhall.commands.progress import progress
from poolhall.game import MatchError
from poolhall.game.transitions import check_options
from poolhall.rules import contract
from poolhall.rules.model import Options, RefereeError
from poolhall.tournament import BACKENDS, BackendError, GameJob, GameResult
from poolhall.tournament import run as run_jobs

HELP = "play matches between computer players and write their records"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("eight-ball", "straight-pool"), default="eight-ball")
    parser.add_argument("--players", nargs=2, metavar=("P1", "P2"), default=["simple", "simple"],
                        help="player names for seats A and B (default: simple simple)")  # fmt: skip
    parser.add_argument("--games", type=int, default=1, help="number of matches (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes, or a local Ray's CPUs (default 2)")
    parser.add_argument(
        "--backend", choices=BACKENDS, default="process", help="local processes (default) or a Ray cluster (extra dist)"
    )
    parser.add_argument("--address", metavar="ADDR", help="--backend ray: the cluster to join; default a local Ray")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--out", default="records", help="folder for the record files (default ./records)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--race", type=int, help="eight-ball: race to N games (CFG-11, default 1)")
    parser.add_argument("--points", type=int, help="straight pool: points to win (CFG-7, default 150)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a house rule by its contract name (docs/rules.md), e.g. calls=none, spot_jumped_balls=false; repeatable",
    )  # fmt: skip


def _options(args: argparse.Namespace) -> Options:
    for name in ("games", "jobs", "race", "points"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise CommandError(f"--{name} must be at least 1, got {value}")
    fields: dict[str, Any] = {}
    for given in args.option:
        name, sep, value = given.partition("=")
        if not sep or not name:
            raise CommandError(f"--option {given!r}: expected NAME=VALUE, e.g. calls=none")
        fields[name.strip()] = _value(value.strip())
    if args.race is not None:
        fields["race_to"] = args.race
    if args.points is not None:
        fields["points_to_win"] = args.points
    try:
        options = contract.parse_options(fields)
        check_options(args.game, options)
    except (RefereeError, MatchError) as exc:
        raise CommandError(str(exc)) from None
    return options


def _value(text: str) -> Any:
    """A JSON value (true, 3) when the text is one, else the word itself (none, rerack)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


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
    if args.address is not None and args.backend != "ray":
        raise CommandError("--address needs --backend ray")
    jobs = [GameJob(args.game, tuple(args.players), options, args.seed, i) for i in range(args.games)]  # type: ignore[arg-type]
    with progress(f"{args.game}: playing", args.games) as tick:

        def done(result: GameResult) -> None:
            path = out / jobs[result.index].record_name
            path.write_text(result.record, encoding="utf-8")
            tick(path.name)

        try:
            played = run_jobs(args.backend, jobs, done, workers=args.jobs, address=args.address)
        except BackendError as exc:
            raise CommandError(str(exc)) from None
    results = [{**r.summary, "record": str(out / jobs[r.index].record_name)} for r in played]
    summary = summarise(results, args.players)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_summary(summary)
    return 1 if summary["errors"] else 0
