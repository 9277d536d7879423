"""Balls in contact collide as one system: a compliant contact phase integrated in small fixed steps.

A rack, a cluster, a ball hit into a frozen pair: in reality every contact of
such a group pushes at the same time, and the outcome depends on the balls'
elasticity, not on which contact an event loop happens to resolve first. A
chain of binary impulses (``ball_ball.py``) instead runs the momentum down
the rack like a Newton's cradle, and renumbering the balls changes the break.

So when a contact event finds other balls within ``CLUSTER_GAP`` of the pair
(on the cloth), the whole group is integrated through the contact phase:

- normal force: Hertz's law for two equal elastic spheres, F = k d^(3/2)
  with d the overlap, k = (4/3) E* sqrt(R/2), 1/E* = 2 (1 - nu^2) / E
  (Hertz 1882; Johnson, *Contact Mechanics*, 1985, ch. 4). For phenolic resin
  balls E = 5.84 GPa and nu = 0.34 (Crown's figures, quoted by dbkcues.ru,
  "Collision of billiard balls"): a 9 m/s head-on impact lasts about 250
  microseconds and compresses the pair by 0.8 mm;
- damping: Hunt & Crossley's (1975, "Coefficient of restitution interpreted
  as damping in vibroimpact", J. Appl. Mech. 42, 440-445) hysteresis form
  F = k d^(3/2) (1 + chi d'), chi = c / v_ref, with v_ref the pair's fastest
  closing speed in this contact (its impact speed when it comes in free). The
  restitution of that law depends on c alone, so ``damping_for`` solves for
  the c that restitutes at ``PhysicsParams.e_ball``;
- friction at each contact: Coulomb, mu(slip) F with the ball-ball friction
  of Alciatore's TP A.14 (the same mu(v) as ``ball_ball.py``), opposing the
  slip of the contact points, never more than stops the slip within a step.

The group moves freely between its contacts (the cloth's friction over the
millisecond is neglected: a few mm/s) and any ball it is about to reach joins
it; a member that flies free of the others within the phase rebounds off a
cushion it reaches (``_meet_cushion``), and that contact is an event at the
phase's end like the pairs'. The phase ends when no pair overlaps and none is about to touch; the event
loop then takes over from there, and the record shows each ball that touched
another moving straight from where the phase began to where it ended
(``through_contact``), and one ball-ball event per pair that touched, at the
end of the phase, in the order the pairs first touched. A member that touched
nothing keeps its own motion, unless that motion (which, unlike the
integration, feels the cloth) would enter the recorded path of one that
touched: then it too takes the integrated path (``_follow_if_inside``). Equal and
opposite forces keep momentum exact;
if the discrete integration would raise the group's kinetic energy, the
velocities relative to its centre of mass (and the spins) are scaled down so
that it does not (``_cap_energy``).

A pair alone (no third ball within ``CLUSTER_GAP``) or a contact closing
slower than ``V_CLUSTER`` is resolved by the binary impulse model instead: the
integrated law gives the same result for a lone pair, only slower to compute.
A ball in the air may be a member: gravity pulls it through the phase
(``_advance``), and a jumped cue ball landing on a rack starts one.
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.detect.ball_ball import contact_time
from poolhall.physics.detect.ball_cushion import CR, CX, CY, LNX, LNY, nose_place
from poolhall.physics.evolve import energy, height_at, load_state, state_at
from poolhall.physics.resolve.cushion import rebound
from poolhall.physics.resolve.han_2005 import contact_sin
from poolhall.physics.state import (
    AIRBORNE,
    AX,
    AY,
    AZ,
    BVX,
    BVY,
    BVZ,
    BWX,
    BWY,
    BWZ,
    BX,
    BY,
    BZ,
    CONTACT,
    DWX,
    DWY,
    DWZ,
    EPS_GAP,
    EPS_V,
    HC_C,
    K_HERTZ,
    MASS,
    MUB_A,
    MUB_B,
    MUB_C,
    PX,
    PY,
    PZ,
    ROLLING,
    SLIDING,
    SPINNING,
    STATIONARY,
    T0,
    VX,
    VY,
    VZ,
    WX,
    WY,
    WZ,
    G,
    R,
    inline_kernel,
    kernel,
)

#: Balls whose gap to the colliding pair (or to a ball already in the group) is below this (m) join the
#: group: more than the gaps of a real rack (a few hundredths of a mm) and the compression of a hard
#: break (0.8 mm at 9 m/s), so a nearly frozen rack breaks like a frozen one.
CLUSTER_GAP = 1e-3
#: A contact closing slower than this (m/s) is resolved by the binary model (a pressing contact).
V_CLUSTER = 1e-3
#: Steps per Hertz contact time at the group's fastest closing speed.
STEPS_PER_CONTACT = 30
#: Hertz contact time of two equal spheres: t_c = HERTZ_TIME (m*/k)^(2/5) v^(-1/5) (Johnson 1985, ch. 11).
HERTZ_TIME = 3.2145
#: The integration gives up after this many steps (a group that never separates); the energy cap still holds.
MAX_STEPS = 20_000


@kernel
def _on_table(motion: int) -> bool:
    """On the cloth or in the air above it (not pocketed, off the table or never there)."""
    return motion in (STATIONARY, SPINNING, SLIDING, ROLLING, AIRBORNE)


@kernel
def _gap2(s: np.ndarray, i: int, j: int, t: float) -> float:
    """Squared distance between the centres of balls ``i`` and ``j`` at time ``t``, in three dimensions."""
    xi, yi, _, _, _, _, _ = state_at(s, i, t)
    xj, yj, _, _, _, _, _ = state_at(s, j, t)
    zi, _ = height_at(s, i, t)
    zj, _ = height_at(s, j, t)
    return (xj - xi) ** 2 + (yj - yi) ** 2 + (zj - zi) ** 2


@kernel
def gather(s: np.ndarray, mot: np.ndarray, bi: int, bj: int, t: float, p: np.ndarray, members: np.ndarray) -> int:
    """Fill ``members`` with the balls on the table linked to ``bi`` and ``bj`` by gaps under ``CLUSTER_GAP``.

    Returns how many (0 when the pair closes slower than ``V_CLUSTER``: the binary model resolves it).
    """
    # the two states as scalars (the values load_state writes), not in arrays: two allocations per contact
    x1, y1, vx1, vy1, _, _, _ = state_at(s, bi, t)
    x2, y2, vx2, vy2, _, _, _ = state_at(s, bj, t)
    z1, vz1 = height_at(s, bi, t)
    z2, vz2 = height_at(s, bj, t)
    nx, ny, nz = x2 - x1, y2 - y1, z2 - z1
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    if ((vx1 - vx2) * nx + (vy1 - vy2) * ny + (vz1 - vz2) * nz) / d < V_CLUSTER:
        return 0
    n = mot.shape[0]
    reach = 2.0 * p[R] + CLUSTER_GAP
    members[0], members[1] = bi, bj
    k, head = 2, 0
    while head < k:
        a = members[head]
        head += 1
        for j in range(n):
            if (
                _on_table(mot[j])
                and not _member(members, k, j)
                and _known(s, j, t)
                and _gap2(s, a, j, t) < reach * reach
            ):
                members[k] = j
                k += 1
    return k


@kernel
def _known(s: np.ndarray, j: int, t: float) -> bool:
    """Ball ``j``'s motion is known at ``t``: its row does not start later.

    The event loop runs a contact phase to its end at once, so an event of other balls that falls within
    the phase comes after it, at its own, earlier time; a member's row then starts at the phase's end, and its
    state before that, extrapolated back, is not where it was. Such a ball joins no group before its row
    starts (break scan shot 51043, session 29: gathered so, three members began a second phase before the
    first had ended, and their record ran backward in time).
    """
    return s[j, T0] <= t


@kernel
def known_from(s: np.ndarray, j: int, t: float) -> float:
    """From when ball ``j``'s motion is known, looking from ``t``: ``t``, or its row's start if that is later (a
    member of a contact phase that ends later, ``_known``). A member that joined a phase begun at ``t`` joins
    its record and energy from then; another ball's contact with it is sought from then."""
    return max(t, s[j, T0])


