"""Candidate shots by geometry (no physics): what to hit, where to aim, and the strokes worth trying.

Kinds, each with a quick success estimate used only to order them
(``geometry.chance``); the search simulates the best of them:

- ``pot``: straight in by ghost-ball aiming at the middle of the pocket's
  window (``geometry.windows``), cue-ball and object-ball paths clear;
- ``bank``: the object ball off one rail (aimed at the pocket's mirror image
  in the line its centre touches the rail on);
- ``combo``: the cue ball sends a legal ball into the called ball, which goes in;
- ``carom``: the called ball glances off another ball into the pocket (the
  90-degree rule for a stun contact gives the kiss point);
- ``kick``: the cue ball off one rail or two into a legal ball (to hit it when it is hidden);
- ``safety``: a direct hit of a legal ball at a chosen thickness.

``strokes`` turns a shot into a few strokes: speeds that bring the object
ball to the pocket slowly, medium or firmly, with draw, stun or follow, so the
search can pick the one that leaves the cue ball best.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from poolhall.ai import geometry
from poolhall.ai.geometry import Point
from poolhall.equipment import CUE, POCKETS, PhysicsParams, TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Call

ShotKind = Literal["pot", "bank", "combo", "carom", "kick", "safety"]

_PARAMS = PhysicsParams()
#: Cue-ball speed per unit of cue speed for a centre hit (the impulse of ``physics.stroke.cue_strike``).
LAUNCH = (1 + _PARAMS.tip_restitution) / (1 + 0.170 / _PARAMS.cue_mass)
#: Object-ball speed per unit of cue-ball speed along the line of centres ((1 + e) / 2).
TRANSFER = (1 + _PARAMS.e_ball) / 2
#: Speed kept through one cushion contact (its restitution, a little less for the friction).
CUSHION_KEEP = 0.8
MIN_STICK, MAX_STICK = 0.4, 7.5
#: Object-ball speeds on arrival at the pocket (m/s) and tip heights (draw, stun, follow) tried per shot.
ARRIVALS = (0.3, 0.8, 1.6)
SPINS = (-0.35, 0.0, 0.35)
#: Half widths (rad) given to shots whose window the straight-in formula does not cover.
BANK_WINDOW = 0.02


@dataclass(frozen=True)
class Shot:
    """A shot to try: hit ``first`` with the cue aimed at ``phi``; ``ball`` into ``pocket`` when it is a pot."""

    kind: ShotKind
    first: int
    ball: int | None
    pocket: str | None
    phi: float
    cut: float
    cue_travel: float
    ball_travel: float
    estimate: float
    #: The direction the first ball must leave in (straight pots; lets the search correct the aim for throw).
    direction: Point | None = None
    #: The cushions a kick's planned path meets before the ball (1 or 2; 0 for other shots).
    rails: int = 0

    def call(self) -> Call | None:
        """What the shooter calls for this shot: its ball and pocket, or nothing (a safety, a kick)."""
        return Call(self.ball, self.pocket) if self.ball is not None and self.pocket is not None else None


def _unit(dx: float, dy: float) -> tuple[Point, float]:
    norm = math.hypot(dx, dy) or 1e-12
    return (dx / norm, dy / norm), norm


def _cut(cue: Point, ghost: Point, direction: Point) -> tuple[float, float]:
    """The cut angle at a ghost position and the cue ball's travel to it."""
    (ux, uy), travel = _unit(ghost[0] - cue[0], ghost[1] - cue[1])
    return math.acos(max(-1.0, min(1.0, ux * direction[0] + uy * direction[1]))), travel


def _aim(cue: Point, ghost: Point) -> float:
    return math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])


