"""Touching and pressing contacts: nothing sinks into anything, and pressed balls do not run to the event cap."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from phys_shots import TABLE, R, assert_energy_never_rises, assert_nothing_sinks

from poolhall import Layout, PhysicsParams, ShotResult, Stroke, simulate
from poolhall.racking import eight_ball_rack

#: Well under the cap: a pressed ball takes one event per contact period, not thousands.
FEW_EVENTS = 300


def test_regression_rack_shot_that_left_two_balls_overlapping() -> None:
    """The 14.1 shot (``poolhall simulate --game straight-pool --points 20 --seed 1``, match 3) that left the
    cue ball 0.01 mm inside the 15: a pair touching after an impact, parting slower than friction pulled
    it back together, was never found again because its gap never rose above zero."""
    positions = {
        0: (2.5036771160377542, 0.23984963684596), 1: (1.9545020120803185, 0.6635800000000001),
        2: (2.103008048321274, 0.635), 3: (2.0535060362409556, 0.72074), 4: (2.103008048321274, 0.69216),
        5: (2.004004024160637, 0.69216), 6: (2.0535060362409556, 0.6635800000000001),
        7: (2.0535060362409556, 0.54926), 8: (2.004004024160637, 0.57784), 9: (1.9545020120803185, 0.60642),
        10: (2.004004024160637, 0.635), 11: (2.0535060362409556, 0.60642), 12: (2.103008048321274, 0.74932),
        13: (2.103008048321274, 0.57784), 14: (0.04834882894594464, 0.5298907101451837),
        15: (2.103008048321274, 0.52068),
    }  # fmt: skip
    result = simulate(Layout.from_positions(positions), Stroke(speed=2.184680849878709, phi=2.53172994407228))
    assert not result.event_cap_hit
    assert_nothing_sinks(result)
    Layout.from_dict(result.final.to_dict())  # the final layout is a valid start for the next shot


def test_ball_pressed_into_a_cushion_by_its_own_massé_spin_ends_well_under_the_cap() -> None:
    """Frozen to the right rail, struck softly along it with steep right English (too softly to jump): the spin
    drives it into the rail. Played impact by impact this was 10 000 ever smaller bounces in 0.02 s (the cap).
    """
    result = simulate(Layout.from_positions({0: (1.0, R)}), Stroke(0.4, 0.0, theta=1.2, a=0.45))
    assert not result.event_cap_hit
    assert len(result.events) < FEW_EVENTS
    assert result.events[1].kind == "ball-cushion" and result.events[1].where == "right"
    assert all(s.motion != "airborne" for s in result.segments[0])
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


def test_follow_ball_pushing_an_object_ball_ends_well_under_the_cap() -> None:
    """With perfectly plastic balls (e = 0) a follow shot's cue ball stays on the object ball and pushes it.

    Played impact by impact this hit the cap within 5 ms of the first contact.
    """
    layout = Layout.from_positions({0: (1.0, 0.6), 1: (1.0 + 2 * R + 0.01, 0.6)})
    result = simulate(layout, Stroke(2.0, 0.0, b=0.4), params=PhysicsParams(e_ball=0.0))
    assert not result.event_cap_hit
    assert len(result.events) < FEW_EVENTS
    assert result.final.position(1)[0] > 1.5  # pushed along, not left behind
    assert_nothing_sinks(result)
    assert_energy_never_rises(result)


def test_regression_ball_near_a_contact_phase_that_its_own_friction_carries_into_a_member() -> None:
    """Hypothesis found it (session 25): five seconds into a soft masse break the cue ball, sliding at about
    7 mm/s 4 micrometres behind ball 12, is a member of 12's contact phase with 6 and 9 but touches nothing in
    it. Its own path, whose friction points at 12, ended the phase 38 micrometres inside 12, and the two passed
    through each other; now it takes the phase's integrated path and meets 12 after it."""
    rack = eight_ball_rack(0, TABLE, gap=1e-5)
    cue = (0.375, 0.48046875)
    layout = Layout.from_positions({**{ball: rack.position(ball) for ball in rack.on_table}, 0: cue})
    phi = math.atan2(TABLE.foot_spot[1] - cue[1], TABLE.foot_spot[0] - cue[0]) - 0.0390625
    result = simulate(layout, Stroke(2.21875, phi, theta=1.078125, a=-0.296875, b=-0.0390625))
    assert not result.event_cap_hit
    assert_nothing_sinks(result)
    assert any(e.kind == "ball-ball" and e.balls == (0, 12) and e.time > 5.33 for e in result.events)


