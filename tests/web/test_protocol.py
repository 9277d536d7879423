"""The WebSocket message schemas: what is accepted, and that everything else is refused with a code."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from poolhall.web import protocol
from poolhall.web.protocol import MAX_MESSAGE_CHARS, ProtocolError, parse


def test_a_shot_with_a_call_parses() -> None:
    msg = parse(
        json.dumps(
            {
                "type": "shoot",
                "stroke": {"speed": 3.0, "phi": 0.1, "theta": 0.0, "a": 0.1, "b": -0.2},
                "call": {"ball": 3, "pocket": "foot-left"},
            }
        )
    )
    assert isinstance(msg, protocol.Shoot)
    assert msg.stroke.speed == 3.0
    assert msg.call is not None and msg.call != "safety" and msg.call.pocket == "foot-left"


def test_hello_takes_up_to_two_tokens() -> None:
    token = "a" * 32
    assert parse(json.dumps({"type": "hello", "tokens": [token, token]})).tokens == [token, token]
    with pytest.raises(ProtocolError) as info:
        parse(json.dumps({"type": "hello", "tokens": [token] * 3}))
    assert info.value.code == "invalid"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "fly"}', "unknown-type"),
        ('{"kind": "shoot"}', "unknown-type"),
        ('{"type": "place", "x": 1.0}', "invalid"),
        ('{"type": "place", "x": 1.0, "y": 0.5, "z": 0}', "invalid"),
        ('{"type": "place", "x": -1.0, "y": 0.5}', "invalid"),
        ('{"type": "shoot", "stroke": {"speed": 0, "phi": 0}}', "invalid"),
        ('{"type": "shoot", "stroke": {"speed": 99, "phi": 0}}', "invalid"),
        ('{"type": "shoot", "stroke": {"speed": 2, "phi": 0}, "call": {"ball": 16, "pocket": "foot-left"}}', "invalid"),
        ('{"type": "shoot", "stroke": {"speed": 2, "phi": 0}, "call": {"ball": 3, "pocket": "middle"}}', "invalid"),
        ('{"type": "shoot", "stroke": {"speed": 2, "phi": NaN}}', "invalid"),
        ('{"type": "choose", "option": "<script>"}', "invalid"),
        ('{"type": "stalemate", "answer": "maybe"}', "invalid"),
        ('{"type": "hello", "tokens": ["short"]}', "invalid"),
        ('{"type": "facts", "shot": {"pocketed": [{"ball": 3, "pocket": "nowhere"}]}}', "invalid"),
    ],
)
def test_bad_messages_are_refused_with_a_code(raw: str, code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        parse(raw)
    assert info.value.code == code
    assert info.value.message


def test_oversized_and_binary_messages_are_refused_before_parsing() -> None:
    with pytest.raises(ProtocolError) as info:
        parse('{"type": "ping", "pad": "' + "x" * MAX_MESSAGE_CHARS + '"}')
    assert info.value.code == "too-large"
    with pytest.raises(ProtocolError) as info:
        parse(b'{"type": "ping"}')
    assert info.value.code == "binary"


def test_deep_nesting_is_refused_not_a_crash() -> None:
    with pytest.raises(ProtocolError):
        parse("[" * 5000 + "]" * 5000)


@given(st.text(max_size=300))
def test_any_text_parses_or_is_refused(raw: str) -> None:
    try:
        parse(raw)
    except ProtocolError as exc:
        assert exc.code in {"malformed", "unknown-type", "invalid", "too-large"}


@given(
    st.dictionaries(
        st.sampled_from(["type", "x", "y", "stroke", "call", "option", "tokens", "answer", "shot", "junk"]),
        st.one_of(
            st.none(),
            st.integers(),
            st.floats(allow_nan=True),
            st.text(max_size=5),
            st.sampled_from(protocol.INCOMING_TYPES),
        ),
        max_size=5,
    )
)
def test_any_object_parses_or_is_refused(data: dict[str, object]) -> None:
    try:
        msg = parse(json.dumps(data))
    except ProtocolError:
        return
    assert msg.type in protocol.INCOMING_TYPES
    for value in msg.model_dump().values():
        assert not (isinstance(value, float) and not math.isfinite(value))


def test_every_outgoing_message_carries_the_version() -> None:
    for message in (
        protocol.welcome_message(3, "m", ["A"]),
        protocol.snapshot_message(3, {}),
        json.loads(protocol.event_text(3, {}, {}, None)),
        json.loads(protocol.event_text(3, {"seat": "A"}, {}, '{"duration":1.5}')),
        protocol.error_message(3, "invalid", "no"),
        protocol.pong_message(3),
    ):
        assert message["version"] == 3