@kernel
def _member(members: np.ndarray, k: int, j: int) -> bool:
    for m in range(k):  # noqa: SIM110 (numba compiles no generator)
        if members[m] == j:
            return True
    return False


@kernel
def collide(
    s: np.ndarray, mot: np.ndarray, members: np.ndarray, k: int, t: float, p: np.ndarray, out: np.ndarray,
    touched: np.ndarray, order: np.ndarray, lines: np.ndarray, jaws: np.ndarray,
    inner: tuple[float, float, float, float],
) -> tuple[int, int, float]:  # fmt: skip
    """Integrate the contact phase of the group ``members[:k]`` starting at time ``t`` (module docstring).

    The group may grow (``members`` and the return value's first entry say
    by how much). Writes each member's state at the end of the phase into
    ``out[m]`` (``out`` has a spare row past the last ball); ``touched[m]`` is 1
    for a member whose phase the record takes from the integration: one that
    touched another, or one whose own motion would enter such a member's
    recorded path (``_follow_if_inside``); ``order[q]`` lists the touches in the
    order they began: the step, then the pair's ball numbers, or a ball's number
    and -1 - the piece of ``lines`` (then of ``jaws``) whose cushion it met
    (``_meet_cushion``). ``inner`` is the box no cushion reaches
    (``simulate._inner_box``). Returns (members, touches, the phase's duration).
    """
    n = mot.shape[0]
    r, m_ball, g = p[R], p[MASS], p[G]
    inertia = 0.4 * m_ball * r * r
    first = np.full((n, n), -1, np.int64)  # step of each pair's first touch, by slot
    vref = np.zeros((n, n))
    vmax = 0.0
    for a in range(k):
        load_state(s, members[a], t, out[a])
        vmax = max(vmax, _speed(out[a]))
    v0 = max(2.0 * vmax, V_CLUSTER)
    t_contact = HERTZ_TIME * (0.5 * m_ball / p[K_HERTZ]) ** 0.4 * v0**-0.2
    dt = t_contact / STEPS_PER_CONTACT
    force = np.zeros((n, 3))
    torque = np.zeros((n, 3))
    outside = 0  # balls on the table not in the group: while there are none, nothing can join
    for j in range(n):
        outside += _on_table(mot[j]) and not _member(members, k, j)
    base = n * (n - 1) // 2  # the rows of ``order`` past every pair's keep the cushions' touches meanwhile
    met = 0
    step = 0
    while step < MAX_STEPS:
        for a in range(k):
            for c in range(3):
                force[a, c] = torque[a, c] = 0.0
        busy = False
        for a in range(k):
            for b in range(a + 1, k):
                busy = _pair_force(out, a, b, step, dt, t_contact, first, vref, force, torque, p) or busy
        if not busy:
            break
        for a in range(k):
            _advance(out, a, force, torque, dt, m_ball, inertia, g)
            free = force[a, 0] == 0.0 and force[a, 1] == 0.0 and force[a, 2] == 0.0
            piece = _meet_cushion(out[a], lines, jaws, inner, p) if free else -1
            if piece >= 0 and base + met < order.shape[0]:
                order[base + met, 0], order[base + met, 1], order[base + met, 2] = step, a, piece
                met += 1
        step += 1
        if outside > 0:
            grown = _join(s, mot, members, k, t + step * dt, p, out, 2.0 * v0 * dt)
            outside -= grown - k
            k = grown
    for a in range(k):
        touched[a] = _touches(first, a, k)
    _follow_if_inside(s, members, k, t, t + step * dt, touched, out, p)
    e_before = e_after = 0.0
    for a in range(k):
        if touched[a]:
            e_after += energy(out[a], p)
            load_state(s, members[a], known_from(s, members[a], t), out[k])  # the row past the group is free
            e_before += energy(out[k], p)
        else:
            load_state(s, members[a], t, out[a])  # a ball that touched nothing keeps its own motion
    _cap_energy(out, touched, k, e_before, e_after, p)
    q = _touch_order(first, members, k, order)
    for c in range(met):  # a member that keeps its own motion meets its cushions in the event loop
        a = order[base + c, 1]
        if touched[a]:
            order[q, 0], order[q, 1], order[q, 2] = order[base + c, 0], members[a], -1 - order[base + c, 2]
            q += 1
    _sort_touches(order, q)
    return k, q, step * dt


