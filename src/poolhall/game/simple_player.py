"""A simple built-in player, so matches can be played before the computer players of ``ai/`` exist.

It aims with the ghost-ball method at a pocket's centre: for every legal
ball and pocket with a clear path for the cue ball to the ghost ball and for
the object ball to the pocket, and a cut under ``MAX_CUT``, it takes the ball
nearest the cue ball (then the thinnest cut) and calls it. With no such shot
it plays a safety at the nearest ball it can reach. Ball in hand goes straight
behind its best shot; the break goes full on the apex ball. It answers every
choice with the first option offered. Execution noise (aim and speed) comes
from ``random.Random(view.seed)``, so a seeded match is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from poolhall import racking
from poolhall.equipment import CUE, EIGHT, SOLIDS, STRIPES, TableSpec
from poolhall.game.actions import Action, AnswerStalemate, Choose, PlaceCueBall, Shoot
from poolhall.game.view import MatchView
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import SAFETY, Call

Point = tuple[float, float]

MAX_CUT = math.radians(70.0)
BREAK_SPEED = 8.0
SAFETY_SPEED = 2.2
#: The cue ball in hand goes this far behind the ghost ball.
BEHIND = (0.25, 0.4, 0.15)


def pocket_points(table: TableSpec) -> dict[str, Point]:
    """The centre of each pocket's mouth on the cushion lines (the corners and the middle of the long sides)."""
    length, width = table.length, table.width
    return {
        "head-right": (0.0, 0.0),
        "head-left": (0.0, width),
        "side-right": (length / 2, 0.0),
        "side-left": (length / 2, width),
        "foot-right": (length, 0.0),
        "foot-left": (length, width),
    }


def _clear(a: Point, b: Point, layout: Layout, skip: Iterable[int]) -> bool:
    """No ball (but ``skip``) lies within two radii of the segment a-b: a ball rolling along it hits nothing."""
    reach = 2 * layout.table.ball.radius
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy or 1e-18
    skipped = set(skip)
    for ball in layout.on_table:
        if ball in skipped:
            continue
        px, py = layout.positions[ball]
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        if math.dist((px, py), (ax + t * dx, ay + t * dy)) < reach:
            return False
    return True


@dataclass(frozen=True)
class Pot:
    """One pot: the ball, the pocket, where the cue ball must be sent (ghost ball) and how hard."""

    ball: int
    pocket: str
    ghost: Point
    cut: float
    distance: float
    travel: float


def _legal_targets(view: MatchView) -> list[int]:
    balls = sorted(view.on_table)
    if view.game != "eight-ball":
        return balls
    groups = view.groups
    if groups is None:
        return [b for b in balls if b != EIGHT] or balls
    own = SOLIDS if groups[view.shooter] == "solids" else STRIPES
    return [b for b in balls if b in own] or [EIGHT]


def pots(view: MatchView, layout: Layout, cue: Point) -> list[Pot]:
    """Every feasible ghost-ball pot from ``cue``, nearest ball first, then thinnest cut."""
    table, r = layout.table, layout.table.ball.radius
    out: list[Pot] = []
    for ball in _legal_targets(view):
        xy = layout.position(ball)
        if xy is None:
            continue
        if view.ball_in_hand == "kitchen" and racking.behind_head_string(table, xy):
            continue  # GEN-9: not directly from the kitchen
        for pocket, target in pocket_points(table).items():
            to_pocket = math.dist(xy, target)
            ux, uy = (target[0] - xy[0]) / to_pocket, (target[1] - xy[1]) / to_pocket
            ghost = (xy[0] - 2 * r * ux, xy[1] - 2 * r * uy)
            to_ghost = math.dist(cue, ghost)
            if to_ghost < 1e-6:
                continue
            cos_cut = ((ghost[0] - cue[0]) * ux + (ghost[1] - cue[1]) * uy) / to_ghost
            cut = math.acos(max(-1.0, min(1.0, cos_cut)))
            if cut > MAX_CUT:
                continue
            if _clear(cue, ghost, layout, (CUE, ball)) and _clear(xy, target, layout, (CUE, ball)):
                out.append(Pot(ball, pocket, ghost, cut, math.dist(cue, xy), to_ghost + to_pocket))
    return sorted(out, key=lambda p: (round(p.distance, 6), p.cut))


