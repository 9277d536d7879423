"""When two balls meet: the first root of |d(t)|^2 - (2R)^2, a quartic in t.

d(t) = dp + dv t + da t^2 / 2 is the difference of the two centres in three
dimensions (a ball in the air has z'' = -g), each a parabola within its
segment; the search runs only up to the first own event of either ball (the
horizon), after which it is redone.
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.detect.roots import first_entry
from poolhall.physics.evolve import height_at, state_at, travel_bound
from poolhall.physics.state import AIRBORNE, AX, AY, AZ, ROLLING, SLIDING, R, inline_kernel, kernel


@kernel
def ball_ball_time(s: np.ndarray, mot: np.ndarray, i: int, j: int, t: float, horizon: float, p: np.ndarray) -> float:
    """Absolute time of the next contact of balls ``i`` and ``j`` after ``t`` (inf if none before t + horizon)."""
    if not (_moving(mot[i]) or _moving(mot[j])):
        return np.inf
    xi, yi, vxi, vyi, _, _, _ = state_at(s, i, t)
    xj, yj, vxj, vyj, _, _, _ = state_at(s, j, t)
    zi, vzi = height_at(s, i, t)
    zj, vzj = height_at(s, j, t)
    dx, dy, dz = xj - xi, yj - yi, zj - zi
    dvx, dvy, dvz = vxj - vxi, vyj - vyi, vzj - vzi
    dax, day, daz = s[j, AX] - s[i, AX], s[j, AY] - s[i, AY], s[j, AZ] - s[i, AZ]
    diam = 2.0 * p[R]
    far = diam + travel_bound(dvx, dvy, dvz, dax, day, daz, horizon)
    if dx * dx + dy * dy + dz * dz > far * far:
        return np.inf
    c0 = (dx * dx + dy * dy + dz * dz) - diam * diam
    c1 = 2.0 * (dx * dvx + dy * dvy + dz * dvz)
    c2 = dvx * dvx + dvy * dvy + dvz * dvz + dx * dax + dy * day + dz * daz
    c3 = dvx * dax + dvy * day + dvz * daz
    c4 = 0.25 * (dax * dax + day * day + daz * daz)
    tau = first_entry(c0, c1, c2, c3, c4, horizon, 2.0 * diam)  # d(|d|^2 - diam^2) = 2 diam d(gap)
    return t + tau


@inline_kernel
def _moving(motion: int) -> bool:
    return motion in (SLIDING, ROLLING, AIRBORNE)
