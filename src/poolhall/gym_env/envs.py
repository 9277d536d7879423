"""The gymnasium environments: a match against a computer player, and pot practice.

One ``step`` is one stroke of the agent (with its ball-in-hand placement
when one is asked): the match layer simulates it and the real referee rules
it; then every decision that is not the agent's (the opponent's turns, the
choices of ``driver.py``) is taken until the agent is asked again or the
episode ends. Spaces: ``spaces.py``. A part of an action the match refuses
costs ``invalid_penalty`` and is replaced as ``driver.py`` says;
``info["invalid"]`` lists the refusals.

``info`` after each reset and step: ``action_mask`` (the calls the match
accepts now), ``invalid``, ``reason`` (the last ruling's reason in English),
``shots`` (shots played so far) and, when an episode had to be cut short,
``error``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any

import gymnasium as gym
import numpy as np

from poolhall import render as drawing
from poolhall.ai.registry import available, make_player
from poolhall.equipment import TableSpec
from poolhall.game import Match, Player, Shoot
from poolhall.game.execution import Execution
from poolhall.game.match import asked_of
from poolhall.game.transitions import Presimulated, ShotRecord
from poolhall.gym_env import driver, practice
from poolhall.gym_env.spaces import (
    N_CALLS,
    action_space,
    call_mask,
    decode_call,
    observation_space,
    observe,
    point_from_action,
    stroke_from_action,
)
from poolhall.physics import Stroke
from poolhall.rules.model import Options, other

#: The computer players, strongest first: a match environment's default opponent is the first installed.
LEVELS = ("pro", "strong", "club", "beginner", "simple")
SEED_BOUND = 2**63 - 1


@dataclass
class PendingStep:
    """A step between its halves (``PoolEnv.begin_step``): the action, the shots before it, the refusals so far,
    and the stroke as it will be played (None when the placement already stopped the episode)."""

    action: dict[str, Any]
    shots_before: int
    refusals: list[str]
    played: Stroke | None = field(default=None)


def best_player() -> str:
    """The strongest computer player this installation knows (``ai.registry``: ``pro`` among its levels)."""
    known = available()
    return next(name for name in LEVELS if name in known)


class PoolEnv(gym.Env[dict[str, Any], dict[str, Any]], ABC):
    """What every poolhall environment shares: spaces, the step loop, corrections, rendering."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 2}  # noqa: RUF012 (gymnasium's own convention)

    def __init__(
        self,
        *,
        render_mode: str | None = None,
        render_width: int = 800,
        invalid_penalty: float = 0.1,
        execution: Execution | None = None,
    ):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'rgb_array'")
        self.render_mode = render_mode
        self.render_width = render_width
        self.invalid_penalty = invalid_penalty
        #: The agent's noise model (``game/execution.py``; e.g. ``poolhall.ai.noise.LEVELS["pro"]``); None: exact.
        self.execution = execution
        self.action_space = action_space()
        self.observation_space = observation_space()
        self.chooser: Player = driver.default_chooser()
        self.match: Match | None = None
        self.error: str | None = None
        self.ended = False

    # ------------------------------------------------------------ what a subclass says
    #: The agent's seat; None when the agent plays every seat (practice).
    agent: str | None = "A"
    opponent: Player | None = None

    @abstractmethod
    def _new_match(self, seed: int, options: dict[str, Any]) -> Match:
        """The match of a new episode (``options``: those given to ``reset``)."""

    @abstractmethod
    def _reward(self, shots: list[ShotRecord]) -> float:
        """The reward for the shots played since the agent's last decision (the agent's and the others')."""

    @abstractmethod
    def _score(self) -> tuple[float, float]:
        """The observation's ``score`` pair."""

    def _terminated(self) -> bool:
        return self._match.over

    # ------------------------------------------------------------ the gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.error = None
        self.ended = False
        self.match = self._new_match(int(self.np_random.integers(SEED_BOUND)), dict(options or {}))
        self._run_others()
        return self._observation(), self._info([])

    def step(self, action: dict[str, Any]) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        return self.finish_step(self.begin_step(action))

    # ------------------------------------------------------------ a step in two halves (vector.py batches them)
    def begin_step(self, action: dict[str, Any]) -> PendingStep:
        """The first half of ``step``: the cue ball's placement, and the stroke as it will be played."""
        match = self._match
        if self.ended or not driver.agents_turn(match, self.agent):
            raise RuntimeError("step() after the episode ended: call reset()")
        pending = PendingStep(action, len(match.shots), [])
        try:
            if match.asked().kind == "place":
                driver.place(match, point_from_action(action["place"], match.state.table, match.state.ball_in_hand),
                             pending.refusals)  # fmt: skip
        except driver.Stuck as exc:
            self.error = str(exc)
            return pending
        played = match.as_played(Shoot(stroke_from_action(action["stroke"]), None), self.execution)
        assert isinstance(played, Shoot)
        pending.played = played.stroke
        return pending

    def finish_step(
        self, pending: PendingStep, presimulated: Presimulated | None = None
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The second half of ``step``: the shot (``presimulated``: its outcome from a batch), the others' turns."""
        match, action, refusals = self._match, pending.action, pending.refusals
        if self.error is None:
            try:
                driver.shoot(match, stroke_from_action(action["stroke"]), decode_call(action["call"]), refusals,
                             self.execution, presimulated)  # fmt: skip
            except driver.Stuck as exc:
                self.error = str(exc)
        before = pending.shots_before
        self._run_others()
        reward = self._reward(match.shots[before:]) - self.invalid_penalty * len(refusals)
        terminated = self.error is None and self._terminated()
        truncated = self.error is not None
        self.ended = terminated or truncated
        return self._observation(), float(reward), terminated, truncated, self._info(refusals)

    def render(self) -> np.ndarray | None:  # type: ignore[override]
        """The table seen from above as an RGB array (height x width x 3, uint8), drawn by ``render.py``."""
        if self.render_mode != "rgb_array":
            return None
        layout = self._match.state.layout
        assert layout is not None
        fig = drawing.figure(layout, width_px=self.render_width)
        fig.canvas.draw()
        return np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()  # type: ignore[attr-defined]

    # ------------------------------------------------------------ helpers
    @property
    def _match(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self.match

    def _run_others(self) -> None:
        if self.error is not None:
            return
        try:
            driver.advance(self._match, self.agent, self.opponent, self.chooser)
        except driver.Stuck as exc:
            self.error = str(exc)

    def _waiting(self) -> bool:
        match = self._match
        return not self.ended and self.error is None and not match.over and driver.agents_turn(match, self.agent)

    def _observation(self) -> dict[str, Any]:
        match = self._match
        return observe(match.view(), self.agent or match.state.to_act, self._score(), agents_turn=self._waiting())

    def _info(self, refusals: list[str]) -> dict[str, Any]:
        state = self._match.state
        view = self._match.view()
        mask = np.zeros(N_CALLS, np.int8)
        if self._waiting():
            # With the cue ball in hand the call goes with the stroke after the placement: ask the match
            # what it would accept then.
            mask = call_mask(asked_of(replace(state, phase="shoot")) if state.phase == "place" else view.asked)
        info: dict[str, Any] = {
            "action_mask": mask,
            "invalid": refusals,
            "reason": view.last_reason,
            "shots": view.shots,
        }
        if self.error is not None:
            info["error"] = self.error
        return info


class MatchEnv(PoolEnv):
    """A match against a computer player; reward +1 when the agent wins the match, -1 when it loses.

    ``opponent``: a player name (default: the strongest installed, ``best_player``)
    or any ``Player``. ``seat``: the agent's seat. ``options``: the match's
    ``Options``. Observation ``score``: eight-ball games won, 14.1 points
    (agent, opponent).
    """

    game = "eight-ball"

    def __init__(
        self,
        *,
        opponent: str | Player | None = None,
        seat: str = "A",
        options: Options | None = None,
        table: TableSpec | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if seat not in ("A", "B"):
            raise ValueError(f"seat {seat!r}: expected A or B")
        self.agent = seat
        self.opponent = (
            make_player(opponent or best_player()) if opponent is None or isinstance(opponent, str) else opponent
        )
        self.options = options or self.default_options()
        self.table = table or TableSpec()

    def default_options(self) -> Options:
        return Options()

    def _new_match(self, seed: int, options: dict[str, Any]) -> Match:
        return Match(self.game, self.options, table=self.table, seed=seed)  # type: ignore[arg-type]

    def _reward(self, shots: list[ShotRecord]) -> float:
        winner = self._match.winner
        if winner is None:
            return 0.0
        return 1.0 if winner == self.agent else -1.0

    def _score(self) -> tuple[float, float]:
        state, me = self._match.state, self.agent or "A"
        counts = state.games_won if self.game == "eight-ball" else state.score
        return (counts[me], counts[other(me)])  # type: ignore[index]


class EightBallEnv(MatchEnv):
    """``poolhall/EightBall-v0``: one eight-ball game (race to 1 unless ``options`` say otherwise)."""

    game = "eight-ball"


class StraightPoolEnv(MatchEnv):
    """``poolhall/StraightPool-v0``: a 14.1 match, to ``POINTS`` points unless ``options`` say otherwise."""

    game = "straight-pool"
    #: A short match by default, so an episode lasts minutes of training, not hours.
    POINTS = 25

    def default_options(self) -> Options:
        return Options(points_to_win=self.POINTS)


class PotPracticeEnv(PoolEnv):
    """``poolhall/PotPractice-v0``: one player clears a random layout of ``balls`` object balls.

    Each shot is refereed as a 14.1 shot (``practice.py``). Reward: +1 per
    ball the referee counts as legally pocketed, ``-foul_penalty`` per foul.
    The episode ends when the referee calls a re-rack (one object ball or
    none left after a legal pot, RULES 14.1-7.3, or three fouls in a row).
    After a foul the agent plays on from the table the referee leaves.
    ``reset(options={"positions": {ball: (x, y)}})`` sets the layout instead.
    Observation ``score``: (balls legally pocketed, fouls).
    """

    agent = None

    def __init__(self, *, balls: int = 5, foul_penalty: float = 1.0, table: TableSpec | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        if not 1 <= balls <= 15:
            raise ValueError(f"balls: a practice layout has 1 to 15 object balls, got {balls}")
        self.balls = balls
        self.foul_penalty = foul_penalty
        self.table = table or TableSpec()
        self.pots = 0
        self.fouls = 0
        self.reracked = False

    def _new_match(self, seed: int, options: dict[str, Any]) -> Match:
        self.pots = self.fouls = 0
        self.reracked = False
        if "positions" in options:
            layout = practice.fixed_layout(options["positions"], self.table)
        else:
            layout = practice.random_layout(self.np_random, self.balls, self.table)
        return practice.practice_match(layout, seed)

    def _reward(self, shots: list[ShotRecord]) -> float:
        reward = 0.0
        for shot in shots:
            ruling = shot.ruling
            self.reracked = self.reracked or ruling.rerack is not None
            if ruling.foul:
                self.fouls += 1
                reward -= self.foul_penalty
            else:
                pots = max(ruling.points.get(shot.shooter, 0), 0)
                self.pots += pots
                reward += pots
        return reward

    def _terminated(self) -> bool:
        return self.reracked or self._match.over or not self._match.state.on_table

    def _score(self) -> tuple[float, float]:
        return (self.pots, self.fouls)
