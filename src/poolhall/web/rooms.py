"""Rooms: one per match, each a single asyncio task that serialises every command (lila's round actor).

A page's messages, a computer player's decisions and ``hello``s all go into
the room's queue; the room's task takes them one at a time, checks policy
(is this connection a seat, is that seat asked now), lets ``game.Match``
apply the action, commits the action to SQLite (on the loop when SQLite
can take it at once, else in a thread: a commit may wait for another writer's
lock; ``Store.commit_now``), and only then broadcasts the event with the next
version. A refused command gets an ``error`` to its
sender and changes nothing.

A commit that fails (the write lock held elsewhere past the busy timeout, a
full disk, an I/O error) leaves the database as it was; the room then
rebuilds its match from the actions the database holds, so memory and disk
never differ, and answers the seat ``retry``: nothing happened, send it
again. A computer seat simply decides again a moment later.

The match applies an action in the room's task itself: a shot is simulated
once, in a millisecond or less (the app compiles the simulator when it
starts), and the match hands back that simulation (``Match.last_result``)
for the page's animation. A thread would not make it faster: the simulator
holds the GIL, and each hop to a thread waits for it.

Computer seats decide in a worker (a process) on the view of one version; if
the match moved on meanwhile, the stale decision is dropped and asked again.
Their strokes are played through their level's execution noise, as
``Match.play`` does (``game/execution.py``): the room logs the stroke as it
came off the cue, so the record replays without noise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from poolhall.equipment import TableSpec
from poolhall.game import (
    Action,
    AmendShot,
    AnswerStalemate,
    Choose,
    EnterShot,
    Match,
    MatchError,
    MatchView,
    PlaceCueBall,
    ProposeStalemate,
    RequestCall,
    Shoot,
    ShotRecord,
    action_from_dict,
)
from poolhall.game import record as game_record
from poolhall.game.codec import shot_from_dict, shot_to_dict
from poolhall.game.execution import Execution
from poolhall.game.match import MAX_ACTIONS
from poolhall.game.record import RecordError
from poolhall.game.scoresheet import sheet_rows
from poolhall.game.situation import situation_for
from poolhall.physics import Stroke
from poolhall.physics.warm import compile_kernels
from poolhall.rules import contract
from poolhall.rules.model import RefereeError
from poolhall.web import protocol, views
from poolhall.web.connection import Connection
from poolhall.web.players import Thinkers, decide, execution
from poolhall.web.store import Store, StoredMatch, StoreError, token_hash

log = logging.getLogger("poolhall.web")
#: Computer seats stop deciding once a match has this many actions (``Match.play``'s cap): a match between
#: two computers that cannot end must not keep a worker busy, and the database growing, for ever.
COMPUTER_ACTION_CAP = MAX_ACTIONS
#: Actions in a snapshot's ruling log (a computer's whole inning, a scratch and the choice after it).
LOG_LENGTH = 40
#: Seconds before a computer seat decides again after its action could not be committed.
RETRY_DELAY_S = 1.0


def new_match(config: Mapping[str, Any]) -> Match:
    """A fresh ``game.Match`` from a room's settings (validated by the REST layer and ``parse_options``)."""
    return Match(
        config["game"],
        contract.parse_options(config["options"]),
        table=TableSpec.named(config["table"]),
        seed=config["seed"],
        scorekeeper=config["mode"] == "scorekeeper",
        lag_winner=config.get("lag_winner"),  # rooms stored before it existed have none
        clock=time.time,
    )


def names(config: Mapping[str, Any]) -> dict[str, str]:
    return {seat: s["name"] for seat, s in config["seats"].items()}


