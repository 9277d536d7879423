"""``poolhall simulate``: play matches between computer players in parallel and write their records.

Match ``i`` is seeded from ``--seed`` and ``i`` alone, so the same command
writes the same records, whatever ``--jobs`` or ``--backend`` is: local
processes, or a Ray cluster (``--backend ray [--address ADDR]``; see
``poolhall.tournament``). Progress, with the time left and the score of the
matches under way, goes to stderr; the summary (wins, points, racks, fouls,
balls per inning, the records' folder) to stdout, as JSON with ``--json``, or
as one JSON line per match and one of totals with ``--json-lines``. Ctrl-C
stops the run at once; the records of the finished matches stay.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Collection
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from poolhall.ai.registry import available
from poolhall.cli import CommandError, Interrupted
from poolhall.commands.games import game_name, table_name
from poolhall.commands.progress import progress
from poolhall.commands.warmup import prepare
from poolhall.game import MatchError
from poolhall.game.transitions import check_options
from poolhall.parallel import interrupts_held
from poolhall.rules import contract
from poolhall.rules.model import Options, RefereeError
from poolhall.tournament import BACKENDS, BackendError, GameJob, GameResult, MatchProgress
from poolhall.tournament import run as run_jobs

HELP = "play matches between computer players and write their records"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", type=game_name, default="eight-ball", metavar="GAME",
                        help="eight-ball (default; also 8ball, 8-ball) or straight-pool (also 14.1)")  # fmt: skip
    parser.add_argument("--table", type=table_name, default="9-foot", metavar="TABLE",
                        help="9-foot (default), 8-foot or 7-foot (also 9, 8ft)")  # fmt: skip
    parser.add_argument("--players", nargs=2, metavar=("P1", "P2"), default=["simple", "simple"],
                        help="player names for seats A and B, any case (default: simple simple)")  # fmt: skip
    parser.add_argument("--games", type=int, default=1, help="number of matches (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes, or a local Ray's CPUs (default 2)")
    parser.add_argument(
        "--backend", choices=BACKENDS, default="process", help="local processes (default) or a Ray cluster (extra dist)"
    )
    parser.add_argument("--address", metavar="ADDR", help="--backend ray: the cluster to join; default a local Ray")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--out", default="records", help="folder for the record files (default ./records)")
    parser.add_argument("--force", action="store_true", help="replace the records a folder holds from an earlier run")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the summary as JSON")
    output.add_argument("--json-lines", action="store_true",
                        help="print one JSON line per match as it finishes, then one with the totals")  # fmt: skip
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
        if args.game == "straight-pool":
            raise CommandError("--race is for eight-ball; a 14.1 match is played to a points target: --points N")
        fields["race_to"] = args.race
    if args.points is not None:
        if args.game == "eight-ball":
            raise CommandError("--points is for straight pool; an eight-ball match is a race: --race N")
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


def summarise(results: list[dict[str, Any]], players: list[str], out: Path) -> dict[str, Any]:
    """Totals per seat over every match played, and the folder the records went to."""
    ok = [r for r in results if "error" not in r]
    seats: dict[str, Any] = {}
    for seat, name in zip(("A", "B"), players, strict=True):
        balls = sum(r["balls"][seat] for r in ok)
        innings = sum(r["innings"][seat] for r in ok)
        seats[seat] = {
            "player": name,
            "wins": sum(r["winner"] == seat for r in ok),
            "points": sum(r["score"][seat] for r in ok),
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
        "records": str(out),
    }


def _print_summary(summary: dict[str, Any], game: str) -> None:
    console = Console()
    table = Table(title=f"{summary['matches']} matches, {summary['racks']} racks, {summary['shots']} shots")
    points = game == "straight-pool"  # 14.1 is scored in points; eight-ball in games won
    for column in ("seat", "player", "wins", *(("points",) if points else ()), "fouls", "balls", "innings",
                   "balls/inning"):  # fmt: skip
        table.add_column(column)
    for seat, row in summary["seats"].items():
        table.add_row(seat, row["player"], str(row["wins"]), *((str(row["points"]),) if points else ()),
                      str(row["fouls"]), str(row["balls"]), str(row["innings"]),
                      f"{row['balls_per_inning']:.2f}")  # fmt: skip
    console.print(table)
    for error in summary["errors"]:
        console.print(f"[red]{error['record']}: {error['error']}[/red]")
    print(f"{summary['matches']} records in {summary['records']}/ (poolhall replay FILE shows one)")


def outcome(result: dict[str, Any], players: list[str]) -> str:
    """``A (club) won 150-87`` for a progress line."""
    if "error" in result:
        return f"stopped: {result['error']}"
    score = result["score"] if result["score"]["A"] or result["score"]["B"] else result["games_won"]
    winner = result["winner"]
    who = f"{winner} ({players['AB'.index(winner)]}) won" if winner else "no winner"
    return f"{who} {score['A']}-{score['B']}"


def player_name(given: str, known: Collection[str]) -> str:
    """The known player ``given`` names, in any case; ``CommandError`` listing the names otherwise."""
    for name in known:
        if name.lower() == given.lower():
            return name
    raise CommandError(f"unknown player {given!r}; known players: {', '.join(sorted(known))}")


def prepare_folder(out: Path, force: bool) -> None:
    """Create ``out``; refuse one holding records of an earlier run, unless ``force`` (then remove them)."""
    if out.exists() and not out.is_dir():
        raise CommandError(f"--out {out}: not a folder")
    old = sorted(out.glob("match-*.json")) if out.is_dir() else []
    if old and not force:
        raise CommandError(f"{out}/ already holds {len(old)} records of an earlier run ({old[0].name}, ...); "
                           "give --force to replace them, or another --out")  # fmt: skip
    try:
        for path in old:
            path.unlink()
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"cannot use {out}: {exc.strerror}") from None


def write_record(path: Path, text: str) -> None:
    """Write through a temporary file, so a Ctrl-C never leaves half a record."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    known = available()
    players = [player_name(name, known) for name in args.players]
    if args.address is not None and args.backend != "ray":
        raise CommandError("--address needs --backend ray")
    out = Path(args.out)
    prepare_folder(out, args.force)
    jobs = [GameJob(args.game, tuple(players), options, args.seed, i, args.table) for i in range(args.games)]  # type: ignore[arg-type]
    written: list[GameResult] = []
    running: dict[int, float] = {}
    try:
        prepare()  # before the workers start: they inherit the compiled simulator
        with progress(f"{args.game}: playing", args.games) as tick:

            def done(result: GameResult) -> None:
                path = out / jobs[result.index].record_name
                with interrupts_held():  # written and counted, or neither
                    write_record(path, result.record)
                    written.append(result)
                running.pop(result.index, None)
                if args.json_lines:
                    print(json.dumps({**result.summary, "record": str(path)}), flush=True)
                tick(f"{path.name}: {outcome(result.summary, players)}", len(written) + sum(running.values()))

            def under_way(report: MatchProgress) -> None:
                running[report.index] = report.share
                tick.at(len(written) + sum(running.values()), report.label)

            try:
                played = run_jobs(args.backend, jobs, done, workers=args.jobs, address=args.address,
                                  on_progress=under_way)  # fmt: skip
            except BackendError as exc:
                raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        raise Interrupted(f"stopped after {len(written)} of {args.games} matches; "
                          f"{len(written)} records are in {out}/") from None  # fmt: skip
    results = [{**r.summary, "record": str(out / jobs[r.index].record_name)} for r in played]
    summary = summarise(results, players, out)
    if args.json:
        print(json.dumps(summary, indent=1))
    elif args.json_lines:
        print(json.dumps({"totals": summary}))
    else:
        _print_summary(summary, args.game)
    return 1 if summary["errors"] else 0
