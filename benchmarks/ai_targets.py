"""Small, targeted measurements of pro's unmet issue-16 figures, in one process, on seeded positions.

Each part plays pro (tournament noise, 9-foot table) on positions that depend only on their index,
so two versions of the code compare on the same positions (run this file from each worktree):

- ``spread``: ``bench.spread.run_from_hand`` on spread tables ``--start`` .. (the bench's own figure
  ``run_from_hand`` uses tables 0-99; develop on others, e.g. 1000 and 2000 on); with ``--out`` each
  table's result is appended to a file (JSON lines), for ``pair``;
- ``pair``: two ``spread --out`` files (``--file before,after``, run from two checkouts on the same
  tables) paired table by table: the difference in run-outs with the standard error of the paired
  difference, the tables gained and lost, and the same for the balls (also for ``run14 --out`` files);
- ``safety``: eight-ball positions with three solids, three stripes and the 8 at random, pro (solids)
  to play with no straight pot, bank or combination but a direct line to one of its balls; pro
  decides, ``strong`` (the bench's eight-ball opponent) answers; the share of pro's safeties after
  which his shot is not a legal pot (the bench's ``safety_success``), and after those that held, how
  often pro's next shot is a legal pot (the return a safety earns);
- ``endsafety``: ``safety`` at the end of a rack, where eight-ball's safeties fail (sessions 7 and 8): pro down
  to one or two balls and the 8, the opponent with six balls, pro with no pot of any kind but one of its
  balls in sight; ``--out`` keeps a line a position for ``pair`` (session 11);
- ``rerack``: 14.1, five balls and the cue ball at random: pro's inning up to nine balls, so the
  run must go through the re-rack and the break shot (mean balls, the share past five, and the balls
  of each position, comma-separated, to pair two runs);
- ``run14``: 14.1, a mid-rack table (``RUN14_BALLS`` object balls by index) and the cue ball at random:
  pro's inning through the re-racks up to ``RUN14_CAP`` balls; ``--out`` keeps a line a position
  (its balls) for ``pair``, which pairs the balls position by position (session 15);
- ``breakshot``: 14.1, a fresh fourteen-ball rack (loose, as the match racks it), its break ball and
  the cue ball at random where the break ball has a pot whose cue ball runs into the rack
  (``pattern.break_value`` at least ``BREAK_SHOT_MIN``): pro's inning from the break shot, up to
  ``BREAK_SHOT_CAP`` balls (the share that pots the break ball and then the next ball, and the mean);
- ``breakpair``: on the break-shot positions, pro's break shot as the code stands and with ``--set
  module.NAME=value`` (a constant of ``poolhall.ai``, repeatable), both decided in this process; where the
  strokes differ each is played ``--reps`` times on the same seeds and the inning goes on up to
  ``BREAK_SHOT_CAP`` balls, where they agree the difference is 0 (session 16); ``--workers N`` shares the
  positions among N processes, with the same figures (session 17);
- ``breakleave``: on the break-shot positions, pro's break shot played ``--reps`` times; after each made one
  the leave judged by the quick chance, one simulated play of the next pots and the next shot's search, then
  pro's next shot: which judge foretells whether it pots (session 17);
- ``breaktruth``: on the break-shot positions, pro's break shot as the code stands and with ``--set`` (as
  ``breakpair``); where they differ each chosen stroke is valued on 96 fresh plays (the same seed for both) by the
  second pass's judge: whether the setting picks strokes pro's own measure values more (session 18);
- ``breakrun``: eight-ball racks on match seeds ``--start`` ..: pro (both seats) lags, breaks and plays on
  until the turn passes or the game ends; the share of breaks that kept the table, scratched, and ran out
  (won before the opponent shot), the balls pro pocketed, each with its standard error; the break plan each
  setting chose (``--set module.NAME=value``, applied for the whole run, e.g. ``breaks.EIGHT_SPEEDS=(10.0,)``);
  ``--out`` keeps a line a rack (with the kept leave's figures: balls left, quick chance, problem cost, dead
  balls) for ``pair``; ``--workers`` as ``breakpair`` (session 18);
- ``breakspeeds``: on the break-shot positions, the break ball's best pot at each object-ball speed at
  the pocket (0.8 to 6.5 m/s) and tip height, 12 noisy plays each: how often it drops, and the best
  straight-in chance left when it does (why ``pattern.BREAK_ARRIVALS`` are firm);
- ``safety14``: 14.1 safety exchanges: a loose fifteen-ball rack less none to three balls (by index)
  and the cue ball at random where pro's best straight pot has a quick chance under ``SAFETY14_CHANCE``:
  pro decides, pro answers; the share of pro's safeties after which the reply is not a legal pot, the
  kinds of the replies that potted, and a mark per position (``+`` held, ``-`` potted, ``p`` pro called
  a pot, ``e`` the simulator refused a layout) to pair two runs; ``--out`` keeps a line a position
  for ``pair`` (session 13);
- ``choice``: like ``safety``, but pro has no straight pot and a bank, carom or combination (the
  shots pro rates under its safety threshold): it weighs them against a safety; scored +1
  when pro's shot is a legal pot, -1 when the opponent's reply is one, 0 when neither (the mean, and
  the safety success of the safeties among them);
- ``cluster``: ``spread``'s run from ball in hand on ``bench.clusters``' tables (session 13, break-outs):
  pro (solids) against seven stripes and the 8, two of pro's balls each moved to touch another ball, a
  tied cluster on the table (one of pro's balls in it with no way into a pocket, or a problem ball);
  ``--out`` keeps a line a table for ``pair``;
- ``timing``: CPU and wall time of pro's decisions on 30 fixed positions (eight-ball with one to
  seven own balls, and 14.1 spreads), without playing them out; ``safetytiming`` the same on
  ``endsafety``'s positions ``--start`` to ``--start + --count`` (nearly all safety decisions);
- ``clustertiming``: ``timing`` on ``cluster``'s tables ``--start`` .., the cue ball where pro places it;
- ``handtiming``: ``timing`` of pro's ball-in-hand placements (the ``place`` question, asked apart from the
  stroke) on the spread tables ``--start`` .. (session 16 timed a placement by the shot search with it);
- ``reracktiming``: ``timing`` on ``rerack``'s positions ``--start`` .. (14.1, five balls left: the end
  of a rack, where the break ball is chosen; session 14);
- ``collect``: plays ``--count`` seeded games (``--game``: eight-ball pro v strong, or 14.1 pro v
  pro to 40, the bench's pairings, on seeds of their own) and pickles to ``--file`` every position
  where pro played a safety (the bench's ``safety_success`` counts these), with how it went;
- ``innings``: plays ``--count`` seeded 14.1 games pro v pro to 40 (``--points``; seeds of their own) and breaks
  pro's innings down by how they end (the opening break, a missed pot by kind and by the rate the
  search gave it, a safety by the best pot it was chosen over, a foul, the re-rack's break shot),
  with the balls each kind of inning scored; ``--file`` keeps the innings (pickle) for a closer look;
- ``candidates``: on collected positions (``--file``, ``--start``, ``--count``), pro's choice and each of its
  wide safety candidates played ``--reps`` times on the same seeds, answered by the game's opponent, with
  pro's first-pass value of each: whether holding safeties are among the candidates and whether the value
  finds them (session 14);
- ``replay``: pro plays each collected position of ``--file`` (comma-separated files) ``--reps``
  times on seeds that depend only on the position and the repeat, the game's opponent answers: the
  share after which he does not pot (and, as in ``safety``, pro's next shot after those). Collected
  once, the positions compare two versions of the code paired (the positions pro met in real games are
  harder than ``safety``'s random ones).

``--set module.NAME=value`` changes a constant of ``poolhall.ai`` for the whole run of any part but ``breakpair``
and ``breaktruth`` (which compare it with the code as it stands); ``--budget FIELD=value`` replaces a field of pro's
``Level`` (its search budget) for the whole run of any part played in one process (not with ``--workers``);
``--noise SCALE`` gives pro the tournament noise times ``SCALE`` the same way, in the match's execution of its strokes
and in its own model of them alike (session 23: how far the run-out target is in execution noise).

    PYTHONPATH=src .venv/bin/python benchmarks/ai_targets.py spread --start 2000 --count 30
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import json
import math
import pickle
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from typing import Any

import numpy as np

from poolhall import racking
from poolhall.ai import evaluate, geometry, levels, pattern, problems, safety, shots
from poolhall.ai.context import Context, context_of, next_context
from poolhall.ai.noise import LEVELS, NoiseModel
from poolhall.ai.player import ComputerPlayer
from poolhall.bench import clusters, spread
from poolhall.equipment import CUE
from poolhall.game import Match, MatchView
from poolhall.game.actions import Action, MatchError, Shoot
from poolhall.game.after_shot import ShotRecord
from poolhall.game.execution import execution_of
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Call, Options, Ruling

RERACK_CAP = 9
RUN14_CAP = 30
RUN14_BALLS = (5, 6, 7, 8, 9, 10)
SAFETY14_CHANCE = 0.1


def _sem(values: list[int]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def share(hits: int, n: int) -> str:
    p = hits / max(n, 1)
    return f"{hits}/{n} = {p:.3f} +- {math.sqrt(p * (1 - p) / max(n, 1)):.3f}"


def run_spread(start: int, count: int, path: str | None = None, table: Any = None) -> str:
    """``spread`` (``table``: a function of the index giving the match to play, by default the bench's
    spread table from hand; ``clusters.cluster_table`` for ``cluster``)."""
    results = []
    for i in range(start, start + count):
        results.append(spread.run_from_hand(i) if table is None else spread.pro_inning(table(i), i))
        if path is not None:  # one line a table as it ends, so a long run can be paired before it finishes
            with open(path, "a") as out:
                out.write(json.dumps(results[-1]) + "\n")
    balls = statistics.mean(r["balls"] for r in results)
    return f"run out {share(sum(r['run_out'] for r in results), count)}; balls per inning {balls:.2f}"


def run_pair(paths: str) -> str:
    """Two ``spread --out`` runs (``before,after``) paired on the tables both played: the run-outs of
    each and their difference with its standard error (of the paired difference, so the tables both
    run out or both fail carry no noise), the tables gained and lost, and the balls of each paired the same
    way (``run14``'s figure; its ``run_out`` is an inning that reached the cap). Two ``endsafety --out`` runs are
    paired the same way on the positions where both played a safety (``held``)."""
    runs = []
    for path in paths.split(","):
        with open(path) as lines:
            runs.append({r["index"]: r for r in map(json.loads, lines)})
    before, after = runs
    common = sorted(set(before) & set(after))
    if common and "held" in before[common[0]]:
        both = [i for i in common if before[i]["safety"] and after[i]["safety"]]
        diffs = [after[i]["held"] - before[i]["held"] for i in both]
        return (
            f"{len(both)} positions both played a safety (of {len(common)}): held "
            f"{sum(before[i]['held'] for i in both)} -> {sum(after[i]['held'] for i in both)}; paired "
            f"{100 * statistics.mean(diffs):+.1f} +- {100 * _sem(diffs):.1f} points ({diffs.count(1)} gained, "
            f"{diffs.count(-1)} lost)"
        )
    diffs = [int(after[i]["run_out"]) - int(before[i]["run_out"]) for i in common]
    n = len(common)
    balls = [statistics.mean(run[i]["balls"] for i in common) for run in runs]
    more = [after[i]["balls"] - before[i]["balls"] for i in common]
    return (
        f"{n} tables: {sum(before[i]['run_out'] for i in common)} -> {sum(after[i]['run_out'] for i in common)} "
        f"run out; paired {100 * statistics.mean(diffs):+.1f} +- {100 * _sem(diffs):.1f} points "
        f"({diffs.count(1)} gained, {diffs.count(-1)} lost); balls {balls[0]:.2f} -> {balls[1]:.2f}, paired "
        f"{statistics.mean(more):+.2f} +- {_sem(more):.2f} ({sum(d > 0 for d in more)} more, "
        f"{sum(d < 0 for d in more)} fewer, {more.count(0)} the same)"
    )


def safety_position(index: int) -> Match:
    """The first seeded draw for ``index`` where pro has no pot of any kind but sees one of its balls."""
    return _no_pot_position([0, 1, 2, 3, 9, 10, 11, 8], ("safety-diag", "sd-match"), index)


def endsafety_position(index: int) -> Match:
    """``safety``'s kind of position at the end of a rack: pro (solids) down to one ball (even ``index``) or two
    (odd) and the 8, the opponent with six stripes, pro with no pot of any kind but one of its balls in sight."""
    own = [1] if index % 2 == 0 else [1, 2]
    return _no_pot_position([0, *own, 9, 10, 11, 12, 13, 14, 8], ("e8safe-end", "e8safe-end-match"), index)


def _no_pot_position(balls: list[int], labels: tuple[str, str], index: int) -> Match:
    """The first seeded draw of ``balls`` (the cue ball first; solids are pro's) for ``index`` where pro has no
    straight pot, bank or combination but a direct line to one of its balls."""
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, labels[0], index, k))
        spots = spread.random_spots(rng, len(balls), 0.01)
        positions = dict(zip(balls, spots, strict=True))
        groups = {"A": "solids", "B": "stripes"}
        layout = Layout.from_positions(positions, spread.TABLE)
        seed = derived_seed(0, labels[1], index)
        match = Match.from_position("eight-ball", layout, shooter="A", groups=groups, options=Options(), seed=seed)
        ctx = context_of(match.view(), ComputerPlayer("pro").level.noise)
        cue, targets, sigma = spots[0], ctx.targets(), ctx.noise.sigma_phi
        if (
            evaluate.quick_quality(ctx) == 0
            and shots.safeties(ctx.layout, cue, targets)
            and not shots.banks(ctx.layout, cue, targets, sigma)
            and not shots.combos(ctx.layout, cue, targets, targets, sigma)
        ):
            return match
    raise RuntimeError(f"no safety position for index {index}")


def choice_position(index: int) -> Match:
    """The first seeded draw for ``index`` where pro has no straight pot but a bank, carom or combination."""
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, "ai3-choice", index, k))
        spots = spread.random_spots(rng, 8, 0.01)
        positions = dict(zip([0, 1, 2, 3, 9, 10, 11, 8], spots, strict=True))
        layout = Layout.from_positions(positions, spread.TABLE)
        match = Match.from_position("eight-ball", layout, shooter="A", groups={"A": "solids", "B": "stripes"},
                                    options=Options(), seed=derived_seed(0, "ai3-choice-match", index))  # fmt: skip
        ctx = context_of(match.view(), ComputerPlayer("pro").level.noise)
        cue, targets, sigma = spots[0], ctx.targets(), ctx.noise.sigma_phi
        found = [*shots.banks(ctx.layout, cue, targets, sigma), *shots.caroms(ctx.layout, cue, targets, sigma),
                 *shots.combos(ctx.layout, cue, targets, targets, sigma)]  # fmt: skip
        if found and evaluate.quick_quality(ctx) == 0 and shots.safeties(ctx.layout, cue, targets):
            return match
    raise RuntimeError(f"no choice position for index {index}")


def run_choice(start: int, count: int) -> str:
    pro, opponent = ComputerPlayer("pro"), ComputerPlayer("strong")
    scores, safeties, safe = [], 0, 0
    for index in range(start, start + count):
        match = choice_position(index)
        action = pro.act(match.view())
        match.apply("A", action, execution_of(pro))
        if _legal_pot(match.shots[-1]) or match.state.winner == "A":
            scores.append(1)
            continue
        called = isinstance(getattr(action, "call", None), Call)
        safeties += not called
        while not match.state.over and match.state.to_act == "B" and match.view().asked.kind != "shoot":
            match.apply("B", opponent.act(match.view()), execution_of(opponent))
        if match.state.over:
            scores.append(1 if match.state.winner == "A" else -1)
            safe += not called and match.state.winner == "A"
            continue
        match.apply("B", opponent.act(match.view()), execution_of(opponent))
        ok = _safe(match.shots[-1].ruling, "B")
        scores.append(0 if ok else -1)
        safe += not called and ok
    mean = statistics.mean(scores)
    return (
        f"score {mean:.3f} +- {_sem(scores):.3f} (pots {scores.count(1)}, his "
        f"pots {scores.count(-1)}); safeties {safeties}, safe {share(safe, safeties)}; by position "
        + "".join("+-0"[[1, -1, 0].index(x)] for x in scores)
    )


def run_safety(start: int, count: int, path: str | None = None, position: Any = safety_position) -> str:
    """``safety`` (``position``: ``endsafety_position`` for ``endsafety``); with ``path``, each position's mark
    is appended to it (JSON lines: ``held`` 1 or 0, ``safety`` false when pro called a pot), for ``pair``."""
    pro, opponent = ComputerPlayer("pro"), ComputerPlayer("strong")
    safeties = safe = back = back_pots = 0
    marks = ""
    for index in range(start, start + count):
        match = position(index)
        action = pro.act(match.view())
        match.apply("A", action, execution_of(pro))
        ok = False
        if isinstance(getattr(action, "call", None), Call):
            marks += "p"  # pro found a pot after all (a carom, a hanger): not a safety
        else:
            safeties += 1
            while not match.state.over and match.state.to_act == "B" and match.view().asked.kind != "shoot":
                match.apply("B", opponent.act(match.view()), execution_of(opponent))
            if not match.state.over and match.state.to_act == "B":
                match.apply("B", opponent.act(match.view()), execution_of(opponent))
                ok = _safe(match.shots[-1].ruling, "B")
                if ok and not match.state.over:
                    back, back_pots = back + 1, back_pots + _next_shot_pots(match, "A", pro)
            else:
                ok = match.state.winner == "A"
            safe += ok
            marks += "+" if ok else "-"
        _mark(path, index, ok if marks[-1] != "p" else None)
    return (
        f"safety success {share(safe, safeties)} ({count - safeties} positions pro potted); back at the table "
        f"after a safety that held, pro's next shot potted {share(back_pots, back)}; by position {marks}"
    )


def safety14_position(index: int) -> Match:
    """The first seeded 14.1 draw for ``index``: a loose fifteen-ball rack less ``index % 4`` balls and the
    cue ball at random, where pro's best straight pot has a quick chance under ``SAFETY14_CHANCE``."""
    pro = ComputerPlayer("pro")
    slots = np.asarray(racking.rack_slots(spread.TABLE))
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, "ai4-safety14", index, k))
        (cue,) = spread.random_spots(rng, 1, 0.01)
        if np.hypot(*(slots - np.asarray(cue)).T).min() < 3 * spread.TABLE.ball.radius:
            continue
        layout = racking.straight_pool_rack(Layout.from_positions({0: cue}, spread.TABLE),
                                            derived_seed(0, "ai4-safety14-rack", index), loose=True)  # fmt: skip
        gone = rng.choice(np.arange(1, 16), size=index % 4, replace=False)
        layout = layout.with_positions({int(b): None for b in gone})
        match = Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=150),
                                    seed=derived_seed(0, "ai4-safety14-match", index))  # fmt: skip
        if evaluate.quick_quality(context_of(match.view(), pro.level.noise)) < SAFETY14_CHANCE:
            return match
    raise RuntimeError(f"no 14.1 safety position for index {index}")