@kernel
def _meet_cushion(
    b: np.ndarray, lines: np.ndarray, jaws: np.ndarray, inner: tuple[float, float, float, float], p: np.ndarray
) -> int:
    """Rebound ball state ``b`` off a cushion it has just reached; returns which (lines, then jaws), or -1.

    The phase integrates its members without the table's pieces, and a phase can last tens of
    milliseconds (a jumped cue ball skipping across a rack's top): a ball struck out of the group
    within it ran on through the cushion (scan shot 48473 on the 8-foot table, session 28). So a
    member that no other member presses at that step (``collide`` asks), whose centre has come within
    a radius of a nose line or a facing (within the piece's length), or of a jaw's point, and is still
    closing, rebounds there by the cushion model the event loop uses (``cushion.rebound``), a few
    micrometres in. A pressed member is left to the event loop, as before: the rubber is far softer
    than the balls, so a ball squeezed against it passes its neighbour's push on within the balls'
    fraction of a millisecond and meets the cushion after (the phase ends with it at most a few tenths
    of a millimetre in, which the loop's cushion contact accepts). A ball whose bottom clears the nose
    flies on (its flight over the rail is the event loop's, after the phase).
    """
    x, y = b[BX], b[BY]
    if inner[0] <= x <= inner[1] and inner[2] <= y <= inner[3]:
        return -1
    r = p[R]
    for k in range(lines.shape[0]):
        nx, ny = lines[k, LNX], lines[k, LNY]
        along, inside = nose_place(lines, k, x, y)
        gap = inside - r
        closing = 0.0 <= along <= 1.0 and -0.5 * r < gap <= 0.0 and nx * b[BVX] + ny * b[BVY] < 0.0
        if closing and _bounce(b, -nx, -ny, p):
            return k
    for k in range(jaws.shape[0]):
        dx, dy = jaws[k, CX] - x, jaws[k, CY] - y
        d = math.sqrt(dx * dx + dy * dy)
        closing = jaws[k, CR] + 0.5 * r < d <= jaws[k, CR] + r and dx * b[BVX] + dy * b[BVY] > 0.0
        if closing and _bounce(b, dx / d, dy / d, p):
            return lines.shape[0] + k
    return -1


