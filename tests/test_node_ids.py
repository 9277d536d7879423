"""Every collected test has its own node id (schemathesis's did not: see ``tests/conftest.py``)."""

from __future__ import annotations

import pytest


def test_node_ids_are_unique(request: pytest.FixtureRequest) -> None:
    ids = [item.nodeid for item in request.session.items]
    assert len(set(ids)) == len(ids), sorted({i for i in ids if ids.count(i) > 1})
