"""The Makefile a newcomer runs: ``make play`` installs only the app's extra and says where the command is;
``make test`` installs Chromium only as root on Debian, and elsewhere says what to install instead of failing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), *args], capture_output=True, text=True)


def test_make_play_installs_the_web_extra_only() -> None:
    done = make("-n", "-W", "pyproject.toml", "play")  # as if pyproject.toml had changed: print, do not run
    installs = [line for line in done.stdout.splitlines() if "pip install" in line and "-e" in line]
    assert installs and all(re.search(r'-e "\.\[web\]"', line) for line in installs), done.stdout
    assert ".venv/bin/poolhall" in done.stdout and "activate" in done.stdout


@pytest.mark.parametrize(
    ("debian", "user", "said"),
    [
        (True, "1000", "the browser tests need Chromium: sudo apt-get install chromium"),
        (False, "0", "install it with your system's packages"),
    ],
)
def test_without_chromium_make_says_what_to_install(debian: bool, user: str, said: str, tmp_path: Path) -> None:
    marker = tmp_path / "debian_version"
    if debian:
        marker.write_text("12\n")
    done = make("browser", f"CHROMIUM={tmp_path / 'no-chromium'}", f"DEBIAN={marker}", f"USER_ID={user}")
    assert done.returncode == 0 and said in done.stdout and "apt-get update" not in done.stdout


def test_as_root_on_debian_make_installs_chromium(tmp_path: Path) -> None:
    marker = tmp_path / "debian_version"
    marker.write_text("12\n")
    log = tmp_path / "apt.log"
    apt = tmp_path / "apt-get"  # stands in for apt-get: records how it was called
    apt.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    apt.chmod(0o755)
    done = make("browser", f"APT={apt}", f"CHROMIUM={tmp_path / 'none'}", f"DEBIAN={marker}", "USER_ID=0")
    assert done.returncode == 0 and "installing Debian's chromium" in done.stdout
    assert log.read_text().splitlines() == ["update -qq", "install -y -qq chromium"]
