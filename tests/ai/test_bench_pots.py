"""``poolhall bench pots``: seeded makeable positions, the input check, and the report of real shots."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from poolhall.ai import shots
from poolhall.ai.noise import LEVELS
from poolhall.bench import pots as bench_pots
from poolhall.cli import main


def test_positions_are_seeded_and_makeable() -> None:
    first = bench_pots.positions(6, seed=3)
    again = bench_pots.positions(6, seed=3)
    other = bench_pots.positions(6, seed=4)
    assert all(np.array_equal(a.positions, b.positions, equal_nan=True) for a, b in zip(first, again, strict=True))
    assert not np.array_equal(first[0].positions, other[0].positions, equal_nan=True)
    r = bench_pots.TABLE.ball.radius
    for layout in first:
        balls = sorted(layout.on_table)
        assert balls == [0, 1, 8, 9, 10, 11, 12]
        xy = [layout.position(b) for b in balls]
        assert min(math.dist(a, b) for i, a in enumerate(xy) for b in xy[i + 1 :]) > 2 * r  # type: ignore[arg-type]
        found = shots.pots(layout, layout.position(0), [1], LEVELS["pro"].sigma_phi)  # type: ignore[arg-type]
        assert any(s.cut <= math.radians(bench_pots.MAX_CUT_DEG) and s.estimate >= bench_pots.MIN_CHANCE for s in found)


def test_the_report_counts_real_shots() -> None:
    layouts = bench_pots.positions(2, seed=0)
    results = [bench_pots.play_position(layout, 0, i) for i, layout in enumerate(layouts)]
    report = bench_pots.report_of(results, 0)
    assert report["positions"] == 2 and report["seed"] == 0
    assert report["pot_success"] == sum(r["potted"] for r in results) / 2
    assert bench_pots.MIN_CHANCE <= report["geometric_cap"] <= 1
    assert len(report["missed"]) == 2 - sum(r["potted"] for r in results)
    assert 0 < report["decision_median_s"] <= report["decision_p95_s"]
    json.dumps(report)
    assert "pro pot success" in bench_pots.summary(report)


def test_positions_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pots", "--positions", "0"]) == 2
    assert "--positions 0" in capsys.readouterr().err