@kernel
def _bounce(b: np.ndarray, nx: float, ny: float, p: np.ndarray) -> bool:
    """``cushion.rebound`` unless the ball's bottom clears the nose (False then)."""
    sin_a = contact_sin(b[BZ], p)
    if sin_a <= -1.0:
        return False
    rebound(b, nx, ny, sin_a, p)
    return True


@kernel
def _follow_if_inside(
    s: np.ndarray, members: np.ndarray, k: int, t: float, t_end: float, touched: np.ndarray, out: np.ndarray,
    p: np.ndarray,
) -> None:  # fmt: skip
    """Mark (``touched``) each member that touched nothing but whose own motion enters a marked one's recorded path.

    A member that touched nothing keeps its own motion, which feels the cloth's friction; the
    integration does not. And a marked member's record is a parabola from its state at ``t`` to its
    integrated end (``through_contact``), which cuts the corners of the integrated path. Either can
    carry an unmarked neighbour some micrometres into a marked one: at the phase's end the event loop
    (which finds contacts from outside only) would let the two pass through each other, and during
    the phase the record would show them overlapping. Such a member takes the integration's path
    instead (the integration kept it clear of every member), recorded the same way; repeated until no
    more change, since each one marked is a new neighbour to the others.
    """
    diam = 2.0 * p[R]
    span = t_end - t
    changed = span > 0.0
    while changed:
        changed = False
        for a in range(k):
            if touched[a]:
                continue
            xa, ya, vxa, vya, _, _, _ = state_at(s, members[a], t)
            za, vza = height_at(s, members[a], t)
            row = s[members[a]]
            for b in range(k):
                if not touched[b]:
                    continue
                xb, yb, vxb, vyb, _, _, _ = state_at(s, members[b], t)
                zb, vzb = height_at(s, members[b], t)
                axb = 2.0 * (out[b, BX] - xb - vxb * span) / (span * span)  # as through_contact records it
                ayb = 2.0 * (out[b, BY] - yb - vyb * span) / (span * span)
                azb = 2.0 * (out[b, BZ] - zb - vzb * span) / (span * span)
                tau = contact_time(
                    xb - xa, yb - ya, zb - za, vxb - vxa, vyb - vya, vzb - vza,
                    axb - row[AX], ayb - row[AY], azb - row[AZ], span, diam,
                )  # fmt: skip
                if tau <= span:
                    touched[a] = 1
                    changed = True
                    break


