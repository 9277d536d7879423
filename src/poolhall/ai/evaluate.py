"""Evaluation by simulation: play a stroke many times under the player's own noise and rule each outcome.

Every sample is simulated (``physics.simulate_many``: one position, all the
noisy strokes of an estimate in one call), turned into shot facts by
the match layer's ``game.facts.shot_facts`` and ruled by the real referee
(``game.transitions.REFEREES``), so "a legal pot" means exactly what the match
will rule. Each ruling gets a value from the shooter's side:

- the game won (lost): ``+WIN`` (``-WIN``);
- the turn goes on: ``CONTINUE`` plus the quality of the next position —
  the best next pot's chance (the quick estimate of ``geometry.chances``, or,
  with look-ahead, a small simulation of the best next shots; at the end of an eight-ball rack a small
  search of the next shot, each stroke valued with its own leave, ``next_shot_quality``) — less ``trouble``
  for the legal balls left with no way into a pocket (so a shot that breaks a
  cluster open is worth what it frees: the break-out), plus what the shot cleared of the
  shooter's problem balls (``problems.cost`` before less after: eight-ball balls few spots reach);
  in eight-ball a leave counts ``RUN_STAKE`` times, ``EIGHT_STAKE`` times when its next ball is the 8 (``stake``);
- a foul: ``FOUL`` (the opponent comes to the table with the advantage);
- the turn ends otherwise: minus ``LEAVE`` times the opponent's best chance (with look-ahead, his
  best reply simulated: straight pots, banks and combinations, ``reply_quality``).

14.1 points won or lost add on top. The mean over the samples is the stroke's
value; the share of continued turns (or games won: the 8) is its pot rate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from poolhall.ai import geometry, pattern, problems, shots
from poolhall.ai.context import Context, next_context
from poolhall.equipment import CUE, EIGHT
from poolhall.game import facts
from poolhall.game.actions import CallValue
from poolhall.game.transitions import REFEREES
from poolhall.layout import Layout
from poolhall.physics import Outcomes, ShotResult, Stroke, simulate, simulate_many
from poolhall.rules.model import Call, RefereeError, Ruling, Shot

WIN = 6.0
CONTINUE = 1.0
FOUL = -1.2
LEAVE = 0.9
#: What each legal ball with no way into any pocket (``geometry.pocketable``: in a cluster, walled off)
#: costs the shooter's leave: it needs a break-out or a safety later. ``TROUBLE`` for each of the first
#: ``TROUBLE_BALLS``, ``PACK`` for each further one: a pack (a 14.1 rack) is opened by one shot, not one per
#: ball, and at the full rate a fresh rack would make every pot toward it look worse than a safety; yet
#: a break shot must still gain by spreading the pack.
TROUBLE = 0.1
TROUBLE_BALLS = 3
PACK = 0.03
#: Value of the next position when the cue ball is in hand (it can go anywhere useful).
IN_HAND_QUALITY = 0.8
#: A leave whose next shot is the game ball (eight-ball: the 8 is the shooter's only legal ball) is worth its
#: chance times this rather than times 1: that pot wins the game (``WIN``), every other pot only goes on.
EIGHT_STAKE = 4.0
#: Eight-ball: what any other leave is worth per unit of its next pot's chance. A run out is a product of pot
#: chances, in which this shot's chance and the next one's weigh the same; in the sum a stroke is valued by,
#: this shot's chance carries ``CONTINUE`` + the leave + ``LEAVE`` times the reply (about 2.5), the leave's
#: chance only its own weight, so at 1 a sure pot with a poor leave outscored a slightly harder one with a
#: good leave, and runs ended on the hard shots so left.
RUN_STAKE = 2.0
#: Position kinds: none (pot rate only), quick (geometric estimate), pattern (the quick estimate with the ball
#: after next kept in mind, ``ai/pattern.py``), lookahead (simulated next shot; pattern beyond the first samples).
Position = str


@dataclass(frozen=True)
class Estimate:
    """A stroke's evaluation: mean value, pot rate, foul rate over ``samples`` simulations.

    The pot rate is the share of samples that keep the table or win the game (``made``): the pot of the
    8 ends the turn, and counted as a miss it made every leave on the 8 look like no shot at all."""

    stroke: Stroke
    call: CallValue
    value: float
    pot_rate: float
    foul_rate: float
    samples: int


def play_out(ctx: Context, stroke: Stroke, call: CallValue) -> tuple[Ruling, Layout] | None:
    """Simulate ``stroke`` and rule it; None if the simulator or the referee refuses (treated as a foul)."""
    try:
        result = simulate(ctx.layout, stroke)
    except ValueError:
        return None
    return rule(ctx, result, call)


def play_many(ctx: Context, strokes: list[Stroke], call: CallValue) -> list[tuple[Ruling, Layout] | None]:
    """``play_out`` of every stroke, simulated in one ``simulate_many`` call (one by one if one is refused).

    The batch's outcome arrays are all the referee needs (``facts.outcome_facts``), so no
    ``ShotResult`` is built; the rulings are those of ``play_out``, stroke by stroke.
    """
    try:
        out = simulate_many(ctx.layout, strokes)
    except ValueError:
        return [play_out(ctx, stroke, call) for stroke in strokes]
    assert isinstance(out, Outcomes)
    return [rule_outcome(ctx, out, k, call) for k in range(len(strokes))]


def rule_outcome(ctx: Context, out: Outcomes, k: int, call: CallValue) -> tuple[Ruling, Layout] | None:
    """The referee's ruling of shot ``k`` of a ``simulate_many`` batch and the table after it (None if refused)."""
    facts_k = facts.outcome_facts(out, k, call, ctx.situation.ball_in_hand, ctx.straight_pool)
    return _ruled(ctx, facts_k, out.final(k))