def action_for(message: Any, match: Match) -> Action:
    """A validated message -> the game's action (``MatchError`` / ``RefereeError`` when the facts do not fit)."""
    if isinstance(message, protocol.Place):
        return PlaceCueBall(message.x, message.y)
    if isinstance(message, protocol.Shoot):
        s = message.stroke
        raw_call = message.call if isinstance(message.call, str) or message.call is None else message.call.model_dump()
        return action_from_dict(
            {"type": "shoot", "stroke": {"speed": s.speed, "phi": s.phi, "theta": s.theta, "a": s.a, "b": s.b},
             "call": raw_call}
        )  # fmt: skip
    if isinstance(message, protocol.Choose):
        return Choose(message.option, message.ball)
    if isinstance(message, protocol.Stalemate):
        return ProposeStalemate() if message.answer == "offer" else AnswerStalemate(message.answer == "accept")
    if isinstance(message, protocol.RequestCall):
        return RequestCall()
    facts = message.shot.model_dump(exclude_none=True)
    if isinstance(message, protocol.Amend):  # checked against the table as it was before that shot
        before = match.state.pre_shot
        if before is None:
            words = "there is no shot to amend now: a shot's ruling is final once the next shot is recorded"
            raise MatchError(words, "amend-none")
        return AmendShot(message.number, shot_from_dict(facts, situation_for(before)))
    return EnterShot(shot_from_dict(facts, situation_for(match.state)))


