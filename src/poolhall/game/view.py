"""What a seat sees and is asked: ``MatchView``, ``Asked``, and the one-method ``Player`` protocol.

A player (a person behind a web page, a computer player, a test script) is
anything with ``act(view) -> Action`` — the httpx transport seam: a test
plugs in a scripted player, the web server a seat's queue, the AI its search.
The view is a read-only value; it says what is asked and which answers are
legal (the ball-in-hand area, the options, the balls and pockets that may be
called), so a player never re-derives a rule (chessground's ``dests``).
``seed`` is a fresh number from the match's seeded stream for each decision:
a player draws its execution noise from ``random.Random(view.seed)`` (or
``numpy.random.default_rng``), so a seeded match is reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from poolhall.equipment import POCKETS, TableSpec
from poolhall.game.actions import Action
from poolhall.layout import Layout
from poolhall.rules.model import BallInHand, Group, Options, Ruling
from poolhall.rules.model import Player as Seat

AskedKind = Literal["choose-breaker", "place", "shoot", "enter-shot", "choose", "answer-stalemate", "nothing"]


@dataclass(frozen=True)
class Asked:
    """The question put to ``player`` and its legal answers.

    - ``choose-breaker``: ``Choose`` one of ``options`` (``break`` /
      ``opponent-breaks``; RULES GEN-12).
    - ``place``: ``PlaceCueBall`` in ``area`` (``kitchen``: base behind the
      head string; ``anywhere``), overlapping no ball.
    - ``shoot`` (``enter-shot`` for a scorekeeper): ``Shoot`` (``EnterShot``)
      with a call of one of ``callable_balls`` in one of ``pockets``,
      ``"safety"`` when ``safety_allowed``, or nothing unless
      ``call_required``. ``break_shot``: this shot is a break (no call in
      eight-ball).
    - ``choose``: ``Choose`` one of ``options``; for ``spot-nearest-ball`` name
      one of ``candidates`` when there are several.
    - ``answer-stalemate``: ``AnswerStalemate``.
    ``may_propose_stalemate``: ``ProposeStalemate`` is allowed now (8B-21-C1, 14.1-13).
    ``call_requested``: the opponent asked for a call on this shot (GEN-8, 8B-2): a
    shot without a nomination or a safety gets no implied call and pockets nothing
    legally. ``may_request_call``: the opponent (not ``player``) may ``RequestCall`` now.
    """

    kind: AskedKind
    player: Seat | None
    area: BallInHand = None
    options: tuple[str, ...] = ()
    candidates: tuple[int, ...] = ()
    break_shot: bool = False
    call_required: bool = False
    safety_allowed: bool = True
    callable_balls: tuple[int, ...] = ()
    pockets: tuple[str, ...] = POCKETS
    may_propose_stalemate: bool = False
    call_requested: bool = False
    may_request_call: bool = False


@dataclass(frozen=True)
class MatchView:
    """A read-only picture of the match for the seat that must act (or anyone watching)."""

    game: str
    options: Options
    table: TableSpec
    #: Where the balls lie; None in scorekeeper mode.
    layout: Layout | None
    on_table: frozenset[int]
    asked: Asked
    shooter: Seat
    ball_in_hand: BallInHand
    break_shot: bool
    table_open: bool
    groups: Mapping[Seat, Group] | None
    #: 14.1 points; eight-ball games won are ``games_won``.
    score: Mapping[Seat, int]
    games_won: Mapping[Seat, int]
    game_number: int
    breaker: Seat | None
    fouls_in_a_row: Mapping[Seat, int]
    innings: Mapping[Seat, int]
    run: int
    high_run: Mapping[Seat, int]
    last_ruling: Ruling | None
    #: The last ruling's reason in plain English (``rules.text.render`` for other languages).
    last_reason: str
    shots: int
    over: bool
    winner: Seat | None
    seed: int
    #: Scorekeeper mode: the shot whose facts may still be amended (``AmendShot``, RULES GEN-14), or None.
    amendable_shot: int | None = None


class Player(Protocol):
    """Anything that answers a match's questions."""

    def act(self, view: MatchView) -> Action:
        """Return the action for ``view.asked`` (the match refuses an illegal one with ``MatchError``)."""
        ...
