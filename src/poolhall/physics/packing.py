"""Between Python values and the kernel's flat arrays: table and constants in, ``ShotResult`` out."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from poolhall.equipment import POCKETS, RAILS, PhysicsParams, TableSpec, table_geometry
from poolhall.layout import Layout
from poolhall.physics import state as st
from poolhall.physics.resolve.cluster import damping_for
from poolhall.physics.result import EVENT_KINDS, MOTIONS, Event, Segment, ShotResult


@lru_cache(maxsize=16)
def table_arrays(table: TableSpec) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(lines, jaw circles, pocket capture circles) as read-only float arrays (columns in ``detect``)."""
    geo = table_geometry(table)
    lines = np.array(
        [
            [*ln.start, *ln.end, *ln.normal, RAILS.index(ln.rail), POCKETS.index(ln.jaw_of) if ln.jaw_of else -1]
            for ln in geo.lines
        ]
    )
    jaws = np.array([[*j.centre, j.radius, RAILS.index(j.rail), POCKETS.index(j.pocket)] for j in geo.jaws])
    pockets = np.array([[*pk.capture_centre, pk.capture_radius, -1, i] for i, pk in enumerate(geo.pockets)])
    for arr in (lines, jaws, pockets):
        arr.setflags(write=False)
    return lines, jaws, pockets


@lru_cache(maxsize=16)
def param_vector(table: TableSpec, params: PhysicsParams) -> np.ndarray:
    """The constants of ``state.py``'s P vector."""
    p = np.zeros(st.N_PARAMS)
    p[st.R], p[st.MASS], p[st.G] = table.ball.radius, table.ball.mass, params.gravity
    p[st.MU_S], p[st.MU_R], p[st.MU_SP] = params.mu_slide, params.mu_roll, params.mu_spin
    p[st.E_B], p[st.MUB_A], p[st.MUB_B], p[st.MUB_C] = (
        params.e_ball,
        params.mu_ball_a,
        params.mu_ball_b,
        params.mu_ball_c,
    )
    p[st.E_C], p[st.MU_C] = params.e_cushion, params.mu_cushion
    p[st.CUSHION] = st.CUSHION_MATHAVAN if params.cushion_model == "mathavan-2010" else st.CUSHION_HAN
    p[st.E_WORK], p[st.MU_W] = params.e_cushion_work, params.mu_cushion_slide
    p[st.V_YIELD], p[st.YIELD_EXP] = params.cushion_yield_speed, params.cushion_yield_exponent
    p[st.IN_AIR_MATHAVAN] = 1.0 if params.mathavan_in_air else 0.0
    p[st.POCKET_BACK] = 1.0 if params.pocket_back else 0.0
    p[st.RAIL_AT_JAWS] = 1.0 if params.rail_at_jaws else 0.0
    p[st.CUSHION_TOL] = params.cushion_tolerance
    p[st.CUSHION_DEPART] = 1.0 if params.cushion_departure else 0.0
    p[st.T_CONTACT] = params.contact_period
    p[st.E_S], p[st.V_HOP] = params.e_slate, math.sqrt(2.0 * params.gravity * params.hop_height)
    p[st.LENGTH], p[st.WIDTH] = table.length, table.width
    # Hertz stiffness of two equal spheres and the Hunt-Crossley damping for e_ball (resolve/cluster.py)
    e_star = params.ball_modulus / (2.0 * (1.0 - params.ball_poisson**2))
    p[st.K_HERTZ] = 4.0 / 3.0 * e_star * math.sqrt(table.ball.radius / 2.0)
    p[st.HC_C] = damping_for(params.e_ball)
    # the nose touches the ball at height h: sin(theta) = h/R - 1 (Han 2005); clamp for odd tables
    p[st.NOSE_SIN] = min(max(table.cushion_nose_height / table.ball.radius - 1.0, 0.0), 0.9)
    p.setflags(write=False)
    return p


def build_result(initial: Layout, out: tuple) -> ShotResult:  # type: ignore[type-arg]
    """Turn the kernel's arrays into a ``ShotResult`` (events and segments built on first use)."""
    ev_t, ev_i, seg_f, seg_i, final_pos, pocket_of, duration, cap_hit = out
    final = final_layout(initial, final_pos, pocket_of)

    def events() -> list[Event]:
        out_events = []
        for t, (kind, b1, b2, where, jaw) in zip(ev_t.tolist(), ev_i.tolist(), strict=True):
            balls = (b1,) if b2 < 0 else (b1, b2)
            if kind in (st.EV_BALL_CUSHION, st.EV_BALL_OFF_TABLE) and where >= 0:
                place, jaw_of = RAILS[where], (POCKETS[jaw] if jaw >= 0 else None)
            elif kind == st.EV_BALL_POCKET:
                place, jaw_of = POCKETS[where], None
            else:
                place, jaw_of = None, None
            out_events.append(Event(t, EVENT_KINDS[kind], balls, place, jaw_of))
        return out_events

    def segments() -> dict[int, list[Segment]]:
        by_ball: dict[int, list[Segment]] = {}
        for f, (ball, motion) in zip(seg_f.tolist(), seg_i.tolist(), strict=True):
            t0, t1, px, py, vx, vy, ax, ay, wx, wy, wz, dwx, dwy, dwz, z, vz, az = f
            seg = Segment(ball, t0, t1, MOTIONS[motion], (px, py), (vx, vy), (ax, ay), (wx, wy, wz), (dwx, dwy, dwz),
                          (z, vz, az))  # fmt: skip
            by_ball.setdefault(ball, []).append(seg)
        return dict(sorted(by_ball.items()))  # the kernel writes each ball's segments in time order

    return ShotResult(initial, final, events, segments, float(duration), bool(cap_hit), kernel_arrays=out)


def final_layout(initial: Layout, final_pos: np.ndarray, pocket_of: np.ndarray) -> Layout:
    """Where a shot from ``initial`` left the balls: centres, and the kernel's pocket-of codes (-1 none)."""
    pocketed = dict(initial.pocketed)
    off = set(initial.off_table)
    for ball, code in enumerate(pocket_of.tolist()):
        if code >= 0:
            pocketed[ball] = POCKETS[code]
        elif code == st.OFF_TABLE_MARK:
            off.add(ball)
    return Layout(initial.table, final_pos, pocketed, off)
