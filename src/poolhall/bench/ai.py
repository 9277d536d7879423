"""``poolhall bench ai --games N``: how well and how fast the computer players play.

Eight-ball, ``N`` games for each pairing (club v beginner, strong v club, pro
v strong), single racks, the lag won by each side in turn so both break
equally often. 14.1, ``max(2, N // 10)`` games of pro v pro to
``STRAIGHT_POOL_POINTS``. Games run on both cores (one process each); game
``i`` of a pairing is seeded from the pairing and ``i`` alone.

The report (``pro`` at tournament noise):

- ``pot_success``: the share of pro's called pots (not breaks, not safeties)
  that the referee ruled legal pots (eight-ball and 14.1 together);
- ``break_and_run``: the share of eight-ball racks pro broke and won without
  the opponent coming to the table;
- ``fouls_per_rack``: pro's fouls per eight-ball rack played;
- ``run_14_1``: pro's average balls per inning in 14.1;
- ``decision_median_s`` / ``decision_p95_s``: wall time of pro's shot
  decisions (while the other core plays another game);
- ``win_rate``: the higher level's share of the finished games of each pairing.

Games the match layer stops with an error (the simulator refusing a layout)
are counted in ``errors``, listed in ``error_games`` (game, pairing, index and
message, so ``play_game`` can replay one) and left out of every figure.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from contextlib import closing
from typing import Any

from poolhall import parallel
from poolhall.ai.player import ComputerPlayer
from poolhall.game import Match, MatchError, MatchView
from poolhall.game.actions import Action
from poolhall.game.state import derived_seed
from poolhall.rules.model import Call, Options

HELP = "how well (win rates, pots, runs, fouls) and how fast (decision time) the computer players play"
#: This kind counts games, not timed repeats (``poolhall bench ai --games N``).
SIZE = "games"
PAIRINGS: tuple[tuple[str, str], ...] = (("club", "beginner"), ("strong", "club"), ("pro", "strong"))
STRAIGHT_POOL_POINTS = 40
JOBS = 2
#: Wall time per game of the default mix, both cores busy: ``--games 20`` (62 games) took 6 minutes
#: on the shared 2-core machine of issue 19; for the estimate printed before a run.
SECONDS_PER_GAME = 6.0


class _Timed:
    """A player whose shot decisions are timed."""

    def __init__(self, level: str) -> None:
        self.player = ComputerPlayer(level)
        self.execution = self.player.execution
        self.times: list[float] = []

    def act(self, view: MatchView) -> Action:
        start = time.perf_counter()
        action = self.player.act(view)
        if view.asked.kind == "shoot" and not view.break_shot:
            self.times.append(time.perf_counter() - start)
        return action


def straight_pool_games(games: int) -> int:
    return max(2, games // 10)


def play_game(game: str, upper: str, lower: str, index: int) -> dict[str, Any]:
    """One single-rack game; the upper level sits in A and wins the lag on even ``index``."""
    options = Options(points_to_win=STRAIGHT_POOL_POINTS) if game == "straight-pool" else Options()
    seed = derived_seed(0, "bench-ai", game, upper, lower, index)
    match = Match(game, options, seed=seed, lag_winner="A" if index % 2 == 0 else "B")  # type: ignore[arg-type]
    seats = {"A": _Timed(upper), "B": _Timed(lower)}
    try:
        winner = match.play(seats)
    except MatchError as exc:
        return {"game": game, "pair": (upper, lower), "index": index, "error": str(exc)}
    pro = [seat for seat, p in seats.items() if p.player.level.name == "pro"]
    return {
        "game": game,
        "pair": (upper, lower),
        "error": None,
        "upper_won": winner == "A",
        **_pro_figures(match, pro[0] if pro else None, seats),
    }


def _pro_figures(match: Match, seat: str | None, seats: dict[str, _Timed]) -> dict[str, Any]:
    """Pro's pots, fouls, runs and times in one match (empty when pro did not play)."""
    if seat is None:
        return {}
    attempts = made = fouls = 0
    for shot in match.shots:
        if shot.shooter != seat:
            continue
        fouls += shot.ruling.foul
        if isinstance(shot.facts.call, Call) and not shot.situation.break_shot:
            attempts += 1
            made += (shot.ruling.turn_continues or shot.ruling.winner == seat) and not shot.ruling.foul
    shooters = [s.shooter for s in match.shots]
    broke = bool(shooters) and shooters[0] == seat
    run_out = broke and all(s == seat for s in shooters) and match.winner == seat
    innings = match.state.stats.innings.get(seat, 0)  # type: ignore[call-overload]
    return {
        "attempts": attempts,
        "made": made,
        "fouls": fouls,
        "broke": broke,
        "break_and_run": run_out,
        "points": match.state.score.get(seat, 0),  # type: ignore[call-overload]
        "innings": innings,
        "times": [t for p in seats.values() if p.player.level.name == "pro" for t in p.times],
    }


