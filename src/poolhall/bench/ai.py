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
- ``break_kept``: the share of pro's eight-ball breaks after which pro
  shoots again (a legal break that pocketed a ball and did not scratch);
- ``scratch_on_break``: the share of pro's eight-ball breaks that put the cue
  ball in a pocket or off the table;
- ``run_from_hand``: the share of ``spread_tables(N)`` seeded spread tables
  (``bench/spread.py``: fifteen balls at random, open table, cue ball in hand)
  pro runs out in its first inning; ``run_from_hand_balls``: balls per inning there;
- ``fouls_per_rack``: pro's fouls per eight-ball rack played;
- ``run_14_1``: pro's average balls per inning in 14.1; ``high_run_14_1``:
  pro's longest 14.1 inning (balls);
- ``safety_success``: the share of pro's safeties (shots called ``safety``,
  and uncalled shots that are not breaks) after which the opponent's next
  shot is not a legal pot (eight-ball and 14.1); ``safeties``: how many there were (the
  figure's sample: at 60 safeties one standard error is about 6 points);
  ``safety_success_by_game``: the same for each game (eight-ball's safeties are mostly
  pro's endgames with no shot against ``strong``, 14.1's answer pro, so the mix moves the total);
- ``decision_median_s`` / ``decision_p95_s``: wall time of pro's shot
  decisions (while the other core plays another game);
- ``win_rate``: the higher level's share of the finished games of each pairing;
- ``stderr``: the standard error of each of pro's figures above that is a share or a mean (``pot_success``,
  ``break_and_run``, ``break_kept``, ``scratch_on_break``, ``run_from_hand``, ``run_14_1``,
  ``safety_success``; None below two trials), so that one run is read with its noise: at 100 breaks a
  share near 40 % is known to about 5 points. Shares are taken as independent trials (binomial);
  ``run_14_1`` is a ratio of points to innings over whole games, whose innings depend on each other,
  so its error comes from the spread of the games (the delta method for a ratio of means).

Games the match layer stops with an error (the simulator refusing a layout)
are counted in ``errors``, listed in ``error_games`` (game, pairing, index and
message, so ``play_game`` can replay one) and left out of every figure.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from contextlib import closing
from typing import Any

from poolhall import parallel
from poolhall.ai.player import ComputerPlayer
from poolhall.bench import spread
from poolhall.equipment import CUE
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
SPREAD_TABLES = 100
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


def spread_tables(games: int) -> int:
    """Spread tables run from ball in hand: as many as games per pairing, at most ``SPREAD_TABLES``."""
    return min(SPREAD_TABLES, games)


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
    attempts = made = fouls = safeties = safe = 0
    breaks: list[dict[str, bool]] = []
    for k, shot in enumerate(match.shots):
        if shot.shooter != seat:
            continue
        fouls += shot.ruling.foul
        if shot.situation.break_shot:
            scratch = CUE in shot.facts.pocketed_balls or CUE in shot.facts.off_table
            kept = shot.ruling.turn_continues and not shot.ruling.foul and shot.ruling.next_shooter == seat
            breaks.append({"kept": kept, "scratch": scratch})
        elif isinstance(shot.facts.call, Call):
            attempts += 1
            made += _legal_pot(shot, seat)
        elif k + 1 < len(match.shots) and match.shots[k + 1].shooter != seat:
            safeties += 1
            safe += not _legal_pot(match.shots[k + 1], match.shots[k + 1].shooter)
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
        "high_run": _high_run(match, seat),
        "breaks": breaks if match.state.game == "eight-ball" else [],
        "safeties": safeties,
        "safe": safe,
        "times": [t for p in seats.values() if p.player.level.name == "pro" for t in p.times],
    }


def _legal_pot(shot: Any, seat: str) -> bool:
    return (shot.ruling.turn_continues or shot.ruling.winner == seat) and not shot.ruling.foul


def _high_run(match: Match, seat: str) -> int:
    """The most points ``seat`` scored in one inning (consecutive shots of his)."""
    best = run = 0
    for shot in match.shots:
        if shot.shooter != seat:
            run = 0
            continue
        run += shot.ruling.points.get(seat, 0)
        best = max(best, run)
        if shot.ruling.next_shooter != seat:
            run = 0
    return best


def jobs_for(games: int) -> list[tuple[str, str, str, int]]:
    eight = [("eight-ball", up, low, i) for up, low in PAIRINGS for i in range(games)]
    spreads = [("spread", "pro", "pro", i) for i in range(spread_tables(games))]
    return eight + [("straight-pool", "pro", "pro", i) for i in range(straight_pool_games(games))] + spreads


def play_job(game: str, upper: str, lower: str, index: int) -> dict[str, Any]:
    """A game of ``jobs_for``, or pro's inning on a spread table (``game`` "spread")."""
    if game == "spread":
        return {"game": game, "pair": (upper, lower), **spread.run_from_hand(index)}
    return play_game(game, upper, lower, index)


def steps(games: int) -> int:
    return len(jobs_for(games))


def estimate(games: int) -> str:
    """What the run will take, said before it starts (the default run is several minutes)."""
    minutes = steps(games) * SECONDS_PER_GAME / 60
    quick = " (--games 2 gives a rough picture in a minute)" if minutes > 2 else ""
    return f"{steps(games)} games on {JOBS} processes, about {minutes:.0f} minutes on a 2-core machine{quick}"


