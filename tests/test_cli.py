"""The command line: every command is listed and none ends in a traceback."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from poolhall import cli


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for name in ("play", "serve", "simulate", "referee", "replay", "render", "bench"):
        assert name in out


@pytest.mark.parametrize("name", list(cli.COMMANDS))
def test_every_command_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``poolhall bench --help`` once ended in a traceback (a "%" in a benchmark's line)."""
    with pytest.raises(SystemExit) as exit_info:
        cli.main([name, "--help"])
    assert exit_info.value.code == 0
    assert f"poolhall {name}" in capsys.readouterr().out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 0
    assert "commands" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["fly"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "poolhall.cli", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.startswith("poolhall ")


def test_an_unknown_flag_names_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["render", "--rack", "eight-ball", "--colour", "red"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == (
        "poolhall render: unrecognized arguments: --colour red (see poolhall render --help)\n"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["bench", "web", "--games", "5"], "--games does not apply to bench web, which is one fixed run"),
        (["bench", "ai", "--repeat", "3"], "--repeat does not apply to bench ai, which takes --games"),
        (["bench", "physics", "--games", "3"], "--games does not apply to bench physics, which takes --repeat"),
        (["bench", "ai", "--games", "0"], "--games 0: expected at least 1"),
    ],
)
def test_bench_takes_only_the_size_its_kind_counts(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == f"poolhall bench: {words}\n"


def test_bench_ai_says_how_long_before_it_starts() -> None:
    from poolhall.bench import ai

    said = ai.estimate(20)
    assert said.startswith(f"{ai.steps(20)} games on 2 processes, about ")
    minutes = ai.steps(20) * ai.SECONDS_PER_GAME / 60
    assert f"about {minutes:.0f} minutes" in said and "--games 2" in said
    assert "--games" not in ai.estimate(1)  # a short run needs no hint


def test_the_simulator_compile_is_announced_only_without_a_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from poolhall.commands import warmup

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    out = io.StringIO()
    warmup.announce(out)
    assert out.getvalue() == warmup.MESSAGE + "\n" and "once" in warmup.MESSAGE
    (tmp_path / "poolhall" / "physics").mkdir(parents=True)
    (tmp_path / "poolhall" / "physics" / "state.kernel-17.py311.nbi").write_bytes(b"index")
    out = io.StringIO()
    warmup.announce(out)
    assert out.getvalue() == ""
