"""What a position shows: the round's deals, answers and moves, the table they leave, and what
one seat of it sees, as the strings and tensors of OpenSpiel's observations.

A seat sees the sheet as the round began (the Start: totals, remembered and carried points,
opened sides, how the previous round ended), its own hand of each deal (and that a deal was
thrown in), its own redeal answers, the seat drawn by lot, every move of every seat (a draw
as a draw: the tile only its drawer sees). The information state is all of that, in order;
the observation is the table now: its hand, the line and its ends, how many tiles each hand
and the stock hold, the totals. The table is the engine's own (engine/table.py), set out
from the kept deal and laid move by move.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine import tileset as ts
from interpreter.engine.codes import (ACCEPT_CODE, CODE_COUNT, DECLINE_CODE, DOUBLES_BASE,
                                      DRAW_CODE, KNOCK_CODE, LEFT_BASE, MOVE_OF, RIGHT_BASE,
                                      code_text)
from interpreter.engine.moves import LEFT, RIGHT
from interpreter.engine.table import Table

from .position import ANSWERING, DEALING, DRAWING_LOT, LOT_BASE, MOVING, Position


_CODE_TEXT = tuple(code_text(code) if code >= DECLINE_CODE or MOVE_OF[code] is not None
                   else "" for code in range(CODE_COUNT))
_TILE_TEXT = tuple(str(ts.tile_of(tile)) for tile in range(ts.TILE_COUNT))


class Round:
    """The current round of a position, read from its actions (the table only when asked)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        rules = position.rules
        self.setup, self.size = rules.setup, rules.setup.deal
        self.deals: list[list[int]] = []  # each deal's tiles as chance dealt them
        self.answers: list[tuple[int, int, int]] = []  # (deal, seat, code)
        self.lot = -1
        self.moves: list[tuple[int, int]] = []  # (seat, code)
        for action, mark in zip(position.actions, position.marks):
            kind = mark.kind
            if kind == MOVING:
                self.moves.append((mark.seat, action))
            elif kind == DEALING:
                if mark.place == 0:
                    self.deals.append([])
                self.deals[-1].append(action)
            elif kind == ANSWERING:
                self.answers.append((len(self.deals) - 1, mark.seat, action))
            elif kind == DRAWING_LOT:
                self.lot = action - LOT_BASE
        self._table: Table | None = None
        self._drawn: list[int] = []

    @property
    def table(self) -> Table | None:
        """The engine's table of the kept deal after the moves (None before the first)."""
        if self._table is None and self.moves:
            self._lay_out()
        return self._table

    @property
    def drawn(self) -> list[int]:
        """The tile each move drew (-1 for a move that drew none), move by move."""
        if self._table is None and self.moves:
            self._lay_out()
        return self._drawn

    def _lay_out(self) -> None:
        order = self.position.rules.deal_order(self.deals[-1])
        players, size = self.setup.players, self.size
        hands = [ts.set_of(order[s * size:(s + 1) * size]) for s in range(players)]
        table = self._table = self.setup.table(hands, order[players * size:])
        for seat, code in self.moves:
            drawn = -1
            if code < LEFT_BASE:
                table.lead(seat, code)
            elif code < DOUBLES_BASE:
                table.lay(seat, code % ts.TILE_COUNT, LEFT if code < RIGHT_BASE else RIGHT)
            elif code < DRAW_CODE:
                low, high = divmod(code - DOUBLES_BASE, 7)
                table.lay_doubles(seat, ts.DOUBLE_OF[low], ts.DOUBLE_OF[high])
            elif code == DRAW_CODE:
                drawn = table.draw(seat)
            self._drawn.append(drawn)

    def hand(self, seat: int) -> int:
        """The seat's tiles now: in play, its hand; while dealing, what it was dealt so far."""
        if self.table is not None:
            return self.table.held[seat]
        if not self.deals:
            return 0
        return ts.set_of(self.deals[-1][seat * self.size:(seat + 1) * self.size])

    def hand_sizes(self) -> list[int]:
        """How many tiles each seat holds (dealt so far, while dealing)."""
        if self.table is not None:
            return [hand.bit_count() for hand in self.table.held]
        dealt = len(self.deals[-1]) if self.deals else 0
        return [max(0, min(self.size, dealt - s * self.size)) for s in range(self.setup.players)]

    def stock_size(self) -> int:
        """How many tiles the stock holds (all the others, before the first move)."""
        if self.table is not None:
            return len(self.table.pile) - self.table.drawn
        return ts.TILE_COUNT - self.setup.players * self.size


def round_of(position: Position) -> Round:
    """The position's round, read once per position."""
    seen = position.memo.get("round")
    if seen is None:
        seen = position.memo["round"] = Round(position)
    return seen


def sheet_text(position: Position) -> str:
    """Where the match stood as the round began, as every seat sees it."""
    start = position.start
    text = (f"round {start.number}; totals {' '.join(map(str, start.totals))}; carried "
            f"{start.carried}")
    if position.rules.setup.threshold:
        text += (f"; opened {' '.join('yes' if o else 'no' for o in start.opened)}; remembered "
                 f"{' '.join(map(str, start.remembered))}")
    if start.previous_end is not None:
        text += (f"; previous {start.previous_end} by {start.previous_seat}, led by "
                 f"{start.previous_leader}")
    return text


def information_text(position: Position, seat: int, private: bool = True) -> str:
    """Everything the seat has seen of the match since the round began (see the docstring);
    without `private`, only what every seat saw (its hands, answers and draws left out)."""
    cache = position.memo.setdefault("information", {})
    if (seat, private) not in cache:
        cache[seat, private] = _information(position, seat, private)
    return str(cache[seat, private])


