"""Racks, spotting, special placements and the zones the 14.1 referee asks about.

Everything here turns a rule's words into coordinates on a ``Layout``; the
referees (``rules/``) only name balls and spots (RULES GEN-11: "coordinates
are the table layer's job"). The rack is built from fifteen *slots*: slot 0 is
the apex on the foot spot, rows run toward the foot rail, so row ``k`` holds
slots ``k(k+1)/2 .. k(k+1)/2 + k`` ordered from the right cushion (small y)
to the left one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from poolhall.equipment import CUE, EIGHT, OBJECT_BALLS, SOLIDS, STRIPES, TableSpec
from poolhall.layout import N_BALLS, Layout

Point = tuple[float, float]

#: Slot of the 8 (the middle of the third row, RULES 8B-3-C1) and the two back corners.
EIGHT_SLOT = 4
BACK_CORNERS = (10, 14)
#: A racked ball may sit this far from its place in a tight triangle and still count as racked (8B-3-C1).
RACK_TOLERANCE = 1e-3
#: GEN-11: a ball spotted against the cue ball goes "as close as possible without touching"; this is the gap.
CUE_CLEARANCE = 1e-4
#: Positions this close count as the same (a base exactly on the head string, equal distances).
SAME_PLACE = 1e-9
#: A real rack (``loosen``): about this share of the balls sit a little off the tight triangle, each moved
#: outward by a gap drawn from ``LOOSE_GAPS`` (m) when that touches no other ball; the rest stay frozen.
#: A rack racked by hand with a triangle leaves most balls frozen and some gaps of a few hundredths of a
#: millimetre (the figure issue 14 gives; no measurement of ours).
LOOSE_SHARE = 0.4
LOOSE_GAPS = (1e-5, 6e-5)
#: Named spots a ball may be moved to (RULES 14.1-7.6, 14.1-7.7; the referee's ``move`` values).
SPOTS = ("head-spot", "centre-spot", "foot-spot")


# ------------------------------------------------------------------ racks
def rack_slots(table: TableSpec, gap: float = 0.0) -> list[Point]:
    """The fifteen ball centres of a triangle rack: apex on the foot spot, base parallel to the foot rail.

    ``gap`` separates neighbouring balls (0 = frozen); the triangle stays
    equilateral, so every neighbour is exactly ``2R + gap`` away.
    """
    if not 0.0 <= gap < table.ball.radius:
        raise ValueError(f"rack gap {gap!r}: expected 0 <= gap < one ball radius")
    d = 2 * table.ball.radius + gap
    fx, fy = table.foot_spot
    return [(fx + row * d * math.sqrt(3) / 2, fy + (j - row / 2) * d) for row in range(5) for j in range(row + 1)]


def loosen(slots: Sequence[Point], radius: float, rng: random.Random) -> list[Point]:
    """``slots`` of a tight rack with some balls moved outward from its centre (``LOOSE_SHARE``, ``LOOSE_GAPS``).

    The apex stays on the foot spot. A move that would bring the ball closer
    than touching to another is not made, so the balls inside the rack stay
    frozen to their neighbours and the gaps open along its edges.
    """
    out = list(slots)
    cx = sum(x for x, _ in slots) / len(slots)
    cy = sum(y for _, y in slots) / len(slots)
    for k in range(1, len(out)):
        if rng.random() >= LOOSE_SHARE:
            continue
        shift = rng.uniform(*LOOSE_GAPS)
        x, y = out[k]
        norm = math.hypot(x - cx, y - cy)
        moved = (x + shift * (x - cx) / norm, y + shift * (y - cy) / norm)
        if all(math.dist(moved, other) >= 2 * radius for j, other in enumerate(out) if j != k):
            out[k] = moved
    return out


def eight_ball_order(seed: int | None = None) -> list[int]:
    """Balls for slots 0-14 (RULES 8B-3): the 8 in the middle of row three, a solid and a stripe
    in the back corners (which corner is random), the other twelve shuffled by ``random.Random(seed)``."""
    rng = random.Random(seed)
    solid, stripe = rng.choice(sorted(SOLIDS)), rng.choice(sorted(STRIPES))
    corners = [solid, stripe]
    rng.shuffle(corners)
    rest = [b for b in OBJECT_BALLS if b not in (EIGHT, solid, stripe)]
    rng.shuffle(rest)
    order: list[int] = []
    for slot in range(15):
        if slot == EIGHT_SLOT:
            order.append(EIGHT)
        elif slot in BACK_CORNERS:
            order.append(corners[BACK_CORNERS.index(slot)])
        else:
            order.append(rest.pop())
    return order


def straight_pool_order(balls: Sequence[int], seed: int | None = None) -> list[int]:
    """The balls of a 14.1 rack in slot order, shuffled by ``seed`` (RULES 14.1-4).

    When the 1 and the 5 are both racked they take the back corners, as is
    customary (14.1-4, not checked): the 1 on the racker's right rear corner
    (the racker stands at the foot rail, so that is the left-cushion side,
    large y) and the 5 on the other.
    """
    rng = random.Random(seed)
    corners = {14: 1, 10: 5} if sorted(balls) == list(OBJECT_BALLS) else {}
    rest = [b for b in sorted(balls) if b not in corners.values()]
    rng.shuffle(rest)
    return [corners[slot] if slot in corners else rest.pop() for slot in range(len(balls))]


def place_rack(
    layout: Layout,
    order: Sequence[int],
    *,
    apex_empty: bool = False,
    gap: float = 0.0,
    loose: random.Random | None = None,
) -> Layout:
    """Put ``order`` into the rack slots (skipping the apex when ``apex_empty``), moving no other ball.

    ``loose``: the slots are ``loosen``-ed with this random stream (a rack as a real triangle leaves it).

    A ball not being racked that overlaps a racked one is an error naming it:
    the caller first applies RULES 14.1-7.6 (which moves the 15th ball or the
    cue ball out of the way).
    """
    slots = rack_slots(layout.table, gap)
    if loose is not None:
        slots = loosen(slots, layout.table.ball.radius, loose)
    slots = slots[1 if apex_empty else 0 :]
    if len(order) > len(slots) or len(set(order)) != len(order):
        raise ValueError(f"a rack holds up to {len(slots)} different balls, got {list(order)}")
    moves: dict[int, Point | None] = dict(zip(order, slots, strict=False))
    racked = layout.with_positions(moves)
    clash = [p for p in racked.problems() if "overlap" in p]
    if clash:
        raise ValueError("cannot rack: " + "; ".join(clash) + " (move that ball first, RULES 14.1-7.6)")
    return racked


def eight_ball_rack(
    seed: int | None = None,
    table: TableSpec | None = None,
    *,
    gap: float = 0.0,
    cue: Point | None = None,
    loose: bool = False,
) -> Layout:
    """A fresh eight-ball rack (RULES 8B-3), with the cue ball at ``cue`` when given (validated).

    ``loose``: some balls a few hundredths of a millimetre off the tight triangle, as a real rack
    (``loosen``, drawn from the same ``seed``); otherwise every gap is ``gap``.
    """
    table = table or TableSpec()
    order = eight_ball_order(seed)
    stream = random.Random(f"loose {seed}") if loose and seed is not None else (random.Random() if loose else None)
    layout = place_rack(Layout.from_positions({}, table), order, gap=gap, loose=stream)
    return layout if cue is None else place_cue_ball(layout, cue, kitchen=True)


def straight_pool_rack(
    layout: Layout, seed: int | None = None, *, fourteen: bool = False, gap: float = 0.0, loose: bool = False
) -> Layout:
    """A 14.1 rack on ``layout`` (RULES 14.1-4): ``fourteen`` re-racks the fourteen object balls that are
    off the table with the apex empty (14.1-7.3); otherwise all fifteen are racked, wherever they were.
    ``loose`` as for ``eight_ball_rack``."""
    if fourteen:
        balls = [b for b in OBJECT_BALLS if layout.position(b) is None]
        if len(balls) != 14:
            raise ValueError(
                f"a fourteen-ball re-rack needs exactly one object ball on the table, not {15 - len(balls)}"
            )
    else:
        balls = list(OBJECT_BALLS)
        layout = layout.with_positions(dict.fromkeys(balls))
    stream = random.Random(f"loose {seed}") if loose and seed is not None else (random.Random() if loose else None)
    return place_rack(layout, straight_pool_order(balls, seed), apex_empty=fourteen, gap=gap, loose=stream)


def eight_ball_slot_problems(order: Sequence[int | None]) -> list[tuple[int, str]]:
    """The 8B-3-C1 conditions on which ball lies in which slot, as ``(slot, problem)``; empty when both hold.

    ``order[slot]`` is the ball in that slot (None: empty). The 8 must be in
    the middle of row three and the back corners must hold a solid and a
    stripe. This is the one statement of those conditions: the referee's
    ``rules.eight_ball.check_rack`` judges a rack description with it, and
    ``eight_ball_rack_problems`` a measured layout.
    """
    problems: list[tuple[int, str]] = []
    if order[EIGHT_SLOT] != EIGHT:
        problems.append((EIGHT_SLOT, "the 8 is not in the middle of the third row"))
    corners = [order[s] for s in BACK_CORNERS]
    if None in corners or {_group(c) for c in corners} != {"solid", "stripe"}:
        shown = " and ".join("nothing" if c is None else str(c) for c in corners)
        problems.append((BACK_CORNERS[0], f"the back corners hold {shown}: one must be a solid and the other a stripe"))
    return problems


def eight_ball_rack_problems(layout: Layout) -> list[str]:
    """Why this rack may not be broken (RULES 8B-3-C1, GEN-15); empty when it is legal.

    Measures which ball lies in each slot of a tight triangle (within
    ``RACK_TOLERANCE``), then checks the apex on the foot spot, the slots
    (``eight_ball_slot_problems``) and that every object ball is racked.
    """
    slots = rack_slots(layout.table)
    tol = RACK_TOLERANCE
    holder: dict[int, int] = {}
    for slot, xy in enumerate(slots):
        near = [b for b in layout.on_table if b != CUE and math.dist(layout.positions[b], xy) <= tol]
        if near:
            holder[slot] = near[0]
    problems: list[str] = []
    if 0 not in holder:
        problems.append("no ball on the foot spot (the apex of the rack)")
    problems += [problem for _, problem in eight_ball_slot_problems([holder.get(s) for s in range(len(slots))])]
    missing = [b for b in OBJECT_BALLS if b not in holder.values()]
    if missing:
        problems.append("not tight in the triangle: " + ", ".join(f"ball {b}" for b in missing))
    return problems


def _group(ball: int | None) -> str | None:
    return "solid" if ball in SOLIDS else "stripe" if ball in STRIPES else None


# ------------------------------------------------------------------ where a ball is (GEN-2)
def rack_outline(table: TableSpec) -> list[Point]:
    """The triangle around a tight 15-ball rack (RULES GEN-1 "rack area"): apex, then the two back vertices.

    Each side is tangent to the outer balls: the triangle of centres pushed
    out by one radius, so its vertices move 2R along their bisectors.
    """
    r = table.ball.radius
    fx, fy = table.foot_spot
    back = fx + 4 * math.sqrt(3) * r + r
    half = 4 * r + math.sqrt(3) * r
    return [(fx - 2 * r, fy), (back, fy - half), (back, fy + half)]


def in_rack_area(table: TableSpec, xy: Point) -> bool:
    """A ball at ``xy`` lies within or overlaps the rack-area outline (RULES GEN-2: it is *in the rack*)."""
    return _distance_to_triangle(xy, rack_outline(table)) < table.ball.radius - SAME_PLACE


def on_spot(table: TableSpec, xy: Point, spot: str = "head-spot") -> bool:
    """A ball at ``xy`` lies on or overlaps the named spot (RULES 14.1-7.6-C1).

    Read as "occupies it": a ball placed on the spot would touch or overlap
    this one, so the spot is not free for a special placement.
    """
    return math.dist(xy, spot_point(table, spot)) <= 2 * table.ball.radius + SAME_PLACE


def behind_head_string(table: TableSpec, xy: Point) -> bool:
    """The ball's base is between the head rail and the head string; on the string is not behind (GEN-2)."""
    return xy[0] < table.head_string_x - SAME_PLACE


