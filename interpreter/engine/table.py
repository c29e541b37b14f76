"""The physics of line dominoes: hands, a line with two open ends, a stock, seats in order.

The table knows nothing of a variant's rules beyond three setup facts it is given (how a
player draws, how many stock tiles are never drawn, whether two doubles may go at once, whether
a player may knock while able to play). It is also the situation the `fish` rule looks at, so
its attributes are the terms of the `play` context: players, left, right, line, stock, hands,
blocked; and, after a tile is laid, the one `move score` looks at, with the terms of the `move`
context besides: laid, ends, hand. A variant with a spinner plays on a SpinnerTable
(engine/spinner.py), whose line has up to four open ends; on this one the spinner's terms are
constants (no spinner is ever on the line).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .moves import DRAW_MOVE, KNOCK_MOVE, LEFT, PLACEMENTS, PLAY, RIGHT_MOVES, TWO_DOUBLES, Move
from . import tileset as ts
from .words import Kept, Said, seat_said

_WITH, _PIPS, _DOUBLE_OF = ts.WITH, ts.PIPS, ts.DOUBLE_OF


class Table:
    """One round's tiles: who holds what, what lies on the line, what is left to draw."""

    __slots__ = ("players", "held", "pile", "drawn", "stock", "left", "right", "line",
                 "left_run", "right_run", "lead_tile", "last", "last_layer", "must_play",
                 "turn", "draw_kind", "reserve", "two_doubles", "may_pass", "draw_rule",
                 "pass_rule", "laid", "scored")

    # the spinner's terms of the `play` context: no spinner lies on this line (spinner.py)
    has_arms = False
    up = down = -1

    @property
    def covered(self) -> int:
        """How many of the spinner's sides have a tile against them: none, with no spinner."""
        return 0

    def __init__(self, hands: list[int], pile: list[int], *, draw_kind: str = "none",
                 reserve: int = 0, two_doubles: bool = False, may_pass: bool = False) -> None:
        self.players = len(hands)
        self.held = list(hands)  # one set (bit mask) per seat
        self.pile = list(pile)  # the stock in drawing order; `drawn` of them are gone
        self.drawn = 0
        self.stock = ts.set_of(pile)
        self.left = self.right = -1
        self.line = 0
        self.left_run: list[tuple[int, int]] = []  # oriented halves, laid outward to the left
        self.right_run: list[tuple[int, int]] = []
        self.lead_tile = self.last = self.last_layer = -1
        self.must_play = -1  # a drawn tile that fits: the drawer must lay it
        self.laid = 0  # the tiles the last play laid (a set): the term `laid`
        self.scored = 0  # what the last play scored (`move score`), for a listener
        self.turn = -1
        self.draw_kind = draw_kind
        self.reserve = reserve
        self.two_doubles = two_doubles
        self.may_pass = may_pass
        # `draw` and `pass` asked at each turn (turns.py), for a variant whose rules read it
        self.draw_rule: Callable[["Table", int], str] | None = None
        self.pass_rule: Callable[["Table", int], bool] | None = None

    # ---- terms of the `play` context -----------------------------------------------------
    @property
    def hands(self) -> int:
        """All tiles in all hands (the term `hands`)."""
        union = 0
        for hand in self.held:
            union |= hand
        return union

    @property
    def ends(self) -> int:
        """The count at the open ends (the term `ends`): the two end values added up, a double
        lying across an end counting both halves; a lone lead counts its pips."""
        if self.lead_tile < 0:
            return 0
        if not self.left_run and not self.right_run:
            return _PIPS[self.lead_tile]
        return self.sides_count()

    def sides_count(self) -> int:
        """What the two sides of a line past its lead count: each end's value, twice where a
        double lies across it (the lead itself, while nothing covers that side)."""
        lead_double = ts.LOW[self.lead_tile] == ts.HIGH[self.lead_tile]
        left_double = self.left_run[-1][0] == self.left_run[-1][1] if self.left_run \
            else lead_double
        right_double = self.right_run[-1][0] == self.right_run[-1][1] if self.right_run \
            else lead_double
        return self.left * (1 + left_double) + self.right * (1 + right_double)

    @property
    def hand(self) -> int:
        """The hand of the player who laid the last tile (the term `hand` of `move`)."""
        return self.held[self.last_layer] if self.last_layer >= 0 else 0

    @property
    def blocked(self) -> bool:
        """No player can lay a tile or draw one."""
        fit = _WITH[self.left] | _WITH[self.right]
        if self.draw_rule is not None:  # each player who cannot lay a tile is asked
            return not any(hand & fit or self.can_draw(seat)
                           for seat, hand in enumerate(self.held))
        if self.can_draw():
            return False
        for hand in self.held:
            if hand & fit:
                return False
        return True

    # ---- questions ---------------------------------------------------------------------
    def can_draw(self, seat: int = -1) -> bool:
        """Whether the draw rule lets a player (the one to play, by default) take a tile from
        the stock now."""
        if len(self.pile) - self.drawn <= self.reserve:
            return False
        return self.draw_kind_at(self.turn if seat < 0 else seat) != "none"

    def draw_kind_at(self, seat: int) -> str:
        """What the `draw` rule says for a seat now (asked at the turn when it reads it)."""
        return self.draw_kind if self.draw_rule is None else self.draw_rule(self, seat)

    def may_pass_at(self, seat: int) -> bool:
        """Whether the `pass` rule lets a seat knock now while able to lay a tile."""
        return self.may_pass if self.pass_rule is None else bool(self.pass_rule(self, seat))

    def fits(self, tile: int) -> bool:
        """Whether a tile can be laid on either end of the line."""
        return bool(_WITH[self.left] >> tile & 1 or _WITH[self.right] >> tile & 1)

    def open_fit(self) -> int:
        """The tiles that fit some open end now (a set)."""
        return _WITH[self.left] | _WITH[self.right]

    def legal_moves(self, seat: int) -> list[Move]:
        """Return every legal move of a seat whose turn it is (the line is open).

        A tile that fits two ends showing the same value is listed once, laid on the right;
        laying it on the left is legal too (see `left_twin`), but not listed, so that
        strategies and searches do not weigh the same choice twice."""
        left, right = self.left, self.right
        if self.must_play >= 0:
            fit = 1 << self.must_play
        else:
            fit = self.held[seat] & (_WITH[left] | _WITH[right])
        moves: list[Move] = []
        placements = PLACEMENTS[left][right]
        while fit:
            low = fit & -fit
            moves += placements[low.bit_length() - 1]
            fit ^= low
        if self.two_doubles and left != right and self.must_play < 0:
            hand = self.held[seat]
            if hand >> _DOUBLE_OF[left] & 1 and hand >> _DOUBLE_OF[right] & 1:
                moves.append(TWO_DOUBLES[left][right])
        if not moves:
            return [DRAW_MOVE if self.can_draw(seat) else KNOCK_MOVE]
        if self.must_play < 0 and self.may_pass_at(seat):
            moves.append(KNOCK_MOVE)
        return moves

    def left_twin(self, move: object, moves: Sequence[Move]) -> bool:
        """Whether a move not listed lays a listed tile on the left of two equal ends."""
        return (isinstance(move, Move) and move.kind == PLAY and move.end == LEFT
                and len(move.tiles) == 1 and self.left == self.right >= 0
                and RIGHT_MOVES[move.tiles[0].index] in moves)

    # ---- changes -------------------------------------------------------------------------
    def lead(self, seat: int, tile: int) -> None:
        """Open the line: tile a-b lies with a on the left and b on the right."""
        self.held[seat] &= ~(1 << tile)
        self.line |= 1 << tile
        self.left, self.right = ts.LOW[tile], ts.HIGH[tile]
        self.lead_tile = self.last = tile
        self.last_layer = seat
        self.laid = 1 << tile

    def lay(self, seat: int, tile: int, end: str) -> None:
        """Lay a tile of a seat's hand on one end of the line."""
        self.held[seat] &= ~(1 << tile)
        self.line |= 1 << tile
        if end == LEFT:
            inner = self.left
            self.left = _PIPS[tile] - inner
            self.left_run.append((self.left, inner))
        else:
            inner = self.right
            self.right = _PIPS[tile] - inner
            self.right_run.append((inner, self.right))
        self.last, self.last_layer, self.must_play = tile, seat, -1
        self.laid = 1 << tile

    def lay_doubles(self, seat: int, first: int, second: int) -> None:
        """Lay two doubles at once, each on the end that shows its value."""
        for tile in (first, second):
            self.lay(seat, tile, LEFT if ts.LOW[tile] == self.left else "right")
        self.laid = 1 << first | 1 << second

    def draw(self, seat: int) -> int:
        """Move the top tile of the stock into a seat's hand; return it."""
        tile = self.pile[self.drawn]
        self.drawn += 1
        self.stock &= ~(1 << tile)
        self.held[seat] |= 1 << tile
        return tile

    # ---- for people ----------------------------------------------------------------------
    def line_tiles(self) -> list[tuple[int, int]]:
        """The line from left to right as oriented halves [(a, b), ...]."""
        if self.lead_tile < 0:
            return []
        lead = (ts.LOW[self.lead_tile], ts.HIGH[self.lead_tile])
        return self.left_run[::-1] + [lead] + self.right_run

    def line_text(self) -> str:
        """The line as tiles: [3|5][5|5]."""
        return "".join(f"[{a}|{b}]" for a, b in self.line_tiles()) or "(empty)"

    def line_said(self) -> Any:
        """The line for people: its tiles, or the word for an empty line."""
        return "".join(f"[{a}|{b}]" for a, b in self.line_tiles()) or Said("line.empty")

    def facts(self, context: str) -> dict[str, object]:
        """The position as data, for a stop."""
        return {"left": self.left, "right": self.right, "seat to play": self.turn}

    def ends_described(self) -> tuple[str, Any]:
        """The open ends for `describe`: as the JSON keeps them, and for people."""
        if self.lead_tile < 0:
            return "", ""
        return (f" (ends {self.left} and {self.right})",
                Said("sit.ends", left=self.left, right=self.right))

    def describe(self) -> Kept:
        """The position in domino terms, for messages (the str as the JSON keeps it)."""
        ends, ends_said = self.ends_described()
        hands = ts.hands_text(self.held)
        rest = self.pile[self.drawn:]
        stock = " ".join(str(ts.tile_of(t)) for t in rest) or "empty"
        turn = f"seat {self.turn} to play; " if self.turn >= 0 else ""
        reserve = f", {self.reserve} never drawn" if self.reserve else ""
        kept = (f"{turn}line {self.line_text()}{ends}; hands: {hands}; "
                f"stock (top first): {stock}{reserve}")
        return Kept(kept, Said(
            "sit.table", turn=Said("sit.to play", seat=seat_said(self.turn))
            if self.turn >= 0 else "", line=self.line_said(), ends=ends_said,
            hands=ts.hands_said(self.held),
            stock=stock if rest else Said("sit.stock empty"),
            reserve=Said("sit.reserve", reserve=self.reserve) if self.reserve else ""))
