"""``benchmarks/cushion_steps.py``: Mathavan's impact in chosen steps against the fixed ones, measured on the same
impacts (sessions 30 and 31's figures in docs/physics.md come from it)."""

from __future__ import annotations

import json

import pytest

from bench_scripts import benchmark

steps = benchmark("cushion_steps")


def test_it_reports_each_setting_on_both_sets_and_the_chosen_steps_are_closer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert steps.main(["--strokes", "3", "--sample", "40", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) == {"bench", "sample"}
    for rows in found.values():
        fixed, eq_15, default = rows  # the fixed 40 steps, session 30's chosen steps, the default
        assert [(row["tolerance"], row["departure"]) for row in rows] == [(0.0, False), (0.003, False), (0.003, True)]
        assert fixed["impacts"] == eq_15["impacts"] == default["impacts"] > 0
        for chosen in (eq_15, default):
            assert chosen["angle_max_deg"] < 0.1 and chosen["speed_max_pct"] < 0.15
            assert chosen["angle_mean_deg"] < fixed["angle_mean_deg"]
            assert chosen["us_per_impact"] > 0.0


def test_other_tolerances_are_compared_with_the_departure(capsys: pytest.CaptureFixture[str]) -> None:
    assert steps.main(["--strokes", "1", "--sample", "5", "--tolerance", "0.006", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["sample"]
    assert [row["setting"] for row in rows][-1] == "tolerance 0.006"
    assert (rows[-1]["tolerance"], rows[-1]["departure"]) == (0.006, True)


def test_the_impacts_are_in_the_cushions_frame_moving_into_it() -> None:
    impacts = steps.bench_impacts(3)
    assert impacts.shape[1] == 5 and len(impacts) > 0
    assert (impacts[:, 1] > 0.0).all()


@pytest.mark.parametrize("argv", [["--sample", "0"], ["--strokes", "-1"], ["--tolerance", "-0.1"]])
def test_bad_counts_are_one_clear_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        steps.main(argv)
    assert exit_info.value.code == 2
    assert "must be at least" in capsys.readouterr().err
