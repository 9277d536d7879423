"""Reason phrases: every key in English and Polish, with the same parameters; every ruling renders."""

from __future__ import annotations

import importlib
import string

import pytest

from poolhall.rules import referee, text
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


def _break(rails: list[int], lang: str) -> str:
    """The referee's reason for an eight-ball break that drops nothing and drives ``rails`` to a rail."""
    request = {
        "game": "eight-ball",
        "situation": {"shooter": "A", "break": True, "table_open": True, "groups": None,
                      "on_table": list(range(1, 16)), "ball_in_hand": "kitchen"},
        "shot": {"first_contact": [1], "kitchen": {"first_ball_behind": False, "cue_crossed_first": True},
                 "rail_contacts": [{"ball": b, "rail": "foot"} for b in rails]},
    }  # fmt: skip
    ruling = referee(request, lang)
    assert ruling["foul"] is True and "8B-6" in ruling["rules"], ruling  # 8B-6: fewer than four to a rail
    return str(ruling["reason"])


@pytest.mark.parametrize(
    ("rails", "en", "pl"),
    [
        ([], "no object ball reached a rail (four are needed)", "żadna bila nie dotarła do bandy (wymagane są cztery)"),
        ([1], "only one object ball reached a rail (four are needed)", "do bandy dotarła tylko jedna bila"),
        ([1, 9], "only 2 of the 4 object balls needed reached a rail", "do band dotarły tylko 2 z 4 wymaganych bil"),
        ([1, 9, 14], "only 3 of the 4 object balls", "dotarły tylko 3 z 4 wymaganych bil"),
    ],
)
def test_an_illegal_break_counts_the_balls_in_words_that_read_for_each_number(
    rails: list[int], en: str, pl: str
) -> None:
    """8B-6: the count of balls driven to a rail, in sentences that read for 0 and 1 too (issue 17)."""
    assert en in _break(rails, "en") and pl in _break(rails, "pl")
    assert "only 0" not in _break(rails, "en") and "tylko 0" not in _break(rails, "pl")


def test_a_counted_phrase_falls_back_to_its_general_words() -> None:
    """A number without words of its own (2, 3) takes the phrase's general words; a record's phrase is unchanged."""
    assert "only 2 of the 4" in text.render([("8b.break.illegal", {"count": 2})], "en")
    assert "8b.break.illegal[0]" not in text.render([("8b.break.illegal", {"count": 0})], "en")
