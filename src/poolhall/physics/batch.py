"""Many shots per call: ``simulate_many`` runs ``simulate``'s own kernel over many (layout, stroke) pairs.

A computer player tries hundreds of noisy strokes from one position, a
trainer steps many tables at once; per shot, ``simulate`` spends about as
long in Python (packing, the ``ShotResult``, the referee's facts) as in the
compiled kernel. Here one compiled loop (``prange``: every core, no GIL)
calls the very same ``run`` for every shot and reads off only what a
decision needs, so the results are bit for bit those of ``simulate``.

``record="outcome"`` gives ``Outcomes``: per-shot numpy arrays of the first
contact, where every ball ended, the rail contacts after the first contact
in order, the drops in order (with the ``direct`` flag of RULES GEN-5's
"direct pocketing"), the cue ball's path facts the kitchen and technique
rules need, the event count and the event-cap flag. ``outcome_of(result)``
reads the same arrays off one ``ShotResult``, with the same compiled code,
so the referee's facts (``game/facts.py``) have one source for both.
``record="full"`` gives ``ShotResult``s identical to ``simulate``'s (one by
one: building the Python objects is the cost there, not the kernel).
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numba
import numpy as np
from numba import njit, prange

from poolhall.equipment import CUE, POCKETS, RAILS, PhysicsParams, TableSpec
from poolhall.layout import N_BALLS, Layout
from poolhall.physics.packing import build_result, final_layout, param_vector, table_arrays
from poolhall.physics.result import EVENT_KINDS, MOTIONS, ShotResult
from poolhall.physics.simulate import (
    EVENT_INT_COLS,
    SEG_FLOAT_COLS,
    checked_layout,
    run,
    run_in,
    stroke_problem,
    workspace,
)
from poolhall.physics.state import (
    AIRBORNE,
    EV_BALL_BALL,
    EV_BALL_CUSHION,
    EV_BALL_POCKET,
    OFF_TABLE_MARK,
    kernel,
)
from poolhall.physics.stroke import Stroke, strike, strike_constants

#: Two events this close in time happen at the same instant (a split first contact, RULES GEN-10).
SAME_TIME = 1e-9
#: Rail contacts kept per shot at first; a shot with more is run again with room for all of them.
RAIL_ROOM = 16
#: Shots per workspace in ``_run_many``: its allocation is spread over them, and the threads share blocks out.
BLOCK = np.int64(64)

# numba's threads: GNU OpenMP (numba's first choice here, TBB not being installed) kills any process
# that forks after using it ("fork() called from a process already using GNU OpenMP"), and the
# computer players fork worker pools; the workqueue layer is fork-safe but must not run two parallel
# loops at once, hence one batch at a time per process (each uses every core anyway).
# NUMBA_THREADING_LAYER, when set, is the user's choice.
if "NUMBA_THREADING_LAYER" not in os.environ:
    numba.config.THREADING_LAYER = "workqueue"
_ONE_AT_A_TIME = threading.Lock()
_CUE = np.int64(CUE)  # not a literal (state.py says why)

Record = Literal["outcome", "full"]
#: A stroke's fields in the order ``_strike_all`` reads them.
_FIELDS = operator.attrgetter("speed", "phi", "theta", "a", "b")


@dataclass(frozen=True, eq=False)
class Outcomes:
    """What each of N shots did, as arrays indexed by shot first (balls are 0-15, pockets and rails by index).

    - ``first_contact`` (N, 15): the object balls the cue ball touched first, in
      order, -1 padded (two or more only at the same instant); ``first_contact_time``
      (N,): when (the last of them; NaN when the cue ball touched no ball).
    - ``final_positions`` (N, 16, 2): centres at rest, NaN for balls not on the table.
    - ``pocket`` (N, 16): the ``POCKETS`` index a ball dropped into in this shot, else -1;
      ``off_table`` (N, 16): it left the table in this shot.
    - ``drops`` (N, 16, 2): (ball, pocket) in the order they dropped, -1 padded, ``n_drops``
      (N,), ``direct`` (N, 16): drop ``k`` was the single first ball hit, touching nothing
      after it but the jaws of its own pocket (``game/facts.py``).
    - ``rails`` (N, W, 2): (ball, ``RAILS`` index) of every ball-cushion contact after the
      first contact, in order (a jaw counts as its rail); ``n_rails`` (N,).
    - ``cue_reach_x`` (N,): the largest x of the cue ball's centre before the first contact
      (-inf when it had not moved; NaN with no contact), for the kitchen rule (GEN-9).
    - ``cue_airborne`` (N,): the cue ball was in the air before the first contact (or ever,
      with no contact): a jump (RULES 8B-5).
    - ``n_events``, ``duration``, ``event_cap_hit`` (N,): as ``ShotResult``'s.
    """

    layouts: tuple[Layout, ...]
    layout_index: np.ndarray
    first_contact: np.ndarray
    first_contact_time: np.ndarray
    final_positions: np.ndarray
    pocket: np.ndarray
    off_table: np.ndarray
    drops: np.ndarray
    n_drops: np.ndarray
    direct: np.ndarray
    rails: np.ndarray
    n_rails: np.ndarray
    cue_reach_x: np.ndarray
    cue_airborne: np.ndarray
    n_events: np.ndarray
    duration: np.ndarray
    event_cap_hit: np.ndarray

    def __len__(self) -> int:
        return int(self.layout_index.shape[0])

    def same_shot(self, k: int, other: Outcomes, j: int) -> bool:
        """Shot ``k`` here and shot ``j`` of ``other`` have the same outcome, bit for bit (every array)."""
        for name in _ROW_FIELDS:
            a, b = getattr(self, name)[k], getattr(other, name)[j]
            if name == "rails":  # the width is the widest shot's of each batch
                a, b = a[: self.n_rails[k]], b[: other.n_rails[j]]
            if a.shape != b.shape or a.tobytes() != b.tobytes():
                return False
        return self.initial(k) == other.initial(j)

    def initial(self, k: int) -> Layout:
        """The layout shot ``k`` started from."""
        return self.layouts[int(self.layout_index[k])]

    def final(self, k: int) -> Layout:
        """Shot ``k``'s final layout, equal to ``simulate(...).final``."""
        code = np.where(self.off_table[k], OFF_TABLE_MARK, self.pocket[k])
        return final_layout(self.initial(k), self.final_positions[k], code)