@dataclass
class Room:
    """A match in play: its ``Match``, seats, version, connections and command queue."""

    id: str
    config: dict[str, Any]
    match: Match
    token_hashes: dict[str, str]
    store: Store
    thinkers: Thinkers  # where computer seats decide (a process pool: the simulator holds the GIL)
    header: dict[str, Any]  # the record's header (no actions): what a rebuild folds the actions over
    version: int = 0
    actions: list[dict[str, Any]] = field(default_factory=list)
    connections: set[Connection] = field(default_factory=set)
    queue: asyncio.Queue[tuple[Connection | None, Any]] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None
    thinking: int | None = None  # the version a computer player is deciding on
    thought: asyncio.Task[None] | None = None  # the computer's decision under way
    errors: int = 0
    capped: bool = False  # the computer seats reached COMPUTER_ACTION_CAP and stopped
    #: Held while an action is applied and committed: readers outside the task (REST) see committed states only.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: int = 0  # WebSockets attached, joined or not yet (the hall unloads only rooms with none)
    touched: float = field(default_factory=time.time)  # the last command or departure (the hall unloads idle rooms)
    #: Called when the match is over and nobody uses the room any more (the hall lets it go: ``Hall.adopt``).
    on_done: Callable[[Room], None] | None = None

    # ------------------------------------------------------------ life
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.id}")
        self._maybe_think()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.thought is not None:
            self.thought.cancel()
        for conn in list(self.connections):
            conn.close()

    def submit(self, conn: Connection | None, message: Any) -> None:
        """Queue a command; the room's task handles it in order."""
        self.touched = time.time()
        self.queue.put_nowait((conn, message))

    def attach(self) -> None:
        """A socket opened on this room (it says hello later)."""
        self.sockets += 1
        self.touched = time.time()

    def leave(self, conn: Connection) -> None:
        """That socket closed; the last one to leave a finished match lets the room go (``on_done``)."""
        self.connections.discard(conn)
        self.sockets -= 1
        self.touched = time.time()
        if self.match.over and self.on_done is not None and self.idle_for(self.touched) >= 0:
            self.on_done(self)

    def idle_for(self, now: float) -> float:
        """Seconds since the last command or departure; minus infinity while anyone or anything uses the room."""
        thinking = self.thought is not None and not self.thought.done()
        if self.sockets or self.connections or thinking or not self.queue.empty() or self.lock.locked():
            return float("-inf")
        return now - self.touched

    async def _run(self) -> None:
        while True:
            conn, message = await self.queue.get()
            try:
                await self._handle(conn, message)
            except Exception:  # a bug must not kill the room: log it and tell the sender
                self.errors += 1
                log.exception("room %s: command %r failed", self.id, message)
                if conn is not None:
                    conn.deliver(protocol.error_message(self.version, "server", "the server could not do that"))

    # ------------------------------------------------------------ commands
    async def _handle(self, conn: Connection | None, message: Any) -> None:
        if conn is None:  # a computer seat's decision: (version it decided on, seat, action)
            version, seat, action = message
            self.thinking = None
            if version == self.version and self.asked_seat() == seat:
                noise = execution(self.config["seats"][seat].get("level"))
                if not await self._apply(seat, action, None, noise):
                    asyncio.get_running_loop().call_later(RETRY_DELAY_S, self._maybe_think)
                    return
            self._maybe_think()
            return
        if conn.joined is False and not isinstance(message, protocol.Hello):
            conn.deliver(protocol.error_message(self.version, "not-joined", "say hello first"))
            return
        if isinstance(message, protocol.Hello):
            self._hello(conn, message)
        elif isinstance(message, protocol.Sync):
            conn.deliver(protocol.snapshot_message(self.version, self.snapshot()))
        elif isinstance(message, protocol.Ping):
            conn.deliver(protocol.pong_message(self.version))
        else:
            await self._act(conn, message)

    def _hello(self, conn: Connection, message: protocol.Hello) -> None:
        if conn.joined:
            conn.deliver(protocol.error_message(self.version, "already-joined", "this connection has said hello"))
            return
        hashes = {token_hash(t) for t in message.tokens}
        seats = frozenset(seat for seat, h in self.token_hashes.items() if h in hashes)
        if len(seats) < len(message.tokens):
            conn.deliver(protocol.error_message(self.version, "wrong-token", "a token is not a seat of this match"))
        conn.join(seats, message.lang)
        self.connections.add(conn)
        conn.deliver(protocol.welcome_message(self.version, self.id, sorted(seats)))
        conn.deliver(protocol.snapshot_message(self.version, self.snapshot()))

    def asked_seat(self) -> str | None:
        return self.match.asked().player

    def _acting_seat(self, conn: Connection, message: Any) -> str | None:
        """The seat this connection acts for now: the asked seat if it holds it, else None."""
        asked = self.asked_seat()
        if isinstance(message, protocol.RequestCall):  # the seat that is not asked to shoot
            return next((seat for seat in sorted(conn.seats) if seat != asked), None)
        if asked in conn.seats:
            return asked
        offer = isinstance(message, protocol.Stalemate) and message.answer == "offer"
        if (offer or isinstance(message, protocol.Amend)) and conn.seats:
            return sorted(conn.seats)[0]
        return None

    async def _act(self, conn: Connection, message: Any) -> None:
        if not conn.seats:
            conn.deliver(protocol.error_message(self.version, "spectator", "spectators watch; they cannot act"))
            return
        if message.version is not None and message.version != self.version:
            words = f"that answered version {message.version}; the match is at version {self.version}"
            conn.deliver(protocol.error_message(self.version, "stale", words))
            return
        seat = self._acting_seat(conn, message)
        if seat is None:
            who = self.asked_seat()
            text = "the match is over" if who is None else f"it is {self.config['seats'][who]['name']}'s turn"
            conn.deliver(protocol.error_message(self.version, "not-your-turn", text))
            return
        if self.config["seats"][seat]["kind"] == "computer":
            conn.deliver(protocol.error_message(self.version, "not-your-turn", "the computer plays that seat"))
            return
        try:
            action = action_for(message, self.match)
        except (MatchError, RefereeError, ValueError) as exc:
            conn.deliver(self._refusal(exc))
            return
        await self._apply(seat, action, conn)
        self._maybe_think()

    def _refusal(self, exc: ValueError) -> dict[str, Any]:
        """The ``illegal`` error for a refused action: the English sentence, and its refusal code and parameters
        (seats as the players' names) for the page to say in its own language."""
        code, params = getattr(exc, "code", None), dict(getattr(exc, "params", {}))
        if isinstance(exc, RefereeError):  # scorekeeper facts the table contradicts
            code = "facts-contradict"
        seats = names(self.config)
        params = {k: seats.get(v, v) if k in views.SEAT_PARAMS and isinstance(v, str) else v for k, v in params.items()}
        return protocol.error_message(self.version, "illegal", str(exc), refusal=code, params=params)

    async def _apply(self, seat: str, action: Action, conn: Connection | None, noise: Execution | None = None) -> bool:
        """Apply, commit, broadcast; False when nothing happened (refused, or the commit failed and was undone).

        ``noise``: a computer seat's execution model (its stroke as played).
        """
        async with self.lock:
            try:
                record: ShotRecord | None = self.match.apply(seat, action, noise)  # type: ignore[arg-type]
            except MatchError as exc:
                if conn is not None:
                    conn.deliver(self._refusal(exc))
                return False
            played = self.match.log[-1]  # the action as logged: a computer's stroke after its noise
            entry: dict[str, Any] = {"seat": seat, "action": played.action.to_dict(), "time": played.time}
            if record is not None:
                entry["shot"] = views.shot_json(record, self.match.last_result, names(self.config))
                kept(entry)
            version = self.version + 1
            try:  # on the loop when SQLite can take it at once, else in a thread that may wait (store.py)
                if not self.store.commit_now(self.id, version, lambda: stored_text(entry), self.match.over):
                    await asyncio.to_thread(self.store.commit, self.id, version, stored_text(entry), self.match.over)
            except StoreError as exc:
                if not await self._undo(version, exc):
                    if conn is not None:
                        words = "the server could not save that, so nothing happened: send it again"
                        conn.deliver(protocol.error_message(self.version, "retry", words))
                    return False
            self.version = version
            self.actions.append(entry)
        event = protocol.event_text(
            version, self._public(entry), self.snapshot(with_last=False), entry.get("trajectory")
        )
        for other in list(self.connections):
            if not other.deliver(event):
                self.connections.discard(other)
        return True

    async def _undo(self, version: int, exc: StoreError) -> bool:
        """After a failed commit: True if the database has action ``version`` after all (an error after COMMIT);
        else the match is rebuilt from the committed actions, so memory holds what the database holds."""
        with contextlib.suppress(StoreError, OSError, sqlite3.Error):
            if await asyncio.to_thread(self.store.version, self.id) == version:
                return True
        log.error("room %s: action %d not saved, undone: %s", self.id, version, exc)
        self.errors += 1
        self.match, _ = await asyncio.to_thread(rebuild, self.header, self.actions)
        return False

    @staticmethod
    def _public(entry: dict[str, Any], trajectory: bool = False) -> dict[str, Any]:
        """The event's action as pages get it: the shot's fields at the top (start, ruling; with ``trajectory``
        its trajectory too, decoded: an event splices the kept text in instead)."""
        out = {"seat": entry["seat"], "type": entry["action"]["type"]}
        for key in ("option", "ball", "accept"):  # a choice, for the page's ruling log to announce
            if entry["action"].get(key) is not None:
                out[key] = entry["action"][key]
        if "shot" in entry:
            out.update(entry["shot"])
        if trajectory and "trajectory" in entry:
            out["trajectory"] = json.loads(entry["trajectory"])
        return out

    # ------------------------------------------------------------ computer seats
    def _maybe_think(self) -> None:
        if self.task is None or self.task.done():  # stopped (unloaded, or the server is closing)
            return
        seat = self.asked_seat()
        if seat is None or self.thinking == self.version or self.config["seats"][seat]["kind"] != "computer":
            return
        if len(self.match.log) >= COMPUTER_ACTION_CAP:
            if not self.capped:
                self.capped = True
                log.warning("room %s: %d actions without an end; the computer seats stop", self.id, len(self.match.log))
                words = f"the match has gone {len(self.match.log)} actions without an end: the computer stops here"
                for conn in list(self.connections):
                    conn.deliver(protocol.error_message(self.version, "computer", words))
            return
        self.thinking = self.version
        version, view, level = self.version, self.match.view(), self.config["seats"][seat].get("level")
        self.thought = asyncio.get_running_loop().create_task(self._think(version, seat, level, view))

    async def _think(self, version: int, seat: str, level: str | None, view: MatchView) -> None:
        """Ask the pool for the computer's action and queue it; if it cannot answer, tell the seats why."""
        try:
            action = await self.thinkers.run(decide, level, view)
        except Exception as exc:  # a dead pool or a player's bug: the people must not wait in silence
            self.errors += 1
            log.error("room %s: computer %s failed: %r", self.id, seat, exc)
            error = protocol.error_message(self.version, "computer", "the computer player could not decide")
            for conn in list(self.connections):
                if conn.seats:
                    conn.deliver(error)
            return
        self.submit(None, (version, seat, action))

    # ------------------------------------------------------------ pictures
    def snapshot(self, *, with_last: bool = True) -> dict[str, Any]:
        """The match for a page; ``with_last=False`` in an event, whose own action is the last one."""
        shots = [e for e in self.actions if "shot" in e]
        last = None
        if with_last:
            last = self._public(self.actions[-1], True) if self.actions and "shot" in self.actions[-1] else None
            if last is None and shots:
                shot = {k: v for k, v in self._public(shots[-1], True).items() if k not in ("seat", "type")}
                last = {"seat": shot["shooter"], "type": "shoot", **shot}
        return views.match_json(
            self.id,
            self.config,
            self.match.view(),
            replayable=[e["shot"]["number"] for e in shots if "trajectory" in e],
            sheet=sheet_rows(self.match) if self.config["game"] == "straight-pool" else None,
            last_action=last,
            amend=self._amendable(),
            log=self._log() if with_last else None,
            started=self.actions[0]["time"] if self.actions else None,
        )

    def _log(self) -> list[dict[str, Any]]:
        """The last ``LOG_LENGTH`` actions, rulings included, without their trajectories: the page's ruling log."""
        first = max(0, len(self.actions) - LOG_LENGTH)
        return [
            {"version": n + 1, **{k: v for k, v in self._public(e).items() if k != "start"}}
            for n, e in enumerate(self.actions[first:], start=first)
        ]

    def _amendable(self) -> dict[str, Any] | None:
        """Scorekeeper mode: the last shot while it may still be corrected (GEN-14), and the table before it."""
        before = self.match.state.pre_shot
        if before is None or not self.match.shots:
            return None
        return {
            "number": self.match.shots[-1].number,
            "shooter": before.shooter,
            "on_table": sorted(before.on_table),
            "break_shot": before.break_next,
            "ball_in_hand": before.ball_in_hand,
            "facts": shot_to_dict(self.match.shots[-1].facts),
        }

    def summary(self) -> dict[str, Any]:
        """For the match list: the score (games won in eight-ball, points in 14.1), whose turn, the winner."""
        view = self.match.view()
        score = view.games_won if view.game == "eight-ball" else view.score
        return {"score": dict(score), "turn": None if view.over else view.asked.player, "winner": view.winner}

    def record(self) -> dict[str, Any]:
        """The download: the match layer's versioned record (every action, every shot, the result)."""
        return game_record.to_dict(self.match, names(self.config))

    def shot(self, number: int) -> dict[str, Any] | None:
        for entry in reversed(self.actions):  # an amended shot (GEN-14): its last ruling
            if entry.get("shot", {}).get("number") == number:
                return self._public(entry, True)
        return None


