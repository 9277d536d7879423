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
- equal and opposite impulses: momentum is conserved exactly. The vertical
  part of the friction impulse changes spins but not the (planar) velocity.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import E_B, MASS, MUB_A, MUB_B, MUB_C, R, kernel


@kernel
def resolve_ball_ball(b1: np.ndarray, b2: np.ndarray, p: np.ndarray) -> None:
    """Update two touching balls in place; each array is (x, y, vx, vy, wx, wy, wz)."""
    r, m = p[R], p[MASS]
    nx, ny = b2[0] - b1[0], b2[1] - b1[1]
    d = math.hypot(nx, ny)
    nx, ny = nx / d, ny / d
    vn = (b1[2] - b2[2]) * nx + (b1[3] - b2[3]) * ny  # approach speed
    if vn <= 0.0:
        return
    jn = 0.5 * m * (1.0 + p[E_B]) * vn
    # relative velocity of the contact points: (v1 + w1 x R n) - (v2 + w2 x (-R n)) = dv + R (w1 + w2) x n
    sx, sy, sz = b1[4] + b2[4], b1[5] + b2[5], b1[6] + b2[6]
    ux = b1[2] - b2[2] - r * sz * ny
    uy = b1[3] - b2[3] + r * sz * nx
    uz = r * (sx * ny - sy * nx)
    un = ux * nx + uy * ny
    ux, uy = ux - un * nx, uy - un * ny  # the tangential slip
    slip = math.sqrt(ux * ux + uy * uy + uz * uz)
    # the normal impulse acts on ball 2 along +n, on ball 1 along -n
    b1[2] -= jn / m * nx
    b1[3] -= jn / m * ny
    b2[2] += jn / m * nx
    b2[3] += jn / m * ny
    if slip <= 0.0:
        return
    mu = p[MUB_A] + p[MUB_B] * math.exp(-p[MUB_C] * slip)
    jt = min(mu * jn, m * slip / 7.0)
    tx, ty, tz = -jt * ux / slip, -jt * uy / slip, -jt * uz / slip  # impulse on ball 1 (ball 2: minus it)
    b1[2] += tx / m
    b1[3] += ty / m
    b2[2] -= tx / m
    b2[3] -= ty / m
    # dw = (arm x impulse) / I, arm R n for ball 1 and -R n for ball 2: the same change for both
    k = r / (0.4 * m * r * r)
    dwx = k * (ny * tz)
    dwy = k * (-nx * tz)
    dwz = k * (nx * ty - ny * tx)
    b1[4] += dwx
    b1[5] += dwy
    b1[6] += dwz
    b2[4] += dwx
    b2[5] += dwy
    b2[6] += dwz
