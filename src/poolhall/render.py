"""Draw a table seen from above, its balls and a shot's paths, to a PNG (matplotlib, Agg: no display).

The image covers exactly the outer edge of the wooden rails, in table
coordinates (x to the right from the head cushion, y up from the right
cushion), so a pixel maps linearly to metres: ``image_point`` gives that map
for tests and other tools. Paths are evaluated from the shot's polynomial
segments, not from sampled frames, so a drawn curve is the simulator's own.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from matplotlib import patches
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from poolhall.equipment import CUE, EIGHT, TableSpec, table_geometry
from poolhall.layout import Layout

Point = tuple[float, float]

if TYPE_CHECKING:
    from poolhall.physics.result import ShotResult

#: Pool-ball colours (the usual set: 1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon, 8 black).
BALL_COLOURS: dict[int, str] = {
    1: "#f2c200",
    2: "#1746b8",
    3: "#d42424",
    4: "#4b2483",
    5: "#f26b0f",
    6: "#0e7a3a",
    7: "#7a1b24",
    8: "#111111",
}
CUE_COLOUR = "#f8f6ee"
CLOTH = "#1b7a45"
CUSHION = "#14623a"
WOOD = "#5b3416"
WOOD_EDGE = "#3b210c"
POCKET = "#0b0b0b"
LINER = "#2b1a0b"
DIAMOND = "#efe6cf"
LINE = "#cfe8d6"

#: Cushion width from nose to rail, and the wooden rail outside it (a typical 9-foot table).
CUSHION_WIDTH = 0.05
RAIL_WIDTH = 0.11


def ball_colour(ball: int) -> str:
    """The ball's main colour: stripes 9-15 share the colour of ``ball - 8``."""
    if ball == CUE:
        return CUE_COLOUR
    return BALL_COLOURS[ball - 8 if ball > EIGHT else ball]


