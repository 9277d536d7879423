"""poolhall: eight-ball and 14.1 straight pool — simulator, referee, computer players, app.

The public API is re-exported here; the modules behind it are the layers of
docs/architecture.md.
"""

from __future__ import annotations

from poolhall.equipment import PhysicsParams, TableSpec
from poolhall.layout import Layout
from poolhall.physics.batch import simulate_many
from poolhall.physics.result import BallState, Event, Segment, ShotResult
from poolhall.physics.simulate import simulate
from poolhall.physics.stroke import Stroke

__version__ = "0.1.0"

__all__ = [
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
