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
engine's own numerical treatment, not a published model.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.evolve import acceleration, classify, kinetic_energy, state_at
from poolhall.physics.state import MASS, T_CONTACT, kernel


@kernel
def _parting_speed(v_out: float, a_close: float, m_eff: float, budget: float, p: np.ndarray) -> float:
    """The normal speed at which a touching pair should part (``v_out`` from the impact model)."""
    target = 0.5 * a_close * p[T_CONTACT]
    if a_close <= 0.0 or v_out >= target:
        return v_out
    afford = math.sqrt(max(v_out, 0.0) ** 2 + 2.0 * max(budget, 0.0) / m_eff)
    return max(v_out, min(target, afford))


@kernel
def _closing_acceleration(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> float:
    """The component along (nx, ny) of the acceleration ball state ``b`` will have."""
    motion = classify(b[2], b[3], b[4], b[5], b[6], p)
    ax, ay = acceleration(b[2], b[3], b[4], b[5], motion, p)
    return ax * nx + ay * ny


@kernel
def part_pair(b1: np.ndarray, b2: np.ndarray, s: np.ndarray, i: int, j: int, t_last: float, p: np.ndarray) -> None:
    """After a ball-ball impact: push a pressing pair apart (module docstring); ``s`` still holds the old segments."""
    nx, ny = b2[0] - b1[0], b2[1] - b1[1]
    d = math.hypot(nx, ny)
    nx, ny = nx / d, ny / d
    a_close = _closing_acceleration(b1, nx, ny, p) - _closing_acceleration(b2, nx, ny, p)
    if a_close <= 0.0:
        return
    v_out = (b2[2] - b1[2]) * nx + (b2[3] - b1[3]) * ny
    m_eff = 0.5 * p[MASS]
    budget = _energy_at(s, i, t_last, p) + _energy_at(s, j, t_last, p) - _energy(b1, p) - _energy(b2, p)
    v = _parting_speed(v_out, a_close, m_eff, budget, p)
    if v > v_out:
        dv = 0.5 * (v - v_out)  # equal and opposite impulses m dv
        b1[2] -= dv * nx
        b1[3] -= dv * ny
        b2[2] += dv * nx
        b2[3] += dv * ny


@kernel
def part_cushion(b: np.ndarray, nx: float, ny: float, s: np.ndarray, i: int, t_last: float, p: np.ndarray) -> None:
    """After a ball-cushion impact: push a ball pressing into the cushion (toward (nx, ny)) off it."""
    a_close = _closing_acceleration(b, nx, ny, p)
    if a_close <= 0.0:
        return
    v_out = -(b[2] * nx + b[3] * ny)
    budget = _energy_at(s, i, t_last, p) - _energy(b, p)
    v = _parting_speed(v_out, a_close, p[MASS], budget, p)
    if v > v_out:
        b[2] -= (v - v_out) * nx
        b[3] -= (v - v_out) * ny


@kernel
def _energy(b: np.ndarray, p: np.ndarray) -> float:
    return kinetic_energy(b[2], b[3], b[4], b[5], b[6], p)


@kernel
def _energy_at(s: np.ndarray, i: int, t: float, p: np.ndarray) -> float:
    """Ball ``i``'s kinetic energy at time ``t`` of its current segment."""
    _, _, vx, vy, wx, wy, wz = state_at(s, i, t)
    return kinetic_energy(vx, vy, wx, wy, wz, p)
