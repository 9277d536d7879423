"""Wide safety candidates (``ai/safety.py``): many strokes played once without noise, the best kept."""

from __future__ import annotations

import numpy as np

from poolhall.ai import safety, search, shots
from poolhall.ai.context import context_of, next_context
from poolhall.ai.evaluate import LEAVE, play_out, quick_quality, quick_reply, value
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.bench.spread import random_spots
from poolhall.game import facts
from poolhall.physics import simulate
from poolhall.rules.model import Ruling

from .helpers import match_at
from .test_kicks import HIDDEN

GROUPS = {"A": "solids", "B": "stripes"}


def test_a_hidden_ball_is_found_by_the_fan_and_every_candidate_hits_it_first() -> None:
    match = match_at(HIDDEN, groups=GROUPS)
    ctx = context_of(match.view(), LEVEL_BY_NAME["pro"].noise)
    assert shots.safeties(ctx.layout, HIDDEN[0], [2]) == []  # no straight line to the 2
    found = safety.candidates(ctx, True, 12)
    assert found
    for stroke, call, _ in found:
        assert call == "safety"
        assert facts.first_contact(simulate(ctx.layout, stroke).events)[0] == (2,)


def _opponent_chance(ctx, stroke, call) -> float:  # type: ignore[no-untyped-def]
    out = play_out(ctx, stroke, call)
    assert out is not None
    ruling, final = out
    after = next_context(ctx, final, ruling)
    return 1.0 if ruling.foul or after is None else quick_quality(after)


def test_the_wide_set_leaves_the_opponent_less_than_the_narrow_set() -> None:
    wide, narrow = [], []
    for seed in range(6):
        spots = random_spots(np.random.default_rng(900 + seed), 8, 0.01)
        match = match_at(dict(zip([0, 1, 2, 3, 9, 10, 11, 8], spots, strict=True)), groups=GROUPS)
        ctx = context_of(match.view(), LEVEL_BY_NAME["pro"].noise)
        best = safety.candidates(ctx, True, 1)
        assert best
        wide.append(_opponent_chance(ctx, best[0][0], "safety"))
        plain = search.prune(ctx, search.safety_candidates(ctx, True), 1)[0][0]
        narrow.append(_opponent_chance(ctx, plain.stroke, plain.call))
    assert sum(wide) < sum(narrow)


def test_with_one_legal_ball_the_noisy_passes_get_every_kept_safety() -> None:
    """Pro's last solid (and the 8 after it) against six stripes: every kept candidate comes off the 1, and the
    per-ball cap no longer cuts them to ``PER_BALL``; with many legal balls the cap still applies."""
    table = {0: (1.0, 0.6), 1: (1.9, 0.25), 8: (2.2, 1.0), 9: (0.4, 0.3), 10: (0.7, 1.0), 11: (1.3, 0.2),
             12: (1.5, 0.9), 13: (2.0, 0.7), 14: (0.3, 0.9)}  # fmt: skip
    ctx = context_of(match_at(table, groups=GROUPS).view(), LEVEL_BY_NAME["pro"].noise)
    assert ctx.targets() == [1]
    found = safety.candidates(ctx, True, 30)
    assert len(found) == 30 > safety.PER_BALL
    assert all(facts.first_contact(simulate(ctx.layout, stroke).events)[0] == (1,) for stroke, _, _ in found)
    assert safety.per_ball_cap(7, 30) == safety.PER_BALL


def test_a_hide_with_an_open_combination_is_no_hide_to_the_quick_reply() -> None:
    """The cue ball, the 9 and the 10 in a line to the foot-right corner: no straight pot for the stripes (each
    ball blocks the other) but an open 9-10 combination, the leave session 14 found under pro's noise behind
    many hides. The second pass's ``quick_reply`` charges it; the straight-in judge (the first pass's) reads a hide."""
    table = {0: (1.75, 0.79), 9: (2.15, 0.39), 10: (2.25, 0.29), 1: (0.5, 0.3), 8: (0.6, 1.0)}
    ctx = context_of(match_at(table, groups=GROUPS).view(), LEVEL_BY_NAME["pro"].noise)
    passed = Ruling(foul=False, fouls=(), rules=(), reason=(), next_shooter="B", turn_continues=False,
                    table_open=False, groups=GROUPS)  # fmt: skip
    after = next_context(ctx, ctx.layout, passed)
    assert after is not None and after.targets() == [9, 10]
    assert quick_quality(after) == 0.0 and quick_reply(after) > 0.5
    assert value(ctx, passed, ctx.layout, "pattern", None, replies=True) == -LEAVE * quick_reply(after)  # type: ignore[arg-type]
    assert value(ctx, passed, ctx.layout, "quick", None, replies=True) == 0.0  # type: ignore[arg-type]
