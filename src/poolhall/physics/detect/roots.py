"""Real roots of polynomials of degree <= 4 on an interval, by derivative splitting.

Between consecutive real roots of p' the polynomial p is monotone, so each
such piece holds at most one root, and a sign change brackets it. The roots
of p' come the same way from p'' (degree <= 2, closed form). Each bracketed
root is polished by Newton steps kept inside the bracket (bisection when a
step leaves it), to full double precision. Unlike Ferrari's closed form this
never loses a root to cancellation and never reports one outside the
interval; the earliest root is the first bracket in time order.

Coefficients are scalars in increasing order, p(x) = c0 + c1 x + ... + c4 x^4
(scalars and tuples keep the compiled code free of heap allocations).
"""

from __future__ import annotations

import math

from poolhall.physics.state import EPS_GAP, EPS_PRESS, EPS_SUNK, EPS_V, kernel

_INF = math.inf


@kernel
def poly_eval(c0: float, c1: float, c2: float, c3: float, c4: float, x: float) -> float:
    return (((c4 * x + c3) * x + c2) * x + c1) * x + c0


@kernel
def _polish(c0: float, c1: float, c2: float, c3: float, c4: float, lo: float, hi: float, f_lo: float) -> float:
    """The root of p in [lo, hi], where p(lo) = f_lo and p(hi) differ in sign."""
    x = 0.5 * (lo + hi)
    for _ in range(200):
        fx = poly_eval(c0, c1, c2, c3, c4, x)
        if fx == 0.0:
            return x
        if (fx < 0.0) == (f_lo < 0.0):
            lo = x
        else:
            hi = x
        d = ((4.0 * c4 * x + 3.0 * c3) * x + 2.0 * c2) * x + c1
        nx = x - fx / d if d != 0.0 else 0.5 * (lo + hi)
        if not (lo < nx < hi):
            nx = 0.5 * (lo + hi)
        if nx == x or hi - lo <= 4e-16 * max(abs(lo), abs(hi), 1e-300):
            return nx
        x = nx
    return x


@kernel
def _quadratic_roots(a: float, b: float, c: float, lo: float, hi: float) -> tuple[int, float, float]:
    """Real roots of a x^2 + b x + c in (lo, hi), sorted: (count, r1, r2)."""
    if a == 0.0:
        if b != 0.0:
            x = -c / b
            if lo < x < hi:
                return 1, x, _INF
        return 0, _INF, _INF
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, _INF, _INF
    q = -0.5 * (b + math.copysign(math.sqrt(disc), b))  # the cancellation-free form
    r1 = q / a
    r2 = c / q if q != 0.0 else r1
    if r1 > r2:
        r1, r2 = r2, r1
    n = 0
    out1 = out2 = _INF
    if lo < r1 < hi:
        out1, n = r1, 1
    if r2 != r1 and lo < r2 < hi:
        if n == 0:
            out1, n = r2, 1
        else:
            out2, n = r2, 2
    return n, out1, out2


@kernel
def _critical_points(
    c0: float, c1: float, c2: float, c3: float, c4: float, lo: float, hi: float
) -> tuple[int, float, float, float]:
    """Roots of p' in (lo, hi), sorted: p' is split at the roots of p'' (closed form)."""
    d0, d1, d2, d3 = c1, 2.0 * c2, 3.0 * c3, 4.0 * c4
    n2, s1, s2 = _quadratic_roots(3.0 * d3, 2.0 * d2, d1, lo, hi)
    # the roots in scalars, not a list: a numba list is a heap object, allocated and reference-counted
    # (atomically) at every use, which cost more than the arithmetic here
    n = 0
    r0 = r1 = r2 = _INF
    a, fa = lo, poly_eval(d0, d1, d2, d3, 0.0, lo)
    for k in range(n2 + 1):
        b = (s1 if k == 0 else s2) if k < n2 else hi
        fb = poly_eval(d0, d1, d2, d3, 0.0, b)
        root = _INF
        if fb == 0.0 and b < hi:
            root = b
        elif fa != 0.0 and (fa < 0.0) != (fb < 0.0):
            root = _polish(d0, d1, d2, d3, 0.0, a, b, fa)
        if root != _INF:
            r0, r1, r2 = _put(n, root, r0, r1, r2)
            n += 1
        a, fa = b, fb
    return n, r0, r1, r2


