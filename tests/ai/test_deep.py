"""Deeper strokes for a shot whose wide strokes all leave a hard next shot (``search.deep_strokes``, session 14)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from poolhall.ai import search, shots
from poolhall.ai.context import Context, context_of
from poolhall.ai.evaluate import leave_worth, made, play_many
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.noise import NoiseModel

from .helpers import light, match_at

PRO = LEVEL_BY_NAME["pro"]
R = 0.028575


def _pro_context(positions: dict[int, tuple[float, float]]) -> Context:
    match = match_at(positions, groups={"A": "solids", "B": "stripes"})
    return context_of(match.view(), NoiseModel.tournament())


def _wide_and_scored(ctx: Context) -> tuple[list[shots.Shot], list[search.Played]]:
    """Pro's best pots and its wide strokes for them, played once without noise (as ``pot_candidates`` does)."""
    cue = ctx.layout.position(0)
    assert cue is not None
    found = shots.pots(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)[: PRO.shots]
    wide = [
        search.Candidate(search.refine_aim(ctx, shot, stroke, steps=1), shot.call(), shot.kind)
        for shot in found[: PRO.wide_shots]
        for stroke in shots.strokes(shot, PRO.wide_arrivals, PRO.spins, PRO.sides)
    ]
    return found, search.played(ctx, wide, "pattern")


def _good_leaves(ctx: Context, scored: list[search.Played]) -> int:
    outs = [play_many(ctx, [p.candidate.stroke], p.candidate.call)[0] for p in scored[: search.DEEP_CHECK]]
    return sum(out is not None and made(ctx, out[0]) and leave_worth(ctx, *out) >= search.GOOD_LEAVE for out in outs)


def _deep_ones(ctx: Context) -> list[search.Candidate]:
    found, scored = _wide_and_scored(ctx)
    deep = search.deep_strokes(ctx, PRO, found, scored)
    assert len(deep) <= search.DEEP_KEEP
    assert all(math.hypot(c.stroke.a, c.stroke.b) <= search.DEEP_TIP for c in deep)
    assert {c.call for c in deep} <= {p.candidate.call for p in scored[: search.DEEP_CHECK]}
    return deep


W = 1.27


def _railed(open_ball: tuple[float, float] | None) -> dict[int, tuple[float, float]]:
    """The 1 to pot; the 2, 3 and 4 each frozen to a long rail between two stripes (no straight pot); with
    ``open_ball``, a 5 there in the open. Four or five solids before the 8: not the end of the rack."""
    d = 2 * R + 0.001
    out = {0: (1.2, 0.5), 1: (2.0, 0.3), 8: (2.4, 0.9), 15: (1.6, 0.9)}
    for k, (ball, x, y) in enumerate(((2, 0.7, R + 0.0005), (3, 1.8, R + 0.0005), (4, 0.9, W - R - 0.0005))):
        out[ball] = (x, y)
        out[9 + 2 * k], out[10 + 2 * k] = (x - d, y), (x + d, y)
    return out if open_ball is None else {**out, 5: open_ball}


def test_deeper_strokes_come_where_the_next_ball_is_hard_from_everywhere_the_wide_strokes_go() -> None:
    """The 1 to pot and every other solid railed between stripes: no wide stroke leaves a next shot, so the
    1 is tried again with finer speeds, more tip heights and sides; with a 5 in the open, the wide strokes
    leave a good shot on it, and nothing is added."""
    ctx = _pro_context(_railed(None))
    assert not search.end_of_rack(ctx)
    assert _good_leaves(ctx, _wide_and_scored(ctx)[1]) == 0
    deep = _deep_ones(ctx)
    assert len(deep) == search.DEEP_KEEP
    assert any(c.stroke.a not in PRO.sides or c.stroke.b not in PRO.spins for c in deep)  # strokes the wide set lacks

    ctx = _pro_context(_railed((1.4, 0.7)))
    assert not search.end_of_rack(ctx) and _good_leaves(ctx, _wide_and_scored(ctx)[1]) > 0
    assert _deep_ones(ctx) == []


