"""``poolhall bench ai``: its input check and the shape of its report, from one real pro game."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import numpy as np
import pytest

from poolhall.bench import ai as bench_ai
from poolhall.bench import spread
from poolhall.cli import main

KEYS = {
    "pot_success",
    "break_and_run",
    "fouls_per_rack",
    "run_14_1",
    "decision_median_s",
    "decision_p95_s",
    "win_rate",
    "break_kept",
    "scratch_on_break",
    "run_from_hand",
    "high_run_14_1",
    "safety_success",
    "safeties",
}


def test_games_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ai", "--games", "0"]) == 2
    assert "--games 0" in capsys.readouterr().err


@pytest.mark.slow  # plays real games on two processes
def test_the_report_has_the_issue_shape_and_counts_a_real_game() -> None:
    result = bench_ai.play_game("eight-ball", "pro", "strong", 0)
    assert result["error"] is None
    report = bench_ai.report_of([result], 1)
    assert set(report) >= KEYS
    assert set(report["win_rate"]) == {"club_vs_beginner", "strong_vs_club", "pro_vs_strong"}
    assert report["win_rate"]["pro_vs_strong"] == float(result["upper_won"])
    assert report["win_rate"]["club_vs_beginner"] is None  # no game of that pairing was played
    assert report["decision_median_s"] is not None and 0 < report["decision_median_s"] <= report["decision_p95_s"]
    if result["attempts"]:
        assert 0 <= report["pot_success"] <= 1
    assert "win rate pro vs strong" in bench_ai.summary(report)
    assert set(report["stderr"]) == {
        "pot_success", "break_and_run", "break_kept", "scratch_on_break", "run_from_hand", "run_14_1", "safety_success"
    }  # fmt: skip


@pytest.mark.slow
def test_the_break_figures_count_pros_own_break() -> None:
    result = bench_ai.play_game("eight-ball", "pro", "strong", 0)  # pro in A wins the lag at index 0 and breaks
    assert result["broke"] and len(result["breaks"]) == 1
    report = bench_ai.report_of([result], 1)
    assert report["break_kept"] == float(result["breaks"][0]["kept"])
    assert report["scratch_on_break"] == float(result["breaks"][0]["scratch"])
    assert report["safeties"] == result["safeties"]
    assert report["safety_success_by_game"]["eight-ball"]["safeties"] == result["safeties"]
    assert report["safety_success_by_game"]["straight-pool"] == {"safeties": 0, "safety_success": None}
    if result["safeties"]:
        assert report["safety_success"] == result["safe"] / result["safeties"]


@pytest.mark.slow
def test_a_spread_table_is_seeded_and_run_by_pro() -> None:
    table = spread.spread_table(3)
    assert np.array_equal(table.positions, spread.spread_table(3).positions, equal_nan=True)
    assert sorted(table.on_table) == list(range(1, 16))
    result = bench_ai.play_job("spread", "pro", "pro", 3)
    assert result["error"] is None
    assert 0 <= result["balls"] <= 15 and (not result["run_out"] or result["balls"] >= 8)
    report = bench_ai.report_of([result], 1)
    assert report["run_from_hand"] == float(result["run_out"]) and report["spread_tables"] == 1


@pytest.mark.slow
def test_a_high_run_is_the_longest_inning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_ai, "STRAIGHT_POOL_POINTS", 6)  # a short game to 6 points
    result = bench_ai.play_game("straight-pool", "pro", "pro", 0)
    assert result["error"] is None
    assert 0 <= result["high_run"] <= result["points"]
    if result["points"]:
        assert result["high_run"] >= result["points"] / max(1, result["innings"])  # the longest beats the mean


def _pro_row(game: str, **figures: Any) -> dict[str, Any]:
    """One game's result as ``play_game`` returns it for pro's seat (only what ``report_of`` reads)."""
    row = {"game": game, "pair": ("pro", "strong"), "error": None, "upper_won": True, "attempts": 0, "made": 0}
    row |= {"fouls": 0, "broke": False, "break_and_run": False, "points": 0, "innings": 0, "high_run": 0}
    return row | {"breaks": [], "safeties": 0, "safe": 0, "times": [0.5]} | figures


def test_share_error_is_the_binomial_standard_error() -> None:
    assert bench_ai.share_error(40, 100) == pytest.approx(math.sqrt(0.4 * 0.6 / 100))
    assert bench_ai.share_error(0, 50) == 0.0
    assert bench_ai.share_error(1, 1) is None  # one trial says nothing of its noise


def test_ratio_error_by_hand_and_zero_for_games_alike() -> None:
    # ratio 40 / 10 = 4; residuals 10 - 20 = -10 and 30 - 20 = 10; sqrt(200 / 1 / 2) / 5 = 2
    assert bench_ai.ratio_error([10, 30], [5, 5]) == pytest.approx(2.0)
    assert bench_ai.ratio_error([14, 21, 7], [2, 3, 1]) == pytest.approx(0.0)  # every game 7 an inning
    assert bench_ai.ratio_error([10], [5]) is None
    assert bench_ai.ratio_error([0, 0], [0, 0]) is None


def test_ratio_error_matches_the_spread_of_the_ratio_over_repeated_runs() -> None:
    """Runs of 20 games drawn from one model: the error each run reports is, on average, the spread of the
    ratio from run to run (within the 10 % a 400-run estimate of a spread allows)."""
    rng = random.Random(25)

    def run() -> tuple[float, float]:
        innings = [rng.randint(3, 12) for _ in range(20)]
        points = [sum(rng.choice((0, 0, 3, 8, 15)) for _ in range(n)) for n in innings]
        error = bench_ai.ratio_error(points, innings)
        assert error is not None
        return sum(points) / sum(innings), error

    runs = [run() for _ in range(400)]
    spread = statistics.stdev(ratio for ratio, _ in runs)
    assert statistics.mean(error for _, error in runs) == pytest.approx(spread, rel=0.1)


def test_the_report_gives_each_share_its_error() -> None:
    kept = [{"kept": True, "scratch": False}]
    rows = [_pro_row("eight-ball", broke=True, break_and_run=k < 2, breaks=kept, attempts=10, made=9) for k in range(5)]
    rows += [_pro_row("straight-pool", points=p, innings=n, safeties=4, safe=3) for p, n in ((20, 4), (10, 4))]
    rows += [{"game": "spread", "pair": ("pro", "pro"), "error": None, "run_out": k < 3, "balls": 8} for k in range(4)]
    report = bench_ai.report_of(rows, 5)
    errors = report["stderr"]
    assert report["break_and_run"] == 0.4 and errors["break_and_run"] == pytest.approx(math.sqrt(0.4 * 0.6 / 5))
    assert errors["break_kept"] == 0.0 and errors["scratch_on_break"] == 0.0  # 5 of 5 kept, none scratched
    assert errors["pot_success"] == pytest.approx(math.sqrt(0.9 * 0.1 / 50))
    assert errors["run_from_hand"] == pytest.approx(math.sqrt(0.75 * 0.25 / 4))
    assert errors["safety_success"] == pytest.approx(math.sqrt(0.75 * 0.25 / 8))
    assert report["run_14_1"] == 3.75 and errors["run_14_1"] == pytest.approx(1.25)  # residuals +-5, sqrt(50/2)/4
    assert "40.0% +- 21.9%" in bench_ai.summary(report)
    assert "3.75 +- 1.25" in bench_ai.summary(report)