def rule(ctx: Context, result: ShotResult, call: CallValue) -> tuple[Ruling, Layout] | None:
    """The referee's ruling of a simulated shot and the table after it (None if the referee refuses)."""
    return _ruled(ctx, facts.shot_facts(result, call, ctx.situation.ball_in_hand, ctx.straight_pool), result.final)


def _ruled(ctx: Context, shot: Shot, final: Layout) -> tuple[Ruling, Layout] | None:
    try:
        ruling = REFEREES[ctx.game](ctx.options, ctx.situation, shot)
    except RefereeError:
        return None
    return ruling, final


def continued(ctx: Context, ruling: Ruling) -> bool:
    """The shooter keeps the table after a legal shot."""
    return ruling.turn_continues and not ruling.foul and ruling.next_shooter == ctx.shooter


def made(ctx: Context, ruling: Ruling) -> bool:
    """The shot did what a pot is for: the shooter keeps the table, or has won the game (the 8 potted)."""
    return continued(ctx, ruling) or (ruling.game_over and ruling.winner == ctx.shooter)


def quick_quality(ctx: Context) -> float:
    """The best straight-in chance for ``ctx``'s shooter from where the cue ball lies."""
    cue = ctx.layout.position(CUE)
    if cue is None:
        return IN_HAND_QUALITY
    found = geometry.chances(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)
    return float(found.max()) if found.size else 0.0


def simulated_quality(ctx: Context, rng: np.random.Generator, shots_tried: int = 3, samples: int = 6) -> float:
    """One ply of look-ahead: the best pot rate among the next best straight pots, each simulated."""
    cue = ctx.layout.position(CUE)
    if cue is None:
        return IN_HAND_QUALITY
    return best_rate(ctx, shots.pots(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)[:shots_tried], rng, samples)


#: The endgame's look-ahead (``next_shot_quality``): used for leaves with at most ``ENDGAME_BALLS`` balls before
#: the game ball; the next shot's best ``NEXT_POTS`` straight pots, each at pro's first-pass speeds and tip
#: heights, ``NEXT_SAMPLES`` noisy plays a stroke.
ENDGAME_BALLS = 2
NEXT_POTS = 2
NEXT_ARRIVALS = (0.3, 0.8, 1.6)
NEXT_SPINS = (-0.35, 0.0, 0.35)
NEXT_SAMPLES = 2