#: The per-shot arrays of ``Outcomes``.
_ROW_FIELDS = (
    "first_contact", "first_contact_time", "final_positions", "pocket", "off_table", "drops", "n_drops", "direct",
    "rails", "n_rails", "cue_reach_x", "cue_airborne", "n_events", "duration", "event_cap_hit",
)  # fmt: skip


def simulate_many(
    layouts: Layout | Sequence[Layout],
    strokes: Sequence[Stroke],
    *,
    table: TableSpec | None = None,
    params: PhysicsParams | None = None,
    record: Record = "outcome",
) -> Outcomes | list[ShotResult]:
    """Play ``strokes[k]`` from ``layouts[k]`` (or all from the one ``layouts``) on every core.

    Shot ``k`` is exactly ``simulate(layouts[k], strokes[k], table, params)``.
    Bad input raises one ``ValueError`` naming the field and the index
    (``strokes[3]: tip offset beyond ...``), like ``simulate``'s.

    >>> from poolhall import Layout, Stroke
    >>> layout = Layout.from_positions({0: (0.635, 0.635), 1: (1.905, 0.635)})
    >>> out = simulate_many(layout, [Stroke(speed=2.0, phi=0.0), Stroke(speed=2.0, phi=3.0)])
    >>> out.first_contact[:, 0].tolist()
    [1, -1]
    """
    if record not in ("outcome", "full"):
        raise ValueError(f"record: expected 'outcome' or 'full', got {record!r}")
    if isinstance(strokes, Stroke) or not isinstance(strokes, Sequence):
        raise ValueError("strokes: expected a sequence of Stroke")
    if isinstance(layouts, Layout):
        unique, index = [layouts], np.zeros(len(strokes), np.int64)
    elif isinstance(layouts, Sequence) and len(layouts) == len(strokes):
        unique, index = list(layouts), np.arange(len(strokes), dtype=np.int64)
    else:
        raise ValueError(f"layouts: expected one Layout or a sequence of {len(strokes)} (one per stroke)")
    params = PhysicsParams() if params is None else params
    if not isinstance(params, PhysicsParams):
        raise ValueError(f"params: expected PhysicsParams, got {type(params).__name__}")
    tables = {_checked(unique, k, table) for k in range(len(unique))}
    if len(tables) > 1:
        raise ValueError("layouts: all on one table (pass table= to check which)")
    table = tables.pop() if tables else (table or TableSpec.nine_foot())
    cue_v, cue_w = _strikes(strokes, table, params)
    lines, jaws, pockets = table_arrays(table)
    p = param_vector(table, params)
    if record == "full":
        return [
            build_result(unique[index[k]], run(unique[index[k]].positions, cue_v[k], cue_w[k], lines, jaws, pockets,
                                               p, params.max_events))
            for k in range(len(strokes))
        ]  # fmt: skip
    positions = np.array([lay.positions for lay in unique], np.float64).reshape(len(unique), N_BALLS, 2)
    out = _empty(len(strokes), RAIL_ROOM)
    with _ONE_AT_A_TIME:
        _run_many(positions, index, cue_v, cue_w, lines, jaws, pockets, p, params.max_events, *out)
    crowded = np.flatnonzero(out[5] > RAIL_ROOM)
    if crowded.size:  # rerun the few shots with many rail contacts, with room for all of them
        room = int(out[5].max())
        more = _empty(crowded.size, room)
        with _ONE_AT_A_TIME:
            _run_many(positions, index[crowded], cue_v[crowded], cue_w[crowded], lines, jaws, pockets, p,
                      params.max_events, *more)  # fmt: skip
        wide = np.full((len(strokes), room, 2), -1, np.int64)
        wide[:, :RAIL_ROOM] = out[4]
        out = tuple(wide if i == 4 else a for i, a in enumerate(out))
        for i, a in enumerate(more):
            out[i][crowded] = a
    return _outcomes(tuple(unique), index, out)