def kept(entry: dict[str, Any]) -> dict[str, Any]:
    """A committed action as a room keeps it (in place): a shot's trajectory moved out of the shot, as JSON text.

    A trajectory is the bulk of an action, as Python lists about 30 KiB a shot; as text a tenth of that,
    encoded once for the database, every event and every replay (``protocol.with_raw``).
    """
    trajectory = entry.get("shot", {}).pop("trajectory", None)
    if trajectory is not None:
        entry["trajectory"] = protocol.encode(trajectory)
    return entry


def stored_text(entry: dict[str, Any]) -> str:
    """A kept action as the database row holds it (the stored format: the trajectory inside the shot)."""
    rest = protocol.encode({k: v for k, v in entry.items() if k not in ("shot", "trajectory")})
    if "shot" not in entry:
        return rest
    shot = protocol.encode(entry["shot"])
    if "trajectory" in entry:
        shot = protocol.with_raw(shot, "trajectory", entry["trajectory"])
    return protocol.with_raw(rest, "shot", shot)


def warm_up() -> None:
    """Play one break in a throwaway match, so that the simulator is compiled before the first real shot.

    The first simulation in a process compiles the engine (a third of a second
    or more); without this, the first shot of every match started meanwhile waits for it.
    ``compile_kernels`` adds the batch simulator the computer players use.
    """
    compile_kernels()
    match = Match("eight-ball", seed=0, lag_winner="A")
    match.apply("A", Choose("break"))
    match.apply("A", PlaceCueBall(match.state.table.length / 8, match.state.table.width / 2))
    match.apply("A", Shoot(Stroke(speed=8.0, phi=0.0)))


