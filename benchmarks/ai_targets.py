"""Small, targeted measurements of pro's unmet issue-16 figures, in one process, on seeded positions.

Each part plays pro (tournament noise, 9-foot table) on positions that depend only on their index,
so two versions of the code compare on the same positions (run this file from each worktree):

- ``spread``: ``bench.spread.run_from_hand`` on spread tables ``--start`` .. (the bench's own figure
  ``run_from_hand`` uses tables 0-99; develop on others, e.g. 1000 and 2000 on);
- ``safety``: eight-ball positions with three solids, three stripes and the 8 at random, pro (solids)
  to play with no straight pot, bank or combination but a direct line to one of its balls; pro
  decides, ``strong`` (the bench's eight-ball opponent) answers; the share of pro's safeties after
  which his shot is not a legal pot (the bench's ``safety_success``);
- ``rerack``: 14.1, five balls and the cue ball at random: pro's inning up to nine balls, so the
  run must go through the re-rack and the break shot (mean balls, and the share past five);
- ``timing``: CPU and wall time of pro's decisions on 30 fixed positions (eight-ball with one to
  seven own balls, and 14.1 spreads), without playing them out;
- ``collect``: plays ``--count`` seeded games (``--game``: eight-ball pro v strong, or 14.1 pro v
  pro to 40, the bench's pairings, on seeds of their own) and pickles to ``--file`` every position
  where pro played a safety (the bench's ``safety_success`` counts these), with how it went;
- ``replay``: pro plays each collected position of ``--file`` (comma-separated files) ``--reps``
  times on seeds that depend only on the position and the repeat, the game's opponent answers: the
  share after which he does not pot. Collected once, the positions compare two versions of the
  code paired (the positions pro met in real games are harder than ``safety``'s random ones).

    PYTHONPATH=src .venv/bin/python benchmarks/ai_targets.py spread --start 2000 --count 30
"""

from __future__ import annotations

import argparse
import math
import pickle
import statistics
import time

import numpy as np

from poolhall.ai import evaluate, shots
from poolhall.ai.context import context_of
from poolhall.ai.player import ComputerPlayer
from poolhall.bench import spread
from poolhall.game import Match
from poolhall.game.execution import execution_of
from poolhall.game.state import derived_seed
from poolhall.layout import Layout
from poolhall.rules.model import Call, Options, Ruling

RERACK_CAP = 9


def share(hits: int, n: int) -> str:
    p = hits / max(n, 1)
    return f"{hits}/{n} = {p:.3f} +- {math.sqrt(p * (1 - p) / max(n, 1)):.3f}"


def run_spread(start: int, count: int) -> str:
    results = [spread.run_from_hand(i) for i in range(start, start + count)]
    balls = statistics.mean(r["balls"] for r in results)
    return f"run out {share(sum(r['run_out'] for r in results), count)}; balls per inning {balls:.2f}"


def safety_position(index: int) -> Match:
    """The first seeded draw for ``index`` where pro has no pot of any kind but sees one of its balls."""
    for k in range(10_000):
        rng = np.random.default_rng(derived_seed(0, "safety-diag", index, k))
        spots = spread.random_spots(rng, 8, 0.01)
        positions = dict(zip([0, 1, 2, 3, 9, 10, 11, 8], spots, strict=True))
        groups = {"A": "solids", "B": "stripes"}
        layout = Layout.from_positions(positions, spread.TABLE)
        seed = derived_seed(0, "sd-match", index)
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


def run_safety(start: int, count: int) -> str:
    pro, opponent = ComputerPlayer("pro"), ComputerPlayer("strong")
    safeties = safe = 0
    for index in range(start, start + count):
        match = safety_position(index)
        action = pro.act(match.view())
        match.apply("A", action, execution_of(pro))
        if isinstance(getattr(action, "call", None), Call):
            continue  # pro found a pot after all (a carom, a hanger): not a safety
        safeties += 1
        while not match.state.over and match.state.to_act == "B" and match.view().asked.kind != "shoot":
            match.apply("B", opponent.act(match.view()), execution_of(opponent))
        if not match.state.over and match.state.to_act == "B":
            match.apply("B", opponent.act(match.view()), execution_of(opponent))
            ruling = match.shots[-1].ruling
            safe += not ((ruling.turn_continues or ruling.winner == "B") and not ruling.foul)
        else:
            safe += match.state.winner == "A"
    return f"safety success {share(safe, safeties)} ({count - safeties} positions pro potted)"