def break_spot(table: TableSpec) -> Point:
    """The plain place to break from: 5 cm behind the head string's centre, in the kitchen (GEN-9). The
    simple player breaks from it, ``poolhall bench break`` measures from it, ``poolhall render`` puts a
    fresh rack's cue ball there."""
    return table.head_string_x - 0.05, table.width / 2


def spot_point(table: TableSpec, spot: str) -> Point:
    points = {"head-spot": table.head_spot, "centre-spot": table.centre_spot, "foot-spot": table.foot_spot}
    if spot not in points:
        raise ValueError(f"unknown spot {spot!r}: expected one of {', '.join(SPOTS)}")
    return points[spot]


def _distance_to_triangle(p: Point, tri: list[Point]) -> float:
    """0 inside the (counter-clockwise or clockwise) triangle, else the distance to its nearest edge."""
    edges = list(zip(tri, tri[1:] + tri[:1], strict=True))
    sides = [(bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) for (ax, ay), (bx, by) in edges]
    if all(s >= 0 for s in sides) or all(s <= 0 for s in sides):
        return 0.0
    return min(_distance_to_segment(p, a, b) for a, b in edges)


def _distance_to_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


# ------------------------------------------------------------------ 14.1 zones (14.1-7.6-C1, 14.1-7.7)
def last_ball_zone(layout: Layout, ball: int) -> str:
    """The 15th ball's zone for RULES 14.1-7.6-C1: ``in-rack``, ``head-spot``, ``behind-head-string`` or
    ``elsewhere`` (on or in front of the head string). A ball not on the table is an error: it is pocketed."""
    xy = _on_table(layout, ball)
    if in_rack_area(layout.table, xy):
        return "in-rack"
    if on_spot(layout.table, xy):
        return "head-spot"
    return "behind-head-string" if behind_head_string(layout.table, xy) else "elsewhere"


