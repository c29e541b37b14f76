"""Replaying a record: the record deals and moves, the engine checks every step.

The Referee is at once the dealer (it hands out the recorded deals), every seat's player (it
answers with the recorded moves, and is asked even for forced moves so that each entry is
checked) and a listener (a move left over after a round ended is an error).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..language.errors import RecordError, UsageError
from ..language.model import Variant
from .records import MatchRecord, RecordedMove, RoundRecord
from . import tileset as ts
from .events import Listener
from .lot import Leads, seat_leading
from .match import play_match
from .moves import (DOWN, DRAW_MOVE, KNOCK, KNOCK_MOVE, LEAD_MOVES, LEFT_MOVES, MOVES_ON,
                    PLAY, RIGHT_MOVES, TWO_DOUBLES, UP, Move, moves_text)
from .outcomes import MatchResult, RoundResult
from .setup import Setup, prepare
from .situations import RoundSituation
from .spinner import SpinnerTable
from .stops import RuleStop
from .table import Table
from .views import HandView, SeatView
from .words import Count, Said, joined, seat_said, side_said


class RecordEnds(Exception):
    """A record broken off in the middle of a round has no move left (`partial` replay)."""


class Referee(Listener):
    """Deals and moves from a record; raises RecordError where the record breaks the rules."""

    wants_forced_moves = True
    trusted = True  # its RecordEnds must reach replay() as it is

    def __init__(self, record: MatchRecord, setup: Setup, *, partial: bool = False) -> None:
        self.record, self.setup, self.partial = record, setup, partial
        self.number, self.deal_index, self.move_index = 0, 0, 0
        self.round: RoundRecord | None = None
        self.finished: list[RoundResult] = []

    def fail(self, message: Any, *, move: bool = True) -> RecordError:
        """An error naming the round and (by default) the move being checked."""
        where = Said("stop.move", round=self.number, move=self.move_index) if move else \
            Said("stop.round", round=self.number)
        return RecordError(Said("record.at", where=where, message=message))

    # ---- the dealer ----------------------------------------------------------------------
    def has_round(self, number: int) -> bool:
        """Whether the record holds this round."""
        return number <= len(self.record.rounds)

    def start_round(self, number: int) -> None:
        """Load the round's deals and moves."""
        self.number, self.deal_index, self.move_index = number, 0, 0
        self.round = self.record.rounds[number - 1]

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """Hand out the next recorded deal (the thrown-in ones first)."""
        assert self.round is not None
        deals = list(self.round.redeals) + [self.round.hands]
        if self.deal_index >= len(deals):
            raise self.fail(Said("record.thrown in"), move=False)
        hands = [ts.set_of(t.index for t in hand) for hand in deals[self.deal_index]]
        for seat, hand in enumerate(hands):
            if hand.bit_count() != size:
                raise RecordError(Said("record.deal size", round=self.number,
                                       seat=seat_said(seat), size=size,
                                       held=Count(hand.bit_count(), "tiles")))
        dealt = 0
        for hand in hands:
            dealt |= hand
        if self.deal_index == len(deals) - 1:
            return hands, [t.index for t in self.round.pile]
        return hands, list(ts.members(ts.FULL_SET & ~dealt))

    def draw_lot(self, players: int, leads: Leads) -> int:
        """The seat drawn by lot: one that makes the seat of the round's first move lead."""
        assert self.round is not None
        moves = self.round.moves
        return seat_leading(players, leads, moves[0].seat if moves else None)

    def settle(self, thrown_in: bool) -> None:
        """Check that the record throws in exactly the deals the variant throws in."""
        assert self.round is not None
        recorded = self.deal_index < len(self.round.redeals)
        if recorded and not thrown_in:
            raise self.fail(Said("record.not thrown", deal=self.deal_index + 1), move=False)
        self.deal_index += 1

    # ---- every seat's player -------------------------------------------------------------
    def accept_redeal(self, view: HandView) -> bool:
        """Accept an optional redeal exactly when the record threw this deal in."""
        assert self.round is not None
        return self.deal_index < len(self.round.redeals)

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Return the next recorded move, checked against the legal moves."""
        assert self.round is not None
        if self.move_index >= len(self.round.moves):
            if self.partial and self.number == len(self.record.rounds):
                raise RecordEnds()
            raise self.fail(Said("record.ends early", move=self.move_index,
                                 seat=seat_said(view.seat)), move=False)
        entry = self.round.moves[self.move_index]
        self.move_index += 1
        if entry.seat != view.seat:
            raise self.fail(Said("record.wrong seat", seat=seat_said(entry.seat),
                                 turn=seat_said(view.seat)))
        move = self._as_move(entry, view.table)
        if move not in moves and not view.table.left_twin(move, moves):
            raise self.fail(Said("record.illegal", seat=seat_said(view.seat), move=move.text(),
                                 moves=moves_text(list(moves))))
        return move

    def _as_move(self, entry: RecordedMove, table: Table) -> Move:
        if entry.kind == KNOCK:
            return KNOCK_MOVE
        if entry.kind != PLAY:
            return self._draw(entry, table)
        for laid in entry.tiles:
            if not table.held[entry.seat] >> laid.index & 1:
                raise self.fail(Said("record.not held", seat=seat_said(entry.seat),
                                     tile=str(laid)))
        if len(entry.tiles) == 2:
            return self._two_doubles(entry, table)
        tile = entry.tiles[0].index
        if entry.end in (UP, DOWN) and not table.has_arms:
            raise self.fail(Said("record.no spinner", end=entry.end))
        if table.lead_tile < 0:
            return LEAD_MOVES[tile]
        if entry.end:
            return MOVES_ON[entry.end][tile]
        if table.has_arms:
            return self._find_spinner_end(tile, table)  # type: ignore[arg-type]
        return self._find_end(tile, table)

    def _draw(self, entry: RecordedMove, table: Table) -> Move:
        if not table.can_draw():
            raise self.fail(Said("record.nothing to draw", seat=seat_said(entry.seat),
                                 tile=str(entry.tiles[0])))
        top = table.pile[table.drawn]
        if top != entry.tiles[0].index:
            raise self.fail(Said("record.not the top", seat=seat_said(entry.seat),
                                 tile=str(entry.tiles[0]), top=str(ts.tile_of(top))))
        return DRAW_MOVE

    def _two_doubles(self, entry: RecordedMove, table: Table) -> Move:
        left, right = table.left, table.right
        if left >= 0 and left != right:
            move = TWO_DOUBLES[left][right]
            if set(move.tiles) == set(entry.tiles):
                return move
        laid = "+".join(str(t) for t in entry.tiles)
        raise self.fail(Said("record.two doubles", seat=seat_said(entry.seat), laid=laid,
                             left=left, right=right))

    def _find_end(self, tile: int, table: Table) -> Move:
        on_left = ts.WITH[table.left] >> tile & 1
        on_right = ts.WITH[table.right] >> tile & 1
        if on_left and on_right and table.left != table.right:
            raise self.fail(Said("record.both ends", tile=str(ts.tile_of(tile)), left=table.left,
                                 right=table.right))
        if on_left and not on_right:
            return LEFT_MOVES[tile]
        return RIGHT_MOVES[tile]  # fits the right end, or both ends show the same value

    def _find_spinner_end(self, tile: int, table: SpinnerTable) -> Move:
        """Where a play without "end" goes on a line with a spinner (docs/records.md)."""
        end = table.end_for(tile)
        if isinstance(end, str):
            return MOVES_ON[end][tile]
        raise self.fail(Said("record.several ends", tile=str(ts.tile_of(tile)), ends=joined(
            Said("record.end shows", end=Said(f"end.{name}"), value=value)
            for name, value in end)))

    # ---- the listener --------------------------------------------------------------------
    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """A play whose entry says what it scored must score that (`move score`)."""
        assert self.round is not None
        entry = self.round.moves[self.move_index - 1] if self.move_index else None
        if entry is None or entry.kind != PLAY or entry.points is None:
            return
        if entry.points != table.scored:
            raise self.fail(Said("record.points", seat=seat_said(seat), written=entry.points,
                                 scored=table.scored))

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """A move recorded after the round's end is an error, but for the knocks after a fish."""
        assert self.round is not None
        self.finished.append(result)
        last = self.move_index
        if result.end == "fish":
            self._knocks_after_fish(table)
        if self.move_index < len(self.round.moves):
            how = Said("record.went out" if result.end == "out" else "record.fish after",
                       seat=seat_said(result.seat), move=last)
            self.move_index += 1
            raise self.fail(Said("record.after end", how=how))

    def _knocks_after_fish(self, table: Table) -> None:
        """Skip the knocks that go round after a fish: in turn, at most once round the table,
        each by a seat that can neither lay a tile nor draw (docs/records.md); they change nothing."""
        assert self.round is not None
        seat, fit = table.turn, table.open_fit()
        for _ in range(table.players):
            if self.move_index >= len(self.round.moves):
                return
            entry = self.round.moves[self.move_index]
            seat = (seat + 1) % table.players
            if entry.kind != KNOCK or entry.seat != seat:
                return
            self.move_index += 1
            if table.held[seat] & fit or table.can_draw(seat):
                raise self.fail(Said("record.knocks after fish", seat=seat_said(seat)))


