"""A ball that flies over a cushion's nose: where it comes down on the cushion's top or the rail, and whether it stays.

The profile behind the nose (``equipment.CUSHION_TOP_RISE``, ``CUSHION_TOP_WIDTH``,
``RAIL_WIDTH``, from the BCA's K-66 rubber and the WPA's rail width): the
rubber's cloth-covered top rises from the nose to the rail cap, which is flat
and flush with the rubber's back, out to the rail's outer edge. In the
cushion's frame (d outward from the nose line, u along it, h up from the bed)
the ball's centre starts one radius in front of the nose line with its bottom
above the nose (``simulate.py`` hands it over there) and is followed in fixed
steps of ``STEP`` seconds:

- gravity; at a surface (the nose's edge, the rubber's top or the rail cap,
  whichever is nearest) an impulse along the surface's normal that
  restitutes a fast approach with the bed's e_s (the rubber's top and the
  cap have no measured restitution of their own: we take the cloth-covered
  slate's, Alciatore FAQ 0.5) and stops a slow one (below the hop speed
  sqrt(2 g hop_height): the ball stays on the surface), with Coulomb friction
  mu_s on the slip of the contact point, capped where the slip stops, as at
  the bed (``slate.bounce``); rolling resistance mu_r on the cloth-covered top;
- it has left the table (RULES GEN-4) when its centre passes the rail's outer
  edge, or when it comes to rest on the rail; it is back (GEN-4: "a ball that
  runs along a rail top and comes back to the bed ... is not off the table")
  when its centre comes back one radius in front of the nose line, moving
  toward the table, and the event loop follows it from there (in the air, or
  landing on the bed if it came down the cushion's face).

In front of the rubber's top the nose's edge is the nearest point of the
profile: a ball falling there meets the edge (normal from the edge to its
centre). Not modelled: the rail's ends at the pockets (the rail is
taken as straight and long), the cap's corner at the outer edge. The
mechanical energy at the end is capped at the start's (the steps' rounding).

A jaw (``PhysicsParams.rail_at_jaws``, issue 14's fifth round): a ball whose
bottom clears the nose where it meets a jaw's facing (or the rounded point
between facing and nose) flies over the same profile, in the frame of that
piece (at a rounded point, along the normal from the point's centre): the
facing's edge at the nose's height, the rubber's top rising behind it, then
the cap. Approximated: the rubber is cut along the facing, and its top is
taken to rise along the facing's normal as a nose's does along the rail's
(the real top rises across the rail whatever the cut, so the cut's top edge
climbs from the nose's height at the jaw point to the rail's top 1 1/8 in
behind the nose line; here it stays at the nose's height); the facing is
taken as long, like the rail at a nose (its ends, the jaw point and the
pocket's cut in the rail beyond the facing, are not modelled). The rail's
outer edge is the real one (``outer_edge``: the line ``RAIL_WIDTH`` behind
the rail's nose), so a ball over a side pocket's facing, whose normal runs
nearly along the rail, has the cap's length to cross. A ball that comes back over the facing is over the pocket's mouth:
the event loop drops it if it comes down on the hole or meets the pocket's
back (``simulate.py``).

The flight's state is a row of floats (``rail_begin``, the ``F_*`` entries), so
the event loop can follow it in pieces (``rail_run``) and see it meet the other
balls (session 27): the same steps in any pieces give the same flight bit for
bit, and a ball that meets another resumes from its new state in the same frame
(``rail_resume``). ``rail_finish`` follows a flight to its end in one go.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.equipment import CUSHION_TOP_RISE, CUSHION_TOP_WIDTH, RAIL_WIDTH
from poolhall.physics.detect.ball_cushion import LJAW, LNX, LNY, LRAIL, LX0, LY0
from poolhall.physics.state import (
    BVX,
    BVY,
    BVZ,
    BWX,
    BWY,
    BWZ,
    BX,
    BY,
    BZ,
    E_S,
    MASS,
    MU_R,
    MU_S,
    NOSE_SIN,
    V_HOP,
    G,
    R,
    inline_kernel,
    kernel,
)

#: The step (s): 0.25 mm of travel at 5 m/s, the speed of a ball that flies over a nose.
STEP = 5e-5
#: Longest phase followed (s); a ball still on the rail then rests there.
LONGEST = 10.0
#: Outcomes: it came back to the table, or it left it (over the outer edge, or resting on the rail).
BACK, LEFT = 0, 1
# the rubber's top: its slope's sine and cosine
_RISE = math.atan2(CUSHION_TOP_RISE, CUSHION_TOP_WIDTH)
_SB, _CB = math.sin(_RISE), math.cos(_RISE)


@inline_kernel
def nose_height(p: np.ndarray) -> float:
    """The cushion's nose above the bed (m): where it touches a ball on the cloth, sin(theta) = h/R - 1."""
    return p[R] * (1.0 + p[NOSE_SIN])


