"""Does the bed act during a short impact? The engine's sequential bed rebound against compliant contacts in series.

The engine resolves an impact that drives a ball resting on the cloth into the bed in two steps: the
impact (a ball-ball impulse along a tilted line of centres, or the cue's impulse along an elevated
cue) as if the bed were not there, then the bed's rebound at e_s = 0.5 (``resolve/slate.py``). If the
bed pressed back during the impact (a contact faster than the impact's), the ball would leave with
far less upward speed. This integrates both contacts at once, as forces in small steps:

- ball-ball: the engine's own Hertz contact with Hunt-Crossley damping (``resolve/cluster.py``: the
  balls' modulus, ``damping_for(e_ball)``);
- cue tip: a spring and dashpot restituting at the hit efficiency (0.75), with a contact time of 1 or
  2 ms (Alciatore, FAQ "cue tip contact time": about 0.001-0.002 s for most tips and speeds);
- the cloth on the slate: a spring and dashpot that returns a dropped ball at e_s = 0.5, with a
  contact time ``T_bed`` that no measurement found gives: it is the unknown, swept from 0.25 ms (about
  the balls' own Hertz contact, the stiffest the cloth could be) to 5 ms.

Without friction at either contact (the engine's side too), it prints the ball's upward speed after
the bed (the object ball's, the cue ball's) from the compliant model over the engine's. Run from the
repository root:

    PYTHONPATH=src .venv/bin/python benchmarks/bed_in_series.py
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.equipment import PhysicsParams, TableSpec
from poolhall.physics import state as st
from poolhall.physics.packing import param_vector
from poolhall.physics.resolve.ball_ball import resolve_ball_ball
from poolhall.physics.resolve.slate import after_stroke, motion_after
from poolhall.physics.stroke import strike, strike_constants

TABLE = TableSpec.nine_foot()
PARAMS = PhysicsParams()
P = np.array(param_vector(TABLE, PARAMS))
P[st.MUB_A] = P[st.MUB_B] = P[st.MU_S] = 0.0  # frictionless, as the compliant model
M, R = TABLE.ball.mass, TABLE.ball.radius
BED_TIMES = (0.25e-3, 0.5e-3, 1e-3, 2e-3, 5e-3)


def spring(mass: float, contact_time: float, e: float) -> tuple[float, float]:
    """Stiffness and damping of a spring-dashpot contact (pushing only) that returns ``mass`` at ``e`` after
    ``contact_time``: the damping ratio by bisection on the restitution, then the stiffness for the time."""

    def drop(k: float, c: float) -> tuple[float, float]:  # a unit mass dropped at 1 m/s
        x, v, t, dt = 0.0, -1.0, 0.0, math.sqrt(1.0 / k) / 2000.0
        while True:
            f = max(-k * x - c * v, 0.0)
            v += f * dt
            x += v * dt
            t += dt
            if x >= 0.0 and t > dt:
                return v, t

    lo, hi = 0.0, 2.0
    for _ in range(40):
        zeta = 0.5 * (lo + hi)
        if drop(1.0, 2.0 * zeta)[0] > e:
            lo = zeta
        else:
            hi = zeta
    zeta = 0.5 * (lo + hi)
    t1 = drop(1.0, 2.0 * zeta)[1]  # the contact time at unit mass and stiffness
    k = mass * (t1 / contact_time) ** 2
    return k, 2.0 * zeta * math.sqrt(k * mass)


def object_ball(speed: float, height: float, bed_time: float) -> tuple[float, float]:
    """A cue ball ``height`` above the cloth at ``speed`` meets a resting ball full: the object ball's upward
    speed after the bed, (engine, compliant)."""
    sin_a = height / (2.0 * R)
    cos_a = math.sqrt(1.0 - sin_a * sin_a)
    b1, b2 = np.zeros(st.N_BALL), np.zeros(st.N_BALL)
    b1[st.BZ], b1[st.BVX] = height, speed
    b2[st.BX] = 2.0 * R * cos_a
    resolve_ball_ball(b1, b2, P)
    motion_after(b2, True, P)
    engine = b2[st.BVZ]
    kb, cb = spring(M, bed_time, PARAMS.e_slate)
    x1, x2 = np.array([0.0, height]), np.array([2.0 * R * cos_a - 1e-7, 0.0])
    v1, v2 = np.array([speed, 0.0]), np.zeros(2)
    dt = 2e-8
    for _ in range(int(0.02 / dt)):
        d = x2 - x1
        dist = math.hypot(*d)
        n = d / dist
        overlap = 2.0 * R - dist
        f = np.zeros(2)
        if overlap > 0.0:
            closing = -float(np.dot(v2 - v1, n))
            f = P[st.K_HERTZ] * overlap**1.5 * max(1.0 + P[st.HC_C] * closing / speed, 0.0) * n
        bed = max(-kb * x2[1] - cb * v2[1], 0.0) if x2[1] < 0.0 else 0.0
        v1 -= f / M * dt
        v2 += (f + np.array([0.0, bed])) / M * dt
        x1 += v1 * dt
        x2 += v2 * dt
        if overlap <= 0.0 and x2[1] >= 0.0 and v2[1] >= 0.0 and v2[0] > v1[0]:
            break
    return engine, float(v2[1])


def cue_ball(cue_speed: float, elevation: float, tip_time: float, bed_time: float) -> tuple[float, float, float]:
    """A centre hit with the cue raised ``elevation`` radians: the cue ball's upward speed after the bed,
    (engine, compliant), and the share of the bed's impulse given after the tip has left the ball."""
    b = np.zeros(st.N_BALL)
    vx, _, vz, *_ = strike(cue_speed, 0.0, elevation, 0.0, 0.0, *strike_constants(TABLE.ball, PARAMS))
    b[st.BVX], b[st.BVZ] = vx, vz
    after_stroke(b, P)
    engine = b[st.BVZ]
    mc = PARAMS.cue_mass
    kt, ct = spring(M * mc / (M + mc), tip_time, PARAMS.tip_restitution)
    kb, cb = spring(M, bed_time, PARAMS.e_slate)
    axis = np.array([math.cos(elevation), -math.sin(elevation)])
    s, vs = 0.0, cue_speed  # the tip's travel along the cue
    x, v = np.zeros(2), np.zeros(2)
    dt = 1e-7
    during = after = 0.0  # the bed's impulse while the tip touches, and after
    for _ in range(int(0.03 / dt)):
        squeeze = s - float(np.dot(x, axis))
        tip = max(kt * squeeze + ct * (vs - float(np.dot(v, axis))), 0.0) if squeeze > 0.0 else 0.0
        bed = max(-kb * x[1] - cb * v[1], 0.0) if x[1] < 0.0 else 0.0
        if tip > 0.0:
            during += bed * dt
        else:
            after += bed * dt
        vs -= tip / mc * dt
        v += (tip * axis + np.array([0.0, bed])) / M * dt
        s += vs * dt
        x += v * dt
        if squeeze <= 0.0 and x[1] >= 0.0 and v[1] >= 0.0 and vs < float(np.dot(v, axis)):
            break
    return engine, float(v[1]), after / (during + after)


