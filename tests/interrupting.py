"""Start ``poolhall ARGV`` as a real process, wait for a line it prints, and press Ctrl-C (real SIGINTs)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

#: A guard against a hang, not a speed claim: every interrupted run stops in a few seconds when it works.
HANG = 60


def start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    """The command as a terminal starts it: with Ctrl-C at its default, whatever this process inherited (a
    suite run as a background job of a shell without job control has SIGINT ignored, and a child would
    inherit that and never see the Ctrl-C sent before it installs its own handler)."""
    return subprocess.Popen([sys.executable, "-m", "poolhall.cli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_as_in_a_terminal)  # fmt: skip


def _ctrl_c_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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


def interrupt_simulate(cwd: Path, backend: list[str], presses: int) -> tuple[list[Path], str]:
    """``simulate --games 400`` on ``backend`` interrupted by ``presses`` Ctrl-C once a record is written.

    Checks what every backend must do (exit 130, only whole records kept, the closing line saying how many
    and where); returns the records and stderr for the caller's own checks.
    """
    proc = start(["simulate", "--games", "400", *backend, "--out", "records"], cwd)
    wait_for(proc, "match-0")
    code, _, err = interrupt(proc, presses)
    assert code == 130, err
    records = sorted((cwd / "records").iterdir())
    assert records and all(p.suffix == ".json" for p in records)  # no half-written file
    for path in records:
        assert json.loads(path.read_text())["result"]["over"]
    said = (f"poolhall simulate: interrupted: stopped after {len(records)} of 400 matches; "
            f"{len(records)} records are in records/")  # fmt: skip
    assert said in err.splitlines() and len(records) < 400 and "Traceback" not in err
    return records, err
