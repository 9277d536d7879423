"""Tournaments: the per-game job of ``poolhall simulate`` and the backends that run many of them.

A ``GameJob`` is everything one match needs (game, player names, options,
the run's seed, the match's index, the table); ``play_game`` plays it and returns its
summary line and its record's text. The match seed comes from the run's seed
and the index alone, and the worker writes nothing, so every backend gives
the same records byte for byte: the caller writes them.

Backends (``BACKENDS``):

- ``process``: ``workers`` local processes (``poolhall.parallel``: Ctrl-C stops
  them at once), which also report how far each running match has come;
- ``ray``: tasks on a Ray cluster (optional extra ``dist``): the one at
  ``address``, else a local one started with ``workers`` CPUs, else the Ray
  this process has already initialised. Every node must have poolhall
  installed: tasks refer to ``play_game`` by name.

Both call ``done(result)`` in the driving process as each match finishes
(for a progress bar and for writing the record) and return the results in
index order. The process backend also calls ``on_progress(MatchProgress)``
now and then while a match is being played.
"""

from __future__ import annotations

import logging
import re
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from poolhall import parallel
from poolhall.ai.registry import make_player
from poolhall.equipment import TableSpec
from poolhall.game import Match, MatchError
from poolhall.game.execution import execution_of
from poolhall.game.record import dumps
from poolhall.game.state import derived_seed
from poolhall.game.view import MatchView, Player
from poolhall.rules.model import Options

BACKENDS = ("process", "ray")


class BackendError(RuntimeError):
    """A backend cannot run: its package is missing or its cluster cannot be reached."""


@dataclass(frozen=True)
class GameJob:
    """One match of a run: match ``index`` of the run seeded ``seed``."""

    game: str
    players: tuple[str, str]
    options: Options
    seed: int
    index: int
    table: str = "9-foot"  # TableSpec.named's name

    @property
    def record_name(self) -> str:
        return f"match-{self.index + 1:04d}.json"


@dataclass(frozen=True)
class GameResult:
    """A played match: its summary line (see ``play_game``) and its record file's text."""

    index: int
    summary: dict[str, Any]
    record: str


@dataclass(frozen=True)
class MatchProgress:
    """How far a running match has come: ``share`` of its target (points or games), a short ``label``."""

    index: int
    share: float
    label: str


#: A worker reports a running match's progress at most this often (seconds).
REPORT_SECONDS = 0.5


def match_progress(index: int, view: MatchView) -> MatchProgress:
    """The score against the target: 14.1 points out of ``points_to_win``, eight-ball games of the race."""
    if view.game == "straight-pool":
        target, score = view.options.points_to_win, view.score
        label = f"{score['A']}-{score['B']} of {target}, shot {view.shots}"
    else:
        target, score = view.options.race_to, view.games_won
        label = f"game {view.game_number}, {score['A']}-{score['B']} in a race to {target}, shot {view.shots}"
    share = min(max(score.values()) / target, 0.99)
    return MatchProgress(index, share, f"match {index + 1}: {label}")


class _Reporting:
    """A seat's player that tells the parent how far the match has come before it decides (throttled)."""

    def __init__(self, player: Player, index: int, clock: list[float]) -> None:
        self.player = player
        self.execution = execution_of(player)
        self.index = index
        self.clock = clock  # shared by both seats: the time of the last report

    def act(self, view: MatchView) -> Any:
        now = time.monotonic()
        if now - self.clock[0] >= REPORT_SECONDS:
            self.clock[0] = now
            parallel.report(match_progress(self.index, view))
        return self.player.act(view)


def play_game(job: GameJob) -> GameResult:
    """Play ``job``'s match; the summary has winner, racks, shots, scores and per-seat statistics,
    or ``error`` when a player's action was refused (the record then ends there)."""
    match_seed = derived_seed(job.seed, "match", job.index)
    match = Match(job.game, job.options, seed=match_seed, table=TableSpec.named(job.table))  # type: ignore[arg-type]
    names = {"A": job.players[0], "B": job.players[1]}
    clock = [time.monotonic()]
    try:
        match.play({seat: _Reporting(make_player(name), job.index, clock) for seat, name in names.items()})
    except MatchError as exc:
        return GameResult(job.index, {"index": job.index, "error": str(exc)}, dumps(match, names))
    state = match.state
    summary = {
        "index": job.index,
        "seed": match_seed,
        "winner": state.winner,
        "racks": state.racks,
        "shots": state.shots,
        "games_won": dict(state.games_won),
        "score": dict(state.score),
        "fouls": dict(state.stats.fouls),
        "balls": dict(state.stats.balls),
        "innings": dict(state.stats.innings),
    }
    return GameResult(job.index, summary, dumps(match, names))


Done = Callable[[GameResult], None]


def run(
    backend: str,
    jobs: Sequence[GameJob],
    done: Done,
    *,
    workers: int = 2,
    address: str | None = None,
    on_progress: Callable[[MatchProgress], None] | None = None,
) -> list[GameResult]:
    """Play every job on ``backend``; ``done`` as each finishes; the results in index order.

    On an exception (Ctrl-C, or one ``done`` raises) the matches still running are stopped at once.
    """
    if backend == "process":
        source = parallel.unordered(play_game, jobs, workers, on_progress)
    elif backend == "ray":
        source = _ray(jobs, workers, address)
    else:
        raise BackendError(f"unknown backend {backend!r}; expected {' or '.join(BACKENDS)}")
    results = []
    with closing(source):
        for result in source:
            done(result)
            results.append(result)
    return sorted(results, key=lambda r: r.index)


#: How long to wait for a cluster's port to answer before giving up (Ray itself retries for minutes).
PROBE_SECONDS = 5.0


def _probe(address: str) -> None:
    """Fail fast, in plain words, when ``host:port`` (or ``ray://host:port``) does not answer.

    ``ray.init`` retries an unreachable address for several minutes before it
    raises; a person who mistyped the address should hear so in seconds.
    Addresses Ray resolves itself (``auto``, ``local``) are left to Ray.
    """
    found = re.fullmatch(r"(?:ray://)?\[?([^\]]+?)\]?:(\d+)", address.strip())
    if found is None:
        return
    host, port = found.group(1), int(found.group(2))
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BackendError(f"cannot reach Ray at {address}: {reason}") from None


def _ray(jobs: Sequence[GameJob], workers: int, address: str | None) -> Iterator[GameResult]:
    try:
        import ray
    except ModuleNotFoundError:
        raise BackendError("the ray backend needs Ray: pip install 'poolhall[dist]'") from None
    if address is not None:
        _probe(address)
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(
                address=address,
                num_cpus=None if address else workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except Exception as exc:  # Ray reports an unreachable or refused cluster with several types
            raise BackendError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {exc}") from None
    pending: list[Any] = []
    with parallel.first_interrupt_only():
        try:
            task = ray.remote(num_cpus=1)(play_game)
            pending = [task.remote(job) for job in jobs]
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                yield ray.get(ready[0])
        finally:
            # On a cluster that outlives us the workers would play on every match handed out; stop them. A local
            # Ray we started dies with its workers at shutdown, so nothing is cancelled there: a forced cancel
            # racing a task's reply can abort the whole process inside Ray (its check "Tried to complete task
            # that was not pending", seen once in CI on Ctrl-C, Ray 2.x), which would lose the closing line.
            if address is not None or not started:
                for ref in pending:
                    ray.cancel(ref, force=True)
            if started:
                ray.shutdown()
