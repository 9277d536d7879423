"""Suite-wide settings: hypothesis's repeatable profile, and one node id per schemathesis test.

``make test`` (and so CI) runs with ``--hypothesis-profile=repeatable``: every property test
draws the same examples on every run and on every machine, so a check passes or fails by the
code, not by the draw (the contact phase's overlap that a property test met in session 25
came in 2 of 3 000 breaks: drawing 40 a run, about one CI run in forty would have failed on an
unrelated change). Plain ``pytest``
draws new examples each run, and ``make fuzz`` runs every property test round after round
to look for new failures; hypothesis keeps each failing example in ``.hypothesis`` and
replays it first on the next run.

The node ids: under pytest 9, schemathesis 4 gives the test of every API operation the
node id of the test function itself (``...::test_the_api_keeps_its_schema``,
six times), though each item's name carries the operation. Duplicate ids make
a green run's progress end at "99 %" and keep ``-k``, ``--lf`` and the
durations report from telling the operations apart; so each such item takes
its own name as its id (``tests/test_node_ids.py`` checks the whole session).
"""

from __future__ import annotations

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)


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
