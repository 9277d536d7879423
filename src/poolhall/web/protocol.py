"""Every WebSocket message of the browser app, in one place, validated.

A page speaks to the server in small JSON objects, each with a ``type``. What
comes in is checked here before anything else sees it: the size of the raw
text, that it is one JSON object, its type, its fields (no unknown ones) and
their ranges. Anything wrong becomes a ``ProtocolError`` with a short code and
a sentence; the room answers it with an ``error`` message and changes nothing.

What goes out is built by the ``*_message`` helpers at the bottom; every one
carries ``version``, the number of actions the match has committed, so a page
that sees a gap (or reconnects) asks for a ``sync`` and gets a snapshot.

Client -> server:

- ``hello {tokens?, lang?, version?}``: join the match; each token that is a
  seat's secret makes this connection that seat (two tokens: hot seat).
- ``sync {}``: send me a snapshot.
- ``place {x, y}``: ball in hand, the cue ball at (x, y) metres.
- ``shoot {stroke: {speed, phi, theta, a, b}, call}``: ``call`` is null,
  ``"safety"`` or ``{ball, pocket}``.
- ``choose {option, ball?}``: the answer to a pending choice.
- ``stalemate {answer}``: ``offer``, ``accept`` or ``decline``.
- ``facts {shot}``: scorekeeper mode, what happened on the real table.
- ``amend {number, shot}``: scorekeeper mode, corrected facts of the last shot (GEN-14).
- ``request-call {}``: the seat that is not shooting asks for a call (GEN-8, 8B-2).
- ``ping {}``.

Every message that acts (``place`` ... ``request-call``) may carry ``version``: the
match version the page answers. The room refuses one that is not the current
version with ``stale`` and changes nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from poolhall.equipment import POCKETS

#: Largest incoming message, in characters. A scorekeeper's facts are the biggest legal message
#: (a few hundred characters); anything near this size is junk or an attack.
MAX_MESSAGE_CHARS = 8192

#: Secret tokens are ``secrets.token_urlsafe(24)``: 32 characters; a little slack, no more.
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"

#: Cue speed limit (m/s). A world-class break is about 11 m/s cue-ball speed (Alciatore, TP 4.1).
MAX_CUE_SPEED = 12.0


class ProtocolError(ValueError):
    """An incoming message the server refuses; ``code`` is a stable word, ``message`` a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class _Message(BaseModel):
    # strict: a number is a JSON number (an integer where a float is asked is fine), never "0.3" or true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


Token = Annotated[str, Field(pattern=TOKEN_PATTERN)]
Lang = Literal["en", "pl"]
Ball = Annotated[int, Field(ge=0, le=15, strict=True)]
ObjectBall = Annotated[int, Field(ge=1, le=15, strict=True)]
Pocket = Literal["head-right", "head-left", "side-right", "side-left", "foot-right", "foot-left"]
assert set(Pocket.__args__) == set(POCKETS)  # type: ignore[attr-defined]


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


class Hello(_Message):
    type: Literal["hello"]
    tokens: list[Token] = Field(default_factory=list, max_length=2)
    lang: Lang = "en"
    version: int | None = Field(default=None, ge=0)


class _Action(_Message):
    """A message that acts on the match. ``version``: the match version the page answers (the one it
    holds when it sends); the room refuses an action whose version is not the current one (``stale``),
    so a second click sent while an earlier action was being applied cannot land on the next question.
    Optional for older pages: without it the room does not check."""

    version: int | None = Field(default=None, ge=0, strict=True)


class Sync(_Message):
    type: Literal["sync"]


class Ping(_Message):
    type: Literal["ping"]


class Place(_Action):
    type: Literal["place"]
    x: float = Field(ge=0.0, le=3.0)
    y: float = Field(ge=0.0, le=2.0)

    _check = field_validator("x", "y")(_finite)


class StrokeIn(_Message):
    """A stroke as DESIGN.md defines it (``Stroke(speed, phi, theta, a, b)``)."""

    speed: float = Field(gt=0.0, le=MAX_CUE_SPEED)
    phi: float = Field(ge=-2 * math.pi, le=2 * math.pi)
    theta: float = Field(default=0.0, ge=0.0, le=math.radians(89))
    a: float = Field(default=0.0, ge=-1.0, le=1.0)
    b: float = Field(default=0.0, ge=-1.0, le=1.0)

    _check = field_validator("speed", "phi", "theta", "a", "b")(_finite)


class CallIn(_Message):
    ball: ObjectBall
    pocket: Pocket


class Shoot(_Action):
    type: Literal["shoot"]
    stroke: StrokeIn
    call: CallIn | Literal["safety"] | None = None


class Choose(_Action):
    type: Literal["choose"]
    option: Annotated[str, Field(pattern=r"^[a-z][a-z-]{1,39}$")]
    ball: ObjectBall | None = None


class Stalemate(_Action):
    type: Literal["stalemate"]
    answer: Literal["offer", "accept", "decline"]


class PocketedIn(_Message):
    ball: Ball
    pocket: Pocket
    direct: bool = False


class RailIn(_Message):
    ball: Ball
    rail: Literal["head", "foot", "left", "right"]


class KitchenIn(_Message):
    """Ball in hand behind the head string: where the first ball hit lay, and whether the cue ball crossed first."""

    first_ball_behind: bool = False
    cue_crossed_first: bool = False


