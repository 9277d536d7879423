"""Tables, balls, pockets, rails and the named spots: the vocabulary every layer shares.

Balls are plain ints (0 the cue ball, 1-7 solids, 8 the eight-ball, 9-15
stripes); pockets and rails are the names of DESIGN.md. Coordinates are SI:
x along the length from the head cushion (0) to the foot cushion (L), y across
from the right cushion (0) to the left cushion (W), seen from the head end.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

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


# The cushion's profile behind its nose (issue 14: where a ball flying over the nose comes down), the same on
# every table. The K-66 rubber (the BCA standard profile) is 1 3/16 in high at its back and its nose 1 in above
# its base (BCA Equipment Specifications, quoted by Wikipedia "Billiard table", "Cushions"; the K-66 maker's
# figures as listed by assassincues.com.au "Billiard table cushion rail": 1 1/8 in across the top, 1 3/16 in
# at the back). Installed with the nose at 63.5 % of the ball (1 7/16 in), its cloth-covered top therefore
# rises 3/16 in over its 1 1/8 in width from the nose back to the rail, whose top (the rail cap) is flush with
# the rubber's back. The rail, cushion included, is 4 to 7 1/2 in wide (WPA Equipment Specifications, "Rail
# width"; the sights sit 3 11/16 in from the nose) and typically 5 to 7 in
# (pool-and-pocket-billiards-resource.com, "Pool table rails"): we take 6 in.
#: How much higher the rubber's top is at its back than at the nose (m).
CUSHION_TOP_RISE = 3 / 16 * INCH
#: The width of the rubber's top, from the nose back to the rail cap (m).
CUSHION_TOP_WIDTH = 1.125 * INCH
#: From the nose to the rail's outer edge (m): a ball whose centre passes it has left the table.
RAIL_WIDTH = 6.0 * INCH


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
    #: Angle between the cushion nose and the jaw facing, measured through the rubber: WPA Equipment
    #: Specifications, "Pocket openings": corner 142 +/- 1 degrees, side 104 +/- 1 degrees.
    corner_jaw_angle: float = math.radians(142)
    side_jaw_angle: float = math.radians(104)
    #: Shelf (mouth line to the edge of the slate hole): WPA, "Pocket openings": corner 1-2.25 in, side
    #: 0-0.375 in; we take the middle of each range.
    corner_shelf: float = 1.625 * INCH
    side_shelf: float = 0.1875 * INCH
    #: Radius of the rounded point of each jaw. WPA gives none; a few millimetres is what a cut and
    #: worn cushion point measures, and it lets a ball rattle between the jaws.
    jaw_radius: float = 0.004
    #: How far each jaw facing runs into the pocket (it must reach past the capture region).
    facing_length: float = 0.1

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


# ---------------------------------------------------------------- physics constants

STANDARD_GRAVITY = 9.80665  # m/s^2, the conventional value (3rd CGPM, 1901)


#: The ball-cushion models ``PhysicsParams.cushion_model`` may name.
CUSHION_MODELS = ("han-2005", "mathavan-2010")


@dataclass(frozen=True)
class PhysicsParams:
    """Friction, restitution and cue constants of the simulator (SI units).

    Sources, per field: Alciatore, "Pool and billiards physics resources /
    physical properties" FAQ (billiards.colostate.edu, abbreviated *Alciatore
    FAQ*) and his technical proofs (*TP A.14* etc.); Marlow, *The Physics of
    Pocket Billiards* (1995); Han (2005); Mathavan et al. (2010); and the
    defaults of pooltool (Kiefl, github.com/ekiefl/pooltool,
    ``objects/ball/params.py`` and ``objects/cue/datatypes.py``).
    """

    #: m/s^2.
    gravity: float = STANDARD_GRAVITY
    #: Ball-cloth sliding friction. Alciatore FAQ: 0.2 (0.15-0.4 measured); Marlow ch. 6 and pooltool ``u_s``: 0.2.
    mu_slide: float = 0.2
    #: Rolling resistance. Alciatore FAQ: 0.005-0.015; pooltool ``u_r``: 0.01.
    mu_roll: float = 0.01
    #: Spinning (about the vertical) friction, dimensionless as in pooltool ``u_sp`` = (4/9)*R with R in metres
    #: (0.0127 for a 57.15 mm ball): the spin decays at 5*mu*g/(2R), about 11 rad/s^2.
    mu_spin: float = 4 / 9 * 2.25 * INCH / 2
    #: Ball-ball restitution. Alciatore FAQ: 0.92-0.98; pooltool ``e_b``: 0.95.
    e_ball: float = 0.95
    #: Young's modulus (Pa) and Poisson's ratio of the balls' phenolic resin, for the Hertz contact of balls
    #: colliding as a group (``physics/resolve/cluster.py``): Crown's figures 5.84 GPa and 0.34, as quoted by
    #: dbkcues.ru, "Collision of billiard balls".
    ball_modulus: float = 5.84e9
    ball_poisson: float = 0.34
    #: Ball-ball friction mu(v) = a + b exp(-c v), v the relative slip speed at contact (m/s): the fit of
    #: Alciatore TP A.14 to Marlow's data (a = 9.951e-3, b = 0.108, c = 1.088).
    mu_ball_a: float = 9.951e-3
    mu_ball_b: float = 0.108
    mu_ball_c: float = 1.088
    #: Ball-cushion restitution. Alciatore FAQ: 0.6-0.9; pooltool ``e_c``: 0.85.
    e_cushion: float = 0.85
    #: Ball-cushion friction. pooltool ``f_c``: 0.2 (Mathavan et al. 2010 measured 0.14 for snooker cushions).
    mu_cushion: float = 0.2
    #: The ball-cushion model: "han-2005" (one impulse at the nose, ``physics/resolve/han_2005.py``) or
    #: "mathavan-2010" (the impulse integrated with slip at the nose and the cloth,
    #: ``physics/resolve/mathavan_2010.py``; a ball in the air meets it without the table's contact:
    #: ``mathavan_in_air``).
    cushion_model: str = "mathavan-2010"
    #: Mathavan et al. (2010)'s restitution from the work of the cushion's normal force (the work given
    #: back is e^2 of the work absorbed) and their ball-cushion sliding friction: 0.98 and 0.14, fitted
    #: to their snooker rebound measurements (the paper's abstract). Used by "mathavan-2010" only.
    e_cushion_work: float = 0.98
    mu_cushion_slide: float = 0.14
    #: A fast ball deforms the cushion beyond the rigid model: Mathavan et al. (2010) give 2.5 m/s of normal
    #: speed as the rigid cushion's limit, and their Fig. 7(a)'s rolling balls driven straight in at 2.5-3.4
    #: m/s rebound at 0.90 falling to 0.80 of their speed where the rigid model keeps 0.91. Above this normal
    #: speed v_n (m/s) the work restitution is e_cushion_work * (cushion_yield_speed / v_n) ** exponent: 0.5
    #: puts all seven of those markers within 5 % (0 keeps the rigid model at every speed). "mathavan-2010";
    #: beyond 3.4 m/s an extrapolation (no measurement found; at 5 and 8 m/s straight in 0.66 and 0.53).
    cushion_yield_speed: float = 2.5
    cushion_yield_exponent: float = 0.5
    #: With "mathavan-2010", a ball in the air meets the same cushion less the table's contact
    #: (``resolve_cushion_mathavan_in_air``, issue 14's third round); False: Han 2005's impulse, as before
    #: (records written before this field replay so). No effect with "han-2005".
    mathavan_in_air: bool = True
    #: A ball in the air that crosses a pocket's hole and would come down beyond it meets the pocket's back
    #: (the rail's cut-out and liner around the hole, up to the rail's top) and drops into that pocket, if its
    #: bottom is below the rail's top when its centre leaves the hole (``detect.ball_cushion.back_time``;
    #: issue 14's fourth round). False: it flies on and, coming down past the hole, has left the table, as
    #: before (records written before this field replay so).
    pocket_back: bool = True
    #: A ball in the air whose bottom clears the nose where it meets a jaw (its facing, or the rounded point)
    #: flies over the rail's profile beside the pocket as over a straight cushion's (``physics/resolve/rail.py``,
    #: issue 14's fifth round): it leaves the table only if it clears the rail there, else it comes back over
    #: the pocket's mouth or the bed. False: it has left the table at once, as before (records written before
    #: this field replay so).
    rail_at_jaws: bool = True
    #: How finely "mathavan-2010" integrates an impact on the cloth (``physics/resolve/mathavan_2010.py``):
    #: each step's local error, estimated from Euler's and Heun's ends of the step, is kept under this share
    #: of the ball's speed into the cushion, so a step is long where the slips at the nose and the cloth turn
    #: slowly and short where one stops or turns. A numerical choice: 0.003 keeps rolling, stunned and drawn
    #: balls with any side spin within 0.08 degree and 0.12 % of 5000 fixed steps (the paper's N), closer
    #: than the fixed 40 steps did, for about 40 rate evaluations an impact in the bench's shots instead of
    #: 85. 0: the fixed 40 Heun steps used before session 30 (records written before this field replay so).
    #: A ball in the air meets the cushion in 400 fixed steps either way.
    cushion_tolerance: float = 0.003
    #: Where the cloth's contact with a ball meeting a "mathavan-2010" cushion does not slip at the start of an
    #: impulse step (a rolling ball, at the impact's start), its friction is what the slip driven there by the
    #: other impulses needs, up to the cloth's friction: the ball sticks, or departs along that drive. The
    #: paper's Eq. 15 gives no friction at a contact that does not slip, so its first step slides frictionless at
    #: the cloth and the next meets the whole friction at once; that is the same in the limit of small steps,
    #: but a step chosen by its error is refused there and retried shorter several times. A numerical choice
    #: (session 31): closer to the paper's 5000 steps on average (half the speed error), every rebound still
    #: within 0.07 degree and 0.11 %, an eighth to a sixth less time an impact. False: as the paper (records written
    #: before this field replay so).
    cushion_departure: bool = True
    #: Cue mass, kg: 20 oz, pooltool ``CueSpecs.M`` 0.567 (playing cues are 18-21 oz, Alciatore TP A.30).
    cue_mass: float = 0.567
    #: Tip-ball coefficient of restitution ("hit efficiency"). Alciatore FAQ "cue tip efficiency": 0.71-0.75
    #: for playing cues with medium tips.
    tip_restitution: float = 0.75
    #: Effective cue end mass for squirt, kg (Alciatore TP A.31's model); pooltool's default ball mass / 30.
    cue_end_mass: float = 0.170 / 30
    #: Largest tip offset sqrt(a^2 + b^2), as a fraction of the ball radius, before a miscue: Alciatore TP 2.1
    #: ("generally recommended maximum tip offset" 0.5 R, needing tip friction 0.577).
    miscue_limit: float = 0.5
    #: Ball-slate restitution (the cloth-covered bed): Alciatore FAQ, "ball-table coefficient of
    #: restitution: 0.5". It sets how high a jumped ball rebounds from the bed and from each landing.
    e_slate: float = 0.5
    #: A rebound from the bed lower than this (m) stays on the cloth: the cloth absorbs it and the ball
    #: slides on. A numerical choice (no measurement), about the cloth's thickness; it also ends the
    #: series of ever lower bounces of a landing ball.
    hop_height: float = 0.002
    #: Pressing contacts (a ball pushed into a cushion or another ball by its own friction, with no
    #: speed to part) are played as small impacts at most this often, in seconds: each parts the pair so
    #: that it meets again after this time, passing on the momentum the contact force would. A numerical
    #: choice, not a measured constant (``physics/resolve/contact.py``): 5 ms keeps a pressed ball within
    #: micrometres of the contact and a second of pressing to 200 events.
    contact_period: float = 0.005
    #: Events per shot before the engine gives up (``ShotResult.event_cap_hit``).
    max_events: int = 10_000

    def __post_init__(self) -> None:
        if self.cushion_model not in CUSHION_MODELS:
            raise ValueError(f"cushion_model: must be one of {', '.join(CUSHION_MODELS)}, got {self.cushion_model!r}")
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if name == "cushion_model":
                continue
            if not (isinstance(value, int | float) and value == value and value >= 0 and value != float("inf")):
                raise ValueError(f"{name}: must be a finite number >= 0, got {value!r}")
        for name in ("e_ball", "e_cushion", "e_cushion_work", "e_slate", "tip_restitution", "miscue_limit"):
            if getattr(self, name) > 1:
                raise ValueError(f"{name}: must be at most 1, got {getattr(self, name)!r}")
        if self.gravity <= 0 or self.mu_slide <= 0 or self.cue_mass <= 0 or self.cue_end_mass <= 0:
            raise ValueError("gravity, mu_slide, cue_mass and cue_end_mass must be positive")
        if self.ball_modulus <= 0 or self.ball_poisson >= 0.5:
            raise ValueError("ball_modulus must be positive and ball_poisson below 0.5")
        if self.max_events < 1:
            raise ValueError("max_events: must be at least 1")


# ---------------------------------------------------------------- cushion and pocket geometry

Vec2 = tuple[float, float]


@dataclass(frozen=True)
class CushionLine:
    """A straight cushion piece: a ball touches it when its centre is one radius from the line.

    ``normal`` is the unit normal toward the free side (the cloth or the pocket throat). ``rail`` is
    the rail it belongs to (RULES GEN-5: a jaw counts as its rail); ``jaw_of`` the pocket whose jaw
    facing this is, or None for the nose of a rail between two pockets.
    """

    start: Vec2
    end: Vec2
    normal: Vec2
    rail: str
    jaw_of: str | None


@dataclass(frozen=True)
class JawPoint:
    """The rounded point of a jaw: a circle joining a rail's nose to its facing, tangent to both."""

    centre: Vec2
    radius: float
    rail: str
    pocket: str


