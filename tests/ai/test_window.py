"""Aim at the middle of the simulated potting window (``ai/window.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from poolhall.ai import search, shots, window
from poolhall.ai.context import Context, context_of
from poolhall.ai.evaluate import estimate, play_many, refine_aim, value
from poolhall.ai.levels import LEVEL_BY_NAME
from poolhall.ai.noise import NoiseModel
from poolhall.ai.search import Candidate
from poolhall.rules.model import Call

from .helpers import match_at


def test_the_centred_aim_sits_in_the_middle_of_the_window_and_pots_more_often() -> None:
    """A ball near the rail cut into the corner: the simulated window is lopsided about the geometric aim.

    The 1 lies 3 cm off the right rail, 15 cm from the foot-right corner: with Mathavan 2010's cushion its
    simulated window is about three times wider on one side of the refined aim than on the other. (The 1
    at (2.0, 0.12), the fixture under Han 2005's cushion, now has a window as wide on either side.)
    """
    match = match_at({0: (1.2, 0.5), 1: (2.4, 0.06), 8: (0.4, 1.0)}, groups={"A": "solids", "B": "stripes"})
    ctx = context_of(match.view(), NoiseModel.tournament(2.0))
    cue = ctx.layout.position(0)
    assert cue is not None
    shot = shots.pots(ctx.layout, cue, [1], ctx.noise.sigma_phi)[0]
    call = Call(1, shot.pocket)  # type: ignore[arg-type]
    stroke = refine_aim(ctx, shot, shots.strokes(shot, arrivals=(0.8,), spins=(0.0,))[0])
    assert window.pots(ctx, stroke, call)
    step = ctx.noise.sigma_phi
    up, down = window.edge(ctx, stroke, call, +1, step), window.edge(ctx, stroke, call, -1, step)
    assert abs(up - down) > step  # lopsided by more than a standard deviation of the aim
    centred = window.centred(ctx, stroke, call)
    assert window.pots(ctx, centred, call)
    up2, down2 = window.edge(ctx, centred, call, +1, step), window.edge(ctx, centred, call, -1, step)
    assert abs(up2 - down2) < abs(up - down) / 2 + step / 4  # the lopsided window is balanced about the new aim
    rates = [estimate(ctx, s, call, 150, np.random.default_rng(3), "none").pot_rate for s in (stroke, centred)]
    assert rates[1] >= rates[0] - 0.02


def test_a_safety_or_a_miss_is_left_as_it_is() -> None:
    match = match_at({0: (1.2, 0.55), 1: (2.2, 0.25), 8: (0.4, 1.0)}, groups={"A": "solids", "B": "stripes"})
    ctx = context_of(match.view(), NoiseModel.tournament())
    cue = ctx.layout.position(0)
    assert cue is not None
    shot = shots.pots(ctx.layout, cue, [1], ctx.noise.sigma_phi)[0]
    stroke = shots.strokes(shot, arrivals=(0.8,), spins=(0.0,))[0]
    assert window.centred(ctx, stroke, "safety") == stroke
    away = type(stroke)(speed=stroke.speed, phi=stroke.phi + 1.0)  # nowhere near the 1
    assert window.centred(ctx, away, Call(1, shot.pocket)) == away  # type: ignore[arg-type]


def _wide_strokes() -> tuple[Context, list[Candidate]]:
    """A last-but-one solid to pot (the 2, then the 8, are left) and its wide stroke set (speeds x heights x side)."""
    match = match_at(
        {0: (1.2, 0.5), 1: (2.0, 0.3), 2: (0.9, 0.9), 8: (2.4, 0.6), 9: (1.6, 0.9)},
        groups={"A": "solids", "B": "stripes"},
    )
    ctx = context_of(match.view(), NoiseModel.tournament())
    cue = ctx.layout.position(0)
    assert cue is not None
    shot = shots.pots(ctx.layout, cue, [1], ctx.noise.sigma_phi)[0]
    call = Call(1, shot.pocket)  # type: ignore[arg-type]
    strokes = shots.strokes(shot, (0.3, 0.8, 1.6), (-0.35, 0.0, 0.35), (-0.3, 0.0, 0.3))
    return ctx, [Candidate(s, call, "pot") for s in strokes]


@pytest.mark.parametrize("position", ["quick", "pattern"])
def test_pruning_keeps_the_strokes_worth_most_played_once_without_noise(position: str) -> None:
    """``search.prune``: of a wide stroke set, the kept ones score at least the dropped, each played once without
    noise and its leave judged by ``position`` (the plain estimate, or the pattern: the 8 after the 2)."""
    ctx, wide = _wide_strokes()
    kept = search.prune(ctx, wide, 5, position)[0]
    assert len(kept) == 5 and all(k in wide for k in kept)
    score = {}
    for c, out in zip(wide, play_many(ctx, [w.stroke for w in wide], wide[0].call), strict=True):
        score[c] = -1.2 if out is None else value(ctx, out[0], out[1], position, None)  # type: ignore[arg-type]
    assert min(score[k] for k in kept) >= max(score[c] for c in wide if c not in kept)
    assert any(k.stroke.a != 0 for k in wide) and search.prune(ctx, wide[:3], 5, position)[0] == wide[:3]


def test_pro_prunes_and_first_passes_by_the_pattern_other_levels_as_before() -> None:
    """The pattern changes which strokes survive the prune where balls before the 8 are few: the leave's
    next ball is judged with the way on to the one after it, not by its own chance alone."""
    assert [search.first_position(LEVEL_BY_NAME[n]) for n in ("beginner", "strong", "pro")] == [
        "none", "quick", "pattern",
    ]  # fmt: skip
    ctx, wide = _wide_strokes()
    assert search.prune(ctx, wide, 5, "pattern")[0] != search.prune(ctx, wide, 5, "quick")[0]
