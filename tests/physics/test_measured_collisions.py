"""Ball-ball collisions against the measured shots of Mathavan, Jackson & Parkin (2009).

Their Table I (Am. J. Phys. 77(9), 788-794, doi:10.1119/1.3157159): five snooker shots filmed from above at
0.94-1.73 m/s, a rolling cue ball into a resting object ball, the speeds measured once each ball has
finished sliding (velocity accuracy about 0.011 m/s, 1-2 % of these speeds) and the cue ball's direction
from its incoming line. ``benchmarks/break_constants.py`` plays them with our balls at the same speeds and
cut angles (issue 14's sixth round, docs/physics.md): the restitution e_ball = 0.95 and TP A.14's friction
law decide both balls' speeds, so this guards the two constants the break's spread rests on against a
measurement, not against our own numbers.
"""

from __future__ import annotations

import statistics

import pytest

from bench_scripts import benchmark


@pytest.fixture(scope="module")
def shots() -> list[dict[str, float]]:
    return benchmark("break_constants").collisions()  # type: ignore[no-any-return]


def test_the_object_ball_leaves_as_fast_as_measured(shots: list[dict[str, float]]) -> None:
    """Each object ball's rolling speed within 7 % of the measured one (shot 2 is 5-6 % slow at any
    restitution in Alciatore's 0.92-0.98: the measurements' own scatter), and on average within 3 % (about
    two standard errors of the five shots). Ours is 2.1 % slow on average; a restitution of 0.92 would be
    3.6 % slow and 0.89 (Mathavan 2014's fit within their own model) 5.1 %, both failing; 0.98 is 0.6 %."""
    errors = [s["ob_speed"] / s["ob_measured"] - 1 for s in shots]
    assert all(abs(e) < 0.07 for e in errors), errors
    assert abs(statistics.mean(errors)) < 0.03, errors


def test_the_cue_ball_leaves_as_fast_and_as_wide_as_measured(shots: list[dict[str, float]]) -> None:
    """The cue ball's rolling speed within 3 % and its direction within 4 degrees of the measured ones.
    Shot 1's measured speed (0.816 m/s) is 12 % below even the ideal elastic, frictionless value (0.931;
    Wallace & Schroeder 1988, the paper's own "theoretical" column) and below the authors' own model
    (0.914): an outlier of the measurement, left out of the speed check."""
    for s in shots[1:]:
        assert s["cb_speed"] == pytest.approx(s["cb_measured"], rel=0.03), s
    for s in shots:
        assert s["cb_angle"] == pytest.approx(s["cb_angle_measured"], abs=4.0), s
