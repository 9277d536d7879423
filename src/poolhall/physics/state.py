"""The flat-array layout the compiled kernels share (Box2D's plain state arrays, addressed by index).

Per ball, one row of ``S`` (float64, shape (16, 13)) holds the ball's current
segment: its start time and the polynomial coefficients of position,
velocity and spin; ``mot`` (int64) holds the motion code. Physics constants
travel in one float64 vector ``P``. Names and ids stay outside the kernels.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: How every kernel is compiled: cached on disk, with numpy's error model (a division by zero gives
#: inf or nan instead of raising; the kernels never divide by zero on purpose, and leaving out the
#: exception paths makes the code smaller to compile and faster to run).
kernel = njit(cache=True, error_model="numpy")
#: The same for helpers of a few lines that are inlined into their callers (nothing to compile alone).
inline_kernel = njit(cache=True, error_model="numpy", inline="always")

# Codes are numpy ints, not Python ints: numba types a Python int constant as a literal, and a call
# with a literal argument compiles the callee once more for that literal (seconds of cold start).

# motion codes (the order of result.MOTIONS)
STATIONARY = np.int64(0)
SPINNING = np.int64(1)
SLIDING = np.int64(2)
ROLLING = np.int64(3)
POCKETED = np.int64(4)
AIRBORNE = np.int64(5)  # off the cloth: a parabola under gravity, spin unchanged
OFF_TABLE = np.int64(6)  # left the table (RULES GEN-4); its last segment rests where it left
CONTACT = np.int64(7)  # in a contact phase with other balls (resolve/cluster.py): a path for the record only
RAIL = np.int64(8)  # flying over or running on a rail (resolve/rail.py): a path for the record only

# event codes (the order of result.EVENT_KINDS); SPIN_STOP splits a segment without being an event
EV_STROKE = np.int64(0)
EV_BALL_BALL = np.int64(1)
EV_BALL_CUSHION = np.int64(2)
EV_BALL_POCKET = np.int64(3)
EV_SLIDING_ROLLING = np.int64(4)
EV_ROLLING_SPINNING = np.int64(5)
EV_ROLLING_STATIONARY = np.int64(6)
EV_SPINNING_STATIONARY = np.int64(7)
EV_SLIDING_SPINNING = np.int64(8)
EV_SLIDING_STATIONARY = np.int64(9)
EV_BALL_SLATE = np.int64(10)
EV_BALL_OFF_TABLE = np.int64(11)
EV_SPIN_STOP = np.int64(12)

#: The kernel's pocket-of entry for a ball that left the table (pockets are 0-5, -1 none).
OFF_TABLE_MARK = np.int64(-2)

# columns of S: segment start, position, velocity, acceleration, spin and spin rate at the start, then
# the height of the centre above its resting height, its rate and acceleration (-g in the air, else 0)
T0, PX, PY, VX, VY, AX, AY, WX, WY, WZ, DWX, DWY, DWZ, PZ, VZ, AZ = range(16)
N_COLS = 16

# A ball's state at one instant, as the resolvers see it: a float array of these entries.
BX, BY, BVX, BVY, BWX, BWY, BWZ, BZ, BVZ = range(9)
N_BALL = 9

# entries of P
R, MASS, G, MU_S, MU_R, MU_SP, E_B, MUB_A, MUB_B, MUB_C, E_C, MU_C, NOSE_SIN, T_CONTACT = range(14)
E_S, V_HOP, LENGTH, WIDTH, K_HERTZ, HC_C = range(14, 20)
# the cushion model (CUSHION_HAN or CUSHION_MATHAVAN) and Mathavan 2010's work restitution and cushion friction
CUSHION, E_WORK, MU_W = range(20, 23)
# the normal speed above which the Mathavan cushion's work restitution falls, and the fall's exponent
V_YIELD, YIELD_EXP = range(23, 25)
# 1.0: with the Mathavan cushion, a ball in the air meets it too (PhysicsParams.mathavan_in_air); 0.0: Han's
IN_AIR_MATHAVAN = 25
# 1.0: a ball in the air whose centre leaves a pocket's hole below the rail's top meets the pocket's back and
# drops (PhysicsParams.pocket_back); 0.0: it flies on
POCKET_BACK = 26
# 1.0: a ball in the air whose bottom clears the nose at a jaw's facing or point flies over the rail's profile there
# (PhysicsParams.rail_at_jaws, resolve/rail.py); 0.0: it has left the table at once
RAIL_AT_JAWS = 27
# the Mathavan cushion's step control (PhysicsParams.cushion_tolerance): above 0, each impulse step's error
# estimate is kept under this share of the ball's approach momentum; 0.0: fixed steps (resolve/mathavan_2010.py)
CUSHION_TOL = 28
# 1.0: where the cloth's contact does not slip at the start of a Mathavan impulse step, its friction is what the
# other impulses' drive there needs, up to mu_s (PhysicsParams.cushion_departure); 0.0: none (the paper's Eq. 15)
CUSHION_DEPART = 29
N_PARAMS = 30

# cushion models (the P[CUSHION] entry; PhysicsParams.cushion_model names them)
CUSHION_HAN = 0.0
CUSHION_MATHAVAN = 1.0

#: Speeds below this (m/s) are zero: a nanometre per second.
EPS_V = 1e-9
#: Gaps within this (m) are contact.
EPS_GAP = 1e-11
#: How far (m) a pair pressed together (touching, no closing speed, accelerating together) may sink into
#: contact before the engine resolves it: a tenth of ``equipment.CONTACT_TOLERANCE``.
EPS_PRESS = 1e-10
#: Gaps down to minus this (m) still count as touching (overlap by rounding, pressing waits); further
#: below zero a body is on the far side of a line (a jaw facing's line runs across the table).
EPS_SUNK = 1e-7
