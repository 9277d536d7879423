"""Table geometry for aiming: pocket openings, clear paths, mirror images in the rails, and a quick shot chance.

No physics here: straight lines and circles on the table of ``equipment.py``.

- A pocket's *window* seen from an object ball is the fan of directions in
  which the ball's centre passes both jaw points of the mouth (the WPA
  opening, ``equipment.table_geometry``) at least one ball radius away; the
  aim is the middle of that fan, not the pocket's centre.
- A path is *clear* when no other ball's centre lies within two radii of it.
- ``chances`` estimates, for every straight-in pot from one cue-ball spot at
  once (numpy), how often a shooter with aim noise sigma_phi makes it: a cue
  direction error d phi moves the contact point by d1 d phi and turns the
  object ball by d1 d phi / (2 R cos cut), so the pot succeeds while that stays
  inside the window's half width w: P = erf(w 2R cos(cut) / (d1 sigma_phi sqrt 2)).
  It ranks shots and scores positions; the search itself simulates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from poolhall.equipment import CUE, POCKETS, TableSpec, table_geometry
from poolhall.layout import Layout

Point = tuple[float, float]

#: Cuts thinner than this are not tried (a 90-degree cut sends the object ball nowhere).
MAX_CUT = math.radians(78)
#: The best chance a shot is ever given: the quick estimate knows nothing of speed, throw or kisses.
MAX_CHANCE = 0.97


def erf(x: np.ndarray) -> np.ndarray:
    """The error function on arrays (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7)."""
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-x * x))


@dataclass(frozen=True)
class PocketMouth:
    """A pocket's two jaw points and the middle of its mouth."""

    name: str
    p1: Point
    p2: Point
    centre: Point


@lru_cache(maxsize=8)
def mouths(table: TableSpec) -> tuple[PocketMouth, ...]:
    """The six pocket mouths, in ``POCKETS`` order."""
    out = []
    for shape in table_geometry(table).pockets:
        p1, p2 = shape.points
        out.append(PocketMouth(shape.name, p1, p2, ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)))
    return tuple(out)


@lru_cache(maxsize=8)
def _mouth_arrays(table: TableSpec) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ms = mouths(table)
    p1 = np.array([m.p1 for m in ms])
    p2 = np.array([m.p2 for m in ms])
    return p1, p2, np.array([m.centre for m in ms])


def hanging(table: TableSpec, ball: Point) -> list[tuple[int, Point]]:
    """The pockets (index, inward unit normal) whose mouth ``ball`` hangs in: between the jaw points and
    within a radius of the mouth line or past it.

    Such a ball has no window (the jaw points lie beside or behind it), yet almost any hit that
    drives it inward drops it; ``shots.pots`` aims those along the normal.
    """
    r = table.ball.radius
    out = []
    for j, m in enumerate(mouths(table)):
        along = (m.p2[0] - m.p1[0], m.p2[1] - m.p1[1])
        width = math.hypot(*along)
        t = (along[0] / width, along[1] / width)
        n = (t[1], -t[0])
        if n[0] * (m.centre[0] - table.length / 2) + n[1] * (m.centre[1] - table.width / 2) < 0:
            n = (-n[0], -n[1])
        rel = (ball[0] - m.centre[0], ball[1] - m.centre[1])
        if rel[0] * n[0] + rel[1] * n[1] > -r and abs(rel[0] * t[0] + rel[1] * t[1]) < width / 2:
            out.append((j, n))
    return out


