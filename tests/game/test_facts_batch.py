"""The referee's facts are the same whether a shot came from ``simulate`` or ``simulate_many`` (RULES 7.2)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from poolhall import Layout, ShotResult, Stroke, TableSpec, simulate, simulate_many
from poolhall.game.facts import outcome_facts, shot_facts

TABLE = TableSpec()
R = TABLE.ball.radius


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """2-16 balls at random places; the cue ball behind the head string half the time (the kitchen facts)."""
    placed: dict[int, tuple[float, float]] = {}
    kitchen = draw(st.booleans())
    for ball in range(draw(st.integers(2, 16))):
        for _ in range(20):
            right = TABLE.head_string_x - R if ball == 0 and kitchen else TABLE.length - R
            x, y = draw(st.floats(R, right)), draw(st.floats(R, TABLE.width - R))
            if all(math.dist((x, y), q) >= 2 * R for q in placed.values()):
                placed[ball] = (x, y)
                break
    placed.setdefault(0, (TABLE.head_string_x / 2, TABLE.width / 2))
    return Layout.from_positions(placed, TABLE)


strokes = st.builds(
    Stroke,
    speed=st.floats(0.3, 8.0),
    phi=st.floats(-math.pi, math.pi),
    theta=st.sampled_from([0.0, 0.1, 0.3, 0.9]),
    a=st.floats(-0.35, 0.35),
    b=st.floats(-0.35, 0.35),
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(layouts(), strokes), min_size=1, max_size=8),
    st.sampled_from([None, "kitchen", "table"]),
    st.booleans(),
)
def test_both_paths_give_the_same_shot(shots: list[tuple[Layout, Stroke]], in_hand, straight_pool: bool) -> None:  # type: ignore[no-untyped-def]
    batch = simulate_many([lay for lay, _ in shots], [s for _, s in shots])
    for k, (layout, stroke) in enumerate(shots):
        result = simulate(layout, stroke)
        want = shot_facts(result, None, in_hand, straight_pool, stroke)
        assert outcome_facts(batch, k, None, in_hand, straight_pool, stroke) == want
        # and a result read back from JSON, whose events go back into arrays
        assert shot_facts(ShotResult.from_dict(result.to_dict()), None, in_hand, straight_pool, stroke) == want
