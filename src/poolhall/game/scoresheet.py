"""The 14.1 score sheet of a match, for the page and ``replay --sheet``: ``rules.scoresheet`` filled from its shots."""

from __future__ import annotations

from typing import Any

from poolhall.equipment import CUE
from poolhall.game import Choose, EnterShot, Match, Shoot
from poolhall.rules.scoresheet import ScoreSheet, ShotEntry


def sheet_rows(match: Match) -> list[dict[str, Any]]:
    """One row per inning: ``{number, player, rack, balls, fouls, penalty, score: {A, B}}``.

    A shot's entry carries the option chosen right after it (when its ruling
    offered one), as a scorer writes "re-racked" or "accepted" on paper.
    """
    choices: dict[int, str] = {}
    shot = 0
    for logged in match.log:
        if isinstance(logged.action, Shoot | EnterShot):
            shot += 1
        elif isinstance(logged.action, Choose) and shot and shot not in choices:
            choices[shot] = logged.action.option
    entries = [
        ShotEntry(s.shooter, s.ruling, sum(1 for p in s.facts.pocketed if p.ball != CUE), choices.get(s.number))
        for s in match.shots
    ]
    options = match.state.options
    sheet = ScoreSheet.from_shots(entries, options.points_to_win, options.intentional_counts)
    return sheet.to_dict()["innings"]  # type: ignore[no-any-return]
