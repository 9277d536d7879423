"""Suite-wide collection fix: one node id per schemathesis test.

Under pytest 9, schemathesis 4 gives the test of every API operation the
node id of the test function itself (``...::test_the_api_keeps_its_schema``,
six times), though each item's name carries the operation. Duplicate ids make
a green run's progress end at "99 %" and keep ``-k``, ``--lf`` and the
durations report from telling the operations apart; so each such item takes
its own name as its id (``tests/test_node_ids.py`` checks the whole session).
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if type(item).__name__ != "SchemathesisFunction" or item.parent is None:
            continue
        if item.nodeid != f"{item.parent.nodeid}::{item.name}":
            # There is no public setter: pytest 9 keeps the id as ``_id`` (a NodeId), pytest 8 as ``_nodeid``.
            if hasattr(item, "_id"):
                item._id = item.parent._id.child(item.name)
            else:
                item._nodeid = f"{item.parent.nodeid}::{item.name}"
