"""Closed-form motion of one ball between events, and its state changes (Leckie & Greenspan / Marlow).

With the cloth contact point's slip u = v + w x (-R z):
- sliding: friction -mu_s m g u^ acts at the contact. u keeps its direction
  and shrinks at 7/2 mu_s g, so the acceleration is constant and the ball
  moves on a parabola (a massé curves); the spin changes at
  5/(2R) mu_s g (-u^_y, u^_x) (Marlow ch. 6; Alciatore TP 4.1).
- rolling: u = 0; the ball decelerates at mu_r g along v, spin follows v/R.
- spinning (in place) and the z-spin of every moving ball decay at
  5 mu_sp g / (2R) (pooltool's spinning model).
Every state is a polynomial of degree <= 2 in time, which is what makes the
event times roots of polynomials.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.state import (
    AX,
    AY,
    DWX,
    DWY,
    DWZ,
    EPS_V,
    MASS,
    MU_R,
    MU_S,
    MU_SP,
    PX,
    PY,
    ROLLING,
    SLIDING,
    SPINNING,
    STATIONARY,
    T0,
    VX,
    VY,
    WX,
    WY,
    WZ,
    G,
    R,
    kernel,
)


@kernel
def spin_decel(p: np.ndarray) -> float:
    """How fast the z-spin decays, rad/s^2."""
    return 2.5 * p[MU_SP] * p[G] / p[R]


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
    if motion == ROLLING:
        f = p[MU_R] * p[G] / math.hypot(vx, vy)
        return -f * vx, -f * vy
    if motion == SLIDING:
        r = p[R]
        ux, uy = vx - r * wy, vy + r * wx
        f = p[MU_S] * p[G] / math.hypot(ux, uy)
        return -f * ux, -f * uy
    return 0.0, 0.0


@kernel
def kinetic_energy(vx: float, vy: float, wx: float, wy: float, wz: float, p: np.ndarray) -> float:
    """Translational plus rotational energy of a ball, I = 2/5 m R^2."""
    r = p[R]
    return 0.5 * p[MASS] * (vx * vx + vy * vy + 0.4 * r * r * (wx * wx + wy * wy + wz * wz))


@kernel
def start_segment(
    s: np.ndarray, mot: np.ndarray, i: int, t: float, x: float, y: float, vx: float, vy: float,
    wx: float, wy: float, wz: float, motion: int, p: np.ndarray,
) -> None:  # fmt: skip
    """Begin ball ``i``'s new segment at time ``t`` in ``motion`` from this state (normalised to the motion)."""
    r = p[R]
    row = s[i]
    dwx = dwy = dwz = 0.0
    if motion in (STATIONARY, SPINNING):
        vx = vy = wx = wy = 0.0
        if motion == STATIONARY:
            wz = 0.0
    elif motion == ROLLING:
        wx, wy = -vy / r, vx / r
    ax, ay = acceleration(vx, vy, wx, wy, motion, p)
    if motion == ROLLING:
        dwx, dwy = -ay / r, ax / r
    elif motion == SLIDING:
        # the friction's torque about the centre: 5/(2R) of the acceleration, turned (Marlow ch. 6)
        dwx, dwy = 2.5 / r * ay, -2.5 / r * ax
    if wz != 0.0 and motion != STATIONARY:
        dwz = -math.copysign(spin_decel(p), wz)
    row[T0] = t
    row[PX], row[PY], row[VX], row[VY], row[AX], row[AY] = x, y, vx, vy, ax, ay
    row[WX], row[WY], row[WZ], row[DWX], row[DWY], row[DWZ] = wx, wy, wz, dwx, dwy, dwz
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
def travel_bound(vx: float, vy: float, ax: float, ay: float, horizon: float) -> float:
    """An upper bound on how far a point moving at v + a t travels in [0, horizon].

    The speed |v + a t| is convex in t (the norm of an affine function), so it
    lies under its chord and the distance is at most horizon (|v(0)| + |v(horizon)|) / 2:
    exact for a ball rolling to a stop, far tighter than |v| h + |a| h^2 / 2.
    """
    if not horizon < np.inf:
        return np.inf
    ex, ey = vx + ax * horizon, vy + ay * horizon
    return 0.5 * horizon * (math.sqrt(vx * vx + vy * vy) + math.sqrt(ex * ex + ey * ey))


@kernel
def load_state(s: np.ndarray, i: int, t: float, out: np.ndarray) -> None:
    """Write ball ``i``'s (x, y, vx, vy, wx, wy, wz) at time ``t`` into ``out``."""
    x, y, vx, vy, wx, wy, wz = state_at(s, i, t)
    out[0], out[1], out[2], out[3], out[4], out[5], out[6] = x, y, vx, vy, wx, wy, wz
