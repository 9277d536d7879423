"""The bed: a ball driven into the slate rebounds, and the friction of that impact acts on its slip.

Model: one impulse at the ball's lowest point, in the form Han (2005) uses at
the cushion (``han_2005.py``). Its normal part turns the downward speed v_z
into an upward e_s |v_z| (ball-slate restitution e_s = 0.5, Alciatore FAQ);
its tangential part opposes the slip u = v + w x (-R z) of the contact point,
capped by Coulomb friction mu_s times the normal impulse or just large enough
to stop the slip (the contact point answers a tangential impulse with 7/(2m),
as at the cushion). A rebound lower than ``PhysicsParams.hop_height`` stays on
the cloth. The same rebound, without the friction, follows the stroke of an
elevated cue (the jump shot: the cue drives the ball down into the bed and it
bounces up); with it, a ball pushed down by an airborne ball, and every landing.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.evolve import classify
from poolhall.physics.state import (
    AIRBORNE,
    BVX,
    BVY,
    BVZ,
    BWX,
    BWY,
    BWZ,
    BZ,
    E_S,
    EPS_GAP,
    MASS,
    MU_S,
    V_HOP,
    R,
    kernel,
)


@kernel
def bounce(b: np.ndarray, p: np.ndarray) -> None:
    """Ball state ``b``, at the bed and moving down, rebounds (in place; see the module docstring)."""
    m, r = p[MASS], p[R]
    jn = -m * (1.0 + p[E_S]) * b[BVZ]
    ux, uy = b[BVX] - r * b[BWY], b[BVY] + r * b[BWX]
    slip = math.sqrt(ux * ux + uy * uy)
    if slip > 0.0:
        jt = min(p[MU_S] * jn, m * slip / 3.5)
        tx, ty = -jt * ux / slip, -jt * uy / slip
        b[BVX] += tx / m
        b[BVY] += ty / m
        k = r / (0.4 * m * r * r)  # torque (0, 0, -R) x (tx, ty, 0) = (R ty, -R tx, 0), over I
        b[BWX] += k * ty
        b[BWY] -= k * tx
    b[BVZ] = -p[E_S] * b[BVZ]
    if b[BVZ] < p[V_HOP]:
        b[BVZ] = 0.0


@kernel
def after_stroke(b: np.ndarray, p: np.ndarray) -> int:
    """The cue ball's motion just after the stroke: the bed rebounds the cue's downward push, without friction.

    The cue-strike model (``stroke.py``, Alciatore TP A.30) is an impact of the tip alone; like it
    (and pooltool), the bed's friction during the stroke is left out, so a massé keeps the spin that
    curves it on the cloth afterwards.
    """
    b[BVZ] = -p[E_S] * b[BVZ]
    if b[BVZ] < p[V_HOP]:
        b[BVZ] = 0.0
        return classify(b[BVX], b[BVY], b[BWX], b[BWY], b[BWZ], p)
    return AIRBORNE


@kernel
def motion_after(b: np.ndarray, rebound: bool, p: np.ndarray) -> int:
    """The motion of ball state ``b`` after an impulse or a landing.

    At the bed, a push down rebounds (``bounce``) when ``rebound``: a landing, the
    impact of a ball in the air. Otherwise (a cushion, or two
    balls on the cloth) the bed's reaction belongs to the same impact -- the ball
    is squeezed between the cushion's nose and the slate, as Mathavan et al. (2010)
    model it -- and simply cancels the push.
    """
    if b[BZ] <= EPS_GAP:
        b[BZ] = 0.0
        if b[BVZ] < 0.0 and rebound:
            bounce(b, p)
        elif b[BVZ] < 0.0 or b[BVZ] < p[V_HOP]:
            b[BVZ] = 0.0
    if b[BZ] > 0.0 or b[BVZ] > 0.0:
        return AIRBORNE
    return classify(b[BVX], b[BVY], b[BWX], b[BWY], b[BWZ], p)
