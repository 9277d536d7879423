"""The README's examples run as written: the library block and the referee command line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")


def test_the_library_example_runs_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    (block,) = re.findall(r"```python\n(.*?)```", TEXT, flags=re.DOTALL)
    assert len([line for line in block.splitlines() if line.strip()]) <= 12
    exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("[('stroke', (0,))")
    assert "pocketed the nominated 1" in out[1] or "nominated 1" in out[1]
    assert out[1].endswith("{'A': 1, 'B': 0}")


def test_the_referee_example_pipes_to_a_ruling() -> None:
    (block,) = re.findall(r"```sh\necho '(.*?)' \\\n", TEXT, flags=re.DOTALL)
    request = block.replace("\n", "")
    done = subprocess.run(
        [sys.executable, "-m", "poolhall.cli", "referee"], input=request + "\n", capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert '"turn_continues": true' in done.stdout
    assert '"foul": false' in done.stdout


def test_the_readme_shows_the_two_commands_first() -> None:
    first_block = re.search(r"```sh\n(.*?)```", TEXT, flags=re.DOTALL)
    assert first_block is not None
    assert "make play" in first_block.group(1) and "make test" in first_block.group(1)
