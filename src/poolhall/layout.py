"""Where the balls lie: positions of the balls on the cloth, and which are pocketed or off the table.

A ``Layout`` is an immutable value (16 ball slots, SI metres, table
coordinates of DESIGN.md). Validation collects every problem it sees and
raises one ``ValueError`` naming the balls, in the spirit of python-chess's
``Board.status()``. Racking, spotting and ball-in-hand checks build on this in
``racking.py``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from poolhall.equipment import ALL_BALLS, CONTACT_TOLERANCE, POCKETS, TableSpec, on_playing_surface

N_BALLS = len(ALL_BALLS)


def _ball_id(ball: Any) -> int:
    if isinstance(ball, bool) or not isinstance(ball, int | np.integer) or not 0 <= int(ball) < N_BALLS:
        raise ValueError(f"ball {ball!r}: balls are whole numbers 0 (cue ball) to 15")
    return int(ball)


class Layout:
    """The balls of one table at rest: positions, pocketed balls (with their pocket), balls off the table."""

    __slots__ = ("_off_table", "_pocketed", "_positions", "table")

    def __init__(
        self,
        table: TableSpec,
        positions: np.ndarray,
        pocketed: Mapping[int, str] | None = None,
        off_table: Iterable[int] = (),
    ) -> None:
        """Low-level constructor: ``positions`` is (16, 2) with NaN rows for balls not on the table.

        It does not check the bed or overlaps (``problems`` does); use
        ``from_positions`` for input from people and files.
        """
        arr = np.array(positions, dtype=np.float64)
        if arr.shape != (N_BALLS, 2):
            raise ValueError(f"positions: expected shape (16, 2), got {arr.shape}")
        arr.setflags(write=False)
        self.table = table
        self._positions = arr
        self._pocketed = dict(pocketed or {})
        self._off_table = frozenset(off_table)

    # ------------------------------------------------------------ construction
    @classmethod
    def from_positions(
        cls,
        positions: Mapping[int, tuple[float, float] | Iterable[float]],
        table: TableSpec | None = None,
        pocketed: Mapping[int, str] | None = None,
    ) -> Layout:
        """Balls at the given centres; every problem is reported in one ``ValueError`` naming the balls.

        >>> Layout.from_positions({0: (0.635, 0.635), 1: (1.905, 0.635)}).on_table
        [0, 1]
        """
        table = table or TableSpec()
        arr = np.full((N_BALLS, 2), np.nan)
        problems: list[str] = []
        for raw_ball, xy in positions.items():
            ball = _ball_id(raw_ball)
            try:
                x, y = (float(v) for v in xy)
            except (TypeError, ValueError):
                problems.append(f"ball {ball}: position must be two numbers (x, y) in metres, got {xy!r}")
                continue
            if not (math.isfinite(x) and math.isfinite(y)):
                problems.append(f"ball {ball}: position ({x}, {y}) is not a finite number")
                continue
            arr[ball] = (x, y)
        for ball, pocket in (pocketed or {}).items():
            ball = _ball_id(ball)
            if pocket not in POCKETS:
                problems.append(f"ball {ball}: unknown pocket {pocket!r}")
            if not np.isnan(arr[ball, 0]):
                problems.append(f"ball {ball}: both on the table and pocketed")
        layout = cls(table, arr, pocketed)
        problems.extend(layout.problems())
        if problems:
            raise ValueError("; ".join(problems))
        return layout

    def problems(self) -> list[str]:
        """Every ball off the bed (``equipment.on_playing_surface``) or overlapping another, naming the balls.

        Touching (a gap of zero, within ``CONTACT_TOLERANCE``) is allowed, so a
        simulator's final layout is always a valid start for the next shot.
        """
        r = self.table.ball.radius
        out: list[str] = []
        balls = self.on_table
        for ball in balls:
            x, y = self._positions[ball]
            if not on_playing_surface(self.table, float(x), float(y)):
                out.append(
                    f"ball {ball}: ({x:.4f}, {y:.4f}) is not on the cloth (its centre must be at least one "
                    f"radius, {r * 1000:.2f} mm, from every cushion and jaw, short of the pocket's drop)"
                )
        for i, a in enumerate(balls):
            for b in balls[i + 1 :]:
                gap = math.dist(self._positions[a], self._positions[b]) - 2 * r
                if gap < -CONTACT_TOLERANCE:
                    out.append(f"balls {a} and {b} overlap by {-gap * 1000:.2f} mm")
        return out

    # ------------------------------------------------------------ queries
    def position(self, ball: int) -> tuple[float, float] | None:
        """The ball's centre, or None when it is not on the table."""
        x, y = self._positions[_ball_id(ball)]
        return None if math.isnan(x) else (float(x), float(y))

    @property
    def positions(self) -> np.ndarray:
        """(16, 2) read-only array; NaN rows for balls not on the table."""
        return self._positions

    @property
    def on_table(self) -> list[int]:
        return [b for b in ALL_BALLS if not math.isnan(self._positions[b, 0])]

    @property
    def pocketed(self) -> Mapping[int, str]:
        """Balls that dropped, with the pocket each dropped into."""
        return dict(self._pocketed)

    @property
    def off_table(self) -> frozenset[int]:
        """Balls that left the table (RULES GEN-4)."""
        return self._off_table

    # ------------------------------------------------------------ new layouts
    def with_positions(self, moves: Mapping[int, tuple[float, float] | None]) -> Layout:
        """A copy with balls put at new places (None takes a ball off the table); not validated."""
        arr = self._positions.copy()
        pocketed = dict(self._pocketed)
        off = set(self._off_table)
        for ball, xy in moves.items():
            ball = _ball_id(ball)
            if xy is None:
                arr[ball] = np.nan
            else:
                arr[ball] = xy
                pocketed.pop(ball, None)
                off.discard(ball)
        return Layout(self.table, arr, pocketed, off)

    # ------------------------------------------------------------ values
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"table": name, "balls": {"0": [x, y], ...}, "pocketed": {...}, "off_table": [...]}``."""
        return {
            "table": self.table.name,
            "balls": {str(b): [float(v) for v in self._positions[b]] for b in self.on_table},
            "pocketed": {str(b): p for b, p in sorted(self._pocketed.items())},
            "off_table": sorted(self._off_table),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Layout:
        """Inverse of ``to_dict``, validated (``ValueError`` naming the problem)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("balls"), Mapping):
            raise ValueError("layout: expected an object with 'balls'")
        table = TableSpec.named(str(data.get("table", "9-foot")))
        try:
            balls = {int(k): v for k, v in data["balls"].items()}
            pocketed = {int(k): v for k, v in (data.get("pocketed") or {}).items()}
        except (TypeError, ValueError) as exc:
            raise ValueError(f"layout: ball keys must be numbers 0-15 ({exc})") from None
        layout = cls.from_positions(balls, table, pocketed)
        return cls(table, layout.positions, layout.pocketed, (_ball_id(b) for b in data.get("off_table") or ()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (
            self.table == other.table
            and np.array_equal(self._positions, other._positions, equal_nan=True)
            and self._pocketed == other._pocketed
            and self._off_table == other._off_table
        )

    def __hash__(self) -> int:
        return hash((self.table, self._positions.tobytes(), tuple(sorted(self._pocketed.items())), self._off_table))

    def __repr__(self) -> str:
        balls = ", ".join(f"{b}: ({x:.4f}, {y:.4f})" for b in self.on_table for x, y in [self._positions[b]])
        return f"Layout.from_positions({{{balls}}})"
