"""Tables, balls, pockets, rails and the named spots: the vocabulary every layer shares.

Balls are plain ints (0 the cue ball, 1-7 solids, 8 the eight-ball, 9-15
stripes); pockets and rails are the names of DESIGN.md. Coordinates are SI:
x along the length from the head cushion (0) to the foot cushion (L), y across
from the right cushion (0) to the left cushion (W), seen from the head end.
"""

from __future__ import annotations

CUE = 0
EIGHT = 8
OBJECT_BALLS: tuple[int, ...] = tuple(range(1, 16))
ALL_BALLS: tuple[int, ...] = (CUE, *OBJECT_BALLS)
SOLIDS: frozenset[int] = frozenset(range(1, 8))
STRIPES: frozenset[int] = frozenset(range(9, 16))

#: Pocket names (DESIGN.md, RULES GEN-1), in a fixed order used as array indices.
POCKETS: tuple[str, ...] = ("head-right", "head-left", "side-right", "side-left", "foot-right", "foot-left")
#: Rail names (RULES GEN-1), in a fixed order used as array indices.
RAILS: tuple[str, ...] = ("head", "foot", "left", "right")