def run_safety14(start: int, count: int, path: str | None = None) -> str:
    """``safety14``; with ``path``, each position's mark is appended to it as ``run_safety`` does (for ``pair``;
    a position the simulator refused is marked as no safety)."""
    pro, opponent = ComputerPlayer("pro"), ComputerPlayer("pro")
    safeties = safe = potted = missed = 0
    beaten: dict[str, int] = {}
    failed: list[str] = []
    errors: list[int] = []
    marks = ""
    for index in range(start, start + count):
        match = safety14_position(index)
        try:
            action = pro.act(match.view())
            match.apply("A", action, execution_of(pro))
            if isinstance(getattr(action, "call", None), Call):
                potted += _legal_pot(match.shots[-1])
                missed += not _legal_pot(match.shots[-1])
                marks += "p"
                _mark(path, index, None)
                continue
            while not match.state.over and match.state.to_act == "B" and match.view().asked.kind != "shoot":
                match.apply("B", opponent.act(match.view()), execution_of(opponent))
            if not match.state.over and match.state.to_act == "B":
                match.apply("B", opponent.act(match.view()), execution_of(opponent))
        except MatchError:  # the simulator refused a layout (as the bench's ``errors``): left out
            errors.append(index)
            marks += "e"
            _mark(path, index, None)
            continue
        safeties += 1
        ok = match.shots[-1].shooter == "A" or _safe(match.shots[-1].ruling, "B")
        safe += ok
        marks += "+" if ok else "-"
        _mark(path, index, ok)
        if not ok:
            kind = getattr(opponent.last_choice, "kind", "?")
            beaten[kind] = beaten.get(kind, 0) + 1
            failed.append(f"{index} ({kind}, valued {pro.last_choice.estimate.value:+.2f})")  # type: ignore[union-attr]
    return (
        f"safety success {share(safe, safeties)}; pro called a pot {potted + missed} times, made {potted}; "
        f"errors {errors}; the replies that potted: "
        + ", ".join(f"{kind} {n}" for kind, n in sorted(beaten.items()))
        + f"; by position {marks}; failed: "
        + ", ".join(failed)
    )


