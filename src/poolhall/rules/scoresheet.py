"""The 14.1 score sheet: innings, balls, fouls, penalties, running scores, high run, racks.

Built from the shots of a game as ``(shooter, ruling, object balls pocketed)``
(plus the option chosen when a ruling offered one), the way a scorer fills in
a paper sheet. The sheet keeps its own count of balls and penalties, from the
RULES.md 14.1-5 penalty scale and its own three-foul count, so ``problems``
cross-checks the referee: in every rack and overall, points scored must equal
balls legally pocketed minus foul points. Pure: no I/O; ``to_text`` and
``to_dict`` only format.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from poolhall.rules.model import PLAYERS, Player, Ruling

#: Penalties (14.1-5): standard, breaking foul, intentional; a third consecutive foul adds 15.
STANDARD, BREAKING, INTENTIONAL, THIRD = 1, 2, 16, 15
BREAKING_FOUL_CODE = "14.1-6(c)"
#: The stalemate ruling's rule (14.1-13): re-rack, records cleared.
STALEMATE = "14.1-13"
#: Balls a rack holds when play starts on it; a 14-ball re-rack follows exactly 14 legal balls.
RACK_BALLS = 15


@dataclass(frozen=True)
class ShotEntry:
    """One shot as the scorer sees it; ``choice`` is the option taken when the ruling offered some."""

    shooter: Player
    ruling: Ruling
    pocketed: int
    choice: str | None = None


@dataclass
class Inning:
    """One player's turn at the table: his balls, fouls, penalty points and the scores after it."""

    number: int
    player: Player
    rack: int
    balls: int = 0
    fouls: int = 0
    penalty: int = 0
    score: dict[Player, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})


@dataclass
class _Rack:
    balls: int = 0
    penalty: int = 0
    points: int = 0
    ended_by: str | None = None