def _information(position: Position, seat: int, private: bool) -> str:
    seen = round_of(position)
    parts = [sheet_text(position), f"seat {seat}"]
    size = seen.size
    for number, tiles in enumerate(seen.deals):
        mine = " ".join(_TILE_TEXT[t] for t in sorted(tiles[seat * size:(seat + 1) * size]))
        part = f"deal {number + 1}: {mine or '-'}" if private else f"deal {number + 1}"
        for deal, who, code in seen.answers:
            if private and deal == number and who == seat:
                part += "; throw in" if code == ACCEPT_CODE else "; keep"
        if number < len(seen.deals) - 1:
            part += "; thrown in"
        parts.append(part)
    if seen.lot >= 0:
        parts.append(f"lot {seen.lot}")
    drawn = seen.drawn if private and any(code == DRAW_CODE and who == seat
                                          for who, code in seen.moves) else None
    for index, (who, code) in enumerate(seen.moves):
        text = f"{who} {_CODE_TEXT[code]}"
        if drawn is not None and who == seat and drawn[index] >= 0:
            text += " " + _TILE_TEXT[drawn[index]]
        parts.append(text)
    return " | ".join(parts)


def observation_text(position: Position, seat: int, private: bool = True) -> str:
    """The table as the seat sees it now (without `private`, its hand left out)."""
    seen = round_of(position)
    table = seen.table
    parts = [sheet_text(position), f"seat {seat}"]
    if private:
        parts.append(f"hand {ts.set_text(seen.hand(seat)) or '-'}")
    if table is not None:
        parts += [f"line {table.line_text()}", f"ends {table.left} {table.right}"]
    parts += [f"hands {' '.join(map(str, seen.hand_sizes()))}", f"stock {seen.stock_size()}"]
    if position.node.player >= 0:
        parts.append(f"to act {position.node.player}")
    return " | ".join(parts)


def state_text(position: Position) -> str:
    """The whole position for people (OpenSpiel's str of a state): every hand included."""
    seen = round_of(position)
    players = position.rules.setup.players
    parts = [sheet_text(position)]
    parts += [f"hand {s}: {ts.set_text(seen.hand(s)) or '-'}" for s in range(players)]
    if seen.deals:
        parts.append(f"deals {len(seen.deals)}; dealt {' '.join(map(str, seen.deals[-1]))}")
    if seen.lot >= 0:
        parts.append(f"lot {seen.lot}")
    parts += [f"{who} {_CODE_TEXT[code]}" + (f" {_TILE_TEXT[drawn]}" if drawn >= 0 else "")
              for (who, code), drawn in zip(seen.moves, seen.drawn)]
    if position.ending is not None:
        parts.append(f"ended: {position.ending.how}; returns "
                     f"{' '.join(f'{r:g}' for r in position.returns())}")
    return " | ".join(parts)


# ---- tensors ------------------------------------------------------------------------------
def pieces(players: int, sides: int, *, recall: bool, private: bool, public: bool
           ) -> list[tuple[str, tuple[int, ...]]]:
    """The named parts of a tensor and their shapes (see docs/openspiel.md)."""
    parts: list[tuple[str, tuple[int, ...]]] = [("player", (players,))]
    if private:
        parts.append(("hand", (ts.TILE_COUNT,)))
    if public:
        parts += [("to_act", (players,)), ("line", (ts.TILE_COUNT,)), ("ends", (2, 7)),
                  ("hand_sizes", (players,)), ("stock", (1,)), ("totals", (sides,)),
                  ("round", (1,))]
        if recall:
            parts += [("laid_by", (players, ts.TILE_COUNT)), ("draws", (players,)),
                      ("knocks", (players,)), ("thrown_in", (1,))]
    if private and recall:
        parts.append(("drawn", (ts.TILE_COUNT,)))
    return parts


def write(named: dict[str, Any], position: Position, seat: int) -> None:
    """Fill the named arrays (zeroed by the caller) with what the seat sees."""
    seen = round_of(position)
    named["player"][seat] = 1
    if "hand" in named:
        _bits(named["hand"], seen.hand(seat))
    if "to_act" in named:
        _public(named, position, seen)
    if "laid_by" in named:
        for who, code in seen.moves:
            if code < DOUBLES_BASE:
                named["laid_by"][who][code % ts.TILE_COUNT] = 1
            elif code < DRAW_CODE:
                low, high = divmod(code - DOUBLES_BASE, 7)
                named["laid_by"][who][ts.DOUBLE_OF[low]] = named["laid_by"][who][
                    ts.DOUBLE_OF[high]] = 1
            elif code == DRAW_CODE:
                named["draws"][who] += 1
            elif code == KNOCK_CODE:
                named["knocks"][who] += 1
        named["thrown_in"][0] = max(0, len(seen.deals) - 1)
    if "drawn" in named:
        for (who, _), drawn in zip(seen.moves, seen.drawn):
            if who == seat and drawn >= 0:
                named["drawn"][drawn] = 1


def _public(named: dict[str, Any], position: Position, seen: Round) -> None:
    if position.node.player >= 0:
        named["to_act"][position.node.player] = 1
    table = seen.table
    if table is not None:
        _bits(named["line"], table.line)
        named["ends"][0][table.left] = named["ends"][1][table.right] = 1
    named["hand_sizes"][:] = seen.hand_sizes()
    named["stock"][0] = seen.stock_size()
    named["totals"][:] = position.start.totals
    named["round"][0] = position.start.number


def _bits(array: Any, tiles: int) -> None:
    for tile in ts.members(tiles):
        array[tile] = 1