def _mark(path: str | None, index: int, held: bool | None) -> None:
    """Append a position's mark to ``path`` (``pair``'s JSON lines): ``held``, None when pro played no safety."""
    if path is not None:
        with open(path, "a") as out:
            out.write(json.dumps({"index": index, "held": int(bool(held)), "safety": held is not None}) + "\n")


def _inning(match: Match, pro: ComputerPlayer, cap: int, actions: int) -> int:
    """A's points in its inning (14.1), played until it ends, reaches ``cap`` points or ``actions`` logged actions.

    The count can pass ``cap`` when the shot that reaches it pots two balls or more (``breakshot``'s 5s);
    it is not clipped, so figures stay comparable with earlier sessions'."""
    balls = 0
    while not match.state.over and match.state.to_act == "A" and balls < cap and len(match.log) < actions:
        view = match.view()
        match.apply("A", pro.act(view), execution_of(pro))
        if view.asked.kind == "shoot":
            balls += max(0, match.shots[-1].ruling.points.get("A", 0))
    return balls


def rerack_position(index: int) -> Match:
    """``rerack``'s position ``index``: 14.1, five object balls and the cue ball at random, A to shoot."""
    rng = np.random.default_rng(derived_seed(0, "sp-diag", index))
    spots = spread.random_spots(rng, 6, 0.01)
    return _straight_pool_at([0, 3, 6, 9, 12, 15], spots, derived_seed(0, "sp-m", index))


def _straight_pool_at(balls: list[int], spots: Any, seed: int) -> Match:
    """A 14.1 match with ``balls`` on ``spots`` (the spread tables' 9-foot table), A to shoot, played to 150."""
    return _straight_pool_on(Layout.from_positions(dict(zip(balls, spots, strict=True)), spread.TABLE), seed)


def _straight_pool_on(layout: Layout, seed: int) -> Match:
    """A 14.1 match on ``layout``, A to shoot, played to 150 (so no position here ends the game)."""
    return Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=150), seed=seed)


def run_rerack(start: int, count: int) -> str:
    pro = ComputerPlayer("pro")
    runs = [_inning(rerack_position(index), pro, RERACK_CAP, 60) for index in range(start, start + count)]
    through = sum(b > 5 for b in runs)
    return (
        f"balls {statistics.mean(runs):.2f} +- {_sem(runs):.2f} (cap {RERACK_CAP}); through the re-rack "
        f"{share(through, count)}; by position {','.join(map(str, runs))}"
    )


def run14_position(index: int) -> Match:
    """``run14``'s position ``index``: 14.1, ``RUN14_BALLS[index % 6]`` object balls (numbers and spots at
    random) and the cue ball at random, A to shoot (14.1's ball in hand is the kitchen's only, which would
    make every first shot an up-table one)."""
    rng = np.random.default_rng(derived_seed(0, "st15-run14", index))
    count = RUN14_BALLS[index % len(RUN14_BALLS)]
    balls = [0, *sorted(int(b) for b in rng.choice(np.arange(1, 16), size=count, replace=False))]
    spots = spread.random_spots(rng, count + 1, 0.01)
    return _straight_pool_at(balls, spots, derived_seed(0, "st15-run14-m", index))


def run_run14(start: int, count: int, path: str | None = None) -> str:
    """``run14``: pro's inning from each position, the balls of each appended to ``path`` as it ends; "through
    a re-rack": the inning potted the break ball (every ball of the position)."""
    pro = ComputerPlayer("pro")
    runs, through = [], 0
    for index in range(start, start + count):
        try:
            balls = _inning(run14_position(index), pro, RUN14_CAP, 4 * RUN14_CAP)
        except MatchError:  # the simulator refused a layout: the position counts for neither checkout
            continue
        runs.append(balls)
        through += balls >= RUN14_BALLS[index % len(RUN14_BALLS)]
        if path is not None:
            with open(path, "a") as out:
                out.write(json.dumps({"index": index, "balls": balls, "run_out": balls >= RUN14_CAP}) + "\n")
    return (
        f"{len(runs)} positions: balls {statistics.mean(runs):.2f} +- {_sem(runs):.2f} (cap {RUN14_CAP}); "
        f"through a re-rack {share(through, len(runs))}; at the cap {sum(b >= RUN14_CAP for b in runs)}"
    )


