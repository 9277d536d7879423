"""Sliding one-rail banks into a corner pocket against the through-diamonds measured on five real tables.

Issue 14's seventh round (session 17): every bank and kick inherits the cushion model, and until now the
cushions were checked against straight-in rebound markers and pooltool's code of the same paper, never
against banks measured on pool tables. D. Alciatore's TP B.28, "Sliding-Bank-Shot Table Comparisons From
Careful Measurements" (drdavepoolinfo.com/technical_proofs/new/TP_B-28.pdf, 2023; the system it is set
against is TP B.27's "twice plus a tenth"), gives, for a ball banked off a long rail into a corner pocket,
the diamond on the opposite rail its line passes through, for aim points 0.5-3.0 diamonds along the
banking rail, on three 9-foot and two 7-foot tables (``TP_B28``, as transcribed in a public repository;
the TP's own text was not reachable). The shot as played here (docs/physics.md, "Issue 14, seventh
round", says which parts are the source's and which are assumed):

- diamonds are counted from the target corner pocket (0) along both long rails, one diamond an eighth
  of the playing length; a line "through" a diamond passes over its marker, 3 11/16 in behind the
  cushion nose (WPA Equipment Specifications, the figure ``equipment.py`` quotes);
- the ball's line passes through diamond T on the opposite rail and diamond A on the banking rail (the
  line is aimed over the markers; the ball turns at the cushion before it);
- the ball meets the banking rail sliding, without follow or draw (a centre-ball stroke 1 cm before
  it), at ``--speeds`` m/s (the TP's speed is not known here);
- a line makes the bank when the ball drops in the corner pocket, straight in or off that pocket's
  jaws, before touching anything else. Lines are tried every 0.01 diamond; the longest run that drops
  is the pocket's window, and its middle is our T for aim A.

Beside them, ``mirror``: the T of an ideal reflection (the ball's centre turning one radius from the
nose, no physics) that sends the ball's centre through the middle of the pocket's mouth (and, to show
how much the target matters at steep banks, through the pocket's centre); and ``ratio``: the rebound
each line, measured or ours, implies.

Run from the repository root (about 6 s):

    PYTHONPATH=src .venv/bin/python benchmarks/bank_diamonds.py [--speeds 2 3] [--variants] [--json]

``--variants`` plays the default cushion with one constant moved at a time (``VARIANTS``) instead of the
two models: which constant would move the lines how, for the lead to weigh (none is changed here).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from typing import Any

from poolhall import Layout, PhysicsParams, Stroke, TableSpec, simulate
from poolhall.equipment import INCH, POCKETS, table_geometry
from poolhall.physics.stroke import cue_strike

#: Aim points on the banking rail, diamonds from the target corner pocket (TP B.28).
AIMS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
#: TP B.28's measured through-diamonds on the opposite rail, one per aim point, by table.
TP_B28: dict[str, tuple[str, tuple[float, ...]]] = {
    "9 ft Olhausen": ("9-foot", (1.38, 2.72, 3.89, 5.07, 6.38, 7.74)),
    "9 ft Diamond (red label)": ("9-foot", (1.40, 2.93, 4.52, 5.60, 6.92, 8.30)),
    "9 ft Brunswick Gold Crown": ("9-foot", (1.27, 2.88, 4.38, 5.38, 6.56, 7.96)),
    "7 ft Valley": ("7-foot", (1.51, 2.74, 4.12, 5.19, 6.52, 7.54)),
    "7 ft Diamond": ("7-foot", (1.60, 3.31, 4.94, 6.22, 7.55, 8.59)),
}
TABLES = {"9-foot": TableSpec.nine_foot(), "7-foot": TableSpec.seven_foot()}
#: The two cushion models (``PhysicsParams.cushion_model``), all else as it is.
CUSHIONS = {"mathavan-2010": PhysicsParams(), "han-2005": PhysicsParams(cushion_model="han-2005")}
#: ``--variants``: the default cushion with one constant moved (what the bank leans on, not a fit).
VARIANTS = {
    "nose friction 0.05": PhysicsParams(mu_cushion_slide=0.05),
    "nose friction 0.3": PhysicsParams(mu_cushion_slide=0.3),
    "work restitution 0.9": PhysicsParams(e_cushion_work=0.9),
    "cloth friction 0.15": PhysicsParams(mu_slide=0.15),
    "cloth friction 0.25": PhysicsParams(mu_slide=0.25),
}
#: Ball speeds at the banking rail (m/s): up to the rigid Mathavan cushion's 2.5 m/s, and beyond it.
SPEEDS = (1.5, 2.0, 2.5, 3.0, 4.0, 5.0)
#: Cushion nose to the centre of a diamond (WPA Equipment Specifications; ``equipment.py``).
SIGHT = (3 + 11 / 16) * INCH
#: How far before the banking rail the ball is struck (m): near enough that it arrives sliding.
LEAD = 0.01
#: The target: the corner pocket at diamond 0 of the opposite (right) rail; the banking rail is the left.
TARGET = "head-right"
#: Lines tried, in diamonds: every ``STEP`` from ``BELOW`` under the mirror's T to ``ABOVE`` plus half the
#: aim over it (the measured tables lie 0.0-0.3 diamond over the mirror at aim 0.5, 0.8-1.7 at aim 3).
STEP = 0.01
BELOW = 0.6
ABOVE = 0.8
Point = tuple[float, float]


def diamond_point(table: TableSpec, diamond: float, banking: bool) -> Point:
    """A diamond's marker on the banking (left) rail or the opposite (right) rail, counted from the target."""
    return (diamond * table.length / 8, table.width + SIGHT if banking else -SIGHT)


