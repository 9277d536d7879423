"""Shot facts from hand-built ShotResults (real Event/Segment values): DESIGN.md "Shot facts", RULES 7.2."""

from __future__ import annotations

from poolhall.equipment import TableSpec
from poolhall.game import facts
from poolhall.layout import Layout
from poolhall.physics import Event, Segment, ShotResult
from poolhall.rules.model import Call, Pocketed, RailContact

TABLE = TableSpec()
L, W = TABLE.length, TABLE.width
HEAD = TABLE.head_string_x
ZERO3 = (0.0, 0.0, 0.0)


def seg(ball: int, t0: float, t1: float, p0: tuple[float, float], v0=(0.0, 0.0), acc=(0.0, 0.0)) -> Segment:
    return Segment(ball, t0, t1, "sliding", p0, v0, acc, ZERO3, ZERO3)


def result(
    events: list[Event], start: dict[int, tuple[float, float]], final: Layout | None = None, segments=None
) -> ShotResult:
    initial = Layout.from_positions(start, TABLE)
    return ShotResult(initial, final or initial, [Event(0.0, "stroke", (0,), None), *events], segments or {}, 2.0)


START = {0: (0.5, 0.6), 3: (1.5, 0.6), 5: (1.5, 0.8), 9: (2.0, 0.3)}


def test_first_contact_rail_contacts_after_it_and_a_direct_pot() -> None:
    """GEN-5: the cue ball's rail before the first contact does not count; 3 goes straight in: direct (GEN-8)."""
    events = [
        Event(0.2, "ball-cushion", (0,), "right"),
        Event(0.5, "ball-ball", (0, 3), None),
        Event(0.7, "ball-cushion", (0,), "left"),
        Event(0.9, "ball-cushion", (3,), "foot", jaw_of="foot-right"),
        Event(1.0, "ball-pocket", (3,), "foot-right"),
        Event(1.1, "ball-cushion", (5,), "foot"),
    ]
    shot = facts.shot_facts(result(events, START), Call(3, "foot-right"), None, straight_pool=False)
    assert shot.first_contact == (3,)
    assert shot.rail_contacts == (RailContact(0, "left"), RailContact(3, "foot"), RailContact(5, "foot"))
    assert shot.pocketed == (Pocketed(3, "foot-right", direct=True),)
    assert shot.kitchen is None and shot.after is None and shot.technique == "normal"


def test_split_first_contact_gives_both_balls_and_no_direct_pot() -> None:
    """GEN-10: two balls touched at the same instant are both first; no implied call (GEN-8)."""
    events = [
        Event(0.5, "ball-ball", (0, 3), None),
        Event(0.5, "ball-ball", (0, 5), None),
        Event(1.0, "ball-pocket", (3,), "side-right"),
    ]
    shot = facts.shot_facts(result(events, START), None, None, straight_pool=False)
    assert shot.first_contact == (3, 5)
    assert shot.pocketed == (Pocketed(3, "side-right", direct=False),)


def test_banks_combinations_and_other_jaws_are_not_direct() -> None:
    """GEN-8: a bank, a kiss or another pocket's jaw makes the pot not obvious; a later ball is never direct."""
    bank = [Event(0.5, "ball-ball", (0, 3), None), Event(0.8, "ball-cushion", (3,), "right"),
            Event(1.2, "ball-pocket", (3,), "foot-left")]  # fmt: skip
    kiss = [Event(0.5, "ball-ball", (0, 3), None), Event(0.8, "ball-ball", (3, 9), None),
            Event(1.2, "ball-pocket", (3,), "foot-left"), Event(1.3, "ball-pocket", (9,), "foot-right")]  # fmt: skip
    other_jaw = [Event(0.5, "ball-ball", (0, 3), None), Event(0.8, "ball-cushion", (3,), "foot", jaw_of="foot-right"),
                 Event(1.2, "ball-pocket", (3,), "foot-left")]  # fmt: skip
    for events in (bank, kiss, other_jaw):
        shot = facts.shot_facts(result(events, START), None, None, straight_pool=False)
        assert all(not drop.direct for drop in shot.pocketed), events


