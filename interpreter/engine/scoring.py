"""Writing a finished round on the score sheet, exactly in the order docs/language.md gives.

For each side: `loser`, then `score` + `bonus` = points. An opened side writes its points; an
unopened side whose `opens` holds writes points + remembered and is opened; otherwise it writes
0 and remembers `remember`. The points its players scored at moves (`move score`) are written
besides, never held below a threshold. `carry` becomes the next round's `carried`. Then `goat`, per side,
with the side's new `total`, and then `wins` the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import tileset as ts
from .events import Listener
from .outcomes import RoundResult
from .round import PlayedRound
from .setup import Setup
from .situations import HandSituation, RoundSituation
from .stops import RuleStop


@dataclass
class Ledger:
    """The score sheet of a match so far."""

    sides: int
    totals: list[int] = field(default_factory=list)
    opened: list[bool] = field(default_factory=list)
    remembered: list[int] = field(default_factory=list)
    carried: int = 0

    def __post_init__(self) -> None:
        self.totals = self.totals or [0] * self.sides
        self.opened = self.opened or [False] * self.sides
        self.remembered = self.remembered or [0] * self.sides


def round_situation(setup: Setup, played: PlayedRound, first: bool,
                     carried: int) -> RoundSituation:
    hand_value = setup.rules["hand value"]
    hand_situation = HandSituation(setup.players, first)

    def value_of(seat: int, hand: int) -> int:
        hand_situation.hand, hand_situation.seat = hand, seat
        return int(hand_value(hand_situation))

    table = played.table
    return RoundSituation(setup.seating, first=first, end=played.end, seat=played.seat,
                          lead=table.lead_tile, last=table.last, hands=list(table.held),
                          carried=carried, hand_value=value_of, leader=played.leader)


def hand_value(setup: Setup, seat: int, hand: int, first: bool) -> int | None:
    """Return what a hand left at the end counts (`hand value`), or None where the rule stops."""
    situation = HandSituation(setup.players, first)
    situation.hand, situation.seat = hand, seat
    try:
        return int(setup.rules["hand value"](situation))
    except RuleStop:
        return None


def _write(setup: Setup, situation: RoundSituation, ledger: Ledger, side: int,
           points: int) -> int:
    """Write one side's points through the threshold rule; return what was written."""
    if ledger.opened[side]:
        return points
    situation.points = points
    if setup.rules["opens"](situation):
        written = points + ledger.remembered[side]
        ledger.opened[side], ledger.remembered[side] = True, 0
        return written
    ledger.remembered[side] = int(setup.rules["remember"](situation))
    return 0


def score_round(setup: Setup, played: PlayedRound, number: int, ledger: Ledger,
                listener: Listener | None = None) -> RoundResult:
    """Score a played round, update the ledger, and return the round's result (a listener
    hears of each side just before its `goat` is asked)."""
    rules, sides = setup.rules, range(setup.seating.sides)
    situation = round_situation(setup, played, number == 1, ledger.carried)

    def look_from(side: int) -> RoundSituation:
        return situation.for_side(side, opened=ledger.opened[side],
                                  remembered=ledger.remembered[side])

    losers = tuple(bool(rules["loser"](look_from(side))) for side in sides)
    points = []
    for side in sides:
        look_from(side).loser = losers[side]
        points.append(int(rules["score"](situation)) + int(rules["bonus"](situation)))
    written = []
    for side in sides:
        look_from(side).loser = losers[side]
        written.append(_write(setup, situation, ledger, side, points[side])
                       + (played.played[side] if played.played else 0))
    situation.side = -1
    carry = int(rules["carry"](situation))
    ledger.carried = carry
    for side in sides:
        ledger.totals[side] += written[side]
    situation.totals = ledger.totals
    hears = listener is not None and type(listener).side_scored is not Listener.side_scored
    goat = tuple(side for side in sides if _is_goat(setup, look_from(side), losers[side],
                                                    points[side], ledger.totals[side],
                                                    listener if hears else None))
    winner = tuple(side for side in sides if _wins(setup, look_from(side), losers[side],
                                                   points[side], ledger.totals[side]))
    return _result(setup, played, number, ledger, tuple(written), carry, losers, goat, winner,
                   situation)


def _is_goat(setup: Setup, situation: RoundSituation, loser: bool, points: int,
             total: int, listener: Listener | None) -> bool:
    situation.loser, situation.points, situation.total = loser, points, total
    if listener is not None:
        listener.side_scored(situation)
    return bool(setup.rules["goat"](situation))


def _wins(setup: Setup, situation: RoundSituation, loser: bool, points: int,
          total: int) -> bool:
    """Ask `wins` for one side (after every side's `goat`); no rule: nobody wins by it."""
    if not setup.variant.cases("wins"):
        return False
    situation.loser, situation.points, situation.total = loser, points, total
    return bool(setup.rules["wins"](situation))


def _result(setup: Setup, played: PlayedRound, number: int, ledger: Ledger,
            written: tuple[int, ...], carry: int, losers: tuple[bool, ...],
            goat: tuple[int, ...], winner: tuple[int, ...],
            situation: RoundSituation) -> RoundResult:
    table = played.table
    return RoundResult(
        number=number, end=played.end, seat=played.seat, leader=played.leader,
        lead=ts.tile_of(table.lead_tile), points=written, carry=carry,
        remembered=tuple(ledger.remembered), opened=tuple(ledger.opened),
        scores=tuple(ledger.totals), losers=losers, goat=goat,
        held=tuple(table.held),
        redeals=len(played.log.redeals), moves=len(played.log.moves), log=played.log,
        winner=winner, tie=lambda: situation.tie, played=played.played)