# ------------------------------------------------------------------ pots and their variants
def pots(layout: Layout, cue: Point, targets: list[int], sigma_phi: float) -> list[Shot]:
    """Every straight-in pot with a window, a cut under ``geometry.MAX_CUT`` and clear paths, best first."""
    table, r = layout.table, layout.table.ball.radius
    if not targets:
        return []
    estimate = geometry.chances(layout, cue, targets, sigma_phi)
    aim, _half, to_mouth = geometry.windows(table, layout.positions[targets])
    out: list[Shot] = []
    for i, ball in enumerate(targets):
        bx, by = layout.positions[ball]
        for j, pocket in enumerate(POCKETS):
            if estimate[i, j] <= 0:
                continue
            u = (float(aim[i, j, 0]), float(aim[i, j, 1]))
            ghost = (bx - 2 * r * u[0], by - 2 * r * u[1])
            cut, travel = _cut(cue, ghost, u)
            out.append(
                Shot("pot", ball, ball, pocket, _aim(cue, ghost), cut, travel, float(to_mouth[i, j]),
                     float(estimate[i, j]), u)
            )  # fmt: skip
        out += _hanger_pots(layout, cue, ball, {j for j in range(len(POCKETS)) if estimate[i, j] > 0})
    return sorted(out, key=lambda s: -s.estimate)


#: The ordering estimate of a pot of a ball hanging in a pocket's mouth with a clear path to it.
HANGER_CHANCE = 0.95


def _hanger_pots(layout: Layout, cue: Point, ball: int, seen: set[int]) -> list[Shot]:
    """A ball hanging in a mouth (``geometry.hanging``) of a pocket not in ``seen`` (those with a window):
    driven along the mouth's inward normal, or, when that cut is too thin, hit full if that still sends
    it inward."""
    r = layout.table.ball.radius
    xy = layout.position(ball)
    assert xy is not None
    out = []
    for j, n in geometry.hanging(layout.table, xy):
        if j in seen:
            continue
        full, _ = _unit(xy[0] - cue[0], xy[1] - cue[1])
        u = n
        ghost = (xy[0] - 2 * r * u[0], xy[1] - 2 * r * u[1])
        cut, travel = _cut(cue, ghost, u)
        if cut >= geometry.MAX_CUT:
            if full[0] * n[0] + full[1] * n[1] < 0.3:
                continue
            u = full
            ghost = (xy[0] - 2 * r * u[0], xy[1] - 2 * r * u[1])
            cut, travel = _cut(cue, ghost, u)
        if not geometry.clear(layout, cue, ghost, (CUE, ball)):
            continue
        out.append(Shot("pot", ball, ball, POCKETS[j], _aim(cue, ghost), cut, travel, r, HANGER_CHANCE, u))
    return out


def banks(layout: Layout, cue: Point, targets: list[int], sigma_phi: float) -> list[Shot]:
    """One-rail banks of a legal ball into a pocket not on that rail."""
    table, r = layout.table, layout.table.ball.radius
    out: list[Shot] = []
    for ball in targets:
        xy = layout.position(ball)
        assert xy is not None
        for mouth in geometry.mouths(table):
            for rail, (axis, at) in geometry.mirror_lines(table).items():
                image = geometry.mirror(mouth.centre, axis, at)
                bounce = geometry.bounce_point(xy, image, axis, at)
                if bounce is None or not geometry.on_straight_cushion(table, bounce, axis):
                    continue
                if rail in _rails_of(mouth.name):
                    continue
                u, _ = _unit(image[0] - xy[0], image[1] - xy[1])
                ghost = (xy[0] - 2 * r * u[0], xy[1] - 2 * r * u[1])
                cut, travel = _cut(cue, ghost, u)
                if cut >= math.radians(60) or not _paths_clear(layout, [(cue, ghost), (xy, bounce)], (CUE, ball)):
                    continue
                if not geometry.clear(layout, bounce, mouth.centre, (CUE, ball)):
                    continue
                path = math.dist(xy, bounce) + math.dist(bounce, mouth.centre)
                est = geometry.chance(cut, travel, BANK_WINDOW * 0.5 / max(path, 0.3), r, sigma_phi)
                out.append(Shot("bank", ball, ball, mouth.name, _aim(cue, ghost), cut, travel, path, est))
    return sorted(out, key=lambda s: -s.estimate)


def _rails_of(pocket: str) -> tuple[str, ...]:
    end = "head" if pocket.startswith("head") else "foot" if pocket.startswith("foot") else None
    side = "right" if pocket.endswith("right") else "left"
    return (side,) if end is None else (end, side)


def _paths_clear(layout: Layout, segments: list[tuple[Point, Point]], skip: tuple[int, ...]) -> bool:
    return all(geometry.clear(layout, a, b, skip) for a, b in segments)


