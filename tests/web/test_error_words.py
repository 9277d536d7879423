"""Every error the server can send has the page's words in English and Polish (issue 17: "everything the page
shows is translated: server errors").

The codes are read from the source itself (every ``error_message``, ``ProtocolError`` and ``MatchError`` call
with a literal code), so a new code that nobody translated fails here, not on a Polish player's screen.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from poolhall.game.actions import REFUSALS, MatchError
from poolhall.web import protocol
from poolhall.web.app import CREATE_ERRORS

from .helpers import create, join, send

SRC = Path(__file__).resolve().parents[2] / "src" / "poolhall"
I18N = SRC / "web" / "static" / "i18n.js"


def page_words() -> dict[str, dict[str, str]]:
    """The page's table (``WORDS`` in i18n.js): language -> key -> text. Keys are plain or quoted words, each
    value one double-quoted string on its line."""
    source = I18N.read_text(encoding="utf-8")
    body = source[source.index("const WORDS = {") : source.index("\n};\n")]
    en, pl = body.split("\n  pl: {\n")
    pair = re.compile(r'(?:^|[\s,{])"?([A-Za-z_][\w-]*)"?: ("(?:[^"\\]|\\.)*")', re.M)
    return {lang: {k: json.loads(v) for k, v in pair.findall(part)} for lang, part in (("en", en), ("pl", pl))}


@functools.cache
def source_calls() -> tuple[ast.Call, ...]:
    """Every call in the source files that name an error (parsed once for the whole module)."""
    named = re.compile(r"\b(?:MatchError|error_message|ProtocolError)\(")
    texts = [path.read_text(encoding="utf-8") for path in sorted(SRC.rglob("*.py"))]
    trees = [ast.parse(text) for text in texts if named.search(text)]
    return tuple(node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Call))


def literal_codes(function: str, position: int) -> dict[str, set[str]]:
    """Each literal code passed to ``function`` at argument ``position`` anywhere in the source (both branches
    of a conditional too), with the keyword parameters of its calls."""
    found: dict[str, set[str]] = {}
    for node in source_calls():
        if len(node.args) > position:
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            arg = node.args[position]
            options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for option in options if name == function else []:
                if isinstance(option, ast.Constant) and isinstance(option.value, str):
                    found.setdefault(option.value, set()).update(k.arg for k in node.keywords if k.arg)
    return found


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_parser_reads_the_whole_table() -> None:
    words = page_words()
    assert words["en"]["shoot"] == "Shoot" and words["pl"]["shoot"] == "Uderz"
    assert len(words["en"]) > 250 and set(words["en"]) == set(words["pl"])  # every key in both languages


def test_every_error_code_the_server_sends_is_declared_and_has_both_languages() -> None:
    sent = set(literal_codes("error_message", 1)) | set(literal_codes("ProtocolError", 0))
    assert sent <= protocol.ERROR_CODES, sent - protocol.ERROR_CODES
    assert {"illegal", "stale", "no-match", "unknown-type"} <= sent  # the scan sees the calls
    words = page_words()
    for code in protocol.ERROR_CODES:
        for lang in ("en", "pl"):
            assert f"err_{code}" in words[lang], (lang, code)


def test_every_refusal_code_has_both_languages_naming_only_what_the_server_sends() -> None:
    used = literal_codes("MatchError", 1)
    assert set(used) <= REFUSALS, set(used) - REFUSALS
    assert REFUSALS - {"facts-contradict"} <= set(used)  # each declared code is raised somewhere (that one: rooms)
    words = page_words()
    for code in REFUSALS:
        en, pl = words["en"][f"refusal_{code}"], words["pl"][f"refusal_{code}"]
        assert placeholders(en) == placeholders(pl) <= used.get(code, set()), code


def test_every_create_error_status_has_both_languages() -> None:
    words = page_words()
    for status in [*CREATE_ERRORS, 422, "other"]:
        for lang in ("en", "pl"):
            text = words[lang][f"err_http_{status}"]
            if "{detail}" in text:  # in Polish, or without a sentence, the page says it without the detail
                assert f"err_http_{status}_bare" in words[lang]


def test_an_undeclared_code_fails_where_it_is_raised() -> None:
    try:
        MatchError("no", "a-code-nobody-translated")
    except ValueError as exc:
        assert "REFUSALS" in str(exc)
    else:
        raise AssertionError("an unknown refusal code was accepted")
    try:
        protocol.error_message(0, "a-code-nobody-translated", "no")
    except ValueError as exc:
        assert "ERROR_CODES" in str(exc)
    else:
        raise AssertionError("an unknown error code was accepted")


def test_a_refusal_carries_its_code_and_the_players_names(client: TestClient) -> None:
    made = create(client, seed=1, lag_winner="A", seats={"A": {"name": "Ann"}, "B": {"name": "Bob"}})
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws, made["tokens"]["A"], made["tokens"]["B"])
        assert send(ws, {"type": "choose", "option": "break", "version": 0})["type"] == "event"
        error = send(ws, {"type": "shoot", "stroke": {"speed": 2, "phi": 0}, "call": None, "version": 1})
        assert error["code"] == "illegal" and error["refusal"] == "not-now" and error["params"] == {"player": "Ann"}
        assert "cannot shoot now" in error["message"]  # the English sentence stays as it was
        error = send(ws, {"type": "request-call", "version": 1})  # Bob asks for a call on Ann's break
        assert (error["refusal"], error["params"], error["version"]) == ("call-request-on-break", {}, 1)
        error = send(ws, {"type": "choose", "option": "break", "version": 1})
        assert error["refusal"] == "not-now"
        stale = send(ws, {"type": "place", "x": 0.3, "y": 0.63, "version": 0})
        assert stale["code"] == "stale" and "refusal" not in stale  # only a refusal carries one