@kernel
def real_roots(
    c0: float, c1: float, c2: float, c3: float, c4: float, lo: float, hi: float
) -> tuple[int, float, float, float, float]:
    """All real roots of the quartic (or lower) in the open interval (lo, hi), sorted: (count, r1..r4).

    A root of even multiplicity counts only when p is exactly zero there in
    floating point (a graze: p touches zero without crossing).
    """
    nc, k1, k2, k3 = _critical_points(c0, c1, c2, c3, c4, lo, hi)
    r0 = r1 = r2 = r3 = _INF
    n, last = 0, _INF
    a, fa = lo, poly_eval(c0, c1, c2, c3, c4, lo)
    for k in range(nc + 1):
        b = (k1 if k == 0 else (k2 if k == 1 else k3)) if k < nc else hi
        fb = poly_eval(c0, c1, c2, c3, c4, b)
        root = _INF
        if fb == 0.0 and b < hi:
            if n == 0 or last != b:
                root = b
        elif fa != 0.0 and (fa < 0.0) != (fb < 0.0):
            root = _polish(c0, c1, c2, c3, c4, a, b, fa)
        if root != _INF:
            if n == 3:
                r3 = root
            else:
                r0, r1, r2 = _put(n, root, r0, r1, r2)
            n, last = n + 1, root
        a, fa = b, fb
    return n, r0, r1, r2, r3


@kernel
def _put(n: int, x: float, r0: float, r1: float, r2: float) -> tuple[float, float, float]:
    """(r0, r1, r2) with entry ``n`` (0-2) set to ``x``."""
    if n == 0:
        return x, r1, r2
    if n == 1:
        return r0, x, r2
    return r0, r1, x


@kernel
def first_entry(c0: float, c1: float, c2: float, c3: float, c4: float, horizon: float, scale: float) -> float:
    """The earliest time in [0, horizon] at which p (a signed gap) falls to a contact; inf when none.

    ``p(t) > 0`` means apart; ``scale`` is dp / d(gap in metres) at contact (1
    for a plane, 2 (R1 + R2) for a squared distance), which turns the
    tolerances of ``state.py`` into p's units. Apart (p > EPS_GAP): the first
    time p falls to zero. Touching (p within EPS_GAP above and EPS_SUNK below
    zero, overlap by rounding or a pressing wait included): the gap is measured
    from its present value, so no closing motion is missed however small p is --
    - closing faster than EPS_V: contact now;
    - pressed together (neither closing nor parting faster than EPS_V, but
      accelerating together): contact once p has sunk EPS_PRESS below its
      present value (a sub-nanometre wait, so a pressing contact never repeats
      at the same instant);
    - parting: contact when p comes back down to its present value, the first
      falling root of (p(t) - p(0)) / t.
    Further below zero (the far side of a line through a jaw facing): only a
    later crossing from above counts.
    """
    if c0 > scale * EPS_GAP or c0 < -scale * EPS_SUNK:
        return _first_fall(c0, c1, c2, c3, c4, horizon, False)
    if c1 < -scale * EPS_V:
        return 0.0
    if c1 <= scale * EPS_V and c2 < 0.0:
        return _first_fall(scale * EPS_PRESS, c1, c2, c3, c4, horizon, False)
    return _first_fall(c1, c2, c3, c4, 0.0, horizon, True)


@kernel
def _first_fall(c0: float, c1: float, c2: float, c3: float, c4: float, horizon: float, parting: bool) -> float:
    """The earliest t in (0, horizon] at which p falls from above zero to zero.

    ``parting``: p(0) counts as above zero even when rounding put it at or just
    below; if p then rises but stays at or below zero up to its peak, the peak
    is the contact.
    """
    if not horizon > 0.0:
        return _INF
    nc, k1, k2, k3 = _critical_points(c0, c1, c2, c3, c4, 0.0, horizon)
    a, fa = 0.0, c0
    for k in range(nc + 1):
        b = (k1 if k == 0 else (k2 if k == 1 else k3)) if k < nc else horizon
        fb = poly_eval(c0, c1, c2, c3, c4, b)
        if fb <= 0.0:
            if fa > 0.0:
                return b if fb == 0.0 else _polish(c0, c1, c2, c3, c4, a, b, fa)
            if parting and k == 0 and k < nc:
                return b
        a, fa = b, fb
    return _INF