BREAK_SHOT_MIN = 0.5
BREAK_SHOT_CAP = 4


def break_shot_position(index: int) -> Match:
    """The first seeded draw for ``index`` of a break-shot position (``breakshot`` in the module docstring)."""
    pro = ComputerPlayer("pro")
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, "ai3-breakshot", index, k))
        ball = int(rng.integers(1, 16))
        cue, spot = spread.random_spots(rng, 2, 0.01)
        layout = Layout.from_positions({0: cue, ball: spot}, spread.TABLE)
        slots = np.asarray(racking.rack_slots(spread.TABLE))
        if np.hypot(*(slots - np.asarray(spot)).T).min() < 3 * spread.TABLE.ball.radius:
            continue
        if np.hypot(*(slots - np.asarray(cue)).T).min() < 3 * spread.TABLE.ball.radius:
            continue
        layout = racking.straight_pool_rack(layout, derived_seed(0, "ai3-breakshot-rack", index), fourteen=True,
                                            loose=True)  # fmt: skip
        match = Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=150),
                                    seed=derived_seed(0, "ai3-breakshot-match", index))  # fmt: skip
        ctx = context_of(match.view(), pro.level.noise)
        if pattern.break_value(ctx, ctx.layout, np.asarray([cue]), ball)[0] >= BREAK_SHOT_MIN:
            return match
    raise RuntimeError(f"no break-shot position for index {index}")


def run_breakshot(start: int, count: int) -> str:
    pro = ComputerPlayer("pro")
    runs, through = [], 0
    for index in range(start, start + count):
        match = break_shot_position(index)
        balls = _inning(match, pro, BREAK_SHOT_CAP, 40)
        runs.append(balls)
        through += balls >= 2
    mean = statistics.mean(runs)
    return (
        f"balls {mean:.2f} +- {_sem(runs):.2f} (cap {BREAK_SHOT_CAP}); the break ball "
        f"and the next {share(through, count)}; by position {''.join(map(str, runs))}"
    )


def _setting(assignment: str) -> tuple[Any, str, Any]:
    """``--set``'s ``module.NAME=value`` (a module of ``poolhall.ai``, a Python literal): (module, name, value)."""
    target, _, text = assignment.partition("=")
    module_name, _, name = target.rpartition(".")
    if not (module_name and name and text):
        raise SystemExit(f"--set {assignment!r}: expected module.NAME=value (a module of poolhall.ai)")
    try:
        module = importlib.import_module(f"poolhall.ai.{module_name}")
    except ModuleNotFoundError:
        raise SystemExit(f"--set {assignment!r}: no module poolhall.ai.{module_name}") from None
    if not hasattr(module, name):
        raise SystemExit(f"--set {assignment!r}: no constant {name} in poolhall.ai.{module_name}")
    return module, name, _literal("--set", assignment, text)


def _literal(flag: str, assignment: str, text: str) -> Any:
    """``text`` as a Python literal, or the command's error that names the flag and the setting."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise SystemExit(f"{flag} {assignment!r}: {text!r} is not a Python literal") from None


def apply_settings(assignments: list[str]) -> None:
    """``--set``'s settings applied in this process from now on (``_decide`` applies them for one decision)."""
    for module, name, value in map(_setting, assignments):
        setattr(module, name, value)


def apply_budget(assignments: list[str]) -> None:
    """``--budget``'s ``FIELD=value`` settings (fields of ``ai.levels.Level``, Python literals): pro's level with them
    replaced, in this process from now on (every ``ComputerPlayer("pro")`` made after it). Session 22 gave pro about
    twice the search (``samples=16 finalists=8 final_samples=48 prune_to=54``, with ``--set search.DEEP_KEEP=24``)
    to see whether the run-outs are bound by the budget (docs/ai.md)."""
    pro = levels.LEVEL_BY_NAME["pro"]
    names = {field.name for field in dataclasses.fields(pro)}
    changes = {}
    for assignment in assignments:
        name, _, text = assignment.partition("=")
        if name not in names or not text:
            raise SystemExit(f"--budget {assignment!r}: expected FIELD=value, FIELD one of {', '.join(sorted(names))}")
        value, now = _literal("--budget", assignment, text), getattr(pro, name)
        if not isinstance(value, type(now)) and not (isinstance(now, float) and type(value) is int):
            raise SystemExit(f"--budget {assignment!r}: {name} is a {type(now).__name__}, as {now!r}")
        changes[name] = value
    levels.LEVEL_BY_NAME["pro"] = dataclasses.replace(pro, **changes)


def apply_noise(scale: float) -> None:
    """``--noise``: pro's level with the tournament noise times ``scale`` (``NoiseModel.tournament``), in this
    process from now on. The match plays a player's strokes with the player's own noise (``execution_of``), so
    the scale holds for what pro plays and for what it expects alike."""
    if not (math.isfinite(scale) and scale > 0):
        raise SystemExit(f"--noise {scale}: the scale must be a positive number (1 is the tournament noise)")
    pro = levels.LEVEL_BY_NAME["pro"]
    levels.LEVEL_BY_NAME["pro"] = dataclasses.replace(pro, noise=NoiseModel.tournament(scale))


def _decide(pro: ComputerPlayer, view: MatchView, settings: list[tuple[Any, str, Any]]) -> tuple[Action, float]:
    """Pro's action on ``view`` with ``settings`` applied for this decision only (none: as the code stands), and
    its CPU time."""
    old = [(module, name, getattr(module, name)) for module, name, _ in settings]
    for module, name, value in settings:
        setattr(module, name, value)
    try:
        start = time.process_time()
        action = pro.act(view)
        return action, time.process_time() - start
    finally:
        for module, name, value in old:
            setattr(module, name, value)


def run_breakpair(
    start: int, count: int, assignments: list[str], reps: int, path: str | None = None, workers: int = 1
) -> str:
    """``breakpair``: on ``breakshot``'s positions, pro's break shot as the code stands and with ``assignment``
    (``module.NAME=value`` each, set in this process for that decision only). Where the two strokes differ, each is
    played ``reps`` times on the same seeds (a match of its own per repeat: the same execution noise for both)
    and the inning goes on as the code stands, up to ``BREAK_SHOT_CAP`` balls; where they agree the innings are
    the same and the difference is 0. Decisions depend only on the view, so this pairs exactly what the
    setting changes, at a fraction of two full runs. ``workers`` > 1 shares the positions among that many
    processes: each position's result depends only on its index, so the figures are the same."""
    indices = range(start, start + count)
    lines: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max(workers, 1)) as pool:
        for line in pool.map(breakpair_position, indices, repeat(assignments), repeat(reps)):
            lines.append(line)
            if path is not None:  # as each position ends (in order), so a long run can be followed
                with open(path, "a") as out:
                    out.write(json.dumps(line) + "\n")
    diffs = [line["diff"] for line in lines]
    differ = [line for line in lines if not line["same"]]
    tail = "; ".join(
        f"{k} cpu median {statistics.median(ln[k + '_cpu'] for ln in lines):.2f} s, "
        f"max {max(ln[k + '_cpu'] for ln in lines):.2f} s"
        for k in ("base", "set")
    )
    where = [statistics.mean(ln[k] for ln in differ) if differ else 0.0 for k in ("base", "set")]
    return (
        f"{count} positions, {len(differ)} with another stroke; balls of {BREAK_SHOT_CAP} (mean of {reps} repeats) "
        f"where they differ: {where[0]:.2f} -> {where[1]:.2f}; "
        f"paired over all positions {statistics.mean(diffs):+.3f} +- {_sem(diffs):.3f} balls "
        f"({sum(d > 0 for d in diffs)} more, {sum(d < 0 for d in diffs)} fewer); {tail}"
    )


