"""benchmarks/ai_targets.py's ``run14`` positions and ``pair``'s paired balls (session 15).

Two checkouts are compared position by position, so a position must depend on its index alone, and
the pairing must take each difference on the same index.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest

from bench_scripts import benchmark
from poolhall.ai import search

targets = benchmark("ai_targets")


@pytest.mark.parametrize("index", [30000, 30001, 30005, 30017])
def test_run14_position_is_a_seeded_mid_rack_table(index: int) -> None:
    match = targets.run14_position(index)
    layout = match.state.layout
    again = targets.run14_position(index).state.layout
    balls = [b for b in range(16) if layout.position(b) is not None]
    assert balls == [b for b in range(16) if again.position(b) is not None]
    assert all(layout.position(b) == again.position(b) for b in balls)
    assert balls[0] == 0  # the cue ball lies on the table: A shoots from where it is
    assert len(balls) - 1 == targets.RUN14_BALLS[index % len(targets.RUN14_BALLS)]
    spots = [layout.position(b) for b in balls]
    gap = 2 * layout.table.ball.radius
    assert all(math.dist(p, q) > gap for k, p in enumerate(spots) for q in spots[k + 1 :])
    assert match.state.game == "straight-pool" and match.state.to_act == "A" and not match.view().break_shot


def test_run14_positions_differ_by_index() -> None:
    first, second = (targets.run14_position(i).state.layout for i in (30000, 30006))  # the same number of balls
    assert [first.position(b) for b in range(16)] != [second.position(b) for b in range(16)]


def test_pair_takes_the_balls_difference_index_by_index(tmp_path: Path) -> None:
    before = [{"index": 1, "balls": 4, "run_out": False}, {"index": 2, "balls": 30, "run_out": True}]
    after = [{"index": 2, "balls": 10, "run_out": False}, {"index": 1, "balls": 6, "run_out": False},
             {"index": 3, "balls": 9, "run_out": False}]  # fmt: skip
    paths = []
    for name, rows in (("before", before), ("after", after)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        paths.append(str(path))
    out = targets.run_pair(",".join(paths))
    # index 3 is in one run only; the differences are +2 (index 1) and -20 (index 2): mean -9, sem 11
    assert out.startswith("2 tables: 1 -> 0 run out")
    assert "balls 17.00 -> 8.00, paired -9.00 +- 11.00 (1 more, 1 fewer, 0 the same)" in out
    args = argparse.Namespace(part="pair", file=",".join(paths), start=0, count=30, reps=2, set=None, out=None)
    assert targets.report(args) == f"pair {args.file}: {out}"  # the command line's dispatch (session 18)


def test_set_holds_for_the_whole_run_of_the_other_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--set`` outside the paired parts changes the constant before the part runs (session 18: ``spread`` with
    ``problems.COST`` changed); the test's monkeypatch puts the value back after."""
    from poolhall.ai import problems

    monkeypatch.setattr(problems, "COST", problems.COST)
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps({"index": 1, "balls": 4, "run_out": False}) + "\n")
    args = argparse.Namespace(part="pair", file=f"{path},{path}", start=0, count=1, reps=2, set=["problems.COST=0.7"])
    targets.report(args)
    assert problems.COST == 0.7


