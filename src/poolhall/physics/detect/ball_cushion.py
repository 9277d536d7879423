"""When a ball reaches a cushion or drops: straight pieces (quadratic roots), circles (quartic roots).

A straight piece with free-side normal n and start a is reached when the
gap n.(p(t) - a) - R falls to zero -- a quadratic -- with the contact inside
the piece's extent. A jaw point (centre c, radius rho) is reached when
|p(t) - c|^2 - (R + rho)^2 falls to zero -- a quartic; a pocket's capture
circle (radius rho) when |p(t) - c|^2 - rho^2 does (the centre enters it).
A ball in the air drops only where it comes down, or where it meets a
pocket's back (``back_time``): its centre leaves the hole's rim beyond the
noses with its bottom below the rail's top.

A ball on the cloth found already pressed into a cushion piece or a jaw point
(deeper than the touching tolerance, up to ``sunk``) and moving further in
meets it now. Only a contact phase leaves a ball so (``resolve/cluster.py``
integrates the balls and meets the cushion after the phase, so a ball frozen
to a cushion ends the phase up to a few tenths of a millimetre into it);
without this rule the ball was taken to be on the far side of the piece and
rolled on through the rail, off the cloth but still "on the table".
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.detect.roots import first_entry
from poolhall.physics.state import EPS_SUNK, EPS_V, inline_kernel, kernel

# columns of the lines array: start, end, free normal, rail index, pocket index (-1: not a jaw)
LX0, LY0, LX1, LY1, LNX, LNY, LRAIL, LJAW = range(8)
# columns of the circles array (jaw points and pocket capture circles): centre, radius, rail, pocket
CX, CY, CR, CRAIL, CPOCKET = range(5)


@inline_kernel
def nose_place(lines, k, x, y):  # type: ignore[no-untyped-def]
    """Where the point (x, y) lies against row ``k`` of the lines array: (along, inside), its place along the
    piece (0 at its start, 1 at its end, the point projected on the piece's line) and its distance in front of
    that line (on the table's side; negative behind it).

    The checks that ask whether a ball is over a rail or at a cushion outside the event loop's solver
    (``simulate._off_its_rail``, ``simulate._over_nose``, ``cluster._meet_cushion``) share it. Inlined, so a
    call passes no array through a compiled call (see ``line_time``).
    """
    x0, y0 = lines[k, LX0], lines[k, LY0]
    ex, ey = lines[k, LX1] - x0, lines[k, LY1] - y0
    along = ((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey)
    inside = (x - x0) * lines[k, LNX] + (y - y0) * lines[k, LNY]
    return along, inside


@kernel
def line_time(
    x: float, y: float, vx: float, vy: float, ax: float, ay: float, x0: float, y0: float, x1: float, y1: float,
    nx: float, ny: float, radius: float, horizon: float, reach: float, sunk: float,
) -> float:  # fmt: skip
    """Time from now until the ball touches the straight piece (x0, y0)-(x1, y1) with free normal (nx, ny).

    inf if not within ``horizon``. ``reach`` bounds how far the ball travels within ``horizon``
    (``evolve.travel_bound``): a piece farther than that (the piece itself, not its line) is ruled
    out without solving. The piece comes as scalars (a row of the lines array, columns L*): a
    compiled call with an array argument counts references to it, atomically, at every call.
    """
    ex, ey = x1 - x0, y1 - y0
    along_now = ((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey)
    along = min(max(along_now, 0.0), 1.0)
    qx, qy = x - x0 - along * ex, y - y0 - along * ey
    if qx * qx + qy * qy > (radius + reach) * (radius + reach):
        return np.inf
    gap = nx * (x - x0) + ny * (y - y0) - radius
    if -sunk < gap < -EPS_SUNK and nx * vx + ny * vy < -EPS_V and 0.0 <= along_now <= 1.0:
        return 0.0  # pressed into the piece and moving further in (module docstring)
    tau = first_entry(gap, nx * vx + ny * vy, 0.5 * (nx * ax + ny * ay), 0.0, 0.0, horizon, 1.0)
    if tau == np.inf:
        return tau
    px = x + (vx + 0.5 * ax * tau) * tau - x0
    py = y + (vy + 0.5 * ay * tau) * tau - y0
    along = (px * ex + py * ey) / (ex * ex + ey * ey)
    return tau if 0.0 <= along <= 1.0 else np.inf


@kernel
def circle_time(
    x: float, y: float, vx: float, vy: float, ax: float, ay: float, cx: float, cy: float, radius: float,
    horizon: float, reach: float, sunk: float,
) -> float:  # fmt: skip
    """Time from now until the ball's centre comes within ``radius`` of (cx, cy) (inf if not within ``horizon``).

    ``reach`` and ``sunk`` as for ``line_time`` (``sunk`` 0 for a capture circle, which is no barrier).
    """
    dx, dy = x - cx, y - cy
    if dx * dx + dy * dy > (radius + reach) * (radius + reach):
        return np.inf
    c0 = dx * dx + dy * dy - radius * radius
    c1 = 2.0 * (dx * vx + dy * vy)
    if c0 < 0.0 and sunk > 0.0 and c1 < -2.0 * radius * EPS_V:
        inside = radius - np.sqrt(dx * dx + dy * dy)
        if EPS_SUNK < inside < sunk:
            return 0.0  # pressed into a jaw point and moving further in (module docstring)
    c2 = vx * vx + vy * vy + dx * ax + dy * ay
    c3 = vx * ax + vy * ay
    c4 = 0.25 * (ax * ax + ay * ay)
    return first_entry(c0, c1, c2, c3, c4, horizon, 2.0 * radius)  # d(|d|^2 - radius^2) = 2 radius d(gap)


@kernel
def back_time(
    x: float, y: float, vx: float, vy: float, z: float, vz: float, az: float, cx: float, cy: float, radius: float,
    top: float, length: float, width: float, horizon: float,
) -> float:  # fmt: skip
    """Time from now until a ball in the air meets a pocket's back: its centre leaves the circle of ``radius``
    about (cx, cy) beyond the cushion noses' lines (outside [0, ``length``] x [0, ``width``]: the half of the
    hole's rim away from the table) with its bottom (``z`` + ``vz`` t + ``az`` t^2 / 2 above the bed) below
    ``top``.

    inf if its straight horizontal path (no horizontal force in the air) does not leave the circle there
    within ``horizon``, or leaves it at or above ``top`` (it clears the back). The later root of
    |d + v t|^2 = radius^2, in the form without cancellation.
    """
    dx, dy = x - cx, y - cy
    a = vx * vx + vy * vy
    b = 2.0 * (dx * vx + dy * vy)
    c = dx * dx + dy * dy - radius * radius
    disc = b * b - 4.0 * a * c
    if a == 0.0 or disc <= 0.0:
        return np.inf
    root = np.sqrt(disc)
    tau = 2.0 * c / -(b + root) if b >= 0.0 else (root - b) / (2.0 * a)
    if not 0.0 <= tau <= horizon or z + (vz + 0.5 * az * tau) * tau >= top:
        return np.inf
    if 0.0 <= x + vx * tau <= length and 0.0 <= y + vy * tau <= width:
        return np.inf  # it leaves the hole back toward the table
    return tau
