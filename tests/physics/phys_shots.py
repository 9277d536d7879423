"""Small helpers the physics tests share: racks, angles, energy."""

from __future__ import annotations

import math

from poolhall import Layout, ShotResult, TableSpec

TABLE = TableSpec()
R = TABLE.ball.radius
M = TABLE.ball.mass


def rack15(table: TableSpec = TABLE, spacing: float = 1 + 1e-6) -> dict[int, tuple[float, float]]:
    """A 15-ball triangle with its apex on the foot spot, balls 2R(1 + 1e-6) apart (frozen, not overlapping)."""
    d = 2 * table.ball.radius * spacing
    fx, fy = table.foot_spot
    pos: dict[int, tuple[float, float]] = {}
    ball = 1
    for row in range(5):
        for k in range(row + 1):
            pos[ball] = (fx + row * d * math.sqrt(3) / 2, fy + (k - row / 2) * d)
            ball += 1
    return pos


def break_layout() -> tuple[Layout, float]:
    """The rack plus a cue ball on the head string, and the direction to the apex ball."""
    pos = rack15()
    pos[0] = (TABLE.length / 4, TABLE.width / 2 + 0.1)
    phi = math.atan2(TABLE.foot_spot[1] - pos[0][1], TABLE.foot_spot[0] - pos[0][0])
    return Layout.from_positions(pos, TABLE), phi


def angle_deg(v: tuple[float, float]) -> float:
    return math.degrees(math.atan2(v[1], v[0]))


def kinetic_energy(result: ShotResult, t: float) -> float:
    """Translational plus rotational energy of every ball on the table at time t (I = 2/5 m R^2)."""
    total = 0.0
    for st in result.state_at(t).values():
        if st.motion == "pocketed":
            continue
        total += 0.5 * M * (st.velocity[0] ** 2 + st.velocity[1] ** 2)
        total += 0.5 * 0.4 * M * R * R * sum(w * w for w in st.spin)
    return total


def first(result: ShotResult, kind: str, ball: int | None = None):  # type: ignore[no-untyped-def]
    """The first event of ``kind`` (involving ``ball``, if given)."""
    return next(e for e in result.events if e.kind == kind and (ball is None or ball in e.balls))
