"""Reason phrases to plain words, in English or Polish.

A ruling carries phrase keys with parameters (``model.Phrase``); this module
renders them. Each game keeps its own catalogue in ``phrases/<module>.py``
(dicts ``EN`` and ``PL`` of key -> format string); the catalogues are merged
here, so a key is defined once and both languages always exist (a test checks
that every key has both).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from poolhall.equipment import POCKETS
from poolhall.rules.model import Phrase

LANGUAGES: tuple[str, ...] = ("en", "pl")
_CATALOGUE_MODULES = ("general", "eight_ball", "straight_pool")

#: Pocket names in Polish for the reasons ("the foot-left pocket" = "łuza górna lewa").
POCKET_NAMES_PL: Mapping[str, str] = {
    "head-right": "dolnej prawej",
    "head-left": "dolnej lewej",
    "side-right": "środkowej prawej",
    "side-left": "środkowej lewej",
    "foot-right": "górnej prawej",
    "foot-left": "górnej lewej",
}
assert set(POCKET_NAMES_PL) == set(POCKETS)


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Every phrase of every game in ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for name in _CATALOGUE_MODULES:
        try:
            module = importlib.import_module(f"poolhall.rules.phrases.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"poolhall.rules.phrases.{name}":
                raise
            continue
        table: Mapping[str, str] = getattr(module, lang.upper())
        clash = set(merged) & set(table)
        if clash:
            raise RuntimeError(f"phrase keys defined twice: {sorted(clash)}")
        merged.update(table)
    return merged


#: The word that joins the last two items of a list ("3, 10 and 12").
_AND: Mapping[str, str] = {"en": "and", "pl": "i"}


def join_items(items: Iterable[Any], lang: str) -> str:
    """``[3, 10, 12]`` -> "3, 10 and 12" (Polish: "3, 10 i 12")."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {_AND[lang]} {words[-1]}"


def _localise(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Pocket names in the reason's language; lists of balls as words."""
    out = dict(params)
    for key, value in params.items():
        if isinstance(value, list | tuple | frozenset | set):
            out[key] = join_items(sorted(value) if isinstance(value, frozenset | set) else value, lang)
        elif lang == "pl" and (key == "pocket" or key.endswith("_pocket")):
            out[key] = POCKET_NAMES_PL.get(value, value)
    return out


def _template(table: Mapping[str, str], key: str, params: Mapping[str, Any]) -> str | None:
    """The phrase's words; a phrase that counts may have its own words for a number (``"key[0]"``, ``"key[1]"``:
    "no object ball reached a rail", not "only 0 of the 4"; Polish needs its own forms for one as well)."""
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool) and f"{key}[{count}]" in table:
        return table[f"{key}[{count}]"]
    return table.get(key)


def render(phrases: Iterable[Phrase], lang: str = "en") -> str:
    """Join the phrases into one plain-words reason."""
    table = catalogue(lang)
    sentences = []
    for key, params in phrases:
        template = _template(table, key, params)
        if template is None:
            raise KeyError(f"no {lang} text for reason phrase {key!r}")
        sentences.append(template.format(**_localise(params, lang)))
    return " ".join(sentences)
