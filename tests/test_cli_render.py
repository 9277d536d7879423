"""``poolhall render`` and ``bench``: bad input gets one line and status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from poolhall import cli


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


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
