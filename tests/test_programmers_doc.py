"""``docs/programmers.md``: every Python block runs as written (training, vector envs, tournaments, own player)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from poolhall.game import Match, MatchError
from poolhall.game.players import make_player

DOC = Path(__file__).resolve().parents[1] / "docs" / "programmers.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def run_block(index: int) -> dict:
    namespace: dict = {"__name__": f"programmers_doc_{index}"}
    exec(compile(BLOCKS[index], f"{DOC.name} block {index + 1}", "exec"), namespace)
    return namespace


def test_the_doc_has_its_examples() -> None:
    assert len(BLOCKS) == 5


@pytest.mark.parametrize("index", range(4))
def test_python_block_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    run_block(index)
    out = capsys.readouterr().out
    if index in (0, 3):
        assert out.strip()
    if index == 3:  # the tournament's matches are played on the table their jobs name
        assert out.count("on the 7-foot table") == 2


def test_the_example_player_plays_legal_actions_for_both_games() -> None:
    """The doc's player, against ``simple``: every action it takes is accepted by the match."""
    namespace = run_block(4)
    player = namespace["NearestBallPlayer"]
    assert type(make_player("nearest-ball")) is player
    for game in ("eight-ball", "straight-pool"):
        for seed in range(3):
            match = Match(game, seed=seed)
            seats = {"A": player(), "B": make_player("simple")}
            own = 0
            while not match.over and own < 15:
                seat = match.state.to_act
                before = len(match.log)
                try:
                    match.apply(seat, seats[seat].act(match.view()))
                except MatchError as exc:
                    # The simulator refusing a layout it left (a ball in the jaws) is no fault of the player.
                    assert str(exc).startswith("the simulator cannot play this shot"), exc
                    break
                own += seat == "A"
                assert len(match.log) == before + 1
            assert any(s.shooter == "A" for s in match.shots)
