"""Ball-cushion impact: Han (2005), with the cushion nose above the ball's centre.

Inhwan Han, "Dynamics in carom and three cushion billiards", Journal of
Mechanical Science and Technology 19(4), 976-984 (2005),
doi:10.1007/BF02919180. The cushion touches the ball at a point theta above
its equator, sin(theta) = h/R - 1 for a nose at height h (WPA: h = 0.635 D,
so theta = 15.7 degrees). One impulse P at that point: its normal part
restores (1 + e) of the approach speed along the contact normal; its
tangential part stops the slip there (sticking) or is capped at mu P_n
along the slip (sliding). The paper's equation numbers are marked below (as
pooltool marks them). Unlike the paper's planar bookkeeping the vertical
part of the impulse acts on the ball too: a downward one drives it into the
bed, which sends it back up (``slate.py``), an upward one lifts it. A ball in
the air meets the nose lower on its face (theta shrinks with its height z),
and with its vertical speed in the approach and the slip (the terms of Eqs 14
and 17 the paper drops for a ball on the cloth); one flying with its centre
above the nose meets the nose's edge below its equator (theta < 0), which
throws it back and up (the nose is a rounded edge, and the rubber above it
slopes back to the rail). The contact is resolved where the centre is one
radius from the nose line, a little early for such a low contact.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, E_C, MASS, MU_C, NOSE_SIN, R, kernel


@kernel
def resolve_cushion(b: np.ndarray, nx: float, ny: float, sin_a: float, p: np.ndarray) -> None:
    """Update ball state ``b`` (``state.py``'s B* entries) in place.

    (nx, ny) points from the ball to the cushion; the nose touches the ball
    at sin(theta) = ``sin_a`` above its equator (``contact_sin``).
    """
    r, m = p[R], p[MASS]
    cos_a = math.sqrt(1.0 - sin_a * sin_a)
    # cushion frame: x toward the cushion, y along it (z x x), z up
    tx, ty = -ny, nx
    vx = b[BVX] * nx + b[BVY] * ny
    vy = b[BVX] * tx + b[BVY] * ty
    vz = b[BVZ]
    wx = b[BWX] * nx + b[BWY] * ny
    wy = b[BWX] * tx + b[BWY] * ty
    wz = b[BWZ]
    c = vx * cos_a + vz * sin_a  # approach speed along the contact normal
    if c <= 0.0:
        if vx <= 0.0:
            return
        sin_a, cos_a, c = 0.0, 1.0, vx  # falling fast past the nose: it meets the face below, at its equator
    # Eqs 14: slip of the ball's surface at the contact, in the contact plane (with the paper's vz = 0
    # term restored for a ball in the air)
    sx = vx * sin_a + r * wy - vz * cos_a
    sy = -vy - r * wz * cos_a + r * wx * sin_a
    # Eqs 16: the contact's compliance to tangential (A) and normal (B) impulses
    a_t = 3.5 / m
    b_n = 1.0 / m
    # Eqs 17 & 20: the normal impulse, and the tangential impulse that would stop the slip
    pz = (1.0 + p[E_C]) * c / b_n
    slip = math.hypot(sx, sy)
    if slip / a_t <= p[MU_C] * pz:
        px, py = sx / a_t, sy / a_t  # Eqs 18: sticking
    else:
        px, py = p[MU_C] * pz * sx / slip, p[MU_C] * pz * sy / slip  # Eqs 19: sliding
    # Eqs 21 & 22: the impulse in the cushion frame
    big_x = -px * sin_a - pz * cos_a
    big_y = py
    big_z = px * cos_a - pz * sin_a
    inertia = 0.4 * m * r * r
    vx += big_x / m
    vy += big_y / m
    vz += big_z / m
    wx += -r / inertia * big_y * sin_a
    wy += r / inertia * (big_x * sin_a - big_z * cos_a)
    wz += r / inertia * big_y * cos_a
    b[BVX], b[BVY], b[BVZ] = vx * nx + vy * tx, vx * ny + vy * ty, vz
    b[BWX], b[BWY], b[BWZ] = wx * nx + wy * tx, wx * ny + wy * ty, wz


@kernel
def contact_sin(z: float, p: np.ndarray) -> float:
    """sin(theta) of the nose contact above the equator of a ball ``z`` above the cloth.

    Below zero the ball's centre is above the nose: the nose's edge meets the ball below its equator
    (the cushion's profile, issue 14) and the impulse throws the ball back and up; at -1 or less its
    bottom is above the nose and it touches nothing.
    """
    return p[NOSE_SIN] - z / p[R]
