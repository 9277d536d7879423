"""The browser app: an ASGI server (rooms, seats, persistence) and the static page it serves.

``create_app(db_path)`` in ``app.py`` builds it; ``poolhall serve`` and
``poolhall play`` run it on uvicorn. See docs/web.md.
"""

from __future__ import annotations
