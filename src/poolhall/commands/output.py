"""Where a command writes a file: checked before any work, so a mistyped path is one line, not a traceback."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from poolhall.cli import CommandError


def writable(path: str, option: str, suffixes: Sequence[str]) -> Path:
    """``path`` as a file a command may write: an existing folder, not a folder itself, a known suffix."""
    out = Path(path)
    if out.suffix.lower() not in suffixes:
        raise CommandError(f"{option} {path}: expected a file ending in {' or '.join(suffixes)}")
    if out.is_dir():
        raise CommandError(f"{option} {path}: is a folder; give a file name")
    if not out.parent.is_dir():
        raise CommandError(f"cannot write {out}: folder {out.parent} does not exist")
    return out
