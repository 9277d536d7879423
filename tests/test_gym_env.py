"""The gymnasium environments (``poolhall.gym_env``): the gymnasium contract, seeding, rewards, corrections."""

from __future__ import annotations

import json
import math
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import poolhall.gym_env as pg
from poolhall import render
from poolhall.equipment import TableSpec
from poolhall.layout import Layout
from poolhall.physics import Stroke
from poolhall.rules.model import Call

MATCH_ENVS = ("poolhall/EightBall-v0", "poolhall/StraightPool-v0")
ALL_ENVS = (*MATCH_ENVS, "poolhall/PotPractice-v0")
TABLE = TableSpec()
#: Ball 1 straight in to the foot-left pocket (L, W) along the diagonal; 2 and 3 far away, 2 in the kitchen.
PRACTICE = {0: (1.79, 0.52), 1: (2.19, 0.92), 2: (0.3, 0.3), 3: (0.6, 0.9)}


def make(env_id: str, **kwargs: Any) -> gym.Env:
    if env_id in MATCH_ENVS:
        kwargs.setdefault("opponent", "simple")
    return gym.make(env_id, **kwargs)


def action(stroke: Stroke, call: Call | str | None = None, place: tuple[float, float] = (0.0, 0.0)) -> dict:
    return {"stroke": pg.action_from_stroke(stroke), "call": pg.encode_call(call), "place": np.array(place, np.float32)}


def same(a: dict, b: dict) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.slow
@pytest.mark.parametrize("env_id", ALL_ENVS)
def test_check_env_passes(env_id: str) -> None:
    env = make(env_id, render_mode="rgb_array")
    check_env(env.unwrapped)


@pytest.mark.parametrize("env_id", ALL_ENVS)
def test_seeded_reset_and_actions_reproduce_the_episode(env_id: str) -> None:
    def run(seed: int) -> list[tuple[dict, float]]:
        env = make(env_id)
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        out = [(obs, 0.0)]
        for _ in range(4):
            obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            out.append((obs, reward))
            if terminated or truncated:
                break
        return out

    first, again, other = run(7), run(7), run(8)
    assert len(first) == len(again)
    assert all(same(a, b) and ra == rb for (a, ra), (b, rb) in zip(first, again, strict=True))
    assert not all(same(a, b) for (a, _), (b, _) in zip(first, other, strict=False))


