"""A game named on the command line (``--game``, ``--rack``): the referee's names and aliases, any case."""

from __future__ import annotations

import argparse

from poolhall.rules import find_game
from poolhall.rules.model import RefereeError


def game_name(text: str) -> str:
    """``8ball``, ``14.1``, ``Straight-Pool`` -> the contract name; anything else is argparse's one-line error."""
    try:
        return find_game(text).name
    except RefereeError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None