@kernel
def _speed(b: np.ndarray) -> float:
    return math.sqrt(b[BVX] * b[BVX] + b[BVY] * b[BVY] + b[BVZ] * b[BVZ])


@kernel
def _touches(first: np.ndarray, a: int, k: int) -> int:
    """1 if member ``a`` touched another member in the phase."""
    for b in range(k):
        if b != a and first[min(a, b), max(a, b)] >= 0:
            return 1
    return 0


@inline_kernel
def _pair_force(
    c: np.ndarray, a: int, b: int, step: int, dt: float, t_contact: float, first: np.ndarray, vref: np.ndarray,
    force: np.ndarray, torque: np.ndarray, p: np.ndarray,
) -> bool:  # fmt: skip
    """Add the contact force of members ``a`` < ``b`` (rows of the states ``c``); True if they press or are about to.

    Inlined into the step loop, and reading ``c`` by element: this runs for every pair at every step.
    """
    r, diam = p[R], 2.0 * p[R]
    dx = c[b, BX] - c[a, BX]
    if abs(dx) >= diam + CLUSTER_GAP:
        vref[a, b] = 0.0
        return False
    dy, dz = c[b, BY] - c[a, BY], c[b, BZ] - c[a, BZ]
    d2 = dx * dx + dy * dy + dz * dz
    if d2 >= diam * diam:
        vref[a, b] = 0.0
        if d2 >= (diam + CLUSTER_GAP) ** 2:
            return False
        d = math.sqrt(d2)
        vn = ((c[a, BVX] - c[b, BVX]) * dx + (c[a, BVY] - c[b, BVY]) * dy + (c[a, BVZ] - c[b, BVZ]) * dz) / d
        return vn > 0.0 and d - diam < vn * t_contact  # about to touch within a contact time
    dvx, dvy, dvz = c[a, BVX] - c[b, BVX], c[a, BVY] - c[b, BVY], c[a, BVZ] - c[b, BVZ]
    d = math.sqrt(d2)
    nx, ny, nz = dx / d, dy / d, dz / d
    vn = dvx * nx + dvy * ny + dvz * nz  # closing speed, the overlap's rate
    if first[a, b] < 0:
        first[a, b] = step
    vref[a, b] = max(vref[a, b], vn, V_CLUSTER)
    f = p[K_HERTZ] * (diam - d) ** 1.5 * max(1.0 + p[HC_C] * vn / vref[a, b], 0.0)
    # slip of the contact points: dv + R (wa + wb) x n, less its normal part
    sx, sy, sz = c[a, BWX] + c[b, BWX], c[a, BWY] + c[b, BWY], c[a, BWZ] + c[b, BWZ]
    ux = dvx + r * (sy * nz - sz * ny)
    uy = dvy + r * (sz * nx - sx * nz)
    uz = dvz + r * (sx * ny - sy * nx)
    un = ux * nx + uy * ny + uz * nz
    ux, uy, uz = ux - un * nx, uy - un * ny, uz - un * nz
    slip = math.sqrt(ux * ux + uy * uy + uz * uz)
    gx, gy, gz = -f * nx, -f * ny, -f * nz  # on a; b gets the opposite
    if slip > 0.0:
        mu = p[MUB_A] + p[MUB_B] * math.exp(-p[MUB_C] * slip)
        ft = min(mu * f, p[MASS] * slip / (7.0 * dt))  # 7/m: the contact points' joint response
        fx, fy, fz = -ft * ux / slip, -ft * uy / slip, -ft * uz / slip
        gx, gy, gz = gx + fx, gy + fy, gz + fz
        # torque R n x F on a and (-R n) x (-F) on b: the same
        qx, qy, qz = r * (ny * fz - nz * fy), r * (nz * fx - nx * fz), r * (nx * fy - ny * fx)
        torque[a, 0] += qx
        torque[a, 1] += qy
        torque[a, 2] += qz
        torque[b, 0] += qx
        torque[b, 1] += qy
        torque[b, 2] += qz
    force[a, 0] += gx
    force[a, 1] += gy
    force[a, 2] += gz
    force[b, 0] -= gx
    force[b, 1] -= gy
    force[b, 2] -= gz
    # A pair frozen at rest (touching within rounding, not closing) pushes nothing and keeps the phase going no
    # longer: left busy, the untouched rest of a frozen rack held a phase open to MAX_STEPS (0.17 s without
    # cushions) after a jumped cue ball had flown over it.
    return diam - d > EPS_GAP or vn > EPS_V


