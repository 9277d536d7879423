"""The public surface is a test (httpx's test_exported_members): changing it is a decision, not an accident."""

from __future__ import annotations

import poolhall


def test_all_is_pinned_and_sorted() -> None:
    expected = [
        "BallState",
        "Event",
        "Layout",
        "PhysicsParams",
        "Segment",
        "ShotResult",
        "Stroke",
        "TableSpec",
        "__version__",
        "simulate",
        "simulate_many",
    ]
    assert poolhall.__all__ == expected
    assert sorted(poolhall.__all__) == poolhall.__all__
    for name in expected:
        assert hasattr(poolhall, name), name