def replay(variant: Variant, record: MatchRecord, *, listener: Listener | None = None,
           partial: bool = False) -> MatchResult:
    """Replay a record under a variant, checking every move; raise RecordError or RuleStop.

    With `partial`, a record whose last round breaks off before the round is over is
    accepted: the result has the rounds finished before it and says where it ends."""
    try:
        setup = prepare(variant, record.players, record.options)
    except UsageError as error:
        raise RecordError(f"record: {error}") from None
    referee = Referee(record, setup, partial=partial)
    players: Any = [referee] * setup.players
    try:
        result = play_match(setup, players, dealer=referee, listener=_Both(referee, listener))
    except RuleStop as stop:
        raise stop.at(referee.number, referee.move_index or None)
    except RecordEnds:
        return _unfinished(setup, referee)
    if len(result.rounds) < len(record.rounds):
        last = result.rounds[-1]
        goat = joined(side_said(s) for s in last.goat) or Said("record.nobody")
        won = Said("record.over won", sides=joined(side_said(s) for s in last.winner)) \
            if last.winner else ""
        raise RecordError(Said("record.over", round=last.number + 1, last=last.number,
                               goat=goat, won=won))
    return result


def _unfinished(setup: Setup, referee: Referee) -> MatchResult:
    """The result of a record that breaks off inside its last round."""
    done = tuple(referee.finished)
    scores = done[-1].scores if done else (0,) * setup.seating.sides
    return MatchResult(setup.variant.name, setup.players, tuple(setup.options.items()),
                       setup.seating.sides, done, scores, None, setup.threshold,
                       unfinished=(referee.number, referee.move_index),
                       names_winners=bool(setup.variant.cases("wins")))


class _Both(Listener):
    """The referee first (it may reject), then the caller's listener."""

    def __init__(self, referee: Referee, other: Listener | None) -> None:
        self.referee, self.other = referee, other

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        if self.other:
            self.other.round_started(number, table, redeals, leader)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        self.referee.moved(seat, move, drawn, table)
        if self.other:
            self.other.moved(seat, move, drawn, table)

    def side_scored(self, situation: RoundSituation) -> None:
        if self.other:
            self.other.side_scored(situation)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        self.referee.round_ended(result, table)
        if self.other:
            self.other.round_ended(result, table)

    def match_ended(self, result: MatchResult) -> None:
        if self.other:
            self.other.match_ended(result)
