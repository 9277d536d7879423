"""A game or a table named on the command line (``--game``, ``--rack``, ``--table``): the names and aliases a user
types, any case."""

from __future__ import annotations

import argparse

from poolhall.equipment import TableSpec
from poolhall.rules import find_game
from poolhall.rules.model import RefereeError


def game_name(text: str) -> str:
    """``8ball``, ``14.1``, ``Straight-Pool`` -> the contract name; anything else is argparse's one-line error."""
    try:
        return find_game(text).name
    except RefereeError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def table_name(text: str) -> str:
    """``7``, ``8ft``, ``9-Foot`` -> the table's name (``7-foot``); anything else is argparse's one-line error."""
    try:
        return TableSpec.named(text).name
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
