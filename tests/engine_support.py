"""Helpers for the engine tests: hand-built deals, positions and scripted players.

(Named test_engine_* so that it belongs with the engine tests; it holds no tests itself.)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from interpreter.engine import Move, Setup, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.moves import moves_text
from interpreter.engine.round import PlayedRound
from interpreter.engine.scoring import Ledger, score_round
from interpreter.engine.situations import HandSituation, RoundSituation
from interpreter.engine.table import Table
from interpreter.engine.outcomes import RoundLog, RoundResult
from kozel.loading import load_variant_arg
from interpreter.language.model import Variant
from interpreter.language.resolve import load_variant


@lru_cache(maxsize=None)
def seed(name: str) -> Variant:
    """A seed variant of spec/variants by name."""
    return load_variant_arg(name)


def text_variant(body: str, *, players: str = "2..4", name: str = "t") -> Variant:
    """A variant from a few rule lines; missing required slots get plain defaults."""
    defaults = {
        "sides": "sides: individual", "deal": "deal: 7", "draw": "draw: none",
        "lead match": "lead match: holder(first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0]))",
        "lead round": "lead round: winner when previous = out\n  lead round: fisher otherwise",
        "lead tile": "lead tile: hand", "fish": "fish: blocked",
        "hand value": "hand value: pips(hand)",
        "loser": "loser: value(side) > 0", "score": "score: value(side)",
        "goat": "goat: total > 100",
    }
    lines = [body] + [text for slot, text in defaults.items()
                      if not any(line.strip().startswith(slot + ":")
                                 for line in body.splitlines())]
    source = f"variant {name} {{\n  players {players}\n  " + "\n  ".join(lines) + "\n}\n"
    return load_variant(source, "test.kozel")


def tiles(text: str) -> int:
    """A set of tiles from text: "0-5 3-5 1-0"."""
    return ts.set_of(ts.parse_tiles(text.split()))


def tile(text: str) -> int:
    """One tile index from text."""
    return ts.parse_tiles([text])[0]


class FixedDealer:
    """Deals the given deals in order: each (hands as text, the top of the stock as text in
    drawing order); the tiles not named follow in the stock in their usual order."""

    def __init__(self, deals: Sequence[tuple[Sequence[str], str]]) -> None:
        self.deals = list(deals)
        self.index = 0

    def start_round(self, number: int) -> None:
        pass

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        hands, stock = self.deals[self.index]
        self.index += 1
        top = ts.parse_tiles(stock.split())
        named = ts.set_of(top)
        for hand in hands:
            named |= tiles(hand)
        return [tiles(h) for h in hands], top + list(ts.members(ts.FULL_SET & ~named))

    def settle(self, thrown_in: bool) -> None:
        pass

    def has_round(self, number: int) -> bool:
        return self.index < len(self.deals)


class Scripted:
    """A player that makes the moves given as text ("play 1-3 right", "knock"), in order,
    and remembers every list of legal moves it was offered."""

    wants_forced_moves = True

    def __init__(self, *moves: str, redeal: bool = False) -> None:
        self.moves = list(moves)
        self.offered: list[list[str]] = []
        self.redeal = redeal

    def choose(self, view: Any, moves: Sequence[Move]) -> Move:
        self.offered.append([m.text() for m in moves])
        if not self.moves:
            raise AssertionError(f"no scripted move left; legal: {moves_text(list(moves))}")
        wanted = self.moves.pop(0)
        for move in moves:
            if move.text() == wanted:
                return move
        if wanted == "illegal":
            return Move.parse("play 0-0 left")
        raise AssertionError(f"{wanted!r} is not legal; legal: {moves_text(list(moves))}")

    def accept_redeal(self, view: Any) -> bool:
        return self.redeal


def finished(setup: Setup, left: Sequence[str], *, end: str, seat: int, lead: str = "3-4",
             last: str = "2-4", leader: int = 0) -> PlayedRound:
    """A round that has just ended: the hands left (text per seat), how, the lead and last."""
    table = setup.table([tiles(h) for h in left], [])
    table.lead_tile, table.last = tile(lead), tile(last)
    log = RoundLog((), tuple(table.held), (), ())
    return PlayedRound(table, leader, end, seat, log)


def score(setup: Setup, played: PlayedRound, *, number: int = 2,
          ledger: Ledger | None = None) -> RoundResult:
    """Score a hand-built finished round."""
    return score_round(setup, played, number, ledger or Ledger(setup.seating.sides))


def position(setup: Setup, hands: Sequence[str], *, ends: tuple[int, int], line: str,
             stock: str = "") -> Table:
    """A table in the middle of a round: hands, the ends of the line, the tiles on it."""
    table = setup.table([tiles(h) for h in hands], ts.parse_tiles(stock.split()))
    table.left, table.right = ends
    table.line = tiles(line)
    table.lead_tile = table.last = ts.members(table.line).__next__()
    return table


__all__ = ["FixedDealer", "Scripted", "finished", "position", "prepare", "score", "seed",
           "text_variant", "tile", "tiles"]


def engine_situation(setup: Any, result: Any, table: Any, side: int) -> RoundSituation:
    """The engine's situation of one side at the end of a played round (as `score` reads it)."""
    rule = setup.rules["hand value"]
    hand = HandSituation(setup.players, result.number == 1)

    def value_of(seat: int, held: int) -> int:
        hand.hand, hand.seat = held, seat
        return int(rule(hand))

    situation = RoundSituation(setup.seating, first=result.number == 1, end=result.end,
                               seat=result.seat, lead=result.lead.index, last=table.last,
                               hands=list(table.held), carried=0, hand_value=value_of,
                               leader=result.leader)
    situation.for_side(side, opened=True, remembered=0)
    situation.loser, situation.points = result.losers[side], result.points[side]
    situation.total, situation.totals = result.scores[side], list(result.scores)
    return situation
