"""The event-based table simulator: closed-form motion between exactly located events.

``simulate(layout, stroke)`` is the entry point, ``simulate_many`` its batch form; ``docs/physics.md`` describes
the models, the event loop and the limitations.
"""

from __future__ import annotations

from poolhall.physics.batch import Outcomes, simulate_many
from poolhall.physics.result import BallState, Event, Segment, ShotResult
from poolhall.physics.simulate import simulate
from poolhall.physics.stroke import Stroke

__all__ = ["BallState", "Event", "Outcomes", "Segment", "ShotResult", "Stroke", "simulate", "simulate_many"]
