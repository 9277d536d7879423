"""Pressing contacts: a pair that friction pushes together parts in small impacts, one per contact period.

A ball pushed into a cushion or another ball by its own friction (touching,
no speed to part, accelerating into the contact at a_n) is held by a contact
force in reality. Event by event that becomes an endless series of ever
smaller impacts (restitution < 1 makes it a Zeno series), which would end at
the event cap. So after the impact model has resolved a contact, a pair that
would part slower than a_n T / 2 (T = ``PhysicsParams.contact_period``) is
made to part at that speed: it meets again after T, and each impact passes
on m_eff a_n T, the momentum the contact force passes on in that time. The
extra energy of that push is paid from what the pair lost since the previous
event (cloth friction, the impact itself), so kinetic energy never rises;
while that is not yet enough the pair parts more slowly. This is the
engine's own numerical treatment, not a published model. A ball in the air
in slow contact with another slides down its curved side, which the closing
acceleration along the line of centres does not see: such a pair parts as if
pressed by g, and may pay the push from the fall speed, as the contact force
slows the fall.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.evolve import acceleration, classify, energy, energy_at
from poolhall.physics.state import BVX, BVY, BVZ, BWX, BWY, BWZ, BX, BY, BZ, MASS, T_CONTACT, G, kernel


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
def part_pair(b1: np.ndarray, b2: np.ndarray, s: np.ndarray, i: int, j: int, t_last: float, p: np.ndarray) -> None:
    """After a ball-ball impact: push a pressing pair apart (module docstring); ``s`` still holds the old segments."""
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
    budget = energy_at(s, i, t_last, p) + energy_at(s, j, t_last, p) - e_before
    falling = 0.5 * m * (_in_air_vz(b1) ** 2 + _in_air_vz(b2) ** 2)  # a ball sliding down another's side
    v = _parting_speed(v_out, a_close, m_eff, max(budget, 0.0) + falling, p)
    if v <= v_out:
        return
    keep1, keep2 = b1.copy(), b2.copy()
    dv = 0.5 * (v - v_out)  # equal and opposite impulses m dv
    for b, sign in ((b1, -1.0), (b2, 1.0)):
        b[BVX] += sign * dv * nx
        b[BVY] += sign * dv * ny
        b[BVZ] += sign * dv * nz
    # what the friction of the cloth has not paid comes off the fall of a ball in the air
    excess = energy(b1, p) + energy(b2, p) - e_before - max(budget, 0.0)
    for b in (b1, b2):
        if excess > 0.0 and (b[BZ] > 0.0 or b[BVZ] > 0.0):
            take = min(excess, 0.5 * m * b[BVZ] * b[BVZ])
            b[BVZ] = math.copysign(math.sqrt(max(b[BVZ] * b[BVZ] - 2.0 * take / m, 0.0)), b[BVZ])
            excess -= take
    if excess > 0.0:  # cannot be paid: no push
        b1[:] = keep1
        b2[:] = keep2


@kernel
def _in_air_vz(b: np.ndarray) -> float:
    return b[BVZ] if b[BZ] > 0.0 or b[BVZ] > 0.0 else 0.0


@kernel
def _closing_acceleration(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> float:
    """The component along (nx, ny) of the acceleration ball state ``b`` will have."""
    ax, ay, _ = _acceleration3(b, p)
    return ax * nx + ay * ny


@kernel
def part_cushion(b: np.ndarray, nx: float, ny: float, s: np.ndarray, i: int, t_last: float, p: np.ndarray) -> None:
    """After a ball-cushion impact: push a ball pressing into the cushion (toward (nx, ny)) off it."""
    if b[BZ] > 0.0:
        return
    a_close = _closing_acceleration(b, nx, ny, p)
    if a_close <= 0.0:
        return
    v_out = -(b[BVX] * nx + b[BVY] * ny)
    budget = energy_at(s, i, t_last, p) - energy(b, p)
    v = _parting_speed(v_out, a_close, p[MASS], budget, p)
    if v > v_out:
        b[BVX] -= (v - v_out) * nx
        b[BVY] -= (v - v_out) * ny