@inline_kernel
def _advance(
    c: np.ndarray, a: int, f: np.ndarray, q: np.ndarray, dt: float, m: float, inertia: float, g: float
) -> None:
    """One step of member ``a`` (row of the states ``c``) under its contact force and torque (semi-implicit Euler).

    Off the bed gravity pulls; at the bed a push down is taken by the slate (as ``slate.motion_after``
    does for an impulse on the cloth).
    """
    c[a, BVX] += f[a, 0] * dt / m
    c[a, BVY] += f[a, 1] * dt / m
    c[a, BVZ] += f[a, 2] * dt / m
    if c[a, BZ] > 0.0 or c[a, BVZ] > 0.0:
        c[a, BVZ] -= g * dt
    c[a, BWX] += q[a, 0] * dt / inertia
    c[a, BWY] += q[a, 1] * dt / inertia
    c[a, BWZ] += q[a, 2] * dt / inertia
    c[a, BX] += c[a, BVX] * dt
    c[a, BY] += c[a, BVY] * dt
    c[a, BZ] += c[a, BVZ] * dt
    if c[a, BZ] <= 0.0:
        c[a, BZ] = 0.0
        c[a, BVZ] = max(c[a, BVZ], 0.0)


@kernel
def _join(
    s: np.ndarray, mot: np.ndarray, members: np.ndarray, k: int, t: float, p: np.ndarray, out: np.ndarray, margin: float
) -> int:
    """Add to the group every ball on the table within ``margin`` of touching a member at time ``t``.

    A ball whose motion is known only from after the phase's start may join (once ``_known``): its record
    joins the phase where its row begins (``known_from``).
    """
    n = mot.shape[0]
    reach = 2.0 * p[R] + margin
    kk = k
    for j in range(n):
        if not _on_table(mot[j]) or _member(members, kk, j) or not _known(s, j, t):
            continue
        xj, yj, _, _, _, _, _ = state_at(s, j, t)
        zj, _ = height_at(s, j, t)
        for a in range(k):
            if (out[a, BX] - xj) ** 2 + (out[a, BY] - yj) ** 2 + (out[a, BZ] - zj) ** 2 < reach * reach:
                members[kk] = j
                load_state(s, j, t, out[kk])
                kk += 1
                break
    return kk