def combos(layout: Layout, cue: Point, firsts: list[int], called: list[int], sigma_phi: float) -> list[Shot]:
    """Two-ball combinations: a legal first ball into a callable ball that goes straight in."""
    table, r = layout.table, layout.table.ball.radius
    if not called:
        return []
    aim, half, to_mouth = geometry.windows(table, layout.positions[called])
    out: list[Shot] = []
    for i, ball in enumerate(called):
        bxy = layout.position(ball)
        assert bxy is not None
        for j, pocket in enumerate(POCKETS):
            if half[i, j] <= 0:
                continue
            u_b = (float(aim[i, j, 0]), float(aim[i, j, 1]))
            ghost_b = (bxy[0] - 2 * r * u_b[0], bxy[1] - 2 * r * u_b[1])
            if not geometry.clear(layout, bxy, (bxy[0] + u_b[0] * to_mouth[i, j], bxy[1] + u_b[1] * to_mouth[i, j]),
                                  (CUE, ball)):  # fmt: skip
                continue
            for first in firsts:
                if first == ball:
                    continue
                axy = layout.position(first)
                assert axy is not None
                cut2, travel_a = _cut(axy, ghost_b, u_b)
                if cut2 > math.radians(35) or travel_a > 0.8:
                    continue
                u_a, _ = _unit(ghost_b[0] - axy[0], ghost_b[1] - axy[1])
                ghost_a = (axy[0] - 2 * r * u_a[0], axy[1] - 2 * r * u_a[1])
                cut1, travel = _cut(cue, ghost_a, u_a)
                if cut1 > math.radians(50):
                    continue
                if not _paths_clear(layout, [(cue, ghost_a), (axy, ghost_b)], (CUE, first, ball)):
                    continue
                width = float(half[i, j]) * 2 * r * math.cos(cut2) / max(travel_a, 1e-3)
                est = geometry.chance(cut1, travel, width, r, sigma_phi)
                out.append(Shot("combo", first, ball, pocket, _aim(cue, ghost_a), cut1, travel,
                                travel_a + float(to_mouth[i, j]), est))  # fmt: skip
    return sorted(out, key=lambda s: -s.estimate)


def caroms(layout: Layout, cue: Point, targets: list[int], sigma_phi: float) -> list[Shot]:
    """The called ball kissed off another ball into a pocket (stun contact: it leaves at 90 degrees)."""
    table, r = layout.table, layout.table.ball.radius
    out: list[Shot] = []
    others = [b for b in layout.on_table if b != CUE]
    for ball in targets:
        oxy = layout.position(ball)
        assert oxy is not None
        for kiss in others:
            kxy = layout.position(kiss)
            assert kxy is not None
            if kiss == ball or math.dist(oxy, kxy) > 0.6:
                continue
            for mouth in geometry.mouths(table):
                for contact in _kiss_points(kxy, mouth.centre, 2 * r):
                    u, travel_o = _unit(contact[0] - oxy[0], contact[1] - oxy[1])
                    n, _ = _unit(kxy[0] - contact[0], kxy[1] - contact[1])
                    glance = math.acos(max(-1.0, min(1.0, u[0] * n[0] + u[1] * n[1])))
                    if not math.radians(25) < glance < math.radians(70) or travel_o > 0.7:
                        continue
                    ghost = (oxy[0] - 2 * r * u[0], oxy[1] - 2 * r * u[1])
                    cut, travel = _cut(cue, ghost, u)
                    if cut > math.radians(45):
                        continue
                    segments = [(cue, ghost), (oxy, contact), (contact, mouth.centre)]
                    if not _paths_clear(layout, segments, (CUE, ball, kiss)):
                        continue
                    est = 0.5 * geometry.chance(cut, travel, BANK_WINDOW * 0.5 / max(travel_o, 0.2), r, sigma_phi)
                    path = travel_o + math.dist(contact, mouth.centre)
                    out.append(Shot("carom", ball, ball, mouth.name, _aim(cue, ghost), cut, travel, path, est))
    return sorted(out, key=lambda s: -s.estimate)