def bank(table: TableSpec, params: PhysicsParams, through: float, aim: float, speed: float) -> bool:
    """Whether a ball on the line through ``through`` and over ``aim``, meeting the banking rail sliding at
    ``speed``, drops in the target pocket before it touches anything but the banking rail and that pocket."""
    frm, over = diamond_point(table, through, False), diamond_point(table, aim, True)
    r = table.ball.radius
    ux, uy = over[0] - frm[0], over[1] - frm[1]
    norm = math.hypot(ux, uy)
    ux, uy = ux / norm, uy / norm
    to_start = (table.width - r - LEAD * uy - frm[1]) / uy
    start = (frm[0] + to_start * ux, frm[1] + to_start * uy)
    phi = math.atan2(uy, ux)
    per_cue = math.hypot(*cue_strike(Stroke(1.0, phi), table.ball, params)[0][:2])
    launch = math.sqrt(speed**2 + 2 * params.mu_slide * params.gravity * LEAD)
    shot = simulate(Layout.from_positions({0: start}, table), Stroke(launch / per_cue, phi), table, params)
    contacts = [e for e in shot.events if e.kind in ("ball-cushion", "ball-pocket", "ball-off-table")]
    first, rest = contacts[0], contacts[1:]
    if first.where != "left" or first.jaw_of is not None:
        raise RuntimeError(f"aim {aim}, through {through}: the ball met {first.where} {first.jaw_of} first")
    for event in rest:
        if event.kind == "ball-pocket":
            return event.where == TARGET
        if event.jaw_of != TARGET:
            return False
    return False


def window(table: TableSpec, params: PhysicsParams, aim: float, speed: float) -> tuple[float, float]:
    """The first and last through-diamond of the longest run of lines over ``aim`` that drop."""
    first = mirror(table, aim) - BELOW
    count = round((BELOW + ABOVE + aim / 2) / STEP) + 1
    made = [bank(table, params, first + k * STEP, aim, speed) for k in range(count)]
    best, best_len, run_start = 0, 0, 0
    for k, dropped in enumerate([*made, False]):
        if not dropped:
            if k - run_start > best_len:
                best, best_len = run_start, k - run_start
            run_start = k + 1
    if best_len == 0:
        raise RuntimeError(f"no line over aim {aim} drops at {speed} m/s")
    if best == 0 or best + best_len == count:
        raise RuntimeError(f"the window over aim {aim} at {speed} m/s runs past the lines tried")
    return first + best * STEP, first + (best + best_len - 1) * STEP


def mouth(table: TableSpec) -> Point:
    """The middle of the target pocket's mouth (between its two jaw points)."""
    jaws = [j.centre for j in table_geometry(table).jaws if j.pocket == TARGET]
    return (sum(c[0] for c in jaws) / len(jaws), sum(c[1] for c in jaws) / len(jaws))


def mirror(table: TableSpec, aim: float, target: Point | None = None) -> float:
    """The T of an ideal reflection that sends the ball's centre through ``target`` (the middle of the
    pocket's mouth unless given)."""
    target = mouth(table) if target is None else target
    turn = table.width - table.ball.radius
    image = (target[0], 2 * turn - target[1])
    over = diamond_point(table, aim, True)
    slope = (over[0] - image[0]) / (over[1] - image[1])
    return (image[0] + slope * (-SIGHT - image[1])) / (table.length / 8)


def ratio(table: TableSpec, through: float, aim: float) -> float:
    """The rebound a line implies, as tan(angle out) / tan(angle in) from the cushion's perpendicular: in
    along the line, out straight from where the ball's centre turns to the middle of the pocket's mouth
    (1 a mirror; the path's curve after the rail is folded into it)."""
    d, w, r = table.length / 8, table.width, table.ball.radius
    tan_in = (through - aim) * d / (w + 2 * SIGHT)
    turn_x = aim * d + tan_in * (SIGHT + r)
    target = mouth(table)
    return (turn_x - target[0]) / (w - r - target[1]) / tan_in