def windows(table: TableSpec, balls: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For balls (k, 2): the aim direction (k, 6, 2), the window half width (k, 6, rad) and the distance to the mouth.

    A half width of zero or less means the jaws hide the pocket from that ball.
    """
    r = table.ball.radius
    p1, p2, centre = _mouth_arrays(table)
    v1 = p1[None, :, :] - balls[:, None, :]
    v2 = p2[None, :, :] - balls[:, None, :]
    d1 = np.hypot(v1[..., 0], v1[..., 1])
    d2 = np.hypot(v2[..., 0], v2[..., 1])
    a1 = np.arctan2(v1[..., 1], v1[..., 0])
    span = np.arctan2(v1[..., 0] * v2[..., 1] - v1[..., 1] * v2[..., 0], (v1 * v2).sum(-1))
    sign = np.where(span >= 0, 1.0, -1.0)
    shrink1 = np.arcsin(np.minimum(1.0, r / np.maximum(d1, r)))
    shrink2 = np.arcsin(np.minimum(1.0, r / np.maximum(d2, r)))
    half = (np.abs(span) - shrink1 - shrink2) / 2
    aim = a1 + sign * (shrink1 + half)
    to_mouth = np.hypot(*(centre[None, :, :] - balls[:, None, :]).transpose(2, 0, 1))
    return np.stack([np.cos(aim), np.sin(aim)], axis=-1), half, to_mouth


def segment_hits(starts: np.ndarray, ends: np.ndarray, points: np.ndarray, reach: float) -> np.ndarray:
    """(n, m): segment i passes within ``reach`` of point j."""
    d = ends - starts
    length2 = np.maximum((d * d).sum(-1), 1e-18)
    rel = points[None, :, :] - starts[:, None, :]
    t = np.clip((rel * d[:, None, :]).sum(-1) / length2[:, None], 0.0, 1.0)
    closest = starts[:, None, :] + t[..., None] * d[:, None, :]
    gap = points[None, :, :] - closest
    return (gap * gap).sum(-1) < reach * reach


def clear(layout: Layout, a: Point, b: Point, skip: tuple[int, ...]) -> bool:
    """No ball but ``skip`` lies within two radii of the segment a-b."""
    others = [ball for ball in layout.on_table if ball not in skip]
    if not others:
        return True
    pts = layout.positions[others]
    hits = segment_hits(np.array([a]), np.array([b]), pts, 2 * layout.table.ball.radius - 1e-9)
    return not bool(hits.any())


def mirror_lines(table: TableSpec) -> dict[str, tuple[int, float]]:
    """The line a ball's centre touches each rail on: rail -> (axis, coordinate)."""
    r = table.ball.radius
    return {"head": (0, r), "foot": (0, table.length - r), "right": (1, r), "left": (1, table.width - r)}


def mirror(point: Point, axis: int, at: float) -> Point:
    """``point`` reflected in the line ``coordinate[axis] == at``."""
    return (2 * at - point[0], point[1]) if axis == 0 else (point[0], 2 * at - point[1])


def bounce_point(a: Point, image: Point, axis: int, at: float) -> Point | None:
    """Where the straight line from ``a`` to a mirror ``image`` crosses the rail line (None if it does not)."""
    da = at - a[axis]
    db = image[axis] - a[axis]
    if abs(db) < 1e-12 or not 0 < da / db < 1:
        return None
    t = da / db
    return (a[0] + t * (image[0] - a[0]), a[1] + t * (image[1] - a[1]))


def on_straight_cushion(table: TableSpec, point: Point, axis: int) -> bool:
    """The bounce point lies on a straight nose, clear of every pocket mouth (by a ball radius)."""
    r = table.ball.radius
    corner = table.corner_mouth / math.sqrt(2) + r
    if axis == 0:
        return corner < point[1] < table.width - corner
    side = table.side_mouth / 2 + r
    return corner < point[0] < table.length - corner and abs(point[0] - table.length / 2) > side


def chance(cut: float, cue_travel: float, half_width: float, radius: float, sigma_phi: float) -> float:
    """The quick estimate of the module docstring for one shot."""
    if half_width <= 0 or cut >= MAX_CUT:
        return 0.0
    tol = half_width * 2 * radius * math.cos(cut) / max(cue_travel, 1e-3)
    return min(MAX_CHANCE, math.erf(tol / (max(sigma_phi, 1e-6) * math.sqrt(2))))


def chances(layout: Layout, cue: Point, targets: list[int], sigma_phi: float) -> np.ndarray:
    """(len(targets), 6): the quick estimate of every straight-in pot from ``cue``; 0 where blocked or too thin."""
    return chances_from(layout, np.asarray([cue], dtype=float), targets, sigma_phi)[0]


def chances_from(
    layout: Layout, cues: np.ndarray, targets: list[int], sigma_phi: float, found: Ways | None = None,
    floor: float = 0.0,
) -> np.ndarray:  # fmt: skip
    """(len(cues), len(targets), 6): ``chances`` from each of several cue-ball spots (n, 2) in one numpy pass.

    The object balls' windows and paths to the pockets do not depend on the cue ball, so they are
    worked out once (``ways``, or ``found`` when the caller has them); only the cut, the distance and
    the cue ball's path are per spot (the cue ball itself, wherever ``layout`` has it, is never a blocker).
    The cue ball's path is checked only for the shots with a chance above ``floor`` (the costly part);
    the others are returned as 0.
    """
    n = len(cues)
    if not targets:
        return np.zeros((n, 0, len(POCKETS)))
    r = layout.table.ball.radius
    ways = found or _ways_of(layout, targets)
    aim, half = ways.aim, ways.half
    ghosts = ways.balls[:, None, :] - 2 * r * aim
    to_ghost = ghosts[None, ...] - cues[:, None, None, :]
    d1 = np.maximum(np.hypot(to_ghost[..., 0], to_ghost[..., 1]), 1e-6)
    cos_cut = np.clip((to_ghost * aim[None, ...]).sum(-1) / d1, -1.0, 1.0)
    cut = np.arccos(cos_cut)
    tol = half[None, ...] * 2 * r * cos_cut / d1
    out = np.where((half > 0) & (cut < MAX_CUT), erf(tol / (max(sigma_phi, 1e-6) * math.sqrt(2))), 0.0)
    out = np.where(out > floor, np.minimum(out, MAX_CHANCE), 0.0)
    if ways.others is not None:
        out = np.where(ways.blocked[None, ...], 0.0, out)
        spot, ball, pocket = np.nonzero(out)
        if spot.size:
            cue_hits = segment_hits(cues[spot], ghosts[ball, pocket], ways.others, 2 * r - 1e-9)
            hit = (cue_hits & ~ways.mine[ball, 0, :]).any(-1)
            out[spot[hit], ball[hit], pocket[hit]] = 0.0
    return out


def pocketable(layout: Layout, targets: list[int]) -> np.ndarray:
    """(len(targets),) bool: the ball has a window on some pocket and a clear path into it (from some cue spot).

    A ball without one (frozen in a cluster, walled off) can only be played after something moves it.
    """
    if not targets:
        return np.zeros(0, dtype=bool)
    return _ways_of(layout, targets).pocketable


@dataclass(frozen=True)
class Ways:
    """The cue-independent part of ``chances_from``: windows, and which object-ball paths are blocked."""

    balls: np.ndarray
    aim: np.ndarray
    half: np.ndarray
    #: (k, 6): another ball lies on the object ball's path to the pocket.
    blocked: np.ndarray
    #: The other balls' centres (None when there are none) and which of them is each target itself (k, 1, m).
    others: np.ndarray | None
    mine: np.ndarray

    @property
    def pocketable(self) -> np.ndarray:
        """(k,) bool: see ``pocketable``."""
        return ((self.half > 0) & ~self.blocked).any(-1)


def ways(layout: Layout, targets: list[int]) -> Ways:
    """The cue-independent part of ``chances_from`` for ``targets`` (at least one), to share between callers."""
    return _ways_of(layout, targets)


def _ways_of(layout: Layout, targets: list[int]) -> Ways:
    table, r = layout.table, layout.table.ball.radius
    balls = layout.positions[targets]
    aim, half, to_mouth = windows(table, balls)
    k = len(targets)
    others_idx = [b for b in layout.on_table if b != CUE]
    if not others_idx:
        empty = np.zeros((k, len(POCKETS)), dtype=bool)
        return Ways(balls, aim, half, empty, None, np.zeros((k, 1, 0), dtype=bool))
    pts = layout.positions[others_idx]
    mine = np.array(others_idx)[None, None, :] == np.array(targets)[:, None, None]
    obj_hits = segment_hits(
        np.repeat(balls, len(POCKETS), axis=0), (balls[:, None, :] + aim * to_mouth[..., None]).reshape(-1, 2),
        pts, 2 * r - 1e-9,
    ).reshape(k, len(POCKETS), -1)  # fmt: skip
    return Ways(balls, aim, half, (obj_hits & ~mine).any(-1), pts, mine)
