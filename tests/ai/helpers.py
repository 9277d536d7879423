"""Small-budget levels and hand-set tables for the computer-player tests."""

from __future__ import annotations

from dataclasses import replace

from poolhall.ai.levels import LEVEL_BY_NAME, Level
from poolhall.game import Match
from poolhall.layout import Layout
from poolhall.rules.model import Options


def light(name: str) -> Level:
    """Level ``name`` with its own noise and position judgement, but a test-sized search."""
    level = LEVEL_BY_NAME[name]
    return replace(
        level,
        shots=min(level.shots, 3),
        samples=min(level.samples, 3),
        finalists=min(level.finalists, 2),
        final_samples=min(level.final_samples, 4),
        safety_samples=min(level.safety_samples, 2),
    )


def match_at(
    positions: dict[int, tuple[float, float]],
    *,
    game: str = "eight-ball",
    groups: dict[str, str] | None = None,
    ball_in_hand: str | None = None,
    seed: int = 0,
) -> Match:
    """A match with A to play on a hand-set table (cue ball in hand when ``ball_in_hand``)."""
    layout = Layout.from_positions(positions)
    if ball_in_hand is not None:
        layout = layout.with_positions({0: None})
    return Match.from_position(
        game,  # type: ignore[arg-type]
        layout,
        shooter="A",
        ball_in_hand=ball_in_hand,
        groups=groups,  # type: ignore[arg-type]
        options=Options(),
        seed=seed,
    )
