"""What a simulated shot returns: the events, the trajectory as exact polynomial pieces, the final layout.

The engine's kernel writes flat arrays; ``ShotResult`` turns them into these
values only when asked (``events`` and ``segments`` are built on first
access), so a caller that only wants the final layout pays nothing for the
rest. Everything is SI (metres, seconds, radians per second).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from poolhall.equipment import POCKETS
from poolhall.layout import Layout

Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]

#: Motion states, in the order of the kernel's integer codes.
MOTIONS: tuple[str, ...] = (
    "stationary", "spinning", "sliding", "rolling", "pocketed", "airborne", "off-table", "contact", "rail",
)  # fmt: skip
#: Event kinds, in the order of the kernel's integer codes.
EVENT_KINDS: tuple[str, ...] = (
    "stroke",
    "ball-ball",
    "ball-cushion",
    "ball-pocket",
    "sliding-rolling",
    "rolling-spinning",
    "rolling-stationary",
    "spinning-stationary",
    "sliding-spinning",
    "sliding-stationary",
    "ball-slate",
    "ball-off-table",
)
#: The order of a segment's numbers in ``ShotResult.to_dict``.
SEGMENT_FIELDS: tuple[str, ...] = (
    "t0", "t1", "motion", "p0x", "p0y", "v0x", "v0y", "ax", "ay",
    "w0x", "w0y", "w0z", "dwx", "dwy", "dwz", "z0", "vz0", "az",
)  # fmt: skip
#: Segments written before balls could leave the cloth lack the last three (height) fields.
_FLAT_FIELDS = len(SEGMENT_FIELDS) - 3


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at one instant of a shot.

    ``balls``: one ball, or two for ``ball-ball`` (the lower number first).
    ``where``: the rail (``head``/``foot``/``left``/``right``) of a
    ``ball-cushion`` event -- a pocket jaw counts as the rail it belongs to
    (RULES GEN-5) -- or of a ``ball-off-table`` event (the cushion the ball
    flew over), or the pocket of a ``ball-pocket`` event, else None.
    ``ball-slate``: an airborne ball lands on the bed (and bounces or rolls on).
    ``jaw_of``: the pocket whose jaw the ball touched, for a cushion contact on
    a jaw; None on the straight cushion.
    """

    time: float
    kind: str
    balls: tuple[int, ...]
    where: str | None
    jaw_of: str | None = None


@dataclass(frozen=True, slots=True)
class BallState:
    """A ball at one instant: centre (m), velocity (m/s), spin (rad/s about x, y, z) and motion state.

    ``z``: the centre's height above its resting height (0 on the cloth; a
    ball in the air is drawn that much higher), ``vz`` its vertical speed.
    """

    position: Vec2
    velocity: Vec2
    spin: Vec3
    motion: str
    z: float = 0.0
    vz: float = 0.0


@dataclass(frozen=True, slots=True)
class Segment:
    """One ball's motion over ``[t0, t1]`` as exact polynomials in ``tau = t - t0``.

    position = p0 + v0 tau + acc tau^2 / 2; velocity = v0 + acc tau;
    spin = w0 + dw tau; height z = z0 + vz0 tau + az tau^2 / 2 with ``height``
    = (z0, vz0, az) (az = -g while ``airborne``, else all zero). A renderer
    evaluates it at any frame rate. Motion ``contact`` (added in issue 14) is
    a ball's path through a contact phase with other balls
    (``physics/resolve/cluster.py``): the balls are compressed into each other
    there, so they may overlap by a fraction of a millimetre and their kinetic
    energy dips (part of it is elastic) until the phase ends. Motion ``rail``
    is a ball over a rail (``physics/resolve/rail.py``): one segment per 5 ms
    piece of its flight, end to end (one for the whole flight before session
    27), each a parabola through the piece's ends, not the hops within it.
    """

    ball: int
    t0: float
    t1: float
    motion: str
    p0: Vec2
    v0: Vec2
    acc: Vec2
    w0: Vec3
    dw: Vec3
    height: Vec3 = (0.0, 0.0, 0.0)

    def state(self, t: float) -> BallState:
        """The ball's state at time ``t`` (clamped into the segment)."""
        tau = min(max(t, self.t0), self.t1) - self.t0
        px = self.p0[0] + (self.v0[0] + 0.5 * self.acc[0] * tau) * tau
        py = self.p0[1] + (self.v0[1] + 0.5 * self.acc[1] * tau) * tau
        vel = (self.v0[0] + self.acc[0] * tau, self.v0[1] + self.acc[1] * tau)
        spin = (self.w0[0] + self.dw[0] * tau, self.w0[1] + self.dw[1] * tau, self.w0[2] + self.dw[2] * tau)
        z0, vz0, az = self.height
        return BallState((px, py), vel, spin, self.motion, z0 + (vz0 + 0.5 * az * tau) * tau, vz0 + az * tau)

    def to_list(self) -> list[float | str]:
        return [self.t0, self.t1, self.motion, *self.p0, *self.v0, *self.acc, *self.w0, *self.dw, *self.height]

    @classmethod
    def from_list(cls, ball: int, row: list[Any]) -> Segment:
        if len(row) not in (len(SEGMENT_FIELDS), _FLAT_FIELDS):
            raise ValueError(f"segments[{ball}]: each segment has {len(SEGMENT_FIELDS)} entries {SEGMENT_FIELDS}")
        t0, t1, motion, *nums = row
        if motion not in MOTIONS:
            raise ValueError(f"segments[{ball}]: unknown motion {motion!r}")
        f = [float(x) for x in (t0, t1, *nums)] + [0.0] * (len(SEGMENT_FIELDS) - len(row))
        return cls(ball, f[0], f[1], motion, (f[2], f[3]), (f[4], f[5]), (f[6], f[7]), (f[8], f[9], f[10]),
                   (f[11], f[12], f[13]), (f[14], f[15], f[16]))  # fmt: skip


