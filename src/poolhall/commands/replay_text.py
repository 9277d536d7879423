"""What ``poolhall replay`` prints, in English or Polish: the header, one line per shot, the result.

The referee's reasons come translated from the record's phrases
(``Record.reason``); the words around them are this module's, so that
``--lang pl`` gives a wholly Polish listing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from poolhall.rules.text import POCKET_NAMES_PL

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "eight-ball": "eight-ball", "straight-pool": "14.1 straight pool",
        "physics": "simulated", "scorekeeper": "scored at a real table",
        "header": "{game} ({mode}), seed {seed}: A = {a}, B = {b}",
        "no call": "no call", "safety": "safety", "calls": "calls {ball} in the {pocket} pocket",
        "shot": "#{number:>3} {who}, {called}: hits {hit}; pockets {dropped}. {reason}",
        "nothing": "nothing", "in": "{ball} in the {pocket}", "cue ball": "the cue ball",
        "won": "{seat} ({name}) won", "not over": "not finished",
        "games": "games won A {a}, B {b}", "points": "points A {a}, B {b}",
        "result": "{outcome}: {tally}; {shots} shots",
        "exact": "all {shots} shots replay exactly",
        "differs": "shot {number} differs from the record: {what}",
    },
    "pl": {
        "eight-ball": "ósemka", "straight-pool": "14/1 ciągły",
        "physics": "symulacja", "scorekeeper": "zapis z prawdziwego stołu",
        "header": "{game} ({mode}), ziarno {seed}: A = {a}, B = {b}",
        "no call": "bez zapowiedzi", "safety": "zagranie obronne", "calls": "zapowiada {ball} do łuzy {pocket}",
        "shot": "#{number:>3} {who}, {called}: trafia {hit}; wbija {dropped}. {reason}",
        "nothing": "nic", "in": "{ball} do łuzy {pocket}", "cue ball": "białą",
        "won": "wygrywa {seat} ({name})", "not over": "mecz nieskończony",
        "games": "wygrane partie A {a}, B {b}", "points": "punkty A {a}, B {b}",
        "result": "{outcome}: {tally}; uderzeń: {shots}",
        "exact": "wszystkie uderzenia ({shots}) odtwarzają się dokładnie",
        "differs": "uderzenie {number} różni się od zapisu: {what}",
    },
}  # fmt: skip


def pocket(name: str, lang: str) -> str:
    return POCKET_NAMES_PL.get(name, name) if lang == "pl" else name


def header(data: Mapping[str, Any], lang: str) -> str:
    w = WORDS[lang]
    names = data["players"]
    return w["header"].format(game=w[data["game"]], mode=w[data["mode"]], seed=data["seed"],
                              a=names.get("A"), b=names.get("B"))  # fmt: skip


def describe(entry: Mapping[str, Any], names: Mapping[str, str], reason: str, lang: str = "en") -> str:
    """One line per shot: who, the call, what it hit and pocketed, the referee's reason."""
    w = WORDS[lang]
    call = entry["call"]
    if call is None or call == "safety":
        called = w["no call" if call is None else "safety"]
    else:
        called = w["calls"].format(ball=call["ball"], pocket=pocket(call["pocket"], lang))
    facts = entry["facts"]
    hit = ", ".join(map(str, facts["first_contact"])) or w["nothing"]
    dropped = ", ".join(
        w["in"].format(ball=w["cue ball"] if p["ball"] == 0 else p["ball"], pocket=pocket(p["pocket"], lang))
        for p in facts["pocketed"]
    )
    who = f"{entry['shooter']} ({names.get(entry['shooter'], entry['shooter'])})"
    return w["shot"].format(number=entry["number"], who=who, called=called, hit=hit,
                            dropped=dropped or w["nothing"], reason=reason)  # fmt: skip


def result_line(data: Mapping[str, Any], lang: str) -> str:
    """``A (club) won: games won A 1, B 0; 41 shots`` (14.1: the points)."""
    w = WORDS[lang]
    result = data["result"]
    seat = result["winner"]
    outcome = w["won"].format(seat=seat, name=data["players"].get(seat, seat)) if seat else w["not over"]
    tally = result["score"] if data["game"] == "straight-pool" else result["games_won"]
    kind = "points" if data["game"] == "straight-pool" else "games"
    return w["result"].format(outcome=outcome, tally=w[kind].format(a=tally["A"], b=tally["B"]),
                              shots=result["shots"])  # fmt: skip