def test_at_the_end_of_the_rack_deeper_strokes_come_even_after_a_good_leave() -> None:
    """The 1 and the 2 before the 8 (the pattern's end of the rack, where the hard shots that end runs are
    left): the deeper strokes are tried whatever the wide strokes leave."""
    ctx = _pro_context({0: (1.2, 0.5), 1: (2.0, 0.3), 2: (0.9, 0.9), 8: (2.4, 0.6), 9: (1.6, 0.9)})
    assert search.end_of_rack(ctx)
    deep = _deep_ones(ctx)
    assert len(deep) == search.DEEP_KEEP


def test_deeper_strokes_that_are_no_finalists_leave_the_decision_as_it_was() -> None:
    """The deeper strokes draw their seeds from a spawned stream: every other candidate and the second pass
    sample as without them, so strokes that never reach the finalists (here: aimed away from every ball)
    change nothing, and a paired comparison measures the strokes, not reshuffled noise."""
    ctx = _pro_context({0: (1.2, 0.5), 1: (2.0, 0.3), 2: (0.9, 0.9), 8: (2.4, 0.6), 9: (1.6, 0.9)})
    level = light("pro")
    candidates, _ = search.pot_candidates(ctx, level)
    away = [replace(c, stroke=replace(c.stroke, phi=c.stroke.phi + math.pi)) for c in candidates[:3]]
    args = (level.samples, level.finalists, level.final_samples, "pattern")
    plain = search._search(ctx, candidates, level, np.random.default_rng(5), None, *args)
    more = search._search(ctx, candidates, level, np.random.default_rng(5), None, *args, away)
    assert plain is not None and plain == more


def test_straight_pool_gets_no_deeper_strokes() -> None:
    """The railed table in 14.1 without the 8 and the open 15: no wide stroke leaves a good next shot there
    either, so the trigger holds, yet nothing is added: the deeper strokes helped eight-ball's runs, and in 14.1
    neither helped nor hurt beyond noise, paired (session 15)."""
    railed = {k: v for k, v in _railed(None).items() if k not in (8, 15)}
    ctx = context_of(match_at(railed, game="straight-pool").view(), NoiseModel.tournament())
    found, scored = _wide_and_scored(ctx)
    assert scored and _good_leaves(ctx, scored) == 0
    assert search.deep_strokes(ctx, PRO, found, scored) == []


#: Spread table 27318 of ``benchmarks/ai_targets.py spread`` (session 21), the last solid to pot: the 7 near
#: the head-right corner, the 8 near the foot rail with the 15 in its way to the foot-left corner. Only
#: from the foot end's upper half is the 8 makeable, nearly the table's length away from the 7.
LAST_SOLID_FAR_FROM_THE_8 = {
    0: (0.7028, 0.2875),
    7: (0.3904, 0.1267),
    8: (2.3489, 0.7372),
    9: (0.6824, 1.2146),
    10: (0.0549, 0.678),
    11: (0.9955, 1.0751),
    12: (0.2312, 1.1455),
    13: (0.5714, 0.0643),
    14: (1.046, 0.9407),
    15: (2.4515, 1.0511),
}


def _best_leave(ctx: Context, played: list[search.Played]) -> float:
    """The best next-shot worth among ``played``'s made outcomes (their noiseless plays, reused)."""
    outs = [p.outcome for p in played]
    return max((leave_worth(ctx, *out) for out in outs if out is not None and made(ctx, out[0])), default=0.0)


def _best_deep_leave(ctx: Context, found: list[shots.Shot], scored: list[search.Played]) -> float:
    return _best_leave(ctx, search.played(ctx, search.deep_strokes(ctx, PRO, found, scored), "pattern"))


def test_firm_deeper_strokes_reach_shape_on_the_8_that_soft_ones_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 21: the cue ball must travel the table's length after the last solid. No wide stroke and no
    deeper stroke at up to 2.7 m/s leaves a shot on the 8; the firm ones (3.4-5.3 m/s at the pocket) do."""
    ctx = _pro_context(LAST_SOLID_FAR_FROM_THE_8)
    assert search.end_of_rack(ctx)
    found, scored = _wide_and_scored(ctx)
    assert _best_leave(ctx, scored) < 0.5
    assert _best_deep_leave(ctx, found, scored) >= 0.8
    soft = tuple(v for v in search.DEEP_ARRIVALS if v <= 2.7)
    monkeypatch.setattr(search, "DEEP_ARRIVALS", soft)
    assert _best_deep_leave(ctx, found, scored) < 0.5
