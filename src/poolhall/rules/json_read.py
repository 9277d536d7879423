"""Reading decoded JSON for the referee contract: typed values, each checked, each error naming its JSON path.

A reader takes the value and its path (``shot.pocketed[1].pocket``) and
returns the checked Python value, or raises ``RefereeError(path, message)``
saying what was expected and what came (a boolean is never a number, a ball
is 0-15). ``contract.py`` describes the request with these readers; they know
the contract's words (players, balls) but none of its fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from poolhall.equipment import CUE, OBJECT_BALLS
from poolhall.rules.model import RefereeError

T = TypeVar("T")

PLAYER_NAMES = ("A", "B")


def type_name(value: Any) -> str:
    """How an error names what came: ``null``, ``a boolean``, ``a number``, ``a string``, ``a list``, ``an object``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def fields_of(value: Any, path: str, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with named fields: an unknown field or a missing required one is an error."""
    if not isinstance(value, dict):
        raise RefereeError(path, f"expected an object, got {type_name(value)}")
    for key in value:
        if key not in allowed:
            raise RefereeError(join(path, str(key)), f"unknown field; expected one of {', '.join(allowed)}")
    for key in required:
        if key not in value:
            raise RefereeError(join(path, key), "required field is missing")
    return value


def optional(raw: Mapping[str, Any], key: str, default: Any) -> Any:
    """An optional field: left out or null both mean its default (DESIGN.md: fields left out take defaults)."""
    value = raw.get(key)
    return default if value is None else value


def mapping(value: Any, path: str) -> dict[str, Any]:
    """An object whose keys are data (ball numbers), checked by the caller."""
    if not isinstance(value, dict):
        raise RefereeError(path, f"expected an object, got {type_name(value)}")
    return value


def join(path: str, key: str) -> str:
    """The path of a field (the top level has the empty path)."""
    return f"{path}.{key}" if path else key


def boolean(value: Any, path: str) -> bool:
    """``true`` or ``false``, nothing else."""
    if not isinstance(value, bool):
        raise RefereeError(path, f"expected true or false, got {type_name(value)}")
    return value


def integer(value: Any, path: str) -> int:
    """A whole number (a boolean is not one, though Python counts it as an int)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RefereeError(path, f"expected an integer, got {type_name(value)}")
    return value


def word(value: Any, path: str, allowed: tuple[str, ...]) -> str:
    """One of the ``allowed`` strings."""
    if not isinstance(value, str) or value not in allowed:
        shown = repr(value) if isinstance(value, str) else type_name(value)
        raise RefereeError(path, f"got {shown}; expected one of {', '.join(allowed)}")
    return value


def items(value: Any, path: str, item: Callable[[Any, str], T]) -> tuple[T, ...]:
    """A list, each item read by ``item`` at ``path[i]``."""
    if not isinstance(value, list):
        raise RefereeError(path, f"expected a list, got {type_name(value)}")
    return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))


def ball(value: Any, path: str, *, cue: bool = True) -> int:
    """A ball number: 0-15, or 1-15 without the ``cue`` ball."""
    ball = integer(value, path)
    lowest = CUE if cue else OBJECT_BALLS[0]
    if not lowest <= ball <= OBJECT_BALLS[-1]:
        kind = "a ball number 0-15" if cue else "an object ball number 1-15"
        raise RefereeError(path, f"unknown ball {ball}; expected {kind}")
    return ball


def object_ball(value: Any, path: str) -> int:
    """An object ball number, 1-15."""
    return ball(value, path, cue=False)


def ball_key(key: str, path: str) -> int:
    """A ball number written as an object key ("7")."""
    if not key.isdigit() or str(int(key)) != key:
        raise RefereeError(path, f"unknown ball {key!r}; expected an object ball number 1-15 as a string")
    return object_ball(int(key), path)


def per_player(value: Any, path: str, item: Callable[[Any, str], T], default: T) -> dict[str, T]:
    """An object keyed by ``A`` and ``B``, each value read by ``item``; a player left out gets ``default``."""
    raw = fields_of(value, path, PLAYER_NAMES)
    return {p: item(raw[p], join(path, p)) if p in raw else default for p in PLAYER_NAMES}


def unique(balls: tuple[int, ...], path: str) -> None:
    """No ball listed twice."""
    seen: set[int] = set()
    for i, ball in enumerate(balls):
        if ball in seen:
            raise RefereeError(f"{path}[{i}]", f"ball {ball} is listed twice")
        seen.add(ball)


def per_ball(value: Any, path: str, on_table: frozenset[int], item: Callable[[Any, str], T]) -> dict[int, T]:
    """An object keyed by object balls on the table (``"7"``), each value read by ``item``."""
    out: dict[int, T] = {}
    for key, raw in mapping(value, path).items():
        ball_path = join(path, key)
        number = ball_key(key, ball_path)
        require_on_table(number, on_table, ball_path)
        out[number] = item(raw, ball_path)
    return out


def require_on_table(ball: int, on_table: frozenset[int], path: str) -> None:
    """An object ball named by a fact must be on the table (GEN-15); the cue ball always is."""
    if ball != CUE and ball not in on_table:
        raise RefereeError(path, f"ball {ball} is not on the table (situation.on_table)")
