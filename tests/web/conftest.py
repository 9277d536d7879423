"""Fixtures for the server tests (an app on a fresh SQLite file) and the browser tests (one server on
loopback for the session, one Chromium per module)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from poolhall.web.app import create_app
from poolhall.web.guard import Limits

#: The browser tests share one server and create a match or two each: the per-client create rate is opened.
BROWSER_LIMITS = Limits(creates_burst=1000, creates_per_minute=1000)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "poolhall.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, thinkers="thread")) as c:
        yield c


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from poolhall.commands.serve import listen

    db = tmp_path_factory.mktemp("browser") / "poolhall.sqlite"
    sock = listen("127.0.0.1", 0)
    app = create_app(db, thinkers="thread", limits=BROWSER_LIMITS)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")  # Playwright's sync API holds an event loop: closed after each module
def browser() -> Iterator[Any]:
    # A plain import: without Playwright (the dev extra) the browser tests fail, they never skip.
    from playwright.sync_api import sync_playwright

    from .pages import CHROMIUM_ARGS

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()
