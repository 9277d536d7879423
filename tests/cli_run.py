"""Run ``poolhall ARGV`` in this process and take its exit status, stdout and stderr (for the CLI tests)."""

from __future__ import annotations

import pytest

from poolhall import cli


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The exit status (argparse's usage errors exit, so ``SystemExit`` counts), stdout and stderr."""
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