def next_shot_quality(ctx: Context, rng: np.random.Generator) -> float:
    """The endgame's look-ahead: the leave is worth the best next stroke, found by a small search of the next shot.

    ``simulated_quality`` plays the next straight pots once each at a medium pace with a centre hit, so
    it says whether the next ball goes, not whether it can be potted with shape on the one after; at the
    end of a rack that is what ends runs (session 9: 18 of the 26 pots under a true 0.9 came with two
    balls or fewer left before the 8). Here each of the ``NEXT_POTS`` best pots is played at
    ``NEXT_ARRIVALS`` x ``NEXT_SPINS``, ``NEXT_SAMPLES`` noisy plays a stroke, in one ``simulate_many``
    batch a pot. A stroke is worth its pot rate (its own samples and, with as much weight, all the
    pot's strokes' samples: two plays alone would let the best of nine strokes pick the luckiest rate,
    the pot's rate alone would charge a straight-in leave for the follow strokes that scratch) times
    ``1 - pattern.WEIGHT + pattern.WEIGHT * q``, ``q`` the mean over the stroke's made samples of its
    own leave by the pattern (``pattern.quality``, 1 for the game won): the scale of
    ``pattern.quality``, which judges the search's other samples.
    """
    cue = ctx.layout.position(CUE)
    if cue is None:
        return IN_HAND_QUALITY
    best = 0.0
    for shot in shots.pots(ctx.layout, cue, ctx.targets(), ctx.noise.sigma_phi)[:NEXT_POTS]:
        call = shot.call()
        strokes = shots.strokes(shot, arrivals=NEXT_ARRIVALS, spins=NEXT_SPINS)
        noisy = [s for stroke in strokes for s in ctx.noise.samples(stroke, NEXT_SAMPLES, rng)]
        outs = play_many(ctx, noisy, call)
        leaves: list[list[float]] = [[] for _ in strokes]
        for k, out in enumerate(outs):
            if out is not None and made(ctx, out[0]):
                leaves[k // NEXT_SAMPLES].append(leave_worth(ctx, *out))
        pooled = sum(map(len, leaves)) / len(outs)
        for worths in leaves:
            if worths:
                rate = (len(worths) + NEXT_SAMPLES * pooled) / (2 * NEXT_SAMPLES)
                best = max(best, rate * (1 - pattern.WEIGHT + pattern.WEIGHT * sum(worths) / len(worths)))
    return best


def leave_worth(ctx: Context, ruling: Ruling, final: Layout) -> float:
    """A made next shot's own leave: 1 if it won the game, else the pattern's worth (the quick chance beyond it)."""
    if ruling.game_over:
        return 1.0
    after = next_context(ctx, final, ruling)
    if after is None:
        return 0.0
    worth = pattern.quality(after)
    return quick_quality(after) if worth is None else min(worth, 1.0)


def endgame(ctx: Context) -> bool:
    """The leave is at the end of an eight-ball rack: at most ``ENDGAME_BALLS`` balls before the 8, or the 8."""
    return ctx.game == "eight-ball" and pattern.left_to_play(ctx) <= ENDGAME_BALLS


#: The replies an opponent is credited with after a shot that passes the turn: straight pots, banks, combinations.
REPLY_POTS, REPLY_BANKS, REPLY_COMBOS = 3, 2, 1


def reply_quality(ctx: Context, rng: np.random.Generator, samples: int = 6) -> float:
    """The opponent's best reply, found as the search finds a shot: his best straight pots, banks and
    combinations (``shots``), each aimed (one Newton step) and simulated under noise; his best pot rate.

    ``ctx`` is the opponent's (``next_context``). What a safety leaves is judged by this rather than
    by the straight-in estimate alone, which is blind to banks and combinations and reads every open
    shot near its cap. The opponent's noise is taken to be the shooter's own (the view does not say
    how well he plays).
    """
    cue = ctx.layout.position(CUE)
    if cue is None:
        return IN_HAND_QUALITY
    layout, targets, sigma = ctx.layout, ctx.targets(), ctx.noise.sigma_phi
    found = (
        shots.pots(layout, cue, targets, sigma)[:REPLY_POTS]
        + shots.banks(layout, cue, targets, sigma)[:REPLY_BANKS]
        + shots.combos(layout, cue, targets, targets, sigma)[:REPLY_COMBOS]
    )
    return best_rate(ctx, found, rng, samples, aim=True)


def best_rate(
    ctx: Context, found: list[shots.Shot], rng: np.random.Generator, samples: int, aim: bool = False
) -> float:
    """The best pot rate among ``found``, each played at a medium pace with a centre hit ``samples`` times."""
    best = 0.0
    for shot in found:
        stroke = shots.strokes(shot, arrivals=(0.6,), spins=(0.0,))[0]
        if aim:
            stroke = refine_aim(ctx, shot, stroke, steps=1)
        call = shot.call()
        est = estimate(ctx, stroke, call, samples, rng, position="none")
        best = max(best, est.pot_rate)
    return best


def quick_reply(ctx: Context) -> float:
    """The opponent's best chance by geometry alone: his best straight-in chance, bank and combination
    (``shots``' estimates, no simulation).

    ``ctx`` is the opponent's. After a safety the straight-in estimate alone reads a table with no
    straight pot as safe, while the banks and combinations he then finds go in most of the time (of
    pro's failed safeties replayed on 14.1 and eight-ball positions from games, most were answered
    by a combination or a bank the search had not counted); it costs a few milliseconds, so it
    judges the samples ``reply_quality`` cannot afford.
    """
    cue = ctx.layout.position(CUE)
    if cue is None:
        return IN_HAND_QUALITY
    best = quick_quality(ctx)
    layout, targets, sigma = ctx.layout, ctx.targets(), ctx.noise.sigma_phi
    if best < geometry.MAX_CHANCE and targets:
        for found in (shots.banks(layout, cue, targets, sigma), shots.combos(layout, cue, targets, targets, sigma)):
            best = max(best, found[0].estimate) if found else best
    return best


def value(
    ctx: Context, ruling: Ruling, final: Layout, position: Position, rng: np.random.Generator, replies: bool = False
) -> float:
    """The value of one ruled outcome for ``ctx``'s shooter (see the module docstring); ``replies``: a turn
    that passes is judged by the opponent's simulated reply with look-ahead (the search asks it for
    safeties), by ``quick_reply`` with the pattern (look-ahead's other samples, the safety prune)."""
    me = ctx.shooter
    if ruling.game_over:
        return 0.0 if ruling.winner is None else WIN if ruling.winner == me else -WIN
    points = ruling.points.get(me, 0) - ruling.points.get("B" if me == "A" else "A", 0) if ctx.straight_pool else 0
    if ruling.foul:
        return FOUL + min(points, 0)
    after = next_context(ctx, final, ruling)
    if continued(ctx, ruling):
        if position == "none" or after is None:
            return CONTINUE + max(points - 1, 0)
        base = CONTINUE + max(points - 1, 0) + problems.cost(ctx) - problems.cost(after)
        breaking = ctx.situation.break_shot
        if position == "lookahead":
            ahead = next_shot_quality(after, rng) if endgame(after) else simulated_quality(after, rng)
            return base + stake(after, breaking) * ahead - trouble(after)
        return base + judged(after, position, breaking)
    if after is None:
        return points
    if not replies or position in ("none", "quick"):
        reply = quick_quality(after)
    elif position == "lookahead":
        reply = reply_quality(after, rng)
    else:
        reply = quick_reply(after)
    return points - LEAVE * reply


def stake(ctx: Context, breaking: bool = False) -> float:
    """What the next pot is worth to ``ctx``'s shooter, per unit of its chance: eight-ball, ``EIGHT_STAKE`` on
    the game ball, else ``RUN_STAKE``, or 1 for the leave of a break (``breaking``); 1 in 14.1 (not measured
    there).

    The break's leave keeps the plain weight: the break plan (``ai/breaks.py``) weighs keeping the table
    against the leave, and with the leave doubled pro's plan changed from an 8 m/s follow break to a
    10 m/s draw break that fouled twice as often (6.8 % against 3.3 % of 600 noisy breaks on 30 racks) and
    kept the table less (67 % against 74 %); ``RUN_STAKE`` was measured on runs from ball in hand only.

    With the 8 next, the difference between a good leave and a poor one is the game, not one more turn
    at the table; valued at the plain rate, a sure pot of the last ball that leaves a long shot on the 8
    scored nearly as well as a slightly riskier one that leaves it straight in; of pro's failed runs from
    ball in hand on 90 spread tables, 34 of 59 ended on the last ball of the group or on the 8.
    """
    if ctx.game != "eight-ball":
        return 1.0
    if ctx.targets() == [EIGHT]:
        return EIGHT_STAKE
    return 1.0 if breaking else RUN_STAKE


def trouble(ctx: Context) -> float:
    """What the shooter's legal balls with no way into a pocket cost (``TROUBLE``, ``PACK``)."""
    targets = ctx.targets()
    return _trouble(geometry.ways(ctx.layout, targets).pocketable) if targets else 0.0


def _trouble(pocketable: np.ndarray) -> float:
    dead = int(np.count_nonzero(~pocketable))
    return TROUBLE * min(dead, TROUBLE_BALLS) + PACK * max(dead - TROUBLE_BALLS, 0)


def judged(ctx: Context, position: Position, breaking: bool = False) -> float:
    """The geometric judgement of a leave, less its ``trouble``: the pattern where it applies (``position``
    "pattern"), else the quick estimate; both from one pass over the object balls' paths (``breaking``: the
    leave of a break, ``stake``)."""
    targets = ctx.targets()
    cue = ctx.layout.position(CUE)
    if not targets:
        return IN_HAND_QUALITY if cue is None else 0.0
    found = geometry.ways(ctx.layout, targets)
    cost = _trouble(found.pocketable)
    if cue is None:
        return IN_HAND_QUALITY - cost
    if position == "pattern":
        worth = pattern.quality(ctx)
        if worth is not None:
            return stake(ctx, breaking) * worth - cost
    best = geometry.chances_from(ctx.layout, np.asarray([cue], dtype=float), targets, ctx.noise.sigma_phi, found)
    return stake(ctx, breaking) * float(best.max()) - cost


def estimate(
    ctx: Context, stroke: Stroke, call: CallValue, samples: int, rng: np.random.Generator, position: Position = "quick",
    position_samples: int = 4,
) -> Estimate:  # fmt: skip
    """Mean value of ``stroke`` over ``samples`` noisy executions; position scored on the first few outcomes."""
    total, pots, fouls, scored = 0.0, 0, 0, 0
    for out in play_many(ctx, ctx.noise.samples(stroke, samples, rng), call):
        if out is None:
            total += FOUL
            fouls += 1
            continue
        ruling, final = out
        pots += made(ctx, ruling)
        fouls += ruling.foul
        kind = position if scored < position_samples else "pattern" if position == "lookahead" else position
        scored += 1
        total += value(ctx, ruling, final, kind, rng, replies=not isinstance(call, Call))
    return Estimate(stroke, call, total / samples, pots / samples, fouls / samples, samples)


def refine_aim(ctx: Context, shot: shots.Shot, stroke: Stroke, steps: int = 2) -> Stroke:
    """Correct the cue direction for throw and squirt: Newton steps on the first ball's simulated departure.

    Moving the aim by d phi turns the object ball by -d1 d phi / (2R cos cut)
    (``geometry``), so each step moves phi by the departure error times
    -2R cos(cut) / d1. Shots without a wanted direction are returned as they are.
    """
    if shot.direction is None:
        return stroke
    r = ctx.layout.table.ball.radius
    want = math.atan2(shot.direction[1], shot.direction[0])
    gain = -2 * r * max(math.cos(shot.cut), 0.1) / max(shot.cue_travel, 2 * r)
    for _ in range(steps):
        got = departure(ctx.layout, stroke, shot.first)
        if got is None:
            return stroke
        error = math.remainder(want - got, 2 * math.pi)
        if abs(error) < 1e-5:
            break
        stroke = Stroke(speed=stroke.speed, phi=stroke.phi + gain * error, theta=stroke.theta, a=stroke.a, b=stroke.b)
    return stroke


#: Aim offsets (rad) a kick is tried at around its corrected line, 2.5 mrad apart.
KICK_SCAN = tuple(float(d) for d in np.linspace(-0.03, 0.03, 25))
#: Secant steps that correct a kick's mirror line by the cue ball's simulated path, the first step's size
#: (rad), and the miss (a fraction of the ball radius) at which the line counts as on the ball.
KICK_STEPS = 6
KICK_FIRST_STEP = 0.01
KICK_ON_BALL = 0.25


def aim_kick(ctx: Context, shot: shots.Shot, stroke: Stroke) -> Stroke:
    """A kick's aim by the simulator: its mirror line corrected by the cue ball's path, then centred by trial.

    The mirror line assumes a cushion that reflects like a mirror; a real one (Mathavan 2010 in the
    simulator) sends the ball off nearer the perpendicular than a mirror, by an angle that depends on
    its speed and spin (a rolling ball at 45 degrees comes off at about 52), so the mirror line can
    miss a ball a metre beyond the rail by more than its width. As a player with a diamond system
    corrects for the cushion he knows, the aim is first corrected by secant steps on how far the cue
    ball's simulated path, alone on the table, passes beside the ball (``kick_miss``); then noiseless
    strokes across ``KICK_SCAN`` around that line, among the real balls, find the longest run whose
    first contact is ``shot.first``, and the stroke aims at its centre. With no hit at all the
    corrected stroke is returned (its evaluation will show the foul).
    """
    stroke = _kick_line(ctx.layout, shot, stroke)
    hits = _hit_first(ctx.layout, [replace(stroke, phi=stroke.phi + d) for d in KICK_SCAN], shot.first)
    best: tuple[int, int] | None = None
    start = None
    for i, hit in enumerate([*hits, False]):
        if hit and start is None:
            start = i
        elif not hit and start is not None:
            if best is None or i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    if best is None:
        return stroke
    middle = (KICK_SCAN[best[0]] + KICK_SCAN[best[1] - 1]) / 2
    return replace(stroke, phi=stroke.phi + middle)


def _kick_line(layout: Layout, shot: shots.Shot, stroke: Stroke) -> Stroke:
    """The stroke whose cue ball, alone on the table, passes through the centre of ``shot.first`` (secant steps).

    Stops at the first stroke within ``KICK_ON_BALL`` radii; keeps the best one tried when the steps do
    not converge (a path that ends in a pocket has no miss, and stops the search).
    """
    r = layout.table.ball.radius
    best, best_miss = stroke, kick_miss(layout, shot, stroke)
    if best_miss is None:
        return stroke
    phi0, miss0 = stroke.phi, best_miss
    phi1 = phi0 + KICK_FIRST_STEP
    for _ in range(KICK_STEPS):
        if abs(best_miss) < KICK_ON_BALL * r:
            break
        tried = replace(stroke, phi=phi1)
        miss1 = kick_miss(layout, shot, tried)
        if miss1 is None:
            break
        if abs(miss1) < abs(best_miss):
            best, best_miss = tried, miss1
        if miss1 == miss0:
            break
        phi0, miss0, phi1 = phi1, miss1, phi1 - miss1 * (phi1 - phi0) / (miss1 - miss0)
    return best


def kick_miss(layout: Layout, shot: shots.Shot, stroke: Stroke) -> float | None:
    """How far beside ``shot.first``'s centre the cue ball, alone on the table, passes on the kick's last leg (m).

    The last leg is the path between the cushion contact that ends the planned ``shot.rails`` and the
    next one (a later leg is another kick), on the cloth (a path that ends in a pocket counts up to its
    drop). Signed: positive when the ball's centre is to the left of the cue ball's motion at its
    closest approach. None when the cue ball does not reach that leg.
    """
    cue = layout.position(CUE)
    target = layout.position(shot.first)
    assert cue is not None and target is not None
    try:
        result = simulate(Layout.from_positions({CUE: cue}, table=layout.table), stroke)
    except ValueError:
        return None
    rails = [e.time for e in result.events if e.kind == "ball-cushion"]
    if len(rails) < max(shot.rails, 1):
        return None
    start = rails[max(shot.rails, 1) - 1]
    end = rails[shot.rails] if len(rails) > shot.rails else math.inf
    best: tuple[float, float] | None = None  # (distance, signed miss)
    for seg in result.segments[CUE]:
        if seg.t1 <= start or seg.t0 >= end or seg.motion not in ("sliding", "rolling", "spinning"):
            continue
        for t in np.linspace(max(start, seg.t0), min(end, seg.t1), 33):
            state = seg.state(float(t))
            dx, dy = target[0] - state.position[0], target[1] - state.position[1]
            dist, (vx, vy) = math.hypot(dx, dy), state.velocity
            speed = math.hypot(vx, vy)
            if speed > 0 and (best is None or dist < best[0]):
                best = (dist, (vx * dy - vy * dx) / speed)
    return None if best is None else best[1]


def _hit_first(layout: Layout, strokes: list[Stroke], ball: int) -> list[bool]:
    """For each stroke, whether the cue ball touches ``ball`` first, alone (one ``simulate_many`` call)."""
    try:
        out = simulate_many(layout, strokes)
    except ValueError:
        return [False] * len(strokes)
    assert isinstance(out, Outcomes)
    return [bool(row[0] == ball and row[1] < 0) for row in out.first_contact.tolist()]


def departure(layout: Layout, stroke: Stroke, ball: int) -> float | None:
    """The direction ``ball`` leaves in when the cue ball hits it first (None if it is not hit first)."""
    try:
        result = simulate(layout, stroke)
    except ValueError:
        return None
    first, index = facts.first_contact(result.events)
    if first != (ball,) or index is None:
        return None
    when = result.events[index].time
    for seg in result.segments.get(ball, []):
        if seg.t0 >= when - 1e-12 and (seg.v0[0] or seg.v0[1]):
            return math.atan2(seg.v0[1], seg.v0[0])
    return None