def cue_ball_zone(layout: Layout) -> str:
    """The cue ball's zone for RULES 14.1-7.6-C1: ``in-rack``, ``head-spot`` or ``elsewhere``."""
    xy = _on_table(layout, CUE)
    if in_rack_area(layout.table, xy):
        return "in-rack"
    return "head-spot" if on_spot(layout.table, xy) else "elsewhere"


def all_behind_head_string(layout: Layout) -> bool:
    """Every object ball on the table lies behind the head string, by its base (RULES 14.1-7.7-C1).

    False when no object ball is on the table: there is no ball to move.
    """
    balls = [b for b in layout.on_table if b != CUE]
    return bool(balls) and all(behind_head_string(layout.table, _on_table(layout, b)) for b in balls)


def nearest_to_head_string(layout: Layout) -> list[int]:
    """The object balls nearest the head string, all of them when equally near (RULES 14.1-7.7)."""
    head = layout.table.head_string_x
    gaps = {b: abs(layout.positions[b, 0] - head) for b in layout.on_table if b != CUE}
    if not gaps:
        return []
    best = min(gaps.values())
    return [b for b, g in gaps.items() if g <= best + SAME_PLACE]


def after_facts(layout: Layout, last_ball: int | None) -> dict[str, Any]:
    """The shot facts' ``after`` object (DESIGN.md "Shot facts") for the final layout of a 14.1 shot.

    ``last_ball`` is the object ball left on the table, or None when none is
    (its zone is then null, as is the cue ball's when it left the table).
    """
    return {
        "last_ball": None if last_ball is None else last_ball_zone(layout, last_ball),
        "cue_ball": None if layout.position(CUE) is None else cue_ball_zone(layout),
        "all_behind_head_string": all_behind_head_string(layout),
        "nearest_to_head_string": nearest_to_head_string(layout),
    }


