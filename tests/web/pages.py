"""Helpers for the browser tests: open pages, read the page's state, act as a person does, take screenshots."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from poolhall.game.transitions import lag_winner

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
#: A seed whose lag A wins, so A chooses the breaker (transitions.lag_winner).
SEED_A = next(s for s in range(100) if lag_winner(s, 1) == "A")
#: Where the tests leave their screenshots, to look at: test artefacts in the worktree (gitignored).
SHOTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "screenshots"


def new_page(browser: Any, **context: Any) -> Any:
    """A page in a fresh context (1280x800 unless ``viewport`` says otherwise); ``page.errors`` collects errors.

    ``bypass_csp``: the tests' own probes (``wait_for_function`` with a string) are evaluated as strings, which
    the server's Content-Security-Policy forbids; test_csp.py checks the page itself without the bypass.
    """
    options = {"viewport": {"width": 1280, "height": 800}, "bypass_csp": True, **context}
    page = browser.new_context(**options).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create(server: str, **body: Any) -> dict[str, Any]:
    request = urllib.request.Request(
        server + "api/matches", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def open_match(page: Any, server: str, match_id: str, *tokens: str) -> None:
    page.goto(f"{server}#m={match_id}" + (f"&t={','.join(tokens)}" if tokens else ""))
    page.wait_for_function("window.poolhall && window.poolhall.state.match !== null")


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("window.poolhall.state.match")  # type: ignore[no-any-return]


def wait_asked(page: Any, kind: str, seat: str | None = None, timeout: float = 30_000) -> None:
    """Wait until the match asks ``kind`` (of ``seat``) and no shot is being animated."""
    cond = f"m.asked.kind === '{kind}'" + (f" && m.asked.player === '{seat}'" if seat else "")
    still = "!window.poolhall.renderer.animating"
    page.wait_for_function(
        f"(() => {{ const m = window.poolhall.state.match; return m && {cond} && {still}; }})()", timeout=timeout
    )


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Table metres -> page pixels."""
    return tuple(  # type: ignore[return-value]
        page.evaluate(
            """([x, y]) => { const r = window.poolhall.renderer; const [px, py] = r.toCanvas(x, y);
            const rect = r.canvas.getBoundingClientRect(); return [rect.left + px / r.dpr, rect.top + py / r.dpr]; }""",
            [x, y],
        )
    )


def set_power(page: Any, speed: float) -> None:
    page.locator("#power").evaluate("(e, v) => { e.value = String(v); e.dispatchEvent(new Event('input')); }", speed)


def aim_and_shoot(page: Any, toward: tuple[float, float], speed: float) -> None:
    """Press on the table at ``toward`` (the cue turns to it), set the power, press Shoot."""
    set_power(page, speed)
    page.mouse.click(*screen(page, *toward))
    page.click("#shoot")


def snap(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def hot_seat(server: str, browser: Any, page: Any = None, game: str = "eight-ball") -> tuple[Any, dict[str, Any]]:
    """A match of Ann and Bob on one page (eight-ball unless ``game`` says), Ann to break with the cue ball placed."""
    made = create(server, game=game, seed=SEED_A, seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    page = page or new_page(browser)
    open_match(page, server, made["id"], made["tokens"]["A"], made["tokens"]["B"])
    wait_asked(page, "choose-breaker", "A")
    page.click("#choose-controls button >> nth=0")  # "I break"
    wait_asked(page, "place", "A")
    page.click("#place")
    wait_asked(page, "shoot", "A")
    return page, made


def shoot_away(page: Any) -> None:
    """A soft stroke from the cue ball toward the head cushion: it touches no object ball."""
    cue = state(page)["balls"]["0"]
    aim_and_shoot(page, (max(0.05, cue[0] - 0.3), cue[1]), 0.8)


def strokes(server: str, match_id: str) -> list[dict[str, float]]:
    """The strokes of the match's shots, as the server logged them."""
    with urllib.request.urlopen(f"{server}api/matches/{match_id}/record") as r:
        record = json.loads(r.read())
    return [a["action"]["stroke"] for a in record["actions"] if a["action"]["type"] == "shoot"]


def sent_actions(page: Any) -> list[dict[str, Any]]:
    """Every message the page sends on its sockets from now on, decoded (register before the page connects)."""
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))))
    return sent


def press_shoot_three_times(page: Any) -> None:
    """Two fast clicks on Shoot, then Enter on the focused button: what an impatient player does."""
    box = page.locator("#shoot").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, click_count=2, delay=20)
    page.keyboard.press("Enter")


def tap_pocket(page: Any, ball: int | str, pocket: str) -> None:
    """Scorekeeper: tap the ball that dropped, then its pocket (``off``: off the table; ``""``: not pocketed)."""
    page.click(f"#tap-balls button[data-ball='{ball}']")
    page.click(f"#tap-pockets button[data-pocket='{pocket}']")
