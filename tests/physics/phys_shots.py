"""Small helpers the physics tests share: racks, angles, energy."""

from __future__ import annotations

import itertools
import math

import numpy as np

from poolhall import Layout, PhysicsParams, ShotResult, TableSpec
from poolhall.equipment import CONTACT_TOLERANCE, on_playing_surface

TABLE = TableSpec()
R = TABLE.ball.radius
M = TABLE.ball.mass
#: The engine the scans (``benchmarks/physics_scan.py``) found the regression tests' shots with, before session 30
#: chose Mathavan's impact steps by their error (``PhysicsParams.cushion_tolerance``, and session 31's
#: ``cushion_departure``): each such shot is a knife
#: edge, and with the chosen steps a ball comes off an earlier cushion a hair differently and the position the test
#: is about no longer arises. The code each test checks is the same under either.
FOUND_WITH = PhysicsParams(cushion_tolerance=0.0, cushion_departure=False)


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
    """Mechanical energy of every ball on the table at time t: translation, rotation (I = 2/5 m R^2), height."""
    total = 0.0
    for st in result.state_at(t).values():
        if st.motion in ("pocketed", "off-table"):
            continue
        total += 0.5 * M * (st.velocity[0] ** 2 + st.velocity[1] ** 2 + st.vz**2)
        total += 0.5 * 0.4 * M * R * R * sum(w * w for w in st.spin)
        total += M * 9.80665 * st.z
    return total


def first(result: ShotResult, kind: str, ball: int | None = None):  # type: ignore[no-untyped-def]
    """The first event of ``kind`` (involving ``ball``, if given)."""
    return next(e for e in result.events if e.kind == kind and (ball is None or ball in e.balls))


def assert_nothing_sinks(result: ShotResult, table: TableSpec = TABLE) -> None:
    """At every event, every pair of balls at least 2R apart (in 3-D), every ball on the cloth on ``table``'s bed.

    Two balls both in a contact phase (motion ``contact``) are compressed into each other: they may overlap.
    """
    for event in result.events:
        states = [s for s in result.state_at(event.time).values() if s.motion not in ("pocketed", "off-table")]
        on = np.array([(*s.position, s.z) for s in states]).reshape(-1, 3)
        pressed = np.array([s.motion == "contact" for s in states], dtype=bool)
        gaps = np.sqrt(((on[:, None] - on[None]) ** 2).sum(-1)) + np.eye(len(on)) * 1.0
        gaps[pressed[:, None] & pressed[None]] = 1.0
        assert gaps.min(initial=1.0) >= 2 * R - CONTACT_TOLERANCE, (event, gaps.min(initial=1.0) - 2 * R)
        on_bed = [s for s in states if s.motion not in ("airborne", "rail")]
        assert all(on_playing_surface(table, *s.position) for s in on_bed), event
    assert result.final.problems() == []


def rail_flights(result: ShotResult, ball: int) -> list[tuple[float, float]]:
    """(start, end) of each of ``ball``'s flights over a rail: its ``rail`` pieces joined end to end (session 27)."""
    flights: list[tuple[float, float]] = []
    for seg in result.segments[ball]:
        if seg.motion != "rail":
            continue
        if flights and flights[-1][1] == seg.t0:
            flights[-1] = (flights[-1][0], seg.t1)
        else:
            flights.append((seg.t0, seg.t1))
    return flights


def in_contact_phase(result: ShotResult, t: float) -> bool:
    """Some ball is in a contact phase at ``t`` (part of the energy is elastic, ``kinetic_energy`` misses it),
    or over a rail (motion ``rail``: its recorded path joins the phase's ends, not its bounces)."""
    return any(s.motion in ("contact", "rail") for s in result.state_at(t).values())


def assert_energy_never_rises(result: ShotResult) -> None:
    """From event to event, leaving out the instants inside contact phases (compared across each phase)."""
    energies = [kinetic_energy(result, e.time) for e in result.events[1:] if not in_contact_phase(result, e.time)]
    assert all(b <= a * (1 + 1e-12) + 1e-15 for a, b in itertools.pairwise(energies))
