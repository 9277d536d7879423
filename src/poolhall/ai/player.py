"""``ComputerPlayer``: the one-method ``Player`` (view in, action out) behind every level.

It answers each question of the match:

- ``choose-breaker`` and ``choose``: ``ai/choices.py``;
- ``place``: the break plan's spot for a break (``ai/breaks.py``), else the
  best ball-in-hand spot (``ai/placement.py``);
- ``shoot``: the tuned break, else the shot search (``ai/search.py``);
- ``answer-stalemate``: yes.

Its randomness is ``numpy.random.default_rng(view.seed)`` (the view's
fresh seed), so a seeded match replays the same decisions. The stroke it
returns is the stroke it means: the match executes it with the player's own
``execution`` noise (``game/execution.py``), drawn from a stream the player
never sees. ``workers`` > 1 evaluates candidates in a process pool.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from poolhall.ai import breaks, choices, placement, search
from poolhall.ai.context import Context, context_of
from poolhall.ai.geometry import Point
from poolhall.ai.levels import LEVEL_BY_NAME, Level
from poolhall.ai.noise import NoiseModel
from poolhall.equipment import CUE
from poolhall.game.actions import Action, AnswerStalemate, PlaceCueBall, Shoot
from poolhall.game.view import MatchView
from poolhall.physics import Stroke


class ComputerPlayer:
    """A computer player of one level: ``ComputerPlayer("pro")``."""

    def __init__(self, level: Level | str = "club", workers: int = 0) -> None:
        if isinstance(level, str):
            if level not in LEVEL_BY_NAME:
                raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVEL_BY_NAME)}")
            level = LEVEL_BY_NAME[level]
        self.level = level
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        #: What the last shot decision was (the search's ``Choice``), for benchmarks and tests.
        self.last_choice: search.Choice | None = None

    @property
    def execution(self) -> NoiseModel:
        """The noise the match plays this player's strokes with."""
        return self.level.noise

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level.name!r})"

    def __getstate__(self) -> dict[str, object]:
        return {"level": self.level, "workers": self.workers}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(state["level"], state["workers"])  # type: ignore[misc, arg-type]

    def close(self) -> None:
        """Stop the worker processes, if any were started."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.workers > 1 and self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers)
        return self._pool

    # ------------------------------------------------------------ the one method
    def act(self, view: MatchView) -> Action:
        asked = view.asked
        if asked.kind == "choose-breaker":
            return choices.choose_breaker(view)
        if asked.kind == "answer-stalemate":
            return AnswerStalemate(True)
        if asked.kind not in ("choose", "place", "shoot"):
            raise ValueError(f"a computer player cannot answer {asked.kind!r}: it plays simulated matches")
        ctx = context_of(view, self.level.noise)
        if asked.kind == "choose":
            return choices.choose_option(view, ctx)
        if asked.kind == "place":
            return self._place(view, ctx)
        return self._shoot(view, ctx)

    def _place(self, view: MatchView, ctx: Context) -> PlaceCueBall:
        if view.break_shot:
            spot, _ = self._break_plan(ctx)
        else:
            spot, _ = placement.best_spot(ctx)
        return PlaceCueBall(*spot)

    def _shoot(self, view: MatchView, ctx: Context) -> Shoot:
        cue = ctx.layout.position(CUE)
        assert cue is not None, "the match asks for a shot only with the cue ball on the table"
        if view.break_shot:
            spot, stroke = self._break_plan(ctx)
            if math.dist(spot, cue) > 1e-9:  # placed by someone else: tune from where it lies
                _, stroke = breaks.plan_break(ctx, self.level, [cue])
            return Shoot(stroke)
        rng = np.random.default_rng(view.seed)
        choice = search.best_shot(ctx, self.level, rng, view.asked.safety_allowed, self._executor())
        self.last_choice = choice
        call = choice.call
        if call is not None and call != "safety" and call.ball not in view.asked.callable_balls:
            call = None
        if call is None and (view.asked.call_required or view.asked.call_requested):
            call = "safety"  # an uncalled shot pockets nothing legally here (GEN-8, 8B-2)
        return Shoot(choice.stroke, call)

    def _break_plan(self, ctx: Context) -> tuple[Point, Stroke]:
        return breaks.plan_break(ctx, self.level)  # kept per process by ``breaks``
