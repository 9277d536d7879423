"""The kernel's cheap rule-outs are exact: a pair or cushion ruled out by a bound has no event.

``contact_time``, ``circle_time`` and ``line_time`` rule a candidate out
before solving when it is farther than the ball (or the pair's difference)
can travel within the horizon; the event loop rules out before calling them
a candidate whose box is apart from the ball's path box (``detect/bounds.py``).
Here each is compared with the unpruned solve, the very ``first_entry`` call
on the same coefficients: equal bit for bit (or no contact where a box rules
it out) on thousands of seeded cases, a tenth or more of them pruned and one
in a hundred or more a contact. The batch and ``simulate`` share these (test_batch.py).
"""

from __future__ import annotations

import math

import numpy as np

from poolhall.physics.detect.ball_ball import contact_time
from poolhall.physics.detect.ball_cushion import circle_time, line_time
from poolhall.physics.detect.bounds import apart, span_of
from poolhall.physics.detect.roots import first_entry
from poolhall.physics.evolve import travel_bound

R = 0.028575
CASES = 4000


def _motion(rng: np.random.Generator) -> tuple[float, ...]:
    """A velocity up to 8 m/s and an acceleration of a sliding or rolling ball (or none), in 3-D for pairs."""
    v = rng.normal(0, 2.0, 3)
    a = rng.normal(0, 2.0, 3) * rng.choice([0.0, 0.1, 1.0])
    return (*v, *a)


def test_a_pair_ruled_out_by_the_travel_bound_never_meets() -> None:
    rng = np.random.default_rng(15)
    pruned = met = 0
    for _ in range(CASES):
        dvx, dvy, dvz, dax, day, daz = _motion(rng)
        if rng.random() < 0.7:
            dvz = daz = 0.0  # both on the cloth
        direction = rng.normal(0, 1, 3)
        distance = 2 * R + abs(rng.normal(0, 0.3))
        dx, dy, dz = direction / np.linalg.norm(direction) * distance
        horizon = float(rng.exponential(0.5))
        diam = 2 * R
        got = contact_time(dx, dy, dz, dvx, dvy, dvz, dax, day, daz, horizon, diam)
        c0 = (dx * dx + dy * dy + dz * dz) - diam * diam
        c1 = 2.0 * (dx * dvx + dy * dvy + dz * dvz)
        c2 = dvx * dvx + dvy * dvy + dvz * dvz + dx * dax + dy * day + dz * daz
        c3 = dvx * dax + dvy * day + dvz * daz
        c4 = 0.25 * (dax * dax + day * day + daz * daz)
        unpruned = first_entry(c0, c1, c2, c3, c4, horizon, 2.0 * diam)
        assert got == unpruned or (math.isinf(got) and math.isinf(unpruned))
        far = diam + travel_bound(dvx, dvy, dvz, dax, day, daz, horizon)
        pruned += dx * dx + dy * dy + dz * dz > far * far
        met += got < math.inf
    assert pruned > CASES // 10 and met > CASES // 100  # both paths taken often


def test_a_pocket_or_jaw_ruled_out_by_the_reach_is_never_reached() -> None:
    rng = np.random.default_rng(16)
    pruned = reached = 0
    for _ in range(CASES):
        vx, vy, _, ax, ay, _ = _motion(rng)
        x, y = rng.uniform(0, 2.54), rng.uniform(0, 1.27)
        cx, cy, radius = rng.uniform(-0.05, 2.6), rng.uniform(-0.05, 1.32), rng.uniform(0.01, 0.08)
        horizon = float(rng.exponential(0.5))
        reach = travel_bound(vx, vy, 0.0, ax, ay, 0.0, horizon)
        got = circle_time(x, y, vx, vy, ax, ay, cx, cy, radius, horizon, reach, 0.0)  # 0.0: no pressed-in rule
        dx, dy = x - cx, y - cy
        unpruned = first_entry(
            dx * dx + dy * dy - radius * radius, 2.0 * (dx * vx + dy * vy), vx * vx + vy * vy + dx * ax + dy * ay,
            vx * ax + vy * ay, 0.25 * (ax * ax + ay * ay), horizon, 2.0 * radius,
        )  # fmt: skip
        assert got == unpruned or (math.isinf(got) and math.isinf(unpruned))
        pruned += dx * dx + dy * dy > (radius + reach) ** 2
        reached += got < math.inf
    assert pruned > CASES // 10 and reached > CASES // 100


