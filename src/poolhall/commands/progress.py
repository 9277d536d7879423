"""Progress of long commands on stderr: a live bar on a terminal, plain lines in a log.

A rich progress bar draws nothing when stderr is not a terminal (``nohup``,
CI, a file), and an hour-long ``bench ai`` run then says nothing until it
ends. So off a terminal the same ticks become one line per ``LOG_SHARE`` of
the work (and the last), each with the count, the share, the elapsed time and
the latest label.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

#: Off a terminal, a line each time this share of the work more is done.
LOG_SHARE = 0.05


@contextmanager
def progress(description: str, total: int, stream: TextIO | None = None) -> Iterator[Callable[[str], None]]:
    """Yields ``tick(label)``, to call once per finished step of ``total``."""
    out = stream or sys.stderr
    if out.isatty():
        columns = (TextColumn("{task.description:<22}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(file=out), transient=True) as bar:
            task = bar.add_task(description, total=total)
            yield lambda label: bar.update(task, advance=1, description=label)
        return
    start = time.monotonic()
    done = 0
    next_line = LOG_SHARE * total

    def tick(label: str) -> None:
        nonlocal done, next_line
        done += 1
        if done >= next_line or done == total:
            next_line = done + LOG_SHARE * total
            elapsed = int(time.monotonic() - start)
            print(f"{description}: {done}/{total} ({done / max(total, 1):.0%}), {elapsed // 60}m{elapsed % 60:02d}s, "
                  f"last: {label}", file=out, flush=True)  # fmt: skip

    yield tick