def _strikes(strokes: Sequence[Stroke], table: TableSpec, params: PhysicsParams) -> tuple[np.ndarray, np.ndarray]:
    """Each stroke's cue-ball velocity and spin, (N, 3) each, by ``simulate``'s own compiled ``strike``.

    The checks are ``simulate``'s, with the index in the field (the first refused stroke's); the strikes
    are computed in one compiled loop (in Python they cost a fifth of a batch). When every stroke is a
    ``Stroke``, only those whose tip offset is near the miscue limit or beyond it (numpy's ``hypot``, a
    micrometre of margin over ``stroke_problem``'s rounding) go through ``stroke_problem``, not every one.
    """
    every = all(isinstance(stroke, Stroke) for stroke in strokes)
    fields = np.array(list(map(_FIELDS, strokes)) if every else [], np.float64).reshape(-1, 5)
    tip = np.hypot(fields[:, 3], fields[:, 4])
    for k in np.flatnonzero(tip > params.miscue_limit - 1e-6).tolist() if every else range(len(strokes)):
        problem = stroke_problem(strokes[k], params)
        if problem:
            raise ValueError(f"strokes[{k}]: {problem}")
    cue_v, cue_w = np.empty((len(strokes), 3)), np.empty((len(strokes), 3))
    _strike_all(fields, *strike_constants(table.ball, params), cue_v, cue_w)
    return cue_v, cue_w


@kernel
def _strike_all(fields, m, r, tip_restitution, cue_mass, cue_end_mass, cue_v, cue_w):  # type: ignore[no-untyped-def]
    """``strike`` of every row (speed, phi, theta, a, b) of ``fields`` into ``cue_v`` and ``cue_w``."""
    for k in range(fields.shape[0]):
        cue_v[k, 0], cue_v[k, 1], cue_v[k, 2], cue_w[k, 0], cue_w[k, 1], cue_w[k, 2] = strike(
            fields[k, 0], fields[k, 1], fields[k, 2], fields[k, 3], fields[k, 4], m, r, tip_restitution, cue_mass,
            cue_end_mass,
        )  # fmt: skip


def _checked(layouts: list[Layout], k: int, table: TableSpec | None) -> TableSpec:
    return checked_layout(layouts[k], table, "layouts" if len(layouts) == 1 else f"layouts[{k}]")


def outcome_of(result: ShotResult) -> Outcomes:
    """One shot's ``Outcomes`` read off a ``ShotResult`` by the same compiled code as ``simulate_many``'s."""
    raw = result.kernel_arrays
    if raw is None:  # read from JSON: back to the kernel's integer codes
        raw = _arrays_of(result)
    ev_t, ev_i, seg_f, seg_i, final_pos, pocket_of, duration, cap_hit = raw
    out = _empty(1, max(RAIL_ROOM, int(np.sum(ev_i[:, 0] == EV_BALL_CUSHION))))
    _extract(0, ev_t, ev_i, seg_f, seg_i, final_pos, pocket_of, duration, cap_hit, *out)
    return _outcomes((result.initial,), np.zeros(1, np.int64), out)


