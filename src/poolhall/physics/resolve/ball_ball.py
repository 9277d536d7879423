"""Ball-ball collision with restitution and friction: cut- and spin-induced throw.

Model: Alciatore, TP A.14 "Throw for a frictional impact of two equal balls"
(billiards.colostate.edu), extended, as pooltool's ``frictional_inelastic``,
to the spins of both balls and vector form. Two equal balls of mass m:

- normal impulse J_n = m (1 + e) v_n / 2 along the line of centres n
  (v_n the approach speed), restitution e (Alciatore FAQ: 0.92-0.98);
- the contact points slip at u_t (the relative surface velocity at the
  contact, minus its normal part, including the vertical part from
  follow/draw); a tangential impulse J_t opposes it, limited by Coulomb
  friction mu(|u_t|) J_n with mu(v) = a + b exp(-c v) (TP A.14's fit to
  Marlow's data), or just large enough to stop the slip, m |u_t| / 7
  (each ball's contact point responds at 1/m + R^2/I = 7/(2m));
- equal and opposite impulses: momentum is conserved exactly (in three
  dimensions). The vertical part (friction from follow or draw, or a tilted
  line of centres when a ball is airborne) lifts one ball and drives the
  other into the bed, which sends it back up (``slate.motion_after``).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, BX, BY, BZ, E_B, MASS, MUB_A, MUB_B, MUB_C, R, kernel


@kernel
def resolve_ball_ball(b1: np.ndarray, b2: np.ndarray, p: np.ndarray) -> None:
    """Update two touching balls in place (states as ``state.py``'s B* entries), in three dimensions.

    The line of centres n is horizontal for two balls on the cloth; an airborne
    ball meets another along a tilted n (``slate.motion_after`` then sends a
    ball pushed down into the bed back up).
    """
    r, m = p[R], p[MASS]
    nx, ny, nz = b2[BX] - b1[BX], b2[BY] - b1[BY], b2[BZ] - b1[BZ]
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx, ny, nz = nx / d, ny / d, nz / d
    dvx, dvy, dvz = b1[BVX] - b2[BVX], b1[BVY] - b2[BVY], b1[BVZ] - b2[BVZ]
    vn = dvx * nx + dvy * ny + dvz * nz  # approach speed
    if vn <= 0.0:
        return
    jn = 0.5 * m * (1.0 + p[E_B]) * vn
    # relative velocity of the contact points: (v1 + w1 x R n) - (v2 + w2 x (-R n)) = dv + R (w1 + w2) x n
    sx, sy, sz = b1[BWX] + b2[BWX], b1[BWY] + b2[BWY], b1[BWZ] + b2[BWZ]
    ux = dvx + r * (sy * nz - sz * ny)
    uy = dvy + r * (sz * nx - sx * nz)
    uz = dvz + r * (sx * ny - sy * nx)
    un = ux * nx + uy * ny + uz * nz
    ux, uy, uz = ux - un * nx, uy - un * ny, uz - un * nz  # the tangential slip
    slip = math.sqrt(ux * ux + uy * uy + uz * uz)
    # the normal impulse acts on ball 2 along +n, on ball 1 along -n
    _push(b1, b2, -jn * nx, -jn * ny, -jn * nz, m)
    if slip <= 0.0:
        return
    mu = p[MUB_A] + p[MUB_B] * math.exp(-p[MUB_C] * slip)
    jt = min(mu * jn, m * slip / 7.0)
    tx, ty, tz = -jt * ux / slip, -jt * uy / slip, -jt * uz / slip  # impulse on ball 1 (ball 2: minus it)
    _push(b1, b2, tx, ty, tz, m)
    # dw = (arm x impulse) / I, arm R n for ball 1 and -R n for ball 2: the same change for both
    k = r / (0.4 * m * r * r)
    dwx, dwy, dwz = k * (ny * tz - nz * ty), k * (nz * tx - nx * tz), k * (nx * ty - ny * tx)
    for b in (b1, b2):
        b[BWX] += dwx
        b[BWY] += dwy
        b[BWZ] += dwz


@kernel
def _push(b1: np.ndarray, b2: np.ndarray, jx: float, jy: float, jz: float, m: float) -> None:
    """Impulse (jx, jy, jz) on ball 1 and its opposite on ball 2."""
    b1[BVX] += jx / m
    b1[BVY] += jy / m
    b1[BVZ] += jz / m
    b2[BVX] -= jx / m
    b2[BVY] -= jy / m
    b2[BVZ] -= jz / m