def outer_extent(table: TableSpec) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1) of the drawn area: the table with its cushions and rails."""
    m = CUSHION_WIDTH + RAIL_WIDTH
    return (-m, table.length + m, -m, table.width + m)


def image_point(table: TableSpec, xy: tuple[float, float], size: tuple[int, int]) -> tuple[int, int]:
    """Pixel (column, row) of table point ``xy`` in an image of ``size`` = (width, height) from ``render``."""
    x0, x1, y0, y1 = outer_extent(table)
    w, h = size
    col = (xy[0] - x0) / (x1 - x0) * w
    row = (y1 - xy[1]) / (y1 - y0) * h
    return int(col), int(row)


# ------------------------------------------------------------------ the table
def _cushions(table: TableSpec) -> tuple[list[list[Point]], list[list[Point]]]:
    """The cushions between pockets and the pocket throats, from the simulator's ``table_geometry``.

    A cushion is its nose plus, at both ends, the jaw facing followed back to
    the cushion's full width; a throat is the cloth between a pocket's two
    facings, closed at the pocket's hole.
    """
    geometry = table_geometry(table)
    facings = [line for line in geometry.lines if line.jaw_of is not None]
    shapes: list[list[Point]] = []
    throats: dict[str, list[Point]] = {p.name: [] for p in geometry.pockets}
    for nose in (line for line in geometry.lines if line.jaw_of is None):
        nx, ny = nose.normal
        ends = []
        for point in (nose.start, nose.end):
            facing = min((f for f in facings if f.rail == nose.rail), key=lambda f: math.dist(f.start, point))
            fx, fy = facing.end[0] - facing.start[0], facing.end[1] - facing.start[1]
            norm = math.hypot(fx, fy)
            fx, fy = fx / norm, fy / norm
            depth = (nose.start[0] - facing.start[0]) * nx + (nose.start[1] - facing.start[1]) * ny
            t = (CUSHION_WIDTH - depth) / -(fx * nx + fy * ny)
            back = (facing.start[0] + fx * t, facing.start[1] + fy * t)
            ends.append((facing.start, back))
            throats[facing.jaw_of].append((facing.start, back))
        (a_front, a_back), (b_front, b_back) = ends
        shapes.append([a_back, a_front, nose.start, nose.end, b_front, b_back])
    holes = {p.name: p.capture_centre for p in geometry.pockets}
    throat_shapes = [[f1, b1, holes[name], b2, f2] for name, ((f1, b1), (f2, b2)) in throats.items()]
    return shapes, throat_shapes


def draw_table(ax: Axes, table: TableSpec) -> None:
    """Wooden rails, pockets, cushions, cloth, diamonds, head string and the three spots.

    Cushion noses, jaw facings and pocket holes (the capture circles) are the simulator's own
    geometry, so a ball that drops is drawn dropping into the hole it really met.
    """
    x0, x1, y0, y1 = outer_extent(table)
    c, L, W = CUSHION_WIDTH, table.length, table.width
    ax.add_patch(patches.Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor=WOOD, edgecolor=WOOD_EDGE, lw=3))
    ax.add_patch(patches.Rectangle((-c, -c), L + 2 * c, W + 2 * c, facecolor=CUSHION, edgecolor="none"))
    ax.add_patch(patches.Rectangle((0, 0), L, W, facecolor=CLOTH, edgecolor="none"))
    cushions, throats = _cushions(table)
    for shape in throats:
        ax.add_patch(patches.Polygon(shape, closed=True, facecolor=CLOTH, edgecolor="none"))
    for pocket in table_geometry(table).pockets:
        r = pocket.capture_radius
        ax.add_patch(patches.Circle(pocket.capture_centre, r * 1.12, facecolor=LINER, edgecolor="none"))
        ax.add_patch(patches.Circle(pocket.capture_centre, r, facecolor=POCKET, edgecolor="none"))
    for shape in cushions:
        ax.add_patch(patches.Polygon(shape, closed=True, facecolor=CUSHION, edgecolor="#0f4d2d", lw=0.8))
    mid = c + RAIL_WIDTH / 2
    diamonds = [(L * i / 8, y) for i in (1, 2, 3, 5, 6, 7) for y in (-mid, W + mid)]
    diamonds += [(x, W * j / 4) for j in (1, 2, 3) for x in (-mid, L + mid)]
    size = RAIL_WIDTH * 0.12
    for x, y in diamonds:
        ax.add_patch(patches.RegularPolygon((x, y), 4, radius=size, facecolor=DIAMOND, edgecolor="none"))
    ax.plot([table.head_string_x] * 2, [0, W], color=LINE, lw=0.8, alpha=0.45, zorder=1)
    for spot in (table.head_spot, table.centre_spot, table.foot_spot):
        ax.add_patch(patches.Circle(spot, table.ball.radius * 0.18, facecolor=LINE, alpha=0.8, zorder=1))


# ------------------------------------------------------------------ balls
def draw_ball(ax: Axes, ball: int, xy: tuple[float, float], radius: float, *, zorder: float = 5) -> None:
    """One ball: solid colour or a white ball with a band; a white disc with its number; a soft shadow."""
    x, y = xy
    ax.add_patch(
        patches.Circle(
            (x + radius * 0.12, y - radius * 0.12), radius, facecolor="black", alpha=0.3, zorder=zorder - 0.5
        )
    )
    stripe = ball > EIGHT
    body = patches.Circle(
        xy, radius, facecolor=CUE_COLOUR if stripe else ball_colour(ball), edgecolor="#222", lw=0.6, zorder=zorder
    )
    ax.add_patch(body)
    if stripe:
        band = patches.Rectangle(
            (x - radius, y - radius * 0.55),
            2 * radius,
            radius * 1.1,
            facecolor=ball_colour(ball),
            edgecolor="none",
            zorder=zorder + 0.1,
        )
        ax.add_patch(band)
        band.set_clip_path(body)
    if ball != CUE:
        ax.add_patch(patches.Circle(xy, radius * 0.48, facecolor="white", edgecolor="none", zorder=zorder + 0.2))
        points = _points_per_metre(ax) * radius
        ax.text(
            x,
            y,
            str(ball),
            ha="center",
            va="center_baseline",
            fontsize=points * 0.62,
            fontweight="bold",
            color="black",
            zorder=zorder + 0.3,
        )
    ax.add_patch(
        patches.Circle(
            (x - radius * 0.35, y + radius * 0.35),
            radius * 0.16,
            facecolor="white",
            alpha=0.55,
            edgecolor="none",
            zorder=zorder + 0.4,
        )
    )


def draw_balls(ax: Axes, layout: Layout) -> None:
    for ball in layout.on_table:
        draw_ball(ax, ball, layout.position(ball), layout.table.ball.radius)


def _points_per_metre(ax: Axes) -> float:
    fig = ax.figure
    x0, x1 = ax.get_xlim()
    return fig.get_figwidth() * ax.get_position().width * 72 / (x1 - x0)


# ------------------------------------------------------------------ shot paths
def path_points(result: ShotResult, ball: int, per_segment: int = 24) -> np.ndarray:
    """(n, 2) points of ``ball``'s path, evaluated exactly from its segments (p0 + v0 t + acc t^2 / 2)."""
    pieces: list[np.ndarray] = []
    for seg in result.segments.get(ball, ()):
        if seg.motion == "pocketed":
            continue  # the ball has dropped: its path ends where it entered the pocket
        tau = np.linspace(0.0, seg.t1 - seg.t0, per_segment)[:, None]
        p0, v0, acc = (np.asarray(v, dtype=float)[:2] for v in (seg.p0, seg.v0, seg.acc))
        pieces.append(p0 + v0 * tau + 0.5 * acc * tau * tau)
    return np.concatenate(pieces) if pieces else np.empty((0, 2))