@kernel
def through_contact(s: np.ndarray, mot: np.ndarray, i: int, t: float, t_end: float, end: np.ndarray) -> None:
    """Make ball ``i``'s segment its path through the contact phase, for the record.

    Motion ``contact``: a parabola from its state at ``t`` (its current
    segment, not yet closed) to ``end``'s place at ``t_end``, its spin
    changing evenly. The record starts the phase with the ball's true motion,
    so nothing jumps at its start, and ends it where the integration left the
    ball; in between the balls are compressed into each other (they overlap by
    up to the Hertz compression) and part of their energy is elastic.
    """
    x, y, vx, vy, wx, wy, wz = state_at(s, i, t)
    z, vz = height_at(s, i, t)
    span = t_end - t
    row = s[i]
    row[T0], row[PX], row[PY], row[PZ] = t, x, y, z
    row[VX], row[VY], row[VZ] = vx, vy, vz
    row[AX] = 2.0 * (end[BX] - x - vx * span) / (span * span)
    row[AY] = 2.0 * (end[BY] - y - vy * span) / (span * span)
    row[AZ] = 2.0 * (end[BZ] - z - vz * span) / (span * span)
    row[WX], row[WY], row[WZ] = wx, wy, wz
    row[DWX], row[DWY], row[DWZ] = (end[BWX] - wx) / span, (end[BWY] - wy) / span, (end[BWZ] - wz) / span
    mot[i] = CONTACT


@kernel
def _cap_energy(out: np.ndarray, touched: np.ndarray, k: int, e_before: float, e_after: float, p: np.ndarray) -> None:
    """Scale the touched balls' motion relative to their centre of mass (and spins) so energy does not rise."""
    if e_after <= e_before:
        return
    m_ball = p[MASS]
    cx = cy = cz = 0.0
    count = 0
    for a in range(k):
        if touched[a]:
            cx += out[a, BVX]
            cy += out[a, BVY]
            cz += out[a, BVZ]
            count += 1
    cx, cy, cz = cx / count, cy / count, cz / count
    e_com = 0.5 * m_ball * count * (cx * cx + cy * cy + cz * cz)
    scale = math.sqrt(max(e_before - e_com, 0.0) / (e_after - e_com)) if e_after > e_com else 0.0
    for a in range(k):
        if touched[a]:
            b = out[a]
            b[BVX] = cx + scale * (b[BVX] - cx)
            b[BVY] = cy + scale * (b[BVY] - cy)
            b[BVZ] = cz + scale * (b[BVZ] - cz)
            b[BWX] *= scale
            b[BWY] *= scale
            b[BWZ] *= scale


@kernel
def _touch_order(first: np.ndarray, members: np.ndarray, k: int, order: np.ndarray) -> int:
    """Write the pairs that touched into ``order``: step of the first touch, ball numbers; returns how many."""
    q = 0
    for a in range(k):
        for b in range(a + 1, k):
            if first[a, b] >= 0:
                i, j = members[a], members[b]
                order[q, 0], order[q, 1], order[q, 2] = first[a, b], min(i, j), max(i, j)
                q += 1
    return q


@kernel
def _sort_touches(order: np.ndarray, q: int) -> None:
    """Sort ``order[:q]`` by step, then by its numbers (insertion sort: a few dozen touches at most)."""
    for u in range(1, q):
        v = u
        while v > 0 and _earlier(order, v, v - 1):
            for c in range(3):
                order[v, c], order[v - 1, c] = order[v - 1, c], order[v, c]
            v -= 1


@kernel
def _earlier(order: np.ndarray, u: int, v: int) -> bool:
    for c in range(3):
        if order[u, c] != order[v, c]:
            return order[u, c] < order[v, c]
    return False


@kernel
def hc_restitution(c: float, steps: int) -> float:
    """The restitution of F = k d^(3/2) (1 + c d' / v0) integrated as ``collide`` does (units m* = k = v0 = 1)."""
    dt = HERTZ_TIME / steps
    x, v = 0.0, 1.0
    for _ in range(100 * steps):
        f = x**1.5 * max(1.0 + c * v, 0.0) if x > 0.0 else 0.0
        v -= f * dt
        x += v * dt
        if x <= 0.0 and v < 0.0:
            return -v
    return 0.0


@kernel
def damping_for(e: float) -> float:
    """The Hunt-Crossley factor c whose head-on impact restitutes at ``e`` (bisection on ``hc_restitution``)."""
    lo, hi = 0.0, 50.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if hc_restitution(mid, 4000) > e:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)
