"""When two balls meet: the first root of |d(t)|^2 - (2R)^2, a quartic in t.

d(t) = dp + dv t + da t^2 / 2 is the difference of the two centres in three
dimensions (a ball in the air has z'' = -g), each a parabola within its
segment; the search runs only up to the first own event of either ball (the
horizon), after which it is redone.

``contact_time`` takes the difference as scalars, not the state arrays: a
compiled call with array arguments counts references to them (two atomic
operations per array), which cost more than ruling most pairs out.
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.detect.roots import first_entry
from poolhall.physics.evolve import travel_bound
from poolhall.physics.state import kernel


@kernel
def contact_time(
    dx: float, dy: float, dz: float, dvx: float, dvy: float, dvz: float, dax: float, day: float, daz: float,
    horizon: float, diam: float,
) -> float:  # fmt: skip
    """Time from now until centres ``d`` apart (moving at ``dv``, accelerating at ``da``) are ``diam`` apart.

    inf if not within ``horizon``. A pair farther apart than ``diam`` plus how far
    their difference can travel in the horizon (``evolve.travel_bound``) is ruled
    out before any root is solved.
    """
    far = diam + travel_bound(dvx, dvy, dvz, dax, day, daz, horizon)
    if dx * dx + dy * dy + dz * dz > far * far:
        return np.inf
    c0 = (dx * dx + dy * dy + dz * dz) - diam * diam
    c1 = 2.0 * (dx * dvx + dy * dvy + dz * dvz)
    c2 = dvx * dvx + dvy * dvy + dvz * dvz + dx * dax + dy * day + dz * daz
    c3 = dvx * dax + dvy * day + dvz * daz
    c4 = 0.25 * (dax * dax + day * day + daz * daz)
    return first_entry(c0, c1, c2, c3, c4, horizon, 2.0 * diam)  # d(|d|^2 - diam^2) = 2 diam d(gap)
