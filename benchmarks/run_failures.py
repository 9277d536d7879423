"""What ends pro's runs from ball in hand: each failed inning on seeded spread tables, sorted by its last shot.

Plays pro's inning on spread tables ``--start`` .. (``bench.spread``: the same tables, match seeds
and decisions as ``ai_targets.py spread`` and the bench's ``run_from_hand``, which uses 0-99; develop
on others), and for every inning that does not win the game says what ended it, from the search's
own estimate of its last shot (``ComputerPlayer.last_choice``):

- a missed pot the search rated at ``EASY`` or more (the noise), or under it (a hard shot left);
- a safety (no pot from where the cue ball lay), a foul, a missed bank / combination / carom;
- the stage: on the 8, on the last ball of the group, or with more left;
- whether that ball was a problem ball from the start (``problems.access`` under ``ENOUGH``).

With ``--replay N`` every called pot of every inning (run out or not) is also played again ``N`` times
under pro's noise from the position it was played in, with its own random stream (the match is not
touched), for its true rate; the runs' expected loss, the sum of -ln(true rate) over the pots, is
then broken down by that rate (``BINS``): where run-outs are lost, hard shots left or near-certain
ones missed, without waiting for the rare miss of each; and the true rates are set beside the quick
chance the position judges gave that pot (``geometry.chances`` from where the cue ball lay, ``QUICK_BINS``):
how sure a leave read as sure by the estimate really is.

    PYTHONPATH=src python benchmarks/run_failures.py --start 1000 --count 30 [--replay 120]
"""

from __future__ import annotations

import argparse
import collections
import math

import numpy as np

from poolhall.ai import evaluate, geometry, problems
from poolhall.ai.context import Context, context_of
from poolhall.ai.player import ComputerPlayer
from poolhall.bench import spread
from poolhall.equipment import CUE, EIGHT, POCKETS
from poolhall.game import Match
from poolhall.game.execution import execution_of
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Call, Options

EASY = 0.9
#: Upper ends of the true-rate bins of ``--replay``'s breakdown.
BINS = (0.7, 0.9, 0.97, 0.995, 1.01)
#: Upper ends of the quick-chance bins the true rates are set beside.
QUICK_BINS = (0.5, 0.8, 0.9, 0.95, 0.969, 1.01)


def inning(index: int, replay: int = 0, rates: list[tuple[float, float]] | None = None) -> tuple[bool, str, str, bool]:
    """Table ``index``: run out, what ended the inning, its stage, and whether its ball was a problem from the start
    (with ``replay``, each called pot's true rate over that many plays and its quick chance are appended to
    ``rates``)."""
    match = Match.from_position(
        "eight-ball", spread.spread_table(index), shooter="A", ball_in_hand="anywhere", options=Options(),
        seed=derived_seed(0, "bench-spread-match", index),
    )  # fmt: skip
    pro = ComputerPlayer("pro")
    start: Layout | None = None
    end = stage = ""
    targets: list[int] = []
    while not match.state.over and match.state.to_act == "A" and len(match.log) < spread.MAX_ACTIONS:
        view = match.view()
        action = pro.act(view)
        if view.asked.kind != "shoot":
            match.apply("A", action, execution_of(pro))
            continue
        start = start or view.layout
        choice = pro.last_choice
        assert choice is not None and view.layout is not None
        ctx = context_of(view, pro.level.noise)
        targets = ctx.targets()
        if replay and rates is not None and isinstance(choice.call, Call) and choice.kind == "pot":
            rng = np.random.default_rng(index * 1000 + len(rates))
            true = evaluate.estimate(ctx, choice.stroke, choice.call, replay, rng, "none").pot_rate
            rates.append((true, _quick(ctx, choice.call)))
        match.apply("A", action, execution_of(pro))
        ruling = match.shots[-1].ruling
        if ruling.foul:
            end = "a foul"
        elif not isinstance(choice.call, Call):
            end = "a safety: no pot from where the cue ball lay"
        elif choice.kind != "pot":
            end = f"a missed {choice.kind}"
        else:
            end = f"a missed pot rated {'at least' if choice.estimate.pot_rate >= EASY else 'under'} {EASY}"
        stage = "the 8" if targets == [EIGHT] else "the last ball" if len(targets) == 1 else f"{len(targets)} left"
    if match.state.winner == "A":
        return True, "", "", False
    problem = False
    if start is not None and len(targets) == 1:
        found = problems.access(start, targets, pro.level.noise.sigma_phi)
        problem = bool(found[0] < problems.ENOUGH)
    return False, end, stage, problem


def _quick(ctx: Context, call: Call) -> float:
    """The quick chance of the called straight pot from where the cue ball lies (0 if it has none: a hanger)."""
    cue = ctx.layout.position(CUE)
    assert cue is not None
    found = geometry.chances(ctx.layout, cue, [call.ball], ctx.noise.sigma_phi)
    return float(found[0, POCKETS.index(call.pocket)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--replay", type=int, default=0, help="plays of each pot for its true rate (0: none)")
    args = parser.parse_args()
    rates: list[tuple[float, float]] = []
    results = [inning(i, args.replay, rates) for i in range(args.start, args.start + args.count)]
    won = sum(r[0] for r in results)
    p = won / len(results)
    print(f"run out {won}/{len(results)} = {p:.3f} +- {math.sqrt(p * (1 - p) / len(results)):.3f}")
    for name, column in (("what ended it", 1), ("stage", 2)):
        print(f"failed runs by {name}:")
        for key, n in collections.Counter(r[column] for r in results if not r[0]).most_common():
            print(f"  {n:3d}  {key}")
    last = [r for r in results if not r[0] and r[2] in ("the 8", "the last ball")]
    print(f"on the last ball or the 8: {len(last)}, a problem ball from the start: {sum(r[3] for r in last)}")
    if rates:
        loss = [-math.log(max(rate, 0.01)) for rate, _ in rates]
        print(f"expected loss -ln(true rate) per inning {sum(loss) / len(results):.3f}, by the pots' true rate:")
        low = 0.0
        for high in BINS:
            part = [x for (rate, _), x in zip(rates, loss, strict=True) if low <= rate < high]
            print(f"  {low:.3f}-{high:.3f}: {len(part):3d} pots, {sum(part) / max(sum(loss), 1e-9):.0%} of the loss")
            low = high
        print("the pots' true rate by the quick chance the position judges gave them:")
        low = 0.0
        for high in QUICK_BINS:
            part = [rate for rate, quick in rates if low <= quick < high]
            if part:
                print(f"  quick {low:.3f}-{high:.3f}: {len(part):3d} pots, true rate {sum(part) / len(part):.3f}")
            low = high


if __name__ == "__main__":
    main()
