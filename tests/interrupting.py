"""Start ``poolhall ARGV`` as a real process, wait for a line it prints, and press Ctrl-C (real SIGINTs)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

#: A guard against a hang, not a speed claim: every interrupted run stops in a few seconds when it works.
HANG = 60


def start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "poolhall.cli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def wait_for(proc: subprocess.Popen[str], words: str) -> list[str]:
    """Read stderr until a line holds ``words``; the lines read."""
    assert proc.stderr is not None
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if words in line:
            return lines
    raise AssertionError(f"the command ended before saying {words!r}: {''.join(lines)}")


def interrupt(proc: subprocess.Popen[str], times: int) -> tuple[int, str, str]:
    for _ in range(times):
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=HANG)
    return proc.returncode, out, err
