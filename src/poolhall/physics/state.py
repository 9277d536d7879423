"""The flat-array layout the compiled kernels share (Box2D's plain state arrays, addressed by index).

Per ball, one row of ``S`` (float64, shape (16, 13)) holds the ball's current
segment: its start time and the polynomial coefficients of position,
velocity and spin; ``mot`` (int64) holds the motion code. Physics constants
travel in one float64 vector ``P``. Names and ids stay outside the kernels.
"""

from __future__ import annotations

# motion codes (the order of result.MOTIONS)
STATIONARY = 0
SPINNING = 1
SLIDING = 2
ROLLING = 3
POCKETED = 4

# event codes (the order of result.EVENT_KINDS); SPIN_STOP splits a segment without being an event
EV_STROKE = 0
EV_BALL_BALL = 1
EV_BALL_CUSHION = 2
EV_BALL_POCKET = 3
EV_SLIDING_ROLLING = 4
EV_ROLLING_SPINNING = 5
EV_ROLLING_STATIONARY = 6
EV_SPINNING_STATIONARY = 7
EV_SLIDING_SPINNING = 8
EV_SLIDING_STATIONARY = 9
EV_SPIN_STOP = 10

# columns of S: segment start, position, velocity, acceleration, spin and spin rate at the start
T0, PX, PY, VX, VY, AX, AY, WX, WY, WZ, DWX, DWY, DWZ = range(13)
N_COLS = 13

# entries of P
R, MASS, G, MU_S, MU_R, MU_SP, E_B, MUB_A, MUB_B, MUB_C, E_C, MU_C, NOSE_SIN, T_CONTACT = range(14)
N_PARAMS = 14

#: Speeds below this (m/s) are zero: a nanometre per second.
EPS_V = 1e-9
#: Gaps within this (m) are contact.
EPS_GAP = 1e-11
#: How far (m) a pair pressed together (touching, no closing speed, accelerating together) may sink into
#: contact before the engine resolves it: a tenth of ``equipment.CONTACT_TOLERANCE``.
EPS_PRESS = 1e-10
