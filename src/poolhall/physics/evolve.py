"""Closed-form motion of one ball between events, and its state changes (Leckie & Greenspan / Marlow).

With the cloth contact point's slip u = v + w x (-R z):
- sliding: friction -mu_s m g u^ acts at the contact. u keeps its direction
  and shrinks at 7/2 mu_s g, so the acceleration is constant and the ball
  moves on a parabola (a massé curves); the spin changes at
  5/(2R) mu_s g (-u^_y, u^_x) (Marlow ch. 6; Alciatore TP 4.1).
- rolling: u = 0; the ball decelerates at mu_r g along v, spin follows v/R.
- spinning (in place) and the z-spin of every moving ball decay at
  5 mu_sp g / (2R) (pooltool's spinning model).
- airborne: no friction (air drag is neglected); the centre flies a
  parabola, z'' = -g, and the spin does not change.
Every state is a polynomial of degree <= 2 in time, which is what makes the
event times roots of polynomials.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import (
    AIRBORNE,
    AX,
    AY,
    AZ,
    BVX,
    BVY,
    BVZ,
    BWX,
    BWY,
    BWZ,
    BX,
    BY,
    BZ,
    DWX,
    DWY,
    DWZ,
    EPS_V,
    MASS,
    MU_R,
    MU_S,
    MU_SP,
    OFF_TABLE,
    POCKETED,
    PX,
    PY,
    PZ,
    ROLLING,
    SLIDING,
    SPINNING,
    STATIONARY,
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
    kernel,
)


@kernel
def spin_decel(p: np.ndarray) -> float:
    """How fast the z-spin decays, rad/s^2."""
    return spin_decel_of(p[MU_SP], p[G], p[R])


@inline_kernel
def spin_decel_of(mu_sp: float, g: float, r: float) -> float:
    return 2.5 * mu_sp * g / r


@kernel
def classify(vx: float, vy: float, wx: float, wy: float, wz: float, p: np.ndarray) -> int:
    """The motion state of a ball on the cloth with this velocity and spin."""
    r = p[R]
    if math.hypot(vx - r * wy, vy + r * wx) > EPS_V:
        return SLIDING
    if math.hypot(vx, vy) > EPS_V:
        return ROLLING
    if abs(wz) * r > EPS_V:
        return SPINNING
    return STATIONARY


@kernel
def acceleration(vx: float, vy: float, wx: float, wy: float, motion: int, p: np.ndarray) -> tuple[float, float]:
    """The acceleration of a ball in ``motion`` with this velocity and spin (module docstring)."""
    return acceleration_of(vx, vy, wx, wy, motion, p[R], p[MU_S], p[MU_R], p[G])


# The scalar forms of the two above, for the per-event code: a compiled call that passes an array
# keeps the caller's reference counting of its own arrays (two atomic operations per array per call).
@inline_kernel
def acceleration_of(
    vx: float, vy: float, wx: float, wy: float, motion: int, r: float, mu_s: float, mu_r: float, g: float
) -> tuple[float, float]:
    if motion == ROLLING:
        f = mu_r * g / math.hypot(vx, vy)
        return -f * vx, -f * vy
    if motion == SLIDING:
        ux, uy = vx - r * wy, vy + r * wx
        f = mu_s * g / math.hypot(ux, uy)
        return -f * ux, -f * uy
    return 0.0, 0.0


@kernel
def energy(b: np.ndarray, p: np.ndarray) -> float:
    """A ball's mechanical energy: translation, rotation (I = 2/5 m R^2) and height above its rest."""
    r = p[R]
    v2 = b[BVX] * b[BVX] + b[BVY] * b[BVY] + b[BVZ] * b[BVZ]
    w2 = b[BWX] * b[BWX] + b[BWY] * b[BWY] + b[BWZ] * b[BWZ]
    return p[MASS] * (0.5 * v2 + 0.2 * r * r * w2 + p[G] * b[BZ])


@kernel
def energy_at(s: np.ndarray, i: int, t: float, p: np.ndarray) -> float:
    """Ball ``i``'s mechanical energy at time ``t`` of its current segment."""
    r = p[R]
    _, _, vx, vy, wx, wy, wz = state_at(s, i, t)
    z, vz = height_at(s, i, t)
    return p[MASS] * (0.5 * (vx * vx + vy * vy + vz * vz) + 0.2 * r * r * (wx * wx + wy * wy + wz * wz) + p[G] * z)


