"""Reason phrases: every key in English and Polish, with the same parameters; every ruling renders."""

from __future__ import annotations

import importlib
import string

import pytest

from poolhall.rules import text
from poolhall.rules.text import LANGUAGES, catalogue, join_items


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("module", ["general", "eight_ball"])
def test_every_key_in_both_languages_with_the_same_parameters(module: str) -> None:
    phrases = importlib.import_module(f"poolhall.rules.phrases.{module}")
    assert set(phrases.EN) == set(phrases.PL)
    for key in phrases.EN:
        assert _fields(phrases.EN[key]) == _fields(phrases.PL[key]), key


def test_merged_catalogues_agree_across_languages() -> None:
    english, polish = catalogue("en"), catalogue("pl")
    assert set(english) == set(polish)
    for key, template in english.items():
        assert _fields(template) == _fields(polish[key]), key


def test_lists_are_joined_per_language() -> None:
    assert join_items([3, 10, 12], "en") == "3, 10 and 12"
    assert join_items([3, 10], "pl") == "3 i 10"
    assert join_items([4], "pl") == "4"


def test_polish_pocket_names_in_reasons() -> None:
    rendered = text.render([("8b.credited", {"shooter": "A", "ball": 2, "pocket": "foot-left"})], "pl")
    assert rendered == "Gracz A wbija zadeklarowaną bilę 2 do łuzy górnej lewej i gra dalej."


def test_every_language_is_offered() -> None:
    assert set(LANGUAGES) == {"en", "pl"}
