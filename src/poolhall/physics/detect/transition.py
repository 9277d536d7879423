"""When a ball's motion changes by itself (closed form): slide -> roll, roll -> spin/stop, spin -> stop, landing.

Times come from the segment start: sliding lasts 2|u|/(7 mu_s g) (the slip
shrinks at 7/2 mu_s g), rolling |v|/(mu_r g), the z-spin |w_z| / (5 mu_sp g / 2R).
When the z-spin of a sliding or rolling ball runs out first, the segment
splits there (``EV_SPIN_STOP``) without a public event. An airborne ball
lands when its height z0 + vz t - g t^2 / 2 falls to zero (``EV_BALL_SLATE``).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.evolve import spin_decel_of
from poolhall.physics.state import (
    AIRBORNE,
    EV_BALL_SLATE,
    EV_ROLLING_SPINNING,
    EV_ROLLING_STATIONARY,
    EV_SLIDING_ROLLING,
    EV_SPIN_STOP,
    EV_SPINNING_STATIONARY,
    MU_R,
    MU_S,
    MU_SP,
    PZ,
    ROLLING,
    SLIDING,
    SPINNING,
    T0,
    VX,
    VY,
    VZ,
    WX,
    WY,
    WZ,
    G,
    R,
    inline_kernel,
)


@inline_kernel
def next_transition(s: np.ndarray, mot: np.ndarray, i: int, p: np.ndarray) -> tuple[float, int]:
    """(absolute time, event code) of ball ``i``'s next change of motion; (inf, -1) when it rests."""
    row = s[i]
    motion = mot[i]
    spin_end = abs(row[WZ]) / spin_decel_of(p[MU_SP], p[G], p[R]) if row[WZ] != 0.0 else np.inf
    if motion == SPINNING:
        return row[T0] + spin_end, EV_SPINNING_STATIONARY
    if motion == AIRBORNE:  # lands when z0 + vz t - g t^2 / 2 falls to zero
        vz, g = row[VZ], p[G]
        return row[T0] + (vz + math.sqrt(vz * vz + 2.0 * g * max(row[PZ], 0.0))) / g, EV_BALL_SLATE
    if motion == SLIDING:
        slip = math.hypot(row[VX] - p[R] * row[WY], row[VY] + p[R] * row[WX])
        end, kind = 2.0 * slip / (7.0 * p[MU_S] * p[G]), EV_SLIDING_ROLLING
    elif motion == ROLLING:
        end = math.hypot(row[VX], row[VY]) / (p[MU_R] * p[G])
        kind = EV_ROLLING_SPINNING if spin_end > end else EV_ROLLING_STATIONARY
    else:
        return np.inf, -1
    if spin_end < end:
        return row[T0] + spin_end, EV_SPIN_STOP
    return row[T0] + end, kind
