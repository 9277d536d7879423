"""The page works under the server's Content-Security-Policy, without the bypass the other browser tests use.

The browser reports each blocked script, style or connection on the console;
none may be blocked while the page starts a game against the computer, draws
the table and opens its WebSocket.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .pages import new_page, snap

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_the_page_runs_with_nothing_blocked_by_its_csp(server: str, browser: Any) -> None:
    page = new_page(browser, bypass_csp=False)
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(server)
    page.select_option("select[name=level]", "simple")
    page.click("#new-game button[type=submit]")
    deadline = time.monotonic() + 30
    while not page.inner_text("#scoreboard").strip() and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # the scoreboard is filled from the socket's first snapshot
    page.wait_for_timeout(500)
    snap(page, "csp-match")
    assert page.inner_text("#scoreboard").strip(), "the match never arrived over the socket"
    assert blocked == [] and page.errors == []
