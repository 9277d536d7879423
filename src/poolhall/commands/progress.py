"""Progress of long commands on stderr: a live bar on a terminal, plain lines in a log, both with an ETA.

A rich progress bar draws nothing when stderr is not a terminal (``nohup``,
CI, a file), and an hour-long ``bench ai`` run then says nothing until it
ends. So off a terminal the same ticks become one line at the first tick, one
per ``LOG_SHARE`` of the work after it, and the last, each with the count, the share, the elapsed time,
the time left and the latest label.

Work is counted in steps (games, timed runs), but a step can be long (a 14.1
match to 150): ``tick.at(done, label)`` moves the count to a fraction of
steps while one is under way, so the bar, and its ETA, move too.
"""

from __future__ import annotations

import abc
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

#: Off a terminal, a line each time this share of the work more is done.
LOG_SHARE = 0.05


def clock(seconds: float) -> str:
    """``75.2`` -> ``1m15s``."""
    whole = int(seconds)
    return f"{whole // 60}m{whole % 60:02d}s"


class Tick(abc.ABC):
    """Called once per finished step (``tick(label)``); ``tick.at(done, label)`` while steps are under way.

    Subclasses say how the progress is shown (a bar on a terminal, plain lines in a log).
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0.0
        self.steps = 0
        self.start = time.monotonic()

    def __call__(self, label: str, done: float | None = None) -> None:
        """One more step finished; ``done`` counts the steps under way too (default: the finished ones)."""
        self.steps += 1
        self.at(self.steps if done is None else done, label)

    def at(self, done: float, label: str) -> None:
        self.done = min(max(done, self.steps), self.total)
        self.show(label)

    def left(self) -> float | None:
        """Seconds left at the pace so far; None before any work is done."""
        if self.done <= 0:
            return None
        return (time.monotonic() - self.start) * (self.total - self.done) / self.done

    @abc.abstractmethod
    def show(self, label: str) -> None:
        """Show the progress so far, with ``label`` naming the last step."""


class _Bar(Tick):
    def __init__(self, total: int, bar: Progress, description: str) -> None:
        super().__init__(total)
        self.bar = bar
        self.task = bar.add_task(description, total=total)

    def show(self, label: str) -> None:
        self.bar.update(self.task, completed=self.done, description=label)


class _Lines(Tick):
    def __init__(self, total: int, out: TextIO, description: str) -> None:
        super().__init__(total)
        self.out = out
        self.description = description
        self.next_line = 0.0  # the first tick says at once that the work has begun
        self.finished = False

    def show(self, label: str) -> None:
        last = self.steps == self.total
        if self.finished or (self.done < self.next_line and not last):
            return
        self.finished = last
        self.next_line = self.done + LOG_SHARE * self.total
        left = self.left()
        eta = "" if left is None or last else f", about {clock(left)} left"
        shown = f"{self.done:.0f}" if self.done == int(self.done) else f"{self.done:.2f}"
        print(f"{self.description}: {shown}/{self.total} ({self.done / max(self.total, 1):.0%}), "
              f"{clock(time.monotonic() - self.start)}{eta}, last: {label}", file=self.out, flush=True)  # fmt: skip


@contextmanager
def progress(description: str, total: int, stream: TextIO | None = None) -> Iterator[Tick]:
    """Yields the ``Tick`` of ``total`` steps."""
    out = stream or sys.stderr
    if out.isatty():
        columns = (
            TextColumn("{task.description:<40}"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=Console(file=out), transient=True) as bar:
            yield _Bar(total, bar, description)
        return
    yield _Lines(total, out, description)