def draw_paths(ax: Axes, result: ShotResult) -> None:
    """Each moving ball's path in its colour, and a ghost of the ball where it started."""
    radius = result.initial.table.ball.radius
    for ball in sorted(result.segments):
        pts = path_points(result, ball)
        if len(pts) < 2 or np.allclose(pts, pts[0]):
            continue
        colour = ball_colour(ball)
        ax.plot(pts[:, 0], pts[:, 1], color="black", lw=3.2, alpha=0.35, zorder=3, solid_capstyle="round")
        ax.plot(
            pts[:, 0],
            pts[:, 1],
            color=colour,
            lw=1.8,
            zorder=3.1,
            ls="--" if ball == CUE else "-",
            solid_capstyle="round",
        )
        start = result.initial.position(ball)
        if start is not None:
            ax.add_patch(
                patches.Circle(start, radius, facecolor="none", edgecolor=colour, lw=1.2, ls=(0, (2, 2)), zorder=3.2)
            )


# ------------------------------------------------------------------ the whole picture
def figure(layout: Layout, result: ShotResult | None = None, *, width_px: int = 1600, dpi: int = 100) -> Figure:
    """The picture as a matplotlib ``Figure``; with a result, its paths and the final layout's balls."""
    table = layout.table
    x0, x1, y0, y1 = outer_extent(table)
    height_px = round(width_px * (y1 - y0) / (x1 - x0))
    fig = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi)
    FigureCanvasAgg(fig)  # our own Agg canvas: no pyplot, no display, no global backend switch
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axis("off")
    draw_table(ax, table)
    if result is not None:
        draw_paths(ax, result)
    draw_balls(ax, result.final if result is not None else layout)
    return fig


def render(
    layout: Layout, path: str | Path, result: ShotResult | None = None, *, width_px: int = 1600, dpi: int = 100
) -> Path:
    """Write the PNG of ``layout`` (or of ``result``: paths, start ghosts, final balls) and return its path."""
    out = Path(path)
    fig = figure(layout, result, width_px=width_px, dpi=dpi)
    fig.savefig(out, format="png", dpi=dpi)
    return out