def _on_table(layout: Layout, ball: int) -> Point:
    xy = layout.position(ball)
    if xy is None:
        raise ValueError(f"ball {ball} is not on the table")
    return xy


# ------------------------------------------------------------------ spotting and placements
def spot_balls(layout: Layout, balls: Sequence[int]) -> Layout:
    """Spot ``balls`` on the long string in ascending order (RULES GEN-11), moving no ball on the table.

    Each goes as close to the foot spot as it can, between the foot spot and
    the foot rail: frozen to an object ball in its way, ``CUE_CLEARANCE``
    short of the cue ball. When that line is full it goes in front of the
    foot spot (toward the centre spot), again as close as it can.
    """
    for ball in sorted(set(balls)):
        if not 0 <= ball < N_BALLS:
            raise ValueError(f"ball {ball!r}: balls are whole numbers 0 (cue ball) to 15")
        if layout.position(ball) is not None:
            raise ValueError(f"ball {ball} is on the table; only balls off the table are spotted")
        layout = layout.with_positions({ball: (_spot_x(layout), layout.table.width / 2)})
    return layout


def _spot_x(layout: Layout) -> float:
    table = layout.table
    r, fx, y = table.ball.radius, table.foot_spot[0], table.width / 2
    blocked: list[tuple[float, float]] = []
    for other in layout.on_table:
        reach = 2 * r + (CUE_CLEARANCE if other == CUE else 0.0)
        ox, oy = layout.positions[other]
        if abs(oy - y) < reach:
            half = math.sqrt(reach * reach - (oy - y) ** 2)
            blocked.append((ox - half, ox + half))

    def free(x: float) -> bool:
        return all(not lo < x < hi for lo, hi in blocked)

    behind = [x for x in [fx, *(hi for _, hi in blocked)] if fx <= x <= table.length - r and free(x)]
    if behind:
        return min(behind)
    front = [lo for lo, _ in blocked if r <= lo <= fx and free(lo)]
    if not front:
        raise ValueError("no room left on the long string or in front of the foot spot")
    return max(front)


