"""``poolhall referee``: one JSON line in, one JSON line out, garbage included, exit 0 at EOF."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from eb_requests import call, closed_request, pocketed

from poolhall.commands import referee as command

GOOD = json.dumps(closed_request([2, 8, 9], call=call(2, "foot-left"), first_contact=[2], pocketed=[pocketed(2)]))


def _poolhall() -> list[str]:
    script = Path(sys.executable).with_name("poolhall")
    if script.exists():
        return [str(script)]
    found = shutil.which("poolhall")
    return [found] if found else [sys.executable, "-m", "poolhall.cli"]


def _run(lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*_poolhall(), "referee", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def test_each_line_gets_one_answer_and_eof_exits_zero() -> None:
    lines = [GOOD, "", "not json", '{"game": "eight-ball"}', "   ", '{"game": "darts", "situation": {}}', GOOD, "[1,"]
    done = _run(lines)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 6  # blank lines are skipped
    assert answers[0]["next_shooter"] == "A" and answers[0]["turn_continues"] is True
    assert answers[1]["error"]["field"] == "request"
    assert answers[2]["error"]["field"] == "situation"
    assert answers[3]["error"]["field"] == "game"
    assert answers[4] == answers[0]
    assert "error" in answers[5]


def test_lang_pl_gives_polish_reasons() -> None:
    done = _run([GOOD], "--lang", "pl")
    assert done.returncode == 0
    reason = json.loads(done.stdout)["reason"]
    assert reason.startswith("Gracz A wbija zadeklarowaną bilę 2 do łuzy górnej lewej i gra dalej.")


def test_unknown_language_is_a_usage_error() -> None:
    done = _run([GOOD], "--lang", "de")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def test_a_fault_inside_the_referee_is_still_an_error_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last resort: an unexpected exception becomes an error object and the loop goes on."""
    calls = iter([RuntimeError("boom"), None])

    def flaky(line: str, lang: str) -> dict[str, object]:
        exc = next(calls)
        if exc is not None:
            raise exc
        return {"ok": True}

    monkeypatch.setattr(command, "referee", flaky)
    out = io.StringIO()
    command.serve(io.StringIO("{}\n{}\n"), out, "en")
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["error"]["field"] == "request" and "boom" in first["error"]["message"]
    assert second == {"ok": True}


def test_reader_going_away_is_no_traceback() -> None:
    """A consumer that stops reading (``| head -1``) ends the command quietly."""
    proc = subprocess.Popen(
        [*_poolhall(), "referee"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(GOOD + "\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["next_shooter"] == "A"
    proc.stdout.close()
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.write((GOOD + "\n") * 5000)
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    err = proc.stderr.read()
    proc.stderr.close()
    assert "Traceback" not in err