@inline_kernel
def rail_top(p: np.ndarray) -> float:
    """The rail's top above the bed (m): the nose plus the rubber top's rise to the cap, flush with the cap."""
    return nose_height(p) + CUSHION_TOP_RISE


@kernel
def outer_edge(
    lines: np.ndarray, rail: int, x: float, y: float, nx: float, ny: float, r: float
) -> tuple[float, float, float]:
    """Rail ``rail``'s outer edge in the flight's frame (``rail_begin``) for a ball at (x, y) meeting a piece of it
    whose outward normal is (nx, ny): (e_d, e_u, edge), its centre is past the edge when e_d d + e_u u >= edge.

    The edge is the line ``RAIL_WIDTH`` behind the rail's nose line (a row of ``lines`` with that rail and no
    jaw, columns L*); the frame's origin is one radius ahead of the ball's centre along (nx, ny). For the
    nose itself this is (1, 0, ``RAIL_WIDTH``) up to rounding (the event loop passes those exactly).
    """
    for k in range(lines.shape[0]):
        if lines[k, LJAW] < 0 and lines[k, LRAIL] == rail:
            rnx, rny = -lines[k, LNX], -lines[k, LNY]  # the rail's outward normal
            behind = (x - lines[k, LX0]) * rnx + (y - lines[k, LY0]) * rny  # the centre behind the nose line
            e_d = rnx * nx + rny * ny
            return e_d, rnx * -ny + rny * nx, RAIL_WIDTH - behind - r * e_d
    return 1.0, 0.0, RAIL_WIDTH


#: Outcomes of ``rail_run``: it came back to the table, it left it (over the outer edge, or resting on the rail),
#: or it is still over the rail after the steps asked for.
ONGOING = 2
# A flight's row (``rail_begin``): the ball's state where it began (the frame's origin is one radius ahead of it
# along the normal), the cushion's outward normal, the rail's outer edge in the frame (``outer_edge``), the
# integration's state in the frame, the mechanical energy at the start, the first touch of the profile and the
# time since the start (s; inf: none yet), the steps taken; then the event loop's own entries: the flight's start
# (absolute time), its length and outcome (``rail_finish``).
F_X0, F_Y0, F_NX, F_NY, F_ED, F_EU, F_EDGE = range(7)
F_D, F_U, F_H, F_VD, F_VU, F_VH, F_WD, F_WU, F_WH = range(7, 16)
F_E0, F_TOUCH, F_T, F_STEPS, F_START, F_SPAN, F_OUT = range(16, 23)
N_F = 23
#: Steps in the longest phase followed.
_ALL = int(LONGEST / STEP)


@kernel
def rail_begin(
    b: np.ndarray, nx: float, ny: float, e_d: float, e_u: float, edge: float, d: float, p: np.ndarray, f: np.ndarray
) -> None:
    """Start flight row ``f`` for ball state ``b`` whose centre is ``d`` beyond the nose line of the cushion whose
    outward normal is (nx, ny): -R as it crosses the nose line, or more when it comes back from a flight over a
    jaw's facing above the rail's nose beyond the facing (session 27). The rail's outer edge is e_d d + e_u u =
    ``edge`` in the cushion's frame (``outer_edge``; at a nose (1, 0, ``RAIL_WIDTH``))."""
    f[F_X0], f[F_Y0], f[F_NX], f[F_NY] = b[BX] - (d + p[R]) * nx, b[BY] - (d + p[R]) * ny, nx, ny
    f[F_ED], f[F_EU], f[F_EDGE] = e_d, e_u, edge
    _enter(b, d, 0.0, p, f)


@kernel
def rail_resume(b: np.ndarray, p: np.ndarray, f: np.ndarray) -> None:
    """Restart flight row ``f`` from ball state ``b`` (over the same rail, after another ball met it)."""
    tx, ty = -f[F_NY], f[F_NX]
    dx, dy = b[BX] - f[F_X0], b[BY] - f[F_Y0]
    _enter(b, dx * f[F_NX] + dy * f[F_NY] - p[R], dx * tx + dy * ty, p, f)


