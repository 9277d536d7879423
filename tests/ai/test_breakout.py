"""Break-out strokes (``ai/breakout.py``): clusters found, and candidates that open them when played."""

from __future__ import annotations

import numpy as np

from poolhall.ai import breakout, search, shots
from poolhall.ai.context import context_of
from poolhall.ai.evaluate import continued, play_out
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.bench.spread import random_spots
from poolhall.game import facts
from poolhall.physics import Stroke, simulate

from .helpers import light, match_at

GROUPS = {"A": "solids", "B": "stripes"}
R = 0.028575
#: Centre distance of two balls 0.1 mm apart (touching, as a rack's balls are).
TOUCH = 2 * R + 1e-4
C = (1.9, 0.7)
#: The 1 walled in by four stripes; the 2 has a pot in the left side pocket whose cue ball runs toward them.
WALLED = {0: (0.9, 0.45), 1: C, 9: (C[0] + TOUCH, C[1]), 10: (C[0] - TOUCH, C[1]), 11: (C[0], C[1] + TOUCH),
          12: (C[0], C[1] - TOUCH), 2: (1.25, 0.8), 3: (2.3, 1.1), 8: (0.5, 1.0), 13: (0.3, 0.3)}  # fmt: skip
#: The 1 and 2 frozen with two stripes, in sight of the cue ball; no straight pot.
TIED = {0: (0.9, 0.45), 1: C, 9: (C[0] + TOUCH, C[1]), 11: (C[0], C[1] + TOUCH), 2: (C[0] + TOUCH, C[1] + TOUCH),
        8: (0.5, 1.0), 13: (0.3, 0.3)}  # fmt: skip


def _ctx(positions):  # type: ignore[no-untyped-def]
    return context_of(match_at(positions, groups=GROUPS).view(), LEVEL_BY_NAME["pro"].noise)


def test_clusters_are_touching_or_nearly_touching_groups() -> None:
    far = 2 * R + 0.02
    ctx = _ctx({0: (0.3, 0.3), 1: (1.0, 0.6), 9: (1.0 + TOUCH, 0.6), 2: (1.6, 0.6), 10: (1.6 + 2 * R + 0.005, 0.6),
                3: (2.0, 0.3), 11: (2.0 + far, 0.3), 8: (0.4, 1.0)})  # fmt: skip
    assert breakout.clusters(ctx.layout) == [[1, 9], [2, 10]]


def test_a_walled_in_ball_makes_its_cluster_tied() -> None:
    ctx = _ctx(WALLED)
    assert breakout.clusters(ctx.layout) == [[1, 9, 10, 11, 12]]
    assert 1 in breakout.in_trouble(ctx)
    assert sorted(breakout.tied(ctx)) == [1, 9, 10, 11, 12]


def test_pot_break_outs_pot_their_ball_and_move_the_cluster_in_a_noiseless_play() -> None:
    ctx = _ctx(WALLED)
    found = shots.pots(ctx.layout, WALLED[0], ctx.targets(), ctx.noise.sigma_phi)
    strokes = breakout.pot_strokes(ctx, found, "pattern")
    assert strokes
    for stroke, call, kind in strokes:
        assert kind == "breakout" and call is not None and call.ball == 2
        out = play_out(ctx, stroke, call)
        assert out is not None and continued(ctx, out[0])
        moved = [b for b in (1, 9, 10, 11, 12) if np.hypot(*np.subtract(out[1].position(b), WALLED[b])) > R]
        assert moved


def test_safety_break_outs_hit_a_legal_ball_of_the_cluster_first_and_move_it() -> None:
    ctx = _ctx(TIED)
    assert shots.pots(ctx.layout, TIED[0], ctx.targets(), ctx.noise.sigma_phi) == []
    strokes = breakout.safety_strokes(ctx, "safety")
    assert strokes
    for stroke, call, _ in strokes:
        assert call == "safety"
        result = simulate(ctx.layout, stroke)
        assert facts.first_contact(result.events)[0][0] in (1, 2)
        assert breakout.broken(ctx.layout, result.final, [1, 2, 9, 11])


def test_no_cluster_no_break_out_candidates() -> None:
    """A spread table (no two balls within a centimetre) has no cluster: the search's candidates are as before."""
    spots = random_spots(np.random.default_rng(13), 9, 0.011)
    ctx = _ctx(dict(zip([0, 1, 2, 3, 9, 10, 11, 12, 8], spots, strict=True)))
    assert breakout.clusters(ctx.layout) == []
    assert search.break_outs(ctx, LEVEL_BY_NAME["pro"]) == []
    assert breakout.safety_strokes(ctx, "safety") == []


def test_a_break_out_that_is_no_finalist_leaves_the_decision_as_it_was() -> None:
    """The break-outs draw their seeds from a spawned stream: the other candidates and the second pass sample
    as without them, so a candidate that loses in the first pass changes nothing (a foul: a soft stroke away
    from every ball)."""
    ctx, level = _ctx(WALLED), light("pro")
    candidates = search.pot_candidates(ctx, level)
    away = search.Candidate(Stroke(speed=0.5, phi=3.3), None, "breakout")
    args = (level.samples, level.finalists, level.final_samples, "quick")
    plain = search._search(ctx, candidates, level, np.random.default_rng(5), None, *args)
    more = search._search(ctx, candidates, level, np.random.default_rng(5), None, *args, [away])
    assert plain == more