def test_budget_gives_the_pro_players_made_after_it_that_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--budget`` (session 22's budget ceiling): pro's ``Level`` with the fields replaced, for players made from then
    on, other fields and levels as they were; the test's monkeypatch puts the level back after."""
    from poolhall.ai import levels
    from poolhall.ai.player import ComputerPlayer

    before = levels.LEVEL_BY_NAME["pro"]
    monkeypatch.setitem(levels.LEVEL_BY_NAME, "pro", before)
    targets.apply_budget(["samples=16", "final_samples=48"])
    level = ComputerPlayer("pro").level
    assert (level.samples, level.final_samples) == (16, 48)
    assert level.finalists == before.finalists and level.noise == before.noise
    assert ComputerPlayer("strong").level == levels.LEVEL_BY_NAME["strong"]


@pytest.mark.parametrize("bad", ["samples", "no_such_field=3", "samples=sixteen", "samples=1.5", "sides=0.3"])
def test_budget_refuses_what_is_not_a_field_and_a_literal(bad: str) -> None:
    with pytest.raises(SystemExit, match="--budget"):
        targets.apply_budget([bad])


def test_budget_is_refused_with_worker_processes() -> None:
    """Worker processes build their own players from the level as the code stands: a budget would hold in one
    process and not in the others, so the command says so instead of measuring a mixture."""
    args = argparse.Namespace(part="breakrun", start=0, count=1, reps=2, set=None, out=None, workers=2,
                              budget=["samples=16"])  # fmt: skip
    with pytest.raises(SystemExit, match="without --workers"):
        targets.report(args)


def test_setting_reads_a_constant_of_an_ai_module() -> None:
    """``breakpair``'s ``--set``: a module of ``poolhall.ai``, a constant it has, a Python literal (session 16)."""
    from poolhall.ai import pattern

    module, name, value = targets._setting("pattern.BREAK_ARRIVALS=(3.2, 6.5)")
    assert module is pattern and name == "BREAK_ARRIVALS" and value == (3.2, 6.5)
    for bad in (
        "pattern.NO_SUCH_CONSTANT=1",
        "pattern.BREAK_ARRIVALS=fast",
        "BREAK_ARRIVALS=(3.2,)",
        "pattern.BREAK_ARRIVALS",
        "nowhere.X=1",
    ):
        with pytest.raises(SystemExit, match="--set"):  # the command's message, not a traceback
            targets._setting(bad)


def test_decide_applies_a_setting_for_one_decision_and_restores_it() -> None:
    """A setting acts on the decision it is given to (here a break shot with no firm strokes at all, so pro
    plays another stroke) and the constant is back as it was afterwards, so the next decision is the code's."""
    from poolhall.ai import pattern
    from poolhall.ai.player import ComputerPlayer

    pro = ComputerPlayer("pro")
    view = targets.break_shot_position(7001).view()
    before = pattern.BREAK_ARRIVALS
    base, _ = targets._decide(pro, view, [])
    changed, _ = targets._decide(pro, view, [targets._setting("pattern.BREAK_ARRIVALS=()")])
    assert before == pattern.BREAK_ARRIVALS
    assert changed != base
    assert targets._decide(pro, view, [])[0] == base


@pytest.mark.slow
def test_breakpair_workers_give_each_position_the_line_it_gets_in_process(tmp_path: Path) -> None:
    """``breakpair --workers`` shares the positions among processes (session 17): a position's line depends on
    its index alone, so each line written is the one computed here (CPU times apart), in index order, and the
    summary counts them. The setting is the constant's own value, so the two decisions agree."""
    path = tmp_path / "bp.jsonl"
    setting = ["search.BREAK_SPARE=99"]
    out = targets.run_breakpair(9000, 2, setting, 1, str(path), workers=2)
    lines = [json.loads(text) for text in path.read_text().splitlines()]
    here = [targets.breakpair_position(index, setting, 1) for index in (9000, 9001)]
    assert [{k: v for k, v in ln.items() if not k.endswith("_cpu")} for ln in lines] == [
        {k: v for k, v in ln.items() if not k.endswith("_cpu")} for ln in here
    ]
    assert out.startswith("2 positions, 0 with another stroke")


@pytest.mark.slow
def test_breakleave_judges_the_leaves_of_the_made_break_shots() -> None:
    """``breakleave`` (session 17) reports how many break shots kept the table and each judge's figures."""
    out = targets.run_breakleave(9000, 1, 2)
    made = int(out.split()[0])
    assert 0 <= made <= 2
    assert out.count("correlation") == 3


@pytest.mark.slow
def test_breaktruth_finds_no_other_stroke_where_the_setting_is_the_code_as_it_stands() -> None:
    """``breaktruth`` (session 18) values only strokes the setting changed: set to its own value, none."""
    out = targets.run_breaktruth(9480, 1, [f"search.BREAK_SPARE={search.BREAK_SPARE}"])
    assert out == "1 positions, 0 with another stroke"


@pytest.mark.slow
def test_breakrun_lines_agree_with_their_summary(tmp_path: Path) -> None:
    """``breakrun`` (session 18): a run-out is a kept break (8B-B R7: the breaker continues only after a legal break
    that pocketed a ball with no foul) won with every shot the breaker's, seven balls of a group and the 8 at
    least; a scratch on the break is a foul (8B-B R5), so not kept; the summary counts the lines written."""
    path = tmp_path / "br.jsonl"
    out = targets.run_breakrun(42990, 2, [], str(path))
    lines = [json.loads(text) for text in path.read_text().splitlines()]
    assert [ln["index"] for ln in lines] == [42990, 42991]
    for ln in lines:
        assert ln["kept"] or not ln["run_out"]
        assert not (ln["scratch"] and ln["kept"])
        assert ln["balls"] >= 0 and (ln["balls"] >= 8 or not ln["run_out"])  # seven of a group and the 8
        assert "left" not in ln or (ln["kept"] and 0 <= ln["open"] <= 1)
    kept = sum(ln["kept"] for ln in lines)
    assert out.startswith(f"2 racks; kept {kept}/2")
    assert f"run out {sum(ln['run_out'] for ln in lines)}/2" in out


def test_noise_gives_the_pro_players_made_after_it_that_noise_in_play_and_in_their_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--noise`` (session 23): pro's level with the tournament noise scaled, so the match's execution of pro's
    strokes (``execution_of``, the player's own noise) and pro's search assume the same; other levels unchanged."""
    from poolhall.ai import levels
    from poolhall.ai.noise import NoiseModel
    from poolhall.ai.player import ComputerPlayer
    from poolhall.game.execution import execution_of

    monkeypatch.setitem(levels.LEVEL_BY_NAME, "pro", levels.LEVEL_BY_NAME["pro"])
    targets.apply_noise(0.75)
    pro = ComputerPlayer("pro")
    assert pro.level.noise == NoiseModel.tournament(0.75)
    assert pro.level.noise.sigma_phi == pytest.approx(0.75 * NoiseModel.tournament().sigma_phi)
    assert execution_of(pro) == pro.level.noise
    assert ComputerPlayer("strong").level == levels.LEVEL_BY_NAME["strong"]


@pytest.mark.parametrize("bad", [0.0, -0.5, float("nan"), float("inf")])
def test_noise_refuses_a_scale_that_is_not_positive(bad: float) -> None:
    with pytest.raises(SystemExit, match="--noise"):
        targets.apply_noise(bad)


def test_noise_is_refused_with_worker_processes() -> None:
    args = argparse.Namespace(part="breakrun", start=0, count=1, reps=2, set=None, out=None, workers=2, budget=None,
                              noise=0.5)  # fmt: skip
    with pytest.raises(SystemExit, match="without --workers"):
        targets.report(args)


@pytest.mark.parametrize("bad", [0, -40])
def test_innings_refuses_a_game_to_no_points(bad: int) -> None:
    args = argparse.Namespace(part="innings", start=0, count=1, reps=2, set=None, out=None, workers=1, budget=None,
                              noise=None, file="safeties.pkl", points=bad)  # fmt: skip
    with pytest.raises(SystemExit, match=f"--points {bad}"):
        targets.report(args)


@pytest.mark.slow  # a real game of pro v pro
def test_innings_plays_the_game_to_the_points_given() -> None:
    innings = targets.play_innings(9, points=3)
    by_seat = {seat: sum(i["points"] for i in innings if i["seat"] == seat) for seat in "AB"}
    assert max(by_seat.values()) >= 3 and max(by_seat.values()) < 40  # to 3, not to the default 40
    assert innings[0]["end"] == "opening break"
