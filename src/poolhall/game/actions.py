"""What a seat can do: the actions of a match, as frozen values checked for form when built.

An action says *what* a player wants; whether it is allowed *now* (whose turn,
which phase, is that spot free) is the match's business (``match.py``). Each
action converts to and from a small JSON object (``to_dict`` /
``action_from_dict``), which is how records store them and how a server
receives them; a malformed object raises ``MatchError`` naming the field.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from poolhall.equipment import OBJECT_BALLS, POCKETS
from poolhall.game.codec import shot_from_dict, shot_to_dict
from poolhall.physics import Stroke
from poolhall.rules.model import SAFETY, Call, Player, Shot

#: A shot's call: a nomination, a declared safety, or nothing (RULES GEN-8).
CallValue = Call | Literal["safety"] | None

#: The lag winner's two choices (RULES GEN-12): break himself, or let the opponent break.
LAG_CHOICES: tuple[str, str] = ("break", "opponent-breaks")
#: Declines an offer that is only an offer (RULES 14.1-7.7: "at his request").
DECLINE = "decline"


#: The stable codes of the refusals a player can meet by playing (not by sending malformed actions), so that a
#: client can say them in its own words: ``MatchError.code`` is one of these or None. The web page holds a
#: sentence for each in English and Polish (``web/static/i18n.js``, checked by ``tests/web/test_error_words.py``).
REFUSALS: frozenset[str] = frozenset(
    {
        "not-now", "other-turn", "match-over", "lag-choice", "option-not-offered", "spot-which-ball",
        "spot-not-nearest", "stalemate-not-now", "stalemate-not-yet", "call-request-not-now",
        "call-request-by-shooter", "call-request-on-break", "call-request-again", "call-request-no-calls",
        "amend-none", "amend-final", "placement", "placement-kitchen", "break-safety", "break-called", "no-calls",
        "call-off-table", "call-required", "facts-contradict",
    }
)  # fmt: skip


class MatchError(ValueError):
    """An action the match refuses; the message says why (in English). The match state is unchanged.

    ``code`` (one of ``REFUSALS``, or None for a malformed action) and ``params`` (the numbers and seats the
    sentence names) let a client put the refusal in another language without parsing the English.
    """

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        if code is not None and code not in REFUSALS:
            raise ValueError(f"unknown refusal code {code!r}: add it to REFUSALS (and to every client's words)")
        super().__init__(message)
        self.code = code
        self.params = params


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise MatchError(f"{name}: expected a finite number, got {value!r}")
    return float(value)


def check_stroke(stroke: Any) -> None:
    """A stroke that moves the cue ball (``Stroke`` itself checks its ranges: speed, elevation, miscue limit)."""
    if not isinstance(stroke, Stroke):
        raise MatchError(f"stroke: expected a Stroke, got {stroke!r}")
    if stroke.speed <= 0:
        raise MatchError("stroke.speed: a stroke needs a speed above 0 m/s")


def check_call(call: Any) -> CallValue:
    """A call of the right form: ``Call`` with an object ball and a known pocket, ``"safety"`` or None."""
    if call is None or call == SAFETY:
        return call
    if not isinstance(call, Call):
        raise MatchError(f"call: expected a ball and a pocket, 'safety' or nothing, got {call!r}")
    if isinstance(call.ball, bool) or call.ball not in OBJECT_BALLS:
        raise MatchError(f"call: ball {call.ball!r} is not an object ball (1-15)")
    if call.pocket not in POCKETS:
        raise MatchError(f"call: unknown pocket {call.pocket!r}; expected one of {', '.join(POCKETS)}")
    return call


@dataclass(frozen=True)
class PlaceCueBall:
    """Put the cue ball in hand at (x, y), metres; placing it confirms the placement (RULES GEN-9)."""

    x: float
    y: float

    def __post_init__(self) -> None:
        _number(self.x, "x")
        _number(self.y, "y")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place", "x": self.x, "y": self.y}


@dataclass(frozen=True)
class Shoot:
    """Play a stroke with its call (physics mode)."""

    stroke: Stroke
    call: CallValue = None

    def __post_init__(self) -> None:
        check_stroke(self.stroke)
        check_call(self.call)

    def to_dict(self) -> dict[str, Any]:
        s = self.stroke
        stroke = {"speed": s.speed, "phi": s.phi, "theta": s.theta, "a": s.a, "b": s.b}
        return {"type": "shoot", "stroke": stroke, "call": call_to_dict(self.call)}


@dataclass(frozen=True)
class Choose:
    """Take one of the options offered (a referee option, ``decline``, or a lag choice).

    ``ball`` names the ball when the option needs one: ``spot-nearest-ball``
    with several balls equally near the head string (RULES 14.1-7.7).
    """

    option: str
    ball: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.option, str) or not self.option:
            raise MatchError(f"option: expected an option word, got {self.option!r}")
        if self.ball is not None and (isinstance(self.ball, bool) or self.ball not in OBJECT_BALLS):
            raise MatchError(f"ball: {self.ball!r} is not an object ball (1-15)")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "choose", "option": self.option, "ball": self.ball}


@dataclass(frozen=True)
class ProposeStalemate:
    """Say that play has stopped progressing (RULES 8B-21, 14.1-13); the opponent must agree."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "propose-stalemate"}