def place_on_spot(layout: Layout, ball: int, spot: str) -> Layout:
    """Move one ball onto a named spot (RULES 14.1-7.6, 14.1-7.7); a ball in the way is an error naming it."""
    xy = spot_point(layout.table, spot)
    moved = layout.with_positions({ball: xy})
    clash = [p for p in moved.problems() if "overlap" in p]
    if clash:
        raise ValueError(f"cannot put ball {ball} on the {spot}: " + "; ".join(clash))
    return moved


def place_cue_ball(layout: Layout, xy: Point, *, kitchen: bool) -> Layout:
    """Put the cue ball in hand at ``xy`` (RULES GEN-9): on the cloth, overlapping no ball, and behind the
    head string when ``kitchen``. An invalid placement raises ``ValueError`` saying why."""
    try:
        x, y = (float(v) for v in xy)
    except (TypeError, ValueError):
        raise ValueError(f"cue ball: position must be two numbers (x, y) in metres, got {xy!r}") from None
    table = layout.table
    if kitchen and not behind_head_string(table, (x, y)):
        raise ValueError(
            f"cue ball at ({x:.4f}, {y:.4f}): with ball in hand in the kitchen its base must be behind "
            f"the head string (x < {table.head_string_x:.4f} m, RULES GEN-9)"
        )
    placed = layout.with_positions({CUE: (x, y)})
    problems = [p for p in placed.problems() if p.startswith(("ball 0:", "balls 0 and"))]
    if problems:
        raise ValueError("cue ball in hand: " + "; ".join(problems))
    return placed


def cue_ball_fits(layout: Layout, xy: Point, *, kitchen: bool) -> bool:
    """Whether ``place_cue_ball`` accepts ``xy``: for a player sorting candidate spots, who needs no reason."""
    try:
        place_cue_ball(layout, xy, kitchen=kitchen)
    except ValueError:
        return False
    return True