def breakpair_position(index: int, assignments: list[str], reps: int) -> dict[str, Any]:
    """``breakpair``'s line for position ``index``: whether the two strokes agree, the balls of each where they
    do not (mean of ``reps`` repeats), their difference and each decision's CPU time."""
    settings = [_setting(a) for a in assignments]
    pro = ComputerPlayer("pro")
    view = break_shot_position(index).view()
    base, t0 = _decide(pro, view, [])
    changed, t1 = _decide(pro, view, settings)
    line: dict[str, Any] = {"index": index, "same": base == changed, "diff": 0.0, "base_cpu": t0, "set_cpu": t1}
    if base == changed:
        return line
    for label, action in (("base", base), ("set", changed)):
        runs = []
        for k in range(reps):
            match = _straight_pool_on(view.layout, derived_seed(0, "st16-breakpair", index, k))  # type: ignore[arg-type]
            match.apply("A", action, execution_of(pro))
            first = max(0, match.shots[-1].ruling.points.get("A", 0))
            runs.append(first + _inning(match, pro, BREAK_SHOT_CAP - first, 40))
        line[label] = statistics.mean(runs)
    line["diff"] = line["set"] - line["base"]
    return line


#: ``breaktruth``'s fresh noisy plays of each chosen break shot (four times the second pass's 24).
TRUTH_SAMPLES = 96


def run_breaktruth(start: int, count: int, assignments: list[str]) -> str:
    """``breaktruth``: whether a setting makes pro choose break shots its own measure values more, free of the
    break's chaos. On ``breakshot``'s positions pro decides the break shot as the code stands and with
    ``assignments``; where the two differ each chosen stroke is played ``TRUTH_SAMPLES`` times on the same fresh
    seed and valued as the second pass values it (the level's position judgement). The paired difference of
    that value and of the pot rate, over the positions where the stroke changed (session 18)."""
    settings = [_setting(a) for a in assignments]
    pro = ComputerPlayer("pro")
    rows: list[tuple[float, float]] = []
    for index in range(start, start + count):
        view = break_shot_position(index).view()
        base, _ = _decide(pro, view, [])
        changed, _ = _decide(pro, view, settings)
        if base == changed or not (isinstance(base, Shoot) and isinstance(changed, Shoot)):
            continue
        ctx = context_of(view, pro.level.noise)
        seed = derived_seed(0, "bs18-breaktruth", index)
        truth = [
            evaluate.estimate(ctx, a.stroke, a.call, TRUTH_SAMPLES, np.random.default_rng(seed), pro.level.position)
            for a in (base, changed)
        ]
        rows.append((truth[1].value - truth[0].value, truth[1].pot_rate - truth[0].pot_rate))
    if len(rows) < 2:
        return f"{count} positions, {len(rows)} with another stroke"
    figures = [
        f"{name} {statistics.mean(d):+.3f} +- {statistics.stdev(d) / math.sqrt(len(d)):.3f}"
        for name, d in (("value", [r[0] for r in rows]), ("pot rate", [r[1] for r in rows]))
    ]
    return (
        f"{count} positions, {len(rows)} with another stroke; the setting's stroke less the base's, "
        f"{TRUTH_SAMPLES} plays each where they differ: {'; '.join(figures)}"
    )


def run_breakleave(start: int, count: int, reps: int) -> str:
    """``breakleave``: how well each judge of a made break shot's leave foretells pro's next shot. On the break-shot
    positions, pro's break shot is played ``reps`` times (seeds of their own); after each that keeps the table
    the leave is judged by the quick chance (``evaluate.quick_quality``), one centre-hit play of the best three
    pots (``simulated_quality``) and the next shot's search (``next_shot_quality``), then pro plays the next
    shot. Per judge: its mean where that shot was a legal pot and where it was not, and its correlation with
    the outcome (a judge that sees what the opened pack really offers separates the two)."""
    pro = ComputerPlayer("pro")
    rows: list[tuple[float, float, float, int, int]] = []  # quick, simulated, searched, potted, safety
    for index in range(start, start + count):
        view = break_shot_position(index).view()
        action = pro.act(view)
        for k in range(reps):
            match = _straight_pool_on(view.layout, derived_seed(0, "st17-breakleave", index, k))  # type: ignore[arg-type]
            match.apply("A", action, execution_of(pro))
            if match.state.over or match.state.to_act != "A" or match.view().asked.kind != "shoot":
                continue
            ctx = context_of(match.view(), pro.level.noise)
            rng = np.random.default_rng(derived_seed(0, "st17-breakleave-judge", index, k))
            judges = (
                evaluate.quick_quality(ctx),
                evaluate.simulated_quality(ctx, rng),
                evaluate.next_shot_quality(ctx, rng),
            )
            match.apply("A", pro.act(match.view()), execution_of(pro))
            shot = match.shots[-1]
            rows.append((*judges, int(_legal_pot(shot)), int(not isinstance(shot.facts.call, Call))))
    lines = [f"{len(rows)} made break shots; next shot a legal pot {share(sum(r[3] for r in rows), len(rows))}, "
             f"a safety {sum(r[4] for r in rows)}"]  # fmt: skip
    potted = np.asarray([r[3] for r in rows], dtype=float)
    for j, name in enumerate(("quick chance", "simulated (3 pots, 6 plays)", "next shot's search")):
        judged = np.asarray([r[j] for r in rows])
        r = float(np.corrcoef(judged, potted)[0, 1]) if judged.std() and potted.std() else 0.0
        where = [f"{judged[potted == v].mean():.2f}" if (potted == v).any() else "-" for v in (1, 0)]
        lines.append(
            f"  {name}: mean {judged.mean():.2f}; where the next shot potted {where[0]}, where not {where[1]}; "
            f"correlation {r:+.2f}"
        )
    return "\n" + "\n".join(lines)


def run_breakrun(start: int, count: int, assignments: list[str], path: str | None = None, workers: int = 1) -> str:
    """``breakrun``: pro's eight-ball break and the inning after it on match seeds ``start`` .. (``breakrun_rack``),
    with ``assignments`` set for the whole run; ``workers`` processes share the racks (a rack's line depends only
    on its seed and the settings). The break plan is printed as the first rack's break shows it."""
    indices = range(start, start + count)
    lines: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max(workers, 1)) as pool:
        for line in pool.map(breakrun_rack, indices, repeat(assignments)):
            lines.append(line)
            if path is not None:
                with open(path, "a") as out:
                    out.write(json.dumps(line) + "\n")
    return breakrun_summary(lines)


def breakrun_summary(lines: list[dict[str, Any]]) -> str:
    """``breakrun``'s figures from its lines (of one run, or read back from ``--out`` files)."""
    count = len(lines)
    kept = [ln for ln in lines if ln["kept"]]
    judged = [ln for ln in kept if "left" in ln]  # not the breaks that pocketed the 8 (8B-B R2: a choice first)
    balls = [ln["balls"] for ln in lines]
    plans = sorted({ln["plan"] for ln in lines})
    leave = "; ".join(
        f"{name} {statistics.mean(ln[key] for ln in judged):.2f} (run out {_mean_where(judged, key, True):.2f}, "
        f"not {_mean_where(judged, key, False):.2f})"
        for key, name in (("left", "balls left"), ("chance", "quick chance"), ("cost", "problem cost"),
                          ("dead", "dead balls"), ("open", "object balls with a fair pot from somewhere"))
    ) if judged else "no break kept"  # fmt: skip
    return (
        f"{count} racks; kept {share(len(kept), count)}; scratched {share(sum(ln['scratch'] for ln in lines), count)}; "
        f"run out {share(sum(ln['run_out'] for ln in lines), count)} (of the kept "
        f"{share(sum(ln['run_out'] for ln in kept), len(kept))}); balls {statistics.mean(balls):.2f} +- "
        f"{_sem(balls):.2f}; plan {', '.join(plans)}\n  leaves kept: {leave}"
    )


def _mean_where(lines: list[dict[str, Any]], key: str, run_out: bool) -> float:
    found = [ln[key] for ln in lines if ln["run_out"] == run_out]
    return statistics.mean(found) if found else float("nan")


