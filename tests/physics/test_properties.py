"""Hypothesis properties over random layouts and strokes, and Box2D-style determinism."""

from __future__ import annotations

import hashlib
import itertools
import math

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st
from phys_shots import TABLE, R, break_layout, in_contact_phase, kinetic_energy

from poolhall import Layout, PhysicsParams, Stroke, simulate
from poolhall.equipment import on_playing_surface

SCALE_TOL = 1e-9 * TABLE.length  # overlap tolerance: 1e-9 of the table's size


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """2-8 balls at random non-overlapping places on the cloth (some frozen to rails or each other)."""
    n = draw(st.integers(2, 8))
    placed: dict[int, tuple[float, float]] = {}
    for ball in range(n):
        for _ in range(20):
            x = draw(st.floats(R, TABLE.length - R))
            y = draw(st.floats(R, TABLE.width - R))
            if all(math.dist((x, y), q) >= 2 * R for q in placed.values()):
                placed[ball] = (x, y)
                break
    if 0 not in placed:
        placed[0] = (TABLE.length / 4, TABLE.width / 2)
    return Layout.from_positions(placed, TABLE)


strokes = st.builds(
    Stroke,
    speed=st.floats(0.05, 8.0),
    phi=st.floats(-math.pi, math.pi),
    theta=st.floats(0.0, 1.2),
    a=st.floats(-0.35, 0.35),
    b=st.floats(-0.35, 0.35),
)


#: Issue 14's hard, slightly elevated strokes (cue speed 6-10 m/s, under 6 degrees): balls hop, meet others
#: along tilted lines of centres, fly over cushions, come down on the rail or leave the table.
hard_strokes = st.builds(
    Stroke,
    speed=st.floats(6.0, 10.0),
    phi=st.floats(-math.pi, math.pi),
    theta=st.floats(0.0, math.radians(6.0)),
    a=st.floats(-0.35, 0.35),
    b=st.floats(-0.35, 0.35),
)


@settings(max_examples=60, deadline=None)
@given(layouts(), strokes)
def test_every_shot_ends_sound(layout: Layout, stroke: Stroke) -> None:
    """It ends; no NaN; no overlap (in 3-D) at any event; every ball ends on the bed, in a pocket or off the
    table, never inside a cushion; energy (with the height of balls in the air) never rises."""
    _assert_sound(layout, stroke)


@settings(max_examples=200, deadline=None)  # about 2 % of these strokes send a ball onto a rail
@given(layouts(), hard_strokes)
@example(  # session 21's CI: a subnormal side offset gave ball 2, frozen to the rail and thrown up, a subnormal
    # approach to the nose, and Mathavan's impact divided 0 by 0 (NaN) at the end of its compression
    Layout.from_positions(
        {0: (0.25, R), 1: (1.0, 0.5), 2: (1.0, R), 3: (1.5, 1.0), 4: (1.0, 1.0), 5: (0.5, 1.0), 6: (2.0, 1.0)}
    ),
    Stroke(speed=10.0, phi=0.0, theta=0.0625, a=-2.2250738585e-313, b=0.0),
)
def test_every_hard_elevated_shot_ends_sound(layout: Layout, stroke: Stroke) -> None:
    """The same properties for the strokes that send balls into the air and over the rails (issue 14)."""
    _assert_sound(layout, stroke)


