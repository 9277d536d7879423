"""The ``poolhall`` command: one entry point, one module per subcommand.

Each subcommand lives in ``poolhall.commands.<name>`` and exposes ``HELP``
(one line), ``add_arguments(parser)`` and ``run(args) -> int``. A subcommand
whose module is not there yet is still listed and says so plainly, so the
command line never ends in a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from poolhall import __version__

#: The subcommands, in the order ``--help`` lists them, with a fallback line
#: used while a command is not built yet.
COMMANDS: dict[str, str] = {
    "play": "start the browser app on this computer and open it",
    "serve": "run the browser app for a club (host, port, database)",
    "simulate": "play matches between computer players and write their records",
    "referee": "rule shots: JSON requests on stdin, rulings on stdout",
    "replay": "print a match record shot by shot, render or verify it",
    "render": "draw a layout and a shot to a PNG",
    "bench": "measure the simulator, the computer players and the server",
}


class CommandError(Exception):
    """A problem the user can fix; printed as one line, exit status 2."""


class Interrupted(Exception):
    """Ctrl-C, after the command has cleaned up: the line says what was kept; exit status 130."""


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line naming the (sub)command, like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _load(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"poolhall.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"poolhall.commands.{name}":
            return None
        raise


def build_parser() -> tuple[Parser, dict[str, ModuleType | None], dict[str, Parser]]:
    parser = Parser(
        prog="poolhall",
        description="Eight-ball and 14.1 straight pool: simulator, referee, computer players, browser app.",
    )
    parser.add_argument("--version", action="version", version=f"poolhall {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    modules: dict[str, ModuleType | None] = {}
    parsers: dict[str, Parser] = {}
    for name, fallback in COMMANDS.items():
        module = _load(name)
        modules[name] = module
        help_text = module.HELP if module is not None else f"{fallback} (not built yet)"
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        parsers[name] = cmd
        if module is not None:
            module.add_arguments(cmd)
    return parser, modules, parsers


def main(argv: Sequence[str] | None = None) -> int:
    parser, modules, parsers = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if args.command is None:
        if unknown:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        parser.print_help()
        return 0
    if unknown:  # said by the subcommand, whose --help lists what it takes
        parsers[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    module = modules[args.command]
    if module is None:
        print(f"poolhall {args.command}: this command is not built yet.", file=sys.stderr)
        return 2
    try:
        return int(module.run(args) or 0)
    except CommandError as exc:
        print(f"poolhall {args.command}: {exc}", file=sys.stderr)
        return 2
    except Interrupted as exc:
        print(f"poolhall {args.command}: interrupted: {exc}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print(f"poolhall {args.command}: interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    # ``python -m poolhall.cli`` runs this file as ``__main__``; the commands raise the errors of
    # ``poolhall.cli``, a second copy of it, so run that copy's ``main`` to catch them.
    from poolhall.cli import main as package_main

    sys.exit(package_main())