class ShotResult:
    """The outcome of one shot: events in time order, per-ball trajectory segments, the final layout.

    ``segments[ball]`` covers ``[0, duration]`` without gaps for every ball on
    the table at the start; a pocketed ball ends with a ``pocketed`` segment.
    ``event_cap_hit`` is True when the engine stopped at its event limit
    before every ball came to rest (the final layout is then where the balls
    were at that moment).
    """

    __slots__ = ("_events", "_make_events", "_make_segments", "_segments", "duration", "event_cap_hit", "final",
                 "initial", "kernel_arrays")  # fmt: skip

    def __init__(
        self,
        initial: Layout,
        final: Layout,
        events: list[Event] | Callable[[], list[Event]],
        segments: Mapping[int, list[Segment]] | Callable[[], dict[int, list[Segment]]],
        duration: float,
        event_cap_hit: bool = False,
        kernel_arrays: tuple | None = None,  # type: ignore[type-arg]
    ) -> None:
        """``events`` and ``segments`` may be given as values or as zero-argument builders called on first use.

        ``kernel_arrays``: the simulator's own output arrays this result was built from, kept so that
        ``physics.batch.outcome_of`` reads the shot's facts off them without building the events.
        """
        self.initial = initial
        self.kernel_arrays = kernel_arrays
        self.final = final
        self.duration = float(duration)
        self.event_cap_hit = bool(event_cap_hit)
        self._events: list[Event] | None = None
        self._segments: dict[int, list[Segment]] | None = None
        self._make_events = events if callable(events) else None
        self._make_segments = segments if callable(segments) else None
        if not callable(events):
            self._events = list(events)
        if not callable(segments):
            self._segments = {int(b): list(s) for b, s in segments.items()}

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            assert self._make_events is not None
            self._events = self._make_events()
        return self._events

    @property
    def segments(self) -> dict[int, list[Segment]]:
        if self._segments is None:
            assert self._make_segments is not None
            self._segments = self._make_segments()
        return self._segments

    def state_at(self, t: float) -> dict[int, BallState]:
        """Every ball's exact state at time ``t`` (clamped to ``[0, duration]``), from the segments."""
        if not math.isfinite(t):
            raise ValueError(f"t: {t!r} is not a finite time")
        t = min(max(t, 0.0), self.duration)
        out: dict[int, BallState] = {}
        for ball, segs in self.segments.items():
            i = bisect.bisect_right([s.t0 for s in segs], t) - 1
            out[ball] = segs[max(i, 0)].state(t)
        return out

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: events as ``[time, kind, [balls], where, jaw_of]``, segments as lists of ``SEGMENT_FIELDS``."""
        return {
            "initial": self.initial.to_dict(),
            "final": self.final.to_dict(),
            "duration": self.duration,
            "event_cap_hit": self.event_cap_hit,
            "events": [[e.time, e.kind, list(e.balls), e.where, e.jaw_of] for e in self.events],
            "segment_fields": list(SEGMENT_FIELDS),
            "segments": {str(b): [s.to_list() for s in segs] for b, segs in sorted(self.segments.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShotResult:
        """Inverse of ``to_dict``; malformed input raises ``ValueError`` naming the field."""
        if not isinstance(data, Mapping):
            raise ValueError("shot result: expected an object")
        for key in ("initial", "final", "duration", "events", "segments"):
            if key not in data:
                raise ValueError(f"{key}: missing")
        initial = Layout.from_dict(data["initial"])
        final = Layout.from_dict(data["final"])  # a final layout is a valid start, checked like any other
        events = [_event_from_list(i, row) for i, row in enumerate(data["events"])]
        try:
            segments = {
                int(b): [Segment.from_list(int(b), row) for row in rows] for b, rows in data["segments"].items()
            }
            duration = float(data["duration"])
        except (TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"segments: {exc}") from None
        return cls(initial, final, events, segments, duration, bool(data.get("event_cap_hit", False)))

    def __repr__(self) -> str:
        return (
            f"ShotResult(duration={self.duration:.3f}, events={len(self.events)}, "
            f"pocketed={dict(self.final.pocketed)}, event_cap_hit={self.event_cap_hit})"
        )


def _event_from_list(i: int, row: Any) -> Event:
    if not isinstance(row, list | tuple) or len(row) != 5:
        raise ValueError(f"events[{i}]: expected [time, kind, [balls], where, jaw_of]")
    time, kind, balls, where, jaw_of = row
    if kind not in EVENT_KINDS:
        raise ValueError(f"events[{i}]: unknown kind {kind!r}")
    if jaw_of is not None and jaw_of not in POCKETS:
        raise ValueError(f"events[{i}]: unknown pocket {jaw_of!r}")
    try:
        return Event(float(time), kind, tuple(int(b) for b in balls), where, jaw_of)
    except (TypeError, ValueError):
        raise ValueError(f"events[{i}]: time must be a number and balls a list of numbers") from None