def breakrun_rack(index: int, assignments: list[str]) -> dict[str, Any]:
    """``breakrun``'s line for seed ``index``: pro v pro from the lag (won by A on even seeds, B on odd); the
    breaker plays until the turn passes or the game ends. ``run_out``: the breaker won with every shot his;
    ``balls``: object balls the breaker pocketed (the break's included); the leave of a kept break (``left``
    object balls, ``chance`` the quick chance, ``cost`` ``problems.cost``, ``dead`` balls with no way into a
    pocket, ``open`` the share of object balls with a fair pot from some spot, ``problems.access``; ``table`` the
    positions, for a closer look)."""
    apply_settings(assignments)  # a process of its own (or the one run): for every decision
    pro = ComputerPlayer("pro")
    match = Match("eight-ball", Options(), seed=derived_seed(0, "brun18", index), lag_winner="AB"[index % 2])
    while not match.shots:
        action = pro.act(match.view())
        match.apply(match.state.to_act, action, execution_of(pro))
    brk = match.shots[0]
    breaker = brk.shooter
    line: dict[str, Any] = {"index": index, "plan": _plan_name(brk, action), "scratch": CUE in brk.facts.pocketed_balls
                            or CUE in brk.facts.off_table}  # fmt: skip
    line["kept"] = brk.ruling.turn_continues and not brk.ruling.foul and brk.ruling.next_shooter == breaker
    if line["kept"] and match.view().asked.kind == "shoot":
        ctx = context_of(match.view(), pro.level.noise)
        balls = [b for b in ctx.situation.on_table if b != CUE]
        line["left"], line["chance"], line["cost"] = len(balls), evaluate.quick_quality(ctx), problems.cost(ctx)
        line["dead"] = int((~geometry.ways(ctx.layout, balls).pocketable).sum())
        line["open"] = float((problems.access(ctx.layout, balls, ctx.noise.sigma_phi) > 0).mean())
        line["table"] = {b: [round(float(v), 5) for v in ctx.layout.positions[b]] for b in (CUE, *balls)}
    while not match.state.over and match.state.to_act == breaker and len(match.log) < 80:
        match.apply(breaker, pro.act(match.view()), execution_of(pro))
    shooters = {shot.shooter for shot in match.shots}
    line["run_out"] = match.state.winner == breaker and shooters == {breaker}
    line["balls"] = sum(len(set(s.facts.pocketed_balls) - {CUE}) for s in match.shots if s.shooter == breaker)
    return line


def _plan_name(brk: ShotRecord, action: Action) -> str:
    """The break as pro meant it: the cue ball's spot (m off the middle of the table), speed and tip height."""
    assert brk.before is not None and isinstance(action, Shoot)
    cue = brk.before.position(CUE)
    across = 0.0 if cue is None else cue[1] - brk.before.table.width / 2
    return f"spot {across:+.3f} m, {action.stroke.speed:.1f} m/s, tip {action.stroke.b:+.1f}"


def run_breakspeeds(start: int, count: int) -> str:
    noise = ComputerPlayer("pro").level.noise
    rng = np.random.default_rng(derived_seed(0, "ai3-breakspeeds", start))
    found: dict[tuple[float, float], list[tuple[bool, float]]] = {}
    for index in range(start, start + count):
        ctx = context_of(break_shot_position(index).view(), noise)
        ball, cue = pattern.break_ball(ctx), ctx.layout.position(0)
        assert cue is not None
        best = next(s for s in shots.pots(ctx.layout, cue, ctx.targets(), noise.sigma_phi) if s.ball == ball)
        call = Call(best.ball, best.pocket)  # type: ignore[arg-type]
        for v in (0.8, 1.6, 2.2, 3.2, 4.8, 6.5):
            for b in (-0.35, 0.0, 0.35):
                stroke = evaluate.refine_aim(ctx, best, shots.strokes(best, (v,), (b,))[0], steps=1)
                for out in evaluate.play_many(ctx, noise.samples(stroke, 12, rng), call):
                    made = out is not None and evaluate.continued(ctx, out[0])
                    after = next_context(ctx, out[1], out[0]) if made and out is not None else None
                    found.setdefault((v, b), []).append((made, evaluate.quick_quality(after) if after else 0.0))
    lines = []
    for (v, b), outs in sorted(found.items()):
        left = [q for made, q in outs if made]
        lines.append(f"  {v:.1f} m/s, tip {b:+.2f}: drops {statistics.mean(m for m, _ in outs):.2f}, chance left "
                     f"{statistics.mean(left) if left else 0:.2f}, drops and leaves over 0.5 "
                     f"{statistics.mean(m and q > 0.5 for m, q in outs):.2f}")  # fmt: skip
    return "\n" + "\n".join(lines)


def timing_positions() -> list[Match]:
    out = []
    for i in range(30):
        rng = np.random.default_rng(derived_seed(0, "fixed-timing", i))
        if i % 6 == 5:
            spots = spread.random_spots(rng, 16, 0.01)
            layout = Layout.from_positions(dict(zip(range(16), spots, strict=True)), spread.TABLE)
            out.append(Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=100)))
            continue
        balls = [*range(1, min(8, 2 + i % 6 + i % 3)), 8, 9, 10, 11, 12, 13, 14, 15]
        spots = spread.random_spots(rng, len(balls) + 1, 0.01)
        layout = Layout.from_positions(dict(zip([0, *balls], spots, strict=True)), spread.TABLE)
        out.append(Match.from_position("eight-ball", layout, shooter="A", groups={"A": "solids", "B": "stripes"}))
    return out


def placed_cluster(index: int) -> Match:
    """``clusters.cluster_table(index)`` with the cue ball where pro places it: a shot to decide (``clustertiming``)."""
    match, pro = clusters.cluster_table(index), ComputerPlayer("pro")
    match.apply("A", pro.act(match.view()), execution_of(pro))
    return match


def run_timing(matches: list[Match] | None = None) -> str:
    """``timing`` (``matches``: other positions to decide, ``clustertiming``'s)."""
    pro = ComputerPlayer("pro")
    views = [m.view() for m in (timing_positions() if matches is None else matches)]
    pro.act(views[0])  # compile and warm up
    cpu, wall = [], []
    for view in views:
        c, w = time.process_time(), time.perf_counter()
        pro.act(view)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    cpu.sort()
    wall.sort()
    p95 = int(0.95 * len(cpu))
    return (
        f"cpu median {statistics.median(cpu):.3f} s, p95 {cpu[p95]:.3f} s, total {sum(cpu):.1f} s; "
        f"wall median {statistics.median(wall):.3f} s, p95 {wall[p95]:.3f} s"
    )


def _opponent(game: str) -> str:
    return "pro" if game == "straight-pool" else "strong"


def _safe(ruling: Ruling, opponent: str) -> bool:
    """The opponent's shot was not a legal pot (the bench's ``safety_success``)."""
    return not ((ruling.turn_continues or ruling.winner == opponent) and not ruling.foul)


