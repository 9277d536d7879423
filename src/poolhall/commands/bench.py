"""``poolhall bench KIND``: run one benchmark (a module of ``poolhall.bench``) and print its report."""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import subprocess
import sys
from types import ModuleType

from poolhall.bench import KINDS
from poolhall.cli import CommandError, Interrupted
from poolhall.commands.progress import progress

HELP = "measure the simulator, the computer players and the server"
#: Kinds whose module has another name (``break`` is a Python keyword).
MODULES = {"break": "breaks"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kind",
        choices=tuple(KINDS),
        # argparse expands %-formats in help: a kind's "under 1 %" would end --help in a traceback
        help="what to measure: " + "; ".join(f"{k}: {v}" for k, v in KINDS.items()).replace("%", "%%"),
    )
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
    parser.add_argument("--repeat", type=int, metavar="N", help="physics, batch, env: timed runs per case (default 20)")
    parser.add_argument("--games", type=int, metavar="N", help="ai: games per pairing (default 20)")
    parser.add_argument("--breaks", type=int, metavar="N", help="break: breaks played (default 200)")
    parser.add_argument("--strokes", type=int, metavar="N", help="airborne: strokes played (default 600)")
    parser.add_argument("--minutes", type=float, metavar="N", help="soak: how long (default 10)")
    parser.add_argument("--positions", type=int, metavar="N", help="pots: positions (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="pots: the seed of the positions (default 0)")


#: What a kind's ``SIZE`` counts -> the option that sets it and its default; a kind with ``SIZE = "fixed"``
#: takes none of them.
SIZES = {
    "repeat": ("--repeat", 20),
    "games": ("--games", 20),
    "breaks": ("--breaks", 200),
    "strokes": ("--strokes", 600),
    "minutes": ("--minutes", 10.0),
    "positions": ("--positions", 200),
}


def load_kind(kind: str) -> ModuleType:
    """The benchmark module of ``kind``; a kind not built yet is a plain ``CommandError``."""
    name = f"poolhall.bench.{MODULES.get(kind, kind)}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            raise CommandError(f"the {kind} benchmark is not built yet") from None
        raise


def size_of(args: argparse.Namespace, module: ModuleType) -> float:
    """The run's size from the one option the kind takes (``--repeat``, ``--games``, ...); the others are refused."""
    counts = getattr(module, "SIZE", "repeat")
    size = SIZES[counts][1] if counts in SIZES else 1
    for what, (option, _) in SIZES.items():
        value = getattr(args, what)
        if value is None:
            continue
        if what != counts:
            takes = f"takes {SIZES[counts][0]}" if counts in SIZES else "is one fixed run"
            raise CommandError(f"{option} does not apply to bench {args.kind}, which {takes}")
        if value <= 0:  # whole numbers from 1; a time (--minutes) may be a fraction
            raise CommandError(
                f"{option} {value}: expected " + ("more than 0" if isinstance(value, float) else "at least 1")
            )
        size = value
    return size


def run(args: argparse.Namespace) -> int:
    module = load_kind(args.kind)
    size = size_of(args, module)
    total = module.steps(size)
    tick = None
    try:
        if hasattr(module, "estimate"):
            print(f"bench {args.kind}: {module.estimate(size)}", file=sys.stderr, flush=True)
        with progress(f"bench {args.kind}", total) as tick:
            try:
                seeded = "seed" in inspect.signature(module.measure).parameters
                report = module.measure(size, tick, seed=args.seed) if seeded else module.measure(size, tick)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        done = 0 if tick is None else tick.steps
        raise Interrupted(f"stopped after {done} of {total} steps; nothing is reported") from None
    print(json.dumps(report) if args.json else module.summary(report))
    return 0