def jobs_for(games: int) -> list[tuple[str, str, str, int]]:
    eight = [("eight-ball", up, low, i) for up, low in PAIRINGS for i in range(games)]
    return eight + [("straight-pool", "pro", "pro", i) for i in range(straight_pool_games(games))]


def steps(games: int) -> int:
    return len(jobs_for(games))


def estimate(games: int) -> str:
    """What the run will take, said before it starts (the default run is several minutes)."""
    minutes = steps(games) * SECONDS_PER_GAME / 60
    quick = " (--games 2 gives a rough picture in a minute)" if minutes > 2 else ""
    return f"{steps(games)} games on {JOBS} processes, about {minutes:.0f} minutes on a 2-core machine{quick}"


def _play(job: tuple[str, str, str, int]) -> dict[str, Any]:
    return play_game(*job)


def measure(games: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """The report of the module docstring; ``tick(label)`` after each game. Ctrl-C stops the workers at once."""
    results: list[dict[str, Any]] = []
    with closing(parallel.unordered(_play, jobs_for(games), JOBS)) as played:
        for result in played:
            results.append(result)
            tick(f"{result['game']} {result['pair'][0]}-{result['pair'][1]}")
    return report_of(results, games)


def report_of(results: list[dict[str, Any]], games: int) -> dict[str, Any]:
    ok = [r for r in results if r["error"] is None]
    pro = [r for r in ok if "attempts" in r]
    eight_pro = [r for r in pro if r["game"] == "eight-ball"]
    sp = [r for r in pro if r["game"] == "straight-pool"]
    times = sorted(t for r in pro for t in r["times"])
    win_rate = {}
    for up, low in PAIRINGS:
        done = [r for r in ok if r["game"] == "eight-ball" and tuple(r["pair"]) == (up, low)]
        win_rate[f"{up}_vs_{low}"] = sum(r["upper_won"] for r in done) / len(done) if done else None
    broke = [r for r in eight_pro if r["broke"]]
    attempts = sum(r["attempts"] for r in pro)
    return {
        "games": games,
        "straight_pool_games": straight_pool_games(games),
        "errors": len(results) - len(ok),
        "error_games": [
            {"game": r["game"], "pair": list(r["pair"]), "index": r["index"], "error": r["error"]}
            for r in results
            if r["error"] is not None
        ],
        "pot_success": sum(r["made"] for r in pro) / attempts if attempts else None,
        "break_and_run": sum(r["break_and_run"] for r in broke) / len(broke) if broke else None,
        "fouls_per_rack": sum(r["fouls"] for r in eight_pro) / len(eight_pro) if eight_pro else None,
        "run_14_1": sum(r["points"] for r in sp) / max(1, sum(r["innings"] for r in sp)) if sp else None,
        "decision_median_s": statistics.median(times) if times else None,
        "decision_p95_s": times[min(len(times) - 1, int(0.95 * len(times)))] if times else None,
        "win_rate": win_rate,
    }


def _fmt(value: float | None, pattern: str) -> str:
    return "n/a" if value is None else pattern.format(value)


def summary(report: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    lines = [
        f"eight-ball games per pairing: {report['games']}; 14.1 games (pro v pro, to {STRAIGHT_POOL_POINTS}): "
        f"{report['straight_pool_games']}; games stopped by an error: {report['errors']}",
        f"pro pot success:        {_fmt(report['pot_success'], '{:.1%}')}",
        f"pro break and run:      {_fmt(report['break_and_run'], '{:.1%}')}",
        f"pro fouls per rack:     {_fmt(report['fouls_per_rack'], '{:.2f}')}",
        f"pro 14.1 balls/inning:  {_fmt(report['run_14_1'], '{:.2f}')}",
        f"pro decision median:    {_fmt(report['decision_median_s'], '{:.3f} s')}",
        f"pro decision p95:       {_fmt(report['decision_p95_s'], '{:.3f} s')}",
    ]
    lines += [f"win rate {k.replace('_', ' ')}: {_fmt(v, '{:.1%}')}" for k, v in report["win_rate"].items()]
    return "\n".join(lines)