@dataclass(frozen=True)
class PocketShape:
    """One pocket: its two jaw points (the sharp corners that define the WPA mouth), its capture circle, its throat.

    A ball whose centre enters the capture circle drops. The circle's nearest point lies the shelf
    depth behind the mouth line, on the pocket's centre line; its radius is half the mouth.
    """

    name: str
    points: tuple[Vec2, Vec2]
    capture_centre: Vec2
    capture_radius: float
    #: The mouth and throat: the two jaw points and the far ends of their facings (a convex quadrilateral).
    throat: tuple[Vec2, Vec2, Vec2, Vec2]


@dataclass(frozen=True)
class TableGeometry:
    """Everything a ball can hit or drop into: straight cushions, rounded jaw points and pockets."""

    lines: tuple[CushionLine, ...]
    jaws: tuple[JawPoint, ...]
    pockets: tuple[PocketShape, ...]


def _rot_into(e: Vec2, inward: Vec2, angle: float) -> Vec2:
    """Unit vector at ``angle`` from ``e``, turning toward ``inward``."""
    return (math.cos(angle) * e[0] + math.sin(angle) * inward[0], math.cos(angle) * e[1] + math.sin(angle) * inward[1])


@lru_cache(maxsize=16)
def table_geometry(table: TableSpec) -> TableGeometry:
    """Cushions, jaws and pockets of ``table`` in table coordinates (see the module docstring).

    Each jaw point sits on a rail's nose line; the mouth (WPA width) is the distance between the
    two points of a pocket. From a point the facing runs into the pocket at the WPA facing angle to
    the nose; the sharp corner is rounded by a circle of ``jaw_radius`` tangent to nose and facing.
    """
    length, width = table.length, table.width
    corner_d = table.corner_mouth / math.sqrt(2)  # the two points sit this far from the corner
    half_side = table.side_mouth / 2
    # (pocket, rail, jaw point, unit vector along the nose away from the pocket, nose normal into the table)
    jaw_specs: list[tuple[str, str, Vec2, Vec2, Vec2]] = [
        ("head-right", "head", (0.0, corner_d), (0.0, 1.0), (1.0, 0.0)),
        ("head-right", "right", (corner_d, 0.0), (1.0, 0.0), (0.0, 1.0)),
        ("head-left", "head", (0.0, width - corner_d), (0.0, -1.0), (1.0, 0.0)),
        ("head-left", "left", (corner_d, width), (1.0, 0.0), (0.0, -1.0)),
        ("side-right", "right", (length / 2 - half_side, 0.0), (-1.0, 0.0), (0.0, 1.0)),
        ("side-right", "right", (length / 2 + half_side, 0.0), (1.0, 0.0), (0.0, 1.0)),
        ("side-left", "left", (length / 2 - half_side, width), (-1.0, 0.0), (0.0, -1.0)),
        ("side-left", "left", (length / 2 + half_side, width), (1.0, 0.0), (0.0, -1.0)),
        ("foot-right", "foot", (length, corner_d), (0.0, 1.0), (-1.0, 0.0)),
        ("foot-right", "right", (length - corner_d, 0.0), (-1.0, 0.0), (0.0, 1.0)),
        ("foot-left", "foot", (length, width - corner_d), (0.0, -1.0), (-1.0, 0.0)),
        ("foot-left", "left", (length - corner_d, width), (-1.0, 0.0), (0.0, -1.0)),
    ]
    rho = table.jaw_radius
    lines: list[CushionLine] = []
    jaws: list[JawPoint] = []
    ends: list[Vec2] = []  # where each rail's straight nose stops short of a jaw point, in jaw_specs order
    facing_ends: list[Vec2] = []
    for pocket, rail, p, e_n, n_nose in jaw_specs:
        angle = table.side_jaw_angle if pocket.startswith("side") else table.corner_jaw_angle
        into_rubber = (-n_nose[0], -n_nose[1])
        e_f = _rot_into(e_n, into_rubber, angle)
        tangent = rho / math.tan(angle / 2)
        bis = (e_n[0] + e_f[0], e_n[1] + e_f[1])
        norm = math.hypot(*bis)
        centre_d = rho / math.sin(angle / 2)
        centre = (p[0] + bis[0] / norm * centre_d, p[1] + bis[1] / norm * centre_d)
        jaws.append(JawPoint(centre, rho, rail, pocket))
        ends.append((p[0] + e_n[0] * tangent, p[1] + e_n[1] * tangent))
        # the facing's free normal is perpendicular to it, on the side away from the rubber
        n_f = (-e_f[1], e_f[0])
        if n_f[0] * bis[0] + n_f[1] * bis[1] > 0:
            n_f = (-n_f[0], -n_f[1])
        start = (p[0] + e_f[0] * tangent, p[1] + e_f[1] * tangent)
        end = (p[0] + e_f[0] * table.facing_length, p[1] + e_f[1] * table.facing_length)
        lines.append(CushionLine(start, end, n_f, rail, pocket))
        facing_ends.append(end)
    # noses between consecutive jaw points, in jaw_specs order: head, right (2), left (2), foot
    for a, b, normal, rail in (
        (ends[0], ends[2], (1.0, 0.0), "head"),
        (ends[1], ends[4], (0.0, 1.0), "right"),
        (ends[5], ends[9], (0.0, 1.0), "right"),
        (ends[3], ends[6], (0.0, -1.0), "left"),
        (ends[7], ends[11], (0.0, -1.0), "left"),
        (ends[8], ends[10], (-1.0, 0.0), "foot"),
    ):
        lines.append(CushionLine(a, b, normal, rail, None))
    pockets: list[PocketShape] = []
    for i, name in enumerate(POCKETS):
        (_, _, p1, _, n1), (_, _, p2, _, n2) = jaw_specs[2 * i], jaw_specs[2 * i + 1]
        out = (-(n1[0] + n2[0]), -(n1[1] + n2[1]))
        out_norm = math.hypot(*out)
        out = (out[0] / out_norm, out[1] / out_norm)
        mid = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
        mouth = math.dist(p1, p2)
        shelf = table.side_shelf if name.startswith("side") else table.corner_shelf
        depth = shelf + mouth / 2
        centre = (mid[0] + out[0] * depth, mid[1] + out[1] * depth)
        throat = (p1, facing_ends[2 * i], facing_ends[2 * i + 1], p2)
        pockets.append(PocketShape(name, (p1, p2), centre, mouth / 2, throat))
    return TableGeometry(tuple(lines), tuple(jaws), tuple(pockets))


