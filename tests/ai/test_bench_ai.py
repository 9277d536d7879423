"""``poolhall bench ai``: its input check and the shape of its report, from one real pro game."""

from __future__ import annotations

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