class AfterIn(_Message):
    """14.1: where the balls lie after a shot that may lead to a re-rack or to RULES 14.1-7.7."""

    last_ball: Literal["in-rack", "head-spot", "behind-head-string", "elsewhere"] | None = None
    cue_ball: Literal["in-rack", "head-spot", "elsewhere"] | None = None
    all_behind_head_string: bool = False
    nearest_to_head_string: list[ObjectBall] = Field(default_factory=list, max_length=15)


class FactsIn(_Message):
    """The facts of a shot on a real table (DESIGN.md "Shot facts"), as far as a person enters them."""

    call: CallIn | Literal["safety"] | None = None
    first_contact: list[ObjectBall] = Field(default_factory=list, max_length=3)
    rail_contacts: list[RailIn] = Field(default_factory=list, max_length=40)
    pocketed: list[PocketedIn] = Field(default_factory=list, max_length=16)
    off_table: list[Ball] = Field(default_factory=list, max_length=16)
    reported: list[
        Literal[
            "cue-ball-touched",
            "placement-touch",
            "double-hit",
            "push-shot",
            "balls-moving",
            "no-foot-on-floor",
            "object-ball-moved",
            "intentional",
        ]
    ] = Field(default_factory=list, max_length=8)
    technique: Literal["normal", "jump", "curve", "masse"] = "normal"
    kitchen: KitchenIn | None = None
    moved: list[ObjectBall] = Field(default_factory=list, max_length=15)
    after: AfterIn | None = None


class Facts(_Action):
    type: Literal["facts"]
    shot: FactsIn


class Amend(_Action):
    type: Literal["amend"]
    number: int = Field(ge=1, le=100_000, strict=True)
    shot: FactsIn


class RequestCall(_Action):
    type: Literal["request-call"]


Incoming = Annotated[
    Hello | Sync | Ping | Place | Shoot | Choose | Stalemate | Facts | Amend | RequestCall,
    Field(discriminator="type"),
]
_INCOMING: TypeAdapter[Any] = TypeAdapter(Incoming)
#: Types a page may send, for the error that names them.
INCOMING_TYPES = ("hello", "sync", "ping", "place", "shoot", "choose", "stalemate", "facts", "amend", "request-call")


def parse(raw: str | bytes) -> Any:
    """One incoming WebSocket text frame -> a validated message, or ``ProtocolError``."""
    if isinstance(raw, bytes):
        raise ProtocolError("binary", "messages are JSON text, not binary frames")
    if len(raw) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too-large", f"a message may be at most {MAX_MESSAGE_CHARS} characters, got {len(raw)}")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be one JSON object")
    if data.get("type") not in INCOMING_TYPES:
        raise ProtocolError("unknown-type", f"'type' must be one of {', '.join(INCOMING_TYPES)}")
    try:
        return _INCOMING.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        where = where.encode("ascii", "backslashreplace").decode()[:60]  # a field name the page made up
        raise ProtocolError("invalid", f"{data['type']}: {where}: {first['msg']}") from None


# ---------------------------------------------------------------- outgoing


def welcome_message(version: int, match_id: str, seats: list[str]) -> dict[str, Any]:
    """The answer to ``hello``: which seats this connection holds (empty: a spectator)."""
    return {"type": "welcome", "version": version, "match_id": match_id, "seats": seats}


def snapshot_message(version: int, match: dict[str, Any]) -> dict[str, Any]:
    """The whole match as a page shows it; a page replaces its state with it."""
    return {"type": "snapshot", "version": version, "match": match}


def event_text(version: int, action: Mapping[str, Any], match: Mapping[str, Any], trajectory: str | None) -> str:
    """One committed action (``action`` says who did what, with its ruling; a shot's ``trajectory`` is given as
    JSON text), and the match after it: the message's text, made once and sent to every page of the room."""
    text = encode(action) if trajectory is None else with_raw(encode(action), "trajectory", trajectory)
    return f'{{"type":"event","version":{int(version)},"action":{text},"match":{encode(match)}}}'


def encode(message: Mapping[str, Any]) -> str:
    """A message as the socket's text: compact JSON, as starlette's ``send_json`` writes it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def with_raw(text: str, key: str, raw: str) -> str:
    """The JSON object ``text`` with one more member ``key`` (a plain name) whose value is the JSON text ``raw``.

    A trajectory is encoded once, when its shot is played, and spliced into the event, the database row
    and the replay: encoding it is most of the cost of a message, and a room keeps it as text (a tenth
    of the memory of the lists it was made from).
    """
    return f'{text[:-1]}{"," if text != "{}" else ""}"{key}":{raw}}}'


#: Every ``code`` an ``error`` message can carry; the page has a sentence for each (``static/i18n.js``).
ERROR_CODES: frozenset[str] = frozenset(
    {
        "malformed", "too-large", "binary", "unknown-type", "invalid", "stale", "not-joined", "already-joined",
        "wrong-token", "spectator", "not-your-turn", "illegal", "retry", "no-match", "server", "computer",
    }
)  # fmt: skip


def error_message(
    version: int, code: str, message: str, *, refusal: str | None = None, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A refused message: nothing changed. ``version`` lets the page check it is up to date.

    An ``illegal`` error also carries ``refusal`` (a ``game.actions.REFUSALS`` code, or null for a refusal
    that has none) and its ``params``, so the page says it in its own language; ``message`` stays English.
    """
    if code not in ERROR_CODES:
        raise ValueError(f"unknown error code {code!r}: add it to ERROR_CODES (and to the page's words)")
    out: dict[str, Any] = {"type": "error", "version": version, "code": code, "message": message}
    if code == "illegal":
        out["refusal"] = refusal
        out["params"] = dict(params or {})
    return out


def pong_message(version: int) -> dict[str, Any]:
    return {"type": "pong", "version": version}