def test_a_cushion_piece_ruled_out_by_the_reach_is_never_touched() -> None:
    rng = np.random.default_rng(17)
    pruned = touched = 0
    for _ in range(CASES):
        vx, vy, _, ax, ay, _ = _motion(rng)
        x, y = rng.uniform(R, 2.54 - R), rng.uniform(R, 1.27 - R)
        x0, y0 = rng.uniform(0, 2.54), rng.uniform(0, 1.27)
        angle = rng.uniform(0, 2 * math.pi)
        length = rng.uniform(0.05, 1.2)
        x1, y1 = x0 + length * math.cos(angle), y0 + length * math.sin(angle)
        nx, ny = -math.sin(angle), math.cos(angle)
        if nx * (x - x0) + ny * (y - y0) < 0:  # the ball on the free side
            nx, ny = -nx, -ny
        horizon = float(rng.exponential(0.5))
        reach = travel_bound(vx, vy, 0.0, ax, ay, 0.0, horizon)
        got = line_time(x, y, vx, vy, ax, ay, x0, y0, x1, y1, nx, ny, R, horizon, reach, 0.0)
        unpruned = line_time(x, y, vx, vy, ax, ay, x0, y0, x1, y1, nx, ny, R, horizon, math.inf, 0.0)
        assert got == unpruned or (math.isinf(got) and math.isinf(unpruned))
        ex, ey = x1 - x0, y1 - y0
        along = min(max(((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
        pruned += math.hypot(x - x0 - along * ex, y - y0 - along * ey) > R + reach
        touched += got < math.inf
    assert pruned > CASES // 10 and touched > CASES // 100


def _path_box(x: float, y: float, vx: float, vy: float, ax: float, ay: float, horizon: float) -> tuple[float, ...]:
    return (*span_of(x, vx, ax, horizon), *span_of(y, vy, ay, horizon))


def test_a_pocket_jaw_or_piece_apart_from_the_path_box_is_never_reached() -> None:
    rng = np.random.default_rng(18)
    pruned = reached = 0
    for _ in range(CASES):
        vx, vy, _, ax, ay, _ = _motion(rng)
        x, y = rng.uniform(R, 2.54 - R), rng.uniform(R, 1.27 - R)
        horizon = float(rng.exponential(0.5))
        box = _path_box(x, y, vx, vy, ax, ay, horizon)
        cx, cy, radius = rng.uniform(-0.05, 2.6), rng.uniform(-0.05, 1.32), rng.uniform(0.01, 0.08)
        circle = circle_time(x, y, vx, vy, ax, ay, cx, cy, radius, horizon, math.inf, 0.0)
        x0, y0 = rng.uniform(0, 2.54), rng.uniform(0, 1.27)
        angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 1.2)
        x1, y1 = x0 + length * math.cos(angle), y0 + length * math.sin(angle)
        nx, ny = -math.sin(angle), math.cos(angle)
        if nx * (x - x0) + ny * (y - y0) < 0:  # the ball on the free side
            nx, ny = -nx, -ny
        piece = line_time(x, y, vx, vy, ax, ay, x0, y0, x1, y1, nx, ny, R, horizon, math.inf, 0.5 * R)
        for got, ruled_out in ((circle, apart(*box, cx, cx, cy, cy, radius)), (piece, apart(*box, x0, x1, y0, y1, R))):
            assert not (ruled_out and got < math.inf)
            pruned += ruled_out
            reached += got < math.inf
    assert pruned > CASES // 10 and reached > CASES // 100


def test_a_pair_whose_boxes_are_apart_never_meets() -> None:
    rng = np.random.default_rng(19)
    pruned = met = 0
    for _ in range(CASES):
        xi, yi = rng.uniform(R, 2.54 - R), rng.uniform(R, 1.27 - R)
        angle, distance = rng.uniform(0, 2 * math.pi), 2 * R + abs(rng.normal(0, 0.3))
        xj, yj = xi + distance * math.cos(angle), yi + distance * math.sin(angle)
        vi, vj = _motion(rng), _motion(rng) if rng.random() < 0.5 else (0.0,) * 6  # the other one often at rest
        own_i, own_j = float(rng.exponential(0.5)), float(rng.exponential(0.5)) if vj[0] else math.inf
        box_i = _path_box(xi, yi, vi[0], vi[1], vi[3], vi[4], own_i)
        box_j = _path_box(xj, yj, vj[0], vj[1], vj[3], vj[4], own_j if vj[0] else 0.0)
        got = contact_time(
            xj - xi, yj - yi, 0.0, vj[0] - vi[0], vj[1] - vi[1], 0.0, vj[3] - vi[3], vj[4] - vi[4], 0.0,
            min(own_i, own_j), 2 * R,
        )  # fmt: skip
        ruled_out = apart(*box_i, box_j[0], box_j[1], box_j[2], box_j[3], 2 * R)
        assert not (ruled_out and got < math.inf)
        pruned += ruled_out
        met += got < math.inf
    assert pruned > CASES // 10 and met > CASES // 100


def test_a_box_inside_the_clear_box_is_apart_from_every_piece_pocket_and_jaw() -> None:
    """``simulate._inner_box``: the loop skips every cushion, pocket and jaw test for a box inside it."""
    from poolhall.equipment import PhysicsParams, TableSpec
    from poolhall.physics.packing import param_vector, table_arrays
    from poolhall.physics.simulate import _inner_box, _piece
    from poolhall.physics.state import LENGTH, WIDTH

    rng = np.random.default_rng(16)
    for table in (TableSpec.seven_foot(), TableSpec.eight_foot(), TableSpec.nine_foot()):
        lines, jaws, pockets = table_arrays(table)
        p = param_vector(table, PhysicsParams())
        xlo, xhi, ylo, yhi = _inner_box.py_func(lines, jaws, pockets, R, p[LENGTH], p[WIDTH])
        # the whole bed but a micrometre from the cushion lines: most boxes short of a cushion qualify
        assert R < xlo < R + 1e-6 and R < ylo < R + 1e-6
        assert p[LENGTH] - R - 1e-6 < xhi < p[LENGTH] - R and p[WIDTH] - R - 1e-6 < yhi < p[WIDTH] - R
        n = lines.shape[0] + pockets.shape[0] + jaws.shape[0]
        for _ in range(500):
            x0, x1 = np.sort(rng.uniform(xlo, xhi, 2))
            y0, y1 = np.sort(rng.uniform(ylo, yhi, 2))
            corner = rng.integers(4)  # one side of the box on the clear box's edge
            x0, x1, y0, y1 = (xlo if corner == 0 else x0, xhi if corner == 1 else x1,
                              ylo if corner == 2 else y0, yhi if corner == 3 else y1)  # fmt: skip
            for k in range(n):
                assert apart(x0, x1, y0, y1, *_piece.py_func(k, lines, jaws, pockets, R))
        # a hair beyond the clear box the cushion line there is not apart any more: the box is as large as it can be
        assert not all(apart(xlo - 2e-9, xhi, ylo, yhi, *_piece.py_func(k, lines, jaws, pockets, R)) for k in range(n))
