"""``poolhall render`` and ``bench``: bad input gets one line and status 2, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from cli_run import run
from poolhall import cli


def test_render_a_rack_writes_the_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rack.png"
    code, stdout, _ = run(
        ["render", "--rack", "straight-pool", "--seed", "2", "--cue", "0.4,0.6", "-o", str(out)], capsys
    )
    assert code == 0 and str(out) in stdout
    assert np.asarray(Image.open(out)).shape[1] == 1600


def test_render_a_layout_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "layout.json"
    src.write_text(json.dumps({"table": "7-foot", "balls": {"0": [0.4, 0.5], "8": [1.5, 0.5]}}))
    code, _, _ = run(["render", "--layout", str(src), "-o", str(tmp_path / "l.png")], capsys)
    assert code == 0 and (tmp_path / "l.png").exists()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["render", "--cue", "5,5"], "ball 0: (5.0000, 5.0000) is not on the cloth"),
        (["render", "--cue", "0.5"], "--cue '0.5': expected two numbers"),
        (["render", "--rack", "eight-ball", "--cue", "1.905,0.635"], "balls 0 and"),
        (["render", "--layout", "/no/such/file.json"], "cannot read /no/such/file.json"),
        (["render", "--table", "10-foot", "--rack", "eight-ball"], "unknown table"),
        (["render", "--rack", "eight-ball", "-o", "/no/such/dir/x.png"], "folder /no/such/dir does not exist"),
    ],
)
def test_render_bad_input_is_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_render_bad_layout_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(["render", "--layout", str(bad)], capsys)
    assert code == 2 and "is not valid JSON" in err
    bad.write_text(json.dumps({"balls": {"1": [0, 0]}}))
    code, _, err = run(["render", "--layout", str(bad)], capsys)
    assert code == 2 and "ball 1" in err


def test_bench_bad_repeat_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["bench", "physics", "--repeat", "0"], capsys)
    assert code == 2 and "--repeat 0" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["render", "--cue", "nan,0.6"], "--cue 'nan,0.6': expected two finite numbers"),
        (["render", "--cue", "0.5,inf"], "expected two finite numbers"),
        (["render", "--rack", "eight-ball", "--cue", "0.5,0.6", "--shot", "speed=0,phi=0"], "a speed above 0"),
        (["render", "--rack", "eight-ball", "--cue", "0.5,0.6", "--shot", "speed=-2,phi=0"], "a speed above 0"),
        (["render", "--rack", "eight-ball", "-o", "shot.txt"], "-o shot.txt: expected a file ending in .png"),
    ],
)
def test_render_refuses_what_it_cannot_draw(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2 and words in err and err.count("\n") == 1


def test_render_onto_a_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "out.png").mkdir()
    code, _, err = run(["render", "--rack", "eight-ball", "-o", str(tmp_path / "out.png")], capsys)
    assert code == 2 and "is a folder" in err and err.count("\n") == 1


def test_render_refuses_unknown_layout_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "layout.json"
    src.write_text(json.dumps({"table": "9-foot", "balls": {"0": [0.4, 0.5]}, "ballz": {"8": [1.5, 0.5]}}))
    code, _, err = run(["render", "--layout", str(src), "-o", str(tmp_path / "l.png")], capsys)
    assert code == 2 and "unknown field 'ballz'" in err and not (tmp_path / "l.png").exists()


def test_render_says_what_the_shot_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A straight shot along the long axis at a lone ball: the cue ball hits it first; nothing is pocketed."""
    src = tmp_path / "layout.json"
    src.write_text(json.dumps({"table": "9-foot", "balls": {"0": [0.5, 0.635], "3": [1.5, 0.635]}}))
    code, out, _ = run(["render", "--layout", str(src), "--shot", "speed=1.5,phi=0", "-o", str(tmp_path / "s.png")],
                       capsys)  # fmt: skip
    assert code == 0
    said = out.splitlines()[1]
    pattern = (
        r"the cue ball hits 3 first; pockets nothing; [1-9]\d* ball-ball and \d+ cushion contacts; "
        r"every ball at rest after \d+\.\d\d s"
    )
    assert re.fullmatch(pattern, said), said


def test_a_rack_shot_without_cue_breaks_from_the_kitchen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A fresh rack has no cue ball; with ``--shot`` it starts behind the head string's centre (RULES GEN-9),
    so a straight stroke (phi = 0, along the long axis) meets the rack's apex ball, on the foot spot, first."""
    from poolhall.equipment import TableSpec
    from poolhall.racking import break_spot, eight_ball_rack

    table = TableSpec.named("9-foot")
    x, y = break_spot(table)
    assert x < table.head_string_x and y == pytest.approx(table.width / 2)
    rack = eight_ball_rack(3, table, loose=True)
    apex = min(rack.on_table, key=lambda ball: rack.position(ball)[0])
    out = tmp_path / "break.png"
    code, said, err = run(["render", "--rack", "8ball", "--seed", "3", "--shot", "speed=8,phi=0", "-o", str(out)],
                          capsys)  # fmt: skip
    assert code == 0, err
    assert f"the cue ball hits {apex} first" in said.splitlines()[1] and out.exists()


@pytest.mark.parametrize("alias", ["14.1", "Straight-Pool", "8-ball"])
def test_render_takes_the_games_aliases(alias: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["render", "--rack", alias, "-o", str(tmp_path / "r.png")], capsys)
    assert code == 0, err


def test_render_unknown_rack_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["render", "--rack", "9ball"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "unknown game '9ball'" in err and len(err.strip().splitlines()) == 1
