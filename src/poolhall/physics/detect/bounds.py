"""Boxes around a ball's path, to rule out cushions, pockets and balls it cannot meet before any root is solved.

A ball's centre within one segment moves on x(t) = x + v t + a t^2 / 2 in
each coordinate, so over a horizon it stays inside the box spanned by its
two ends and the parabola's vertex (``span_of``). A contact needs the centre
within a radius of what it meets: a cushion piece, a jaw point, a pocket's
capture circle, or another ball inside that ball's own box. Where the boxes,
widened by that radius, are apart, the exact solve (``roots.first_entry``)
would find no contact either. The event loop keeps each ball's box up to its
next own event (``simulate._refresh_own``), so a pair is most often ruled out
without even computing the other ball's state. Each box is widened by
``BOX_SLACK``, far above the rounding of positions of a few metres, so a box
rules out only what the exact solve would also find apart, and the results
stay bit for bit those of solving every candidate (``tests/physics/test_pruning.py``).
"""

from __future__ import annotations

import numpy as np

from poolhall.physics.state import inline_kernel

#: Slack (m) on every box: about 1e10 times the rounding of a position on a table of metres.
BOX_SLACK = 1e-6


@inline_kernel
def span_of(x: float, v: float, a: float, horizon: float) -> tuple[float, float]:
    """The range of x + v t + a t^2 / 2 over t in [0, horizon], widened by ``BOX_SLACK`` (all of R if unbounded)."""
    if not horizon < np.inf:
        return -np.inf, np.inf
    end = x + (v + 0.5 * a * horizon) * horizon
    lo, hi = min(x, end), max(x, end)
    if a != 0.0:
        turn = -v / a
        if 0.0 < turn < horizon:  # the parabola's vertex
            xt = x + (v + 0.5 * a * turn) * turn
            lo, hi = min(lo, xt), max(hi, xt)
    return lo - BOX_SLACK, hi + BOX_SLACK


@inline_kernel
def apart(
    xlo: float, xhi: float, ylo: float, yhi: float, x0: float, x1: float, y0: float, y1: float, gap: float
) -> bool:
    """The box [xlo, xhi] x [ylo, yhi] is more than ``gap`` from the box spanned by (x0, y0) and (x1, y1).

    False whenever a bound is NaN: only a clear separation rules anything out.
    """
    return xhi + gap < min(x0, x1) or xlo - gap > max(x0, x1) or yhi + gap < min(y0, y1) or ylo - gap > max(y0, y1)
