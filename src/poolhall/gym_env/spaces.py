"""The environments' action and observation spaces, and the maps between them and the match layer's values.

Actions are a ``Dict``:

- ``stroke``: ``Box(-1, 1, (5,))`` = (speed, phi, theta, a, b), each scaled
  from [-1, 1]: speed linearly over ``SPEED_RANGE`` (cue speed, m/s), phi over
  [-pi, pi], theta over [0, ``THETA_MAX``], and the tip offset (a, b) from the
  square onto the disc of the miscue limit (radially: the point keeps its
  direction and its square "radius" max(|a|, |b|) becomes the fraction of the
  limit), so every action is a valid ``Stroke``. Values outside [-1, 1] are
  clipped first, as policies with Gaussian heads produce them.
- ``call``: ``Discrete(N_CALLS)``: 0 no call, 1 safety, then ball and pocket
  (``encode_call`` / ``decode_call``; ball-major, pockets in
  ``equipment.POCKETS`` order). ``info["action_mask"]`` marks the calls the
  match accepts now.
- ``place``: ``Box(-1, 1, (2,))``, read only when the cue ball is in hand:
  the point scaled over the area asked for (the kitchen, or the whole cloth),
  one ball radius inside the cushions.

Observations are a ``Dict`` of fixed shapes (see ``observation_space``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from gymnasium import spaces

from poolhall.equipment import OBJECT_BALLS, POCKETS, PhysicsParams, TableSpec
from poolhall.game import Asked, MatchView
from poolhall.layout import N_BALLS
from poolhall.physics import Stroke
from poolhall.physics.stroke import MAX_CUE_SPEED
from poolhall.rules.model import SAFETY, Call

#: Cue speeds the ``stroke`` action spans (m/s): a soft touch to the fastest stroke ``Stroke`` accepts.
SPEED_RANGE = (0.2, MAX_CUE_SPEED)
#: Highest cue elevation an action can ask for (radians): steep enough for a massé.
THETA_MAX = math.radians(60.0)
MISCUE_LIMIT = PhysicsParams().miscue_limit

NO_CALL, SAFETY_CALL = 0, 1
N_CALLS = 2 + len(OBJECT_BALLS) * len(POCKETS)

#: ``asked`` in the observation: nothing (the episode is over), place the cue ball, shoot.
ASKED_CODES = {"nothing": 0, "place": 1, "shoot": 2}
BALL_IN_HAND_CODES = {None: 0, "kitchen": 1, "anywhere": 2}
GROUP_CODES = {None: 0, "solids": 1, "stripes": 2}
SCORE_BOUND = 10_000.0


def action_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "stroke": spaces.Box(-1.0, 1.0, (5,), np.float32),
            "call": spaces.Discrete(N_CALLS),
            "place": spaces.Box(-1.0, 1.0, (2,), np.float32),
        }
    )


def observation_space() -> spaces.Dict:
    """Ball centres as fractions of the playing surface (x / length, y / width; 0 when off the table),
    the on-table mask, what is asked, ball in hand, break, whose turn (0 the agent's), the agent's group
    (eight-ball) and the score (agent, opponent; see each environment for its meaning)."""
    return spaces.Dict(
        {
            "balls": spaces.Box(0.0, 1.0, (N_BALLS, 2), np.float32),
            "on_table": spaces.MultiBinary(N_BALLS),
            "asked": spaces.Discrete(len(ASKED_CODES)),
            "ball_in_hand": spaces.Discrete(len(BALL_IN_HAND_CODES)),
            "break_shot": spaces.Discrete(2),
            "turn": spaces.Discrete(2),
            "group": spaces.Discrete(len(GROUP_CODES)),
            "score": spaces.Box(-SCORE_BOUND, SCORE_BOUND, (2,), np.float32),
        }
    )


# ------------------------------------------------------------------ strokes
def _unit(u: float) -> float:
    """[-1, 1] -> [0, 1]."""
    return (u + 1.0) / 2.0


def stroke_from_action(values: Sequence[float]) -> Stroke:
    """The ``Stroke`` a ``stroke`` action asks for (clipped to [-1, 1] first)."""
    speed_u, phi_u, theta_u, a_u, b_u = (float(v) for v in np.clip(np.asarray(values, np.float64), -1.0, 1.0))
    lo, hi = SPEED_RANGE
    square = max(abs(a_u), abs(b_u))
    norm = math.hypot(a_u, b_u)
    scale = MISCUE_LIMIT * square / norm if norm > 0 else 0.0
    return Stroke(
        speed=lo + _unit(speed_u) * (hi - lo),
        phi=math.pi * phi_u,
        theta=THETA_MAX * _unit(theta_u),
        a=a_u * scale,
        b=b_u * scale,
    )


def action_from_stroke(stroke: Stroke) -> np.ndarray:
    """The ``stroke`` action that plays ``stroke`` (the inverse of ``stroke_from_action``, up to float32)."""
    lo, hi = SPEED_RANGE
    phi = math.remainder(stroke.phi, 2 * math.pi)
    norm = math.hypot(stroke.a, stroke.b)
    a_u = b_u = 0.0
    if norm > 0:
        square = norm / MISCUE_LIMIT  # max(|a_u|, |b_u|) along the same direction
        biggest = max(abs(stroke.a), abs(stroke.b))
        a_u, b_u = stroke.a / biggest * square, stroke.b / biggest * square
    return np.array(
        [2 * (stroke.speed - lo) / (hi - lo) - 1, phi / math.pi, 2 * stroke.theta / THETA_MAX - 1, a_u, b_u],
        np.float32,
    )


# ------------------------------------------------------------------ calls
def encode_call(call: Call | str | None) -> int:
    """The ``call`` action of a call: None, ``"safety"`` or ``Call(ball, pocket)``."""
    if call is None:
        return NO_CALL
    if call == SAFETY:
        return SAFETY_CALL
    assert isinstance(call, Call)
    return 2 + (call.ball - 1) * len(POCKETS) + POCKETS.index(call.pocket)


def decode_call(index: int) -> Call | str | None:
    """The call a ``call`` action names (the inverse of ``encode_call``)."""
    index = int(index)
    if index == NO_CALL:
        return None
    if index == SAFETY_CALL:
        return SAFETY
    ball, pocket = divmod(index - 2, len(POCKETS))
    return Call(ball + 1, POCKETS[pocket])


def call_mask(asked: Asked) -> np.ndarray:
    """1 for each ``call`` action the match accepts for ``asked`` (all 0 unless a shot is asked)."""
    mask = np.zeros(N_CALLS, np.int8)
    if asked.kind != "shoot":
        return mask
    mask[NO_CALL] = 0 if asked.call_required else 1
    mask[SAFETY_CALL] = 1 if asked.safety_allowed else 0
    for ball in asked.callable_balls:
        for pocket in asked.pockets:
            mask[encode_call(Call(ball, pocket))] = 1
    return mask


# ------------------------------------------------------------------ ball in hand
def placement_area(table: TableSpec, area: str | None) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1) a ``place`` action spans: the kitchen (base behind the head string) or the cloth."""
    r = table.ball.radius
    x1 = table.head_string_x - 1e-6 if area == "kitchen" else table.length - r
    return (r, x1, r, table.width - r)


def point_from_action(values: Sequence[float], table: TableSpec, area: str | None) -> tuple[float, float]:
    x0, x1, y0, y1 = placement_area(table, area)
    u, v = (float(c) for c in np.clip(np.asarray(values, np.float64), -1.0, 1.0))
    return (x0 + _unit(u) * (x1 - x0), y0 + _unit(v) * (y1 - y0))


def action_from_point(xy: tuple[float, float], table: TableSpec, area: str | None) -> np.ndarray:
    """The ``place`` action that asks for ``xy`` (the inverse of ``point_from_action``)."""
    x0, x1, y0, y1 = placement_area(table, area)
    return np.array([2 * (xy[0] - x0) / (x1 - x0) - 1, 2 * (xy[1] - y0) / (y1 - y0) - 1], np.float32)


# ------------------------------------------------------------------ observations
def observe(view: MatchView, agent: str, score: tuple[float, float], *, agents_turn: bool) -> dict[str, object]:
    """The observation of ``view`` for the seat ``agent`` (``score``: what the environment reports)."""
    table = view.table
    balls = np.zeros((N_BALLS, 2), np.float32)
    on_table = np.zeros(N_BALLS, np.int8)
    if view.layout is not None:
        for ball in view.layout.on_table:
            x, y = view.layout.positions[ball]
            balls[ball] = (min(max(x / table.length, 0.0), 1.0), min(max(y / table.width, 0.0), 1.0))
            on_table[ball] = 1
    kind = view.asked.kind if view.asked.kind in ASKED_CODES and agents_turn else "nothing"
    groups: Mapping[str, str] | None = view.groups
    return {
        "balls": balls,
        "on_table": on_table,
        "asked": ASKED_CODES[kind],
        "ball_in_hand": BALL_IN_HAND_CODES[view.ball_in_hand],
        "break_shot": int(view.break_shot),
        "turn": 0 if agents_turn else 1,
        "group": GROUP_CODES[groups.get(agent) if groups else None],
        "score": np.clip(np.array(score, np.float32), -SCORE_BOUND, SCORE_BOUND),
    }
