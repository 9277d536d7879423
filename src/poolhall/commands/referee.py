"""``poolhall referee``: the referee JSON contract over standard input and output.

One JSON request per line in, one JSON ruling (or ``{"error": ...}``) per line
out, flushed after each, so a scorekeeping app can keep one process open.
Blank lines are skipped. Nothing a line holds stops the process: bad input is
an error object, and even a fault of the referee itself is reported as one
(field ``request``) rather than a traceback.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from typing import Any, TextIO

from poolhall.rules import referee
from poolhall.rules.text import LANGUAGES

HELP = "rule shots: JSON requests on stdin, rulings on stdout"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the reasons (default: en)")


def answer(line: str, lang: str) -> dict[str, Any]:
    """The reply to one input line; never raises."""
    try:
        return referee(line, lang)
    except Exception as exc:  # the last resort the contract promises: an error object, not a traceback
        return {"error": {"field": "request", "message": f"the referee could not rule on this request: {exc!r}"}}


def serve(stdin: TextIO, stdout: TextIO, lang: str) -> None:
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(answer(line, lang), ensure_ascii=False) + "\n")
        stdout.flush()


def run(args: argparse.Namespace) -> int:
    # The contract is UTF-8 whatever the locale; undecodable bytes become a JSON error, not a crash.
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors="replace")
    try:
        serve(sys.stdin, sys.stdout, args.lang)
    except BrokenPipeError:
        # The reader went away (e.g. ``| head``): stop quietly, and keep Python's exit flush from failing too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
