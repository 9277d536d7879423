"""A ball drops: it leaves the table where its centre crossed into the pocket's capture circle."""

from __future__ import annotations

import numpy as np

from poolhall.physics.evolve import start_segment
from poolhall.physics.state import POCKETED, kernel


@kernel
def drop(s: np.ndarray, mot: np.ndarray, i: int, t: float, x: float, y: float, p: np.ndarray) -> None:
    """Ball ``i`` is pocketed at time ``t``; its last segment rests where it dropped."""
    start_segment(s, mot, i, t, x, y, 0.0, 0.0, 0.0, 0.0, 0.0, POCKETED, p)
