"""A minimal 14.1 game loop for tests: feed shots to the referee and carry its rulings forward.

It does what the match layer does with a ruling (scores, foul records,
allowances, spotting, re-racks, the chosen option), nothing more, so property
tests and the documented example game can run whole games through ``rule``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from poolhall.equipment import CUE
from poolhall.rules.model import BallInHand, Options, Player, Ruling, Shot, Situation, other
from poolhall.rules.scoresheet import ShotEntry
from poolhall.rules.straight_pool import rule

FULL = frozenset(range(1, 16))


@dataclass
class Game:
    """The state a referee needs between shots, updated from each ruling."""

    options: Options = field(default_factory=Options)
    shooter: Player = "A"
    on_table: frozenset[int] = FULL
    break_shot: bool = True
    ball_in_hand: BallInHand = "kitchen"
    score: dict[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    fouls: dict[Player, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    used: dict[Player, dict[int, int]] = field(default_factory=lambda: {"A": {}, "B": {}})
    over: bool = False
    entries: list[ShotEntry] = field(default_factory=list)

    def situation(self, near_rail: dict[int, str] | None = None) -> Situation:
        return Situation(
            shooter=self.shooter,
            on_table=self.on_table,
            break_shot=self.break_shot,
            ball_in_hand=self.ball_in_hand,
            near_rail=near_rail or {},
            fouls_in_a_row=dict(self.fouls),
            near_rail_safeties={p: dict(u) for p, u in self.used.items()},
            score=dict(self.score),
        )

    def play(self, shot: Shot, choice: str | None = None, near_rail: dict[int, str] | None = None) -> Ruling:
        """Rule ``shot`` and move the game on; ``choice`` answers an offered option (default: the first)."""
        ruling = rule(self.options, self.situation(near_rail), shot)
        if ruling.chooser is not None and choice is None:
            choice = ruling.options[0]
        gone = {b for b in (*shot.pocketed_balls, *shot.off_table) if b != CUE}
        self.entries.append(ShotEntry(self.shooter, ruling, sum(1 for b in shot.pocketed_balls if b != CUE), choice))
        self.on_table = FULL if ruling.rerack else (self.on_table - gone) | set(ruling.spot)
        for p in ("A", "B"):
            self.score[p] += ruling.points.get(p, 0)  # type: ignore[index]
        self.fouls = dict(ruling.fouls_in_a_row)
        self.used = {p: dict(u) for p, u in ruling.near_rail_safeties.items()}
        self.shooter = ruling.next_shooter
        self.ball_in_hand = ruling.ball_in_hand
        self.break_shot = ruling.next_break is not None
        self.over = ruling.game_over
        if ruling.chooser is not None:
            self._choose(ruling.chooser, choice)
        return ruling

    def _choose(self, chooser: Player, choice: str | None) -> None:
        if choice == "rerack-opponent-breaks":
            self.on_table, self.break_shot, self.shooter, self.ball_in_hand = FULL, True, other(chooser), "kitchen"
        elif choice in ("cue-ball-in-kitchen", "spot-nearest-ball"):
            self.ball_in_hand = "kitchen"
