"""The referee's values: options, the situation before a shot, the shot's facts, the ruling.

They mirror the JSON contract of DESIGN.md ("The referee contract") field for
field, as frozen dataclasses, so a referee is a pure function
``(Options, Situation, Shot) -> Ruling`` (scalachess style: no I/O, no clock,
no physics). JSON parsing and validation live in ``contract.py``; the words of
``reason`` are rendered at the edge by ``text.py`` from the phrase keys a
ruling carries, so the logic never builds sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Player = Literal["A", "B"]
PLAYERS: tuple[Player, Player] = ("A", "B")

Group = Literal["solids", "stripes"]
BallInHand = Literal["kitchen", "anywhere"] | None
Rerack = Literal["fourteen", "full"] | None
CallMode = Literal["obvious-exempt", "every-shot", "none"]


def other(player: Player) -> Player:
    """The opponent of ``player``."""
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Options:
    """RULES.md section 5 (CFG-1 ... CFG-11); defaults are the sheet's.

    ``calls`` is poolhall's extension of CFG-6 (docs/rules.md "Options"):
    ``obvious-exempt`` (implied calls, the sheet's default), ``every-shot``
    (the same as ``explicit_calls``) or ``none`` (eight-ball without
    nominations). The two fields are kept in step, so code reading either one
    sees the same mode; ``explicit_calls`` with ``none`` is a contradiction.
    """

    touching: Literal["cue-ball-only", "refereed"] = "cue-ball-only"  # CFG-1
    eight_first_open_table: Literal["no-foul", "foul"] = "no-foul"  # CFG-2
    eight_off_table_on_break: Literal["loss", "as-pocketed"] = "loss"  # CFG-3
    spot_jumped_balls: bool = True  # CFG-4
    break_order: Literal["alternate", "winner", "loser"] = "alternate"  # CFG-5
    explicit_calls: bool = False  # CFG-6
    points_to_win: int = 150  # CFG-7
    three_foul_procedure: Literal["rerack", "choice"] = "rerack"  # CFG-8
    near_rail_allowance: Literal["sheet", "strict"] = "sheet"  # CFG-9
    intentional_counts: bool = True  # CFG-10
    race_to: int = 1  # CFG-11
    calls: CallMode = "obvious-exempt"  # CFG-6, extended

    def __post_init__(self) -> None:
        if self.explicit_calls and self.calls == "none":
            raise RefereeError("options.calls", 'explicit_calls: true contradicts calls: "none"')
        if self.calls == "every-shot":
            object.__setattr__(self, "explicit_calls", True)
        elif self.explicit_calls:
            object.__setattr__(self, "calls", "every-shot")


@dataclass(frozen=True)
class Call:
    """A nomination: this ball in this pocket (RULES GEN-8)."""

    ball: int
    pocket: str


SAFETY: Literal["safety"] = "safety"


@dataclass(frozen=True)
class Pocketed:
    """A ball that dropped; ``direct``: first ball hit, touched no rail (but that pocket's jaws) and no ball."""

    ball: int
    pocket: str
    direct: bool = False


@dataclass(frozen=True)
class RailContact:
    """A ball touched a rail after the cue ball's first contact (a jaw counts as its rail, GEN-5)."""

    ball: int
    rail: str


@dataclass(frozen=True)
class KitchenFacts:
    """With the cue ball in hand behind the head string only (GEN-9)."""

    first_ball_behind: bool
    cue_crossed_first: bool


@dataclass(frozen=True)
class AfterFacts:
    """14.1 positions after the shot, when a re-rack or 14.1-7.7 may follow (14.1-7.6-C1, 14.1-7.7)."""

    last_ball: Literal["in-rack", "head-spot", "behind-head-string", "elsewhere"] | None = None
    cue_ball: Literal["in-rack", "head-spot", "elsewhere"] | None = None
    all_behind_head_string: bool = False
    nearest_to_head_string: tuple[int, ...] = ()


@dataclass(frozen=True)
class Shot:
    """The facts of one shot (DESIGN.md "Shot facts"; RULES.md section 7.2)."""

    call: Call | Literal["safety"] | None = None
    call_requested: bool = False
    first_contact: tuple[int, ...] = ()
    kitchen: KitchenFacts | None = None
    rail_contacts: tuple[RailContact, ...] = ()
    pocketed: tuple[Pocketed, ...] = ()
    off_table: tuple[int, ...] = ()
    technique: Literal["normal", "jump", "curve", "masse"] = "normal"
    reported: tuple[str, ...] = ()
    moved: tuple[int, ...] = ()
    after: AfterFacts | None = None

    @property
    def pocketed_balls(self) -> tuple[int, ...]:
        return tuple(p.ball for p in self.pocketed)


@dataclass(frozen=True)
class Situation:
    """The state before the shot (RULES.md section 7.1), as the contract gives it."""

    shooter: Player
    on_table: frozenset[int]
    break_shot: bool = False  # the contract's "break"
    table_open: bool = True
    groups: Mapping[Player, Group] | None = None
    ball_in_hand: BallInHand = None
    frozen: Mapping[int, str] = field(default_factory=dict)
    near_rail: Mapping[int, str] = field(default_factory=dict)
    fouls_in_a_row: Mapping[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    near_rail_safeties: Mapping[Player, Mapping[int, int]] = field(default_factory=lambda: {"A": {}, "B": {}})
    score: Mapping[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})


#: One phrase of a ruling's reason: a key of the phrase catalogues and its parameters.
Phrase = tuple[str, Mapping[str, Any]]


def phrase(key: str, **params: Any) -> Phrase:
    """A reason phrase; ``text.render`` turns a tuple of them into words."""
    return (key, params)


@dataclass(frozen=True)
class Ruling:
    """The referee's answer (DESIGN.md "Ruling"); ``reason`` holds phrases, rendered per language."""

    foul: bool
    fouls: tuple[str, ...]
    rules: tuple[str, ...]
    reason: tuple[Phrase, ...]
    next_shooter: Player
    turn_continues: bool
    ball_in_hand: BallInHand = None
    move: Mapping[int, str] = field(default_factory=dict)
    spot: tuple[int, ...] = ()
    chooser: Player | None = None
    options: tuple[str, ...] = ()
    table_open: bool = True
    groups: Mapping[Player, Group] | None = None
    points: Mapping[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    fouls_in_a_row: Mapping[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    near_rail_safeties: Mapping[Player, Mapping[int, int]] = field(default_factory=lambda: {"A": {}, "B": {}})
    rerack: Rerack = None
    next_break: Player | None = None
    game_over: bool = False
    winner: Player | None = None


class RefereeError(ValueError):
    """Input the referee cannot rule on (RULES GEN-15, bad JSON): names the field at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message