def _play(job: tuple[str, str, str, int]) -> dict[str, Any]:
    return play_job(*job)


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
    spreads = [r for r in ok if r["game"] == "spread"]
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
    made = sum(r["made"] for r in pro)
    breaks = [b for r in eight_pro for b in r["breaks"]]
    kept = sum(b["kept"] for b in breaks)
    scratched = sum(b["scratch"] for b in breaks)
    ran = sum(r["break_and_run"] for r in broke)
    run_out = sum(r["run_out"] for r in spreads)
    safeties, safe = sum(r["safeties"] for r in pro), sum(r["safe"] for r in pro)
    return {
        "games": games,
        "straight_pool_games": straight_pool_games(games),
        "errors": len(results) - len(ok),
        "error_games": [
            {"game": r["game"], "pair": list(r["pair"]), "index": r["index"], "error": r["error"]}
            for r in results
            if r["error"] is not None
        ],
        "pot_success": made / attempts if attempts else None,
        "break_and_run": ran / len(broke) if broke else None,
        "break_kept": kept / len(breaks) if breaks else None,
        "scratch_on_break": scratched / len(breaks) if breaks else None,
        "spread_tables": spread_tables(games),
        "run_from_hand": run_out / len(spreads) if spreads else None,
        "run_from_hand_balls": sum(r["balls"] for r in spreads) / len(spreads) if spreads else None,
        "fouls_per_rack": sum(r["fouls"] for r in eight_pro) / len(eight_pro) if eight_pro else None,
        "run_14_1": sum(r["points"] for r in sp) / max(1, sum(r["innings"] for r in sp)) if sp else None,
        "high_run_14_1": max(r["high_run"] for r in sp) if sp else None,
        **_safety_share(pro),
        "safety_success_by_game": {
            name: _safety_share([r for r in pro if r["game"] == name]) for name in ("eight-ball", "straight-pool")
        },
        "decision_median_s": statistics.median(times) if times else None,
        "decision_p95_s": times[min(len(times) - 1, int(0.95 * len(times)))] if times else None,
        "win_rate": win_rate,
        "stderr": {
            "pot_success": share_error(made, attempts),
            "break_and_run": share_error(ran, len(broke)),
            "break_kept": share_error(kept, len(breaks)),
            "scratch_on_break": share_error(scratched, len(breaks)),
            "run_from_hand": share_error(run_out, len(spreads)),
            "run_14_1": ratio_error([r["points"] for r in sp], [r["innings"] for r in sp]),
            "safety_success": share_error(safe, safeties),
        },
    }


def share_error(hits: int, trials: int) -> float | None:
    """The standard error of the share ``hits / trials`` of independent trials: sqrt(p (1 - p) / n)."""
    if trials < 2:
        return None
    share = hits / trials
    return math.sqrt(share * (1 - share) / trials)


def ratio_error(tops: list[int], bottoms: list[int]) -> float | None:
    """The standard error of ``sum(tops) / sum(bottoms)``, one (top, bottom) pair a game.

    The delta method for a ratio of means: the games are independent, the innings within one are not
    (who breaks, who wins the safety exchanges), so the spread of each game's points about the ratio
    times its innings measures the noise.
    """
    games = len(tops)
    if games < 2 or sum(bottoms) == 0:
        return None
    ratio = sum(tops) / sum(bottoms)
    spread = sum((top - ratio * bottom) ** 2 for top, bottom in zip(tops, bottoms, strict=True)) / (games - 1)
    return math.sqrt(spread / games) / (sum(bottoms) / games)


def _safety_share(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Pro's safeties in ``rows`` and the share that held."""
    safeties = sum(r["safeties"] for r in rows)
    return {"safeties": safeties, "safety_success": sum(r["safe"] for r in rows) / safeties if safeties else None}


def _fmt(value: float | None, pattern: str) -> str:
    return "n/a" if value is None else pattern.format(value)


def _fmt_err(report: dict[str, Any], key: str, pattern: str) -> str:
    """A figure with its standard error, "41.0% +- 4.9%" (the error left out when there is none)."""
    error = report["stderr"][key]
    return _fmt(report[key], pattern) + ("" if error is None else " +- " + pattern.format(error))


def summary(report: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    lines = [
        f"eight-ball games per pairing: {report['games']}; 14.1 games (pro v pro, to {STRAIGHT_POOL_POINTS}): "
        f"{report['straight_pool_games']}; games stopped by an error: {report['errors']}",
        f"pro pot success:        {_fmt_err(report, 'pot_success', '{:.1%}')}",
        f"pro break and run:      {_fmt_err(report, 'break_and_run', '{:.1%}')}",
        f"pro break kept table:   {_fmt_err(report, 'break_kept', '{:.1%}')}",
        f"pro scratch on break:   {_fmt_err(report, 'scratch_on_break', '{:.1%}')}",
        f"pro run from hand:      {_fmt_err(report, 'run_from_hand', '{:.1%}')} "
        f"of {report['spread_tables']} spread tables",
        f"pro fouls per rack:     {_fmt(report['fouls_per_rack'], '{:.2f}')}",
        f"pro 14.1 balls/inning:  {_fmt_err(report, 'run_14_1', '{:.2f}')}",
        f"pro 14.1 high run:      {_fmt(report['high_run_14_1'], '{}')}",
        f"pro safety success:     {_fmt_err(report, 'safety_success', '{:.1%}')} of {report['safeties']} safeties ("
        + ", ".join(
            f"{name} {_fmt(part['safety_success'], '{:.1%}')} of {part['safeties']}"
            for name, part in report["safety_success_by_game"].items()
        )
        + ")",
        f"pro decision median:    {_fmt(report['decision_median_s'], '{:.3f} s')}",
        f"pro decision p95:       {_fmt(report['decision_p95_s'], '{:.3f} s')}",
    ]
    lines += [f"win rate {k.replace('_', ' ')}: {_fmt(v, '{:.1%}')}" for k, v in report["win_rate"].items()]
    return "\n".join(lines)