def _jumped_into(rack_seed: int, gap: float, cue: tuple[float, float], stroke: Stroke) -> ShotResult:
    """A stroke from ``cue`` into the eight-ball rack ``rack_seed`` racked with every gap ``gap``."""
    rack = eight_ball_rack(rack_seed, TABLE, gap=gap)
    return simulate(Layout.from_positions({**{ball: rack.position(ball) for ball in rack.on_table}, 0: cue}), stroke)


def test_regression_a_contact_phase_record_that_cut_through_a_neighbour() -> None:
    """Session 26, one break in 5 000 (``benchmarks/airborne_hashes.py --racks``, break 5355): ball 4's
    record through its contact phase, a parabola from start to end, cut 14 micrometres into ball 10, a
    member 0.1 mm away that touched nothing in the integration (the integrated path went round it). Now
    ball 10 takes the integration's path too, recorded the same way."""
    stroke = Stroke(speed=3.4790592207220206, phi=0.06550390916306331, theta=0.9197472371005752,
                    a=0.026312540881060775, b=-0.12864023082840734)  # fmt: skip
    result = _jumped_into(4117, 1e-4, (0.2713858211744918, 0.5737893879011301), stroke)
    assert not result.event_cap_hit
    assert_nothing_sinks(result)


def test_regression_a_jumped_cue_ball_over_a_frozen_rack_stays_on_the_table() -> None:
    """Session 26, one break in 10 000 (break 9360): the cue ball jumped onto a frozen rack and flew on over
    it, but the rack's untouched pairs, touching within rounding, kept the contact phase open to its step
    cap: 0.17 s without cushions, in which the cue ball crossed the foot cushion and rolled on to x = 6.4 m.
    A pair frozen at rest no longer holds a phase open."""
    stroke = Stroke(speed=5.210105540921601, phi=0.1262363713011858, theta=0.925495664771065,
                    a=0.07544005810812288, b=-0.18871148162454485)  # fmt: skip
    result = _jumped_into(294, 0.0, (0.1418927959637651, 0.46383945716086855), stroke)
    phases = [s.t1 - s.t0 for segments in result.segments.values() for s in segments if s.motion == "contact"]
    assert phases and max(phases) < 0.01  # milliseconds, not the cap's 0.17 s
    assert_nothing_sinks(result)  # every ball on the bed inside the cushions at every event; a valid final layout


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    gap=st.sampled_from([0.0, 1e-7, 1e-5, 1e-4]),
    cue=st.tuples(st.floats(R, TABLE.length / 4), st.floats(R, TABLE.width - R)),
    speed=st.floats(0.5, 10.0),
    aim=st.floats(-0.05, 0.05),
    theta=st.floats(0.0, 1.2),
    a=st.floats(-0.3, 0.3),
    b=st.floats(-0.3, 0.3),
)
def test_breaks_into_frozen_racks_leave_no_overlap(
    seed: int, gap: float, cue: tuple[float, float], speed: float, aim: float, theta: float, a: float, b: float
) -> None:
    """Breaks of every strength into racks frozen or nearly so: pairwise distances >= 2R - 1e-9 throughout."""
    rack = eight_ball_rack(seed, TABLE, gap=gap)
    positions = {ball: rack.position(ball) for ball in rack.on_table}
    if any(math.dist(cue, xy) < 2 * R for xy in positions.values()):
        return
    layout = Layout.from_positions({**positions, 0: cue})
    phi = math.atan2(TABLE.foot_spot[1] - cue[1], TABLE.foot_spot[0] - cue[0]) + aim
    result = simulate(layout, Stroke(speed, phi, theta=theta, a=a, b=b))
    assert not result.event_cap_hit
    assert_nothing_sinks(result)
