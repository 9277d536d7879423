"""When two balls meet: the first root of |d(t)|^2 - (2R)^2, a quartic in t.

d(t) = dp + dv t + da t^2 / 2 is the difference of the two centres, each a
parabola within its segment; the search runs only up to the first time
either ball changes its motion (the horizon), after which it is redone.
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.detect.roots import first_entry
from poolhall.physics.evolve import state_at, travel_bound
from poolhall.physics.state import AX, AY, ROLLING, SLIDING, R, kernel


@kernel
def ball_ball_time(s: np.ndarray, mot: np.ndarray, i: int, j: int, t: float, horizon: float, p: np.ndarray) -> float:
    """Absolute time of the next contact of balls ``i`` and ``j`` after ``t`` (inf if none before t + horizon)."""
    moving_i = mot[i] == SLIDING or mot[i] == ROLLING
    moving_j = mot[j] == SLIDING or mot[j] == ROLLING
    if not (moving_i or moving_j):
        return np.inf
    xi, yi, vxi, vyi, _, _, _ = state_at(s, i, t)
    xj, yj, vxj, vyj, _, _, _ = state_at(s, j, t)
    dx, dy = xj - xi, yj - yi
    dvx, dvy = vxj - vxi, vyj - vyi
    dax, day = s[j, AX] - s[i, AX], s[j, AY] - s[i, AY]
    diam = 2.0 * p[R]
    far = diam + travel_bound(dvx, dvy, dax, day, horizon)
    if dx * dx + dy * dy > far * far:
        return np.inf
    c0 = (dx * dx + dy * dy) - diam * diam
    c1 = 2.0 * (dx * dvx + dy * dvy)
    c2 = dvx * dvx + dvy * dvy + dx * dax + dy * day
    c3 = dvx * dax + dvy * day
    c4 = 0.25 * (dax * dax + day * day)
    tau = first_entry(c0, c1, c2, c3, c4, horizon, 2.0 * diam)  # d(|d|^2 - diam^2) = 2 diam d(gap)
    return t + tau