def measured(size: str | None = None) -> tuple[list[float], list[float]]:
    """The lowest and highest measured T at each aim on TP B.28's tables of ``size`` (None: all five)."""
    rows = [through for s, through in TP_B28.values() if size in (None, s)]
    return [min(col) for col in zip(*rows, strict=True)], [max(col) for col in zip(*rows, strict=True)]


def compare(table: TableSpec, params: PhysicsParams, speed: float, size: str) -> dict[str, Any]:
    """Our T (the window's middle) and window at each aim, and where T lies among the measured tables:
    ``place`` 0 at the lowest table of the size, 1 at the highest (beyond: below 0, above 1)."""
    lo, hi = measured(size)
    windows = [window(table, params, aim, speed) for aim in AIMS]
    ours = [(a + b) / 2 for a, b in windows]
    middle = [(a + b) / 2 for a, b in zip(lo, hi, strict=True)]
    return {
        "through": [round(t, 3) for t in ours],
        "window": [[round(a, 2), round(b, 2)] for a, b in windows],
        "place": [round((t - a) / (b - a), 2) for t, a, b in zip(ours, lo, hi, strict=True)],
        "beyond": [round(min(t - a, 0.0) + max(t - b, 0.0), 3) for t, a, b in zip(ours, lo, hi, strict=True)],
        "mean_from_middle": round(statistics.mean(t - m for t, m in zip(ours, middle, strict=True)), 3),
        "ratio": [round(ratio(table, t, aim), 3) for t, aim in zip(ours, AIMS, strict=True)],
    }


def measure(speeds: tuple[float, ...], cushions: dict[str, PhysicsParams]) -> dict[str, Any]:
    """Every table size, cushion and speed, beside the measured tables of that size."""
    out: dict[str, Any] = {"aims": list(AIMS), "sizes": {}}
    for size, table in TABLES.items():
        lo, hi = measured(size)
        ours = {
            f"{name} {speed:g} m/s": compare(table, params, speed, size)
            for name, params in cushions.items()
            for speed in speeds
        }
        centre = table_geometry(table).pockets[POCKETS.index(TARGET)].capture_centre
        out["sizes"][size] = {
            "measured_low": lo,
            "measured_high": hi,
            "measured_ratio": {
                name: [round(ratio(table, t, aim), 3) for t, aim in zip(through, AIMS, strict=True)]
                for name, (s, through) in TP_B28.items()
                if s == size
            },
            "mirror": [round(mirror(table, aim), 3) for aim in AIMS],
            "mirror_to_pocket_centre": [round(mirror(table, aim, centre), 3) for aim in AIMS],
            "ours": ours,
        }
    return out


def report(data: dict[str, Any]) -> None:
    for size, block in data["sizes"].items():
        print(f"{size}: through-diamond T at aim {', '.join(f'{a:g}' for a in data['aims'])}")
        print(f"  {'measured, lowest table':26s}", " ".join(f"{v:5.2f}" for v in block["measured_low"]))
        print(f"  {'measured, highest table':26s}", " ".join(f"{v:5.2f}" for v in block["measured_high"]))
        print(f"  {'ideal mirror':26s}", " ".join(f"{v:5.2f}" for v in block["mirror"]))
        print(f"  {'  to the pocket centre':26s}", " ".join(f"{v:5.2f}" for v in block["mirror_to_pocket_centre"]))
        for name, row in block["ours"].items():
            cells = " ".join(f"{v:5.2f}" for v in row["through"])
            beyond = " ".join(f"{v:+5.2f}" for v in row["beyond"])
            print(f"  {name:26s} {cells}   beyond the tables {beyond}   mean {row['mean_from_middle']:+.2f}")
        print("  the rebound each line implies, tan(out) / tan(in):")
        rows = {**block["measured_ratio"], **{name: row["ratio"] for name, row in block["ours"].items()}}
        for name, values in rows.items():
            print(f"  {name:26s}", " ".join(f"{v:5.2f}" for v in values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speeds", type=float, nargs="+", default=SPEEDS, help="ball speeds at the rail, m/s")
    parser.add_argument("--variants", action="store_true", help="the default cushion with one constant moved")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = parser.parse_args()
    data = measure(tuple(args.speeds), VARIANTS if args.variants else CUSHIONS)
    if args.json:
        print(json.dumps(data))
    else:
        report(data)


if __name__ == "__main__":
    main()