class SimplePlayer:
    """The built-in player (see the module docstring); ``aim_noise`` in radians, ``speed_noise`` relative."""

    def __init__(self, aim_noise: float = 0.002, speed_noise: float = 0.03) -> None:
        self.aim_noise = aim_noise
        self.speed_noise = speed_noise

    def act(self, view: MatchView) -> Action:
        asked = view.asked
        if asked.kind == "choose-breaker":
            return Choose("break")
        if asked.kind == "choose":
            option = asked.options[0]
            ball = asked.candidates[0] if option == "spot-nearest-ball" and len(asked.candidates) > 1 else None
            return Choose(option, ball)
        if asked.kind == "answer-stalemate":
            return AnswerStalemate(True)
        if view.layout is None:
            raise ValueError("the simple player plays simulated matches; a scorekeeper's shots come from a person")
        if asked.kind == "place":
            return self._place(view, view.layout)
        return self._shoot(view, view.layout, random.Random(view.seed))

    # ------------------------------------------------------------ ball in hand
    def _place(self, view: MatchView, layout: Layout) -> PlaceCueBall:
        table = layout.table
        kitchen = view.ball_in_hand == "kitchen"
        if view.break_shot:
            return PlaceCueBall(*racking.break_spot(table))
        empty = layout.with_positions({CUE: None})
        spots = [
            xy
            for xy in self._candidate_spots(view, empty, kitchen)
            if racking.cue_ball_fits(empty, xy, kitchen=kitchen)
        ]
        if not spots:
            raise ValueError("no free place for the cue ball")  # a table this full cannot happen in play
        best = min(spots, key=lambda xy: self._difficulty(view, empty, xy))
        return PlaceCueBall(*best)

    def _candidate_spots(self, view: MatchView, layout: Layout, kitchen: bool) -> list[Point]:
        table = layout.table
        grid = [
            (table.head_string_x * (0.3 + 0.2 * i), table.width * (0.1 + 0.1 * j)) for i in range(4) for j in range(9)
        ]
        if kitchen:
            return grid
        behind: list[Point] = []
        for pot in pots(view, layout, (table.length / 2, table.width / 2)):
            xy = layout.position(pot.ball)
            assert xy is not None
            d = math.dist(xy, pot.ghost)
            ux, uy = (xy[0] - pot.ghost[0]) / d, (xy[1] - pot.ghost[1]) / d
            behind += [(pot.ghost[0] - k * ux, pot.ghost[1] - k * uy) for k in BEHIND]
        return behind + grid + [(table.length * (0.55 + 0.1 * i), table.width / 2) for i in range(4)]

    @staticmethod
    def _difficulty(view: MatchView, layout: Layout, xy: Point) -> float:
        found = pots(view, layout.with_positions({CUE: xy}), xy)
        return min((p.cut + p.travel for p in found), default=100.0)

    # ------------------------------------------------------------ shooting
    def _shoot(self, view: MatchView, layout: Layout, rng: random.Random) -> Shoot:
        cue = layout.position(CUE)
        assert cue is not None
        if view.break_shot:
            fx, fy = layout.table.foot_spot
            return Shoot(self._stroke(BREAK_SPEED, math.atan2(fy - cue[1], fx - cue[0]), rng))
        found = pots(view, layout, cue)
        if found:
            pot = found[0]
            speed = min(6.0, 1.2 + 1.1 * pot.travel)
            phi = math.atan2(pot.ghost[1] - cue[1], pot.ghost[0] - cue[0])
            call = Call(pot.ball, pot.pocket) if pot.ball in view.asked.callable_balls else None  # none: no calls
            return Shoot(self._stroke(speed, phi, rng), call)
        return self._safety(view, layout, cue, rng)

    def _safety(self, view: MatchView, layout: Layout, cue: Point, rng: random.Random) -> Shoot:
        """No pot: hit the nearest reachable legal ball full, firmly enough to reach a rail (GEN-7)."""
        table = layout.table
        targets = [b for b in _legal_targets(view) if layout.position(b) is not None]
        if view.ball_in_hand == "kitchen":
            targets = [b for b in targets if not racking.behind_head_string(table, layout.position(b) or cue)]
        targets = targets or _legal_targets(view)
        targets.sort(key=lambda b: math.dist(cue, layout.position(b) or cue))
        reachable = [b for b in targets if _clear(cue, layout.position(b) or cue, layout, (CUE, b))]
        ball = (reachable or targets)[0]
        xy = layout.position(ball) or table.foot_spot
        call = SAFETY if view.asked.safety_allowed else None
        return Shoot(self._stroke(SAFETY_SPEED, math.atan2(xy[1] - cue[1], xy[0] - cue[0]), rng), call)

    def _stroke(self, speed: float, phi: float, rng: random.Random) -> Stroke:
        noisy = speed * (1.0 + rng.gauss(0.0, self.speed_noise))
        return Stroke(speed=min(max(noisy, 0.3), 11.5), phi=phi + rng.gauss(0.0, self.aim_noise))
