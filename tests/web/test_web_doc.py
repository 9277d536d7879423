"""``docs/web.md``: every Python block runs as written (the stale-action and refusal example of the protocol)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_doc_has_its_example() -> None:
    assert len(BLOCKS) == 1


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_block_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"{DOC.name} block {index + 1}", "exec"), {"__name__": f"web_doc_{index}"})
    assert capsys.readouterr().out.strip().splitlines() == ["stale 2", "illegal break-safety {}"]