@dataclass(frozen=True)
class AnswerStalemate:
    """Agree to (or refuse) the opponent's stalemate proposal."""

    accept: bool

    def __post_init__(self) -> None:
        if not isinstance(self.accept, bool):
            raise MatchError(f"accept: expected true or false, got {self.accept!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "answer-stalemate", "accept": self.accept}


@dataclass(frozen=True)
class EnterShot:
    """Scorekeeper mode: the facts of a shot played on a real table, as the person saw them."""

    shot: Shot

    def __post_init__(self) -> None:
        if not isinstance(self.shot, Shot):
            raise MatchError(f"shot: expected the shot's facts (rules.model.Shot), got {self.shot!r}")
        check_call(self.shot.call)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "enter-shot", "shot": shot_to_dict(self.shot)}


@dataclass(frozen=True)
class RequestCall:
    """The non-shooting seat asks for a call before the next shot (RULES GEN-8, 8B-2).

    That shot then needs an explicit nomination or a safety: none is implied,
    so without one it pockets nothing legally (the referee rules it).
    """

    def to_dict(self) -> dict[str, Any]:
        return {"type": "request-call"}


@dataclass(frozen=True)
class AmendShot:
    """Scorekeeper mode: correct the facts of shot ``number`` and have it re-ruled (RULES GEN-14).

    Accepted only while ``number`` is the last shot recorded: once the next
    shot is recorded the ruling is final. The decisions taken since that
    shot (options chosen, a stalemate) are undone and asked again.
    """

    number: int
    shot: Shot

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise MatchError(f"number: expected a shot number (1, 2, ...), got {self.number!r}")
        if not isinstance(self.shot, Shot):
            raise MatchError(f"shot: expected the shot's facts (rules.model.Shot), got {self.shot!r}")
        check_call(self.shot.call)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "amend-shot", "number": self.number, "shot": shot_to_dict(self.shot)}


Action = PlaceCueBall | Shoot | Choose | ProposeStalemate | AnswerStalemate | EnterShot | RequestCall | AmendShot


@dataclass(frozen=True)
class Act:
    """An action with the seat that took it."""

    seat: Player
    action: Action


def call_to_dict(call: CallValue) -> dict[str, Any] | str | None:
    return {"ball": call.ball, "pocket": call.pocket} if isinstance(call, Call) else call


def call_from_dict(raw: Any) -> CallValue:
    if raw is None or raw == SAFETY:
        return raw
    if not isinstance(raw, Mapping) or set(raw) != {"ball", "pocket"}:
        raise MatchError(f"call: expected {{'ball': n, 'pocket': name}}, 'safety' or null, got {raw!r}")
    return check_call(Call(raw["ball"], raw["pocket"]))


def _fields(raw: Mapping[str, Any], kind: str, allowed: set[str]) -> None:
    unknown = set(raw) - allowed - {"type"}
    if unknown:
        raise MatchError(f"{kind}: unknown field {sorted(unknown)[0]!r}; expected {', '.join(sorted(allowed))}")
    missing = {f for f in allowed if f not in raw} - {"call", "ball"}
    if missing:
        raise MatchError(f"{kind}: missing field {sorted(missing)[0]!r}")


def action_from_dict(raw: Any) -> Action:
    """The action a JSON object describes (the inverse of ``to_dict``); ``MatchError`` naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise MatchError(f"action: expected an object, got {raw!r}")
    kind = raw.get("type")
    if kind == "place":
        _fields(raw, kind, {"x", "y"})
        return PlaceCueBall(raw["x"], raw["y"])
    if kind == "shoot":
        _fields(raw, kind, {"stroke", "call"})
        stroke = raw["stroke"]
        if not isinstance(stroke, Mapping) or not {"speed", "phi"} <= set(stroke) <= {
            "speed",
            "phi",
            "theta",
            "a",
            "b",
        }:
            raise MatchError(f"shoot.stroke: expected speed, phi and optional theta, a, b; got {stroke!r}")
        try:
            made = Stroke(**stroke)
        except ValueError as exc:
            raise MatchError(f"shoot.stroke.{exc}") from None
        return Shoot(made, call_from_dict(raw.get("call")))
    if kind == "choose":
        _fields(raw, kind, {"option", "ball"})
        return Choose(raw["option"], raw.get("ball"))
    if kind == "propose-stalemate":
        _fields(raw, kind, set())
        return ProposeStalemate()
    if kind == "answer-stalemate":
        _fields(raw, kind, {"accept"})
        return AnswerStalemate(raw["accept"])
    if kind == "enter-shot":
        _fields(raw, kind, {"shot"})
        return EnterShot(shot_from_dict(raw["shot"]))
    if kind == "request-call":
        _fields(raw, kind, set())
        return RequestCall()
    if kind == "amend-shot":
        _fields(raw, kind, {"number", "shot"})
        return AmendShot(raw["number"], shot_from_dict(raw["shot"]))
    raise MatchError(
        f"action: unknown type {kind!r}; expected place, shoot, choose, propose-stalemate, answer-stalemate, "
        "enter-shot, request-call or amend-shot"
    )