def _kiss_points(kiss: Point, pocket: Point, reach: float) -> list[Point]:
    """Centres C with |C - kiss| = reach and (pocket - C) perpendicular to (C - kiss): on the Thales circle."""
    mid = ((kiss[0] + pocket[0]) / 2, (kiss[1] + pocket[1]) / 2)
    big = math.dist(kiss, pocket) / 2
    d = math.dist(kiss, mid)
    if big < reach / 2 or d < 1e-9:
        return []
    a = (reach * reach - big * big + d * d) / (2 * d)
    h2 = reach * reach - a * a
    if h2 <= 0:
        return []
    h = math.sqrt(h2)
    ex, ey = (mid[0] - kiss[0]) / d, (mid[1] - kiss[1]) / d
    base = (kiss[0] + a * ex, kiss[1] + a * ey)
    return [(base[0] - h * ey, base[1] + h * ex), (base[0] + h * ey, base[1] - h * ex)]


#: Kick aim points across the target ball's face, as multiples of the ball radius along the rail (0: its centre).
KICK_FACE = (0.0, -1.2, 1.2)
#: A two-rail kick's ordering estimate is its one-rail estimate times this (longer, and less sure of its line).
TWO_RAIL_WEIGHT = 0.7


def kicks(layout: Layout, cue: Point, targets: list[int]) -> list[Shot]:
    """The cue ball off one rail, or two, into a legal ball (to hit it at all when it is hidden).

    Each path is the straight line to the aim point's mirror image (twice mirrored for two rails); aim
    points lie across the ball's face (``KICK_FACE``), so a bounce that would fall in a pocket mouth
    or a path grazing a blocker has neighbours that may not. Every bounce must be on a straight
    cushion and every leg clear; the cue ball's last leg must pass close enough to touch the ball.
    """
    table = layout.table
    r = table.ball.radius
    rails = list(geometry.mirror_lines(table).values())
    out: list[Shot] = []
    for ball in targets:
        xy = layout.position(ball)
        assert xy is not None
        for axis, at in rails:
            for face in KICK_FACE:
                aim = (xy[0], xy[1] + face * r) if axis == 0 else (xy[0] + face * r, xy[1])
                paths = [([(axis, at)], 1.0)] + [
                    ([first, (axis, at)], TWO_RAIL_WEIGHT) for first in rails if first != (axis, at)
                ]
                for path, weight in paths:
                    legs = _kick_legs(table, cue, aim, path)
                    kick = None if legs is None else _kick(layout, cue, ball, xy, aim, legs, weight)
                    if kick is not None:
                        out.append(kick)
    return sorted(out, key=lambda s: -s.estimate)


def _kick_legs(table: TableSpec, cue: Point, aim: Point, rails: list[tuple[int, float]]) -> list[Point] | None:
    """The bounce points of the path from ``cue`` off ``rails`` in order to ``aim`` (None when impossible)."""
    images = [aim]
    for axis, at in reversed(rails):
        images.append(geometry.mirror(images[-1], axis, at))
    points = [cue]
    for (axis, at), image in zip(rails, reversed(images[1:]), strict=True):
        bounce = geometry.bounce_point(points[-1], image, axis, at)
        if bounce is None or not geometry.on_straight_cushion(table, bounce, axis):
            return None
        points.append(bounce)
    return points[1:]


def _kick(
    layout: Layout, cue: Point, ball: int, xy: Point, aim: Point, bounces: list[Point], weight: float
) -> Shot | None:
    """The kick along ``cue`` -> ``bounces`` -> ``aim`` if its legs are clear and the last one touches ``ball``."""
    r = layout.table.ball.radius
    last = bounces[-1]
    hits = geometry.segment_hits(np.array([last]), np.array([aim]), np.array([xy]), 1.6 * r)
    if not bool(hits[0, 0]):
        return None
    points = [cue, *bounces, aim]
    if not _paths_clear(layout, list(itertools.pairwise(points)), (CUE, ball)):
        return None
    travel = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    phi = _aim(cue, bounces[0])
    return Shot("kick", ball, None, None, phi, 0.0, travel, 0.0, weight / (1.0 + travel), rails=len(bounces))


#: Safety thicknesses: the contact offset as a fraction of a full ball's width (0 full, +-0.9 thin).
THICKNESS = (-0.8, -0.45, 0.0, 0.45, 0.8)


