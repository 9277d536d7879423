"""The cue stroke and what it gives the cue ball: velocity and spin from a point impact of the tip.

Model: an instantaneous impulse of the tip along the cue axis at the offset
point, with the tip-ball coefficient of restitution as "hit efficiency"
(Alciatore, TP A.30 "The effect of cue tip offset, cue weight, and cue speed
on cue ball speed and spin"; the same impulse model as pooltool's
``instantaneous_point`` and FastFiz). Side spin also deflects the cue ball's
path away from the side struck ("squirt", Alciatore TP A.31 "The physics of
squirt", through the cue's effective end mass). An elevated cue's impulse
points down into the bed; the simulator lets the bed rebound it
(``resolve/slate.py``), so a steep, hard stroke jumps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from poolhall.equipment import BallSpec, PhysicsParams
from poolhall.physics.state import kernel

#: Fastest cue speed accepted, m/s. A power break delivers about 11 m/s of cue speed
#: (Alciatore FAQ "break speed": pros reach 25-30 mph cue ball speed).
MAX_CUE_SPEED = 12.0


@dataclass(frozen=True)
class Stroke:
    """A cue stroke.

    ``speed``: cue stick speed at impact (m/s; the cue ball leaves faster, by
    the mass ratio). ``phi``: the cue's direction, radians from +x toward +y.
    ``theta``: the cue's elevation above the cloth, radians in [0, pi/2).
    ``a``, ``b``: tip offsets from the ball's centre as fractions of its radius,
    side (right positive) and height (top positive); their radius
    sqrt(a^2 + b^2) must stay within the miscue limit (0.5, Alciatore TP 2.1).
    """

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0

    def __post_init__(self) -> None:
        for name in ("speed", "phi", "theta", "a", "b"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise ValueError(f"{name}: must be a finite number, got {value!r}")
        if not 0 <= self.speed <= MAX_CUE_SPEED:
            raise ValueError(f"speed: {self.speed!r} m/s is outside 0 to {MAX_CUE_SPEED} m/s")
        if not 0 <= self.theta < math.pi / 2:
            raise ValueError(f"theta: elevation {self.theta!r} rad is outside [0, pi/2)")
        limit = PhysicsParams().miscue_limit
        if math.hypot(self.a, self.b) > limit + 1e-12:
            raise ValueError(
                f"a, b: tip offset sqrt(a^2 + b^2) = {math.hypot(self.a, self.b):.3f} is beyond the miscue "
                f"limit {limit} of the ball radius"
            )


def cue_strike(
    stroke: Stroke, ball: BallSpec, params: PhysicsParams
) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The cue ball's velocity (vx, vy, vz) and spin (wx, wy, wz) just after the tip leaves it (vz <= 0: down).

    In the cue's frame (forward f, right r, up u, all unit vectors), the tip
    touches the ball at Q = R (a r + b u - c f), c = sqrt(1 - a^2 - b^2). An
    impulse J f there changes the ball by v = J f / m and w = Q x J f / I; the
    contact's effective mass along f gives J = (1 + e) V m / (1 + m/M + 5/2 (a^2 + b^2))
    (TP A.30 with I = 2/5 m R^2). Squirt turns v by
    atan(5/2 a sqrt(1 - a^2) / (1 + m/m_e + 5/2 (1 - a^2))) away from the tip side (TP A.31).
    """
    vx, vy, vz, wx, wy, wz = strike(
        float(stroke.speed),
        float(stroke.phi),
        float(stroke.theta),
        float(stroke.a),
        float(stroke.b),
        *strike_constants(ball, params),
    )  # floats: an int would compile another signature
    return (vx, vy, vz), (wx, wy, wz)


def strike_constants(ball: BallSpec, params: PhysicsParams) -> tuple[float, float, float, float, float]:
    """The constants ``strike`` takes after the stroke's own five numbers."""
    return (
        float(ball.mass), float(ball.radius), float(params.tip_restitution), float(params.cue_mass),
        float(params.cue_end_mass),
    )  # fmt: skip


@kernel
def strike(  # type: ignore[no-untyped-def]
    speed, phi, theta, a, b, m, r, tip_restitution, cue_mass, cue_end_mass
):  # fmt: skip
    """``cue_strike`` on plain numbers: (vx, vy, vz, wx, wy, wz).

    Compiled, so ``simulate`` and ``simulate_many`` (which runs it over all its
    strokes in one call) start every shot from the very same numbers.
    """
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    cos_t, sin_t = math.cos(theta), math.sin(theta)
    fx, fy, fz = cos_t * cos_p, cos_t * sin_p, -sin_t
    rx, ry, rz = sin_p, -cos_p, 0.0
    ux, uy, uz = sin_t * cos_p, sin_t * sin_p, cos_t
    impulse = (1.0 + tip_restitution) * speed * m / (1.0 + m / cue_mass + 2.5 * (a * a + b * b))
    # Q x f = R (a r x f + b u x f): the torque arm per unit impulse.
    rxf_x, rxf_y, rxf_z = ry * fz - rz * fy, rz * fx - rx * fz, rx * fy - ry * fx
    uxf_x, uxf_y, uxf_z = uy * fz - uz * fy, uz * fx - ux * fz, ux * fy - uy * fx
    inertia = 0.4 * m * r * r
    wx = impulse * r * (a * rxf_x + b * uxf_x) / inertia
    wy = impulse * r * (a * rxf_y + b * uxf_y) / inertia
    wz = impulse * r * (a * rxf_z + b * uxf_z) / inertia
    v = impulse * cos_t / m
    squirt = math.atan2(2.5 * a * math.sqrt(1.0 - a * a), 1.0 + m / cue_end_mass + 2.5 * (1.0 - a * a))
    direction = phi + squirt  # right side (a > 0) sends the ball to the left of the cue line
    return v * math.cos(direction), v * math.sin(direction), -impulse * sin_t / m, wx, wy, wz
