"""Tables, balls, pockets, rails and the named spots: the vocabulary every layer shares.

Balls are plain ints (0 the cue ball, 1-7 solids, 8 the eight-ball, 9-15
stripes); pockets and rails are the names of DESIGN.md. Coordinates are SI:
x along the length from the head cushion (0) to the foot cushion (L), y across
from the right cushion (0) to the left cushion (W), seen from the head end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

# ---------------------------------------------------------------- balls and tables

INCH = 0.0254  # metres


@dataclass(frozen=True)
class BallSpec:
    """A pool ball.

    Diameter 2.25 in = 57.15 mm and mass 5.5-6 oz (156-170 g): WPA Equipment
    Specifications (2001, revised 2016), "Balls". We use 0.170 kg, the figure
    Alciatore (The Illustrated Principles of Pool and Billiards, 2004,
    TP A.1) and pooltool use for a standard ball.
    """

    radius: float = 2.25 * INCH / 2
    mass: float = 0.170

    @property
    def diameter(self) -> float:
        return 2 * self.radius


@dataclass(frozen=True)
class TableSpec:
    """A pool table's playing surface (inside the cushion noses), pockets and cushions.

    Playing surfaces: WPA Equipment Specifications, "Tables": 9-foot 100 x 50 in
    (2.54 x 1.27 m), 8-foot 88 x 44 in (2.235 x 1.118 m), 7-foot 78 x 39 in
    (1.981 x 0.991 m). Pocket mouths, measured between the points of the
    jaws: corner 4.5-4.625 in (114-117 mm), side 5-5.125 in (127-130 mm), WPA
    Equipment Specifications, "Pocket openings". Cushion nose height 63.5 %
    of the ball diameter (1 7/16 in for a 2 1/4 in ball): WPA, "Cushions".
    """

    name: str = "9-foot"
    length: float = 100 * INCH
    width: float = 50 * INCH
    ball: BallSpec = field(default_factory=BallSpec)
    corner_mouth: float = 4.5 * INCH
    side_mouth: float = 5.0 * INCH
    cushion_nose_height_ratio: float = 0.635

    @classmethod
    def nine_foot(cls) -> TableSpec:
        return cls()

    @classmethod
    def eight_foot(cls) -> TableSpec:
        return cls(name="8-foot", length=88 * INCH, width=44 * INCH)

    @classmethod
    def seven_foot(cls) -> TableSpec:
        return cls(name="7-foot", length=78 * INCH, width=39 * INCH)

    @classmethod
    def named(cls, name: str) -> TableSpec:
        """``nine_foot``/``eight_foot``/``seven_foot`` by the name a user types ("9", "9-foot", "9ft")."""
        key = name.strip().lower().removesuffix("ft").removesuffix("-foot").removesuffix(" foot").strip()
        makers = {"9": cls.nine_foot, "8": cls.eight_foot, "7": cls.seven_foot}
        if key not in makers:
            raise ValueError(f"unknown table {name!r}: expected 7-foot, 8-foot or 9-foot")
        return makers[key]()

    # Named spots and lines (RULES GEN-1; DESIGN.md "Coordinates and units").
    @property
    def head_string_x(self) -> float:
        return self.length / 4

    @property
    def head_spot(self) -> tuple[float, float]:
        return (self.length / 4, self.width / 2)

    @property
    def centre_spot(self) -> tuple[float, float]:
        return (self.length / 2, self.width / 2)

    @property
    def foot_spot(self) -> tuple[float, float]:
        return (3 * self.length / 4, self.width / 2)

    @property
    def cushion_nose_height(self) -> float:
        """Height of the cushion's contact point above the cloth."""
        return self.cushion_nose_height_ratio * self.ball.diameter