def new_tokens(config: Mapping[str, Any]) -> dict[str, str]:
    """A secret token for every seat a person plays (``secrets``: unguessable, URL-safe)."""
    return {seat: secrets.token_urlsafe(24) for seat, s in config["seats"].items() if s["kind"] == "person"}


def rebuild(header: Mapping[str, Any], entries: list[dict[str, Any]]) -> tuple[Match, int]:
    """The match of ``header`` with ``entries`` folded over it, as far as they replay: (match, how many did).

    The simulator and the referee are deterministic, so folding the committed
    actions is the match exactly as it was (``game.record.replay``). Unlike a
    record replay this stops at the first action the match refuses, without
    raising: a server must resume what it can.
    """
    record = game_record.from_dict({**header, "actions": [], "shots": []})
    times: list[float] = []
    match = record.new_match(clock=times.pop)
    applied = 0
    for entry in entries:
        try:
            action = action_from_dict(entry["action"])
            times.append(float(entry["time"]))
            match.apply(entry["seat"], action)
        except (MatchError, RecordError, RefereeError, KeyError, TypeError, ValueError):
            break
        applied += 1
    match.clock = time.time
    return match, applied


def restore(stored: StoredMatch, store: Store, thinkers: Thinkers) -> Room:
    """Rebuild a room from the database: the record's header, every committed action folded over it.

    The version is the number of committed actions. Stored actions that no
    longer replay (a database written before failed commits were undone) are
    moved aside (``Store.truncate``) and the match resumes before them: a
    match always resumes.
    """
    actions = [kept(entry) for entry in store.actions(stored.id)]
    match, applied = rebuild(stored.record, actions)
    if applied < len(actions) or stored.version != len(actions):
        moved = store.truncate(stored.id, applied)
        log.error("match %s: resumed at version %d; %d stored actions did not replay", stored.id, applied, moved)
        actions = actions[:applied]
    return Room(
        stored.id, stored.config, match, stored.token_hashes, store, thinkers, stored.record, len(actions), actions
    )


def create(match_id: str, config: dict[str, Any], store: Store, thinkers: Thinkers) -> tuple[Room, dict[str, str]]:
    """A new room and its seat tokens; the match is in the database before anyone hears of it."""
    match = new_match(config)
    tokens = new_tokens(config)
    header = game_record.to_dict(match, names(config))
    store.create(match_id, config, tokens, header)
    hashes = {seat: token_hash(token) for seat, token in tokens.items()}
    return Room(match_id, config, match, hashes, store, thinkers, header), tokens