def _assert_sound(layout: Layout, stroke: Stroke) -> None:
    result = simulate(layout, stroke)
    assert not result.event_cap_hit
    assert math.isfinite(result.duration)
    times = [e.time for e in result.events]
    assert times == sorted(times) and times[0] == 0.0
    energy_before = math.inf
    for t in times[1:]:
        states = result.state_at(t)
        on = [(b, (*s.position, s.z)) for b, s in states.items() if s.motion not in ("pocketed", "off-table")]
        for _, pos in on:
            assert all(math.isfinite(v) for v in pos)
        for (a, pa), (b, pb) in itertools.combinations(on, 2):
            pressed = states[a].motion == states[b].motion == "contact"  # compressed into each other
            over_rail = "rail" in (states[a].motion, states[b].motion)  # a recorded path, not its bounces
            assert pressed or over_rail or math.dist(pa, pb) >= 2 * R - SCALE_TOL, (a, b, t)
        if in_contact_phase(result, t):  # part of the energy is elastic: compared across the phase instead
            continue
        energy = kinetic_energy(result, t)
        assert energy <= energy_before * (1 + 1e-12) + 1e-15, t
        energy_before = energy
    for ball in result.final.on_table:
        assert on_playing_surface(TABLE, *result.final.position(ball)), ball
    ends = [set(result.final.on_table), set(result.final.pocketed), set(result.final.off_table)]
    assert set.union(*ends) == set(layout.on_table) and sum(map(len, ends)) == len(layout.on_table)
    for ball, segs in result.segments.items():  # contiguous from 0 to the end
        assert segs[0].t0 == 0.0 and segs[-1].t1 == result.duration, ball
        assert all(a.t1 == b.t0 for a, b in itertools.pairwise(segs)), ball


@settings(max_examples=20, deadline=None)
@given(layouts(), strokes)
def test_same_input_same_result(layout: Layout, stroke: Stroke) -> None:
    first, second = simulate(layout, stroke), simulate(layout, stroke)
    assert first.events == second.events
    assert first.final == second.final


def _digest(layout: Layout, stroke: Stroke, params: PhysicsParams | None = None) -> str:
    result = simulate(layout, stroke, params=params)
    h = hashlib.sha256()
    for e in result.events:
        h.update(repr((e.time.hex(), e.kind, e.balls, e.where, e.jaw_of)).encode())
    h.update(np.ascontiguousarray(result.final.positions).tobytes())
    h.update(repr(sorted(result.final.pocketed.items())).encode())
    return h.hexdigest()[:16]


def test_break_is_deterministic_and_pinned() -> None:
    """Box2D's test_determinism: a fixed break's events and final layout hash to a pinned value.

    Any change to the models, constants or event order changes this hash; update
    it deliberately (and say why in the commit), never to make a red test green.
    The default cushion (Mathavan 2010 since issue 14's second round) and Han 2005
    are pinned apart, and so are Mathavan's impact in steps chosen by their error
    (the default since session 30) and in the fixed 40 steps before it, which the
    records written before then replay with: its pin is the one the default had.
    Session 31's departure at a cloth that does not slip (``cushion_departure``)
    changed the default's pin; without it the break keeps session 30's.
    """
    layout, phi = break_layout()
    stroke = Stroke(speed=8.0, phi=phi)
    digest = _digest(layout, stroke)
    assert digest == _digest(layout, stroke)
    assert digest == PINNED_BREAK_DIGEST
    legacy = PhysicsParams(cushion_tolerance=0.0, cushion_departure=False)
    assert _digest(layout, stroke, legacy) == PINNED_FIXED_STEPS_BREAK_DIGEST
    assert _digest(layout, stroke, PhysicsParams(cushion_departure=False)) == PINNED_SESSION_30_BREAK_DIGEST
    assert _digest(layout, stroke, PhysicsParams(cushion_model="han-2005")) == PINNED_HAN_BREAK_DIGEST


PINNED_BREAK_DIGEST = "584780360dcf0ed7"
PINNED_SESSION_30_BREAK_DIGEST = "cd13a7f124ee6862"
PINNED_FIXED_STEPS_BREAK_DIGEST = "3a5f9ba727237dcd"
PINNED_HAN_BREAK_DIGEST = "5bfe31c04bea2328"


def test_break_breaks_the_rack() -> None:
    """An 8 m/s break spreads the rack: the apex ball leaves, most balls move a radius or more, none overlap.

    (The middle balls of a real break often barely move, so "most" is 12 of 15.)
    """
    layout, phi = break_layout()
    result = simulate(layout, Stroke(speed=8.0, phi=phi))
    assert not result.event_cap_hit
    moved = [
        b for b in range(1, 16)
        if result.final.position(b) is None or math.dist(result.final.position(b), layout.position(b)) > R
    ]  # fmt: skip
    assert 1 in moved and len(moved) >= 12
    assert not [p for p in result.final.problems() if "overlap" in p]