def _safety_positions(match: Match, game: str, options: Options, pros: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every position of ``match`` where a seat of ``pros`` played a safety, with how it went (``replay``'s input)."""
    found = []
    for shot, reply in zip(match.shots, match.shots[1:], strict=False):
        plain = not shot.situation.break_shot and not isinstance(shot.facts.call, Call)
        if shot.shooter in pros and plain and reply.shooter != shot.shooter:
            found.append({"game": game, "situation": shot.situation, "before": shot.before,
                          "options": options, "safe": _safe(reply.ruling, reply.shooter)})  # fmt: skip
    return found


#: Safety positions met by ``innings``' games, written beside its innings for ``replay``.
_SAFETIES: list[dict[str, Any]] = []


def run_collect(game: str, start: int, count: int, path: str) -> str:
    found = []
    for i in range(start, start + count):
        options = Options(points_to_win=40) if game == "straight-pool" else Options()
        match = Match(game, options, seed=derived_seed(0, "ai2-collect", game, i), lag_winner="AB"[i % 2])  # type: ignore[arg-type]
        match.play({"A": ComputerPlayer("pro"), "B": ComputerPlayer(_opponent(game))})
        found += _safety_positions(match, game, options, ("A", "B") if game == "straight-pool" else ("A",))
    with open(path, "wb") as out:
        pickle.dump(found, out)
    return f"{len(found)} safety positions, {sum(f['safe'] for f in found)} safe in the games; written to {path}"


def run_replay(paths: str, reps: int) -> str:
    items = [item for path in paths.split(",") for item in pickle.load(open(path, "rb"))]  # noqa: SIM115
    pro = ComputerPlayer("pro")
    opponents = {name: ComputerPlayer(name) for name in ("pro", "strong")}
    safeties = safe = potted = 0
    times = []
    beaten: dict[str, int] = {}
    made = held = back = back_pots = 0
    for j, item in enumerate(items):
        s, opponent = item["situation"], opponents[_opponent(item["game"])]
        other = "B" if s.shooter == "A" else "A"
        for rep in range(reps):
            match = _replayed(item, derived_seed(0, "ai2-replay", j, rep), pro)
            start = time.perf_counter()
            action = pro.act(match.view())
            times.append(time.perf_counter() - start)
            match.apply(s.shooter, action, execution_of(pro))
            called = isinstance(getattr(action, "call", None), Call)
            if called and (_legal_pot(match.shots[-1]) or match.state.winner == s.shooter):
                potted, made, held = potted + 1, made + 1, held + 1
                continue
            potted += called
            safeties += not called
            while not match.state.over and match.state.to_act == other and match.view().asked.kind != "shoot":
                match.apply(other, opponent.act(match.view()), execution_of(opponent))
            fouled = match.shots[-1].ruling.foul
            if not match.state.over and match.state.to_act == other:
                match.apply(other, opponent.act(match.view()), execution_of(opponent))
                ok = _safe(match.shots[-1].ruling, other)
                held += ok
                if called:
                    continue
                if not ok:
                    key = f"{'after a foul of pro, ' if fouled else ''}{getattr(opponent.last_choice, 'kind', '?')}"
                    beaten[key] = beaten.get(key, 0) + 1
                safe += ok
                if ok and not match.state.over:
                    back, back_pots = back + 1, back_pots + _next_shot_pots(match, s.shooter, pro)
            else:
                held += match.state.winner == s.shooter
                safe += not called and match.state.winner == s.shooter
    times.sort()
    return (
        f"safety success {share(safe, safeties)} ({potted} times pro called a pot instead, {made} made; pro potted "
        f"or his reply did not {share(held, potted + safeties)}); decision median "
        f"{statistics.median(times):.3f} s, p95 {times[int(0.95 * len(times))]:.3f} s; back at the table after a "
        f"safety that held, pro's next shot potted {share(back_pots, back)}; the replies that potted: "
        + ", ".join(f"{kind} {n}" for kind, n in sorted(beaten.items(), key=lambda kv: -kv[1]))
    )


def _replayed(item: dict[str, Any], seed: int, pro: ComputerPlayer) -> Match:
    """A collected safety position set up again on ``seed``, played on (ball in hand placed) to pro's shot."""
    s = item["situation"]
    match = Match.from_position(
        item["game"], item["before"], shooter=s.shooter, ball_in_hand=s.ball_in_hand,
        groups=dict(s.groups) if s.groups else None, options=item["options"],
        scores=dict(s.score) if item["game"] == "straight-pool" else None, seed=seed,
    )  # fmt: skip
    while match.view().asked.kind != "shoot":
        match.apply(s.shooter, pro.act(match.view()), execution_of(pro))
    return match


def _held(match: Match, action: Action, pro: ComputerPlayer, opponent: ComputerPlayer) -> bool:
    """Play pro's ``action`` and the opponent's answer: pro's shot potted, won, or his reply was no legal pot."""
    seat = match.state.to_act
    match.apply(seat, action, execution_of(pro))
    while not match.state.over and match.state.to_act != seat and match.view().asked.kind != "shoot":
        match.apply(match.state.to_act, opponent.act(match.view()), execution_of(opponent))
    if match.state.over or match.state.to_act == seat:
        return match.state.winner == seat or not match.state.over
    other = match.state.to_act
    match.apply(other, opponent.act(match.view()), execution_of(opponent))
    return _safe(match.shots[-1].ruling, other)


def run_candidates(path: str, start: int, count: int, reps: int) -> str:
    """``candidates``: on collected positions ``start`` .. of ``path``, pro's choice and each of its wide safety
    candidates (``safety.candidates``, as the noisy passes get them), each valued by pro's safety first pass
    (``safety_samples`` noisy plays) and played ``reps`` times on the same seeds, answered by the game's opponent.

    Says whether the safeties that hold are among the candidates and whether the search's value finds them:
    per position, how often pro's choice held, the mean and best candidate, the candidate the first pass
    rates best; over all, the correlation of the first-pass value with the holds within a position.
    """
    items = pickle.load(open(path, "rb"))[start : start + count]  # noqa: SIM115
    pro = ComputerPlayer("pro")
    lines, pairs = [], []
    for j, item in enumerate(items, start):
        opponent = ComputerPlayer(_opponent(item["game"]))
        seeds = [derived_seed(0, "safe8-candidates", j, rep) for rep in range(reps)]
        match = _replayed(item, seeds[0], pro)
        view = match.view()
        ctx = context_of(view, pro.level.noise)
        chosen = pro.act(view)
        held = sum(_held(_replayed(item, seed, pro), chosen, pro, opponent) for seed in seeds)
        if isinstance(getattr(chosen, "call", None), Call):
            lines.append(f"{j}: pro called a pot, held {held}/{reps}")
            continue
        rng = np.random.default_rng(j)
        rows = []
        for stroke, call, _ in safety.candidates(ctx, view.asked.safety_allowed, pro.level.safety_prune):
            worth = evaluate.estimate(ctx, stroke, call, pro.level.safety_samples, rng, "quick").value
            holds = sum(_held(_replayed(item, seed, pro), Shoot(stroke, call), pro, opponent) for seed in seeds)
            rows.append((worth, holds))
        if not rows:
            lines.append(f"{j}: no wide candidate, held {held}/{reps}")
            continue
        mean_worth, mean_holds = statistics.mean(w for w, _ in rows), statistics.mean(h for _, h in rows)
        pairs += [(w - mean_worth, h - mean_holds) for w, h in rows]
        lines.append(
            f"{j}: chosen held {held}/{reps}; {len(rows)} candidates held {mean_holds:.1f} on average, the best "
            f"{max(h for _, h in rows)}, the first pass's best {max(rows)[1]}"
        )
    spread_w = math.sqrt(sum(w * w for w, _ in pairs)) * math.sqrt(sum(h * h for _, h in pairs))
    corr = sum(w * h for w, h in pairs) / spread_w if spread_w else 0.0
    return f"first-pass value against holds, within positions: r = {corr:.2f}\n" + "\n".join(lines)


def _next_shot_pots(match: Match, seat: str, pro: ComputerPlayer) -> bool:
    """Play on from a safety that held until ``seat`` (pro) has shot again: was that shot a legal pot?

    The safety's return: what pro gets when the opponent fails (the opponent's turn played by the
    game's opponent, then pro's ball in hand or choices, then its shot).
    """
    other = "B" if seat == "A" else "A"
    opponent = ComputerPlayer(_opponent(match.state.game))
    shots_before = len(match.shots)
    while not match.state.over:
        who = match.state.to_act
        player = pro if who == seat else opponent
        match.apply(who, player.act(match.view()), execution_of(player))
        if len(match.shots) > shots_before and match.shots[-1].shooter == seat:
            return _legal_pot(match.shots[-1]) or match.state.winner == seat
        if len(match.shots) > shots_before + 6 and who == other:
            return False  # the opponent ran on (after a foul of pro's, say): no return
    return match.state.winner == seat


class _Recording:
    """A player whose shot decisions (the search's ``Choice``) are kept in order, for ``innings``."""

    def __init__(self, level: str) -> None:
        self.player = ComputerPlayer(level)
        self.execution = self.player.execution
        self.choices: list[object] = []

    def act(self, view: MatchView) -> Action:
        action = self.player.act(view)
        if view.asked.kind == "shoot" and not view.break_shot:
            self.choices.append(self.player.last_choice)
        return action


def _rate_bin(rate: float | None) -> str:
    if rate is None:
        return "no pot"
    return next(f"<{hi:.2f}" for hi in (0.3, 0.55, 0.75, 0.9, 1.01) if rate < hi).replace("<1.01", ">=0.90")


def inning_end(shot: ShotRecord, choice: Any, rack_break: bool, after_rack_break: bool) -> str:
    """How an inning ended, from its last shot and the search's choice for it."""
    seat, ruling = shot.shooter, shot.ruling
    if shot.situation.break_shot:
        return "opening break"
    if ruling.game_over:
        return "game won" if ruling.winner == seat else "game lost"
    called = isinstance(shot.facts.call, Call)
    where = "rack break shot: " if rack_break else "after the rack break shot: " if after_rack_break else ""
    if ruling.foul:
        return f"{where}foul on a {'pot' if called else 'safety'}"
    if called:
        kind = getattr(choice, "kind", "pot")
        return f"{where}missed {kind} (rated {_rate_bin(getattr(choice.estimate, 'pot_rate', None))})"
    pot = getattr(choice, "pot", None)
    return f"{where}safety (best pot {_rate_bin(None if pot is None else pot.pot_rate)})"


def play_innings(index: int, points: int = 40) -> list[dict[str, Any]]:
    """Pro v pro 14.1 to ``points`` on seed ``index``: one record per inning (seat, balls, points, how it ended)."""
    options = Options(points_to_win=points)
    match = Match("straight-pool", options, seed=derived_seed(0, "ai3-innings", index), lag_winner="AB"[index % 2])
    seats = {"A": _Recording("pro"), "B": _Recording("pro")}
    match.play(seats)  # type: ignore[arg-type]
    _SAFETIES.extend(_safety_positions(match, "straight-pool", options, ("A", "B")))
    taken = {"A": iter(seats["A"].choices), "B": iter(seats["B"].choices)}
    innings: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for shot in match.shots:
        choice = None if shot.situation.break_shot else next(taken[shot.shooter])
        if current is None:
            current = {"game": index, "seat": shot.shooter, "balls": 0, "points": 0, "shots": 0, "racks": 0}
        rack_break = shot.before is not None and _fresh_rack(match, shot)
        current["racks"] += rack_break
        after_rack_break = current.get("last_rack_break", False)
        current["last_rack_break"] = rack_break
        current["shots"] += 1
        current["points"] += shot.ruling.points.get(shot.shooter, 0)
        current["balls"] += _legal_pot(shot)
        ends = not (shot.ruling.turn_continues and shot.ruling.next_shooter == shot.shooter) or shot.ruling.game_over
        if ends:
            current["end"] = inning_end(shot, choice, rack_break, after_rack_break)
            current["rate"] = getattr(getattr(choice, "estimate", None), "pot_rate", None)
            innings.append(current)
            current = None
    return innings


def _legal_pot(shot: ShotRecord) -> bool:
    return isinstance(shot.facts.call, Call) and shot.ruling.turn_continues and not shot.ruling.foul


def _fresh_rack(match: Match, shot: ShotRecord) -> bool:
    """The shot is played on a fresh fourteen-ball rack with its break ball (``pattern.break_ball``)."""
    ctx = Context(match.state.game, match.state.options, shot.before, shot.situation, LEVELS["pro"])
    return pattern.break_ball(ctx) is not None


def run_innings(start: int, count: int, path: str | None, points: int = 40) -> str:
    if points < 1:
        raise SystemExit(f"--points {points}: a 14.1 game is played to at least 1 point")
    innings = [inning for i in range(start, start + count) for inning in play_innings(i, points)]
    if path:
        with open(path, "wb") as out:
            pickle.dump(innings, out)
        with open(path.removesuffix(".pkl") + "-safeties.pkl", "wb") as out:
            pickle.dump(_SAFETIES, out)
    total = len(innings)
    scored = sum(i["points"] for i in innings)
    lines = [
        f"{count} games to {points}, {total} innings, {scored} points: {scored / max(total, 1):.2f} points per inning"
    ]
    ends: dict[str, list[dict[str, Any]]] = {}
    for inning in innings:
        ends.setdefault(inning["end"], []).append(inning)
    for end, group in sorted(ends.items(), key=lambda kv: -len(kv[1])):
        zero = sum(i["balls"] == 0 for i in group)
        balls = sum(i["balls"] for i in group)
        lines.append(f"  {len(group):4d} ({len(group) / total:5.1%}) {end}: {balls} balls, {zero} innings of none")
    zero = [i for i in innings if i["balls"] == 0]
    scoring = [i for i in innings if i["balls"] > 0]
    lines.append(
        f"innings of no ball: {len(zero)}; without them {sum(i['points'] for i in scoring)} points in "
        f"{len(scoring)} innings = {sum(i['points'] for i in scoring) / max(len(scoring), 1):.2f} per inning"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parts = ("spread", "safety", "safety14", "choice", "rerack", "timing", "collect", "replay", "innings", "breakshot")
    parts += ("breakspeeds", "pair", "endsafety", "safetytiming", "cluster", "clustertiming", "candidates")
    parts += ("reracktiming", "run14", "breakpair", "handtiming", "breakleave", "breaktruth", "breakrun")
    parser.add_argument("part", choices=parts)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--game", choices=("eight-ball", "straight-pool"), default="eight-ball")
    parser.add_argument("--file", default="safeties.pkl")
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--points", type=int, default=40, help="innings: the 14.1 games' length (the rules' is 150)")
    parser.add_argument("--workers", type=int, default=1, help="breakpair, breakrun: processes sharing the positions")
    parser.add_argument(
        "--out", help="spread, cluster, safety, endsafety, safety14, breakrun: append each result here (JSON lines)"
    )
    parser.add_argument(
        "--set",
        action="append",
        help="breakpair, breaktruth: a setting compared with the code as it stands; any other part: one for the "
        "whole run (module.NAME=value)",
    )
    parser.add_argument(
        "--budget",
        action="append",
        help="any part run in this process (not --workers' processes): a field of pro's search budget for the whole "
        "run (FIELD=value, ai.levels.Level's fields, e.g. samples=16)",
    )
    parser.add_argument(
        "--noise",
        type=float,
        help="any part run in this process (not --workers' processes): pro's execution noise, the tournament's times "
        "this scale (e.g. 0.75)",
    )
    print(report(parser.parse_args()))


def report(args: argparse.Namespace) -> str:
    """The part's report: its name, what it ran on, and its figures (a line; ``innings`` spans several)."""
    part, start, count = args.part, args.start, args.count
    if args.set and part not in ("breakpair", "breaktruth"):  # those compare the setting with the code as it stands
        apply_settings(args.set)  # for the whole run (e.g. spread with problems.COST changed, session 18)
    budget, noise = getattr(args, "budget", None), getattr(args, "noise", None)
    for flag, given in (("--budget", bool(budget)), ("--noise", noise is not None)):
        if given and getattr(args, "workers", 1) > 1:  # worker processes build pro from the level as the code stands
            raise SystemExit(f"{flag} holds in this process only: run it without --workers")
    if budget:
        apply_budget(budget)
    if noise is not None:
        apply_noise(noise)
    span, indices = f"{start}..{start + count - 1}", range(start, start + count)
    timed = {
        "safetytiming": endsafety_position,  # pro's decisions on endsafety's positions: nearly all safeties
        "reracktiming": rerack_position,  # pro's first decision on rerack's positions: 14.1 with five balls left
        "handtiming": spread.hand_match,  # the placement on spread tables: the question before the first stroke
        "clustertiming": placed_cluster,
    }
    if part in timed:
        return f"{part} {span}: " + run_timing([timed[part](i) for i in indices])
    innings_file = args.file if args.file != "safeties.pkl" else None
    safety_of = endsafety_position if part == "endsafety" else safety_position
    runs: dict[str, tuple[str, Callable[[], str]]] = {
        "breakpair": (f"{span} {args.set} x{args.reps}", lambda: run_breakpair(
            start, count, args.set, args.reps, args.out, args.workers)),
        "breaktruth": (f"{span} {args.set}", lambda: run_breaktruth(start, count, args.set)),
        "breakrun": (f"{span} {args.set or []}", lambda: run_breakrun(
            start, count, args.set or [], args.out, args.workers)),
        "breakleave": (f"{span} x{args.reps}", lambda: run_breakleave(start, count, args.reps)),
        "timing": ("", run_timing),
        "collect": ("", lambda: run_collect(args.game, start, count, args.file)),
        "innings": (span, lambda: "\n" + run_innings(start, count, innings_file, args.points)),
        "spread": (span, lambda: run_spread(start, count, args.out)),
        "run14": (span, lambda: run_run14(start, count, args.out)),
        "cluster": (span, lambda: run_spread(start, count, args.out, clusters.cluster_table)),
        "pair": (args.file, lambda: run_pair(args.file)),
        "candidates": (f"{args.file} {start}..", lambda: run_candidates(args.file, start, count, args.reps)),
        "replay": (f"{args.file} x{args.reps}", lambda: run_replay(args.file, args.reps)),
        "safety": (span, lambda: run_safety(start, count, args.out, safety_of)),
        "endsafety": (span, lambda: run_safety(start, count, args.out, safety_of)),
        "safety14": (span, lambda: run_safety14(start, count, args.out)),
        "choice": (span, lambda: run_choice(start, count)),
        "rerack": (span, lambda: run_rerack(start, count)),
        "breakshot": (span, lambda: run_breakshot(start, count)),
        "breakspeeds": (span, lambda: run_breakspeeds(start, count)),
    }  # fmt: skip
    label, run = runs[part]
    return f"{part} {label}: {run()}" if label else f"{part}: {run()}"


if __name__ == "__main__":
    main()