@kernel
def start_segment(s: np.ndarray, mot: np.ndarray, i: int, t: float, b: np.ndarray, motion: int, p: np.ndarray) -> None:
    """Begin ball ``i``'s new segment at time ``t`` in ``motion`` from state ``b`` (normalised to the motion)."""
    # every input read first: an array whose last use sits in one branch is released there, and that
    # keeps numba from pairing off the reference counts of all the arrays (two atomic operations each)
    r, g, mu_s, mu_r, mu_sp = p[R], p[G], p[MU_S], p[MU_R], p[MU_SP]
    x, y, bz, bvz = b[BX], b[BY], b[BZ], b[BVZ]
    vx, vy, wx, wy, wz = b[BVX], b[BVY], b[BWX], b[BWY], b[BWZ]
    z = vz = az = dwx = dwy = dwz = 0.0
    if motion in (STATIONARY, SPINNING, POCKETED, OFF_TABLE):
        vx = vy = wx = wy = 0.0
        if motion != SPINNING:
            wz = 0.0
    elif motion == ROLLING:
        wx, wy = -vy / r, vx / r
    elif motion == AIRBORNE:
        z, vz, az = bz, bvz, -g
    ax, ay = acceleration_of(vx, vy, wx, wy, motion, r, mu_s, mu_r, g)
    if motion == ROLLING:
        dwx, dwy = -ay / r, ax / r
    elif motion == SLIDING:
        # the friction's torque about the centre: 5/(2R) of the acceleration, turned (Marlow ch. 6)
        dwx, dwy = 2.5 / r * ay, -2.5 / r * ax
    if wz != 0.0 and motion != STATIONARY and motion != AIRBORNE:
        dwz = -math.copysign(spin_decel_of(mu_sp, g, r), wz)
    row = s[i]
    row[T0] = t
    row[PX], row[PY], row[VX], row[VY], row[AX], row[AY] = x, y, vx, vy, ax, ay
    row[WX], row[WY], row[WZ], row[DWX], row[DWY], row[DWZ] = wx, wy, wz, dwx, dwy, dwz
    row[PZ], row[VZ], row[AZ] = z, vz, az
    mot[i] = motion


@kernel
def state_at(s: np.ndarray, i: int, t: float) -> tuple[float, float, float, float, float, float, float]:
    """Ball ``i``'s (x, y, vx, vy, wx, wy, wz) at absolute time ``t`` within its current segment."""
    row = s[i]
    tau = t - row[T0]
    x = row[PX] + (row[VX] + 0.5 * row[AX] * tau) * tau
    y = row[PY] + (row[VY] + 0.5 * row[AY] * tau) * tau
    return (
        x, y, row[VX] + row[AX] * tau, row[VY] + row[AY] * tau,
        row[WX] + row[DWX] * tau, row[WY] + row[DWY] * tau, row[WZ] + row[DWZ] * tau,
    )  # fmt: skip


@kernel
def height_at(s: np.ndarray, i: int, t: float) -> tuple[float, float]:
    """Ball ``i``'s height above its resting height and its vertical speed at time ``t``."""
    row = s[i]
    tau = t - row[T0]
    return row[PZ] + (row[VZ] + 0.5 * row[AZ] * tau) * tau, row[VZ] + row[AZ] * tau


@kernel
def travel_bound(vx: float, vy: float, vz: float, ax: float, ay: float, az: float, horizon: float) -> float:
    """An upper bound on how far a point moving at v + a t (in 3-D) travels in [0, horizon].

    The speed |v + a t| is convex in t (the norm of an affine function), so it
    lies under its chord and the distance is at most horizon (|v(0)| + |v(horizon)|) / 2:
    exact for a ball rolling to a stop, far tighter than |v| h + |a| h^2 / 2.
    """
    if not horizon < np.inf:
        return np.inf
    ex, ey, ez = vx + ax * horizon, vy + ay * horizon, vz + az * horizon
    return 0.5 * horizon * (math.sqrt(vx * vx + vy * vy + vz * vz) + math.sqrt(ex * ex + ey * ey + ez * ez))


@kernel
def load_state(s: np.ndarray, i: int, t: float, out: np.ndarray) -> None:
    """Write ball ``i``'s state at time ``t`` into ``out`` (the entries B* of ``state.py``)."""
    x, y, vx, vy, wx, wy, wz = state_at(s, i, t)
    z, vz = height_at(s, i, t)
    out[BX], out[BY], out[BVX], out[BVY], out[BWX], out[BWY], out[BWZ] = x, y, vx, vy, wx, wy, wz
    out[BZ], out[BVZ] = z, vz
