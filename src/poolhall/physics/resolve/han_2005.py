"""Ball-cushion impact: Han (2005), with the cushion nose above the ball's centre.

Inhwan Han, "Dynamics in carom and three cushion billiards", Journal of
Mechanical Science and Technology 19(4), 976-984 (2005),
doi:10.1007/BF02919180. The cushion touches the ball at a point theta above
its equator, sin(theta) = h/R - 1 for a nose at height h (WPA: h = 0.635 D,
so theta = 15.7 degrees). One impulse P at that point: its normal part
restores (1 + e) of the approach speed along the contact normal; its
tangential part stops the slip there (sticking) or is capped at mu P_n
along the slip (sliding). The paper's equation numbers are marked below (as
pooltool marks them). Unlike the paper's planar bookkeeping we drop the
vertical impulse's effect on the velocity (balls stay on the cloth; jumps
are a later model) but keep its effect on the spin.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import E_C, MASS, MU_C, NOSE_SIN, R, kernel


@kernel
def resolve_cushion(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> None:
    """Update ball ``b`` = (x, y, vx, vy, wx, wy, wz) in place; (nx, ny) points from the ball to the cushion."""
    r, m = p[R], p[MASS]
    sin_a = p[NOSE_SIN]
    cos_a = math.sqrt(1.0 - sin_a * sin_a)
    # cushion frame: x toward the cushion, y along it (z x x), z up
    tx, ty = -ny, nx
    vx = b[2] * nx + b[3] * ny
    vy = b[2] * tx + b[3] * ty
    wx = b[4] * nx + b[5] * ny
    wy = b[4] * tx + b[5] * ty
    wz = b[6]
    c = vx * cos_a  # approach speed along the contact normal (vz = 0)
    if c <= 0.0:
        return
    # Eqs 14: slip of the ball's surface at the contact, in the contact plane
    sx = vx * sin_a + r * wy
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
    wx += -r / inertia * big_y * sin_a
    wy += r / inertia * (big_x * sin_a - big_z * cos_a)
    wz += r / inertia * big_y * cos_a
    b[2], b[3] = vx * nx + vy * tx, vx * ny + vy * ty
    b[4], b[5] = wx * nx + wy * tx, wx * ny + wy * ty
    b[6] = wz
