"""The event loop: find the earliest next event, advance to it, resolve it, repeat until all balls rest.

The whole loop is one compiled kernel (``run``) over flat arrays; Python
only packs the inputs and builds the ``ShotResult`` (``packing.py``).
Each ball's own next event (change of motion, pocket, cushion) and each
pair's next contact are cached as absolute times and recomputed only for
the balls an event changed, so an event costs O(balls), not O(balls^2)
root solves.

Priority at exactly equal times (so the result never depends on loop or
dict order): a ball's own events before ball-ball contacts; among a ball's
own events, a change of motion (a landing included), then a pocket, then a
straight cushion, then a jaw point; among balls and pairs, the lower ball
numbers first. A ball in the air (``resolve/slate.py``) has a landing, cushion
and ball-ball events, and a pocket's back stops it (``back_time``); one whose
centre is above the nose meets the nose's edge below its equator and is thrown
back and up; one whose bottom clears the nose flies over it
(``resolve/rail.py``): off the table at once if it clears the whole rail, else
a rail contact and a path (motion ``rail``) until it comes back over the bed
or leaves (an own event of the ball, ``_OWN_RAIL``), followed in pieces of
``RAIL_CHUNK`` steps (own events ``_OWN_RAIL_STEP``, none in the record) whose
parabolas the other balls' contacts are solved against. So does one whose bottom
clears the nose at a jaw's facing or point (``PhysicsParams.rail_at_jaws``);
coming back there it is over the pocket's mouth, and if it comes back down on
the bed over the hole it drops, as a landing there does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from poolhall.equipment import CONTACT_TOLERANCE, CUE, RAIL_WIDTH, PhysicsParams, TableSpec
from poolhall.layout import Layout
from poolhall.physics.detect.ball_ball import contact_time
from poolhall.physics.detect.ball_cushion import (
    CR,
    CX,
    CY,
    LJAW,
    LNX,
    LNY,
    LRAIL,
    LX0,
    LX1,
    LY0,
    LY1,
    back_time,
    circle_time,
    line_time,
    nose_place,
)
from poolhall.physics.detect.bounds import apart, span_of
from poolhall.physics.detect.transition import next_transition
from poolhall.physics.evolve import height_at, load_state, start_segment, state_at, travel_bound
from poolhall.physics.packing import build_result, param_vector, table_arrays
from poolhall.physics.resolve.ball_ball import resolve_ball_ball
from poolhall.physics.resolve.cluster import collide, gather, known_from, through_contact
from poolhall.physics.resolve.contact import part_pair
from poolhall.physics.resolve.cushion import rebound
from poolhall.physics.resolve.han_2005 import contact_sin
from poolhall.physics.resolve.rail import (
    BACK,
    F_NX,
    F_NY,
    F_OUT,
    F_SPAN,
    F_START,
    F_T,
    N_F,
    ONGOING,
    STEP,
    outer_edge,
    rail_begin,
    rail_finish,
    rail_resume,
    rail_run,
    rail_state,
    rail_top,
)
from poolhall.physics.resolve.slate import after_stroke, motion_after
from poolhall.physics.result import ShotResult
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
    EPS_SUNK,
    EPS_V,
    EV_BALL_BALL,
    EV_BALL_CUSHION,
    EV_BALL_OFF_TABLE,
    EV_BALL_POCKET,
    EV_BALL_SLATE,
    EV_ROLLING_SPINNING,
    EV_ROLLING_STATIONARY,
    EV_SLIDING_ROLLING,
    EV_SLIDING_SPINNING,
    EV_SLIDING_STATIONARY,
    EV_SPIN_STOP,
    EV_SPINNING_STATIONARY,
    EV_STROKE,
    LENGTH,
    N_BALL,
    N_COLS,
    OFF_TABLE,
    OFF_TABLE_MARK,
    POCKET_BACK,
    POCKETED,
    RAIL,
    RAIL_AT_JAWS,
    ROLLING,
    SLIDING,
    SPINNING,
    STATIONARY,
    T0,
    WIDTH,
    R,
    inline_kernel,
    kernel,
)
from poolhall.physics.stroke import Stroke, cue_strike
from poolhall.physics.views import borrowed

# what a ball's own next event is (besides a change of motion)
_OWN_TRANSITION, _OWN_POCKET, _OWN_LINE, _OWN_JAW, _OWN_RAIL, _OWN_RAIL_STEP = 0, 1, 2, 3, 4, 5
#: Steps of ``resolve/rail.py`` in one piece of a flight over a rail (5 ms): each piece is recorded as a parabola
#: through its ends, which the other balls' contacts are solved against, so a ball on the rail meets a ball below it.
RAIL_CHUNK = 100
# columns of the integer event record: kind, ball 1, ball 2, rail/pocket index, jaw's pocket index
EVENT_INT_COLS = 5
# segment records: floats (t0, t1, then the coefficients of the row of S after T0), ints (ball, motion)
SEG_FLOAT_COLS = 2 + N_COLS - 1


@inline_kernel
def _refresh_own(s, mot, i, t, lines, jaws, pockets, p, own_t, own_k, own_o, box, inner):  # type: ignore[no-untyped-def]
    """Recompute ball ``i``'s next change of motion and, if it moves, its next pocket and cushion.

    Also its box up to that event (``detect/bounds.py``): only the pieces, jaws and pockets
    near the box are solved for, and ``_refresh_pairs`` rules out the balls far from it.
    A box inside ``inner`` (``_inner_box``) is apart from all of them: none is even tested.
    """
    tt, kind = next_transition(s, mot, i, p)
    own_t[i], own_k[i], own_o[i] = tt, _OWN_TRANSITION, kind
    moving = mot[i] == SLIDING or mot[i] == ROLLING or mot[i] == AIRBORNE
    x, y, vx, vy, _, _, _ = state_at(s, i, t)
    ax, ay = s[i, AX], s[i, AY]
    h = own_t[i] - t if moving else 0.0  # a ball at rest stays where it is
    xlo, xhi = span_of(x, vx, ax, h)
    ylo, yhi = span_of(y, vy, ay, h)
    clear = inner[0] <= xlo and xhi <= inner[1] and inner[2] <= ylo and yhi <= inner[3]
    if not moving or (clear and mot[i] != AIRBORNE):  # nothing to solve for (a ball in the air: a pocket's back)
        box[i, 0], box[i, 1], box[i, 2], box[i, 3] = xlo, xhi, ylo, yhi
        return
    r = p[R]
    reach = travel_bound(vx, vy, 0.0, ax, ay, 0.0, h)  # within its motion; later horizons are shorter
    # a ball found pressed into a cushion meets it now (``line_time``), unless it is in the air with its bottom
    # above the nose: it may be over the cushion. One hopping a hair above the cloth is pressed in (a contact
    # phase can leave it so; scan shot 88 of ``pockets``, session 29, ran 1.6 mm into a jaw before it landed)
    sunk = 0.5 * r if mot[i] != AIRBORNE or contact_sin(height_at(s, i, t)[0], p) > -1.0 else 0.0
    # here ``clear`` means a ball in the air inside ``inner``: no cushion or jaw to solve for, only a pocket's back
    for k in range(0 if clear else lines.shape[0]):  # first: cheap quadratics that often shorten the others' horizon
        if apart(xlo, xhi, ylo, yhi, lines[k, LX0], lines[k, LX1], lines[k, LY0], lines[k, LY1], r):
            continue
        tau = line_time(
            x, y, vx, vy, ax, ay, lines[k, LX0], lines[k, LY0], lines[k, LX1], lines[k, LY1], lines[k, LNX],
            lines[k, LNY], r, own_t[i] - t, reach, sunk,
        )  # fmt: skip
        if t + tau < own_t[i]:
            own_t[i], own_k[i], own_o[i] = t + tau, _OWN_LINE, k
    # a cushion ahead shortens the horizon: only the pockets and jaws within the shorter reach are solved for
    if own_k[i] == _OWN_LINE:
        h = own_t[i] - t
        reach = travel_bound(vx, vy, 0.0, ax, ay, 0.0, h)
        xlo, xhi = span_of(x, vx, ax, h)
        ylo, yhi = span_of(y, vy, ay, h)
    for k in range(pockets.shape[0] if mot[i] != AIRBORNE else 0):  # in the air a ball drops when it lands
        cx, cy, cr = pockets[k, CX], pockets[k, CY], pockets[k, CR]
        if apart(xlo, xhi, ylo, yhi, cx, cx, cy, cy, cr):
            continue
        if (x - cx) * (x - cx) + (y - cy) * (y - cy) < (cr - EPS_SUNK) * (cr - EPS_SUNK):
            tau = 0.0  # its centre is past the drop already: it drops now (a contact phase can leave it so)
        else:
            tau = circle_time(x, y, vx, vy, ax, ay, cx, cy, cr, own_t[i] - t, reach, 0.0)
        if t + tau < own_t[i] or (t + tau == own_t[i] and own_k[i] == _OWN_LINE):  # a pocket before a cushion
            own_t[i], own_k[i], own_o[i] = t + tau, _OWN_POCKET, k
    if mot[i] == AIRBORNE and p[POCKET_BACK] > 0.0:  # flying across a hole below the rail's top: the back stops it
        z, vz = height_at(s, i, t)
        top = rail_top(p)
        for k in range(pockets.shape[0]):
            cx, cy, cr = pockets[k, CX], pockets[k, CY], pockets[k, CR] + r  # where a ball coming down drops
            if apart(xlo, xhi, ylo, yhi, cx, cx, cy, cy, cr):
                continue
            tau = back_time(x, y, vx, vy, z, vz, s[i, AZ], cx, cy, cr, top, p[LENGTH], p[WIDTH], own_t[i] - t)
            if t + tau < own_t[i]:
                own_t[i], own_k[i], own_o[i] = t + tau, _OWN_POCKET, k
    for k in range(0 if clear else jaws.shape[0]):
        cx, cy, cr = jaws[k, CX], jaws[k, CY], jaws[k, CR] + r
        if apart(xlo, xhi, ylo, yhi, cx, cx, cy, cy, cr):
            continue
        tau = circle_time(x, y, vx, vy, ax, ay, cx, cy, cr, own_t[i] - t, reach, sunk)
        if t + tau < own_t[i]:
            own_t[i], own_k[i], own_o[i] = t + tau, _OWN_JAW, k
    h = own_t[i] - t  # the box up to the event found, for the pairs
    box[i, 0], box[i, 1] = span_of(x, vx, ax, h)
    box[i, 2], box[i, 3] = span_of(y, vy, ay, h)


@inline_kernel
def _piece(k, lines, jaws, pockets, r):  # type: ignore[no-untyped-def]
    """(x0, x1, y0, y1, gap) of the ``k``-th of the lines, pockets and jaws, as ``_refresh_own`` gives ``apart``."""
    if k < lines.shape[0]:
        return lines[k, LX0], lines[k, LX1], lines[k, LY0], lines[k, LY1], r
    k -= lines.shape[0]
    if k < pockets.shape[0]:
        return pockets[k, CX], pockets[k, CX], pockets[k, CY], pockets[k, CY], pockets[k, CR]
    k -= pockets.shape[0]
    return jaws[k, CX], jaws[k, CX], jaws[k, CY], jaws[k, CY], jaws[k, CR] + r


@inline_kernel
def _inner_box(lines, jaws, pockets, r, length, width):  # type: ignore[no-untyped-def]
    """(xlo, xhi, ylo, yhi): a box ``apart`` finds clear of every piece, pocket and jaw (as ``_refresh_own`` asks).

    Each of ``apart``'s comparisons stays true as the box shrinks (rounding is monotone), so a ball's box
    inside this one is apart from all of them: ``_refresh_own`` skips the three loops, with the same result.
    The box is [a, length - a] x [a, width - a], a grown until it is apart from each object in turn (a
    shrinking box stays apart from those before), then checked once more (none at all if that fails).
    """
    n = lines.shape[0] + pockets.shape[0] + jaws.shape[0]
    a = r
    for k in range(n):
        x0, x1, y0, y1, gap = _piece(k, lines, jaws, pockets, r)
        need = min(length + gap - min(x0, x1), max(x0, x1) + gap, width + gap - min(y0, y1), max(y0, y1) + gap)
        a = max(a, need + 1e-9)
    for k in range(n):
        x0, x1, y0, y1, gap = _piece(k, lines, jaws, pockets, r)
        if not apart(a, length - a, a, width - a, x0, x1, y0, y1, gap):
            return np.inf, -np.inf, np.inf, -np.inf
    return a, length - a, a, width - a


@inline_kernel
def _refresh_pairs(s, mot, i, t, p, own_t, pair_t, row_t, row_j, box):  # type: ignore[no-untyped-def]
    """Recompute the next contact of ball ``i`` with every other ball.

    The search runs only to the first own event of either ball: that event
    redoes this pair anyway, and a short horizon lets most pairs be ruled out
    by their boxes up to those events (``detect/bounds.py``) or by distance alone.
    Keeps each row's earliest entry (``row_t``, ``row_j``: ``_earliest``).
    """
    n = mot.shape[0]
    xi, yi, vxi, vyi, _, _, _ = state_at(s, i, t)  # ball i's state, once for all its pairs
    zi, vzi = height_at(s, i, t)
    moving_i = _moving(mot[i])
    diam = 2.0 * p[R]
    best, arg = np.inf, np.int64(-1)  # row i's earliest
    for j in range(n):
        if j == i:
            continue
        when = np.inf
        can_meet = not (_gone(mot[j]) or _gone(mot[i])) and (moving_i or _moving(mot[j]))  # not both at rest
        if can_meet and not apart(
            box[i, 0], box[i, 1], box[i, 2], box[i, 3], box[j, 0], box[j, 1], box[j, 2], box[j, 3], diam
        ):
            t_from = known_from(s, j, t)  # a contact phase's member is met only from the phase's end
            xa, ya, vxa, vya, za, vza = xi, yi, vxi, vyi, zi, vzi
            if t_from > t:
                xa, ya, vxa, vya, _, _, _ = state_at(s, i, t_from)
                za, vza = height_at(s, i, t_from)
            horizon = min(own_t[i], own_t[j]) - t_from
            xj, yj, vxj, vyj, _, _, _ = state_at(s, j, t_from)
            zj, vzj = height_at(s, j, t_from)
            dx, dy, dz, dvx, dvy, dvz = xj - xa, yj - ya, zj - za, vxj - vxa, vyj - vya, vzj - vza
            if t_from > t and dx * dx + dy * dy + dz * dz < diam * diam and dx * dvx + dy * dvy + dz * dvz < 0.0:
                tau = 0.0  # ball i came into the member before its phase ended (break scan shot 1366): they meet now
            else:
                tau = contact_time(
                    dx, dy, dz, dvx, dvy, dvz, s[j, AX] - s[i, AX], s[j, AY] - s[i, AY], s[j, AZ] - s[i, AZ],
                    horizon, diam,
                )  # fmt: skip
            when = t_from + tau
        if j > i:
            pair_t[i, j] = when
            if when < best:
                best, arg = when, j
            continue
        pair_t[j, i] = when  # row j: only its entry i changed
        if when < row_t[j] or (when == row_t[j] and i < row_j[j]):
            row_t[j], row_j[j] = when, i
        elif row_j[j] == i and when != row_t[j]:  # its earliest entry moved later: look again
            row_t[j], row_j[j] = np.inf, -1
            for c in range(j + 1, n):
                if pair_t[j, c] < row_t[j]:
                    row_t[j], row_j[j] = pair_t[j, c], c
    row_t[i], row_j[i] = best, arg


@inline_kernel
def _earliest(own_t, row_t, row_j):  # type: ignore[no-untyped-def]
    """(time, ball, other ball or -1) of the next event: the earliest own event or pair contact.

    At equal times an own event comes before a contact, and lower ball numbers first: the
    first of the earliest in the order (own events by ball, then pairs (i, j) by i, then j).
    Row i of the pairs' times (j > i) is kept with its earliest entry (the first such j), so
    this is a scan of 2n entries, not n^2 / 2.
    """
    best, bi, bj = np.inf, np.int64(-1), np.int64(-1)
    for i in range(own_t.shape[0]):
        if own_t[i] < best:
            best, bi = own_t[i], i
    for i in range(row_t.shape[0]):
        if row_t[i] < best:
            best, bi, bj = row_t[i], i, row_j[i]
    return best, bi, bj


# Every buffer comes from _floats or _ints, and is filled and copied by element loops: each numpy
# constructor signature (np.full, np.zeros, 1-D or 2-D, dtype spelling) and each slice copy (which
# brings numba's shape-error formatting) is one more thing to compile, seconds of cold start in all.
# The three helpers are inlined (a few lines each), so their literal size arguments compile nothing.
@inline_kernel
def _floats(rows, cols, value):  # type: ignore[no-untyped-def]
    """A (rows, cols) float64 array of ``value``; ``_floats(1, n, v)[0]`` is a 1-D one."""
    a = np.empty((rows, cols), np.float64)
    for r in range(rows):
        for c in range(cols):
            a[r, c] = value
    return a


@inline_kernel
def _ints(rows, cols, value):  # type: ignore[no-untyped-def]
    """A (rows, cols) int64 array of ``value``."""
    a = np.empty((rows, cols), np.int64)
    for r in range(rows):
        for c in range(cols):
            a[r, c] = value
    return a


@inline_kernel
def _copy_rows(a, b):  # type: ignore[no-untyped-def]
    """Copy ``a`` into the first rows of the larger ``b``; returns ``b``."""
    for r in range(a.shape[0]):
        for c in range(a.shape[1]):
            b[r, c] = a[r, c]
    return b


@inline_kernel
def _moving(motion):  # type: ignore[no-untyped-def]
    """Moving on its own: its position changes with time (over a rail: along its piece's parabola)."""
    return motion in (SLIDING, ROLLING, AIRBORNE, RAIL)


@inline_kernel
def _gone(motion):  # type: ignore[no-untyped-def]
    """Not on the table (never was, pocketed or off the table)."""
    return motion < 0 or motion in (POCKETED, OFF_TABLE)


@inline_kernel
def _rail_piece(s, mot, i, t, lines, rail_f, rail_b, rail_c, own_t, own_k, own_o, box, p):  # type: ignore[no-untyped-def]
    """Follow ball ``i``'s flight over a rail (row ``rail_f[i]``) by one piece from ``t``, its segment begun there.

    Its record to the piece's end is a parabola through the ends (``through_contact``), its own event is there:
    the next piece, or the flight's end (``rail_b[i]``, as ``rail_finish`` found it: the same steps bit for bit).
    ``rail_f[n + i]`` keeps the piece's start, from which ``_rail_at`` finds its state within the piece.
    A piece that leaves the ball off the rail its frame assumes (``_off_its_rail``) ends the flight there.
    """
    n = mot.shape[0]
    for c in range(N_F):
        rail_f[n + i, c] = rail_f[i, c]
    if rail_run(rail_f[i], RAIL_CHUNK, p) == ONGOING:
        rail_state(rail_f[i], p, rail_c[i], False)
        t_end = rail_f[i, F_START] + rail_f[i, F_T]
        own_t[i], own_k[i] = t_end, _OWN_RAIL_STEP
        if _off_its_rail(lines, rail_f[i], rail_c[i], p):
            rail_state(rail_f[i], p, rail_b[i], True)
            rail_f[i, F_SPAN], rail_f[i, F_OUT] = rail_f[i, F_T], BACK
            own_k[i], own_o[i] = _OWN_RAIL, BACK
        through_contact(s, mot, i, t, t_end, rail_c[i])
    else:
        t_end = rail_f[i, F_START] + rail_f[i, F_SPAN]
        through_contact(s, mot, i, t, t_end, rail_b[i])
        own_t[i], own_k[i], own_o[i] = t_end, _OWN_RAIL, np.int64(rail_f[i, F_OUT])
    mot[i] = RAIL
    x, y, vx, vy, _, _, _ = state_at(s, i, t)
    box[i, 0], box[i, 1] = span_of(x, vx, s[i, AX], t_end - t)
    box[i, 2], box[i, 3] = span_of(y, vy, s[i, AY], t_end - t)


@inline_kernel
def _off_its_rail(lines, f, b, p):  # type: ignore[no-untyped-def]
    """A ball over a rail in flight row ``f``, at state ``b``, is no longer over the rail its frame takes as long
    (beside a pocket, along a jaw's facing): it has come over the bed, or over another rail.

    Over the bed: its centre more than a radius inside every nose line (no cushion or pocket is under any of
    it). Over another rail: its centre less than a radius in front of a nose line that is not its frame's own,
    or behind it, within the nose's segment. Found by scan shots 54962 and 74528 (8-foot, session 28): a cue
    ball over a side pocket's facing rolled on that facing's imaginary rail cap out across the table, through
    the rack; another ran along the left rail's nose in the facing's frame and came down inside the rubber.
    Such a ball is handed back (``BACK``) where it is: ``_over_nose`` sends it over that nose, unless its centre
    is in front of the nose line, its bottom above the nose and it moves toward the table (then it is in the air
    over the bed).
    """
    r = p[R]
    if r < b[BX] < p[LENGTH] - r and r < b[BY] < p[WIDTH] - r:
        return True
    for k in range(lines.shape[0]):
        if lines[k, LJAW] >= 0 or (lines[k, LNX] == -f[F_NX] and lines[k, LNY] == -f[F_NY]):
            continue
        along, inside = nose_place(lines, k, b[BX], b[BY])
        if 0.0 <= along <= 1.0 and inside < r - EPS_SUNK:
            return True
    return False


@inline_kernel
def _drop_event(ev_t, ev_i, n_ev, e, rail_ev):  # type: ignore[no-untyped-def]
    """Remove event ``e`` (a rail contact that did not happen) from the record; the row being written (``n_ev``)
    and every later one move up by one, and so do the flights' own (``rail_ev``). Returns the new count."""
    for r in range(e, n_ev):
        ev_t[r, 0] = ev_t[r + 1, 0]
        for c in range(EVENT_INT_COLS):
            ev_i[r, c] = ev_i[r + 1, c]
    for j in range(rail_ev.shape[0]):
        if rail_ev[j] > e:
            rail_ev[j] -= 1
    return n_ev - 1


@inline_kernel
def _rail_plan(i, t, rail_f, rail_b, p):  # type: ignore[no-untyped-def]
    """Ball ``i``'s flight over a rail, begun or resumed at ``t`` (row ``rail_f[i]``), followed to its end
    (``rail_b[i]``; its length and outcome into the row). Returns its first touch of the profile (s from ``t``;
    inf: it clears the rail)."""
    touch, span, outcome = rail_finish(rail_f[i], p, rail_b[i])
    rail_f[i, F_START], rail_f[i, F_SPAN], rail_f[i, F_OUT] = t, span, outcome
    return touch


@inline_kernel
def _over_nose(lines, b, p):  # type: ignore[no-untyped-def]
    """(row, distance) of a rail's nose line (not a jaw facing) whose segment ball state ``b``'s centre is nearer
    than a radius to on the table's side (more than the touching tolerance), or behind, or (-1, 0): none, or
    the centre is in front of the nose line, the ball's bottom above the nose, and it moves toward the table
    (it is in the air over the bed, session 28; behind the line it is over the rubber or the cap, whose
    profile the nose's frame follows)."""
    x, y = b[BX], b[BY]
    for k in range(lines.shape[0]):
        if lines[k, LJAW] >= 0:
            continue
        along, inside = nose_place(lines, k, x, y)
        if 0.0 <= along <= 1.0 and inside < p[R] - EPS_SUNK:
            moving_in = b[BVX] * lines[k, LNX] + b[BVY] * lines[k, LNY] > 0.0
            if inside >= 0.0 and contact_sin(b[BZ], p) <= -1.0 and moving_in:
                return -1, 0.0
            return k, inside
    return -1, 0.0


@inline_kernel
def _rail_at(s, i, t, rail_f, p, b):  # type: ignore[no-untyped-def]
    """Ball ``i``'s state over a rail at ``t`` into ``b``: its place on the piece's parabola (where the contact
    was found), its velocity and spin from the flight's steps up to ``t``."""
    n = s.shape[0]
    load_state(s, i, t, b)
    f = rail_f[n + i].copy()
    rail_run(f, np.int64((t - f[F_START] - f[F_T]) / STEP), p)
    x, y, z = b[BX], b[BY], b[BZ]
    rail_state(f, p, b, False)
    b[BX], b[BY], b[BZ] = x, y, z


@kernel
def _close(s, mot, i, t, seg_f, seg_i, n_seg):  # type: ignore[no-untyped-def]
    """Write ball ``i``'s current segment, ending at ``t``, to the output; returns the new count."""
    seg_f[n_seg, 0] = s[i, T0]
    seg_f[n_seg, 1] = t
    for c in range(1, N_COLS):
        seg_f[n_seg, 1 + c] = s[i, c]
    seg_i[n_seg, 0] = i
    seg_i[n_seg, 1] = mot[i]
    return n_seg + 1


@kernel
def _settle(b, old_motion, kind, p):  # type: ignore[no-untyped-def]
    """The motion (and public event code) after ball state ``b`` ends its ``old_motion`` by itself."""
    if kind == EV_SPIN_STOP:
        b[BWZ] = 0.0
        return old_motion, EV_SPIN_STOP
    spinning = abs(b[BWZ]) * p[R] > EPS_V
    if old_motion == SLIDING:
        if math.hypot(b[BVX], b[BVY]) > EPS_V:
            return ROLLING, EV_SLIDING_ROLLING
        return (SPINNING, EV_SLIDING_SPINNING) if spinning else (STATIONARY, EV_SLIDING_STATIONARY)
    if old_motion == ROLLING:
        return (SPINNING, EV_ROLLING_SPINNING) if spinning else (STATIONARY, EV_ROLLING_STATIONARY)
    return STATIONARY, EV_SPINNING_STATIONARY


@kernel
def workspace(n):  # type: ignore[no-untyped-def]
    """The arrays ``run_in`` works in for ``n`` balls (``_reset`` fills them at the start of each shot).

    Outputs start small and double when full (a cap-sized block would cost more than a short shot).
    """
    return (
        _floats(n, N_COLS, 0.0),  # s
        _ints(1, n, 0)[0],  # mot
        _floats(1, n, 0.0)[0],  # own_t
        _ints(1, n, 0)[0],  # own_k
        _ints(1, n, 0)[0],  # own_o
        _floats(n, n, 0.0),  # pair_t
        _floats(1, n, 0.0)[0],  # row_t
        _ints(1, n, 0)[0],  # row_j
        _floats(1, N_BALL, 0.0)[0],  # b1
        _floats(1, N_BALL, 0.0)[0],  # b2
        _ints(1, n, 0)[0],  # group
        _floats(n + 1, N_BALL, 0.0),  # group_b
        _ints(1, n, 0)[0],  # touched
        _ints(n * n, 3, 0),  # touches
        _floats(n, N_BALL, 0.0),  # rail_b
        _floats(n, N_BALL, 0.0),  # rail_c
        _floats(2 * n, N_F, 0.0),  # rail_f
        _ints(1, n, 0)[0],  # rail_of
        _ints(1, n, 0)[0],  # rail_ev
        _floats(n, 4, 0.0),  # box
        _floats(n, 2, 0.0),  # final
        _ints(1, n, 0)[0],  # pocket_of
        np.empty((64, 1), np.float64),  # ev_t: 2-D like the other outputs, so one _copy_rows serves all
        np.empty((64, EVENT_INT_COLS), np.int64),  # ev_i
        np.empty((128, SEG_FLOAT_COLS), np.float64),  # seg_f
        np.empty((128, 2), np.int64),  # seg_i
    )


@kernel
def run(pos, cue_v, cue_w, lines, jaws, pockets, p, max_events):  # type: ignore[no-untyped-def]
    """Simulate one shot. ``pos`` (16, 2): centres, NaN for balls not on the table; ball 0 is struck.

    Returns (event times, event ints, segment floats, segment ints, final positions, pocket of each
    ball (-1: none, ``OFF_TABLE_MARK``: off the table), duration, event cap hit).
    """
    return run_in(workspace(pos.shape[0]), pos, cue_v, cue_w, lines, jaws, pockets, p, max_events)


@kernel
def run_in(work, pos, cue_v, cue_w, lines, jaws, pockets, p, max_events):  # type: ignore[no-untyped-def]
    """``run`` in the arrays of ``work`` (from ``workspace``), which may serve shot after shot.

    The returned outputs are ``work``'s own arrays (or larger ones when a shot outgrew them),
    valid until ``work`` serves the next shot. Every array the loop touches but the four outputs
    that grow is a borrowed view (``views.py``) of ``work``'s or of an argument, which the caller
    keeps. The growing outputs stay owned: a doubled one, borrowed, had no owner at all (the view
    holds no reference, so the new array was freed as soon as it was made), and a long shot's segment
    ints were overwritten after it returned (garbage motion codes in a replayed break, one run in a
    few); owned, they cost only the calls of ``_close`` and the sort.
    """
    n = pos.shape[0]
    s, mot, own_t, own_k, own_o, pair_t, row_t, row_j, b1, b2, group, group_b = work[:12]
    touched, touches, rail_b, rail_c, rail_f, rail_of, rail_ev, box, final, pocket_of = work[12:22]
    ev_t, ev_i, seg_f, seg_i = work[22:]  # owned here: they may be replaced by larger ones
    s, mot, own_t, own_k, own_o = borrowed(s), borrowed(mot), borrowed(own_t), borrowed(own_k), borrowed(own_o)
    pair_t, row_t, row_j, b1, b2 = borrowed(pair_t), borrowed(row_t), borrowed(row_j), borrowed(b1), borrowed(b2)
    group, group_b, touched, touches = borrowed(group), borrowed(group_b), borrowed(touched), borrowed(touches)
    rail_b, rail_c, rail_f = borrowed(rail_b), borrowed(rail_c), borrowed(rail_f)
    rail_of, rail_ev, box, final = borrowed(rail_of), borrowed(rail_ev), borrowed(box), borrowed(final)
    pocket_of, pos, cue_v, cue_w = borrowed(pocket_of), borrowed(pos), borrowed(cue_v), borrowed(cue_w)
    lines, jaws, pockets, p = borrowed(lines), borrowed(jaws), borrowed(pockets), borrowed(p)
    _reset(s, mot, own_t, own_k, own_o, pair_t, row_t, row_j, b1, b2, rail_b, rail_of, box, final, pocket_of)
    inner = _inner_box(lines, jaws, pockets, p[R], p[LENGTH], p[WIDTH])
    for i in range(n):
        if not math.isnan(pos[i, 0]):
            b1[BX], b1[BY] = pos[i, 0], pos[i, 1]
            start_segment(s, mot, i, 0.0, b1, STATIONARY, p)
    cue = np.int64(0)  # not a literal (state.py says why)
    b1[BX], b1[BY], b1[BZ] = pos[0, 0], pos[0, 1], 0.0
    b1[BVX], b1[BVY], b1[BVZ] = cue_v[0], cue_v[1], cue_v[2]
    b1[BWX], b1[BWY], b1[BWZ] = cue_w[0], cue_w[1], cue_w[2]
    start_segment(s, mot, cue, 0.0, b1, after_stroke(b1, p), p)  # an elevated cue drives it into the bed
    ev_t[0, 0] = 0.0
    for c in range(EVENT_INT_COLS):
        ev_i[0, c] = -1
    ev_i[0, 0], ev_i[0, 1] = EV_STROKE, cue
    n_ev, n_seg = np.int64(1), np.int64(0)
    for i in range(n):
        if mot[i] >= 0:
            _refresh_own(s, mot, i, 0.0, lines, jaws, pockets, p, own_t, own_k, own_o, box, inner)
    _refresh_pairs(s, mot, cue, 0.0, p, own_t, pair_t, row_t, row_j, box)
    t = 0.0
    cap_hit = False
    while True:
        best, bi, bj = _earliest(own_t, row_t, row_j)
        if best == np.inf:
            break
        if n_ev >= max_events:
            cap_hit = True
            break
        t = best
        if n_ev + 1 >= ev_t.shape[0]:
            ev_t = _copy_rows(ev_t, np.empty((2 * ev_t.shape[0], 1), np.float64))
            ev_i = _copy_rows(ev_i, np.empty((2 * ev_i.shape[0], EVENT_INT_COLS), np.int64))
        if n_seg + n + 2 >= seg_f.shape[0]:
            seg_f = _copy_rows(seg_f, np.empty((2 * seg_f.shape[0], SEG_FLOAT_COLS), np.float64))
            seg_i = _copy_rows(seg_i, np.empty((2 * seg_i.shape[0], 2), np.int64))
        for c in range(EVENT_INT_COLS):
            ev_i[n_ev, c] = -1
        ev_t[n_ev, 0] = t
        k = gather(s, mot, bi, bj, t, p, group) if bj >= 0 and mot[bi] != RAIL and mot[bj] != RAIL else 0
        if k > 2:  # balls in contact collide as one system
            k, q, elapsed = collide(s, mot, group, k, t, p, group_b, touched, touches, lines, jaws, inner)
            t_end = t + elapsed
            while n_ev + q >= ev_t.shape[0]:
                ev_t = _copy_rows(ev_t, np.empty((2 * ev_t.shape[0], 1), np.float64))
                ev_i = _copy_rows(ev_i, np.empty((2 * ev_i.shape[0], EVENT_INT_COLS), np.int64))
            for e in range(q):
                ev_t[n_ev, 0] = t_end
                for c in range(EVENT_INT_COLS):
                    ev_i[n_ev, c] = -1
                ev_i[n_ev, 1], piece = touches[e, 1], -1 - touches[e, 2]
                if piece < 0:
                    ev_i[n_ev, 0], ev_i[n_ev, 2] = EV_BALL_BALL, touches[e, 2]
                elif piece < lines.shape[0]:  # a cushion met within the phase (``cluster._meet_cushion``)
                    ev_i[n_ev, 0], ev_i[n_ev, 3], ev_i[n_ev, 4] = EV_BALL_CUSHION, lines[piece, 6], lines[piece, 7]
                else:
                    piece -= lines.shape[0]
                    ev_i[n_ev, 0], ev_i[n_ev, 3], ev_i[n_ev, 4] = EV_BALL_CUSHION, jaws[piece, 3], jaws[piece, 4]
                n_ev += 1
            while n_seg + 2 * n + 2 >= seg_f.shape[0]:
                seg_f = _copy_rows(seg_f, np.empty((2 * seg_f.shape[0], SEG_FLOAT_COLS), np.float64))
                seg_i = _copy_rows(seg_i, np.empty((2 * seg_i.shape[0], 2), np.int64))
            for a in range(k):
                if touched[a]:
                    in_air = mot[group[a]] == AIRBORNE or group_b[a, BZ] > 0.0
                    t_a = known_from(s, group[a], t)
                    n_seg = _close(s, mot, group[a], t_a, seg_f, seg_i, n_seg)
                    through_contact(s, mot, group[a], t_a, t_end, group_b[a])
                    n_seg = _close(s, mot, group[a], t_end, seg_f, seg_i, n_seg)
                    start_segment(s, mot, group[a], t_end, group_b[a], motion_after(group_b[a], in_air, p), p)
            t = t_end
            for a in range(k):
                if touched[a]:
                    _refresh_own(s, mot, group[a], t, lines, jaws, pockets, p, own_t, own_k, own_o, box, inner)
            for a in range(k):
                if touched[a]:
                    _refresh_pairs(s, mot, group[a], t, p, own_t, pair_t, row_t, row_j, box)
            continue
        if bj >= 0:  # ball-ball
            load_state(s, bi, t, b1)
            load_state(s, bj, t, b2)
            if mot[bi] == RAIL:  # a ball over a rail meets one below it (or on the rail too)
                _rail_at(s, bi, t, rail_f, p, b1)
            if mot[bj] == RAIL:
                _rail_at(s, bj, t, rail_f, p, b2)
            in_air = mot[bi] == AIRBORNE or mot[bj] == AIRBORNE or mot[bi] == RAIL or mot[bj] == RAIL
            resolve_ball_ball(b1, b2, p)
            part_pair(b1, b2, p)
            for k, b in ((bi, b1), (bj, b2)):
                n_seg = _close(s, mot, k, t, seg_f, seg_i, n_seg)
                if mot[k] == RAIL:  # its flight goes on from here, in the same frame
                    rail_resume(b, p, rail_f[k])
                    touch = _rail_plan(k, t, rail_f, rail_b, p)
                    start_segment(s, mot, k, t, b, AIRBORNE, p)
                    _rail_piece(s, mot, k, t, lines, rail_f, rail_b, rail_c, own_t, own_k, own_o, box, p)
                    if ev_t[rail_ev[k], 0] > t:  # it had not touched the rail yet: it does so now, or not at all
                        ev_t[rail_ev[k], 0] = t + touch if touch < np.inf else t
                else:
                    start_segment(s, mot, k, t, b, motion_after(b, in_air, p), p)
            ev_i[n_ev, 0], ev_i[n_ev, 1], ev_i[n_ev, 2] = EV_BALL_BALL, bi, bj
            n_ev += 1
            for k in (bi, bj):
                if mot[k] != RAIL:
                    _refresh_own(s, mot, k, t, lines, jaws, pockets, p, own_t, own_k, own_o, box, inner)
            _refresh_pairs(s, mot, bi, t, p, own_t, pair_t, row_t, row_j, box)
            _refresh_pairs(s, mot, bj, t, p, own_t, pair_t, row_t, row_j, box)
            continue
        i, what, obj = bi, own_k[bi], own_o[bi]
        if what == _OWN_RAIL_STEP:  # the next piece of its flight over a rail (no event)
            n_seg = _close(s, mot, i, t, seg_f, seg_i, n_seg)
            for c in range(N_BALL):
                b1[c] = rail_c[i, c]
            start_segment(s, mot, i, t, b1, AIRBORNE, p)
            _rail_piece(s, mot, i, t, lines, rail_f, rail_b, rail_c, own_t, own_k, own_o, box, p)
            _refresh_pairs(s, mot, i, t, p, own_t, pair_t, row_t, row_j, box)
            continue
        load_state(s, i, t, b1)
        n_seg = _close(s, mot, i, t, seg_f, seg_i, n_seg)
        ev_i[n_ev, 1] = i
        motion, kind = mot[i], EV_BALL_CUSHION
        if (
            what == _OWN_RAIL and obj == BACK and p[RAIL_AT_JAWS] > 0.0 and rail_b[i, BZ] == 0.0
            and not (0.0 <= rail_b[i, BX] <= p[LENGTH] and 0.0 <= rail_b[i, BY] <= p[WIDTH])
        ):  # fmt: skip
            for c in range(N_BALL):  # back down a jaw's face onto the bed over the pocket's mouth: a landing (below)
                b1[c] = rail_b[i, c]
            what, obj = _OWN_TRANSITION, EV_BALL_SLATE
        if what == _OWN_RAIL:  # the end of its flight over a rail: back over the bed (no event), or off the table
            for c in range(N_BALL):
                b1[c] = rail_b[i, c]
            if obj == BACK and ev_t[rail_ev[i], 0] > t:  # off its rail (``_off_its_rail``) before it touched
                n_ev = _drop_event(ev_t, ev_i, n_ev, rail_ev[i], rail_ev)
            k, inside = _over_nose(lines, b1, p) if obj == BACK else (-1, 0.0)
            if k >= 0:  # back from over a jaw's facing (its rail taken as long) above the nose beyond it: over that
                rail_begin(b1, -lines[k, LNX], -lines[k, LNY], 1.0, 0.0, RAIL_WIDTH, -inside, p, rail_f[i])
                touch = _rail_plan(i, t, rail_f, rail_b, p)
                ev_i[n_ev, 3] = int(lines[k, LRAIL])
                if touch == np.inf and rail_f[i, F_OUT] == BACK:  # moving in, it comes back without touching
                    motion, kind = motion_after(b1, True, p), np.int64(-1)
                elif touch == np.inf:
                    motion, kind, pocket_of[i] = OFF_TABLE, EV_BALL_OFF_TABLE, OFF_TABLE_MARK
                else:
                    motion, kind = RAIL, EV_BALL_CUSHION
                    ev_t[n_ev, 0] = t + touch
            elif obj == BACK:
                motion, kind = motion_after(b1, True, p), np.int64(-1)
            else:
                motion, kind, pocket_of[i], ev_i[n_ev, 3] = OFF_TABLE, EV_BALL_OFF_TABLE, OFF_TABLE_MARK, rail_of[i]
        elif what == _OWN_POCKET:
            motion, kind, pocket_of[i], ev_i[n_ev, 3] = POCKETED, EV_BALL_POCKET, obj, obj
        elif what == _OWN_TRANSITION and obj == EV_BALL_SLATE:
            kind = EV_BALL_SLATE
            b1[BZ] = 0.0
            # Down on a pocket's hole, it drops: beyond the noses, through a pocket's mouth (flying over a
            # cushion left the table at once; with the pocket's back, only a ball that crossed the hole's rim
            # above the rail's top gets there), or short of the nose lines over a corner's throat, which the
            # capture circle reaches into (session 26: such a ball landed "on the bed" and slid on off it).
            # Down beyond the noses off the hole, it is past the pocket and off the table.
            k = _nearest(pockets, b1[BX], b1[BY])
            if math.hypot(b1[BX] - pockets[k, CX], b1[BY] - pockets[k, CY]) <= pockets[k, CR] + p[R]:
                motion, kind, pocket_of[i], ev_i[n_ev, 3] = POCKETED, EV_BALL_POCKET, k, k
            elif not (0.0 <= b1[BX] <= p[LENGTH] and 0.0 <= b1[BY] <= p[WIDTH]):
                motion, kind, pocket_of[i] = OFF_TABLE, EV_BALL_OFF_TABLE, OFF_TABLE_MARK
            else:
                motion = motion_after(b1, True, p)
        elif what == _OWN_TRANSITION:
            motion, kind = _settle(b1, mot[i], obj, p)
        else:
            if what == _OWN_LINE:
                nx, ny = -lines[obj, LNX], -lines[obj, LNY]
                ev_i[n_ev, 3], ev_i[n_ev, 4] = int(lines[obj, 6]), int(lines[obj, 7])
            else:
                nx, ny = jaws[obj, CX] - b1[BX], jaws[obj, CY] - b1[BY]
                d = math.hypot(nx, ny)
                nx, ny = nx / d, ny / d
                ev_i[n_ev, 3], ev_i[n_ev, 4] = int(jaws[obj, 3]), int(jaws[obj, 4])
            sin_a = contact_sin(b1[BZ], p)
            touch = np.inf
            nose = what == _OWN_LINE and lines[obj, LJAW] < 0
            if sin_a <= -1.0 and (nose or p[RAIL_AT_JAWS] > 0.0):  # over a nose, or a jaw's facing or point
                e_d, e_u, edge = 1.0, 0.0, RAIL_WIDTH  # the rail behind the nose, or beside the pocket:
                if not nose:
                    e_d, e_u, edge = outer_edge(lines, ev_i[n_ev, 3], b1[BX], b1[BY], nx, ny, p[R])
                rail_begin(b1, nx, ny, e_d, e_u, edge, -p[R], p, rail_f[i])
                touch = _rail_plan(i, t, rail_f, rail_b, p)
            if sin_a <= -1.0 and touch == np.inf:  # its bottom clears the nose and the rail: off the table
                motion, kind, pocket_of[i] = OFF_TABLE, EV_BALL_OFF_TABLE, OFF_TABLE_MARK
            elif sin_a <= -1.0:  # it comes down on the cushion's top or the rail cap: a rail contact
                motion = RAIL
                ev_t[n_ev, 0] = t + touch
            else:
                rebound(b1, nx, ny, sin_a, p)
                motion = motion_after(b1, False, p)
        ev_i[n_ev, 0] = kind
        if kind != EV_SPIN_STOP and kind >= 0:
            n_ev += 1
        if motion == RAIL:  # followed piece by piece until it comes back or leaves (own events)
            rail_of[i], rail_ev[i] = ev_i[n_ev - 1, 3], n_ev - 1
            start_segment(s, mot, i, t, b1, AIRBORNE, p)
            _rail_piece(s, mot, i, t, lines, rail_f, rail_b, rail_c, own_t, own_k, own_o, box, p)
            _refresh_pairs(s, mot, i, t, p, own_t, pair_t, row_t, row_j, box)
            continue
        start_segment(s, mot, i, t, b1, motion, p)
        if motion in (POCKETED, OFF_TABLE):
            own_t[i] = np.inf
        else:
            _refresh_own(s, mot, i, t, lines, jaws, pockets, p, own_t, own_k, own_o, box, inner)
        _refresh_pairs(s, mot, i, t, p, own_t, pair_t, row_t, row_j, box)
    for i in range(n):
        if mot[i] >= 0:
            if mot[i] == RAIL and rail_f[i, F_OUT] == BACK:  # the event cap stopped it over a rail: where it comes back
                final[i, 0], final[i, 1] = rail_b[i, BX], rail_b[i, BY]
            elif mot[i] == RAIL:
                pocket_of[i] = OFF_TABLE_MARK
            elif not _gone(mot[i]):
                x, y, _, _, _, _, _ = state_at(s, i, t)
                final[i, 0], final[i, 1] = x, y
            n_seg = _close(s, mot, i, t, seg_f, seg_i, n_seg)
    _in_time_order(ev_t, ev_i, n_ev)
    final_kept, pocket_of_kept = work[20:22]  # the caller's: not borrowed views
    return (
        ev_t[:n_ev, 0],
        ev_i[:n_ev],
        seg_f[:n_seg],
        seg_i[:n_seg],
        final_kept,
        pocket_of_kept,
        t,
        cap_hit,
    )


@kernel
def _reset(s, mot, own_t, own_k, own_o, pair_t, row_t, row_j, b1, b2, rail_b, rail_of, box, final, pocket_of):  # type: ignore[no-untyped-def]
    """Fill a workspace's arrays for a new shot (those of a contact phase are written before they are read)."""
    n = mot.shape[0]
    for i in range(n):
        for c in range(N_COLS):
            s[i, c] = 0.0
        for c in range(n):
            pair_t[i, c] = np.inf
        for c in range(N_BALL):
            rail_b[i, c] = 0.0
        for c in range(4):
            box[i, c] = 0.0
        mot[i], own_t[i], own_k[i], own_o[i], row_t[i], row_j[i] = -1, np.inf, 0, 0, np.inf, -1
        final[i, 0], final[i, 1], pocket_of[i], rail_of[i] = np.nan, np.nan, -1, 0
    for c in range(N_BALL):
        b1[c] = b2[c] = 0.0


@kernel
def _in_time_order(ev_t, ev_i, n_ev):  # type: ignore[no-untyped-def]
    """Sort the first ``n_ev`` events by time, keeping the order of equal times (an insertion sort).

    A group of balls in contact writes its events when its contact phase ends (``resolve/cluster.py``),
    after any event another ball had meanwhile; sorting here, once, gives ``ShotResult`` and
    ``simulate_many``'s outcomes the same order. The record is almost sorted, so this is nearly free.
    """
    for k in range(1, n_ev):  # an event out of order moves down by swaps (no buffer to allocate per shot)
        j = k
        while j > 0 and ev_t[j - 1, 0] > ev_t[j, 0]:
            ev_t[j, 0], ev_t[j - 1, 0] = ev_t[j - 1, 0], ev_t[j, 0]
            for c in range(ev_i.shape[1]):
                ev_i[j, c], ev_i[j - 1, c] = ev_i[j - 1, c], ev_i[j, c]
            j -= 1


@kernel
def _nearest(pockets, x, y):  # type: ignore[no-untyped-def]
    """The pocket whose capture circle's centre is nearest to (x, y)."""
    best, k_best = np.inf, np.int64(0)
    for k in range(pockets.shape[0]):
        d = (pockets[k, CX] - x) ** 2 + (pockets[k, CY] - y) ** 2
        if d < best:
            best, k_best = d, k
    return k_best


@kernel
def _plainly_valid(pos, r, length, width, tol):  # type: ignore[no-untyped-def]
    """True when every ball on the table lies in [R, L - R] x [R, W - R] and no two overlap.

    A fast, sufficient version of ``Layout.problems() == []`` (such balls are on
    the bed, ``equipment.on_playing_surface``): only a layout it does not pass
    goes through the full check, so validating costs a microsecond, not a hundred.
    """
    n = pos.shape[0]
    for i in range(n):
        x, y = pos[i, 0], pos[i, 1]
        if math.isnan(x):
            continue
        if not (r - tol <= x <= length - r + tol and r - tol <= y <= width - r + tol):
            return False
        for j in range(i):
            if not math.isnan(pos[j, 0]) and math.hypot(x - pos[j, 0], y - pos[j, 1]) < 2.0 * r - tol:
                return False
    return True


_DEFAULT_PARAMS = PhysicsParams()


def simulate(
    layout: Layout, stroke: Stroke, table: TableSpec | None = None, params: PhysicsParams | None = None
) -> ShotResult:
    """Strike the cue ball of ``layout`` with ``stroke`` and follow every ball until all rest.

    Bad input raises one ``ValueError`` naming the field: no cue ball on the
    table, balls off the cloth or overlapping, a stroke beyond the miscue
    limit, a ``table`` that is not the layout's.

    >>> from poolhall import Layout, Stroke
    >>> layout = Layout.from_positions({0: (0.635, 0.635), 1: (1.905, 0.635)})
    >>> [e.kind for e in simulate(layout, Stroke(speed=2.0, phi=0.0)).events][:2]
    ['stroke', 'sliding-rolling']
    """
    table = checked_layout(layout, table)
    params = _DEFAULT_PARAMS if params is None else params
    velocity, spin = checked_strike(stroke, table, params)
    return launched(layout, velocity, spin, table, params)


def launched(
    layout: Layout, velocity: Sequence[float], spin: Sequence[float], table: TableSpec, params: PhysicsParams
) -> ShotResult:
    """Every ball of ``layout`` followed until all rest, the cue ball starting at ``velocity`` (3-vector) with
    ``spin``: ``simulate`` after the cue's strike, for checks that start a ball in a known state without one
    (``benchmarks/break_constants.py``). The layout is not checked."""
    lines, jaws, pockets = table_arrays(table)
    out = run(
        layout.positions, np.array(velocity), np.array(spin), lines, jaws, pockets, param_vector(table, params),
        params.max_events,
    )  # fmt: skip
    return build_result(layout, out)


def checked_layout(layout: Layout, table: TableSpec | None, field: str = "layout") -> TableSpec:
    """The table ``layout`` is played on, or one ``ValueError`` naming ``field`` (``simulate``'s layout checks)."""
    if not isinstance(layout, Layout):
        raise ValueError(f"{field}: expected a Layout, got {type(layout).__name__}")
    table = layout.table if table is None else table
    if table != layout.table:
        raise ValueError(f"table: the {field} is on a {layout.table.name} table, not {table.name}")
    if layout.position(CUE) is None:
        raise ValueError(f"{field}: the cue ball (0) is not on the table")
    ball = table.ball
    if not _plainly_valid(layout.positions, ball.radius, table.length, table.width, CONTACT_TOLERANCE):
        problems = layout.problems()  # the full check (a ball in the jaws) and the words
        if problems:
            raise ValueError(f"{field}: " + "; ".join(problems))
    return table


def checked_strike(
    stroke: Stroke, table: TableSpec, params: PhysicsParams, field: str = "stroke"
) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The cue ball's velocity and spin from ``stroke``, or one ``ValueError`` naming ``field``."""
    problem = stroke_problem(stroke, params)
    if problem:
        raise ValueError(f"{field}: {problem}")
    return cue_strike(stroke, table.ball, params)


def stroke_problem(stroke: object, params: PhysicsParams) -> str | None:
    """Why ``simulate`` refuses ``stroke`` (not a ``Stroke``, a tip offset beyond the miscue limit), or None."""
    if not isinstance(stroke, Stroke):
        return f"expected a Stroke, got {type(stroke).__name__}"
    if (stroke.a**2 + stroke.b**2) ** 0.5 > params.miscue_limit + 1e-12:
        return f"tip offset beyond the miscue limit {params.miscue_limit}"
    return None