# ---------------------------------------------------------------- where a ball may rest

#: How far (m) a ball's centre may sit inside a cushion or another ball and still count as touching it:
#: the simulator places contacts to ~1e-15 m, people and files to a nanometre.
CONTACT_TOLERANCE = 1e-9


def on_playing_surface(table: TableSpec, x: float, y: float, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """Whether a ball centred at (x, y) lies on the bed: touching no cushion and not dropped.

    The bed is the cloth inside the cushion noses plus each pocket's mouth and
    throat up to where a ball drops (its capture circle): a ball can come to rest
    between the jaws with its centre outside the rectangle [R, L - R] x [R, W - R].
    Every ball inside that rectangle is on the bed (the noses are at least R away
    and the jaws lie behind them); any other centre must lie within the noses'
    rectangle or a pocket's throat, at least R from every cushion piece (nose,
    facing, rounded jaw point) and outside every capture circle. This is the one
    definition the layout checks and the simulator's input check use.
    """
    r = table.ball.radius
    if r - tolerance <= x <= table.length - r + tolerance and r - tolerance <= y <= table.width - r + tolerance:
        return True
    geo = table_geometry(table)
    inside = 0.0 <= x <= table.length and 0.0 <= y <= table.width
    if not (inside or any(_in_convex(pk.throat, x, y) for pk in geo.pockets)):
        return False
    if any(math.dist((x, y), pk.capture_centre) < pk.capture_radius - tolerance for pk in geo.pockets):
        return False
    if any(math.dist((x, y), j.centre) < r + j.radius - tolerance for j in geo.jaws):
        return False
    return all(_segment_distance(ln.start, ln.end, x, y) >= r - tolerance for ln in geo.lines)


def _in_convex(polygon: tuple[Vec2, ...], x: float, y: float) -> bool:
    """Whether (x, y) lies in the convex polygon (either winding), boundary included."""
    sides = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if cross != 0.0:
            sides.add(cross > 0.0)
    return len(sides) <= 1


def _segment_distance(a: Vec2, b: Vec2, x: float, y: float) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    along = min(max(((x - a[0]) * ex + (y - a[1]) * ey) / (ex * ex + ey * ey), 0.0), 1.0)
    return math.hypot(x - a[0] - along * ex, y - a[1] - along * ey)
