"""The referee conformance cases, through the library (in English and Polish) and the real ``poolhall referee``.

The one runner for every case file: the public cases live beside the
repository (``<repo>/../shared/conformance``), our audit cases in
``tests/rules/cases``; add a file to ``CASE_FILES`` and it runs both ways.
Rulings are compared with ``check.py``'s own ``compare``, so this test and the
external checker cannot disagree.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from poolhall.rules import referee

CONFORMANCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "conformance"
#: Our own audit cases, same format (tests/rules/test_audit_cases.py adds checks on their rulings).
AUDIT = Path(__file__).resolve().parent / "cases"
CASE_FILES = (
    CONFORMANCE / "eight-ball.jsonl",
    CONFORMANCE / "straight-pool.jsonl",
    AUDIT / "audit-eight-ball.jsonl",
    AUDIT / "audit-straight-pool.jsonl",
)

#: Case id -> why the case contradicts RULES.md (strict xfail). None are known.
CONTRADICTS_RULES: dict[str, str] = {}


def _load_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_check", CONFORMANCE / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK = _load_check()


def _cases() -> list[Any]:
    params = []
    for path in CASE_FILES:
        name = path.name
        for label, case, problem in CHECK.load_cases([str(path)]):
            assert case is not None, f"{label}: {problem}"
            marks = (
                [pytest.mark.xfail(reason=CONTRADICTS_RULES[label], strict=True)] if label in CONTRADICTS_RULES else []
            )
            params.append(pytest.param(case, id=f"{name}:{label}", marks=marks))
    return params


CASES = _cases()


def _misses(case: dict[str, Any], ruling: Any) -> list[tuple[str, str, str]]:
    assert isinstance(ruling, dict), ruling
    return CHECK.compare(case["expect"], ruling)


@pytest.mark.parametrize("case", CASES)
def test_library(case: dict[str, Any]) -> None:
    """``poolhall.rules.referee`` on the request as JSON text, as the command receives it, in both languages.

    English and Polish rulings both meet ``expect`` and differ only in their
    ``reason``, which is said in each (``--lang pl`` changes words, never a
    ruling; S-01 ... S-54 and the audit cases); an error is the same in both.
    """
    line = json.dumps(case["request"])
    english, polish = referee(line, lang="en"), referee(line, lang="pl")
    assert _misses(case, english) == []
    assert _misses(case, polish) == []
    if "error" in english:  # bad input is answered the same way in every language
        assert polish == english
        return
    assert english["reason"] and polish["reason"] and english["reason"] != polish["reason"]
    assert {k: v for k, v in english.items() if k != "reason"} == {k: v for k, v in polish.items() if k != "reason"}


@pytest.fixture(scope="module")
def process() -> Any:
    """One long-running ``poolhall referee``, spoken to line by line by check.py's own driver."""
    # The interpreter running the tests, so a worktree with PYTHONPATH=src and another checkout's venv
    # speaks to its own referee, whatever is on PATH.
    argv = [sys.executable, "-m", "poolhall.cli", "referee"]
    proc = CHECK.Referee(argv, timeout=30.0)
    yield proc
    popen = proc.proc
    proc.close()
    if popen is not None:  # check.py leaves the output pipes to its reader threads; close them here
        for stream in (popen.stdout, popen.stderr):
            if stream is not None:
                stream.close()
    assert proc.restarts == 0


@pytest.mark.parametrize("case", CASES)
def test_command(case: dict[str, Any], process: Any) -> None:
    """The same case through the real process: one line in, one JSON line out."""
    status, text = process.ask(json.dumps(case["request"], ensure_ascii=False, separators=(",", ":")))
    assert status == "ok", text
    assert _misses(case, json.loads(text)) == []
