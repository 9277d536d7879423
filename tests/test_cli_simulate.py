"""``poolhall simulate`` as a newcomer meets it: names in any case and by alias, a points target for 14.1,
a summary that says where the records went, an old folder refused without ``--force``, ``--json-lines``."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from cli_run import run
from poolhall.commands.progress import progress
from poolhall.game import Match
from poolhall.game.match import view_of
from poolhall.rules.model import Options
from poolhall.tournament import match_progress


def test_aliases_and_any_case_reach_the_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--game", "8BALL", "--players", "Simple", "SIMPLE", "--jobs", "1",
                        "--out", str(tmp_path), "--json"], capsys)  # fmt: skip
    assert code == 0
    summary = json.loads(out)
    assert summary["records"] == str(tmp_path) and summary["seats"]["A"]["player"] == "simple"
    record = json.loads((tmp_path / "match-0001.json").read_text())
    assert record["game"] == "eight-ball" and record["players"] == {"A": "simple", "B": "simple"}


def test_straight_pool_plays_to_the_points_given_and_shows_the_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["simulate", "--game", "14.1", "--points", "12", "--jobs", "1", "--out", str(tmp_path)], capsys)
    assert code == 0
    record = json.loads((tmp_path / "match-0001.json").read_text())
    score = record["result"]["score"]
    assert record["options"]["points_to_win"] == 12 and max(score.values()) >= 12
    header = next(line for line in out.splitlines() if "player" in line)
    assert "points" in header  # the 14.1 table has a points column
    row = next(line for line in out.splitlines() if line.strip("│ ").startswith(record["result"]["winner"]))
    assert str(score[record["result"]["winner"]]) in row
    assert out.strip().splitlines()[-1] == f"1 records in {tmp_path}/ (poolhall replay FILE shows one)"


def test_the_table_given_is_the_records_and_they_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--table`` (a bar box's 7 feet, say): the matches are played and recorded on it, and replay exactly."""
    code, _, _ = run(["simulate", "--table", "7FT", "--jobs", "1", "--out", str(tmp_path), "--json"], capsys)
    assert code == 0
    assert json.loads((tmp_path / "match-0001.json").read_text())["table"] == "7-foot"
    code, _, err = run(["replay", "--verify", str(tmp_path / "match-0001.json")], capsys)
    assert code == 0, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game", "straight-pool", "--race", "3"], "--race is for eight-ball; a 14.1 match is played to a points"),
        (["--points", "50"], "--points is for straight pool"),
        (["--game", "snooker"], "unknown game 'snooker'"),
        (["--players", "Simple", "nobody"], "unknown player 'nobody'"),
        (["--json", "--json-lines"], "not allowed with argument"),
        (["--table", "10-foot"], "unknown table '10-foot': expected 7-foot, 8-foot or 9-foot"),
    ],
)
def test_refused_with_one_line(argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["simulate", *argv, "--out", str(tmp_path / "r")], capsys)
    assert code == 2 and words in err and err.count("\n") == 1
    assert not (tmp_path / "r").exists()


def test_an_old_records_folder_is_refused_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i in (1, 2, 3):
        (tmp_path / f"match-000{i}.json").write_text("old")
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = run(["simulate", "--jobs", "1", "--out", str(tmp_path)], capsys)
    assert code == 2 and "already holds 3 records of an earlier run" in err and "--force" in err
    assert (tmp_path / "match-0003.json").read_text() == "old"
    code, _, _ = run(["simulate", "--jobs", "1", "--out", str(tmp_path), "--force"], capsys)
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-0001.json", "notes.txt"]
    assert json.loads((tmp_path / "match-0001.json").read_text())["format"] == "poolhall-record"


def test_json_lines_is_one_line_per_match_then_the_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--games", "3", "--out", str(tmp_path), "--json-lines"], capsys)
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4 and set(lines[-1]) == {"totals"}
    assert sorted(line["index"] for line in lines[:3]) == [0, 1, 2]
    for line in lines[:3]:
        assert Path(line["record"]).exists() and line["winner"] in ("A", "B")
    assert lines[-1]["totals"]["matches"] == 3


def test_a_long_match_moves_the_progress_and_its_eta() -> None:
    """A 14.1 match under way counts as its score over the target, so the log moves before it ends."""
    match = Match("straight-pool", Options(points_to_win=100), seed=0)
    report = match_progress(0, view_of(dataclasses.replace(match.state, score={"A": 40, "B": 25})))
    assert report.share == 0.4 and report.label.startswith("match 1: 40-25 of 100")
    out = io.StringIO()
    with progress("straight-pool: playing", 1, out) as tick:
        tick.at(report.share, report.label)
        tick("match-0001.json: A won 100-61")
    first, last = out.getvalue().splitlines()
    assert first.startswith("straight-pool: playing: 0.40/1 (40%)") and "left, last: match 1: 40-25" in first
    assert last.startswith("straight-pool: playing: 1/1 (100%)") and "left" not in last