def main() -> None:
    print("object ball struck by a cue ball in the air (its upward speed after the bed, m/s)")
    print("  case                        engine  " + "  ".join(f"bed {t * 1e3:4.2f} ms" for t in BED_TIMES))
    for speed, height in ((6.0, 0.005), (10.0, 0.005), (10.0, 0.014)):
        row = [object_ball(speed, height, t) for t in BED_TIMES]
        cells = "  ".join(f"{c:6.3f} ({c / row[0][0]:4.2f})" for _, c in row)
        print(f"  {speed:4.1f} m/s, {height * 1e3:4.1f} mm up        {row[0][0]:6.3f}  {cells}")
    print("cue ball after a centre hit with the cue raised (its upward speed after the bed, m/s;")
    print("  [the share of the bed's push given after the tip left the ball])")
    for tip_time in (1e-3, 2e-3):
        for cue_speed, degrees in ((6.0, 3.0), (9.0, 5.0)):
            row = [cue_ball(cue_speed, math.radians(degrees), tip_time, t) for t in BED_TIMES]
            cells = "  ".join(f"{c:6.3f} ({c / row[0][0]:4.2f}) [{late:4.2f}]" for _, c, late in row)
            print(f"  tip {tip_time * 1e3:.0f} ms, {cue_speed:.0f} m/s, {degrees:.0f} deg   {row[0][0]:6.3f}  {cells}")


if __name__ == "__main__":
    main()
