"""``poolhall play`` and ``poolhall serve``: the app starts, says where, and bad input is one line, status 2."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from poolhall import cli


@pytest.mark.slow
def test_play_starts_the_app_on_a_free_port_and_prints_its_address(tmp_path: Path) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "poolhall.cli", "play", "--no-browser"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "BROWSER": ""},
    ) as proc:
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            url = re.search(r"http://127\.0\.0\.1:\d+/", line)
            assert url, line
            with urllib.request.urlopen(url.group(0), timeout=10) as page:
                assert b"poolhall" in page.read()
            with urllib.request.urlopen(url.group(0) + "openapi.json", timeout=10) as spec:
                assert b"/api/matches" in spec.read()
            assert (tmp_path / "poolhall.sqlite").exists()
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=20)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--db", "/no/such/dir/x.sqlite"], "folder /no/such/dir does not exist"),
        (["serve", "--port", "70000"], "--port 70000"),
        (["play", "--db", "/no/such/dir/x.sqlite"], "does not exist"),
    ],
)
def test_bad_input_is_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_taken_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