def safeties(
    layout: Layout, cue: Point, targets: list[int], balls: int | None = None, thickness: tuple[float, ...] = THICKNESS
) -> list[Shot]:
    """Direct hits of each reachable legal ball (of the ``balls`` nearest ones in sight, if given) at each
    ``thickness`` (a fraction of a full ball's width), nearest ball first."""
    r = layout.table.ball.radius
    out: list[Shot] = []
    if balls is not None:
        seen = sorted((math.dist(cue, xy), b) for b in targets if (xy := layout.position(b)) is not None
                      and geometry.clear(layout, cue, xy, (CUE, b)))  # fmt: skip
        targets = [b for _, b in seen[:balls]]
    for ball in targets:
        xy = layout.position(ball)
        assert xy is not None
        if not geometry.clear(layout, cue, xy, (CUE, ball)):
            continue
        centre = _aim(cue, xy)
        d = math.dist(cue, xy)
        for frac in thickness:
            offset = math.asin(max(-1.0, min(1.0, frac * 2 * r / max(d, 2 * r))))
            out.append(Shot("safety", ball, None, None, centre + offset, abs(math.asin(frac)), d, 0.0, 1.0 / (1 + d)))
    return sorted(out, key=lambda s: s.cue_travel)


# ------------------------------------------------------------------ speeds
def speed_after(v0: float, distance: float) -> float:
    """Speed of a ball launched sliding without spin at ``v0`` after ``distance`` m (0 if it stops first).

    It slides at deceleration mu_s g until it rolls at 5/7 v0 (Alciatore TP 4.1),
    then rolls at deceleration mu_r g.
    """
    g = _PARAMS.gravity
    slide = (v0 * v0 - (5 / 7 * v0) ** 2) / (2 * _PARAMS.mu_slide * g)
    if distance <= slide:
        return math.sqrt(max(v0 * v0 - 2 * _PARAMS.mu_slide * g * distance, 0.0))
    return math.sqrt(max((5 / 7 * v0) ** 2 - 2 * _PARAMS.mu_roll * g * (distance - slide), 0.0))


def launch_for(arrive: float, distance: float) -> float:
    """The launch speed that leaves ``arrive`` m/s after ``distance`` m (bisection on ``speed_after``)."""
    lo, hi = arrive, 20.0
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if speed_after(mid, distance) < arrive else (lo, mid)
    return hi


def stick_speed(shot: Shot, arrive: float) -> float:
    """Cue speed that brings the shot's ball to its pocket at ``arrive`` m/s (or the first ball at it)."""
    if shot.kind in ("safety", "kick"):
        return min(MAX_STICK, max(MIN_STICK, launch_for(arrive, shot.cue_travel) / LAUNCH))
    travel = shot.ball_travel / (CUSHION_KEEP if shot.kind == "bank" else 1.0)
    ball_speed = launch_for(arrive, travel)
    at_contact = ball_speed / (TRANSFER * max(math.cos(shot.cut), 0.2))
    if shot.kind in ("combo", "carom"):
        at_contact /= TRANSFER * 0.8
    return min(MAX_STICK, max(MIN_STICK, launch_for(at_contact, shot.cue_travel) / LAUNCH))


def strokes(
    shot: Shot,
    arrivals: tuple[float, ...] = ARRIVALS,
    spins: tuple[float, ...] = SPINS,
    sides: tuple[float, ...] = (0.0,),
) -> list[Stroke]:
    """The strokes tried for ``shot``: each arrival speed with each tip height and side offset."""
    return [Stroke(speed=stick_speed(shot, v), phi=shot.phi, a=a, b=b) for v in arrivals for b in spins for a in sides]


def table_spots(table: TableSpec, kitchen: bool, step: float = 0.1) -> np.ndarray:
    """A grid of cue-ball spots over the cloth (behind the head string when ``kitchen``)."""
    r = table.ball.radius
    x_end = table.head_string_x - 0.01 if kitchen else table.length - r - 0.02
    xs = np.arange(r + 0.03, x_end, step)
    ys = np.arange(r + 0.03, table.width - r - 0.02, step)
    return np.array([(x, y) for x in xs for y in ys])