@dataclass
class ScoreSheet:
    """A game's sheet; build it with ``ScoreSheet.from_shots``."""

    target: int = 150
    innings: list[Inning] = field(default_factory=list)
    score: dict[Player, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    winner: Player | None = None
    problems: list[str] = field(default_factory=list)
    _racks: list[_Rack] = field(default_factory=lambda: [_Rack()])
    _records: dict[Player, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    _inning_open: bool = False

    @classmethod
    def from_shots(
        cls, shots: Iterable[ShotEntry | tuple[Any, ...]], target: int = 150, intentional_counts: bool = True
    ) -> ScoreSheet:
        """Fill a sheet shot by shot; ``intentional_counts`` is CFG-10."""
        sheet = cls(target=target)
        for n, item in enumerate(shots, 1):
            entry = item if isinstance(item, ShotEntry) else ShotEntry(*item)
            sheet._add(n, entry, intentional_counts)
        sheet._check_totals()
        return sheet

    # ------------------------------------------------------------ reading

    @property
    def racks(self) -> int:
        """Racks played, the current one included."""
        return len(self._racks)

    @property
    def high_run(self) -> dict[Player, int]:
        """Each player's most balls in one inning (a run may span re-racks)."""
        return {p: max((i.balls for i in self.innings if i.player == p), default=0) for p in PLAYERS}

    @property
    def ok(self) -> bool:
        return not self.problems

    # ------------------------------------------------------------ filling in

    def _add(self, n: int, entry: ShotEntry, intentional_counts: bool) -> None:
        ruling, player = entry.ruling, entry.shooter
        if self.winner is not None:
            self.problems.append(f"shot {n}: the game was already over")
        if not self._inning_open:
            count = sum(1 for i in self.innings if i.player == player) + 1
            self.innings.append(Inning(count, player, self.racks))
            self._inning_open = True
        inning = self.innings[-1]
        if inning.player != player:
            self.problems.append(f"shot {n}: {player} shot during {inning.player}'s inning")
        rack = self._racks[-1]
        points = ruling.points.get(player, 0)
        if ruling.foul:
            penalty = self._penalty(ruling, player, intentional_counts)
            inning.fouls += 1
            inning.penalty += penalty
            rack.penalty += penalty
            if points != -penalty:
                self.problems.append(f"shot {n}: the ruling gives {points} for a foul costing {penalty}")
        else:
            balls = entry.pocketed if points else 0
            inning.balls += balls
            rack.balls += balls
            self._records[player] = 0
            if points != balls:
                self.problems.append(f"shot {n}: {points} points for {balls} balls legally pocketed")
        rack.points += points
        self._follow_records(n, ruling, player)
        for p in PLAYERS:
            self.score[p] += ruling.points.get(p, 0)
        inning.score = dict(self.score)
        if ruling.game_over:
            self.winner = ruling.winner
        if max(self.score.values()) >= self.target and not ruling.game_over:
            self.problems.append(f"shot {n}: a score reached {self.target} but the game went on")
        if not ruling.turn_continues:
            self._inning_open = False
        self._next_rack(n, ruling, entry.choice)

    def _penalty(self, ruling: Ruling, player: Player, intentional_counts: bool) -> int:
        """The foul's cost by 14.1-5, with the sheet's own three-foul count (14.1-12-C1)."""
        if BREAKING_FOUL_CODE in ruling.fouls:
            return BREAKING
        intentional = "GEN-F16" in ruling.fouls
        penalty = INTENTIONAL if intentional else STANDARD
        if intentional and not intentional_counts:
            return penalty
        self._records[player] += 1
        if self._records[player] == 3:
            self._records[player] = 0
            penalty += THIRD
        return penalty

    def _follow_records(self, n: int, ruling: Ruling, player: Player) -> None:
        said = ruling.fouls_in_a_row.get(player, 0)
        if said != self._records[player]:
            self.problems.append(
                f"shot {n}: the ruling puts {player} on {said} fouls, the sheet on {self._records[player]}"
            )
        if not all(0 <= ruling.fouls_in_a_row.get(p, 0) <= 2 for p in PLAYERS):
            self.problems.append(f"shot {n}: a foul record outside 0-2")
        if STALEMATE in ruling.rules:
            self._records = {p: 0 for p in PLAYERS}

    def _next_rack(self, n: int, ruling: Ruling, choice: str | None) -> None:
        rack = self._racks[-1]
        if STALEMATE in ruling.rules:
            rack.ended_by = "stalemate"
        elif ruling.next_break is not None:
            rack.ended_by = "three fouls"
        elif ruling.rerack is not None:
            rack.ended_by = ruling.rerack
        elif choice == "rerack-opponent-breaks":
            rack.ended_by = choice
        if rack.ended_by is None:
            return
        if rack.ended_by == "fourteen" and rack.balls != RACK_BALLS - 1:
            self.problems.append(f"shot {n}: fourteen balls re-racked after {rack.balls} legal balls in the rack")
        if rack.ended_by == "full" and rack.balls not in (RACK_BALLS - 1, RACK_BALLS):
            self.problems.append(f"shot {n}: fifteen balls re-racked after {rack.balls} legal balls in the rack")
        self._racks.append(_Rack())

    def _check_totals(self) -> None:
        """14.1-5 bookkeeping: per rack and overall, points = balls legally pocketed - foul points."""
        for number, rack in enumerate(self._racks, 1):
            if rack.points != rack.balls - rack.penalty:
                self.problems.append(f"rack {number}: {rack.points} points for {rack.balls} balls - {rack.penalty}")
            if rack.balls > RACK_BALLS:
                self.problems.append(f"rack {number}: {rack.balls} legal balls in one rack")
        balls = sum(i.balls for i in self.innings)
        penalty = sum(i.penalty for i in self.innings)
        if sum(self.score.values()) != balls - penalty:
            self.problems.append(f"game: scores {self.score} for {balls} balls - {penalty} penalty points")

    # ------------------------------------------------------------ output

    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON-ready data."""
        return {
            "target": self.target,
            "innings": [
                {
                    "number": i.number,
                    "player": i.player,
                    "rack": i.rack,
                    "balls": i.balls,
                    "fouls": i.fouls,
                    "penalty": i.penalty,
                    "score": dict(i.score),
                }
                for i in self.innings
            ],
            "score": dict(self.score),
            "high_run": self.high_run,
            "racks": self.racks,
            "winner": self.winner,
            "problems": list(self.problems),
        }

    def to_text(self) -> str:
        """A readable sheet: one line per inning, then the totals."""
        head = (
            f"{'inning':>6}  {'player':<6}  {'rack':>4}  {'balls':>5}  {'fouls':>5}  {'penalty':>7}  {'A':>5}  {'B':>5}"
        )
        lines = [f"14.1 continuous, game to {self.target}", head, "-" * len(head)]
        for i in self.innings:
            penalty = f"-{i.penalty}" if i.penalty else "0"
            lines.append(
                f"{i.number:>6}  {i.player:<6}  {i.rack:>4}  {i.balls:>5}  {i.fouls:>5}  {penalty:>7}  "
                f"{i.score['A']:>5}  {i.score['B']:>5}"
            )
        lines.append("-" * len(head))
        runs = self.high_run
        lines.append(f"score A {self.score['A']}, B {self.score['B']}; high run A {runs['A']}, B {runs['B']}")
        lines.append(f"racks {self.racks}; winner {self.winner or '-'}")
        lines.append(
            "check: points = balls - penalties " + ("holds" if self.ok else "FAILS: " + "; ".join(self.problems))
        )
        return "\n".join(lines)