@pytest.mark.parametrize("env_id", ["poolhall/EightBall-v0", "poolhall/PotPractice-v0"])
def test_random_actions_play_an_episode_to_its_end(env_id: str) -> None:
    env = make(env_id)
    obs, info = env.reset(seed=1)
    env.action_space.seed(1)
    rewards = []
    for _ in range(400):
        assert obs["asked"] in (1, 2) and obs["turn"] == 0
        assert info["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        rewards.append(reward)
        if terminated or truncated:
            break
    assert terminated or truncated
    assert all(math.isfinite(r) for r in rewards)
    assert env.observation_space.contains(obs)
    if terminated and env_id == "poolhall/EightBall-v0":
        assert rewards[-1] in (pytest.approx(1.0, abs=0.21), pytest.approx(-1.0, abs=0.21))
    with pytest.raises(RuntimeError, match="reset"):
        env.step(env.action_space.sample())


def test_rgb_array_has_the_tables_aspect() -> None:
    env = make("poolhall/PotPractice-v0", render_mode="rgb_array", render_width=640)
    env.reset(seed=2)
    image = env.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    height, width, depth = image.shape
    x0, x1, y0, y1 = render.outer_extent(TABLE)
    assert depth == 3 and width == 640
    assert abs(height - width * (y1 - y0) / (x1 - x0)) <= 1
    # the cue ball is drawn where the layout has it: near-white pixels at its centre
    layout = env.unwrapped.match.state.layout
    col, row = render.image_point(TABLE, layout.position(0), (width, height))
    assert image[row, col].min() > 200


def test_pot_practice_rewards_a_legal_pot_and_penalises_a_foul() -> None:
    env = make("poolhall/PotPractice-v0")
    obs, _ = env.reset(seed=0, options={"positions": PRACTICE})
    assert obs["on_table"].tolist()[:4] == [1, 1, 1, 1] and obs["asked"] == 2
    straight_in = Stroke(speed=2.0, phi=math.atan2(0.4, 0.4))
    obs, reward, terminated, truncated, info = env.step(action(straight_in, Call(1, "foot-left")))
    assert reward == 1.0 and not terminated and not truncated
    assert obs["on_table"][1] == 0 and obs["score"].tolist() == [1.0, 0.0]
    assert "pocketed the nominated 1" in info["reason"]
    # Straight down the table's width: the cue ball touches no object ball (a foul, GEN-7 / 14.1).
    obs, reward, terminated, _, info = env.step(action(Stroke(speed=1.0, phi=-math.pi / 2), Call(2, "head-right")))
    assert reward == -1.0 and not terminated
    assert obs["score"].tolist() == [1.0, 1.0] and "Foul" in info["reason"]


def test_pot_practice_ends_when_the_referee_calls_a_rerack() -> None:
    env = make("poolhall/PotPractice-v0")
    env.reset(seed=0, options={"positions": {k: PRACTICE[k] for k in (0, 1, 2)}})
    _, reward, terminated, _, info = env.step(action(Stroke(speed=2.0, phi=math.pi / 4), Call(1, "foot-left")))
    assert reward == 1.0 and terminated and "Fourteen balls are racked" in info["reason"]
    assert env.unwrapped.match.shots[-1].ruling.rerack == "fourteen"


def test_a_refused_call_costs_the_penalty_and_is_played_without_it() -> None:
    """RULES 8B-2: the eight-ball break is not a called shot; the environment drops the call."""
    env = make("poolhall/EightBall-v0", invalid_penalty=0.25)
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        if obs["break_shot"] == 1:
            break
    assert obs["break_shot"] == 1 and obs["asked"] == 1  # the agent breaks: cue ball in hand in the kitchen
    assert info["action_mask"].tolist() == [1] + [0] * (pg.N_CALLS - 1)
    stroke = Stroke(speed=8.0, phi=0.0)
    _, reward, _, _, info = env.step(action(stroke, Call(1, "foot-left"), place=(0.0, 0.0)))
    match = env.unwrapped.match
    first = match.shots[0]
    assert first.facts.call is None and first.stroke == pg.stroke_from_action(pg.action_from_stroke(stroke))
    assert len(info["invalid"]) == 1 and "not a called shot" in info["invalid"][0]
    won = {None: 0.0, "A": 1.0, "B": -1.0}[match.winner]
    assert reward == pytest.approx(won - 0.25)


def test_a_refused_placement_goes_to_the_nearest_free_spot() -> None:
    env = make("poolhall/PotPractice-v0")
    env.reset(seed=0, options={"positions": {0: (2.2, 0.95), 1: (1.2, 0.4), 2: PRACTICE[2], 3: PRACTICE[3]}})
    # The cue ball alone into the foot-left pocket: a scratch, the next shot from the kitchen (14.1-8).
    obs, reward, *_ = env.step(action(Stroke(speed=2.0, phi=math.pi / 4), Call(1, "side-right")))
    assert reward == -1.0 and obs["asked"] == 1 and obs["ball_in_hand"] == 1
    on_ball_2 = tuple(pg.action_from_point(PRACTICE[2], TABLE, "kitchen"))
    obs, reward, _, _, info = env.step(action(Stroke(speed=1.5, phi=0.0), None, place=on_ball_2))
    assert len(info["invalid"]) == 1 and info["invalid"][0].startswith("place:")
    placed = env.unwrapped.match.shots[-1].before.position(0)
    radius = TABLE.ball.radius
    assert 2 * radius <= math.dist(placed, PRACTICE[2]) <= 2 * radius + 0.06
    ruling = env.unwrapped.match.shots[-1].ruling
    assert reward == pytest.approx((-1.0 if ruling.foul else max(ruling.points.get("A", 0), 0)) - 0.1)


def test_actions_map_onto_valid_strokes_and_back() -> None:
    rng = np.random.default_rng(0)
    for values in rng.uniform(-1.5, 1.5, size=(200, 5)):
        stroke = pg.stroke_from_action(values)  # Stroke's own checks: speed, elevation, miscue limit
        clipped = np.clip(values, -1, 1)
        assert np.allclose(pg.action_from_stroke(stroke), clipped, atol=1e-5)
    assert pg.stroke_from_action([-1, 0, -1, 0, 0]).speed == pytest.approx(0.2)
    for index in range(pg.N_CALLS):
        assert pg.encode_call(pg.decode_call(index)) == index
    layout = Layout.from_positions({0: (1.0, 0.5)})
    assert pg.point_from_action(pg.action_from_point((0.4, 0.7), layout.table, "kitchen"), layout.table, "kitchen") == (
        pytest.approx(0.4),
        pytest.approx(0.7),
    )


def test_match_envs_use_the_strongest_player_by_default() -> None:
    env = gym.make("poolhall/StraightPool-v0")
    assert pg.best_player() in ("pro", "strong", "club", "beginner", "simple")
    assert type(env.unwrapped.opponent).__name__ == type(pg.envs.make_player(pg.best_player())).__name__
    with pytest.raises(ValueError, match="seat"):
        gym.make("poolhall/EightBall-v0", seat="C")


@pytest.mark.slow  # a real benchmark run over two workers
def test_bench_env_reports_steps_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    from poolhall import cli

    assert cli.main(["bench", "env", "--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["workers"] == 2
    for env_id in ("poolhall/PotPractice-v0", "poolhall/EightBall-v0"):
        row = report[env_id]
        assert row["single_steps_per_s"] > 0 and row["vector_steps_per_s"] > 0
        assert row["speedup"] == pytest.approx(row["vector_steps_per_s"] / row["single_steps_per_s"])


class SlowHands:
    """An execution model that plays every stroke at 1.5 m/s, whatever was intended."""

    def perturb(self, stroke: Stroke, rng: object) -> Stroke:
        return Stroke(speed=1.5, phi=stroke.phi, theta=stroke.theta, a=stroke.a, b=stroke.b)


def test_strokes_come_off_through_each_seats_execution_model() -> None:
    """The opponent's noise model is applied as ``Match.play`` applies it; the agent's only when given."""
    from poolhall.game.simple_player import SimplePlayer

    class SlowOpponent(SimplePlayer):
        execution = SlowHands()

    env = make("poolhall/EightBall-v0", opponent=SlowOpponent(), execution=SlowHands())
    env.reset(seed=3)
    env.action_space.seed(3)
    for _ in range(6):
        *_, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            break
    shots = env.unwrapped.match.shots
    assert {s.shooter for s in shots} == {"A", "B"}
    assert all(s.stroke.speed == 1.5 for s in shots)
    exact = make("poolhall/PotPractice-v0")
    exact.reset(seed=3, options={"positions": PRACTICE})
    exact.step(action(Stroke(speed=2.0, phi=math.pi / 4), Call(1, "foot-left")))
    assert exact.unwrapped.match.shots[0].stroke.speed == pytest.approx(2.0, abs=1e-5)
