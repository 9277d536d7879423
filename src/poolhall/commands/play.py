"""``poolhall play``: start the browser app on this computer, open it, and print its address."""

from __future__ import annotations

import argparse
import webbrowser

from poolhall.commands.serve import database, listen, serve

HELP = "start the browser app on this computer and open it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default="poolhall.sqlite", help="the SQLite file (default ./poolhall.sqlite)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser; just print the address")


def open_browser(url: str, wanted: bool) -> None:
    """Print the address, and open it when a browser is there and wanted."""
    print(f"poolhall is on {url} — open it in a browser; Ctrl-C stops it.", flush=True)
    if not wanted:
        return
    try:
        webbrowser.get().open(url)
    except webbrowser.Error:
        print("(no browser found on this computer: open the address above yourself)", flush=True)


def run(args: argparse.Namespace) -> int:
    db = database(args.db)
    sock = listen("127.0.0.1", args.port)
    serve(db, sock, lambda url: open_browser(url, not args.no_browser))
    return 0