def _arrays_of(result: ShotResult) -> tuple:  # type: ignore[type-arg]
    """``result`` as ``run``'s outputs (only the cue ball's segments: the only ones ``_extract`` reads)."""
    kind_code = {k: i for i, k in enumerate(EVENT_KINDS)}
    rows = []
    for e in result.events:
        balls = (*e.balls, -1)[:2]
        if e.kind == "ball-pocket":
            where = POCKETS.index(e.where) if e.where in POCKETS else -1
        else:
            where = RAILS.index(e.where) if e.where in RAILS else -1
        rows.append((kind_code[e.kind], *balls, where, POCKETS.index(e.jaw_of) if e.jaw_of in POCKETS else -1))
    segs = result.segments.get(CUE, [])
    seg_f = np.array([[s.t0, s.t1, *s.p0, *s.v0, *s.acc, *s.w0, *s.dw, *s.height] for s in segs], np.float64)
    seg_i = np.array([[CUE, MOTIONS.index(s.motion)] for s in segs], np.int64)
    pocket_of = np.full(N_BALLS, -1, np.int64)
    for ball, pocket in result.final.pocketed.items():
        if ball not in result.initial.pocketed:
            pocket_of[ball] = POCKETS.index(pocket)
    for ball in result.final.off_table - result.initial.off_table:
        pocket_of[ball] = OFF_TABLE_MARK
    return (
        np.array([e.time for e in result.events], np.float64),
        np.array(rows, np.int64).reshape(len(rows), EVENT_INT_COLS),
        seg_f.reshape(len(segs), SEG_FLOAT_COLS),
        seg_i.reshape(len(segs), 2),
        result.final.positions,
        pocket_of,
        result.duration,
        result.event_cap_hit,
    )


def _empty(n: int, room: int) -> tuple[np.ndarray, ...]:
    """The output arrays of ``_run_many`` / ``_extract`` for ``n`` shots, in their argument order."""
    return (
        np.full((n, N_BALLS - 1), -1, np.int64),  # 0 first contact
        np.full(n, np.nan),  # 1 its time
        np.full((n, N_BALLS, 2), -1, np.int64),  # 2 drops
        np.zeros((n, N_BALLS), np.bool_),  # 3 direct
        np.full((n, room, 2), -1, np.int64),  # 4 rails
        np.zeros(n, np.int64),  # 5 n rails
        np.full(n, np.nan),  # 6 cue reach x
        np.zeros(n, np.bool_),  # 7 cue airborne
        np.zeros(n, np.int64),  # 8 n events
        np.zeros(n, np.float64),  # 9 duration
        np.zeros(n, np.bool_),  # 10 cap hit
        np.full((n, N_BALLS, 2), np.nan),  # 11 final positions
        np.full((n, N_BALLS), -1, np.int64),  # 12 pocket of (OFF_TABLE_MARK: off)
    )


def _outcomes(layouts: tuple[Layout, ...], index: np.ndarray, out: tuple[np.ndarray, ...]) -> Outcomes:
    first, first_t, drops, direct, rails, n_rails, reach, air, n_ev, duration, cap, final, code = out
    return Outcomes(
        layouts=layouts,
        layout_index=index,
        first_contact=first,
        first_contact_time=first_t,
        final_positions=final,
        pocket=np.where(code >= 0, code, -1),
        off_table=code == OFF_TABLE_MARK,
        drops=drops,
        n_drops=np.sum(drops[:, :, 0] >= 0, axis=1),
        direct=direct,
        rails=rails,
        n_rails=n_rails,
        cue_reach_x=reach,
        cue_airborne=air,
        n_events=n_ev,
        duration=duration,
        event_cap_hit=cap,
    )