@kernel
def _enter(b: np.ndarray, d: float, u: float, p: np.ndarray, f: np.ndarray) -> None:
    """Ball state ``b`` at (d, u) in ``f``'s frame as the flight's start: the steps count from here."""
    r, m, g = p[R], p[MASS], p[G]
    nx, ny = f[F_NX], f[F_NY]
    tx, ty = -ny, nx
    f[F_D], f[F_U], f[F_H] = d, u, r + b[BZ]
    f[F_VD], f[F_VU], f[F_VH] = b[BVX] * nx + b[BVY] * ny, b[BVX] * tx + b[BVY] * ty, b[BVZ]
    f[F_WD], f[F_WU], f[F_WH] = b[BWX] * nx + b[BWY] * ny, b[BWX] * tx + b[BWY] * ty, b[BWZ]
    f[F_E0] = _energy(f[F_VD], f[F_VU], f[F_VH], f[F_WD], f[F_WU], f[F_WH], f[F_H], m, 0.4 * m * r * r, g)
    f[F_TOUCH], f[F_T], f[F_STEPS] = np.inf, 0.0, 0.0


@kernel
def rail_finish(f: np.ndarray, p: np.ndarray, out: np.ndarray) -> tuple[float, float, int]:
    """Follow flight row ``f`` from where it stands to its end (``f`` itself is left as it is); ``out`` gets the
    ball's state there. Returns (time of its first touch of the cushion's top or the rail, inf if it cleared
    the rail without touching; the phase's length; ``BACK`` or ``LEFT``); times are from the row's start."""
    g = f.copy()
    outcome = rail_run(g, _ALL, p)
    rail_state(g, p, out, True)
    return g[F_TOUCH], g[F_T], outcome


@kernel
def rail_run(f: np.ndarray, count: int, p: np.ndarray) -> int:
    """Advance flight row ``f`` by up to ``count`` steps: ``BACK``, ``LEFT``, or ``ONGOING`` after ``count`` steps.

    The same steps, in whatever pieces, give the same flight bit for bit (its state lives in ``f``).
    """
    r, m, g = p[R], p[MASS], p[G]
    h_nose = nose_height(p)
    h_cap = rail_top(p)
    v_hop = p[V_HOP]
    e_d, e_u, edge = f[F_ED], f[F_EU], f[F_EDGE]
    # cushion frame (d, u, h): d outward, u along the nose, h up from the bed (the centre's height)
    d, u, h = f[F_D], f[F_U], f[F_H]
    vd, vu, vh = f[F_VD], f[F_VU], f[F_VH]
    wd, wu, wh = f[F_WD], f[F_WU], f[F_WH]
    inertia = 0.4 * m * r * r
    touched = f[F_TOUCH]
    t = f[F_T]
    taken = int(f[F_STEPS])
    outcome = ONGOING
    for _ in range(min(count, _ALL - taken)):
        taken += 1
        vh -= g * STEP
        # the surface under the contact point: the rubber's top (normal (-sin, cos) in (d, h)) or the cap
        on_top = 0.0 <= d + r * _SB <= CUSHION_TOP_WIDTH
        if d + r * _SB < 0.0:  # in front of the top: the nose's edge is the nearest point of the profile
            dist = math.hypot(d, h - h_nose)
            n_d, n_h = d / dist, (h - h_nose) / dist
            gap = dist - r
        elif on_top:
            n_d, n_h = -_SB, _CB
            gap = -_SB * d + _CB * (h - h_nose) - r
        elif e_d * d + e_u * u <= edge:
            n_d, n_h = 0.0, 1.0
            gap = h - h_cap - r
        else:
            n_d = n_h = 0.0
            gap = np.inf
        approach = vd * n_d + vh * n_h
        if gap <= 0.0 and approach < 0.0:
            if touched == np.inf:
                touched = t
            jn = -m * approach * ((1.0 + p[E_S]) if -approach > v_hop else 1.0)
            vd += jn * n_d / m
            vh += jn * n_h / m
            # friction on the slip of the contact point (at -r n from the centre): u_slip = v + w x (-r n)
            sd = vd - r * (wu * n_h)
            su = vu - r * (wh * n_d - wd * n_h)
            sh = vh + r * (wu * n_d)
            s_n = sd * n_d + sh * n_h
            sd, sh = sd - s_n * n_d, sh - s_n * n_h
            slip = math.sqrt(sd * sd + su * su + sh * sh)
            if slip > 0.0:
                jt = min(p[MU_S] * jn, m * slip / 3.5)
                fd, fu, fh = -jt * sd / slip, -jt * su / slip, -jt * sh / slip
                vd += fd / m
                vu += fu / m
                vh += fh / m
                # torque (-r n) x f over I
                k = r / inertia
                wd += k * (n_h * fu)
                wu += k * (n_d * fh - n_h * fd)
                wh += k * (-n_d * fu)
            if -approach <= v_hop:  # resting on the surface: rolling resistance along its motion
                vn = vd * n_d + vh * n_h
                sp = math.sqrt(max(vd * vd + vu * vu + vh * vh - vn * vn, 0.0))
                if sp > 0.0:
                    cut = min(p[MU_R] * g * STEP, sp) / sp
                    vd -= cut * (vd - vn * n_d)
                    vu -= cut * vu
                    vh -= cut * (vh - vn * n_h)
                if sp < 1e-4 and n_d == 0.0:  # at rest on the flat cap: off the table
                    outcome = LEFT
                    break
        d += vd * STEP
        u += vu * STEP
        h += vh * STEP
        if gap <= 0.0:  # back out to the surface along its normal
            if d + r * _SB < 0.0:
                depth = r - math.hypot(d, h - h_nose)
            elif on_top:
                depth = r - (-_SB * d + _CB * (h - h_nose))
            else:
                depth = r - (h - h_cap)
            if depth > 0.0:
                d += depth * n_d
                h += depth * n_h
        t += STEP
        if e_d * d + e_u * u >= edge:
            outcome = LEFT
            break
        if d <= -r and vd < 0.0:
            outcome = BACK
            break
        if d < 0.0 and h <= r:  # came down the cushion's face in front of the nose: on the bed
            d, h = -r, r
            if vh > 0.0:
                vh = 0.0
            outcome = BACK
            break
    if outcome == ONGOING and taken >= _ALL:  # the longest phase followed: it rests on the rail
        outcome = LEFT
    f[F_D], f[F_U], f[F_H] = d, u, h
    f[F_VD], f[F_VU], f[F_VH] = vd, vu, vh
    f[F_WD], f[F_WU], f[F_WH] = wd, wu, wh
    f[F_TOUCH], f[F_T], f[F_STEPS] = touched, t, float(taken)
    return outcome


