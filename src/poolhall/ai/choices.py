"""The rule choices: who breaks, the incoming player's options, stalemates — each judged, none by habit.

For a referee option (``accept-table``, ``cue-ball-in-kitchen``, the re-racks,
``spot-eight``, ``spot-nearest-ball`` or ``decline``, ``restore-balls``) the
chooser carries the option out with the match's own helpers
(``game.choices.apply_choice``, ``game.tableops.lay_out``) on the table as it
lies, and scores what follows from his side:

- he shoots next: his best chance from the cue ball as it lies, or from the
  best ball-in-hand spot (``placement``);
- the opponent shoots next: minus the opponent's best chance;
- a new rack: the value of breaking it (positive in eight-ball, where the
  breaker keeps the table, negative in 14.1, where the breaker must play safe).

Who breaks after the lag follows the same values. A stalemate proposal is
accepted (play had stopped progressing). Intentional fouls are never chosen:
no option here is one.
"""

from __future__ import annotations

from poolhall.ai.context import Context, legal_balls
from poolhall.ai.evaluate import quick_quality
from poolhall.ai.placement import best_spot
from poolhall.game import choices as match_choices
from poolhall.game import tableops
from poolhall.game.actions import Choose, MatchError
from poolhall.game.view import MatchView
from poolhall.rules.model import Player, Situation

#: The value of breaking a fresh rack for the breaker, by game.
BREAK_VALUE = {"eight-ball": 0.45, "straight-pool": -0.35}


def choose_breaker(view: MatchView) -> Choose:
    """Break in eight-ball; let the opponent break the 14.1 opening (it is a safety that gives the table away)."""
    return Choose("break" if BREAK_VALUE.get(view.game, 0.0) >= 0 else "opponent-breaks")


def choose_option(view: MatchView, ctx: Context) -> Choose:
    """The best-valued option of ``view.asked`` (see the module docstring)."""
    asked = view.asked
    chooser = asked.player or view.shooter
    best: tuple[float, Choose] | None = None
    for option in asked.options:
        balls = asked.candidates if option == "spot-nearest-ball" and len(asked.candidates) > 1 else (None,)
        for ball in balls:
            action = Choose(option, ball)
            value = option_value(view, ctx, chooser, option, ball)
            if best is None or value > best[0]:
                best = (value, action)
    assert best is not None, "a choice always offers at least one option"
    return best[1]


def option_value(view: MatchView, ctx: Context, chooser: Player, option: str, ball: int | None) -> float:
    """The chooser's value of ``option`` (see the module docstring)."""
    if option == "restore-balls":
        return 0.0
    if option == "leave-balls":
        return -0.01
    if view.last_ruling is None or view.layout is None:
        return 0.0
    plan = match_choices.plan_from(view.last_ruling, view.game)  # type: ignore[arg-type]
    try:
        plan = match_choices.apply_choice(
            plan,
            chooser,
            option,
            ball,
            game=view.game,
            last_shooter=view.shooter,
            moved_from={},  # type: ignore[arg-type]
        )
    except MatchError:
        return -10.0
    if plan.break_next:
        value = BREAK_VALUE.get(view.game, 0.0)
        return value if plan.shooter == chooser else -value
    try:
        layout = tableops.lay_out(view.layout, plan, view.game, 0, 0)
    except ValueError:
        return -10.0
    ruling = view.last_ruling
    situation = Situation(
        shooter=plan.shooter,
        on_table=frozenset(tableops.object_balls(layout)),
        table_open=ruling.table_open,
        groups=ruling.groups,
        ball_in_hand=plan.ball_in_hand,
        score=dict(view.score),
    )
    after = Context(view.game, view.options, layout, situation, ctx.noise)
    if plan.ball_in_hand is not None:
        chance = best_spot(after)[1] if legal_balls(view.game, situation.on_table, ruling.groups, plan.shooter) else 0
    else:
        chance = quick_quality(after.with_layout(layout))
    return chance if plan.shooter == chooser else -chance
