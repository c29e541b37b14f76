"""A strategy that raises, hangs or answers nonsense is stopped and named by its seat, before
the table changes (issue 9); the project's own players are called directly."""

from __future__ import annotations

import re
import time
from typing import Any, Sequence

import pytest

from interpreter.engine import Listener, Move, StrategyError, play_match, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.table import Table
from interpreter.engine.moves import IllegalMove
from kozel.commands.human import HumanPlayer
from interpreter.engine.players import GreedyPlayer, RandomPlayer
from interpreter.engine.referee import Referee
from engine_support import seed, text_variant


class Faulty:
    """Plays greedily, then on its `after`-th question does `fault` instead of answering."""

    def __init__(self, fault: str, after: int = 3, time_limit: float | None = 10.0) -> None:
        self.fault, self.after, self.asked = fault, after, 0
        self.time_limit = time_limit

    def choose(self, view: Any, moves: Sequence[Move]) -> Move:
        self.asked += 1
        if self.asked < self.after:
            return GreedyPlayer().choose(view, moves)
        if self.fault == "raise":
            raise ZeroDivisionError("the strategy divided by zero")
        if self.fault == "sleep":
            time.sleep(60)
        if self.fault == "spin":
            while True:
                pass
        if self.fault == "swallow":  # catches everything it can, and sleeps on
            while True:
                try:
                    time.sleep(60)
                except Exception:
                    pass
        return "play 6-6" if self.fault == "text" else Move.parse("play 0-0 left")  # type: ignore

    def accept_redeal(self, view: Any) -> bool:
        return False


class Tables(Listener):
    """Keeps the table of the round being played, and the tiles dealt into it."""

    table: Table | None = None
    dealt = 0

    def round_started(self, number: int, table: Table, redeals: Any, leader: int) -> None:
        self.table = table
        self.dealt = table.hands | table.line | ts.set_of(table.pile)


def _play_with(faulty: Faulty, seat: int = 1) -> tuple[BaseException, Table, int]:
    setup = prepare(seed("kozel-classic"), 4, {})
    players: list[Any] = [GreedyPlayer() for _ in range(4)]
    players[seat] = faulty
    tables = Tables()
    with pytest.raises((StrategyError, IllegalMove)) as raised:
        play_match(setup, players, seed=5, listener=tables)
    assert tables.table is not None
    return raised.value, tables.table, tables.dealt


def _consistent(table: Table, dealt: int, seat: int) -> None:
    """Every tile dealt is in exactly one place, and it is still the seat's turn."""
    places = [*table.held, table.line, ts.set_of(table.pile[table.drawn:])]
    union = 0
    for place in places:
        assert union & place == 0
        union |= place
    assert union == dealt and table.turn == seat


@pytest.mark.parametrize("fault, message", [
    ("raise", r"seat 2 \(index 1\): the strategy failed to choose a move: ZeroDivisionError: "
              r"the strategy divided by zero"),
    ("text", r"seat 2 \(index 1\) answered 'play 6-6', which is not a move; legal moves: "),
    ("move", r"seat 2 \(index 1\) chose .*, which is not legal here; legal moves: "),
])
def test_a_strategy_that_raises_or_answers_no_legal_move_is_named(fault: str,
                                                                   message: str) -> None:
    error, table, dealt = _play_with(Faulty(fault))
    assert re.search(message, str(error)), str(error)
    assert error.seat == 1  # type: ignore[attr-defined]  # the value counts from 0, as Game.seat
    _consistent(table, dealt, 1)


@pytest.mark.parametrize("fault", ["sleep", "spin", "swallow"])
def test_a_strategy_that_takes_too_long_is_stopped_at_its_limit(fault: str) -> None:
    start = time.monotonic()
    error, table, dealt = _play_with(Faulty(fault, after=1, time_limit=0.3), seat=2)
    assert time.monotonic() - start < 5
    assert "seat 3 (index 2): the strategy took more than 0.3 s to choose a move" in str(error)
    _consistent(table, dealt, 2)


def test_a_redeal_answer_must_be_yes_or_no() -> None:
    class Maybe(Faulty):
        def accept_redeal(self, view: Any) -> bool:
            return "maybe"  # type: ignore[return-value]

    setup = prepare(text_variant("redeal: optional when count(hand) > 0\n"
                                 "  redeal: never otherwise"), 2, {})
    with pytest.raises(StrategyError, match=r"seat 1 \(index 0\): the strategy answered 'maybe' "
                                            r"to the redeal question"):
        play_match(setup, [Maybe("none"), Maybe("none")], seed=1)


def test_the_projects_own_players_are_trusted() -> None:
    for player in (RandomPlayer, GreedyPlayer, HumanPlayer, Referee):
        assert getattr(player, "trusted", False) is True
