"""Pressing contacts: a pair that friction pushes together parts in small impacts, one per contact period.

A ball pushed into a cushion or another ball by its own friction (touching,
no speed to part, accelerating into the contact at a_n) is held by a contact
force in reality. Event by event that becomes an endless series of ever
smaller impacts (restitution < 1 makes it a Zeno series), which would end at
the event cap. So after the impact model has resolved a contact, a pair that
would part slower than a_n T / 2 (T = ``PhysicsParams.contact_period``) is
made to part at that speed: it meets again after T, and each impact passes
on m_eff a_n T, the momentum the contact force passes on in that time. The
extra energy of that push is paid from the pair's own spin about horizontal
axes -- the cloth's friction, which does the pressing, turns that spin into
the push -- so no event adds energy; when the spin cannot pay for it the pair
parts more slowly. (It was once paid from what the pair had lost since the
previous event, which let a slow contact gain energy: issue 14's shot with
follow at 0.1 m/s gained 26-fold.) This is the engine's own numerical
treatment, not a published model. A ball in the air in slow contact with
another slides down its curved side, which the closing acceleration along
the line of centres does not see: such a pair parts as if pressed by g, and
may pay the push from the fall speed, as the contact force slows the fall.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.evolve import acceleration, classify, energy
from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, BX, BY, BZ, MASS, T_CONTACT, G, R, kernel


@kernel
def _parting_speed(v_out: float, a_close: float, m_eff: float, budget: float, p: np.ndarray) -> float:
    """The normal speed at which a touching pair should part (``v_out`` from the impact model)."""
    target = 0.5 * a_close * p[T_CONTACT]
    if a_close <= 0.0 or v_out >= target:
        return v_out
    afford = math.sqrt(max(v_out, 0.0) ** 2 + 2.0 * max(budget, 0.0) / m_eff)
    return max(v_out, min(target, afford))


@kernel
def _acceleration3(b: np.ndarray, p: np.ndarray) -> tuple[float, float, float]:
    """The acceleration ball state ``b`` will have: friction on the cloth, gravity in the air."""
    if b[BZ] > 0.0 or b[BVZ] > 0.0:
        return 0.0, 0.0, -p[G]
    motion = classify(b[BVX], b[BVY], b[BWX], b[BWY], b[BWZ], p)
    ax, ay = acceleration(b[BVX], b[BVY], b[BWX], b[BWY], motion, p)
    return ax, ay, 0.0


@kernel
def part_pair(b1: np.ndarray, b2: np.ndarray, p: np.ndarray) -> None:
    """After a ball-ball impact: push a pressing pair apart (module docstring)."""
    nx, ny, nz = b2[BX] - b1[BX], b2[BY] - b1[BY], b2[BZ] - b1[BZ]
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx, ny, nz = nx / d, ny / d, nz / d
    a1x, a1y, a1z = _acceleration3(b1, p)
    a2x, a2y, a2z = _acceleration3(b2, p)
    a_close = (a1x - a2x) * nx + (a1y - a2y) * ny + (a1z - a2z) * nz
    if a1z != 0.0 or a2z != 0.0:  # a ball in the air slides down the other's curved side: part as under g
        a_close = max(a_close, p[G])
    if a_close <= 0.0:
        return
    v_out = (b2[BVX] - b1[BVX]) * nx + (b2[BVY] - b1[BVY]) * ny + (b2[BVZ] - b1[BVZ]) * nz
    m, m_eff = p[MASS], 0.5 * p[MASS]
    e_before = energy(b1, p) + energy(b2, p)
    budget = _rolling_energy(b1, p) + _rolling_energy(b2, p)
    falling = 0.5 * m * (_in_air_vz(b1) ** 2 + _in_air_vz(b2) ** 2)  # a ball sliding down another's side
    v = _parting_speed(v_out, a_close, m_eff, budget + falling, p)
    if v <= v_out:
        return
    keep1, keep2 = b1.copy(), b2.copy()
    dv = 0.5 * (v - v_out)  # equal and opposite impulses m dv
    for b, sign in ((b1, -1.0), (b2, 1.0)):
        b[BVX] += sign * dv * nx
        b[BVY] += sign * dv * ny
        b[BVZ] += sign * dv * nz
    # the push is paid from the fall of a ball in the air, then from the spins
    excess = energy(b1, p) + energy(b2, p) - e_before
    for b in (b1, b2):
        if excess > 0.0 and (b[BZ] > 0.0 or b[BVZ] > 0.0):
            take = min(excess, 0.5 * m * b[BVZ] * b[BVZ])
            b[BVZ] = math.copysign(math.sqrt(max(b[BVZ] * b[BVZ] - 2.0 * take / m, 0.0)), b[BVZ])
            excess -= take
    for b in (b1, b2):
        excess = _pay_from_spin(b, excess, p)
    if excess > 0.0:  # cannot be paid: no push
        b1[:] = keep1
        b2[:] = keep2


@kernel
def _rolling_energy(b: np.ndarray, p: np.ndarray) -> float:
    """The energy of ball state ``b``'s spin about horizontal axes (what the cloth's friction can turn into a push)."""
    return 0.2 * p[MASS] * p[R] * p[R] * (b[BWX] * b[BWX] + b[BWY] * b[BWY])


@kernel
def _pay_from_spin(b: np.ndarray, excess: float, p: np.ndarray) -> float:
    """Take up to ``excess`` joules from ``b``'s horizontal spin (scaled down); returns what is still unpaid."""
    rot = _rolling_energy(b, p)
    if excess <= 0.0 or rot <= 0.0:
        return excess
    take = min(excess, rot)
    scale = math.sqrt(max(rot - take, 0.0) / rot)
    b[BWX] *= scale
    b[BWY] *= scale
    return excess - take


@kernel
def _in_air_vz(b: np.ndarray) -> float:
    return b[BVZ] if b[BZ] > 0.0 or b[BVZ] > 0.0 else 0.0


@kernel
def _closing_acceleration(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> float:
    """The component along (nx, ny) of the acceleration ball state ``b`` will have."""
    ax, ay, _ = _acceleration3(b, p)
    return ax * nx + ay * ny


@kernel
def part_cushion(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> None:
    """After a ball-cushion impact: push a ball pressing into the cushion (toward (nx, ny)) off it."""
    if b[BZ] > 0.0:
        return
    a_close = _closing_acceleration(b, nx, ny, p)
    if a_close <= 0.0:
        return
    v_out = -(b[BVX] * nx + b[BVY] * ny)
    e_before = energy(b, p)
    v = _parting_speed(v_out, a_close, p[MASS], _rolling_energy(b, p), p)
    if v > v_out:
        keep = b.copy()
        b[BVX] -= (v - v_out) * nx
        b[BVY] -= (v - v_out) * ny
        if _pay_from_spin(b, energy(b, p) - e_before, p) > 0.0:  # cannot be paid: no push
            b[:] = keep
