"""``poolhall simulate`` and ``poolhall replay`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from poolhall import cli


def _simulate(out: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    code = cli.main(["simulate", "--game", "eight-ball", "--games", "2", "--jobs", "2", "--seed", "0",
                     "--out", str(out), "--json"])  # fmt: skip
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary.pop("records") == str(out)
    return summary


@pytest.mark.slow
def test_simulate_twice_gives_identical_records_then_replay_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _simulate(tmp_path / "one", capsys)
    second = _simulate(tmp_path / "two", capsys)
    assert first == second and first["matches"] == 2 and not first["errors"]
    assert sum(seat["wins"] for seat in first["seats"].values()) == 2
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == ["match-0001.json", "match-0002.json"]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()

    record = tmp_path / "one" / names[0]
    assert cli.main(["replay", str(record)]) == 0
    text = capsys.readouterr().out
    assert "#  1 " in text and " won: " in text
    assert cli.main(["replay", str(record), "--verify"]) == 0
    assert "replay exactly" in capsys.readouterr().out

    data = json.loads(record.read_text())
    data["shots"][1]["after"]["balls"]["0"][0] += 1e-9
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    assert cli.main(["replay", str(tampered), "--verify"]) == 1
    assert "shot 2 differs" in capsys.readouterr().out


def test_bad_arguments_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--players", "simple", "nobody", "--out", str(tmp_path)]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err
    assert cli.main(["simulate", "--games", "0", "--out", str(tmp_path)]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"format": "something-else"}')
    assert cli.main(["replay", str(tmp_path / "bad.json")]) == 2
    assert "format" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "none.json")]) == 2


@pytest.mark.parametrize(
    ("given", "error"),
    [
        (["--option", "calls"], "expected NAME=VALUE"),
        (["--option", "colour=red"], "options.colour: unknown field"),
        (["--option", "calls=sometimes"], "options.calls: got 'sometimes'"),
        (["--option", "spot_jumped_balls=maybe"], "options.spot_jumped_balls: expected true or false"),
        (["--game", "straight-pool", "--option", "calls=none"], "14.1 is a called game"),  # 14.1-7.1
        (["--option", "explicit_calls=true", "--option", "calls=none"], "contradicts"),  # CFG-6
    ],
)
def test_simulate_refuses_house_rules_the_referee_refuses(
    given: list[str], error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", *given, "--out", str(tmp_path)]) == 2
    assert error in capsys.readouterr().err and not list(tmp_path.iterdir())


def test_simulate_plays_under_the_house_rules_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CFG-4 and the call mode reach the match: the record's options say so and no shot carries a call."""
    code = cli.main(["simulate", "--games", "1", "--jobs", "1", "--option", "calls=none",
                     "--option", "spot_jumped_balls=false", "--out", str(tmp_path), "--json"])  # fmt: skip
    assert code == 0 and not json.loads(capsys.readouterr().out)["errors"]
    record = json.loads((tmp_path / "match-0001.json").read_text())
    assert record["options"]["calls"] == "none" and record["options"]["spot_jumped_balls"] is False
    assert all(shot["facts"].get("call") in (None, "safety") for shot in record["shots"])


def test_replay_draws_one_shot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from poolhall.game import Match
    from poolhall.game.players import make_player
    from poolhall.game.record import save

    match = Match("eight-ball", seed=11)
    for _ in range(4):
        match.apply(match.state.to_act, make_player("simple").act(match.view()))
    save(match, tmp_path / "m.json")
    png = tmp_path / "shot.png"
    assert cli.main(["replay", str(tmp_path / "m.json"), "--shot", "1", "--png", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert cli.main(["replay", str(tmp_path / "m.json"), "--shot", "9", "--png", str(png)]) == 2
    assert f"shots 1 to {len(match.shots)}" in capsys.readouterr().err
