"""When a ball drops: its centre enters a pocket's capture circle (a quartic, as for a jaw point)."""

from __future__ import annotations

import numpy as np
from numba import njit

from poolhall.physics.detect.ball_cushion import CR, CX, CY, circle_time


@njit(cache=True)
def pocket_time(
    x: float, y: float, vx: float, vy: float, ax: float, ay: float, pocket: np.ndarray, horizon: float
) -> float:
    """Time from now until the ball's centre enters capture circle ``pocket`` (a row: centre, radius)."""
    return circle_time(x, y, vx, vy, ax, ay, pocket[CX], pocket[CY], pocket[CR], horizon)