@kernel
def rail_state(f: np.ndarray, p: np.ndarray, out: np.ndarray, end: bool) -> None:
    """Write flight row ``f``'s ball state into ``out``; at the flight's ``end``, with no more mechanical energy
    than at its start (the steps' rounding)."""
    r, m, g = p[R], p[MASS], p[G]
    inertia = 0.4 * m * r * r
    nx, ny = f[F_NX], f[F_NY]
    tx, ty = -ny, nx
    d, u, h = f[F_D], f[F_U], f[F_H]
    vd, vu, vh = f[F_VD], f[F_VU], f[F_VH]
    wd, wu, wh = f[F_WD], f[F_WU], f[F_WH]
    e_end = _energy(vd, vu, vh, wd, wu, wh, h, m, inertia, g)
    if end and e_end > f[F_E0]:
        kin = e_end - m * g * h
        keep = max(f[F_E0] - m * g * h, 0.0)
        scale = math.sqrt(keep / kin) if kin > 0.0 else 0.0
        vd, vu, vh, wd, wu, wh = vd * scale, vu * scale, vh * scale, wd * scale, wu * scale, wh * scale
    out[BX] = f[F_X0] + (d + r) * nx + u * tx
    out[BY] = f[F_Y0] + (d + r) * ny + u * ty
    out[BZ] = max(h - r, 0.0)
    out[BVX], out[BVY], out[BVZ] = vd * nx + vu * tx, vd * ny + vu * ty, vh
    out[BWX], out[BWY], out[BWZ] = wd * nx + wu * tx, wd * ny + wu * ty, wh


@kernel
def _energy(vd, vu, vh, wd, wu, wh, h, m, inertia, g):  # type: ignore[no-untyped-def]
    """Mechanical energy: translation, rotation and m g h."""
    return 0.5 * m * (vd * vd + vu * vu + vh * vh) + 0.5 * inertia * (wd * wd + wu * wu + wh * wh) + m * g * h