@njit(parallel=True, cache=True, error_model="numpy")
def _run_many(positions, which, cue_v, cue_w, lines, jaws, pockets, p, max_events,  # type: ignore[no-untyped-def]
              first, first_t, drops, direct, rails, n_rails, reach, air, n_ev, duration, cap, final, code):  # fmt: skip
    """Shot ``k`` = ``run`` from ``positions[which[k]]`` with the cue ball's ``cue_v[k]``, ``cue_w[k]``.

    The shots go in blocks of ``BLOCK``, each block in one workspace (``simulate.run_in``) on one thread.
    """
    shots = cue_v.shape[0]
    for block in prange((shots + BLOCK - 1) // BLOCK):
        work = workspace(positions.shape[1])
        for k in range(block * BLOCK, min(shots, (block + 1) * BLOCK)):
            ev_t, ev_i, seg_f, seg_i, fin, pocket_of, dur, hit = run_in(
                work, positions[which[k]], cue_v[k], cue_w[k], lines, jaws, pockets, p, max_events
            )
            _extract(k, ev_t, ev_i, seg_f, seg_i, fin, pocket_of, dur, hit, first, first_t, drops, direct, rails,
                     n_rails, reach, air, n_ev, duration, cap, final, code)  # fmt: skip


@kernel
def _extract(k, ev_t, ev_i, seg_f, seg_i, fin, pocket_of, dur, hit,  # type: ignore[no-untyped-def]
             first, first_t, drops, direct, rails, n_rails, reach, air, n_ev, duration, cap, final, code):  # fmt: skip
    """Row ``k`` of the outcome arrays from one shot's ``run`` outputs (the rules of ``game/facts.py``)."""
    n = ev_t.shape[0]
    n_ev[k], duration[k], cap[k] = n, dur, hit
    for b in range(fin.shape[0]):
        final[k, b, 0], final[k, b, 1], code[k, b] = fin[b, 0], fin[b, 1], pocket_of[b]
    # the first contact: the cue ball's first ball-ball event and any at the same instant
    at, n_first = np.int64(-1), 0
    for e in range(n):
        if ev_i[e, 0] != EV_BALL_BALL or (ev_i[e, 1] != _CUE and ev_i[e, 2] != _CUE):
            continue
        if at < 0:
            first_t[k] = ev_t[e]
        elif ev_t[e] - first_t[k] > SAME_TIME:
            break
        other = ev_i[e, 2] if ev_i[e, 1] == _CUE else ev_i[e, 1]
        seen = False
        for j in range(n_first):
            seen = seen or first[k, j] == other
        if not seen:
            first[k, n_first] = other
            n_first += 1
        at = e
    if at >= 0:
        first_t[k] = ev_t[at]
    n_rail = 0
    for e in range(at + 1 if at >= 0 else n, n):
        if ev_i[e, 0] == EV_BALL_CUSHION:
            if n_rail < rails.shape[1]:
                rails[k, n_rail, 0], rails[k, n_rail, 1] = ev_i[e, 1], ev_i[e, 3]
            n_rail += 1
    n_rails[k] = n_rail
    n_drop = 0
    for e in range(n):
        if ev_i[e, 0] == EV_BALL_POCKET:
            ball = ev_i[e, 1]
            drops[k, n_drop, 0], drops[k, n_drop, 1] = ball, ev_i[e, 3]
            direct[k, n_drop] = n_first == 1 and first[k, 0] == ball and _direct(ev_i, at, ball, ev_i[e, 3])
            n_drop += 1
    until = ev_t[at] if at >= 0 else dur
    best = -np.inf
    for g in range(seg_f.shape[0]):
        if seg_i[g, 0] != _CUE or not seg_f[g, 0] < until:
            continue
        air[k] = air[k] or seg_i[g, 1] == AIRBORNE
        best = max(best, _max_x(seg_f[g], until))
    reach[k] = best if at >= 0 else np.nan


@kernel
def _direct(ev_i, at, ball, pocket):  # type: ignore[no-untyped-def]
    """After event ``at``, ``ball``'s first ball or rail event is its drop into ``pocket`` (jaws of it allowed)."""
    for e in range(at + 1, ev_i.shape[0]):
        if ev_i[e, 1] != ball and ev_i[e, 2] != ball:
            continue
        if ev_i[e, 0] == EV_BALL_POCKET:
            return ev_i[e, 3] == pocket
        if ev_i[e, 0] == EV_BALL_BALL:
            return False
        if ev_i[e, 0] == EV_BALL_CUSHION and ev_i[e, 4] != pocket:
            return False
    return False


@kernel
def _max_x(seg, until):  # type: ignore[no-untyped-def]
    """The largest x a segment row (``run``'s layout) reaches between its start and ``until`` (exact)."""
    tau_end = min(seg[1], until) - seg[0]
    x0, vx, ax = seg[2], seg[4], seg[6]
    best = max(x0, x0 + vx * max(tau_end, 0.0) + 0.5 * ax * max(tau_end, 0.0) * max(tau_end, 0.0))
    if ax != 0.0:
        vertex = -vx / ax
        if 0.0 < vertex < tau_end:
            best = max(best, x0 + vx * vertex + 0.5 * ax * vertex * vertex)
    return best
