"""``poolhall serve``: run the browser app for a club (host, port, database)."""

from __future__ import annotations

import argparse
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from poolhall.cli import CommandError

HELP = "run the browser app for a club (host, port, database)"

#: The largest WebSocket frame uvicorn accepts; protocol.py refuses anything above 8 KiB anyway.
WS_MAX_SIZE = 64 * 1024


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0: all)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--db", default="poolhall.sqlite", help="the SQLite file (default ./poolhall.sqlite)")


def database(path: str) -> Path:
    """``path`` checked before the server starts: a folder that exists, and a file the store can open
    (a poolhall database, undamaged, no other server on it), so that a bad ``--db`` is one line, not a traceback."""
    from poolhall.web.store import Store, StoreError

    db = Path(path)
    if not db.parent.is_dir():
        raise CommandError(f"--db {path}: folder {db.parent} does not exist")
    if db.exists() and not db.is_file():
        raise CommandError(f"--db {path}: not a file")
    if db.exists():  # a new file is made by the server itself, not by a check that may fail after it
        try:
            Store(db).close()
        except StoreError as exc:
            raise CommandError(f"--db {exc}") from None
    return db


def listen(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: a free one); ``CommandError`` when the address is taken or wrong."""
    if not 0 <= port <= 65535:
        raise CommandError(f"--port {port}: expected 0 to 65535")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise CommandError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    return sock


def serve(db: Path, sock: socket.socket, on_started: Callable[[str], None] | None = None) -> None:
    """Run the app on ``sock`` until interrupted; ``on_started(url)`` once it accepts connections."""
    import uvicorn

    from poolhall.web.app import create_app
    from poolhall.web.guard import LOOPBACK_HOSTS, Limits
    from poolhall.web.hall import settle_collector

    host, port = sock.getsockname()[:2]
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    # On loopback only this computer's names are served: a page whose name resolves to 127.0.0.1 (DNS
    # rebinding) gets 400. On a club's address any name is: the club knows its own.
    limits = Limits(allowed_hosts=LOOPBACK_HOSTS if host in ("127.0.0.1", "::1") else None)
    config = uvicorn.Config(create_app(db, limits=limits), ws_max_size=WS_MAX_SIZE, log_level="warning")
    server = uvicorn.Server(config)
    settle_collector()

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started and on_started is not None:
            on_started(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[sock])


def run(args: argparse.Namespace) -> int:
    db = database(args.db)
    sock = listen(args.host, args.port)
    words = "poolhall is serving {} (database " + str(db.resolve()) + "); Ctrl-C stops it."
    serve(db, sock, lambda url: print(words.format(url), flush=True))
    return 0
