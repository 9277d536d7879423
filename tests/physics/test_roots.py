"""The polynomial root finder against 50-digit mpmath roots (pooltool's tests/ptmath/roots approach)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from poolhall.physics.detect.roots import first_entry, real_roots
from poolhall.physics.state import EPS_PRESS

mpmath.mp.dps = 50


def _mp_real_roots(c: list[float], lo: float, hi: float) -> list[float]:
    coeffs = [mpmath.mpf(x) for x in c]
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    roots = mpmath.polyroots(coeffs, maxsteps=500, extraprec=500, asc=True)
    out = [float(mpmath.re(z)) for z in roots if abs(mpmath.im(z)) < mpmath.mpf(10) ** -30]
    return sorted(x for x in out if lo < x < hi)


def _from_roots(roots: list[float], scale: float) -> list[float]:
    """Coefficients (increasing order) of scale * prod(x - r)."""
    poly = np.poly1d([scale])
    for r in roots:
        poly = poly * np.poly1d([1.0, -r])
    c = list(poly.coeffs[::-1])
    return c + [0.0] * (5 - len(c))


@pytest.mark.slow  # a thousand quartics against mpmath
def test_random_quartics_match_mpmath() -> None:
    """1000 quartics with real roots spread over [0, 10]: every root in (0, 10) found, to 1e-9 relative.

    The coefficients are rounded to doubles, so the reference roots are those
    of the rounded polynomial (mpmath at 50 digits); a simple root of a
    well-separated quartic is then recovered to a few ulps times its condition
    number, far inside 1e-9.
    """
    rng = np.random.default_rng(7)
    for _ in range(1000):
        n_real = int(rng.integers(0, 5))
        roots = sorted(rng.uniform(-2, 10, n_real).tolist())
        c = _from_roots(roots, float(rng.uniform(0.1, 10)))
        if n_real <= 2:  # add a complex pair (x - p)^2 + q^2 to keep degree 4
            p, q = rng.uniform(-2, 10), rng.uniform(0.1, 3)
            poly = np.poly1d(c[::-1][-(n_real + 1) :]) * np.poly1d([1.0, -2 * p, p * p + q * q])
            c = list(poly.coeffs[::-1]) + [0.0] * (5 - len(poly.coeffs))
        expected = _mp_real_roots(c, 0.0, 10.0)
        n, *found = real_roots(*c[:5], 0.0, 10.0)
        got = found[:n]
        assert len(got) == len(expected), (c, got, expected)
        for g, e in zip(got, expected, strict=True):
            assert g == pytest.approx(e, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(
    "roots",
    [
        [1.0, 1.0 + 1e-6, 3.0, 4.0],  # a close pair
        [1e-9, 2.0, 5.0, 7.0],  # a root right after zero (a collision a nanosecond away)
        [0.5, 0.5 + 1e-4, 0.5 + 2e-4, 9.0],  # a cluster of three
        [1e-3, 1e3, 2e3, 3e3],  # widely spread
    ],
)
def test_pathological_quartics(roots: list[float]) -> None:
    c = _from_roots(roots, 1.0)
    expected = _mp_real_roots(c, 0.0, 1e4)
    n, *found = real_roots(*c[:5], 0.0, 1e4)
    assert n == len(expected)
    for g, e in zip(found[:n], expected, strict=True):
        assert g == pytest.approx(e, rel=1e-6, abs=1e-12)


def test_first_entry_is_the_earliest_falling_root_and_never_in_the_past() -> None:
    # (t - 1)(t - 2)(t - 3)(t - 4): positive at 0, falls through zero at 1 and 3
    c = _from_roots([1.0, 2.0, 3.0, 4.0], 1.0)
    assert first_entry(*c, 10.0, 1.0) == pytest.approx(1.0, rel=1e-15)
    assert first_entry(*c, 0.5, 1.0) == math.inf  # beyond the horizon
    # far below zero (the far side of a line), rising at 1 and falling at 2: only the crossing from above counts
    neg = [-x for x in c]
    assert first_entry(*neg, 10.0, 1.0) == pytest.approx(2.0, rel=1e-14)


def test_touching_things_moving_apart_make_no_zero_time_event() -> None:
    # gap 0 now, opening at 1 m/s: no event at t = 0, none later
    assert first_entry(0.0, 1.0, 0.0, 0.0, 0.0, 10.0, 1.0) == math.inf
    # gap 0, closing: the event is now
    assert first_entry(0.0, -1.0, 0.0, 0.0, 0.0, 10.0, 1.0) == 0.0
    # gap 0, opening but pulled back by a constant acceleration: returns at t = 2
    assert first_entry(0.0, 1.0, -0.5, 0.0, 0.0, 10.0, 1.0) == pytest.approx(2.0, rel=1e-14)


def test_a_touching_gap_is_measured_from_its_present_value() -> None:
    """Overlapping by rounding, parting slower than it is pulled back: the return to the present gap is found.

    p = -1e-12 + 1e-6 t - t^2 never rises above zero, so a search for a zero
    crossing alone would miss the contact and let the bodies sink into each other.
    """
    assert first_entry(-1e-12, 1e-6, -1.0, 0.0, 0.0, 10.0, 1.0) == pytest.approx(1e-6, rel=1e-9)


def test_a_pressing_contact_waits_until_it_has_sunk_press_deeper() -> None:
    """Touching, no closing speed, accelerating together: the contact comes when p has fallen by ``press``."""
    tau = first_entry(0.0, 0.0, -0.5, 0.0, 0.0, 10.0, 1.0)
    assert tau == pytest.approx(math.sqrt(EPS_PRESS / 0.5), rel=1e-12)
