"""The situations a slot is asked in at a moment of a game: the ones the engine built for the
variant that played it, or the same inputs built for another variant's setup (its seating, its
physics), as a comparison, an assumption's test and an ambiguity's point ask them."""

from __future__ import annotations

from typing import Any, Iterator

from interpreter.engine.lot import lot_for_leader
from interpreter.engine.round import PlayedRound
from interpreter.engine.scoring import round_situation
from interpreter.engine.setup import Setup
from interpreter.engine.situations import (DealSituation, HandSituation, NextSituation,
                                           SetupSituation)
from interpreter.engine.turns import TurnSituation

from ..questions.conditions import SLOT_SITUATION
from ..compare.diff_own import with_physics
from .games import Moment
from .laying import after_a_play
from .targets import side_situations

SIDE_FIELDS = ("side", "others", "opened", "remembered", "loser", "points", "total", "totals")


def slot_situations(slot: str, moment: Moment, setup: Setup, key: str = "") -> Iterator[Any]:
    """The situations a slot is asked in at a moment, built for one variant's setup (`key`:
    the situation of the comparison, when it is not the slot's usual one)."""
    key = key or SLOT_SITUATION[slot]
    first = moment.number == 1
    if key == "setup":
        yield SetupSituation(setup.players)
    elif key == "hand":
        for deal in [*moment.redeals, tuple(moment.hands)]:
            for seat, hand in enumerate(deal):
                yield _hand(setup, hand, seat, first)
    elif key in ("deal", "next", "lead"):
        yield from _deal_situations(key, moment, setup)
    elif key == "play":
        if moment.table is not None and all(moment.table.held):
            yield moment.table if setup is moment.setup else with_physics(setup, moment.table)
    elif key in ("move", "moved"):  # right after a move that laid a tile
        table = after_a_play(moment)
        if table is not None:
            yield table if setup is moment.setup else with_physics(setup, table)
    elif key == "turn":
        if moment.table is not None and moment.table.turn >= 0:
            yield turn_situation(setup, moment.table)
    elif key == "hand-end" and moment.result is not None:
        for seat, hand in enumerate(moment.result.held):
            yield _hand(setup, hand, seat, first)
    elif moment.result is not None:
        yield from _round_situations(key, moment, setup)


def turn_situation(setup: Setup, table: Any) -> TurnSituation:
    """The `turn` situation of the seat to play on a table."""
    situation = TurnSituation(setup.players)
    situation.seat, situation.hand, situation.stock = table.turn, table.held[table.turn], \
        table.stock
    return situation


def _hand(setup: Setup, hand: int, seat: int, first: bool) -> HandSituation:
    situation = HandSituation(setup.players, first)
    situation.hand, situation.seat = hand, seat
    return situation


def _deal_situations(key: str, moment: Moment, setup: Setup) -> Iterator[Any]:
    before, first = moment.before, moment.number == 1
    if first:
        situation: DealSituation = DealSituation(setup.seating, list(moment.hands),
                                                 list(moment.pile), True)
    elif before is not None:
        situation = NextSituation(setup.seating, list(moment.hands), list(moment.pile),
                                  previous=before.end, seat=before.seat, leader=before.leader,
                                  losers=group_in(before.loser_group, moment.setup, setup),
                                  tie=before.tie)
    else:
        return
    # the lot that made A's leader lead, given to both rules (the same situation); where A
    # draws none, the lot by which B's rule names that leader
    for lots in (moment.setup, setup):
        if situation.drawn_lot is None:
            lot_for_leader(lots, situation, "lead match" if first else "lead round",
                           moment.leader)
    if key == "deal" and first or key == "next" and not first:
        yield situation
    elif key == "lead" and moment.leader >= 0:
        situation.hand, situation.leading = moment.hands[moment.leader], moment.leader
        yield situation


def _round_situations(key: str, moment: Moment, setup: Setup) -> Iterator[Any]:
    """The end of the round for `setup`'s rules, each side with A's inputs (same inputs)."""
    result, table, before = moment.result, moment.table, moment.before
    assert result is not None and table is not None
    played = PlayedRound(table, result.leader, result.end, result.seat, result.log)
    mine = round_situation(setup, played, result.number == 1, before.carry if before else 0)
    if key == "round":
        yield mine
        return
    for _, theirs in side_situations(moment):
        for name in SIDE_FIELDS:
            setattr(mine, name, getattr(theirs, name))
        if not same_sides(moment.setup, setup):
            _seat_wise(mine, moment.setup.seating, setup.seating)
        yield mine


def same_sides(a: Setup, b: Setup) -> bool:
    """Whether two setups seat the same sides: only then is a side's situation under one
    variant a situation of the other (individual against partners: it is not)."""
    return a.seating.seats_of == b.seating.seats_of


def group_in(group: int, a: Setup, b: Setup) -> int:
    """A group of A's sides as B's: the sides of B all of whose seats are seats of the group
    (the same seats lost); itself when both seat the same sides."""
    if same_sides(a, b):
        return group
    seats = {seat for side in a.seating.sides_in[group] for seat in a.seating.seats_of[side]}
    return sum(1 << side for side, held in enumerate(b.seating.seats_of)
               if set(held) <= seats)


def _seat_wise(situation: Any, a: Any, b: Any) -> None:
    """A's side given to B's rules seat by seat (A and B seat different sides): B's side of
    the side's first seat, B's other sides, each B side's total that of its first seat's side
    under A. A group of A's sides would name sides B does not have."""
    side = b.side_of[a.seats_of[situation.side][0]]
    situation.for_side(side, opened=situation.opened, remembered=situation.remembered)
    totals = situation.totals
    situation.totals = [totals[a.side_of[seats[0]]] for seats in b.seats_of]
