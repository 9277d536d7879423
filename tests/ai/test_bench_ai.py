"""``poolhall bench ai``: its input check and the shape of its report, from one real pro game."""

from __future__ import annotations

import pytest

from poolhall.bench import ai as bench_ai
from poolhall.cli import main

KEYS = {"pot_success", "break_and_run", "fouls_per_rack", "run_14_1", "decision_median_s", "decision_p95_s", "win_rate"}


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
