"""``docs/physics.md``: every Python block runs as written (the opening one, the batch simulator's, the cushions',
the cushion impact's steps)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "physics.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_doc_has_its_examples() -> None:
    assert len(BLOCKS) == 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_block_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"{DOC.name} block {index + 1}", "exec"), {"__name__": f"physics_doc_{index}"})
    out = capsys.readouterr().out
    if index == 1:  # the batch example reports what it found
        assert "first contact on the 1 in" in out and "busiest stroke:" in out
    if index == 2:  # the default, session 30's and the fixed steps send the ball off one cushion within 0.1 degree
        lines = out.splitlines()
        places = {line.split(" off the ")[1].split(" cushion")[0] for line in lines}
        angles = [float(line.split(" cushion at ")[1].split()[0]) for line in lines]
        assert len(lines) == 3 and len(places) == 1
        assert max(angles) - min(angles) < 0.1
    if index == 3:  # the two cushion models send the same ball off at different angles
        han, mathavan = (float(line.split(" at ")[1].split()[0]) for line in out.splitlines())
        assert mathavan > han + 2.0
