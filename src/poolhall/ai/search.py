"""The shot search: candidate strokes from geometry, two passes of noisy simulation, then pot or safety.

1. Candidates: the level's best straight pots (``shots.pots``), topped up with
   banks, combinations and caroms, each in the level's speed and spin
   variants, aimed by ``evaluate.refine_aim`` (throw and squirt corrected).
2. First pass: every candidate simulated ``samples`` times, valued with the
   quick position estimate; the ``finalists`` best go on.
3. Second pass: the finalists simulated ``final_samples`` times with the
   level's position judgement (``lookahead`` for ``pro``: the next shot is
   itself simulated).
4. Safety: when the best pot's rate is under the level's threshold (or there
   is none), the best safety (``safety_candidates``) is valued the same way
   (a pot the opponent is left counts against it) and wins if it is worth more.

Each candidate draws its samples from its own seed, taken in order from the
decision's seeded stream, so the result is the same whether the candidates
run here or in a worker pool (``pool``: an ``Executor`` or None).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np

from poolhall.ai import pattern, safety, shots, window
from poolhall.ai.context import Context
from poolhall.ai.evaluate import (
    FOUL,
    Estimate,
    Position,
    aim_kick,
    estimate,
    leave_worth,
    made,
    play_many,
    refine_aim,
    value,
)
from poolhall.ai.levels import Level
from poolhall.equipment import CUE
from poolhall.game.actions import CallValue
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import SAFETY, Ruling

#: Cue-ball speeds at the object ball (m/s) tried for safeties, and for kicks (which lose speed in the rail).
SAFETY_ARRIVALS = (0.7, 1.4, 2.4)
KICK_ARRIVALS = (1.4, 2.4, 3.4)
#: Nearest legal balls a safety is tried on.
SAFETY_BALLS = 4
#: Levels with wide strokes: where none of the ``DEEP_CHECK`` best wide strokes, played once without noise, leaves
#: a next shot worth ``GOOD_LEAVE`` (``evaluate.leave_worth``, on a scale of 1), the called balls of the best
#: ``DEEP_SHOTS`` of them are tried again with the strokes below (``deep_strokes``) and the ``DEEP_KEEP`` best join
#: the first pass. Tip offsets beyond ``DEEP_TIP`` (of the radius) are left out: the noise would miscue them.
#: The three firmest arrivals (session 21) are for the last balls, where the cue ball must often cross the table
#: for shape on the 8: +3.8 +- 1.5 points of run-outs on 800 paired spread tables (docs/ai.md).
GOOD_LEAVE = 0.8
DEEP_CHECK = 5
DEEP_SHOTS = 2
DEEP_KEEP = 12
DEEP_ARRIVALS = (0.3, 0.42, 0.55, 0.68, 0.8, 1.0, 1.2, 1.4, 1.6, 1.9, 2.2, 2.7, 3.4, 4.2, 5.3)
DEEP_SPINS = (-0.45, -0.2, 0.0, 0.2, 0.45)
DEEP_SIDES = (-0.4, -0.15, 0.0, 0.15, 0.4)
DEEP_TIP = 0.47
#: 14.1 break shots (``break_shots``): the firm strokes are also tried with side, this fraction of the radius
#: either way, to steer the cue ball's route off the break ball into the pack; and up to ``BREAK_SPARE`` of
#: the strokes the noiseless prune leaves out still join the first pass (through ``more``), because one
#: noiseless play of a stroke into a pack is one draw of a chaotic outcome and picks the 4 kept half by luck.
#: Session 16, ``benchmarks/ai_targets.py breakpair``: +0.09 +- 0.07 balls of the first four after the break
#: shot on 200 check positions, then +0.19 +- 0.06 on 300 fresh ones (docs/ai.md); the cap bounds the cost
#: where the break ball has four or more pockets.
BREAK_SIDES: tuple[float, ...] = (-0.3, 0.0, 0.3)
BREAK_SPARE = 99


@dataclass(frozen=True)
class Candidate:
    stroke: Stroke
    call: CallValue
    kind: str


@dataclass(frozen=True)
class Choice:
    """The stroke chosen, its call, what kind of shot it is, and its evaluation; ``pot``: the best pot's
    evaluation when a safety was weighed against it (for diagnostics: what a safety was chosen over)."""

    stroke: Stroke
    call: CallValue
    kind: str
    estimate: Estimate
    pot: Estimate | None = None


class Played(NamedTuple):
    """A candidate played once without noise: its value, and its outcome (None: refused or a foul's end)."""

    score: float
    candidate: Candidate
    outcome: tuple[Ruling, Layout] | None


def pot_candidates(ctx: Context, level: Level) -> tuple[list[Candidate], list[Candidate]]:
    """Step 1 of the module docstring: the candidates, and the deeper strokes of shots whose wide strokes
    all leave a hard next shot (``deep_strokes``; empty elsewhere)."""
    cue = ctx.layout.position(CUE)
    assert cue is not None
    targets = ctx.targets()
    sigma = ctx.noise.sigma_phi
    found = shots.pots(ctx.layout, cue, targets, sigma)[: level.shots]
    if level.safeties:  # the levels that play safeties also know the harder pots
        extra = (
            shots.banks(ctx.layout, cue, targets, sigma)[:2]
            + shots.combos(ctx.layout, cue, targets, targets, sigma)[:2]
            + shots.caroms(ctx.layout, cue, targets, sigma)[:1]
        )
        found += extra[: max(2, level.shots - len(found))]
    out: list[Candidate] = []
    for k, shot in enumerate(found):
        if k < level.wide_shots and shot.kind == "pot":
            continue
        for stroke in shots.strokes(shot, level.arrivals, level.spins):
            out.append(Candidate(refine_aim(ctx, shot, stroke), shot.call(), shot.kind))
    wide = [
        Candidate(refine_aim(ctx, shot, stroke, steps=1), shot.call(), shot.kind)
        for shot in found[: level.wide_shots]
        if shot.kind == "pot"
        for stroke in shots.strokes(shot, level.wide_arrivals, level.spins, level.sides)
    ]
    firm, spare = break_shots(ctx, level, found)
    if len(wide) <= level.prune_to:
        return out + wide + firm, spare
    scored = played(ctx, wide, first_position(level))
    kept = [p.candidate for p in scored[: level.prune_to]]
    return out + kept + firm, deep_strokes(ctx, level, found, scored) + spare


def deep_strokes(ctx: Context, level: Level, found: list[shots.Shot], scored: list[Played]) -> list[Candidate]:
    """Where no wide stroke leaves a good next shot, more strokes for the shots that came closest, pruned.

    Session 12: two thirds of the runs' expected loss lay in pots under a true 0.7 that the shot
    before had left, and the stroke that left them was the best of its candidates (session 8): the
    six speeds x three tip heights x three sides held no stroke with a better leave. Such a shot
    (``GOOD_LEAVE`` not reached by any of the ``DEEP_CHECK`` best of ``scored``, the wide strokes
    played once without noise, best first) is tried again, for its ``DEEP_SHOTS`` best called balls,
    with finer speeds, more tip heights and side offsets, each aimed with one Newton step and played
    once without noise; the ``DEEP_KEEP`` best join the first pass. Elsewhere nothing is added, and
    the cost of the wide prune is all there is.

    Eight-ball only: the gain was measured on eight-ball's spread tables. In 14.1, paired position by
    position (``benchmarks/ai_targets.py run14``, session 15), they neither helped nor hurt beyond noise
    (+0.23 +- 0.37 balls an inning on 140 check positions, the inning changed on one in five), and on a
    break shot their soft strokes can push the firm ones out of the finalists (docs/ai.md, sessions 14
    and 15), so 14.1 keeps main's candidates.
    """
    if ctx.game != "eight-ball":
        return []
    top = scored[:DEEP_CHECK]
    if not end_of_rack(ctx) and good_leave(ctx, top):
        return []
    calls = list(dict.fromkeys(p.candidate.call for p in top if p.candidate.kind == "pot"))[:DEEP_SHOTS]
    tips = [(b, a) for b in DEEP_SPINS for a in DEEP_SIDES if math.hypot(a, b) <= DEEP_TIP]
    deep = [
        Candidate(refine_aim(ctx, shot, stroke, steps=1), shot.call(), shot.kind)
        for call in calls
        for shot in found[: level.wide_shots]
        if shot.kind == "pot" and shot.call() == call
        for b, a in tips
        for stroke in shots.strokes(shot, DEEP_ARRIVALS, (b,), (a,))
    ]
    return [p.candidate for p in played(ctx, deep, first_position(level))[:DEEP_KEEP]]


def end_of_rack(ctx: Context) -> bool:
    """Eight-ball with at most ``pattern.BALLS`` balls before the 8 (or the 8): where the pattern judges the
    leave, and where most of the hard shots that end runs are left (session 9: 18 of 26 pots under a true 0.9)."""
    return ctx.game == "eight-ball" and pattern.left_to_play(ctx) <= pattern.BALLS


def good_leave(ctx: Context, top: list[Played]) -> bool:
    """One of ``top`` (played once without noise by the prune: its outcome is reused, not simulated again) is
    made and leaves a next shot worth ``GOOD_LEAVE``."""
    outs = [p.outcome for p in top]
    return any(out is not None and made(ctx, out[0]) and leave_worth(ctx, *out) >= GOOD_LEAVE for out in outs)


def break_shots(ctx: Context, level: Level, found: list[shots.Shot]) -> tuple[list[Candidate], list[Candidate]]:
    """14.1 (levels with wide strokes): on a fresh rack, the break ball's pots at ``pattern.BREAK_ARRIVALS``, pruned
    to ``pattern.BREAK_KEEP``; and up to ``BREAK_SPARE`` of those the prune left out, for the first pass's ``more``."""
    ball = pattern.break_ball(ctx) if level.wide_shots else None
    if ball is None:
        return [], []
    firm = [
        Candidate(refine_aim(ctx, shot, stroke, steps=1), shot.call(), shot.kind)
        for shot in found
        if shot.ball == ball and shot.kind == "pot"
        for stroke in shots.strokes(shot, pattern.BREAK_ARRIVALS, level.spins, BREAK_SIDES)
    ]
    kept, rest = prune(ctx, firm, pattern.BREAK_KEEP)
    return kept, rest[:BREAK_SPARE]


def first_position(level: Level) -> Position:
    """How the first pass (and the prune) judges a pot's leave: as the second pass does where that is cheap.

    The look-ahead's second pass judges the last balls before the game ball by the pattern
    (``ai/pattern.py``, no simulation); a first pass that ranked them by the plain estimate sent to it
    only the strokes with the best next shot, not those with the best way on from it. Elsewhere the
    pattern falls back to the plain estimate.
    """
    return "none" if level.position == "none" else "pattern" if level.position == "lookahead" else "quick"


def prune(
    ctx: Context, candidates: list[Candidate], keep: int, position: Position = "quick"
) -> tuple[list[Candidate], list[Candidate]]:
    """The ``keep`` candidates worth most when each is played once without noise (``position``: the leave's
    judge), and the others, best first (14.1's break shots still sample some of them: ``break_shots``).

    The cheap filter that lets a level try many position strokes (finer speeds, side): one
    simulation and ruling each, in one ``simulate_many`` call per called ball, instead of a
    noisy pass over all of them.
    """
    if len(candidates) <= keep:
        return candidates, []
    ranked = [p.candidate for p in played(ctx, candidates, position)]
    return ranked[:keep], ranked[keep:]


def played(ctx: Context, candidates: list[Candidate], position: Position) -> list[Played]:
    """Each candidate played once without noise and valued (``position``: the leave's judge), best first."""
    scores = []
    for call in dict.fromkeys(c.call for c in candidates):
        group = [c for c in candidates if c.call == call]
        for c, out in zip(group, play_many(ctx, [c.stroke for c in group], call), strict=True):
            score = FOUL if out is None else value(ctx, out[0], out[1], position, None)  # type: ignore[arg-type]
            scores.append(Played(score, c, out))
    order = sorted(range(len(scores)), key=lambda i: -scores[i].score)
    return [scores[i] for i in order]


def safety_candidates(ctx: Context, safety_allowed: bool, balls: int = SAFETY_BALLS) -> list[Candidate]:
    """Hits of the nearest legal balls at several thicknesses and speeds; kicks (aimed by trial) if none is seen."""
    cue = ctx.layout.position(CUE)
    assert cue is not None
    targets = ctx.targets() or sorted(ctx.situation.on_table)
    call: CallValue = SAFETY if safety_allowed else None
    chosen = shots.safeties(ctx.layout, cue, targets, balls) or shots.kicks(ctx.layout, cue, targets)[:6]
    if not chosen:  # nothing in sight, not even off a rail: hit toward the nearest ball and hope
        ball = min(targets, key=lambda b: math.dist(cue, ctx.layout.position(b) or cue))
        xy = ctx.layout.position(ball) or cue
        phi = math.atan2(xy[1] - cue[1], xy[0] - cue[0])
        chosen = [shots.Shot("safety", ball, None, None, phi, 0.0, math.dist(cue, xy), 0.0, 0.0)]
    out = []
    for s in chosen:
        for v in KICK_ARRIVALS if s.kind == "kick" else SAFETY_ARRIVALS:
            stroke = Stroke(speed=shots.stick_speed(s, v), phi=s.phi)
            out.append(Candidate(aim_kick(ctx, s, stroke) if s.kind == "kick" else stroke, call, s.kind))
    return out


def evaluate_all(
    ctx: Context, candidates: Sequence[Candidate], samples: int, position: Position, seeds: Sequence[int],
    pool: Executor | None = None,
) -> list[Estimate]:  # fmt: skip
    """Each candidate's estimate with its own seed; split over ``pool`` when one is given."""
    jobs = [(c.stroke, c.call, int(seed)) for c, seed in zip(candidates, seeds, strict=True)]
    if pool is None or len(jobs) < 8:
        return _evaluate_chunk(ctx, jobs, samples, position)
    half = (len(jobs) + 1) // 2
    futures = [pool.submit(_evaluate_chunk, ctx, part, samples, position) for part in (jobs[:half], jobs[half:])]
    return [e for f in futures for e in f.result()]


def _evaluate_chunk(
    ctx: Context, jobs: Sequence[tuple[Stroke, CallValue, int]], samples: int, position: Position
) -> list[Estimate]:
    return [estimate(ctx, stroke, call, samples, np.random.default_rng(seed), position) for stroke, call, seed in jobs]


def _search(
    ctx: Context, candidates: list[Candidate], level: Level, rng: np.random.Generator, pool: Executor | None,
    samples: int, finalists: int, final_samples: int, first_pass: Position, more: Sequence[Candidate] = (),
) -> Choice | None:  # fmt: skip
    """Two passes (steps 2 and 3) over ``candidates`` and ``more``; the best by mean value (``first_pass``: how
    the first pass judges position).

    ``more`` (the deeper strokes) draw their first-pass seeds from a stream spawned off ``rng``, which
    leaves ``rng``'s own draws as they were: every other candidate, and the second pass, sample as they
    would without them, so a decision changes only where one of ``more`` is among the finalists, and a
    paired comparison with a version that lacks them measures them, not reshuffled noise (session 13)."""
    if not candidates and not more:
        return None
    seeds = rng.integers(0, 2**63, size=len(candidates))
    if more:
        seeds = np.concatenate([seeds, rng.spawn(1)[0].integers(0, 2**63, size=len(more))])
    candidates = [*candidates, *more]
    first = evaluate_all(ctx, candidates, samples, first_pass, seeds, pool)
    order = sorted(range(len(candidates)), key=lambda i: -first[i].value)[:finalists]
    kept = [candidates[i] for i in order]
    if level.centre_aim:
        kept = [replace(c, stroke=window.centred(ctx, c.stroke, c.call)) for c in kept]
    seeds = rng.integers(0, 2**63, size=len(kept))
    second = evaluate_all(ctx, kept, final_samples, level.position, seeds, pool)
    best = max(range(len(kept)), key=lambda i: second[i].value)
    return Choice(kept[best].stroke, kept[best].call, kept[best].kind, second[best])


def best_shot(
    ctx: Context, level: Level, rng: np.random.Generator, safety_allowed: bool = True, pool: Executor | None = None
) -> Choice:
    """The stroke to play (see the module docstring)."""
    candidates, deeper = pot_candidates(ctx, level)
    pot = _search(
        ctx, candidates, level, rng, pool, level.samples, level.finalists, level.final_samples,
        first_position(level), deeper,
    )  # fmt: skip
    if pot is not None and (not level.safeties or pot.estimate.pot_rate >= level.safety_threshold):
        return pot
    wide = safety.candidates(ctx, safety_allowed, level.safety_prune) if level.safety_prune else []
    balls = SAFETY_BALLS if level.safeties else 1
    safeties = [Candidate(*c) for c in wide] or safety_candidates(ctx, safety_allowed, balls)
    if not level.safeties:  # a plain hit: the nearest ball, full, at medium pace
        safeties = [safeties[len(safeties) // 2]]
    quick: Position = "none" if level.position == "none" else "quick"
    safe = _search(
        ctx, safeties, level, rng, pool, level.safety_samples, level.finalists, level.final_samples, quick
    )  # fmt: skip
    assert safe is not None
    if pot is None or safe.estimate.value > pot.estimate.value:
        return replace(safe, pot=None if pot is None else pot.estimate)
    return pot
