"""``poolhall bench KIND``: run one benchmark (a module of ``poolhall.bench``) and print its report."""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import subprocess
from types import ModuleType

from poolhall.bench import KINDS
from poolhall.cli import CommandError
from poolhall.commands.progress import progress

HELP = "measure the simulator, the computer players and the server"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kind", choices=tuple(KINDS), help="what to measure: " + "; ".join(f"{k}: {v}" for k, v in KINDS.items())
    )
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    parser.add_argument("--repeat", type=int, default=20, metavar="N", help="timed runs per case (default 20)")
    parser.add_argument("--games", type=int, default=20, metavar="N", help="ai: games per pairing (default 20)")
    parser.add_argument("--positions", type=int, default=200, metavar="N", help="pots: positions (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="pots: the seed of the positions (default 0)")


def load_kind(kind: str) -> ModuleType:
    """The benchmark module of ``kind``; a kind not built yet is a plain ``CommandError``."""
    try:
        return importlib.import_module(f"poolhall.bench.{kind}")
    except ModuleNotFoundError as exc:
        if exc.name == f"poolhall.bench.{kind}":
            raise CommandError(f"the {kind} benchmark is not built yet") from None
        raise


def run(args: argparse.Namespace) -> int:
    if args.repeat < 1:
        raise CommandError(f"--repeat {args.repeat}: expected at least 1")
    if args.games < 1:
        raise CommandError(f"--games {args.games}: expected at least 1")
    if args.positions < 1:
        raise CommandError(f"--positions {args.positions}: expected at least 1")
    module = load_kind(args.kind)
    # a kind measures timed repeats, games played (SIZE = "games") or positions (SIZE = "positions")
    size = {"games": args.games, "positions": args.positions}.get(getattr(module, "SIZE", "repeat"), args.repeat)
    seeded = "seed" in inspect.signature(module.measure).parameters
    with progress(f"bench {args.kind}", module.steps(size)) as tick:
        try:
            report = module.measure(size, tick, seed=args.seed) if seeded else module.measure(size, tick)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            raise CommandError(str(exc)) from None
    print(json.dumps(report) if args.json else module.summary(report))
    return 0
