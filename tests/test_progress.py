"""Progress of long commands off a terminal: plain lines, a few of them, the last one at 100 %."""

from __future__ import annotations

import io

from poolhall.commands.progress import LOG_SHARE, progress


def test_off_a_terminal_the_ticks_become_a_few_plain_lines() -> None:
    out = io.StringIO()  # not a terminal, like nohup's file or CI's log
    with progress("bench ai", 200, out) as tick:
        for i in range(200):
            tick(f"game {i}")
    lines = out.getvalue().splitlines()
    assert len(lines) == round(1 / LOG_SHARE) + 1  # the first tick, then every 5 %
    assert lines[0].startswith("bench ai: 1/200 (0%), 0m0") and lines[0].endswith("last: game 0")
    assert lines[1].startswith("bench ai: 11/200 (6%), 0m0") and lines[1].endswith("last: game 10")
    assert lines[-1].startswith("bench ai: 200/200 (100%)") and "\x1b" not in out.getvalue()


def test_a_short_run_still_ends_with_its_last_line() -> None:
    out = io.StringIO()
    with progress("simulate", 3, out) as tick:
        for i in range(3):
            tick(f"match {i}")
    assert out.getvalue().splitlines()[-1].startswith("simulate: 3/3 (100%)")