def run_rerack(start: int, count: int) -> str:
    pro = ComputerPlayer("pro")
    runs = []
    for index in range(start, start + count):
        rng = np.random.default_rng(derived_seed(0, "sp-diag", index))
        spots = spread.random_spots(rng, 6, 0.01)
        layout = Layout.from_positions(dict(zip([0, 3, 6, 9, 12, 15], spots, strict=True)), spread.TABLE)
        match = Match.from_position("straight-pool", layout, shooter="A", options=Options(points_to_win=150),
                                    seed=derived_seed(0, "sp-m", index))  # fmt: skip
        balls = 0
        while not match.state.over and match.state.to_act == "A" and balls < RERACK_CAP and len(match.log) < 60:
            view = match.view()
            match.apply("A", pro.act(view), execution_of(pro))
            if view.asked.kind == "shoot":
                balls += max(0, match.shots[-1].ruling.points.get("A", 0))
        runs.append(balls)
    through = sum(b > 5 for b in runs)
    return f"balls {statistics.mean(runs):.2f} (cap {RERACK_CAP}); through the re-rack {share(through, count)}"


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


def run_timing() -> str:
    pro = ComputerPlayer("pro")
    views = [m.view() for m in timing_positions()]
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


def run_collect(game: str, start: int, count: int, path: str) -> str:
    found = []
    for i in range(start, start + count):
        options = Options(points_to_win=40) if game == "straight-pool" else Options()
        match = Match(game, options, seed=derived_seed(0, "ai2-collect", game, i), lag_winner="AB"[i % 2])  # type: ignore[arg-type]
        match.play({"A": ComputerPlayer("pro"), "B": ComputerPlayer(_opponent(game))})
        pros = ("A", "B") if game == "straight-pool" else ("A",)
        for shot, reply in zip(match.shots, match.shots[1:], strict=False):
            plain = not shot.situation.break_shot and not isinstance(shot.facts.call, Call)
            if shot.shooter in pros and plain and reply.shooter != shot.shooter:
                found.append({"game": game, "situation": shot.situation, "before": shot.before,
                              "options": options, "safe": _safe(reply.ruling, reply.shooter)})  # fmt: skip
    with open(path, "wb") as out:
        pickle.dump(found, out)
    return f"{len(found)} safety positions, {sum(f['safe'] for f in found)} safe in the games; written to {path}"


def run_replay(paths: str, reps: int) -> str:
    items = [item for path in paths.split(",") for item in pickle.load(open(path, "rb"))]  # noqa: SIM115
    pro = ComputerPlayer("pro")
    opponents = {name: ComputerPlayer(name) for name in ("pro", "strong")}
    safeties = safe = potted = 0
    times = []
    for j, item in enumerate(items):
        s, opponent = item["situation"], opponents[_opponent(item["game"])]
        other = "B" if s.shooter == "A" else "A"
        for rep in range(reps):
            match = Match.from_position(
                item["game"], item["before"], shooter=s.shooter, ball_in_hand=s.ball_in_hand,
                groups=dict(s.groups) if s.groups else None, options=item["options"],
                scores=dict(s.score) if item["game"] == "straight-pool" else None,
                seed=derived_seed(0, "ai2-replay", j, rep),
            )  # fmt: skip
            while match.view().asked.kind != "shoot":
                match.apply(s.shooter, pro.act(match.view()), execution_of(pro))
            start = time.perf_counter()
            action = pro.act(match.view())
            times.append(time.perf_counter() - start)
            match.apply(s.shooter, action, execution_of(pro))
            if isinstance(getattr(action, "call", None), Call):
                potted += 1
                continue
            safeties += 1
            while not match.state.over and match.state.to_act == other and match.view().asked.kind != "shoot":
                match.apply(other, opponent.act(match.view()), execution_of(opponent))
            if not match.state.over and match.state.to_act == other:
                match.apply(other, opponent.act(match.view()), execution_of(opponent))
                safe += _safe(match.shots[-1].ruling, other)
            else:
                safe += match.state.winner == s.shooter
    times.sort()
    return (
        f"safety success {share(safe, safeties)} ({potted} times pro potted instead); decision median "
        f"{statistics.median(times):.3f} s, p95 {times[int(0.95 * len(times))]:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("spread", "safety", "rerack", "timing", "collect", "replay"))
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--game", choices=("eight-ball", "straight-pool"), default="eight-ball")
    parser.add_argument("--file", default="safeties.pkl")
    parser.add_argument("--reps", type=int, default=2)
    args = parser.parse_args()
    if args.part == "timing":
        print("timing:", run_timing())
        return
    if args.part == "collect":
        print("collect:", run_collect(args.game, args.start, args.count, args.file))
        return
    if args.part == "replay":
        print(f"replay {args.file} x{args.reps}:", run_replay(args.file, args.reps))
        return
    run = {"spread": run_spread, "safety": run_safety, "rerack": run_rerack}[args.part]
    print(f"{args.part} {args.start}..{args.start + args.count - 1}:", run(args.start, args.count))


if __name__ == "__main__":
    main()
