"""The command line the break diagnostics share: ``--breaks N`` breaks, ``--json`` for the report as JSON.

Imported by ``break_other_racks.py`` and ``centred_break_paths.py`` when they run as scripts (their
folder is first on the path then).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any


def main(doc: str, measure: Callable[[int], dict[str, Any]], summary: Callable[[dict[str, Any]], str]) -> None:
    """Parse the arguments, measure, and print the report for people or as JSON."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--breaks", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args.breaks)
    print(json.dumps(report) if args.json else summary(report))