def test_no_contact_means_no_rail_contacts() -> None:
    """GEN-5, GEN-F3: without a first contact nothing counts as driven to a rail."""
    events = [Event(0.4, "ball-cushion", (0,), "foot"), Event(0.9, "ball-pocket", (0,), "foot-left")]
    shot = facts.shot_facts(result(events, START), None, None, straight_pool=False)
    assert shot.first_contact == () and shot.rail_contacts == ()
    assert shot.pocketed == (Pocketed(0, "foot-left", direct=False),)


def test_kitchen_facts_follow_the_cue_ball_path_exactly() -> None:
    """GEN-9: first ball behind the head string; the cue ball's base crossed it before the contact or not."""
    start = {0: (0.3, 0.6), 3: (0.45, 0.2)}
    contact = [Event(1.0, "ball-ball", (0, 3), None)]
    stays = {0: [seg(0, 0.0, 1.0, (0.3, 0.6), v0=(0.1, -0.3))]}
    shot = facts.shot_facts(result(contact, start, segments=stays), None, "kitchen", straight_pool=False)
    assert shot.kitchen is not None and shot.kitchen.first_ball_behind and not shot.kitchen.cue_crossed_first
    # Out and back within one segment: both ends behind the head string, the vertex beyond it.
    # x(tau) = 0.3 + 1.0 tau - 0.5 tau^2 peaks at tau = 1 with x = 0.8 > L/4 (0.635), back to 0.3 at tau = 2.
    out_and_back = {0: [seg(0, 0.0, 2.0, (0.3, 0.6), v0=(1.0, 0.0), acc=(-1.0, 0.0))]}
    late = [Event(2.0, "ball-ball", (0, 3), None)]
    shot = facts.shot_facts(result(late, start, segments=out_and_back), None, "kitchen", straight_pool=False)
    assert shot.kitchen is not None and shot.kitchen.cue_crossed_first
    # The same path, but the contact comes at tau = 0.5 (x = 0.675 > L/4 already), and at tau = 0.2 (x = 0.48).
    for when, crossed in ((0.5, True), (0.2, False)):
        early = [Event(when, "ball-ball", (0, 3), None)]
        shot = facts.shot_facts(result(early, start, segments=out_and_back), None, "kitchen", straight_pool=False)
        assert shot.kitchen is not None and shot.kitchen.cue_crossed_first is crossed


def test_a_ball_on_the_head_string_is_not_behind_it() -> None:
    """GEN-2: a base exactly on the head string is not behind it."""
    start = {0: (0.3, 0.6), 3: (HEAD, 0.2)}
    contact = [Event(1.0, "ball-ball", (0, 3), None)]
    segments = {0: [seg(0, 0.0, 1.0, (0.3, 0.6), v0=(0.1, -0.3))]}
    shot = facts.shot_facts(result(contact, start, segments=segments), None, "kitchen", straight_pool=False)
    assert shot.kitchen is not None and not shot.kitchen.first_ball_behind


def test_after_facts_for_straight_pool() -> None:
    """14.1-7.6-C1: the last ball in the rack area, the cue ball elsewhere; 14.1-7.7 head-string facts."""
    start = {0: (0.5, 0.6), 5: (1.0, 0.3), 12: (TABLE.foot_spot[0] + 0.05, W / 2)}
    final = Layout.from_positions({0: (0.9, 0.9), 12: (TABLE.foot_spot[0] + 0.05, W / 2)}, TABLE, {5: "side-right"})
    events = [Event(0.5, "ball-ball", (0, 5), None), Event(1.0, "ball-pocket", (5,), "side-right")]
    shot = facts.shot_facts(result(events, start, final), Call(5, "side-right"), None, straight_pool=True)
    assert shot.after is not None
    assert (shot.after.last_ball, shot.after.cue_ball) == ("in-rack", "elsewhere")
    assert not shot.after.all_behind_head_string and shot.after.nearest_to_head_string == (12,)
