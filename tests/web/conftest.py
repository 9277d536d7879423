"""Fixtures for the server tests: an app on a fresh SQLite file, on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from poolhall.web.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "poolhall.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, thinkers="thread")) as c:
        yield c
