"""Ball-cushion impact: Mathavan, Jackson & Parkin (2010), slip at the cushion and at the table.

S. Mathavan, M. R. Jackson and R. M. Parkin, "A theoretical analysis of
billiard ball dynamics under cushion impacts", Proc. IMechE Part C: J.
Mechanical Engineering Science 224(9), 1863-1873 (2010),
doi:10.1243/09544062JMES1964. The rigid cushion touches the ball at I, theta
above its equator (sin(theta) = h/R - 1 for the project's nose height h, as in
``han_2005.py``; the paper's snooker cushion has h = 7R/5), and the cloth
touches it at C. Unlike Han (2005)'s single impulse, the normal impulse P_I at
I is accumulated in small steps (Heun's, where the paper takes Euler's); at each step the
friction at I (mu_w) and at
C (mu_s, with the table's normal impulse that keeps the ball on the cloth)
acts against the current slip there, so a slip can end or turn during the
impact (where the cloth does not slip at a step's start, as a rolling ball's at the impact's start,
Eq. 15 gives it no friction; ``PhysicsParams.cushion_departure`` gives it instead what the slip's drive
there needs, up to mu_s: the small-step limit of the paper's scheme, reached without shrinking the
steps). Compression ends when the ball stops moving into the cushion; the
restitution phase then runs until the normal force at I has given back e_e^2
of the work it absorbed. Because the friction acts over the whole impact and
the work, not the speed, sets the restitution, the rebound speed ratio and
angle depend on the speed and spin, not on the incidence alone.

Frame (the paper's, Fig. 2): x along the cushion, y into it, z up. The
paper's equation numbers are marked below. The paper's ball is on the cloth
(z_G' = 0). A ball in the air (``resolve_cushion_mathavan_in_air``) meets the
same cushion with the same equations less the table's contact: no friction at
C and no table reaction, so the vertical parts of the nose's normal and
friction impulses change its vertical speed, which enters the slip at I and
the approach along the contact normal; the contact is theta above the equator
for its height (``han_2005.contact_sin``; below the equator once its centre is
above the nose). The cushion's rubber does not know whether the ball touches
the cloth: the work restitution, its fall above 2.5 m/s and mu_w are the
paper's, as on the cloth (until issue 14's third round a ball in the air met
Han 2005's single impulse with e_c = 0.85 at every speed).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import (
    BVX,
    BVY,
    BVZ,
    BWX,
    BWY,
    BWZ,
    CUSHION_DEPART,
    CUSHION_TOL,
    E_WORK,
    MASS,
    MU_S,
    MU_W,
    NOSE_SIN,
    V_YIELD,
    YIELD_EXP,
    R,
    inline_kernel,
    kernel,
)

#: Impulse steps for a non-spinning ball's full impact (the paper's N; it used 5000 steps of Euler's
#: method): the impulse step is (1 + e_e) M V_n / N. Each step here is Heun's (the rates at its start
#: and at Euler's end, averaged), and the ends of compression and restitution are interpolated within
#: their step: at 40 the rebound angles and speeds of balls with top, no or back spin and with or
#: without side spin are within 0.07 degree and 0.15 % of 5000 Euler steps' (400 Euler steps: 0.15
#: degree, 0.4 %) for a tenth of the work (``tests/physics/test_mathavan_2010.py``).
STEPS = 40.0
#: The same for a ball in the air. Without the table's friction the slip at the nose of a fast ball
#: stops and turns within a step more often, where 40 steps leave up to 0.9 % of its speed (against
#: 5000); 400 keep it within 0.1 %, and impacts in the air are rare (balls in flight), so their cost
#: does not show in a shot's time.
STEPS_IN_AIR = 400.0
#: With ``PhysicsParams.cushion_tolerance`` above 0 the steps are chosen as the impact goes: the first is this
#: share of a frictionless impact's impulse, each next one grows (at most threefold, to a quarter of it) or
#: shrinks (a step refused, its rates at the start kept) to keep Euler's and Heun's ends within the tolerance,
#: and none is shorter than 1 / ``LEAST_STEPS`` of it: where a slip sticks (it stops and its friction could hold
#: it), the error estimate never falls and the steps stay at that floor.
FIRST_STEPS = 10.0
LEAST_STEPS = 200.0
#: A slip slower than this (m/s) is none: Eq. 15's rolling condition, no friction at that contact.
_EPS_SLIP = 1e-9


@kernel
def resolve_cushion_mathavan(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> None:
    """Update ball state ``b`` (``state.py``'s B* entries, a ball on the cloth) in place.

    (nx, ny) points from the ball to the cushion.
    """
    _impact(b, nx, ny, p[NOSE_SIN], False, STEPS, p)


@kernel
def resolve_cushion_mathavan_in_air(b: np.ndarray, nx: float, ny: float, sin_t: float, p: np.ndarray) -> None:
    """Update ball state ``b`` (a ball in the air) in place: the nose touches it ``sin_t`` above its equator.

    (nx, ny) points from the ball to the cushion; ``sin_t`` is ``han_2005.contact_sin`` of its height
    (above -1: its bottom is below the nose). A ball whose approach along the contact normal is not
    positive though it moves toward the cushion (falling fast past the nose) meets the face below it, at
    its equator, as in ``han_2005.resolve_cushion``.
    """
    cos_t = math.sqrt(max(1.0 - sin_t * sin_t, 0.0))
    vy = b[BVX] * nx + b[BVY] * ny
    if vy <= 0.0:
        return
    if vy * cos_t + b[BVZ] * sin_t <= 0.0:
        sin_t = 0.0
    _impact(b, nx, ny, sin_t, True, STEPS_IN_AIR, p)


@kernel
def _impact(b: np.ndarray, nx: float, ny: float, sin_t: float, air: bool, steps: float, p: np.ndarray) -> None:
    """The paper's impact at a nose ``sin_t`` above the equator; ``air``: without the table's contact.

    On the cloth in steps of its own choosing (``FIRST_STEPS``) unless ``p[CUSHION_TOL]`` is 0; else, and in
    the air, in ``steps`` fixed steps.
    """
    r, m = p[R], p[MASS]
    cos_t = math.sqrt(max(1.0 - sin_t * sin_t, 0.0))
    e_e = p[E_WORK]
    mu_w, mu_s = p[MU_W], p[MU_S]
    fly = 0.0
    if air:
        mu_s, fly = 0.0, 1.0  # no contact at C: no table friction, and the vertical impulse moves the ball
    lin, ang = 1.0 / m, 2.5 / (m * r)  # d(v)/dP and d(w)/d(P r) of a solid ball
    depart = p[CUSHION_DEPART] > 0.0 and not air  # no slip at C: friction as the drive there needs (``_rates``)
    # the paper's frame: x along the cushion (x = y_axis x z), y into it
    ax, ay = ny, -nx
    vx = b[BVX] * ax + b[BVY] * ay
    vy = b[BVX] * nx + b[BVY] * ny
    vz = fly * b[BVZ]
    wx = b[BWX] * ax + b[BWY] * ay
    wy = b[BWX] * nx + b[BWY] * ny
    wz = b[BWZ]
    if vy <= 0.0:
        return
    un = vy  # the approach, in the paper's measure on the cloth; along the contact normal in the air
    if air:
        un = vy * cos_t + vz * sin_t
    if vy > p[V_YIELD]:  # beyond the rigid cushion's speed (PhysicsParams.cushion_yield_speed)
        e_e *= (p[V_YIELD] / vy) ** p[YIELD_EXP]
    total = (1.0 + e_e) * m * un  # a frictionless impact's whole impulse
    allowed = p[CUSHION_TOL] * un  # a step's error allowed (m/s), 0: fixed steps
    adaptive = allowed > 0.0 and not air  # in the air: STEPS_IN_AIR (rare impacts; their slips turn fast)
    dp = total / (FIRST_STEPS if adaptive else steps)
    least = total / LEAST_STEPS
    work = 0.0
    work_end = -1.0  # the work left at the end (Eq. 16b), known once compression ends
    a1 = a2 = a3 = a4 = a5 = a6 = 0.0
    fresh = False  # the rates at the step's start are known (a refused step keeps them)
    for _ in range(int(20.0 * (2.0 * LEAST_STEPS if adaptive else steps))):
        # Heun's step: the rates at the start, at Euler's end, and their mean
        if not fresh:
            a1, a2, a3, a4, a5, a6 = _rates(vx, vy, vz, wx, wy, wz, sin_t, cos_t, r, lin, ang, mu_w, mu_s, fly, depart)
        b1, b2, b3, b4, b5, b6 = _rates(
            vx + dp * a1, vy + dp * a2, vz + dp * a6, wx + dp * a3, wy + dp * a4, wz + dp * a5,
            sin_t, cos_t, r, lin, ang, mu_w, mu_s, fly, depart,
        )  # fmt: skip
        error = 0.0
        if adaptive:  # Euler's end against Heun's: the step's local error, in speed at the ball's surface
            spin = r * max(abs(a3 - b3), abs(a4 - b4), abs(a5 - b5))
            error = 0.5 * dp * max(abs(a1 - b1), abs(a2 - b2), abs(a6 - b6), spin)
            if error > allowed and dp > least:
                dp = max(dp * max(0.2, 0.9 * math.sqrt(allowed / error)), least)
                fresh = True
                continue
        nvx, nvy, nvz = vx + 0.5 * dp * (a1 + b1), vy + 0.5 * dp * (a2 + b2), vz + 0.5 * dp * (a6 + b6)
        nwx, nwy, nwz = wx + 0.5 * dp * (a3 + b3), wy + 0.5 * dp * (a4 + b4), wz + 0.5 * dp * (a5 + b5)
        # Eq. 16a: the work of the normal force at I, with the compression speed along its line (trapezoid)
        u0, u1 = vy * cos_t + vz * sin_t, nvy * cos_t + nvz * sin_t
        nwork = work + (dp * 0.5 * (vy + nvy) * cos_t + dp * 0.5 * (vz + nvz) * sin_t)
        nun = nvy
        if air:
            nun = nvy * cos_t + nvz * sin_t
        f = 1.0
        # an approach so slow that the step's changes underflow (a subnormal speed) ends at the step's start, not 0 / 0
        if work_end < 0.0 and nun <= 0.0:  # compression ends within the step: there, Eq. 16b sets the work left
            f = un / (un - nun) if un > nun else 0.0
        elif work_end >= 0.0 and nwork <= work_end:  # separation within the step
            if adaptive:
                f = _work_reached(work - work_end, dp * u0, 0.5 * dp * (u1 - u0))
            else:
                f = (work - work_end) / (work - nwork) if work > nwork else 0.0
        vx, vy, vz = vx + f * (nvx - vx), vy + f * (nvy - vy), vz + f * (nvz - vz)
        wx, wy, wz = wx + f * (nwx - wx), wy + f * (nwy - wy), wz + f * (nwz - wz)
        un = vy
        if air:
            un = vy * cos_t + vz * sin_t
        if adaptive:  # the speed along the normal is linear in the step: the work is quadratic in f
            work += dp * f * (u0 + 0.5 * f * (u1 - u0))
        else:
            work += f * (nwork - work)
        fresh = False
        if f < 1.0:
            if work_end >= 0.0:
                break
            work_end = (1.0 - e_e * e_e) * work
        if adaptive:
            grow = min(3.0, 0.9 * math.sqrt(allowed / error)) if error > 0.0 else 3.0
            dp = min(max(dp * grow, least), 0.25 * total)
    b[BVX], b[BVY], b[BVZ] = vx * ax + vy * nx, vx * ay + vy * ny, vz
    b[BWX], b[BWY], b[BWZ] = wx * ax + wy * nx, wx * ay + wy * ny, wz


@inline_kernel
def _work_reached(left: float, lin_part: float, quad_part: float) -> float:
    """The fraction f of a step at which the work falls by ``left`` (>= 0): the small root of
    quad_part f^2 + lin_part f + left = 0, with lin_part <= 0 (the ball moves out), in [0, 1].

    The stable form of the quadratic's root (no cancellation when quad_part is tiny): f = left / q with
    q = (sqrt(lin_part^2 - 4 quad_part left) - lin_part) / 2.
    """
    q = 0.5 * (math.sqrt(max(lin_part * lin_part - 4.0 * quad_part * left, 0.0)) - lin_part)
    return min(max(left / q, 0.0), 1.0) if q > 0.0 else 0.0


@inline_kernel
def _rates(vx, vy, vz, wx, wy, wz, sin_t, cos_t, r, lin, ang, mu_w, mu_s, fly, depart):  # type: ignore[no-untyped-def]
    """d(vx, vy, wx, wy, wz, vz) / dP_I: the paper's Eqs 17a-b and 14d-f with the slips of Eqs 12-13 and 15.

    On the cloth (``fly`` 0, vz 0) the table's normal impulse cancels the vertical one; in the air (``fly``
    1, ``mu_s`` 0) that vertical impulse, -(sin(theta) + mu_w sin(phi) cos(theta)) per unit P_I, moves
    the ball, and its vertical speed adds vz cos(theta) to the slip at I across the contact.

    Scalars only, inlined (an array argument costs its reference count at each of an impact's 80
    calls: a fifth of the impact's time), and square roots rather than ``hypot`` (half of it).
    ``depart``: where the cloth does not slip, its friction is what the drive there needs, up to mu_s
    (``PhysicsParams.cushion_departure``); else none, as Eq. 15.
    """
    # Eqs 12a-b: slip at I (with z_G' = vz); Eqs 13a-b: slip at C
    sx = vx + wy * r * sin_t - wz * r * cos_t
    sy = -vy * sin_t + wx * r + vz * cos_t
    cx = vx - wy * r
    cy = vy + wx * r
    s2 = sx * sx + sy * sy
    sc2 = cx * cx + cy * cy
    # slip directions (phi, phi'); Eqs 15a-b: no friction at a contact that does not slip
    mw, cos_p, sin_p = 0.0, 0.0, 0.0
    if s2 > _EPS_SLIP * _EPS_SLIP:
        inv = 1.0 / math.sqrt(s2)
        mw, cos_p, sin_p = mu_w, sx * inv, sy * inv
    # the table's normal impulse per unit P_I (the vertical balance that keeps the ball on the cloth)
    k = sin_t + mw * sin_p * cos_t
    # the friction at C per unit of the table's normal impulse, (mu_s cos(phi'), mu_s sin(phi'))
    gx, gy = 0.0, 0.0
    if sc2 > _EPS_SLIP * _EPS_SLIP:
        inv = 1.0 / math.sqrt(sc2)
        gx, gy = mu_s * (cx * inv), mu_s * (cy * inv)
    elif depart and k > 0.0:
        # no slip at C: the slip the other impulses drive there, (fx, fy) per unit P_I, would be met by the
        # friction that cancels it, -k (lin + r ang) (gx, gy), if mu_s allows (it sticks); else by the whole of
        # mu_s against that drive (it departs along it)
        fx = -mw * cos_p * lin + r * mw * cos_p * sin_t * ang
        fy = -(cos_t - mw * sin_t * sin_p) * lin - r * mw * sin_p * ang
        hold = k * (lin + r * ang)
        gx, gy = fx / hold, fy / hold
        need = math.sqrt(gx * gx + gy * gy)
        if need > mu_s:
            gx, gy = gx * (mu_s / need), gy * (mu_s / need)
    return (
        -(mw * cos_p + gx * k) * lin,
        -(cos_t - mw * sin_t * sin_p + gy * k) * lin,
        -(mw * sin_p + gy * k) * ang,
        -(mw * cos_p * sin_t - gx * k) * ang,
        mw * cos_p * cos_t * ang,
        -fly * k * lin,
    )
